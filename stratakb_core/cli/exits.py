"""Exit codes and how an error is reported at the command line (no I/O but printing the error).

One table maps errors to exit codes: 0 done, 1 some files failed or internal error, 2 refused or
usage error, 3 database unreachable or schema, 130 interrupted, 143 stopped by SIGTERM (handled like
Ctrl-C).
"""

from __future__ import annotations

import atexit
import os
import signal
import sys
import threading
import time
from typing import Any

from stratakb_core.errors import DatabaseError, RefusedError, StrataError, UsageError
from stratakb_core.textsafe import escape_for_terminal as esc
from stratakb_core.textsafe import json_dumps

__all__ = ["EXIT_DATABASE", "EXIT_FAILED", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_REFUSED", "EXIT_TERMINATED",
           "exit_code_for", "install_sigterm", "on_sigterm", "print_error", "quiet_sigterm", "terminated"]

EXIT_OK, EXIT_FAILED, EXIT_REFUSED, EXIT_DATABASE, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
EXIT_TERMINATED = 143  # 128 + SIGTERM: stopped like Ctrl-C (what was stored stays), by a signal

_terminated = False


def on_sigterm(_signum: int, _frame: Any) -> None:
    """SIGTERM (systemd, docker stop, an MCP client closing) is handled like Ctrl-C: the run
    stops where it is, keeps what was stored, reports and records its end; the exit code is 143.
    A second SIGTERM while stopping is ignored."""
    global _terminated
    if _terminated:
        return
    _terminated = True
    # A server whose stdin reader thread blocks cannot finish shutting down by itself: after a
    # grace period the exit handlers (the embedded server's clean-up among them) run and the
    # process ends, whatever still waits.
    threading.Thread(target=_force_exit, daemon=True, name="stratakb-sigterm").start()
    raise KeyboardInterrupt


SIGTERM_GRACE_S = 15.0


def _force_exit() -> None:
    time.sleep(SIGTERM_GRACE_S)
    try:
        atexit._run_exitfuncs()
    finally:
        os._exit(EXIT_TERMINATED)


def terminated() -> bool:
    return _terminated


def final_code(code: int) -> int:
    """The process's exit code for a command's own: 143 when SIGTERM stopped it (the run's report
    says interrupted, 130, or carried on to a result of its own; or a statement the stop cut short
    left the database connection unusable, 3), else the code unchanged. A refusal (2) stays: it
    came before any work."""
    stopped_by_us = (EXIT_OK, EXIT_FAILED, EXIT_INTERRUPTED, EXIT_DATABASE)
    return EXIT_TERMINATED if _terminated and code in stopped_by_us else code


def install_sigterm() -> None:
    """Handle SIGTERM like Ctrl-C in this process (only the main thread may set handlers)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, on_sigterm)


def _note_sigterm(_signum: int, _frame: Any) -> None:
    global _terminated
    if not _terminated:  # still ends within the grace period if the process does not (in-process callers)
        threading.Thread(target=_force_exit, daemon=True, name="stratakb-sigterm").start()
    _terminated = True


def quiet_sigterm() -> None:
    """Once the command has its exit code, a SIGTERM no longer raises: raised while the exit
    handlers stop the embedded server, its KeyboardInterrupt would escape every handler, skip the
    rest of the clean-up and end the process by SIGINT with no report. The process ends anyway,
    at the latest after the grace period."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _note_sigterm)


def exit_code_for(exc: BaseException) -> int:
    if isinstance(exc, KeyboardInterrupt):
        return EXIT_TERMINATED if _terminated else EXIT_INTERRUPTED
    if isinstance(exc, (UsageError, RefusedError)):
        return EXIT_REFUSED
    if isinstance(exc, DatabaseError):  # after SIGTERM: the stop cut a statement short, not an outage
        return EXIT_TERMINATED if _terminated else EXIT_DATABASE
    return EXIT_FAILED


def print_error(exc: StrataError | BaseException, as_json: bool) -> int:
    """Report the error (JSON on stdout with --json, one line on stderr without); returns the exit code."""
    code = exit_code_for(exc)
    if isinstance(exc, StrataError):
        message, kind = exc.message, exc.code
    elif isinstance(exc, KeyboardInterrupt):  # before a run began (a run reports its own interruption)
        message = "stopped by SIGTERM" if _terminated else "interrupted (Ctrl-C)"
        kind = "interrupted"
    else:
        message, kind = f"{type(exc).__name__}: {exc}", "internal_error"
    stopped = code in (EXIT_INTERRUPTED, EXIT_TERMINATED)
    status = "refused" if code == EXIT_REFUSED else ("interrupted" if stopped else "error")
    if as_json:
        err: dict[str, Any] = {"code": kind, "message": message}
        flag = getattr(exc, "flag", None)
        if flag:
            err["flag"] = flag
        print(json_dumps({"status": status, "error": err, "exit_code": code}))
    else:
        print(f"stratakb: {status}: {esc(message)}", file=sys.stderr)
    return code
