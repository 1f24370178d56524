"""The read side: search, routing, reranking, the answer engine, verification and receipts over the
materialized store.

Drivers (the CLI, the MCP server, the evaluation runner, scripts) import only what `__all__` lists,
as `from stratakb_core.query import X`; the modules behind it may change. Errors live in
`stratakb_core.errors`.
"""

from stratakb_core.query.answer_types import (
    Answer,
    AskConfig,
    PackedPassage,
    RetrievedPassage,
    SearchAnswer,
)
from stratakb_core.query.citations import Citation, citation_text, lines_label
from stratakb_core.query.confidence import SCALES
from stratakb_core.query.engine import Engine
from stratakb_core.query.evidence import strip_numbering, title_key
from stratakb_core.query.ranking import RERANK_CANDIDATES, Reranker
from stratakb_core.query.receipts import (
    NOTHING_CHECKED_NOTE,
    RECEIPT_ISSUED,
    issue,
    issue_extractive,
    open_receipt,
    verify_draft,
)
from stratakb_core.query.rerank import DEFAULT_RERANKING_MODEL, CrossEncoderReranker
from stratakb_core.query.responses import ask_response, search_response
from stratakb_core.query.search import SearchCache, SearchResult, hybrid_search
from stratakb_core.query.tools import ask_tool, search_tool

__all__ = [
    "DEFAULT_RERANKING_MODEL",
    "NOTHING_CHECKED_NOTE",
    "RECEIPT_ISSUED",
    "RERANK_CANDIDATES",
    "SCALES",
    "Answer",
    "AskConfig",
    "Citation",
    "CrossEncoderReranker",
    "Engine",
    "PackedPassage",
    "Reranker",
    "RetrievedPassage",
    "SearchAnswer",
    "SearchCache",
    "SearchResult",
    "ask_response",
    "ask_tool",
    "citation_text",
    "lines_label",
    "hybrid_search",
    "issue",
    "issue_extractive",
    "open_receipt",
    "search_response",
    "search_tool",
    "strip_numbering",
    "title_key",
    "verify_draft",
]
