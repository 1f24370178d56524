"""Recording what was asked (interaction_recorded events, the `interactions` table the learning loop
reads); does I/O.

What is recorded: the question (scrubbed of IBANs, BICs and account numbers unless
LEARNING_STORE_RAW_QUERIES is set), the layers named and searched, the variants actually searched,
the passages in answer order with their chunk ids (an exact clause keeps its place, with no chunk
id), the confidence level and its basis, and the client or session key "asked again soon after" is
judged by. With LEARNING_ENABLED=false nothing is recorded and the response has no interaction_id
(the spec ties it to learning being on). Recording never fails an answer.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.query.answer_types import AskConfig
from stratakb_core.query.scrub import scrub
from stratakb_core.store.interactions import record_interaction as record_interaction_event

__all__ = ["Asked", "record_interaction"]


@dataclass(frozen=True)
class Asked:
    """One ask or search as the learning loop records it."""

    tool: str
    query: str
    layers: list[str] | None
    searched: Sequence[str]
    status: str
    confidence: str
    basis: str
    variants: Sequence[str]
    passages: Sequence[Mapping[str, str | None]]  # {"id": "S1" or None, "chunk_id": ... or None}, in order
    details: dict[str, Any] = field(default_factory=dict)


def record_interaction(conn: psycopg.Connection, config: AskConfig, asked: Asked, *,
                       client: str | None = None, actor: str | None = None) -> str | None:
    """The interaction's id (int_...), or None when learning is off (nothing is recorded)."""
    if not config.learning_enabled:
        return None
    interaction_id = "int_" + uuid.uuid4().hex[:20]
    clean = (lambda q: q) if config.store_raw_queries else scrub
    record_interaction_event(
        conn, interaction_id, asked.tool, clean(asked.query), asked.layers, asked.searched, asked.status,
        asked.confidence, [p.get("chunk_id") or "" for p in asked.passages], asked.details, actor=actor,
        client=client, variants=[clean(v) for v in asked.variants], passages=asked.passages, basis=asked.basis)
    return interaction_id
