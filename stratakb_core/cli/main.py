"""The `stratakb` command line: parse the arguments, run the command, map errors to exit codes;
does I/O.

Commands live in modules by group (`ingest_commands`, `query_commands`, `admin_commands`,
`server_commands`), imported when their command runs so that `stratakb --help` loads no model
library. Exit codes: `exits`.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence

from stratakb_core.cli.exits import (
    EXIT_DATABASE,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    exit_code_for,
    final_code,
    install_sigterm,
    print_error,
    quiet_sigterm,
)
from stratakb_core.cli.parser import build_parser
from stratakb_core.errors import DatabaseLost, StrataError
from stratakb_core.settings import Settings
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["COMMANDS", "EXIT_DATABASE", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_REFUSED",
           "build_parser", "exit_code_for", "main"]

# command -> (module under stratakb_core.cli, function)
COMMANDS: dict[str, tuple[str, str]] = {
    "add": ("ingest_commands", "cmd_add"),
    "preset": ("ingest_commands", "cmd_preset"),
    "reembed": ("ingest_commands", "cmd_reembed"),
    "search": ("query_commands", "cmd_search"),
    "ask": ("query_commands", "cmd_ask"),
    "verify": ("query_commands", "cmd_verify"),
    "receipt": ("query_commands", "cmd_receipt"),
    "eval": ("query_commands", "cmd_eval"),
    "read": ("reading_commands", "cmd_read"),
    "table": ("reading_commands", "cmd_table"),
    "feedback": ("learning_commands", "cmd_feedback"),
    "learning": ("learning_commands", "cmd_learning"),
    "layers": ("admin_commands", "cmd_layers"),
    "events": ("admin_commands", "cmd_events"),
    "verify-store": ("admin_commands", "cmd_verify_store"),
    "inspect": ("admin_commands", "cmd_inspect"),
    "demo": ("admin_commands", "cmd_demo"),
    "status": ("status_commands", "cmd_status"),
    "watch": ("watch_commands", "cmd_watch"),
    "completion": ("completion", "cmd_completion"),
    "mcp": ("server_commands", "cmd_mcp"),
    "keys": ("server_commands", "cmd_keys"),
    "rollback": ("history_commands", "cmd_rollback"),
    "gc": ("history_commands", "cmd_gc"),
    "remove-layer": ("history_commands", "cmd_remove_layer"),
    "rename-layer": ("history_commands", "cmd_rename_layer"),
    "remove-source": ("history_commands", "cmd_remove_source"),
    "rebuild-layer": ("history_commands", "cmd_rebuild_layer"),
    "backup": ("backup_commands", "cmd_backup"),
    "restore": ("backup_commands", "cmd_restore"),
    "export-layer": ("backup_commands", "cmd_export_layer"),
    "import-layer": ("backup_commands", "cmd_import_layer"),
}


def main(argv: Sequence[str] | None = None) -> int:
    logging.basicConfig(level=os.environ.get("STRATA_LOG_LEVEL", "WARNING").upper(), stream=sys.stderr,
                        format="%(levelname)s %(name)s: %(message)s")
    parser = build_parser()
    args = parser.parse_args(argv)
    as_json = bool(getattr(args, "json", False))
    install_sigterm()
    try:
        return _run(args, as_json)
    finally:
        quiet_sigterm()


def _run(args: argparse.Namespace, as_json: bool) -> int:
    try:
        settings = Settings.from_env()
        module, function = COMMANDS[args.command]
        command = getattr(importlib.import_module(f"stratakb_core.cli.{module}"), function)
        code = command(args, settings)
        return final_code(code)
    except KeyboardInterrupt as exc:
        return print_error(exc, as_json) if as_json else (print(
            "stratakb: interrupted; what was stored stays, run again to carry on", file=sys.stderr
        ) or exit_code_for(exc))
    except DatabaseLost as exc:
        return _database_lost(exc, as_json)
    except StrataError as exc:
        return print_error(exc, as_json)
    except Exception as exc:  # last resort: one line, exit 1, never a traceback wall
        logging.getLogger(__name__).debug("internal error", exc_info=True)
        return print_error(exc, as_json)


def _database_lost(exc: DatabaseLost, as_json: bool) -> int:
    """The database went away mid-run: the run's report so far (files not reached listed), then the
    error; exit 3 (143 when SIGTERM's stop cut the statement short)."""
    code = final_code(EXIT_DATABASE)
    report = exc.report
    as_dict = getattr(report, "as_dict", None)
    if as_dict is None:
        return print_error(exc, as_json)
    if as_json:
        print(json_dumps({**as_dict(), "error": {"code": exc.code, "message": exc.message},
                          "exit_code": code}, indent=2))
        return code
    from stratakb_core.cli.render import add_report

    print(add_report(report))
    missing = report.not_reached or []
    if missing:
        print(f"Not reached ({len(missing)}), the database was lost before them:")
        for path in missing[:50]:
            print(f"  {esc(path)}")
        if len(missing) > 50:
            print(f"  ... and {len(missing) - 50} more")
    print(f"stratakb: error: {esc(exc.message)}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
