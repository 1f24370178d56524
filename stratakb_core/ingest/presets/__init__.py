"""Presets: a layer's settings and source folders in a YAML file, applied as one run; does I/O.

`load_preset` reads the file and checks every key before anything else happens: invalid YAML,
an unknown key, a source path that leaves the preset's folder, an unsafe pattern or a name that
is not a safe partition key is refused with a message naming the key, and nothing is written.

`apply_preset` then, under the layer's lock:

1. decides what happens to the layer: created; updated when this preset made it; claimed when it
   has no recorded origin (made before origins were recorded); refused, unchanged, when it was
   made another way (stratakb add, the create tool, another preset);
2. writes the settings that differ (`layer_changes`) and the sources it does not hold yet;
3. rebuilds every source folder that exists (every file is parsed and chunked again, so new
   chunk settings and structure patterns apply, while every embedding whose text did not change
   is reused by its hash), skips a missing folder and reports its download link, and removes
   the documents of folders it did not rebuild;
4. appends one run_finished audit event.

A dry run (`dry_run=True`) writes nothing: it reports `layer_check` (would_create, would_update,
would_claim, unchanged, refused, or unknown when the database does not answer within 5 seconds)
and the settings that would change. `load_preset` alone is the parse-only dry run of
`scripts/apply_preset.py`, which needs no database.

Source paths are relative to the preset file's folder, or to `docs_root` when one is given,
and may not leave that folder (symbolic links included).
"""

from __future__ import annotations

from stratakb_core.ingest.presets.apply import apply_preset, parse_only
from stratakb_core.ingest.presets.file import load_preset
from stratakb_core.ingest.presets.layer_check import DB_CHECK_SECONDS, LayerPlan, layer_changes, plan_layer
from stratakb_core.ingest.presets.model import Preset, PresetSource
from stratakb_core.ingest.presets.report import PresetResult, SourceOutcome, format_preset_report
from stratakb_core.ingest.stages import MAX_READ_BYTES

__all__ = [
    "DB_CHECK_SECONDS",
    "MAX_READ_BYTES",
    "LayerPlan",
    "Preset",
    "PresetResult",
    "PresetSource",
    "SourceOutcome",
    "apply_preset",
    "format_preset_report",
    "layer_changes",
    "load_preset",
    "parse_only",
    "plan_layer",
]
