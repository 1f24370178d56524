"""A preset as a value: its layer settings and source folders, and the limits its keys are checked
against (no I/O)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from stratakb_core.errors import UsageError
from stratakb_core.patterns import escape_controls as _safe
from stratakb_core.values import ChunkConfig

PRESET_KEYS: Final = (
    "name", "display_name", "description", "metadata_schema", "chunk_config", "routing_patterns",
    "structure_patterns", "answer_mode", "archived_patterns", "content_safety", "sources",
)
SOURCE_KEYS: Final = ("name", "path", "download")
CHUNK_KEYS: Final = ("chunk_size", "chunk_overlap")
ANSWER_MODES: Final = ("grounded", "extractive")

MAX_PRESET_BYTES: Final = 1 << 20
MAX_PATTERNS: Final = 200
MAX_SOURCES: Final = 100
MAX_DISPLAY_NAME: Final = 200
MAX_DESCRIPTION: Final = 4000
MAX_METADATA_SCHEMA_BYTES: Final = 16 * 1024
MIN_CHUNK_SIZE, MAX_CHUNK_SIZE = 100, 20_000


@dataclass(frozen=True)
class PresetSource:
    name: str
    path: str  # as written in the preset
    folder: Path  # absolute and resolved: against the docs root when given, else the preset's folder
    download: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "folder": str(self.folder), "download": self.download}


@dataclass(frozen=True)
class Preset:
    file: Path
    origin_id: str  # "<folder>/<file name>": how the layer's origin names this preset
    name: str
    display_name: str
    description: str
    metadata_schema: dict[str, Any]
    chunk_config: ChunkConfig
    routing_patterns: tuple[str, ...]
    structure_patterns: tuple[str, ...]
    answer_mode: str | None  # None: the preset leaves the layer's mode alone
    archived_patterns: tuple[str, ...] | None  # None: the preset leaves the layer's patterns alone
    sources: tuple[PresetSource, ...]
    docs_root: Path | None = None
    # ocr / redact_secrets / quarantine_suspicious (ingest.content_safety); None: left alone
    content_safety: dict[str, Any] | None = None

    def origin(self) -> dict[str, str]:
        return {"kind": "preset", "preset": self.origin_id}

    def layer_settings(self, *, new_layer: bool) -> dict[str, Any]:
        """The settings the layer takes; answer_mode and archived_patterns only when given,
        except that a new layer gets grounded and no archived patterns."""
        out: dict[str, Any] = {
            "display_name": self.display_name,
            "description": self.description,
            "metadata_schema": self.metadata_schema,
            "chunk_config": {"chunk_size": self.chunk_config.chunk_size,
                             "chunk_overlap": self.chunk_config.chunk_overlap},
            "routing_patterns": list(self.routing_patterns),
            "structure_patterns": list(self.structure_patterns),
        }
        if self.answer_mode is not None or new_layer:
            out["answer_mode"] = self.answer_mode or "grounded"
        if self.archived_patterns is not None or new_layer:
            out["archived_patterns"] = list(self.archived_patterns or ())
        if self.content_safety is not None:
            out["content_safety"] = dict(self.content_safety)
        return out


def refuse(file: Path | str, key: str, reason: str) -> UsageError:
    """The refusal of a preset's key, naming the file and the key."""
    return UsageError(f"invalid preset {_safe(str(file))}: {key} {reason}", code="invalid_preset")
