"""The projections of the learning loop's events: feedback_recorded into `feedback`, and
learning_promoted / learning_reset into `learning_state` and the learned tables; does I/O.

A learning_promoted or learning_reset event carries the whole learned state after it (the JSON of
query/learning.py's `state_to_payload`), so applying one replaces the learned tables: `synonyms`
(rule 2 only; pairs under the older rule are gone after the first run), `layer_affinities`,
`learned_rewrites` and `chunk_demotions`. A global reset also stamps `learning_state.reset_at`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

_AT = "coalesce(%s::timestamptz, now())"


def _total(ledger: Mapping[str, Any] | None) -> float:
    ledger = ledger or {}
    return float(ledger.get("settled") or 0.0) + sum(float(o[2]) for o in ledger.get("recent") or ())


def feedback_recorded(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any], at: Any) -> None:
    conn.execute(
        "INSERT INTO feedback (id, interaction_id, occurred_at, client, helpful, correct_layer, better_query,"
        f" chunk_feedback, not_stored) VALUES (%s, %s, {_AT}, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
        (p["id"], p["interaction_id"], at, p.get("client"), bool(p["helpful"]), p.get("correct_layer"),
         p.get("better_query"), Jsonb(p.get("chunk_feedback") or []), list(p.get("not_stored") or [])),
    )


def _replace_tables(conn: psycopg.Connection, state: Mapping[str, Any]) -> None:
    for table in ("synonyms", "layer_affinities", "learned_rewrites", "chunk_demotions"):
        conn.execute(f"DELETE FROM {table}")
    with conn.cursor() as cur:
        cur.executemany(
            "INSERT INTO synonyms (layer, term, synonym, usage_count, rule) VALUES (%s, %s, %s, %s, %s)",
            [(s.get("layer"), s["term"], s["synonym"], int(s.get("usage_count") or 0), int(s.get("rule") or 0))
             for s in state.get("synonyms") or ()])
        cur.executemany(
            "INSERT INTO layer_affinities (layer, term, affinity) VALUES (%s, %s, %s)",
            [(a["layer"], a["term"], float(a["affinity"])) for a in state.get("affinities") or ()])
        cur.executemany(
            "INSERT INTO learned_rewrites (key, rewrite, layer, successes, failures, suggested_by, last_success)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s)",
            [(r["key"], r["rewrite"], r.get("layer"), round(_total(r.get("successes")), 4),
              round(_total(r.get("failures")), 4), list(r.get("suggested_by") or ()), r.get("last_success"))
             for r in state.get("rewrites") or ()])
        cur.executemany(
            "INSERT INTO chunk_demotions (chunk_id, multiplier) VALUES (%s, %s)",
            sorted((str(k), float(v)) for k, v in (state.get("demotions") or {}).items()))


def learning_state_replaced(conn: psycopg.Connection, seq: int, layer: str | None, p: dict[str, Any],
                            at: Any) -> None:
    """learning_promoted and learning_reset: the state after the event replaces what was learned."""
    state = p.get("state") or {}
    global_reset = p.get("scope") == "global"
    conn.execute(
        "INSERT INTO learning_state (id, state, through_seq, updated_seq, reset_at)"
        f" VALUES (1, %s, %s, %s, CASE WHEN %s THEN {_AT} END)"
        " ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state,"
        " through_seq = greatest(learning_state.through_seq, EXCLUDED.through_seq),"
        " updated_seq = EXCLUDED.updated_seq,"
        " reset_at = coalesce(EXCLUDED.reset_at, learning_state.reset_at)",
        (Jsonb(state), int(p.get("through_seq") or 0), seq, global_reset, at),
    )
    _replace_tables(conn, state)
