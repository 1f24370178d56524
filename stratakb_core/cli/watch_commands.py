"""`stratakb watch FOLDER`: sync a folder's layer now and again whenever its files change, after
they have been quiet for the debounce time; Ctrl-C stops it (exit 130); does I/O."""

from __future__ import annotations

import argparse
import time

from stratakb_core.cli.exits import EXIT_OK
from stratakb_core.errors import UsageError
from stratakb_core.ingest.sync import AddOptions, AddResult, add_folder, check_embedding_setup
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = ["cmd_watch", "sync_line"]


def sync_line(r: AddResult) -> str:
    """One line per sync: what changed, and the failed files."""
    line = (f"{time.strftime('%H:%M:%S')} {esc(r.layer)}: {r.files_added} added, {r.files_updated} updated, "
            f"{r.files_removed} removed, {r.files_unchanged} unchanged")
    if r.errors:
        line += "; failed: " + ", ".join(f"{esc(n.file)} ({n.reason})" for n in r.errors[:5])
    return line


def cmd_watch(args: argparse.Namespace, settings: Settings) -> int:
    if args.debounce < 0:
        raise UsageError("--debounce must be 0 or more seconds")
    import watchfiles

    db, embedder = Database(settings), check_embedding_setup(settings)
    opts = AddOptions(folder=args.folder, yes=True)
    print(sync_line(add_folder(db, settings, opts, embedder=embedder)), flush=True)
    print(f"Watching {esc(str(args.folder))} (Ctrl-C stops)", flush=True)
    # watchfiles yields once the files have been quiet for `debounce` ms after a change.
    for _changes in watchfiles.watch(args.folder, debounce=int(args.debounce * 1000), step=50,
                                     raise_interrupt=True):
        print(sync_line(add_folder(db, settings, opts, embedder=embedder)), flush=True)
    return EXIT_OK
