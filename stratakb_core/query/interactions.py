"""Recording what was asked (the `interactions` table the learning loop reads); does I/O.

Queries are stored scrubbed of IBANs, BICs and account numbers unless LEARNING_STORE_RAW_QUERIES
is set; nothing is stored when learning is off. Recording never fails an answer.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

import psycopg

from stratakb_core.query.answer_types import AskConfig
from stratakb_core.query.scrub import scrub
from stratakb_core.store.interactions import record_interaction as record_interaction_event

__all__ = ["record_interaction"]

def record_interaction(conn: psycopg.Connection, config: AskConfig, tool: str, query: str, layers: list[str] | None,
                       searched: Sequence[str], status: str, confidence: str, chunk_ids: Sequence[str],
                       details: dict[str, Any]) -> str:
    """The interaction's id (int_...), stored when learning is on."""
    interaction_id = "int_" + uuid.uuid4().hex[:20]
    if not config.learning_enabled:
        return interaction_id
    stored = query if config.store_raw_queries else scrub(query)
    record_interaction_event(conn, interaction_id, tool, stored, layers, searched, status, confidence, chunk_ids,
                             details)
    return interaction_id
