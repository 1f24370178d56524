"""Advisory locks: on a layer (the session lock a sync run holds and the key commits take) and on
the store's rules (who owns which folder, which model is active); does I/O."""

from __future__ import annotations

import zlib

import psycopg

from stratakb_core.store.connection import LOCK_NAMESPACE_LAYER, LOCK_NAMESPACE_STORE


def layer_lock_key(layer: str) -> tuple[int, int]:
    return LOCK_NAMESPACE_LAYER, zlib.crc32(layer.encode("utf-8", "surrogateescape")) - 2**31


def lock_layer_session(conn: psycopg.Connection, layer: str, *, wait: bool = True) -> bool:
    """Session-level lock held for a whole sync run: two syncs of one layer never interleave."""
    ns, key = layer_lock_key(layer)
    if wait:
        conn.execute("SELECT pg_advisory_lock(%s, %s)", (ns, key))
        if not conn.autocommit:
            conn.commit()
        return True
    row = conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (ns, key)).fetchone()
    if not conn.autocommit:
        conn.commit()
    return bool(row and row[0])


def unlock_layer_session(conn: psycopg.Connection, layer: str) -> None:
    ns, key = layer_lock_key(layer)
    try:
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", (ns, key))
        if not conn.autocommit:
            conn.commit()
    except psycopg.Error:
        pass  # the connection is going away; the server drops session locks with it


def lock_layers_for_commit(conn: psycopg.Connection, layers: set[str | None]) -> None:
    """Transaction-level locks on the named layers, in name order (so two commits never deadlock)."""
    for layer in sorted(name for name in layers if name):
        ns, key = layer_lock_key(layer)
        conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", (ns, key))


def lock_store_rules(conn: psycopg.Connection) -> None:
    """Transaction-level lock under which folder ownership, overlap and the model's activation are
    checked and written, so two runs can never both pass a check the other's write breaks. Held
    only for a run's setup transaction (milliseconds)."""
    conn.execute("SELECT pg_advisory_xact_lock(%s, 0)", (LOCK_NAMESPACE_STORE,))


def limit_statements(conn: psycopg.Connection, milliseconds: int) -> None:
    """Within the caller's transaction, no statement may run longer than `milliseconds`."""
    conn.execute(f"SET LOCAL statement_timeout = {int(milliseconds)}")
