"""A bulk load into a model's vector table: its HNSW index set aside, and built once after; does I/O.

Each insert into a live HNSW index walks the graph (~2,000 buffer reads for a 384-dimension vector
at pgvector's defaults): ~2 ms a vector on 2 cores, so a run bringing 100,000 new chunks spends
about four minutes on index upkeep alone. Building the index once after the load takes ~5 s per
20,000 vectors (measured on this machine kind, ADR 0008). So a run with many files to read, into a
table that is still small (rebuilding a large index would cost more than the load saves), drops the
index, loads, and builds it again when it ends, whichever way it ends. Searches meanwhile scan
exactly: the same answers, slower, on a table this small.

"Many" is counted two ways: 2,000 files or more; or files whose sizes promise at least 1,000 new
vectors (``expected_vectors``: ~600 bytes of a text format, ~6,000 of a binary one such as PDF or
DOCX, make a chunk) into a table that holds at most 1.5 times that many. A few large documents
then take the bulk path too: PEPs + RFCs (32 files, 1.8 MB, 3,274 chunks) spent 2.4 s of index
upkeep against a 0.9 s build (measured with the safety scans beside it, stop 24; ADR 0008). The
factor keeps a table that would cost more to rebuild than the new inserts on the incremental path.

One bulk load per table at a time (a session advisory lock). A process killed during the load
leaves the table without its index; the next sync of any layer builds it again (`repair_index`)
unless another process's bulk load holds the lock.
"""

from __future__ import annotations

import logging
import zlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

import numpy as np
import psycopg

from stratakb_core.store.connection import LOCK_NAMESPACE_BULK
from stratakb_core.store.vectors import GRAPH_BUILD_MEMORY, build_vector_index, hnsw_index_sql, put_embeddings

log = logging.getLogger(__name__)

BULK_MIN_FILES = 2_000  # fewer files to read: the index is kept up as they are stored (unless below)
BULK_MIN_EXPECTED = 1_000  # or files that promise this many new vectors by their sizes
BULK_TABLE_FACTOR = 1.5  # ... into a table of at most this many times as many vectors
TEXT_BYTES_PER_VECTOR = 600  # a chunk of a text format (about 550 measured on PEPs + RFCs)
OTHER_BYTES_PER_VECTOR = 6_000  # PDF, DOCX, sheets: markup, images and compression around the text
TEXT_SUFFIXES = frozenset({".md", ".markdown", ".rst", ".txt", ".text", ".html", ".htm", ".adoc", ".org", ".tex",
                           ".csv", ".tsv", ".json", ".yaml", ".yml", ".xml", ".ini", ".toml", ".log"})
BULK_MIN_VECTORS = 2_000  # an import or restore of fewer vectors keeps the index up
BULK_MAX_ROWS = 50_000  # a table with more vectors keeps its index
DROP_LOCK_TIMEOUT_MS = 2_000  # dropping waits for running searches no longer than this


def _key(table: str) -> tuple[int, int]:
    return LOCK_NAMESPACE_BULK, zlib.crc32(table.encode("utf-8")) & 0x7FFF_FFFF


def expected_vectors(files: Iterable[tuple[str, int]]) -> int:
    """About how many vectors files of these (paths, sizes) make: a rough count from sizes only,
    nothing opened; it only decides whether a load takes the bulk path."""
    total = 0.0
    for path, size in files:
        suffix = path[path.rfind("."):].lower() if "." in path.rsplit("/", 1)[-1] else ""
        total += max(size, 0) / (TEXT_BYTES_PER_VECTOR if suffix in TEXT_SUFFIXES else OTHER_BYTES_PER_VECTOR)
    return int(total)


def _row_limit(files: int, expected: int) -> int:
    """The most vectors a table may hold for this load to take the bulk path; -1: it does not."""
    if files >= BULK_MIN_FILES:
        return BULK_MAX_ROWS
    if expected >= BULK_MIN_EXPECTED:
        return min(BULK_MAX_ROWS, int(expected * BULK_TABLE_FACTOR))
    return -1


def _index_exists(conn: psycopg.Connection, table: str) -> bool:
    row = conn.execute("SELECT to_regclass(%s) IS NOT NULL", (f"{table}_hnsw",)).fetchone()
    return bool(row and row[0])


def _build(conn: psycopg.Connection, table: str) -> None:
    with conn.transaction():
        conn.execute(f"SET LOCAL maintenance_work_mem = '{GRAPH_BUILD_MEMORY}'")
        build_vector_index(conn, table)


def _quietly_rollback(conn: psycopg.Connection) -> None:
    try:
        conn.rollback()
    except psycopg.Error:
        pass  # the connection is gone: the run's next statement reports it


