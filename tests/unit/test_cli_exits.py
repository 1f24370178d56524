"""How the CLI reports an error that ends a command (cli/exits.py): a Ctrl-C or SIGTERM that lands
before a run has begun is an interruption with its own exit code, never an internal_error."""

from __future__ import annotations

import json

from stratakb_core.cli import exits
from stratakb_core.errors import DatabaseError


def test_an_interruption_before_a_run_is_reported_as_interrupted_not_internal_error(capsys, monkeypatch):
    code = exits.print_error(KeyboardInterrupt(), as_json=True)
    out = json.loads(capsys.readouterr().out)
    assert code == exits.EXIT_INTERRUPTED == out["exit_code"]
    assert out["status"] == "interrupted" and out["error"] == {"code": "interrupted", "message": "interrupted (Ctrl-C)"}

    monkeypatch.setattr(exits, "_terminated", True)  # what on_sigterm sets before it raises
    code = exits.print_error(KeyboardInterrupt(), as_json=False)
    assert code == exits.EXIT_TERMINATED
    assert capsys.readouterr().err.strip() == "stratakb: interrupted: stopped by SIGTERM"


def test_an_unexpected_exception_is_still_an_internal_error(capsys):
    code = exits.print_error(ValueError("boom"), as_json=True)
    out = json.loads(capsys.readouterr().out)
    assert code == exits.EXIT_FAILED and out["error"] == {"code": "internal_error", "message": "ValueError: boom"}


def test_a_command_stopped_by_sigterm_exits_143_whatever_its_own_outcome(monkeypatch):
    assert [exits.final_code(c) for c in (0, 1, 2, 3, 130)] == [0, 1, 2, 3, 130]
    monkeypatch.setattr(exits, "_terminated", True)
    assert [exits.final_code(c) for c in (0, 1, 2, 3, 130)] == [143, 143, 2, 143, 143]


def test_a_database_error_after_sigterm_is_the_stop_not_an_outage(capsys, monkeypatch):
    """SIGTERM raised inside a statement can leave the connection unusable; the error that follows
    is the stop's doing: exit 143 and status interrupted, the database's message kept."""
    assert exits.print_error(DatabaseError("database unreachable (x): server closed the connection"),
                             as_json=True) == exits.EXIT_DATABASE
    assert json.loads(capsys.readouterr().out)["status"] == "error"
    monkeypatch.setattr(exits, "_terminated", True)
    code = exits.print_error(DatabaseError("database unreachable (x): server closed the connection"), as_json=True)
    out = json.loads(capsys.readouterr().out)
    assert code == exits.EXIT_TERMINATED == out["exit_code"]
    assert out["status"] == "interrupted" and "server closed the connection" in out["error"]["message"]


def test_a_sigterm_after_the_command_ended_raises_nothing(monkeypatch):
    """Between main's return and the process's end the exit handlers stop the embedded server: a
    SIGTERM then must not raise into them (it once ended the process by SIGINT, no report)."""
    import signal
    import threading

    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))
    previous = signal.getsignal(signal.SIGTERM)
    try:
        exits.quiet_sigterm()
        signal.getsignal(signal.SIGTERM)(signal.SIGTERM, None)  # what the interpreter would call
    finally:
        signal.signal(signal.SIGTERM, previous)
        monkeypatch.setattr(exits, "_terminated", False)
    assert started == ["stratakb-sigterm"]  # the grace-period exit is armed, nothing raised
