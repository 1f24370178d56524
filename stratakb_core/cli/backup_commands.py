"""`stratakb backup`, `restore`, `export-layer` and `import-layer`: moving the store or one layer
between machines as portable files (Parquet and JSON with checksums, never SQL); does I/O."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from stratakb_core.cli.confirm import confirm_or_refuse
from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.ingest.layer_transfer import export_layer, import_layer
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store.backup import backup_store, restore_store
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_backup", "cmd_export_layer", "cmd_import_layer", "cmd_restore"]


def _print(result: dict[str, Any], as_json: bool, line: str) -> int:
    print(json_dumps(result, indent=2) if as_json else esc(line))
    return EXIT_OK


def cmd_backup(args: argparse.Namespace, settings: Settings) -> int:
    with Database(settings).connection() as conn:
        r = backup_store(conn, args.file)
    return _print(r, args.json, f"Backed up {r['events']} events to {r['file']} ({r['bytes']} bytes).")


def cmd_restore(args: argparse.Namespace, settings: Settings) -> int:
    with Database(settings).connection() as conn:
        r = restore_store(conn, args.file)
    return _print(r, args.json, f"Restored {r['events']} events from {r['file']}.")


def cmd_export_layer(args: argparse.Namespace, settings: Settings) -> int:
    r = export_layer(Database(settings), args.layer, args.file, vectors=not args.no_vectors)
    return _print(r, args.json, f"Exported layer '{r['layer']}' ({r['documents']} documents) to {r['file']} "
                                f"({r['bytes']} bytes).")


def cmd_import_layer(args: argparse.Namespace, settings: Settings) -> int:
    def confirm(summary: dict[str, Any]) -> bool:
        dropped = "".join(f"\n  dropped {p}" for p in summary["dropped_patterns"])
        if dropped:  # named before anything is written, with or without --yes
            print(esc(f"stratakb: unsafe patterns in the export:{dropped}"), file=sys.stderr)
        confirm_or_refuse(f"Import layer '{summary['layer']}' ({summary['documents']} documents) for "
                          f"{', '.join(summary['folders'])}?{dropped}\n", args.yes)
        return True

    r = import_layer(Database(settings), args.file, root=args.root, name=args.name, confirm=confirm,
                     actor=ev.default_actor())
    notes = "".join(f"\n  dropped {p}" for p in r["dropped_patterns"])
    return _print(r, args.json, f"Imported layer '{r['layer']}': {r['documents_imported']} documents, "
                                f"{r['chunks_imported']} chunks, {r['vectors_imported']} vectors; 0 embedded. "
                                f"`stratakb add` of its folder now finds its files unchanged.{notes}")
