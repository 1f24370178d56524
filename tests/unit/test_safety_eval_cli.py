"""The safety_eval command line: unknown arguments get a clear usage error, not a traceback."""

from __future__ import annotations

import pytest

from stratakb_core.ingest import safety_eval


def test_unknown_argument_is_a_usage_error_naming_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        safety_eval.main(["--bogus"])
    assert exit_info.value.code == 2
    assert "unrecognized arguments: --bogus" in capsys.readouterr().err


def test_help_lists_the_three_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        safety_eval.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert all(option in out for option in ("--injection", "--redaction", "--json"))
