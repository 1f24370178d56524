"""`stratakb eval` end to end on the bundled sample with the hash embedder: the runner scores every
mode through strata_ask and strata_search, reports the reranked mode as unavailable when no model
loads (and runs it when one does), and flags a golden entry whose quote is not in the documents."""

from __future__ import annotations

import json

from stratakb_core.embedding import build_embedder
from stratakb_core.evaluation.runner import MODES, calibrate, evaluate, format_eval_report
from stratakb_core.ingest.sync import AddOptions, add_folder
from tests.conftest import cli_env, run_cli

GOLDEN = """
name: sample
layers: [docs]
questions:
  - id: notice
    question: how much notice to end the agreement for convenience?
    kind: semantic
    expected: [{file: contracts/acme-msa.md, quote: "ninety (90) days' written notice"}]
  - id: promote
    question: pg_ctl promote
    kind: identifier
    expected: [{file: runbooks/database-failover.md, quote: "Promote the replica with `pg_ctl promote`"}]
  - id: clause
    question: what does clause 7.2 say?
    kind: clause
    expected: [{file: contracts/acme-msa.md, section: "7 Termination", quote: "7.2 Either party may end"}]
  - id: logs-and-backups
    question: how long are access logs and backups kept?
    kind: multi_passage
    expected:
      - {file: retention-policy.txt, quote: "Access logs are kept for 13 months."}
      - {file: retention-policy.txt, quote: "Backups are kept for 35 days"}
  - id: nothing
    question: what is the office wifi password?
    kind: unanswerable
"""


def _golden(tmp_path, text=GOLDEN):
    path = tmp_path / "golden.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_runner_scores_every_mode_and_reports_rerank_unavailable(db, settings, docs, conn, tmp_path):
    add_folder(db, settings, AddOptions(folder=docs))
    embedder = build_embedder(settings)
    report = evaluate(conn, lambda: embedder, settings, _golden(tmp_path))
    assert report["questions"] == report["scored"] == 5 and report["problems"] == []
    assert set(report["modes"]) == {"fulltext", "vector", "hybrid", "hybrid_no_slots", "hybrid_evidence"}
    # No reranking model can load offline under its default name: never faked, always said.
    assert "hybrid_rerank" in report["unavailable"]
    assert "could not load" in report["unavailable"]["hybrid_rerank"]
    for name, mode in report["modes"].items():
        o = mode["overall"]
        assert o["answerable"] == 4 and o["unanswerable"] == 1
        for tool in ("ask", "search"):
            for metric in ("recall@k", "precision@k", "mrr", "ndcg@10"):
                assert 0.0 <= o[tool][metric] <= 1.0, (name, tool, metric)
        # The clause is looked up exactly whatever the search mode: it comes back first.
        assert o["exact_clause_hit_rate"] == 1.0, name
        assert set(mode["by_kind"]) == {"semantic", "identifier", "clause", "multi_passage", "unanswerable"}
        assert mode["by_kind"]["unanswerable"]["ask"]["recall@k"] is None  # undefined, not zero
        assert sum(o["status_unanswerable"].values()) == 1
    hybrid = report["modes"]["hybrid"]
    # The identifier is matched by its words: full-text and hybrid find it in the first results.
    for name in ("fulltext", "hybrid"):
        rec = next(r for r in report["modes"][name]["records"] if r["id"] == "promote")
        assert rec["search"]["hit"] and rec["ask"]["hit"], name
    # Calibration rows: the spec's thresholds first, on the similarity basis.
    spec = hybrid["calibration"][0]
    assert spec["spec"] and spec["basis"] == "similarity" and (spec["high"], spec["medium"]) == (0.6, 0.45)
    assert spec["answerable"] == 4
    text = format_eval_report(report)
    assert "hybrid + cross-encoder rerank | unavailable" in text and "| full-text only |" in text


def test_runner_runs_the_reranked_mode_when_a_model_loads(db, settings, docs, conn, tmp_path):
    from dataclasses import replace

    from tests.helpers.cross_encoder import build_cross_encoder

    add_folder(db, settings, AddOptions(folder=docs))
    model = build_cross_encoder(tmp_path / "ce")
    s2 = replace(settings, reranking_model=str(model))
    embedder = build_embedder(settings)
    report = evaluate(conn, lambda: embedder, s2, _golden(tmp_path), modes=["hybrid", "hybrid_rerank"], k=5)
    assert report["unavailable"] == {} and set(report["modes"]) == {"hybrid", "hybrid_rerank"}
    rer = report["modes"]["hybrid_rerank"]
    assert all(r["basis"] == "rerank" for r in rer["records"])
    assert rer["calibration"][0]["basis"] == "rerank" and rer["calibration"][0]["high"] == 0.8
    # The random-weight model reorders, but recall over the same candidates cannot change much.
    assert rer["overall"]["ask"]["recall@k"] is not None


def test_broken_entries_are_reported_and_the_cli_exits_1(database_url, docs, tmp_path):
    env = cli_env(database_url)
    assert run_cli(["add", str(docs), "--json"], env).returncode == 0
    broken = GOLDEN.replace("Access logs are kept for 13 months.", "Access logs are kept for 14 months.")
    p = run_cli(["eval", str(_golden(tmp_path, broken)), "--mode", "hybrid", "--mode", "fulltext", "--json"], env)
    assert p.returncode == 1, p.stderr
    report = json.loads(p.stdout)
    assert report["scored"] == 4 and report["questions"] == 5
    assert [pr["question"] for pr in report["problems"]] == ["logs-and-backups"]
    assert "quote not found verbatim" in report["problems"][0]["problem"]
    assert set(report["modes"]) == {"hybrid", "fulltext"}
    ok = run_cli(["eval", str(_golden(tmp_path)), "--mode", "hybrid"], env)
    assert ok.returncode == 0, ok.stderr
    assert "| hybrid (1 keyword slot) |" in ok.stdout and "per kind" in ok.stdout
    bad_layer = run_cli(["eval", str(_golden(tmp_path)), "--layer", "nope"], env)
    assert bad_layer.returncode == 2 and "unknown layer" in bad_layer.stderr
    bad_mode = run_cli(["eval", str(_golden(tmp_path)), "--mode", "bm25"], env)
    assert bad_mode.returncode == 2 and "unknown mode" in bad_mode.stderr


def test_calibration_rows_follow_the_recorded_scores():
    recs = [
        {"answerable": True, "exact": False, "best_similarity": 0.7, "best_rerank": None, "ask": {"hit": True}},
        {"answerable": True, "exact": False, "best_similarity": 0.5, "best_rerank": None, "ask": {"hit": False}},
        {"answerable": False, "exact": False, "best_similarity": 0.4, "best_rerank": None, "ask": {"hit": None}},
        {"answerable": False, "exact": False, "best_similarity": 0.62, "best_rerank": None, "ask": {"hit": None}},
        {"answerable": True, "exact": True, "best_similarity": None, "best_rerank": None, "ask": {"hit": True}},
    ]
    rows = calibrate(recs, "similarity", grid=[(0.65, 0.45)])
    spec, alt = rows
    # Spec 0.6/0.45: found = 0.7, 0.62 and the exact match; 2 of 3 correct; 1 of 2 unanswerable not_found.
    assert (spec["found"], spec["precision_of_found"], spec["recall_of_not_found"]) == (3, 2 / 3, 0.5)
    assert (alt["found"], alt["precision_of_found"], alt["recall_of_not_found"]) == (2, 1.0, 0.5)
    assert spec["answerable_not_found"] == 0 and MODES["hybrid"].keyword_slots == 1
