"""Roles of the MCP server and the bearer keys of its HTTP transport; key functions do I/O.

Three roles, each holding everything the one before it holds:

    viewer    strata_ask, strata_search, strata_list_knowledge_layers, strata_verify,
              strata_get_receipt, strata_read_document, strata_expand, strata_list_tables,
              strata_table_query (and strata_feedback, strata_learning_stats when they exist)
    operator  + strata_ingest_documents
    admin     + strata_create_knowledge_layer, strata_apply_preset, strata_set_archived_patterns,
                strata_admin_health (and strata_reset_learning); layer listings also show the
                layers' patterns

`TOOL_ROLES` is the one table the server checks before a tool runs; a tool missing from it is
refused to everyone but admins, so a new tool is never open by mistake.

Keys: `create_key` makes a random key, prints nothing and returns it once; only its sha256 is
stored (`api_keys.key_hash`), with a random id, the role and a name. The HTTP transport looks a
key up by its hash on every request (`lookup_key`), so a revoked key stops working at once.
Creating and revoking a key are events (api_key_created carries the hash, never the key); the keys
are stored by store/keys.py.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Final

import psycopg

from stratakb_core.errors import UsageError
from stratakb_core.store import events as ev
from stratakb_core.store import keys as key_store
from stratakb_core.store.events import API_KEY_CREATED, API_KEY_REVOKED
from stratakb_core.store.keys import ApiKey

__all__ = [
    "API_KEY_CREATED",
    "API_KEY_REVOKED",
    "ROLES",
    "TOOL_ROLES",
    "ApiKey",
    "allows",
    "check_role",
    "create_key",
    "hash_key",
    "list_keys",
    "lookup_key",
    "required_role",
    "revoke_key",
]

ROLES: Final = ("viewer", "operator", "admin")
_RANK: Final = {role: i for i, role in enumerate(ROLES)}

TOOL_ROLES: Final[dict[str, str]] = {
    "strata_ask": "viewer",
    "strata_search": "viewer",
    "strata_list_knowledge_layers": "viewer",
    "strata_verify": "viewer",
    "strata_get_receipt": "viewer",
    "strata_read_document": "viewer",
    "strata_expand": "viewer",
    "strata_list_tables": "viewer",
    "strata_table_query": "viewer",
    "strata_feedback": "viewer",
    "strata_learning_stats": "viewer",
    "strata_ingest_documents": "operator",
    "strata_create_knowledge_layer": "admin",
    "strata_apply_preset": "admin",
    "strata_set_archived_patterns": "admin",
    "strata_admin_health": "admin",
    "strata_reset_learning": "admin",
    "strata_rollback_layer": "admin",
    "strata_remove_layer": "admin",
    "strata_rename_layer": "admin",
    "strata_remove_source": "admin",
    "strata_rebuild_layer": "admin",
}

KEY_PREFIX: Final = "skb_"
MAX_KEY_LENGTH: Final = 200
MAX_KEY_NAME: Final = 100


def check_role(role: Any) -> str:
    """The role, or UsageError naming the three roles."""
    if role not in _RANK:
        raise UsageError(f"unknown role {role!r}: use viewer, operator or admin")
    return role


def required_role(tool: str) -> str:
    """The least role that may call `tool` (admin for a tool the table does not list)."""
    return TOOL_ROLES.get(tool, "admin")


def allows(role: str, needed: str) -> bool:
    """Whether `role` holds `needed` (an unknown role holds nothing)."""
    return role in _RANK and _RANK[role] >= _RANK[needed]


# ---------------------------------------------------------------------------------------------
# Bearer keys (the HTTP transport)
# ---------------------------------------------------------------------------------------------


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()


def _check_name(name: str) -> str:
    if len(name) > MAX_KEY_NAME:
        raise UsageError(f"a key's name is at most {MAX_KEY_NAME} characters")
    if any(not ch.isprintable() for ch in name):
        raise UsageError("a key's name holds a control character")
    return name


def create_key(conn: psycopg.Connection, role: str, name: str = "", *, actor: str | None = None) -> tuple[ApiKey, str]:
    """A new key with `role`: (its stored record, the key itself, shown to the caller once)."""
    check_role(role)
    _check_name(name)
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    key_id = "key_" + secrets.token_hex(6)
    return key_store.add_key(conn, key_id, hash_key(key), role, name, actor or ev.default_actor()), key


def list_keys(conn: psycopg.Connection) -> list[ApiKey]:
    return key_store.list_keys(conn)


def revoke_key(conn: psycopg.Connection, key_id: str, *, actor: str | None = None) -> tuple[ApiKey, bool]:
    """Revoke a key by id: (the key, whether this call revoked it; False when it already was).

    Raises UsageError for an unknown id."""
    found = key_store.revoke_key(conn, key_id, actor or ev.default_actor())
    if found is None:
        raise UsageError(f"no key with id {key_id!r}; `stratakb keys list` shows the ids")
    return found


def lookup_key(conn: psycopg.Connection, key: str) -> ApiKey | None:
    """The key's record when it is known and not revoked, else None."""
    if not key or len(key) > MAX_KEY_LENGTH or not key.isascii() or not key.isprintable():
        return None
    return key_store.find_key(conn, hash_key(key))
