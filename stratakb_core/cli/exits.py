"""Exit codes and how an error is reported at the command line (no I/O but printing the error).

One table maps errors to exit codes: 0 done, 1 some files failed or internal error, 2 refused or
usage error, 3 database unreachable or schema, 130 interrupted.
"""

from __future__ import annotations

import sys
from typing import Any

from stratakb_core.errors import DatabaseError, RefusedError, StrataError, UsageError
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["EXIT_DATABASE", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_REFUSED", "exit_code_for",
           "print_error"]

EXIT_OK, EXIT_FAILED, EXIT_REFUSED, EXIT_DATABASE, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


def exit_code_for(exc: BaseException) -> int:
    if isinstance(exc, KeyboardInterrupt):
        return EXIT_INTERRUPTED
    if isinstance(exc, (UsageError, RefusedError)):
        return EXIT_REFUSED
    if isinstance(exc, DatabaseError):
        return EXIT_DATABASE
    return EXIT_FAILED


def print_error(exc: StrataError | BaseException, as_json: bool) -> int:
    """Report the error (JSON on stdout with --json, one line on stderr without); returns the exit code."""
    code = exit_code_for(exc)
    if isinstance(exc, StrataError):
        message, kind = exc.message, exc.code
    else:
        message, kind = f"{type(exc).__name__}: {exc}", "internal_error"
    status = "refused" if code == EXIT_REFUSED else ("interrupted" if code == EXIT_INTERRUPTED else "error")
    if as_json:
        err: dict[str, Any] = {"code": kind, "message": message}
        flag = getattr(exc, "flag", None)
        if flag:
            err["flag"] = flag
        print(json_dumps({"status": status, "error": err, "exit_code": code}))
    else:
        print(f"stratakb: {status}: {esc(message)}", file=sys.stderr)
    return code
