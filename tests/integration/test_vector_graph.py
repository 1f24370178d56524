"""The HNSW graph is built for the size it indexes (store/vectors.py): pgvector's defaults for a
small table, a wider build-time search (ef_construction 128) past LARGE_GRAPH_ROWS; a store that
grew past its graph by syncs is reported by `verify-store` and built again by `--reindex`."""

from __future__ import annotations

import argparse
import json

import numpy as np
import pytest

from stratakb_core.cli.admin_commands import cmd_verify_store
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import vectors
from stratakb_core.store.vectors import ensure_model_table, put_embeddings


def test_the_build_option_follows_the_rows_to_index():
    assert "WITH" not in vectors.hnsw_index_sql("t", rows=10_000)
    assert "WITH" not in vectors.hnsw_index_sql("t", rows=vectors.LARGE_GRAPH_ROWS)
    sql = vectors.hnsw_index_sql("t", rows=vectors.LARGE_GRAPH_ROWS + 1, if_not_exists=False)
    assert sql.endswith("WITH (ef_construction = 128)") and "IF NOT EXISTS" not in sql


def _nearest(conn, table: str, q: np.ndarray) -> list[bytes]:
    conn.execute("SET enable_seqscan = off")  # the index answers, not a scan
    rows = conn.execute(f"SELECT text_hash FROM {table} ORDER BY embedding <=> %s LIMIT 5", (q,)).fetchall()
    conn.execute("RESET enable_seqscan")
    conn.commit()
    return [bytes(r[0]) for r in rows]


def test_an_outgrown_graph_is_found_and_built_again_while_it_still_answers(conn, monkeypatch):
    monkeypatch.setattr(vectors, "LARGE_GRAPH_ROWS", 100)  # a real rebuild, on a table of test size
    table = ensure_model_table(conn, "hash-test", 8)  # built empty: the defaults
    rng = np.random.default_rng(3)
    hashes, vecs = [rng.bytes(32) for _ in range(300)], rng.standard_normal((300, 8)).astype(np.float32)
    put_embeddings(conn, table, hashes, vecs)  # synced in one by one, past the size it was built for
    conn.commit()
    assert vectors.index_ef_construction(conn, table) == 64
    assert vectors.graph_outgrown(conn, table) == (300, 64)
    conn.commit()
    before = _nearest(conn, table, vecs[7])
    assert before[0] == hashes[7]
    conn.autocommit = True
    assert vectors.rebuild_graph(conn, table) == 128
    conn.autocommit = False
    assert vectors.index_ef_construction(conn, table) == 128
    assert vectors.graph_outgrown(conn, table) is None
    conn.commit()
    assert _nearest(conn, table, vecs[7])[0] == hashes[7]
    put_embeddings(conn, table, [rng.bytes(32)], rng.standard_normal((1, 8)).astype(np.float32))
    conn.commit()  # the rebuilt index takes new vectors as before


def test_a_table_without_its_index_is_left_to_the_repair(conn):
    table = ensure_model_table(conn, "hash-test", 8)
    conn.execute(f"DROP INDEX {table}_hnsw")
    conn.commit()
    assert vectors.index_ef_construction(conn, table) is None
    assert vectors.graph_outgrown(conn, table) is None
    conn.commit()


@pytest.mark.parametrize("reindex", [False, True])
def test_verify_store_reports_the_outgrown_graph_and_reindex_builds_it(db, settings, conn, docs, monkeypatch,
                                                                       capsys, reindex):
    r = add_folder(db, settings, AddOptions(folder=docs))
    assert r.errors == [] and r.chunks_stored > 2
    monkeypatch.setattr(vectors, "LARGE_GRAPH_ROWS", 2)
    args = argparse.Namespace(json=True, reindex=reindex)
    assert cmd_verify_store(args, settings) == 0
    out = json.loads(capsys.readouterr().out)
    graph = out["vector_index"]
    assert out["status"] == "ok" and graph["vectors"] > 2 and graph["wanted"] == 128
    assert graph["rebuilt"] is reindex and graph["ef_construction"] == (128 if reindex else 64)
    table = vectors.active_model(conn).table
    assert vectors.index_ef_construction(conn, table) == (128 if reindex else 64)
    conn.commit()
    args = argparse.Namespace(json=False, reindex=False)
    assert cmd_verify_store(args, settings) == 0
    text = capsys.readouterr().out
    assert ("--reindex" in text) is (not reindex)
    assert "The projections match a rebuild from the event log." in text
