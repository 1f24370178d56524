"""The learning loop wired into the store and the engine: interactions as events with what learning
needs, feedback, the promoter (idempotent, per client), resets, demotion and query rewriting through
the engine against a real scripted provider on 127.0.0.1."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from stratakb_core.embedding import build_embedder
from stratakb_core.errors import ArgumentError, LearningDisabled
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import AskConfig, Engine, feedback_tool, learning_stats, reset_learning, run_promoter
from stratakb_core.query.rewrite_providers import OpenAICompatibleProvider
from stratakb_core.query.rewriting import QueryRewriter
from stratakb_core.store import events as ev
from stratakb_core.store.rebuild import verify_projections
from tests.helpers.rewrite_server import Scripted, rewrite_server

CONFIG = AskConfig(reranking_enabled=False)


@pytest.fixture
def store(db, settings, docs, conn):
    assert add_folder(db, settings, AddOptions(folder=docs)).errors == []
    return conn


@pytest.fixture
def engine(settings, db, store) -> Engine:
    return Engine(build_embedder(settings), CONFIG, connect=db.connection)


def payloads(conn, type_: str) -> list[dict]:
    return [e.payload for e in ev.read(conn) if e.type == type_]


def test_an_ask_is_recorded_with_client_variants_passages_in_order_confidence_and_basis(engine, store):
    answer = engine.ask(store, "What does clause 7.2 say about notice?", client="cli:a")
    (p,) = payloads(store, ev.INTERACTION_RECORDED)
    assert p["id"] == answer.interaction_id and p["client"] == "cli:a"
    assert p["variants"] == ["What does clause 7.2 say about notice?"]
    assert p["confidence"] == answer.confidence and p["basis"] == "similarity"
    assert [x["id"] for x in p["passages"]] == [q.id for q in answer.passages]
    # The exact clause keeps its place (S1) with no chunk id; the others carry theirs.
    assert answer.passages[0].passage.exact and p["passages"][0] == {"id": "S1", "chunk_id": None}
    assert all(x["chunk_id"] for x in p["passages"][1:])
    search = engine.search(store, "notice", client="cli:a")
    last = payloads(store, ev.INTERACTION_RECORDED)[-1]
    assert last["id"] == search.interaction_id and last["tool"] == "strata_search" and last["basis"] == "similarity"
    assert [x["chunk_id"] for x in last["passages"]] == [c.chunk_id for c in search.passages]
    assert verify_projections(store) == []


def test_learning_off_records_nothing_gives_no_interaction_id_and_refuses_feedback(settings, db, store):
    off = Engine(build_embedder(settings), replace(CONFIG, learning_enabled=False))
    answer = off.ask(store, "how much notice to end the agreement?", client="c")
    assert answer.interaction_id is None
    assert payloads(store, ev.INTERACTION_RECORDED) == []
    with pytest.raises(LearningDisabled, match="LEARNING_ENABLED=false"):
        feedback_tool(store, off.config, "int_x", True)


def test_a_bad_rating_refuses_the_whole_call_and_stores_nothing(engine, store):
    answer = engine.ask(store, "how much notice to end the agreement?", client="c")
    with pytest.raises(ArgumentError) as err:
        feedback_tool(store, CONFIG, answer.interaction_id, True, correct_layer="docs",
                      chunk_feedback={"S2": "useful", "S3": "great"})
    assert err.value.argument == "chunk_feedback" and err.value.extra["allowed"] == ["useful", "wrong", "outdated"]
    assert "useful, wrong and outdated" in err.value.message
    assert payloads(store, ev.FEEDBACK_RECORDED) == []
    with pytest.raises(ArgumentError, match="no interaction"):
        feedback_tool(store, CONFIG, "int_missing", True)


def test_an_extra_that_fails_is_named_in_not_stored_and_the_rest_is_stored(engine, store):
    answer = engine.ask(store, "What does clause 7.2 say about notice?", client="c")
    resp = feedback_tool(store, CONFIG, answer.interaction_id, False, correct_layer="nope",
                         better_query="notice period for convenience", chunk_feedback={"S1": "useful", "S2": "wrong"},
                         client="c")
    assert resp["status"] == "ok"
    assert resp["not_stored"] == ["correct_layer", "chunk_feedback.S1"]
    assert "exact clause passage" in resp["warning"] and "no layer named 'nope'" in resp["warning"]
    (p,) = payloads(store, ev.FEEDBACK_RECORDED)
    assert p["helpful"] is False and p["better_query"] == "notice period for convenience"
    assert [c["key"] for c in p["chunk_feedback"]] == ["S2"]
    assert p["chunk_feedback"][0]["chunk_id"] == answer.passages[1].passage.chunk_id


def _pair(engine, conn, client: str, first: str, second: str) -> None:
    engine.ask(conn, first, client=client)
    engine.ask(conn, second, client=client)


def test_two_clients_interleaving_learn_no_cross_client_synonym(engine, store):
    for _ in range(2):  # seen twice: enough for a synonym, if the pairs were one client's
        engine.ask(store, "how do I end the agreement", client="a")
        engine.ask(store, "how do I terminate the agreement", client="b")
    run_promoter(store)
    assert learning_stats(store, enabled=True)["synonyms"] == []
    for _ in range(2):
        _pair(engine, store, "a", "how do I end the agreement", "how do I terminate the agreement")
    run_promoter(store)
    (syn,) = learning_stats(store, enabled=True)["synonyms"]
    assert (syn["term"], syn["synonym"], syn["layer"], syn["usage_count"]) == ("end", "terminate", "docs", 2)
    # The learned synonym is appended to a new question with that word, as a second variant.
    answer = engine.ask(store, "can I end the contract early?", client="z")
    assert answer.retrieval.variants == ("can I end the contract early?", "can I end the contract early? terminate")


def test_the_promoter_run_twice_gives_the_same_result_and_appends_nothing(engine, store):
    for _ in range(2):
        _pair(engine, store, "a", "how do I end the agreement", "how do I terminate the agreement")
    first = run_promoter(store)
    state = store.execute("SELECT state FROM learning_state").fetchone()[0]
    n = len(list(ev.read(store)))
    second = run_promoter(store)
    assert first.changed and not second.changed and second.seq is None
    assert store.execute("SELECT state FROM learning_state").fetchone()[0] == state
    assert len(list(ev.read(store))) == n
    assert verify_projections(store) == []


def test_a_layer_reset_keeps_history_and_layerless_synonyms_the_global_reset_clears_for_good(engine, db, settings,
                                                                                            store, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.md").write_text("# Notes\n\nEnding a lease needs written notice.\n", encoding="utf-8")
    assert add_folder(db, settings, AddOptions(folder=other)).errors == []
    for _ in range(2):  # searched in "docs" only: the synonym's layer is docs
        engine.ask(store, "how do I end the agreement", layers=["docs"], client="a")
        engine.ask(store, "how do I terminate the agreement", layers=["docs"], client="a")
    for _ in range(2):  # searched in both layers: stored with no layer
        engine.ask(store, "failover steps database", client="b")
        engine.ask(store, "failover procedure database", client="b")
    run_promoter(store)
    layers = {(s["term"], s["layer"]) for s in learning_stats(store, enabled=True)["synonyms"]}
    assert layers == {("end", "docs"), ("steps", None)}
    out = reset_learning(store, "docs", known_layers=["docs", "other"])
    assert out["scope"] == "layer" and out["removed"]["synonyms"] == 1
    assert {s["term"] for s in learning_stats(store, enabled=True)["synonyms"]} == {"steps"}
    run_promoter(store)  # the history is kept: the pair is learned again
    assert {s["term"] for s in learning_stats(store, enabled=True)["synonyms"]} == {"end", "steps"}
    out = reset_learning(store, None)
    assert out["scope"] == "global" and out["removed"]["synonyms"] == 2
    run_promoter(store)  # nothing recorded before the global reset is learned from again
    stats = learning_stats(store, enabled=True)
    assert stats["synonyms"] == [] and stats["last_global_reset"]
    with pytest.raises(ArgumentError, match="no layer named"):
        reset_learning(store, "nope", known_layers=["docs"])
    assert verify_projections(store) == []


def test_chunks_rated_wrong_by_several_clients_are_demoted_but_the_exact_clause_stays_first(engine, store):
    question = "What does clause 7.2 say about notice?"
    before = engine.ask(store, question, client="a")
    target = before.passages[1].passage.chunk_id
    assert before.passages[0].passage.exact
    for client in ("a", "b", "c"):
        answer = engine.ask(store, question, client=client)
        key = next(p.id for p in answer.passages if p.passage.chunk_id == target)
        feedback_tool(store, CONFIG, answer.interaction_id, False, chunk_feedback={key: "outdated"}, client=client)
    run_promoter(store)
    stats = learning_stats(store, enabled=True)
    assert stats["demoted_chunks"] == [{"chunk_id": target, "multiplier": 0.25}]
    after = engine.ask(store, question, client="d")
    order = [c.chunk_id for c in after.ranking.searched]
    assert order.index(target) > [c.chunk_id for c in before.ranking.searched].index(target)
    # Nothing removed, and the exact clause answer is still S1.
    assert set(order) == {c.chunk_id for c in before.ranking.searched}
    assert after.passages[0].passage.exact and after.passages[0].passage.text == before.passages[0].passage.text
    # The exact clause's own chunk rated by every client changes nothing about the clause.
    clause_chunks = [c for c in order if c != target]
    for client in ("a", "b", "c"):
        answer = engine.ask(store, question, client=client)
        feedback_tool(store, CONFIG, answer.interaction_id, False,
                      chunk_feedback=dict.fromkeys(clause_chunks[:3], "wrong"), client=client)
    run_promoter(store)
    last = engine.ask(store, question, client="e")
    assert last.passages[0].passage.exact and last.status == before.status


def _rewriting_engine(settings, db, server, **kw) -> Engine:
    provider = OpenAICompatibleProvider(server.url + "/v1", "scripted", None, **kw)
    return Engine(build_embedder(settings), CONFIG, rewriter=QueryRewriter(provider), connect=db.connection)


def test_rewriting_searches_the_models_variants_in_parallel_and_degrades_on_failure(settings, db, store, caplog):
    with rewrite_server() as server:
        server.script = [Scripted(text='Sure:\n```json\n["termination for convenience", "ninety days notice"]\n```',
                                  delay=0.3)]
        engine = _rewriting_engine(settings, db, server)
        t = time.perf_counter()
        answer = engine.ask(store, "how do I get out of the deal?", client="a")
        elapsed = time.perf_counter() - t
        assert answer.retrieval.variants == ("how do I get out of the deal?", "termination for convenience",
                                             "ninety days notice")
        assert answer.retrieval.rewrite_source == "model"
        assert "Layers of documents:" in server.requests[0]["json"]["messages"][-1]["content"]
        (p,) = payloads(store, ev.INTERACTION_RECORDED)
        assert p["variants"] == list(answer.retrieval.variants)
        assert elapsed < 5
        server.script = [Scripted(status=429, headers={"Retry-After": "3600"})]
        answer = engine.ask(store, "how do I get out of the contract?", client="a")
        assert answer.retrieval.variants == ("how do I get out of the contract?",)
        assert any("Query rewriting failed (rate_limit" in w for w in answer.warnings)
        server.script = [Scripted(text="I cannot help with that.")]
        engine.ask(store, "how do I leave the contract?", client="a")
        assert "query_rewrite_json_error" in caplog.text


def test_a_proven_learned_rewrite_is_reused_without_calling_the_model(settings, db, store):
    with rewrite_server() as server:
        server.default = Scripted(text="[]")
        engine = _rewriting_engine(settings, db, server)
        for client in ("a", "b"):  # a rephrase whose second question was rated helpful, by two clients
            engine.ask(store, "how do I quit the agreement", client=client)
            second = engine.ask(store, "how do I terminate the agreement with notice", client=client)
            feedback_tool(store, CONFIG, second.interaction_id, True, client=client)
        run_promoter(store)
        assert learning_stats(store, enabled=True)["learned_rewrites"][0]["rewrite"] == \
            "how do I terminate the agreement with notice"
        calls = len(server.requests)
        answer = engine.ask(store, "quit the agreement: how do I?", client="c")
        assert len(server.requests) == calls  # the model was not asked
        assert answer.retrieval.rewrite_source == "learned"
        assert "how do I terminate the agreement with notice" in answer.retrieval.variants
        last = payloads(store, ev.INTERACTION_RECORDED)[-1]
        assert last["details"]["learned_rewrites"] == ["how do I terminate the agreement with notice"]
