"""The values an answer is made of, step by step: retrieved passages, their ranking, the packed
passages and the answer itself (no I/O).

`Engine.ask` runs retrieve -> rank -> pack -> respond; each step returns one of these frozen
values, and `responses` turns the last into the spec's wire dict.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stratakb_core.query.citations import Citation
from stratakb_core.query.clauses import Reference
from stratakb_core.query.confidence import Basis
from stratakb_core.query.extractive import Extraction

__all__ = [
    "Answer",
    "AskConfig",
    "ExactLookup",
    "KnownLayers",
    "PackedAnswer",
    "PackedPassage",
    "Ranking",
    "Retrieval",
    "RetrievedPassage",
    "SearchAnswer",
]

DEFAULT_TOKEN_BUDGET = 1500


@dataclass(frozen=True)
class AskConfig:
    token_budget: int = DEFAULT_TOKEN_BUDGET
    keyword_slots: int = 1
    reranking_enabled: bool = True
    learning_enabled: bool = True
    store_raw_queries: bool = False
    reranking_model: str | None = None  # extractive answers score sentences with it even when reranking is off
    arms: str = "hybrid"  # "vector" or "keyword" for evaluations that compare modes
    data_dir: Path | None = None  # the tables' data_dir: set, strata_ask routes aggregations (aggregation_router)
    table_limits: Any = None  # table_sql.Limits for those queries (None: the defaults)
    promote_every: int = 0  # run the learning promoter after this many interactions (0: never from here)


@dataclass(frozen=True)
class KnownLayers:
    """What one call knows about the store's layers: answer mode and routing, structure and
    archived patterns, by layer name."""

    layers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __contains__(self, name: object) -> bool:
        return name in self.layers

    def names(self) -> list[str]:
        return sorted(self.layers)

    def setting(self, layer: str, key: str, default: Any) -> Any:
        return self.layers.get(layer, {}).get(key, default)


@dataclass(frozen=True)
class RetrievedPassage:
    """A stored span on its way to the answer: a chunk the search found or a clause the question
    names (`exact`), with its scores."""

    document_id: int
    layer: str
    file: str
    start: int
    end: int
    text: str
    line_start: int
    line_end: int
    page: int | None
    section_path: tuple[str, ...]
    similarity: float
    fused: float = 0.0  # the merged rank score, best = 1.0
    rerank: float | None = None
    exact: bool = False
    chunk_id: str | None = None
    evidence: float = 0.0  # the search's evidence score (query.evidence)
    holds_all_terms: bool = False  # holds every rare word of the query

    @property
    def ref(self) -> str:
        return f"d{self.document_id}:{self.start}-{self.end}"

    @property
    def clause_path(self) -> str | None:
        return " > ".join(self.section_path) or None

    @property
    def lines(self) -> str:
        return f"{self.line_start}-{self.line_end}"


@dataclass(frozen=True)
class ExactLookup:
    """The sections a question names by number or id, read verbatim, and what was not read."""

    passages: tuple[RetrievedPassage, ...] = ()
    references: tuple[Reference, ...] = ()
    not_looked_up: tuple[str, ...] = ()
    unread: int = 0
    hit_candidate_limit: bool = False


@dataclass(frozen=True)
class Retrieval:
    """What the searches found: passages merged over the query variants, best first, the layers
    searched and why routing fell back to all layers (None when it did not)."""

    passages: tuple[RetrievedPassage, ...]
    searched: tuple[str, ...]
    fallback: str | None  # insufficient_results | low_confidence
    variants: tuple[str, ...]
    rewrite_source: str = "as_written"  # as_written | learned (a proven learned rewrite) | model
    learned_rewrites: tuple[str, ...] = ()  # the proven learned rewrites among the variants
    warnings: tuple[str, ...] = ()  # query rewriting failed, a variant's search failed


@dataclass(frozen=True)
class Ranking:
    """Named clauses first, then the searched passages in the order of `basis`."""

    searched: tuple[RetrievedPassage, ...]  # the search's passages, reranked when basis is rerank
    ranked: tuple[RetrievedPassage, ...]  # the named clauses, then the searched passages not among them
    exact: ExactLookup
    basis: Basis
    warnings: tuple[str, ...] = ()

    def score_of(self, p: RetrievedPassage) -> float:
        return p.rerank if self.basis == "rerank" and p.rerank is not None else p.similarity


@dataclass(frozen=True)
class PackedPassage:
    """A passage as the answer returns it: S1, S2 ... with its citation."""

    id: str
    passage: RetrievedPassage
    citation: Citation

    def as_wire(self) -> dict[str, Any]:
        return {"id": self.id, "ref": self.passage.ref, "text": self.passage.text,
                "citation": self.citation.as_wire()}


@dataclass(frozen=True)
class PackedAnswer:
    """The passages that fit the token budget, and the named clauses cut or left out."""

    passages: tuple[PackedPassage, ...]
    cut: tuple[RetrievedPassage, ...]
    left_out: tuple[RetrievedPassage, ...]


@dataclass(frozen=True)
class Answer:
    """strata_ask's answer as a value: status, answer mode, confidence and basis, the packed
    passages (or, in extractive mode, the quoted sentences), notes and warnings."""

    question: str
    status: str  # found | partly_found | not_found
    mode: str  # grounded | extractive
    confidence: str  # high | medium | low
    retrieval: Retrieval
    ranking: Ranking
    packed: PackedAnswer
    extraction: Extraction | None
    notes: tuple[str, ...]
    warnings: tuple[str, ...]
    receipt_id: str | None
    interaction_id: str | None  # None when learning is off (nothing recorded)
    computed: dict[str, Any] | None = None  # a question routed to a table (aggregation_router)
    # chunk id -> injection rules (query.suspicion), and the chunks whose text OCR read
    suspicious: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ocr_chunks: frozenset[str] = frozenset()

    @property
    def passages(self) -> tuple[PackedPassage, ...]:
        return self.packed.passages

    @property
    def citations(self) -> tuple[Citation, ...]:
        return tuple(p.citation for p in self.packed.passages)


@dataclass(frozen=True)
class SearchAnswer:
    """strata_search's answer as a value: named clauses (each marked when cut), then the search's
    passages not among them, the confidence and what was left out."""

    query: str
    clauses: tuple[tuple[RetrievedPassage, bool], ...]  # (clause, cut)
    passages: tuple[RetrievedPassage, ...]
    confidence: str
    searched: tuple[str, ...]
    fallback: str | None
    note: str | None
    interaction_id: str | None  # None when learning is off (nothing recorded)
    # chunk id -> injection rules (query.suspicion), and the chunks whose text OCR read
    suspicious: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    ocr_chunks: frozenset[str] = frozenset()
