"""`stratakb feedback` and `stratakb learning stats|reset` through the real CLI."""

from __future__ import annotations

import json

from tests.conftest import cli_env, run_cli


def test_feedback_stats_and_reset_from_a_terminal(database_url, docs):
    env = cli_env(database_url, RERANKING_ENABLED="false")
    assert run_cli(["add", str(docs), "--json"], env).returncode == 0
    ask = run_cli(["ask", "How much notice to end the agreement?", "--json"], env)
    iid = json.loads(ask.stdout)["interaction_id"]
    bad = run_cli(["feedback", iid, "--helpful", "--chunk", "S1=great", "--json"], env)
    assert bad.returncode == 2
    err = json.loads(bad.stdout or bad.stderr)["error"]
    assert err["code"] == "invalid_argument" and "useful, wrong and outdated" in err["message"]
    ok = run_cli(["feedback", iid, "--not-helpful", "--correct-layer", "nope", "--json"], env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["not_stored"] == ["correct_layer"]
    stats = json.loads(run_cli(["learning", "stats", "--json"], env).stdout)
    assert stats["interactions"] == 1 and stats["feedback"] == 1
    assert run_cli(["learning", "reset"], env).returncode == 2
    reset = run_cli(["learning", "reset", "--all", "--json"], env)
    assert reset.returncode == 0 and json.loads(reset.stdout)["scope"] == "global"
    off = run_cli(["ask", "How much notice?", "--json"], cli_env(database_url, RERANKING_ENABLED="false",
                                                                 LEARNING_ENABLED="false"))
    assert "interaction_id" not in json.loads(off.stdout)