def repair_index(conn: psycopg.Connection, table: str) -> bool:
    """Build the table's HNSW index when a killed bulk load left it without one; True if built.
    Never raises a database error: the caller's next statement reports a lost database."""
    try:
        return _repair(conn, table)
    except psycopg.Error as exc:
        log.warning("vector_index_repair table=%s failed: %s", table, str(exc).splitlines()[0] if str(exc) else exc)
        _quietly_rollback(conn)
        return False


def _repair(conn: psycopg.Connection, table: str) -> bool:
    if _index_exists(conn, table):
        conn.commit()
        return False
    ns, key = _key(table)
    if not conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (ns, key)).fetchone()[0]:
        conn.commit()
        return False  # another process's bulk load: it builds the index when it ends
    try:
        conn.commit()
        log.warning("vector_index_missing table=%s: building it again (a bulk load was cut off)", table)
        _build(conn, table)
        return True
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", (ns, key))
        conn.commit()


@contextmanager
def bulk_load(conn: psycopg.Connection, table: str, files: int, expected: int = 0) -> Iterator[bool]:
    """Within: the table's index is dropped when this run qualifies (yields True), and built again
    on the way out. `files`: how many files the run reads; `expected`: the vectors their sizes
    promise (`expected_vectors`). The connection must have no transaction open when this starts and
    ends."""
    limit = _row_limit(files, expected)
    if limit < 0:
        yield False
        return
    try:
        locked, dropped = _start(conn, table, limit)
    except psycopg.Error as exc:  # the run's next statement reports a lost database
        log.warning("bulk_load table=%s not started: %s", table, str(exc).splitlines()[0] if str(exc) else exc)
        _quietly_rollback(conn)
        locked = dropped = False
    if not locked:
        yield False
        return
    try:
        yield dropped
    finally:
        _finish(conn, table, dropped)


def _start(conn: psycopg.Connection, table: str, limit: int) -> tuple[bool, bool]:
    """(this process holds the table's bulk lock, the index was dropped); a table of more than
    `limit` vectors keeps its index."""
    ns, key = _key(table)
    locked = bool(conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (ns, key)).fetchone()[0])
    conn.commit()
    if not locked:
        return False, False
    rows = conn.execute(f"SELECT count(*) FROM (SELECT 1 FROM {table} LIMIT {int(limit) + 1}) t").fetchone()
    conn.commit()
    if rows is None or rows[0] > limit:
        return True, False
    try:
        with conn.transaction():
            conn.execute(f"SET LOCAL lock_timeout = {DROP_LOCK_TIMEOUT_MS}")
            conn.execute(f"DROP INDEX IF EXISTS {table}_hnsw")
    except psycopg.errors.LockNotAvailable:
        log.info("bulk_load table=%s: searches held the table; the index is kept up", table)
        return True, False
    return True, True


def _finish(conn: psycopg.Connection, table: str, dropped: bool) -> None:
    """Build the index again (when it was dropped) and release the lock; a failure here (the
    database lost) leaves the index to `repair_index` and never hides the run's own outcome."""
    ns, key = _key(table)
    try:
        if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            conn.rollback()
        if dropped:
            _build(conn, table)
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", (ns, key))
        conn.commit()
    except (psycopg.Error, OSError, KeyboardInterrupt) as exc:
        # A Ctrl-C (or SIGTERM) during the build stops it: the stored rows are whole, and the next
        # sync builds the index; the run's own outcome stands.
        log.warning("bulk_load table=%s: the index was not built again (%s); the next sync builds it",
                    table, str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        _quietly_rollback(conn)
        try:
            conn.execute("SELECT pg_advisory_unlock(%s, %s)", (ns, key))
            conn.commit()
        except psycopg.Error:
            pass  # the connection is gone, and the lock with it


def put_vectors_in_bulk(conn: psycopg.Connection, table: str, hashes: list[bytes], vectors: np.ndarray) -> bool:
    """put_embeddings inside the caller's transaction (a layer import, a backup restore); into an
    empty table with many vectors the index is dropped first and built once after, in the same
    transaction, so no one ever sees the table without it (a search of this table waits for the
    commit, and had nothing to find before it). True when the index was built after."""
    empty = conn.execute(f"SELECT NOT EXISTS (SELECT 1 FROM {table})").fetchone()
    if not (empty and empty[0]) or len(hashes) < BULK_MIN_VECTORS:
        put_embeddings(conn, table, hashes, vectors)
        return False
    conn.execute(f"DROP INDEX IF EXISTS {table}_hnsw")
    put_embeddings(conn, table, hashes, vectors)
    conn.execute(f"SET LOCAL maintenance_work_mem = '{GRAPH_BUILD_MEMORY}'")
    conn.execute(hnsw_index_sql(table, if_not_exists=False, rows=len(hashes)))
    return True
