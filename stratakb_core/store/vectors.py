"""Vector tables of the embedding models, and the one check that refuses a model mismatch; does I/O."""

from __future__ import annotations

import psycopg

from stratakb_core.errors import ModelMismatchError
from stratakb_core.store.projections import ActiveModel, active_model


def mismatch_message(stored: str, configured: str) -> str:
    """The one wording of a model mismatch, for every driver (CLI, Dagster, presets, MCP)."""
    return (f"the store holds vectors of {stored} but EMBEDDING_MODEL is {configured}; the store will not mix "
            f"two models. Set EMBEDDING_MODEL back to {stored}, or re-embed the store with the new model first "
            "(`stratakb reembed`, or the reembed job in Dagster)")


def check_active_model(conn: psycopg.Connection, model: str, dimensions: int | None = None) -> ActiveModel | None:
    """The store's active model (None before the first ingest); refuses another model, or the same
    model at another dimension, with one wording."""
    active = active_model(conn)
    if active is None:
        return None
    if active.model != model:
        raise ModelMismatchError(mismatch_message(active.model, model))
    if dimensions is not None and active.dimensions != dimensions:
        raise ModelMismatchError(f"the store holds {active.model} vectors of {active.dimensions} dimensions, not "
                                 f"{dimensions}; set EMBEDDING_DIMENSIONS to {active.dimensions}, or re-embed")
    return active
