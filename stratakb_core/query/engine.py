"""The answer engine behind strata_ask and strata_search: retrieve -> rank -> pack -> respond,
each step a function returning a value; does I/O (the store, the models).

`Engine.ask` returns an `Answer` and `Engine.search` a `SearchAnswer`; `responses` renders them
as the spec's wire dicts. The engine holds what lasts between calls: the embedder, the search
cache and the reranker.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import RerankerUnavailable, SentenceModelUnavailable
from stratakb_core.query.answer_types import Answer, AskConfig, ExactLookup, KnownLayers, SearchAnswer
from stratakb_core.query.arguments import check_filter, check_layers, check_mode, check_text, check_top_k
from stratakb_core.query.confidence import absent_note, judge_with_evidence
from stratakb_core.query.exact import exact_lookup, exact_note
from stratakb_core.query.interactions import record_interaction
from stratakb_core.query.missing import clause_label, left_out_note, pack
from stratakb_core.query.packing import Citer, cut_passage, doc_infos, pack_passages
from stratakb_core.query.ranking import Reranker, rank
from stratakb_core.query.rerank import DEFAULT_RERANKING_MODEL, CrossEncoderReranker
from stratakb_core.query.respond import absent_terms, respond
from stratakb_core.query.responses import exact_search_result
from stratakb_core.query.retrieve import Searcher, load_layers, retrieve, synonym_variant
from stratakb_core.query.search import SearchCache

__all__ = ["Engine"]


class Engine:
    """Answers strata_ask and strata_search over one store; holds the caches and the reranker."""

    def __init__(self, embedder: Embedder, config: AskConfig, reranker: Reranker | None = None) -> None:
        self.embedder = embedder
        self.config = config
        self.reranker = reranker
        self.cache = SearchCache()
        self._sentence_scorer: CrossEncoderReranker | None = None

    @property
    def searcher(self) -> Searcher:
        return Searcher(self.embedder, self.cache, self.config.keyword_slots, self.config.arms)

    def _sentence_scores(self, question: str, texts: list[str]) -> Sequence[float]:
        """Extractive answers score sentences with the reranking model, also when reranking is off;
        when it cannot load the call fails rather than answer without it."""
        scorer = self.reranker
        if scorer is None:
            if self._sentence_scorer is None:
                self._sentence_scorer = CrossEncoderReranker(self.config.reranking_model or DEFAULT_RERANKING_MODEL)
            scorer = self._sentence_scorer
        try:
            return [float(x) for x in scorer.score(question, texts)]
        except RerankerUnavailable as exc:
            raise SentenceModelUnavailable(
                f"Extractive answers choose sentences with the reranking model, and {exc}. Set RERANKING_MODEL "
                "to a cross-encoder this machine has (a local folder works) and ask again.") from exc

    def search(self, conn: psycopg.Connection, query: Any, layers: Any = None, top_k: Any = 5,
               metadata_filter: Any = None) -> SearchAnswer:
        """strata_search: hybrid search, with the clauses the query names first (sharing the budget)."""
        known = load_layers(conn)
        query = check_text("query", query)
        top_k = check_top_k(top_k)
        layers = check_layers(layers, known)
        mf = check_filter(metadata_filter)
        found = retrieve(conn, self.searcher, query, layers, known, top_k, [query], mf)
        exact = exact_lookup(conn, query, found.searched, known) if not mf else ExactLookup()
        exact_keys = {(c.document_id, c.start) for c in exact.passages}
        # Named clauses share the budget as in strata_ask; a cut one is marked "cut": true.
        clauses = pack(list(exact.passages), len(exact.passages), self.config.token_budget,
                       render=lambda c, _id: exact_search_result(c), cut=cut_passage,
                       text_of=lambda c: c.text)
        absent = absent_terms(conn, query, found.searched) if not clauses.packed else []
        level = judge_with_evidence([c.similarity for c in found.passages], "similarity", exact=bool(clauses.packed),
                                    holds_all_terms=any(c.holds_all_terms for c in found.passages[:3]),
                                    absent=absent)
        note = " ".join(n for n in (exact_note(exact, layers is None), left_out_note(
            [clause_label(c.section_path, c.file) for c in clauses.left_out]),
            absent_note(absent) if absent else None) if n)
        interaction_id = record_interaction(
            conn, self.config, "strata_search", query, layers, found.searched, "ok", level,
            [c.chunk_id or "" for c in found.passages], {"top_k": top_k})
        return SearchAnswer(
            query=query, clauses=tuple((c, c in clauses.cut) for c in clauses.packed),
            passages=tuple(c for c in found.passages if (c.document_id, c.start) not in exact_keys),
            confidence=level, searched=found.searched, fallback=found.fallback, note=note or None,
            interaction_id=interaction_id)

    def ask(self, conn: psycopg.Connection, question: Any, layers: Any = None, top_k: Any = 10,
            mode: Any = None) -> Answer:
        """strata_ask: retrieve, rank, pack and respond."""
        known = load_layers(conn)
        question = check_text("question", question)
        top_k = check_top_k(top_k)
        layers = check_layers(layers, known)
        mode = check_mode(mode)
        return self.answer(conn, question, layers, top_k, mode, known)

    def answer(self, conn: psycopg.Connection, question: str, layers: list[str] | None, top_k: int,
               mode: str | None, known: KnownLayers) -> Answer:
        """`ask` for checked arguments."""
        variants = [question]
        syn = synonym_variant(conn, question, layers if layers is not None else known.names())
        if syn:
            variants.append(syn)
        retrieval = retrieve(conn, self.searcher, question, layers, known, top_k, variants)
        ranking = rank(question, retrieval, exact_lookup(conn, question, retrieval.searched, known),
                       self.reranker, reranking_enabled=self.config.reranking_enabled)
        citer = Citer(doc_infos(conn, list({c.document_id for c in ranking.ranked})), known)
        packed = pack_passages(ranking, citer, self.config.token_budget)
        out = respond(conn, question, mode, layers is not None, retrieval, ranking, packed, citer,
                      budget=self.config.token_budget, score=self._sentence_scores)
        interaction_id = record_interaction(
            conn, self.config, "strata_ask", question, layers, retrieval.searched, out.status, out.confidence,
            [p.passage.chunk_id or "" for p in packed.passages],
            {"top_k": top_k, "basis": ranking.basis, "variants": len(variants),
             "refs": [p.passage.ref for p in packed.passages]})
        return Answer(question=question, status=out.status, mode=out.mode, confidence=out.confidence,
                      retrieval=retrieval, ranking=ranking, packed=packed, extraction=out.extraction,
                      notes=tuple(out.notes), warnings=tuple(out.warnings), receipt_id=out.receipt_id,
                      interaction_id=interaction_id)
