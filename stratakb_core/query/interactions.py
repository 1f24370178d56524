"""Recording what was asked (the `interactions` table the learning loop reads); does I/O.

Queries are stored scrubbed of IBANs, BICs and account numbers unless LEARNING_STORE_RAW_QUERIES
is set; nothing is stored when learning is off. Recording never fails an answer.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from stratakb_core.query.answer_types import AskConfig
from stratakb_core.query.scrub import scrub

__all__ = ["record_interaction"]

log = logging.getLogger(__name__)


def record_interaction(conn: psycopg.Connection, config: AskConfig, tool: str, query: str, layers: list[str] | None,
                       searched: Sequence[str], status: str, confidence: str, chunk_ids: Sequence[str],
                       details: dict[str, Any]) -> str:
    """The interaction's id (int_...), stored when learning is on."""
    interaction_id = "int_" + uuid.uuid4().hex[:20]
    if not config.learning_enabled:
        return interaction_id
    stored = query if config.store_raw_queries else scrub(query)
    try:
        conn.execute(
            "INSERT INTO interactions (id, tool, query, layers, searched, status, confidence, chunk_ids,"
            " details) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
            (interaction_id, tool, stored, layers, list(searched), status, confidence,
             [c for c in chunk_ids if c], Jsonb(details)),
        )
        conn.commit()
    except psycopg.Error as exc:  # recording must never fail an answer
        conn.rollback()
        log.warning("interaction_not_recorded: %s", str(exc).splitlines()[0])
    return interaction_id
