"""`stratakb rollback`, `gc`, `remove-layer`, `rename-layer`, `remove-source` and `rebuild-layer`:
a layer's history and lifecycle; does I/O."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from stratakb_core.cli.confirm import confirm_or_refuse
from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.embedding import build_embedder
from stratakb_core.ingest import lifecycle
from stratakb_core.settings import Settings
from stratakb_core.store import events as ev
from stratakb_core.store.connection import Database
from stratakb_core.store.gc import collect_versions
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_gc", "cmd_rebuild_layer", "cmd_remove_layer", "cmd_remove_source", "cmd_rename_layer",
           "cmd_rollback"]


def _say(message: str) -> None:
    print(f"stratakb: {esc(message)}", file=sys.stderr, flush=True)


def _print(result: dict[str, Any], as_json: bool, lines: list[str]) -> int:
    if as_json:
        print(json_dumps(result, indent=2))
    else:
        print("\n".join(esc(line) for line in lines))
    return EXIT_OK


def cmd_rollback(args: argparse.Namespace, settings: Settings) -> int:
    r = lifecycle.rollback_layer(Database(settings), args.layer, args.to, dry_run=args.dry_run,
                                 actor=ev.default_actor(), on_wait=_say)
    verb = "would be" if args.dry_run else "were"
    lines = [f"{'Dry run: rolling' if args.dry_run else 'Rolled'} layer '{r['layer']}' back to seq "
             f"{r['target']['seq']} ({r['target']['at']})."]
    for key, label in (("restored", "restored to an earlier version"), ("added", "added back"),
                       ("removed", "removed"), ("sources_added", "source folders added back"),
                       ("sources_removed", "source folders removed"), ("settings_changed", "settings reset")):
        if r[key]:
            lines.append(f"  {len(r[key])} {label}: {', '.join(r[key][:20])}{' ...' if len(r[key]) > 20 else ''}")
    lines.append(f"  {r['chunks_restored']} chunks {verb} restored; 0 embedded ({r['vectors_reused']} vectors "
                 f"reused{', ' + str(r['vectors_missing']) + ' missing' if r['vectors_missing'] else ''}).")
    lines.append(f"Note: {r['note']}.")
    return _print(r, args.json, lines)


def cmd_gc(args: argparse.Namespace, settings: Settings) -> int:
    days = args.retention_days if args.retention_days is not None else settings.history_retention_days
    with Database(settings).connection() as conn:
        r = collect_versions(conn, retention_days=days, dry_run=args.dry_run, actor=ev.default_actor())
    verb = "would remove" if args.dry_run else "removed"
    return _print(r, args.json, [f"gc {verb} {r['versions_collected']} stored versions outside the {days}-day window "
                                 f"({r['bytes_freed']} bytes of text)."])


def cmd_remove_layer(args: argparse.Namespace, settings: Settings) -> int:
    confirm_or_refuse(f"Remove layer '{args.layer}' with its documents and chunks? (its history stays in the "
                      "event log)", args.yes)
    r = lifecycle.remove_layer(Database(settings), args.layer, actor=ev.default_actor(), on_wait=_say)
    return _print(r, args.json, [f"Removed layer '{r['layer']}': {r['documents_removed']} documents, "
                                 f"{r['sources_removed']} source folders, {r['vectors_removed']} unused vectors."])


def cmd_rename_layer(args: argparse.Namespace, settings: Settings) -> int:
    confirm_or_refuse(f"Rename layer '{args.layer}' to '{args.new_name}'? (clients that name the old layer "
                      "must use the new name)", args.yes)
    r = lifecycle.rename_layer(Database(settings), args.layer, args.new_name, display_name=args.display_name,
                               actor=ev.default_actor(), on_wait=_say)
    return _print(r, args.json, [f"Renamed layer '{r['renamed_from']}' to '{r['layer']}'."])


def cmd_remove_source(args: argparse.Namespace, settings: Settings) -> int:
    confirm_or_refuse(f"Remove the folder {args.folder} and its documents from layer '{args.layer}'?", args.yes)
    r = lifecycle.remove_source(Database(settings), args.layer, args.folder, actor=ev.default_actor(), on_wait=_say)
    return _print(r, args.json, [f"Removed {r['source']} from layer '{r['layer']}': {r['documents_removed']} "
                                 f"documents, {r['vectors_removed']} unused vectors."])


def cmd_rebuild_layer(args: argparse.Namespace, settings: Settings) -> int:
    confirm_or_refuse(f"Parse and chunk every file of layer '{args.layer}' again (replace_all)?", args.yes)
    r = lifecycle.replace_all(Database(settings), args.layer, build_embedder(settings), actor=ev.default_actor(),
                              on_wait=_say)
    out = {"status": "interrupted" if r.interrupted else "ok", "layer": args.layer, **r.counts(),
           "errors": [e.as_dict() for e in r.errors], "notes": r.notes}
    _print(out, args.json, [f"Rebuilt layer '{args.layer}': {r.files_updated} updated, {r.files_unchanged} "
                            f"unchanged, {r.files_added} added, {r.files_removed} removed, {len(r.errors)} failed; "
                            f"{r.chunks_embedded} chunks embedded, {r.chunks_reused} reused.", *r.notes])
    return r.exit_code
