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
from stratakb_core.query.feedback_recording import LEARNING_OFF, feedback_tool
from stratakb_core.query.learning import PROMOTE_EVERY
from stratakb_core.query.learning_loop import PromoteResult, learning_stats, maybe_promote, reset_learning, run_promoter
from stratakb_core.query.ranking import RERANK_CANDIDATES, Reranker
from stratakb_core.query.reading_tools import (
    expand_tool,
    list_tables_tool,
    read_tool,
    table_limits,
    table_query_tool,
    tables_base,
)
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
from stratakb_core.query.retrieve import load_layers
from stratakb_core.query.rewriting import QueryRewriter, build_rewriter, setup_note
from stratakb_core.query.search import SearchCache, SearchResult, hybrid_search
from stratakb_core.query.table_sql import Limits
from stratakb_core.query.tables import TableInfo, run_table_query
from stratakb_core.query.tools import ask_tool, search_tool

__all__ = [
    "DEFAULT_RERANKING_MODEL",
    "LEARNING_OFF",
    "PROMOTE_EVERY",
    "NOTHING_CHECKED_NOTE",
    "RECEIPT_ISSUED",
    "RERANK_CANDIDATES",
    "SCALES",
    "Answer",
    "AskConfig",
    "Citation",
    "CrossEncoderReranker",
    "Engine",
    "Limits",
    "PackedPassage",
    "PromoteResult",
    "QueryRewriter",
    "Reranker",
    "RetrievedPassage",
    "SearchAnswer",
    "SearchCache",
    "SearchResult",
    "TableInfo",
    "ask_response",
    "ask_tool",
    "build_rewriter",
    "citation_text",
    "expand_tool",
    "feedback_tool",
    "lines_label",
    "hybrid_search",
    "issue",
    "issue_extractive",
    "learning_stats",
    "list_tables_tool",
    "load_layers",
    "maybe_promote",
    "open_receipt",
    "read_tool",
    "reset_learning",
    "run_promoter",
    "run_table_query",
    "search_response",
    "search_tool",
    "setup_note",
    "strip_numbering",
    "table_limits",
    "table_query_tool",
    "tables_base",
    "title_key",
    "verify_draft",
]
