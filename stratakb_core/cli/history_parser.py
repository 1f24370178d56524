"""The arguments of the history, lifecycle and backup commands: rollback, gc, remove-layer,
rename-layer, remove-source, rebuild-layer, backup, restore, export-layer, import-layer (no I/O)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["add_history_parsers"]


def add_history_parsers(sub: Any, parser_class: Any) -> None:
    """Add the commands to `stratakb`'s subparsers (in the order --help lists them)."""
    rb = sub.add_parser("rollback", help="return a layer to its state right after an event (appends events)")
    rb.add_argument("layer")
    rb.add_argument("--to", required=True, metavar="SEQ|TIME",
                    help="a seq from `stratakb events --layer LAYER`, or a time such as 2026-03-04T12:00:00Z")
    rb.add_argument("--dry-run", action="store_true", help="print what would be restored, added and removed")
    rb.add_argument("--json", action="store_true")

    gc = sub.add_parser("gc", help="remove stored versions outside the retention window that nothing uses")
    gc.add_argument("--retention-days", type=int, metavar="DAYS",
                    help="keep what a rollback or as-of answer of the last DAYS days needs (default: "
                    "STRATA_HISTORY_RETENTION_DAYS, 90)")
    gc.add_argument("--dry-run", action="store_true", help="count what would be removed; remove nothing")
    gc.add_argument("--json", action="store_true")

    rm = sub.add_parser("remove-layer", help="remove a layer, its documents, chunks and unused vectors")
    rm.add_argument("layer")
    rm.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rm.add_argument("--json", action="store_true")

    rn = sub.add_parser("rename-layer", help="rename a layer; its documents, routing and history follow")
    rn.add_argument("layer")
    rn.add_argument("new_name")
    rn.add_argument("--display-name", help="also set the name people read")
    rn.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rn.add_argument("--json", action="store_true")

    rs = sub.add_parser("remove-source", help="remove one source folder (by path or name) from a layer")
    rs.add_argument("layer")
    rs.add_argument("folder")
    rs.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rs.add_argument("--json", action="store_true")

    rl = sub.add_parser("rebuild-layer", help="replace_all: parse and chunk every file of a layer's folders again")
    rl.add_argument("layer")
    rl.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    rl.add_argument("--json", action="store_true")

    bk = sub.add_parser("backup", help="write a full backup of the store (events, versions, vectors)")
    bk.add_argument("file", type=Path)
    bk.add_argument("--json", action="store_true")

    rt = sub.add_parser("restore", help="restore a full backup into an empty store")
    rt.add_argument("file", type=Path)
    rt.add_argument("--json", action="store_true")

    ex = sub.add_parser("export-layer", help="export one layer: settings, file tracking, text, chunks, vectors")
    ex.add_argument("layer")
    ex.add_argument("file", type=Path)
    ex.add_argument("--no-vectors", action="store_true", help="leave the vectors out (import then needs reembed)")
    ex.add_argument("--json", action="store_true")

    im = sub.add_parser("import-layer", help="import a layer export")
    im.add_argument("file", type=Path)
    im.add_argument("--root", type=Path, metavar="DIR", help="the layer's folder on this machine")
    im.add_argument("--name", help="import under this layer name")
    im.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    im.add_argument("--json", action="store_true")
