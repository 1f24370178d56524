"""End to end with the real all-MiniLM-L6-v2 model: `stratakb add` then `stratakb search`."""

from __future__ import annotations

import json

import pytest

from tests.conftest import cli_env, run_cli


@pytest.mark.slow
def test_real_model_ingests_and_finds_the_clause_by_meaning(database_url, docs):
    env = cli_env(database_url, EMBEDDING_BACKEND="sentence_transformers", HF_HUB_OFFLINE="1")
    p = run_cli(["add", str(docs), "--json"], env, timeout=600)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["model"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert data["files_added"] == 5 and data["chunks_embedded"] == data["chunks_stored"] > 0
    # Words that are not in the clause: only the meaning connects them.
    s = run_cli(["search", "How much warning must either side give to walk away from the deal?", "--json",
                 "--top-k", "3"], env, timeout=600)
    assert s.returncode == 0, s.stderr
    results = json.loads(s.stdout)["results"]
    assert results[0]["file"] == "contracts/acme-msa.md"
    assert "7 Termination" in results[0]["section_path"]
    assert 0.0 < results[0]["similarity"] <= 1.0
    # A no-change sync does not load the model and embeds nothing.
    again = run_cli(["add", str(docs), "--json"], env, timeout=600)
    assert json.loads(again.stdout)["chunks_embedded"] == 0
