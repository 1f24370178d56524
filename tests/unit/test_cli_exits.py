"""How the CLI reports an error that ends a command (cli/exits.py): a Ctrl-C or SIGTERM that lands
before a run has begun is an interruption with its own exit code, never an internal_error."""

from __future__ import annotations

import json

from stratakb_core.cli import exits


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
    assert [exits.final_code(c) for c in (0, 1, 2, 3, 130)] == [143, 143, 2, 3, 143]
