"""The lexeme document-frequency table search ranks keywords by (issue 13): kept equal to a recount of
the chunks through every kind of write, repaired by verify-store, and read by a search that sends
at most three statements, on the embedded PostgreSQL."""

from __future__ import annotations

import psycopg

from stratakb_core.embedding import build_embedder
from stratakb_core.ingest import lifecycle
from stratakb_core.ingest.layer_transfer import export_layer, import_layer
from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.query import SearchCache
from stratakb_core.query.search import hybrid_search
from stratakb_core.store.rebuild import verify_projections
from tests.conftest import cli_env, run_cli, write


def stored(conn, layer: str) -> dict[str, int]:
    rows = conn.execute("SELECT lexeme, df FROM lexeme_df WHERE layer = %s AND df > 0", (layer,)).fetchall()
    conn.commit()
    return dict(rows)


def recount(conn, layer: str) -> dict[str, int]:
    rows = conn.execute(
        "SELECT l, count(*) FROM chunks c, unnest(tsvector_to_array(c.tsv)) l WHERE c.layer = %s GROUP BY l"
        " UNION ALL SELECT '', count(*) FROM chunks WHERE layer = %s HAVING count(*) > 0", (layer, layer)).fetchall()
    conn.commit()
    return dict(rows)


def folder(tmp_path):
    root = tmp_path / "ops"
    write(root, "failover.md", "# Failover\n\nPromote the replica with pg_ctl promote, then repoint the pooler.\n")
    write(root, "backup.md", "# Backups\n\nNightly backups run at 02:00 and are kept thirty days.\n")
    write(root, "deep/restore.md", "# Restore\n\nRestore the newest backup to a scratch host and check it.\n")
    return root


def test_counts_follow_every_write_and_match_a_recount(db, settings, conn, tmp_path):
    root = folder(tmp_path)
    add_folder(db, settings, AddOptions(folder=root))
    assert stored(conn, "ops") == recount(conn, "ops")
    assert stored(conn, "ops")["promot"] == 1 and stored(conn, "ops")[""] == 3
    write(root, "backup.md", "# Backups\n\nHourly backups now; promote nothing.\n")  # promot: 1 -> 2
    (root / "deep" / "restore.md").unlink()
    add_folder(db, settings, AddOptions(folder=root))
    counts = stored(conn, "ops")
    assert counts == recount(conn, "ops") and counts["promot"] == 2 and counts[""] == 2
    assert "scratch" not in counts and "nightli" not in counts
    lifecycle.rename_layer(db, "ops", "runbooks")
    assert stored(conn, "ops") == {} and stored(conn, "runbooks") == recount(conn, "runbooks")
    export_layer(db, "runbooks", tmp_path / "runbooks.skb")
    lifecycle.remove_layer(db, "runbooks")
    assert stored(conn, "runbooks") == {}
    moved = tmp_path / "moved"
    root.rename(moved)
    import_layer(db, tmp_path / "runbooks.skb", root=moved)
    assert stored(conn, "runbooks") == recount(conn, "runbooks") and stored(conn, "runbooks")["promot"] == 2
    assert verify_projections(conn) == []


def test_verify_store_reports_a_wrong_count_and_recounts_it(db, settings, conn, tmp_path, database_url):
    add_folder(db, settings, AddOptions(folder=folder(tmp_path)))
    conn.execute("UPDATE lexeme_df SET df = df + 5 WHERE layer = 'ops' AND lexeme = 'promot'")
    conn.commit()
    assert {d.table for d in verify_projections(conn)} == {"lexeme_df"}
    env = cli_env(database_url, STRATA_DATA_DIR=str(tmp_path / "data"), EMBEDDING_BACKEND="hash")
    out = run_cli(["verify-store"], env)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "lexeme_df: 1 rows differed; recounted from the chunks" in out.stdout
    assert stored(conn, "ops")["promot"] == 1 and verify_projections(conn) == []


class CountingCursor(psycopg.Cursor):
    statements = 0
    log: list = []

    def execute(self, *args, **kwargs):
        CountingCursor.statements += 1
        CountingCursor.log.append(str(args[0])[:80])
        return super().execute(*args, **kwargs)


def test_a_search_sends_at_most_three_statements_and_ranks_a_rare_word_first(db, settings, tmp_path):
    add_folder(db, settings, AddOptions(folder=folder(tmp_path)))
    embedder = build_embedder(settings)
    conn = db.connect()
    try:
        conn.cursor_factory = CountingCursor
        hybrid_search(conn, embedder, "warm up")  # the HNSW settings are set once per connection
        CountingCursor.statements = 0
        results = SearchCache(size=0).search(conn, embedder, "how do I promote the replica", layers=["ops"],
                                             top_k=3, keyword_slots=1)
        assert CountingCursor.statements <= 3, CountingCursor.log
        assert results[0].file == "failover.md" and results[0].keyword_rank == 1
        CountingCursor.statements = 0
        only_kw = hybrid_search(conn, embedder, "pooler", arms="keyword", top_k=3)
        assert [r.file for r in only_kw] == ["failover.md"] and only_kw[0].similarity == 0.0
        assert CountingCursor.statements <= 2
    finally:
        conn.close()


def test_ef_search_follows_the_store_size_and_stays_set_between_searches(db, settings, tmp_path):
    from stratakb_core.store import search_sql

    assert [search_sql.ef_search_for(n) for n in (0, 100_000, 200_000, 500_000, 1_000_000, 5_000_000)] == [
        200, 200, 200, 500, 1000, 1000]
    add_folder(db, settings, AddOptions(folder=folder(tmp_path)))
    embedder = build_embedder(settings)
    conn = db.connect()
    try:
        conn.cursor_factory = CountingCursor
        hybrid_search(conn, embedder, "promote the replica")  # configures the connection: a small store
        assert conn.execute("SHOW hnsw.ef_search").fetchone()[0] == "200"
        conn.commit()
        # a search that counted 600,000 chunks in the store (as a grown store would) widens the next one
        search_sql._seen_total[conn] = 600_000
        hybrid_search(conn, embedder, "promote the replica")
        assert conn.execute("SHOW hnsw.ef_search").fetchone()[0] == "600"
        conn.commit()
        # that search counted the store's real 3 chunks: the next one narrows again; a search of
        # named layers counts the whole store too (strata_search always names the layers it routed to)
        search_sql._seen_total[conn] = 600_000
        hybrid_search(conn, embedder, "restore the newest backup", layers=["ops"])
        assert conn.execute("SHOW hnsw.ef_search").fetchone()[0] == "600"
        conn.commit()
        hybrid_search(conn, embedder, "restore the newest backup", layers=["ops"])
        assert conn.execute("SHOW hnsw.ef_search").fetchone()[0] == "200"
        conn.commit()
        CountingCursor.statements = 0
        hybrid_search(conn, embedder, "nightly backups")  # same step: nothing set again
        assert CountingCursor.statements <= 2, CountingCursor.log  # active model, the search
    finally:
        conn.close()
