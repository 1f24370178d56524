"""Bearer keys of the HTTP transport as stored: only each key's sha256, with an id, a role and a name,
projected from api_key_created and api_key_revoked events; does I/O.

Making a key, checking roles and names is mcp/roles.py's work; this module only stores and reads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import psycopg

from stratakb_core.store import events as ev
from stratakb_core.store.projector import commit_events

_COLUMNS = "id, role, name, created_at, revoked_at"


@dataclass(frozen=True)
class ApiKey:
    id: str
    role: str
    name: str
    created_at: Any = None
    revoked_at: Any = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "role": self.role, "name": self.name,
            "created_at": self.created_at.isoformat() if self.created_at is not None else None,
            "revoked_at": self.revoked_at.isoformat() if self.revoked_at is not None else None,
        }


def _get(conn: psycopg.Connection, key_id: str, *, for_update: bool = False) -> ApiKey | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE id = %s" + (" FOR UPDATE" if for_update else ""),
                       (key_id,)).fetchone()
    return ApiKey(*row) if row else None


def add_key(conn: psycopg.Connection, key_id: str, key_hash: str, role: str, name: str, actor: str) -> ApiKey:
    """Store a key by its hash, with its api_key_created event, in one transaction."""
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        conn.commit()  # the key is its own transaction
    with conn.transaction():
        commit_events(conn, [ev.Event(ev.API_KEY_CREATED, None,
                                      {"id": key_id, "role": role, "name": name, "key_hash": key_hash}, None, actor)])
        stored = _get(conn, key_id)
    assert stored is not None
    return stored


def list_keys(conn: psycopg.Connection) -> list[ApiKey]:
    rows = conn.execute(f"SELECT {_COLUMNS} FROM api_keys ORDER BY created_at, id")
    keys = [ApiKey(*r) for r in rows]
    conn.commit()
    return keys


def revoke_key(conn: psycopg.Connection, key_id: str, actor: str) -> tuple[ApiKey, bool] | None:
    """Revoke a key by id: (the key, whether this call revoked it; False when it already was), or None
    for an unknown id."""
    if conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
        conn.commit()
    with conn.transaction():
        key = _get(conn, key_id, for_update=True)
        if key is None:
            return None
        if key.revoked_at is not None:
            return key, False
        commit_events(conn, [ev.Event(ev.API_KEY_REVOKED, None, {"id": key_id, "role": key.role, "name": key.name},
                                      None, actor)])
        revoked = _get(conn, key_id)
    assert revoked is not None
    return revoked, True


def find_key(conn: psycopg.Connection, key_hash: str) -> ApiKey | None:
    """The key with this hash when it is not revoked, else None."""
    row = conn.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE key_hash = %s AND revoked_at IS NULL",
                       (key_hash,)).fetchone()
    conn.commit()
    return ApiKey(*row) if row else None
