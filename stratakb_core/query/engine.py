"""The answer engine behind strata_ask and strata_search: retrieve -> rank -> pack -> respond,
each step a function returning a value; does I/O (the store, the models, the rewriting provider).

`Engine.ask` returns an `Answer` and `Engine.search` a `SearchAnswer`; `responses` renders them
as the spec's wire dicts. The engine holds what lasts between calls: the embedder, the search
cache (thread-safe), the reranker, the query rewriter, what was learned (read again when a
learning event changed it) and how to open a connection per parallel variant search.

Learning: each call is recorded with the client key it is given (query/interactions.py); chunks
several clients rated wrong or outdated are demoted after ranking (query/demotion.py); with
`AskConfig.promote_every` set (the MCP server: 50) the promoter runs once that many interactions
were recorded since its last run.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import RerankerUnavailable
from stratakb_core.query.aggregation_router import computed_note, route_question
from stratakb_core.query.answer_types import Answer, AskConfig, ExactLookup, KnownLayers, SearchAnswer
from stratakb_core.query.arguments import check_filter, check_layers, check_mode, check_text, check_top_k
from stratakb_core.query.confidence import absent_note, judge_with_evidence, status_for
from stratakb_core.query.demotion import demote
from stratakb_core.query.evidence import sentence_relevance
from stratakb_core.query.exact import exact_lookup, exact_note
from stratakb_core.query.interactions import Asked, record_interaction
from stratakb_core.query.learning_loop import LearnedCache, maybe_promote
from stratakb_core.query.missing import clause_label, left_out_note, pack
from stratakb_core.query.packing import Citer, cut_passage, doc_infos, pack_passages
from stratakb_core.query.ranking import Reranker, rank
from stratakb_core.query.rerank import DEFAULT_RERANKING_MODEL, CrossEncoderReranker
from stratakb_core.query.respond import absent_terms, respond
from stratakb_core.query.responses import exact_search_result
from stratakb_core.query.retrieve import Connect, Rewriting, Searcher, load_layers, retrieve
from stratakb_core.query.rewriting import QueryRewriter
from stratakb_core.query.search import SearchCache
from stratakb_core.query.suspicion import basis_note, load_labels, quarantine_note, screen

__all__ = ["Engine"]


class Engine:
    """Answers strata_ask and strata_search over one store; holds the caches, the reranker and the rewriter."""

    def __init__(self, embedder: Embedder, config: AskConfig, reranker: Reranker | None = None, *,
                 rewriter: QueryRewriter | None = None, connect: Connect | None = None) -> None:
        self.embedder = embedder
        self.config = config
        self.reranker = reranker
        self.rewriter = rewriter
        self.connect = connect
        self.cache = SearchCache()
        self.learned = LearnedCache()
        self._sentence_scorer: CrossEncoderReranker | None = None
        self.sentence_warning: str | None = None

    @property
    def searcher(self) -> Searcher:
        return Searcher(self.embedder, self.cache, self.config.keyword_slots, self.config.arms, self.connect)

    def _sentence_scores(self, question: str, texts: list[str]) -> Sequence[float]:
        """Extractive answers score sentences with the reranking model, also when reranking is off;
        when it cannot load, with the offline evidence scorer (`sentence_warning` says so)."""
        scorer = self.reranker
        if scorer is None:
            if self._sentence_scorer is None:
                self._sentence_scorer = CrossEncoderReranker(self.config.reranking_model or DEFAULT_RERANKING_MODEL)
            scorer = self._sentence_scorer
        try:
            return [float(x) for x in scorer.score(question, texts)]
        except RerankerUnavailable as exc:
            self.sentence_warning = (f"Sentences were scored by the offline evidence scorer (similarity and the "
                                     f"question's words), not the cross-encoder: {exc}. Set RERANKING_MODEL to a "
                                     "cross-encoder this machine has (a local folder works) for better choices.")
            vectors = self.embedder.embed([question, *texts]) if texts else []
            return [sentence_relevance(float(vectors[0] @ v), question, t) for v, t in zip(vectors[1:], texts,
                                                                                           strict=True)]

    def _record(self, conn: psycopg.Connection, asked: Asked, client: str | None, actor: str | None) -> str | None:
        interaction_id = record_interaction(conn, self.config, asked, client=client, actor=actor)
        if interaction_id and self.config.promote_every > 0:
            maybe_promote(conn, self.config.promote_every, actor=actor)
        return interaction_id

    def search(self, conn: psycopg.Connection, query: Any, layers: Any = None, top_k: Any = 5,
               metadata_filter: Any = None, *, client: str | None = None, actor: str | None = None) -> SearchAnswer:
        """strata_search: hybrid search, with the clauses the query names first (sharing the budget)."""
        known = load_layers(conn)
        query = check_text("query", query)
        top_k = check_top_k(top_k)
        layers = check_layers(layers, known)
        mf = check_filter(metadata_filter)
        found, labels, quarantined = screen(conn, retrieve(conn, self.searcher, query, layers, known, top_k,
                                                           [query], mf))
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
            absent_note(absent) if absent else None, quarantine_note(quarantined)) if n)
        passages = tuple(c for c in found.passages if (c.document_id, c.start) not in exact_keys)
        order = [{"id": None, "chunk_id": None} for _ in clauses.packed]
        order += [{"id": None, "chunk_id": c.chunk_id} for c in passages]
        interaction_id = self._record(conn, Asked(
            "strata_search", query, layers, found.searched, "ok", level, "similarity", found.variants, order,
            {"top_k": top_k}), client, actor)
        return SearchAnswer(
            query=query, clauses=tuple((c, c in clauses.cut) for c in clauses.packed),
            passages=passages, confidence=level, searched=found.searched, fallback=found.fallback,
            note=note or None, interaction_id=interaction_id,
            suspicious=labels.suspicious, ocr_chunks=labels.ocr)

    def ask(self, conn: psycopg.Connection, question: Any, layers: Any = None, top_k: Any = 10,
            mode: Any = None, *, client: str | None = None, actor: str | None = None) -> Answer:
        """strata_ask: retrieve, rank, pack and respond."""
        known = load_layers(conn)
        question = check_text("question", question)
        top_k = check_top_k(top_k)
        layers = check_layers(layers, known)
        mode = check_mode(mode)
        return self.answer(conn, question, layers, top_k, mode, known, client=client, actor=actor)

    def answer(self, conn: psycopg.Connection, question: str, layers: list[str] | None, top_k: int,
               mode: str | None, known: KnownLayers, *, client: str | None = None,
               actor: str | None = None) -> Answer:
        """`ask` for checked arguments."""
        learned = self.learned.get(conn)
        retrieval, _, quarantined = screen(conn, retrieve(
            conn, self.searcher, question, layers, known, top_k,
            rewriting=Rewriting(learned, self.rewriter, datetime.now(UTC))))
        ranking = rank(question, retrieval, exact_lookup(conn, question, retrieval.searched, known),
                       self.reranker, reranking_enabled=self.config.reranking_enabled)
        ranking = demote(ranking, learned.demotions)
        citer = Citer(doc_infos(conn, list({c.document_id for c in ranking.ranked})), known)
        packed = pack_passages(ranking, citer, self.config.token_budget)
        self.sentence_warning = None
        out = respond(conn, question, mode, layers is not None, retrieval, ranking, packed, citer,
                      budget=self.config.token_budget, score=self._sentence_scores)
        if self.sentence_warning:
            out.warnings.append(self.sentence_warning)
        labels = load_labels(conn, (p.passage.chunk_id for p in packed.passages))
        notes = [*out.notes, *(n for n in (quarantine_note(quarantined), basis_note(
            out.status, [(p.passage, ranking.score_of(p.passage)) for p in packed.passages], labels,
            lambda score: status_for(score, ranking.basis) == "found")) if n)]
        details: dict[str, Any] = {"top_k": top_k, "variants": len(retrieval.variants),
                                   "refs": [p.passage.ref for p in packed.passages],
                                   "rewrite_source": retrieval.rewrite_source}
        if retrieval.learned_rewrites:
            details["learned_rewrites"] = list(retrieval.learned_rewrites)
        interaction_id = self._record(conn, Asked(
            "strata_ask", question, layers, retrieval.searched, out.status, out.confidence, ranking.basis,
            retrieval.variants, [{"id": p.id, "chunk_id": p.passage.chunk_id} for p in packed.passages], details),
            client, actor)
        computed = route_question(conn, question, layers, self.config.data_dir, self.config.table_limits)
        return Answer(question=question, status=out.status, mode=out.mode, confidence=out.confidence,
                      retrieval=retrieval, ranking=ranking, packed=packed, extraction=out.extraction,
                      notes=tuple(notes) + ((computed_note(computed),) if computed else ()),
                      warnings=tuple(dict.fromkeys((*retrieval.warnings, *out.warnings))),
                      receipt_id=out.receipt_id, interaction_id=interaction_id, computed=computed,
                      suspicious=labels.suspicious, ocr_chunks=labels.ocr)
