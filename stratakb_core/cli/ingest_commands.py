"""`stratakb add`, `preset apply` and `reembed`: the commands that write the store, with a prompt
at a terminal and the progress display of `progress`; does I/O.

Each command imports what only it needs when it runs (the dry run's inspection brings DuckDB and
PyArrow, presets bring YAML): a no-change `stratakb add` of a large folder is mostly imports.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from stratakb_core.cli.exits import EXIT_OK, EXIT_REFUSED, final_code
from stratakb_core.cli.progress import LoadingEmbedder, TerminalProgress, at_terminal
from stratakb_core.cli.render import add_report
from stratakb_core.embedding import Embedder
from stratakb_core.ingest.sync import AddOptions, add_folder, check_embedding_setup
from stratakb_core.settings import Settings
from stratakb_core.store.connection import Database
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["cmd_add", "cmd_preset", "cmd_reembed"]


def _confirm_at_terminal(as_json: bool) -> Callable[[str], bool] | None:
    if not sys.stdin.isatty() or not sys.stderr.isatty():
        return None

    def ask(question: str) -> bool:
        print(question + " [y/N] ", end="", file=sys.stderr, flush=True)
        try:
            answer = sys.stdin.readline()
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("y", "yes")

    return ask


@contextmanager
def _terminal_progress(enabled: bool) -> Iterator[TerminalProgress | None]:
    """The progress display at a terminal (None with --json or in a pipe), stopped at the end."""
    prog = TerminalProgress() if enabled else None
    try:
        yield prog
    finally:
        if prog is not None:
            prog.stop()


def _embedder(settings: Settings, prog: TerminalProgress | None) -> Embedder | None:
    """The configured embedder, with a spinner while its model loads; None leaves it to the core."""
    if prog is None:
        return None
    return LoadingEmbedder(check_embedding_setup(settings), prog)


def cmd_add(args: argparse.Namespace, settings: Settings) -> int:
    opts = AddOptions(
        folder=args.folder, name=args.name, description=args.description,
        allow_broad=args.allow_broad, yes=args.yes, max_file_size=args.max_file_size,
        confirm=_confirm_at_terminal(args.json),
    )
    if args.dry_run:
        from stratakb_core.ingest.inspection import dry_run, dry_run_report

        plan = dry_run(Database(settings), settings, opts)
        print(json_dumps(plan, indent=2) if args.json else dry_run_report(plan))
        return EXIT_REFUSED if plan["refusal"] else EXIT_OK
    with _terminal_progress(at_terminal(args.json)) as prog:
        result = add_folder(Database(settings), settings, opts, embedder=_embedder(settings, prog), progress=prog)
    if args.json:  # the report's exit code is the process's (143 after a SIGTERM)
        print(json_dumps({**result.as_dict(), "exit_code": final_code(result.exit_code)}, indent=2))
    else:
        print(add_report(result))
    return result.exit_code


def cmd_preset(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.ingest.presets import apply_preset, format_preset_report

    def waiting(message: str) -> None:
        print(f"stratakb: {esc(message)}", file=sys.stderr)

    with _terminal_progress(at_terminal(args.json) and not args.dry_run) as prog:
        result = apply_preset(Database(settings), settings, args.file, dry_run=args.dry_run,
                              docs_root=args.docs_root, on_wait=waiting, progress=prog,
                              embedder=_embedder(settings, prog))
    print(json_dumps(result.as_dict(), indent=2) if args.json else format_preset_report(result))
    return result.exit_code


def cmd_reembed(args: argparse.Namespace, settings: Settings) -> int:
    from stratakb_core.ingest.reembed import reembed

    with _terminal_progress(at_terminal(args.json)) as prog:
        result = reembed(Database(settings), settings, _embedder(settings, prog), layers=args.layers,
                         batch_size=args.batch_size, progress=prog.chunks if prog is not None else None)
    if args.json:
        print(json_dumps(result.as_dict(), indent=2))
        return EXIT_OK
    print(f"Re-embedded {result.chunks} chunks with {esc(result.model)}: {result.embedded} embedded, "
          f"{result.reused} already there, {result.rehashed} rehashed ({result.seconds:.1f} s).")
    if result.activated:
        print(f"Active model: {esc(result.model)} (was {esc(result.previous_model or 'none')}).")
    for note in result.notes:
        print(f"note: {esc(note)}")
    return EXIT_OK
