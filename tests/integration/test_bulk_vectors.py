"""Bulk loads into a vector table (store/bulk_vectors.py): the HNSW index is set aside while many
files are stored into a small table and built again however the load ends; a load cut off by a
kill leaves the index to the next sync, unless another process's load still holds the table."""

from __future__ import annotations

import numpy as np
import psycopg
import pytest

from stratakb_core.ingest.sync import AddOptions, add_folder
from stratakb_core.store import bulk_vectors
from stratakb_core.store.vectors import active_model, ensure_model_table, put_embeddings


def _has_index(conn: psycopg.Connection, table: str) -> bool:
    row = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (f"{table}_hnsw",)).fetchone()
    conn.commit()
    return bool(row[0])


@pytest.fixture
def table(conn) -> str:
    name = ensure_model_table(conn, "hash-test", 8)
    conn.commit()
    return name


def _vectors(n: int, seed: int = 0) -> tuple[list[bytes], np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.bytes(32) for _ in range(n)], rng.standard_normal((n, 8)).astype(np.float32)


def test_a_bulk_load_drops_the_index_and_builds_it_again_on_the_way_out(conn, table):
    with bulk_vectors.bulk_load(conn, table, bulk_vectors.BULK_MIN_FILES) as dropped:
        assert dropped and not _has_index(conn, table)
        with conn.transaction():
            put_embeddings(conn, table, *_vectors(50))
    assert _has_index(conn, table)
    assert conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 50


def test_the_index_is_built_again_when_the_run_raises(conn, table):
    with pytest.raises(RuntimeError), bulk_vectors.bulk_load(conn, table, bulk_vectors.BULK_MIN_FILES):
        raise RuntimeError("the run failed")
    assert _has_index(conn, table)


def test_few_files_or_a_large_table_keep_the_index(conn, table, monkeypatch):
    with bulk_vectors.bulk_load(conn, table, bulk_vectors.BULK_MIN_FILES - 1) as dropped:
        assert not dropped and _has_index(conn, table)
    with conn.transaction():
        put_embeddings(conn, table, *_vectors(20))
    monkeypatch.setattr(bulk_vectors, "BULK_MAX_ROWS", 10)
    with bulk_vectors.bulk_load(conn, table, bulk_vectors.BULK_MIN_FILES) as dropped:
        assert not dropped and _has_index(conn, table)


def test_a_cut_off_load_is_repaired_unless_another_load_holds_the_table(conn, table, database_url):
    conn.execute(f"DROP INDEX {table}_hnsw")  # what a process killed during its load leaves
    conn.commit()
    with psycopg.connect(database_url) as other:  # another process's load, still running
        with bulk_vectors.bulk_load(other, table, bulk_vectors.BULK_MIN_FILES) as dropped:
            assert dropped
            assert bulk_vectors.repair_index(conn, table) is False and not _has_index(conn, table)
        assert _has_index(other, table)  # that load built it when it ended
    conn.execute(f"DROP INDEX {table}_hnsw")
    conn.commit()
    assert bulk_vectors.repair_index(conn, table) is True and _has_index(conn, table)
    assert bulk_vectors.repair_index(conn, table) is False  # nothing to do


def test_a_sync_of_many_files_ends_with_the_index_and_every_vector(db, settings, conn, tmp_path, monkeypatch):
    monkeypatch.setattr(bulk_vectors, "BULK_MIN_FILES", 20)
    folder = tmp_path / "many"
    folder.mkdir()
    for i in range(40):
        (folder / f"note{i:03d}.md").write_text(f"# Note {i}\n\nThe {i}th note of the many.\n", encoding="utf-8")
    r = add_folder(db, settings, AddOptions(folder=folder))
    assert r.files_added == 40 and r.errors == []
    model = active_model(conn)
    conn.commit()
    assert model is not None and _has_index(conn, model.table)
    missing = conn.execute(f"SELECT count(*) FROM chunks c LEFT JOIN {model.table} v ON v.text_hash = c.embed_hash"
                           " WHERE v.text_hash IS NULL").fetchone()[0]
    assert missing == 0


def test_an_interrupted_build_leaves_the_index_to_the_next_sync(conn, table, monkeypatch):
    def interrupted(*_args):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:
        m.setattr(bulk_vectors, "_build", interrupted)
        with bulk_vectors.bulk_load(conn, table, bulk_vectors.BULK_MIN_FILES) as dropped:
            assert dropped
    assert not _has_index(conn, table)
    assert bulk_vectors.repair_index(conn, table) is True and _has_index(conn, table)


def test_many_vectors_into_an_empty_table_are_indexed_once_after(conn, table, monkeypatch):
    monkeypatch.setattr(bulk_vectors, "BULK_MIN_VECTORS", 10)
    with conn.transaction():
        assert bulk_vectors.put_vectors_in_bulk(conn, table, *_vectors(30)) is True
    assert _has_index(conn, table) and conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 30
    with conn.transaction():  # no longer empty: the index is kept up
        assert bulk_vectors.put_vectors_in_bulk(conn, table, *_vectors(30, seed=1)) is False
    assert _has_index(conn, table) and conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 60


def test_a_few_large_files_take_the_bulk_path_into_a_table_no_larger_than_their_vectors(conn, table, monkeypatch):
    # 5 files whose sizes promise 2,000 vectors: an empty table sets its index aside
    expected = bulk_vectors.expected_vectors([("a.md", 600_000), ("b.rst", 600_000), ("c.pdf", 1_200_000)])
    assert expected == 2_200
    with bulk_vectors.bulk_load(conn, table, 3, expected) as dropped:
        assert dropped and not _has_index(conn, table)
    assert _has_index(conn, table)
    # too few promised vectors: the index is kept up
    with bulk_vectors.bulk_load(conn, table, 3, bulk_vectors.BULK_MIN_EXPECTED - 1) as dropped:
        assert not dropped and _has_index(conn, table)
    # a table holding more than 1.5 times the promised vectors would cost more to rebuild
    with conn.transaction():
        put_embeddings(conn, table, *_vectors(31))
    with bulk_vectors.bulk_load(conn, table, 3, 20) as dropped:
        assert not dropped
    monkeypatch.setattr(bulk_vectors, "BULK_MIN_EXPECTED", 20)
    with bulk_vectors.bulk_load(conn, table, 3, 20) as dropped:  # 31 rows > 1.5 x 20
        assert not dropped and _has_index(conn, table)
    with bulk_vectors.bulk_load(conn, table, 3, 21) as dropped:  # 31 rows <= 1.5 x 21
        assert dropped
    assert _has_index(conn, table)


def test_expected_vectors_counts_sizes_by_format_and_never_trusts_a_name():
    assert bulk_vectors.expected_vectors([]) == 0
    assert bulk_vectors.expected_vectors([("notes/README", 60_000)]) == 10  # no suffix: a binary guess
    assert bulk_vectors.expected_vectors([("x.MD", 6_000), ("dir.md/y.docx", 6_000)]) == 11
    assert bulk_vectors.expected_vectors([("weird", -5)]) == 0
