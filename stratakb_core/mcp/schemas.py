"""The typed result of every MCP tool, from which the SDK derives each tool's outputSchema (no I/O).

A tool returns `Annotated[CallToolResult, XResponse]`: the SDK publishes XResponse's JSON schema and
checks the structured content of every successful result against it. Each model names the fields
a client can rely on and allows more (`extra="allow"`), so a field added later does not break a
call. `GENERIC_OUTPUT_SCHEMA` is what the server publishes for a tool registered without a model.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "GENERIC_OUTPUT_SCHEMA",
    "AskResponse",
    "CreateLayerResponse",
    "HealthResponse",
    "IngestResponse",
    "PresetResponse",
    "ReceiptResponse",
    "SearchResponse",
    "SetArchivedResponse",
    "VerifyResponse",
]


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Citation(_Open):
    file: str
    layer: str | None = None
    lines: str | None = None
    page: int | None = None
    clause_path: str | None = None
    date: Any = None
    date_source: str | None = None
    replaced_by: str | None = None
    archived: bool | None = None


class Passage(_Open):
    id: str = Field(description="S1, S2, ...: cite the passage by this id.")
    ref: str = Field(description="Where the text lies (d42:1830-1905); strata_verify takes these refs.")
    text: str
    citation: Citation


class QuotedSentence(_Open):
    text: str
    ref: str
    citation: Citation


class AskResponse(_Open):
    """strata_ask: a status and passages (grounded) or the documents' own sentences (extractive)."""

    status: str = Field(description="found, partly_found or not_found (detailed: ok, with answer_status).")
    answer_status: str | None = None
    mode: Literal["grounded", "extractive"] | None = None
    passages: list[Passage] | None = None
    answer: list[QuotedSentence] | None = None
    receipt_id: str | None = None
    next_step: str | None = None
    note: str | None = None
    warning: str | None = None
    interaction_id: str | None = None


class SearchResult(_Open):
    ref: str
    layer: str
    file: str
    lines: str | None = None
    page: int | None = None
    section_path: str | None = None
    similarity: float | None = None
    score: float | None = None
    match: str | None = None
    text: str


class SearchResponse(_Open):
    """strata_search: the passages found, with a confidence level."""

    status: Literal["ok"]
    query: str
    results: list[SearchResult]
    confidence: str
    basis: str
    searched_layers: list[str]
    note: str | None = None
    warning: str | None = None
    interaction_id: str | None = None


class Checked(_Open):
    quotes: int
    facts: int


class VerifyResponse(_Open):
    """strata_verify: verified (with a receipt), flagged (with what to fix) or nothing_checked."""

    status: Literal["verified", "flagged", "nothing_checked"]
    checked: Checked
    receipt_id: str | None = None
    flags: list[dict[str, Any]] | None = None
    unchecked_sentences: list[str] | None = None
    note: str | None = None


class ReceiptResponse(_Open):
    """strata_get_receipt: what the server read, the draft it checked and what it found."""

    receipt_id: str
    kind: str
    issued_at: Any
    verification: str | None = None


class CreateLayerResponse(_Open):
    status: Literal["ok"]
    layer: dict[str, Any]
    next_step: str | None = None


class IngestResponse(_Open):
    """strata_ingest_documents: the sync's counts, and each failed file by its path."""

    status: str
    layer: str
    run_id: str | None = None
    model: str | None = None
    files_added: int
    files_updated: int
    files_unchanged: int
    files_removed: int
    files_skipped: int
    files_flagged: int
    chunks_stored: int
    chunks_embedded: int


class PresetResponse(_Open):
    status: str
    layer: Any = None


class SetArchivedResponse(_Open):
    status: Literal["ok"]
    layer: str
    archived_patterns: list[str]
    previous: list[str]
    changed: bool


class HealthResponse(_Open):
    """strata_admin_health: ok or degraded, with the problems and each part's state."""

    status: Literal["ok", "degraded"]
    problems: list[str]
    store: dict[str, Any]
    embedding: dict[str, Any]
    reranker: dict[str, Any]


GENERIC_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object", "title": "ToolResponse",
    "description": "The tool's JSON response; errors come as an isError result with a JSON error.",
    "properties": {"status": {"type": "string"}}, "additionalProperties": True,
}
