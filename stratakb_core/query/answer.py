"""strata_ask and strata_search: routing, hybrid search per query variant, RRF merge, reranking,
exact clause lookup, confidence, token-budget packing and citations; does I/O (the store).

The MCP server and the CLI call `ask` and `search_tool`; both return the spec's response dicts.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from stratakb_core.embedding import Embedder
from stratakb_core.errors import UsageError
from stratakb_core.query.clauses import MAX_REFERENCES, Reference, find_references
from stratakb_core.query.confidence import LOW_WARNING, SCALES, judge, status_for
from stratakb_core.query.extractive import SentenceModelUnavailable, Source, answer_extractive
from stratakb_core.query.missing import clause_label, cut_note, left_out_note, pack
from stratakb_core.query.names import find_names, missing_names, missing_note
from stratakb_core.query.rerank import DEFAULT_RERANKING_MODEL, CrossEncoderReranker, RerankerUnavailable
from stratakb_core.query.routing import compile_routing_patterns, content_words, route
from stratakb_core.query.search import RRF_K, SearchCache, SearchResult
from stratakb_core.store.interactions import record_interaction

log = logging.getLogger(__name__)

DEFAULT_TOKEN_BUDGET = 1500
MAX_PASSAGES = 50
MAX_QUESTION_CHARS = 10_000
MAX_EXACT_READ = 10
MAX_EXACT_CANDIDATES = 50
RERANK_CANDIDATES = 20
CHARS_PER_TOKEN = 4

NEXT_STEP_NOT_FOUND = ("Reword the question in the documents' own terms and ask again (at most twice); "
                       "if it is still not found, the documents probably don't cover it. To add "
                       "documents that do, run: stratakb add <folder>")
NEXT_STEP_PARTLY = ("Read the passages: they match in part. Ask a narrower question, name a layer, or "
                    "reword it in the documents' terms to find the rest.")


@dataclass
class AskConfig:
    token_budget: int = DEFAULT_TOKEN_BUDGET
    keyword_slots: int = 1
    reranking_enabled: bool = True
    learning_enabled: bool = True
    store_raw_queries: bool = False
    reranking_model: str | None = None  # extractive answers score sentences with it even when reranking is off
    arms: str = "hybrid"  # "vector" or "keyword" for evaluations that compare modes


@dataclass
class Candidate:
    """A passage on its way to the answer."""

    result: SearchResult | None
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
    fused: float = 0.0
    rerank: float | None = None
    exact: bool = False
    chunk_id: str | None = None

    @property
    def ref(self) -> str:
        return f"d{self.document_id}:{self.start}-{self.end}"


@dataclass
class Context:
    """What one call knows about the store: layers, their patterns and modes."""

    layers: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, conn: psycopg.Connection) -> Context:
        rows = conn.execute(
            "SELECT name, answer_mode, routing_patterns, structure_patterns, archived_patterns FROM layers"
        ).fetchall()
        conn.commit()
        return cls({r[0]: {"answer_mode": r[1], "routing": r[2] or [], "structure": r[3] or [],
                           "archived": r[4] or []} for r in rows})


# ---------------------------------------------------------------------------------------------
# Validation
# ---------------------------------------------------------------------------------------------


class ArgumentError(UsageError):
    """A tool argument the caller can fix; names the argument."""

    code = "invalid_argument"

    def __init__(self, argument: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.argument = argument
        self.extra = extra


def _check_text(name: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(name, f"{name} must be a non-empty string")
    if len(value) > MAX_QUESTION_CHARS:
        raise ArgumentError(name, f"{name} is {len(value):,} characters; at most {MAX_QUESTION_CHARS:,}")
    if "\x00" in value:
        raise ArgumentError(name, f"{name} holds a NUL character")
    return value


def _check_top_k(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 50:
        raise ArgumentError("top_k", f"top_k must be a whole number from 1 to 50, not {value!r}")
    return value


def _check_layers(value: Any, ctx: Context) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ArgumentError("layers", "layers must be a list of layer names")
    if not value:
        return None
    unknown = [v for v in value if v not in ctx.layers]
    if unknown:
        raise ArgumentError("layers", f"unknown layer(s): {', '.join(u for u in unknown)}; known layers: "
                            f"{', '.join(sorted(ctx.layers)) or 'none yet'}", unknown=unknown,
                            known_layers=sorted(ctx.layers))
    return list(dict.fromkeys(value))


def _check_filter(value: Any) -> dict[str, str] | None:
    if value is None or value == {}:
        return None
    if not isinstance(value, dict) or len(value) > 20:
        raise ArgumentError("metadata_filter", "metadata_filter must be an object of at most 20 key: value pairs")
    out: dict[str, str] = {}
    for k, v in value.items():
        if not isinstance(k, str) or not isinstance(v, (str, int)) or isinstance(v, bool):
            raise ArgumentError("metadata_filter", "metadata_filter values must be strings or whole numbers")
        out[k] = str(v)
    return out


# ---------------------------------------------------------------------------------------------
# Citations
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DocInfo:
    file: str
    layer: str
    date: str | None
    date_source: str | None
    replaced_by: str | None
    total_pages: int | None


def _doc_infos(conn: psycopg.Connection, doc_ids: Sequence[int]) -> dict[int, DocInfo]:
    if not doc_ids:
        return {}
    rows = conn.execute(
        "SELECT d.id, d.path, d.layer, d.date::text, d.date_source,"
        " (SELECT min(o.path) FROM documents o WHERE o.source_id = d.source_id AND o.supersedes = d.path),"
        " jsonb_array_length(coalesce(v.pages, '[]'::jsonb))"
        " FROM documents d JOIN document_versions v ON v.id = d.version_id WHERE d.id = ANY(%s)",
        (list(doc_ids),),
    ).fetchall()
    conn.commit()
    return {r[0]: DocInfo(r[1], r[2], r[3], r[4], r[5], r[6] or None) for r in rows}


def _is_archived(path: str, patterns: Sequence[str]) -> bool:
    if not patterns:
        return False
    try:
        from stratakb_core.patterns import is_archived
    except ImportError:
        import pathspec

        spec = pathspec.GitIgnoreSpec.from_lines(list(patterns))
        return bool(spec.match_file(path))
    return bool(is_archived(path, list(patterns)))


def citation(c: Candidate, info: DocInfo | None, ctx: Context) -> dict[str, Any]:
    cit: dict[str, Any] = {
        "file": info.file if info else c.file,
        "page": c.page,
        "lines": f"{c.line_start}-{c.line_end}",
        "clause_path": " > ".join(c.section_path) if c.section_path else None,
        "layer": c.layer,
        "date": info.date if info else None,
        "date_source": info.date_source if info else None,
    }
    if info and info.replaced_by:
        cit["replaced_by"] = info.replaced_by
    if _is_archived(cit["file"], ctx.layers.get(c.layer, {}).get("archived", [])):
        cit["archived"] = True
    return cit


# ---------------------------------------------------------------------------------------------
# Exact clause lookup
# ---------------------------------------------------------------------------------------------


def _labels_for(ref: Reference) -> list[str]:
    labels = [ref.label]
    kw, _, num = ref.label.partition(" ")
    if kw in ("section", "clause") and num and num[0].isdigit():
        labels.append(num)  # "section 4.4" names the numbered heading "4.4. Routing Header"
    return labels


_DOC_HINT = re.compile(r"\b(RFC|PEP|ISO|BS|EN|IEC|NIST)\s*-?\s*(\d{1,6})\b", re.IGNORECASE)


def _doc_hints(question: str) -> list[str]:
    """Numbered document names in a question (RFC 8200, PEP 8) as path keys ('rfc8200', 'pep8')."""
    return [f"{m.group(1).lower()}{int(m.group(2))}" for m in _DOC_HINT.finditer(question)]


def _path_key(path: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "", path.lower())
    return re.sub(r"(?<=[a-z])0+(?=\d)", "", key)


@dataclass
class ExactLookup:
    candidates: list[Candidate] = field(default_factory=list)
    references: list[Reference] = field(default_factory=list)
    not_looked_up: list[str] = field(default_factory=list)
    unread: int = 0
    hit_candidate_limit: bool = False


def exact_lookup(conn: psycopg.Connection, question: str, layers: Sequence[str], ctx: Context) -> ExactLookup:
    """Sections the question names by number or id, in the layers searched, verbatim."""
    patterns: list[str] = []
    for layer in layers:
        patterns.extend(ctx.layers.get(layer, {}).get("structure", []))
    try:
        from stratakb_core.patterns import check_regex
        patterns = [p for p in patterns if check_regex(p) is None]
    except ImportError:
        pass
    refs = find_references(question, patterns)
    out = ExactLookup(references=refs[:MAX_REFERENCES], not_looked_up=[r.text for r in refs[MAX_REFERENCES:]])
    if not refs:
        return out
    hints = _doc_hints(question)
    rows: list[tuple[Any, ...]] = []
    for ref in out.references:
        room = MAX_EXACT_CANDIDATES - len(rows)  # at most 50 candidate sections, all references together
        found = conn.execute(
            "SELECT s.document_id, s.ordinal, s.start_char, s.end_char, s.level, s.path, d.path, s.layer"
            " FROM sections s JOIN documents d ON d.id = s.document_id"
            " WHERE s.label = ANY(%s) AND s.layer = ANY(%s) ORDER BY d.path, s.ordinal LIMIT %s",
            (_labels_for(ref), list(layers), max(room, 0) + 1),
        ).fetchall()
        if len(found) > room:
            out.hit_candidate_limit = True
            found = found[:max(room, 0)]
        if hints:
            hinted = [r for r in found if any(h in _path_key(r[6]) for h in hints)]
            if hinted:
                found = hinted
        rows.extend(found)
    conn.commit()
    seen: set[tuple[int, int]] = set()
    unique = []
    for r in rows:
        if (r[0], r[1]) not in seen:
            seen.add((r[0], r[1]))
            unique.append(r)
    out.unread = max(0, len(unique) - MAX_EXACT_READ)
    for doc_id, ordinal, start, _end, level, path, file, layer in unique[:MAX_EXACT_READ]:
        # The clause runs to the next heading at its level or above, so its subclauses come too.
        nxt = conn.execute(
            "SELECT min(start_char) FROM sections WHERE document_id = %s AND ordinal > %s AND level <= %s",
            (doc_id, ordinal, level),
        ).fetchone()
        vrow = conn.execute(
            "SELECT v.text, v.first_line, v.pages FROM documents d JOIN document_versions v ON v.id = d.version_id"
            " WHERE d.id = %s", (doc_id,)
        ).fetchone()
        conn.commit()
        if not vrow:
            continue
        text, first_line, pages = vrow
        end = nxt[0] if nxt and nxt[0] is not None else len(text)
        body = text[start:end]
        stripped_end = start + len(body.rstrip())
        page = None
        if pages:
            for i, (ps, pe) in enumerate(pages):
                if ps <= start < pe:
                    page = i + 1
                    break
        out.candidates.append(Candidate(
            result=None, document_id=doc_id, layer=layer, file=file, start=start, end=stripped_end,
            text=text[start:stripped_end], line_start=first_line + text.count("\n", 0, start),
            line_end=first_line + text.count("\n", 0, max(start, stripped_end - 1)), page=page,
            section_path=tuple(path or ()), similarity=0.0, exact=True,
        ))
    return out


# ---------------------------------------------------------------------------------------------
# The searches
# ---------------------------------------------------------------------------------------------


def _from_result(r: SearchResult) -> Candidate:
    return Candidate(result=r, document_id=r.document_id, layer=r.layer, file=r.file, start=r.start, end=r.end,
                     text=r.text, line_start=r.line_start, line_end=r.line_end, page=r.page,
                     section_path=r.section_path, similarity=r.similarity, fused=r.score, chunk_id=r.chunk_id)


def _routing(conn: psycopg.Connection, question: str, ctx: Context) -> tuple[list[str], bool]:
    patterns = {name: compile_routing_patterns(name, info["routing"]) for name, info in ctx.layers.items()}
    words = content_words(question[:2000])
    affinities: dict[str, float] = {}
    if words:
        for layer, aff in conn.execute(
            "SELECT layer, max(affinity) FROM layer_affinities WHERE term = ANY(%s) GROUP BY layer", (words,)
        ).fetchall():
            affinities[layer] = float(aff)
        conn.commit()
    r = route(question, patterns, affinities, list(ctx.layers))
    return list(r.layers), r.routed


def _synonym_variant(conn: psycopg.Connection, question: str, layers: Sequence[str]) -> str | None:
    words = content_words(question)
    if not words:
        return None
    rows = conn.execute(
        "SELECT DISTINCT synonym FROM synonyms WHERE term = ANY(%s) AND (layer IS NULL OR layer = ANY(%s))",
        (words, list(layers)),
    ).fetchall()
    conn.commit()
    extra = [r[0] for r in rows if r[0].lower() not in words]
    return f"{question} {' '.join(extra)}" if extra else None


def _merge_rrf(lists: Sequence[Sequence[SearchResult]], top_k: int) -> list[Candidate]:
    scores: dict[str, float] = {}
    best: dict[str, SearchResult] = {}
    for results in lists:
        for rank, r in enumerate(results, 1):
            scores[r.chunk_id] = scores.get(r.chunk_id, 0.0) + 1.0 / (RRF_K + rank)
            best.setdefault(r.chunk_id, r)
    ordered = sorted(scores, key=lambda cid: (-scores[cid], cid))[:top_k]
    top = scores[ordered[0]] if ordered else 1.0
    out = []
    for cid in ordered:
        c = _from_result(best[cid])
        c.fused = scores[cid] / top  # the merged rank score, best = 1.0
        out.append(c)
    return out


# ---------------------------------------------------------------------------------------------
# The engine
# ---------------------------------------------------------------------------------------------


class Engine:
    """Answers strata_ask and strata_search over one store; holds the caches and the reranker."""

    def __init__(self, embedder: Embedder, config: AskConfig, reranker: CrossEncoderReranker | None = None) -> None:
        self.embedder = embedder
        self.config = config
        self.reranker = reranker
        self.cache = SearchCache()
        self._sentence_scorer: CrossEncoderReranker | None = None

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

    # -- shared ---------------------------------------------------------------------------------

    def _search_layers(self, conn: psycopg.Connection, question: str, layers: list[str] | None, ctx: Context,
                       top_k: int, variants: Sequence[str], metadata_filter: dict[str, str] | None = None,
                       ) -> tuple[list[Candidate], list[str], dict[str, str] | None]:
        routed = False
        if layers is None:
            searched, routed = _routing(conn, question, ctx)
        else:
            searched = layers
        results = self._run_variants(conn, variants, searched, top_k, metadata_filter)
        fallback = None
        if routed:
            sims = [c.similarity for c in results]
            if len(results) < top_k:
                fallback = "insufficient_results"
            elif judge(sims, "similarity") == "low":
                fallback = "low_confidence"
            if fallback:
                searched = sorted(ctx.layers)
                results = self._run_variants(conn, variants, searched, top_k, metadata_filter)
        return results, searched, ({"reason": fallback, "searched_layers": "all"} if fallback else None)

    def _run_variants(self, conn: psycopg.Connection, variants: Sequence[str], layers: list[str], top_k: int,
                      metadata_filter: dict[str, str] | None) -> list[Candidate]:
        lists = [self.cache.search(conn, self.embedder, v, layers=layers, top_k=top_k,
                                   keyword_slots=self.config.keyword_slots, metadata_filter=metadata_filter,
                                   arms=self.config.arms)
                 for v in variants]
        return _merge_rrf(lists, top_k)

    def _record(self, conn: psycopg.Connection, tool: str, query: str, layers: list[str] | None,
                searched: Sequence[str], status: str, confidence: str, chunk_ids: Sequence[str],
                details: dict[str, Any]) -> str:
        interaction_id = "int_" + uuid.uuid4().hex[:20]
        if not self.config.learning_enabled:
            return interaction_id
        from stratakb_core.query.scrub import scrub

        stored = query if self.config.store_raw_queries else scrub(query)
        record_interaction(conn, interaction_id, tool, stored, layers, searched, status, confidence, chunk_ids,
                           details)
        return interaction_id

    # -- strata_search --------------------------------------------------------------------------

    def search(self, conn: psycopg.Connection, query: Any, layers: Any = None, top_k: Any = 5,
               metadata_filter: Any = None) -> dict[str, Any]:
        ctx = Context.load(conn)
        query = _check_text("query", query)
        top_k = _check_top_k(top_k)
        layers = _check_layers(layers, ctx)
        mf = _check_filter(metadata_filter)
        results, searched, fallback = self._search_layers(conn, query, layers, ctx, top_k, [query], mf)
        exact = exact_lookup(conn, query, searched, ctx) if not mf else ExactLookup()
        exact_keys = {(c.document_id, c.start) for c in exact.candidates}
        out: list[dict[str, Any]] = []
        # Named clauses share the budget as in strata_ask; a cut one is marked "cut": true.
        clauses = pack(exact.candidates, len(exact.candidates), self.config.token_budget,
                       render=lambda c, _id: _exact_result(c), cut=_cut_candidate, text_of=lambda c: c.text)
        for c in clauses.packed:
            out.append(_exact_result(c) | ({"cut": True} if c in clauses.cut else {}))
        for c in results:
            if (c.document_id, c.start) in exact_keys:
                continue
            out.append({"id": c.chunk_id, "ref": c.ref, "layer": c.layer, "file": c.file,
                        "lines": f"{c.line_start}-{c.line_end}", "page": c.page,
                        "section_path": " > ".join(c.section_path) or None,
                        "similarity": round(c.similarity, 4), "score": round(c.fused, 4), "text": c.text})
        sims = [c.similarity for c in results]
        level = judge(sims, "similarity")
        resp: dict[str, Any] = {"status": "ok", "query": query, "results": out, "confidence": level,
                                "basis": "similarity", "searched_layers": list(searched)}
        if fallback:
            resp["routing_fallback"] = fallback
        if level == "low":
            resp["warning"] = LOW_WARNING
        note = " ".join(n for n in (_exact_note(exact, layers is None), left_out_note(
            [clause_label(c.section_path, c.file) for c in clauses.left_out])) if n)
        if note:
            resp["note"] = note
        resp["interaction_id"] = self._record(conn, "strata_search", query, layers, searched, "ok", level,
                                              [c.chunk_id or "" for c in results], {"top_k": top_k})
        return resp

    # -- strata_ask -----------------------------------------------------------------------------

    def ask(self, conn: psycopg.Connection, question: Any, layers: Any = None, include_sources: Any = True,
            top_k: Any = 10, response_format: Any = "concise", mode: Any = None) -> dict[str, Any]:
        ctx = Context.load(conn)
        question = _check_text("question", question)
        top_k = _check_top_k(top_k)
        layers = _check_layers(layers, ctx)
        if response_format not in ("concise", "detailed"):
            raise ArgumentError("response_format", "response_format must be 'concise' or 'detailed'")
        if mode not in (None, "grounded", "extractive"):
            raise ArgumentError("mode", "mode must be 'grounded' or 'extractive' (or left out)")
        if not isinstance(include_sources, bool):
            raise ArgumentError("include_sources", "include_sources must be true or false")
        warnings: list[str] = []
        variants = [question]
        probe_layers = layers if layers is not None else sorted(ctx.layers)
        syn = _synonym_variant(conn, question, probe_layers)
        if syn:
            variants.append(syn)
        results, searched, fallback = self._search_layers(conn, question, layers, ctx, top_k, variants)

        basis = "similarity"
        if self.config.reranking_enabled and results:
            if self.reranker is None:
                warnings.append("Reranking is on but no reranking model is configured; passages are ranked "
                                "by similarity.")
            else:
                try:
                    pool = results[:RERANK_CANDIDATES]
                    scores = self.reranker.score(question, [c.text for c in pool])
                    for c, s in zip(pool, scores, strict=True):
                        c.rerank = float(s)
                    pool.sort(key=lambda c: -(c.rerank or 0.0))
                    results = pool + results[RERANK_CANDIDATES:]
                    basis = "rerank"
                except RerankerUnavailable as exc:
                    warnings.append(f"{exc}; passages are ranked by similarity, without reranking.")
        exact = exact_lookup(conn, question, searched, ctx)
        ranked: list[Candidate] = list(exact.candidates)
        keys = {(c.document_id, c.start, c.end) for c in ranked}
        ranked += [c for c in results if (c.document_id, c.start, c.end) not in keys]

        def score_of(c: Candidate) -> float:
            return (c.rerank if basis == "rerank" and c.rerank is not None else c.similarity)

        infos = _doc_infos(conn, list({c.document_id for c in ranked}))
        # Named clauses share the budget in order (cut at a word, or left out whole), then the rest.
        packing = pack(ranked, len(exact.candidates), self.config.token_budget,
                       render=lambda c, pid: {"id": pid, "ref": c.ref, "text": c.text,
                                              "citation": citation(c, infos.get(c.document_id), ctx)},
                       cut=_cut_candidate, text_of=lambda c: c.text, max_passages=MAX_PASSAGES)
        passages, packed = packing.passages, packing.packed
        search_scores = [score_of(c) for c in results]
        level = judge(search_scores, basis)  # type: ignore[arg-type]
        best = max((score_of(c) for c in packed if not c.exact), default=None)
        clauses_back = [c for c in packed if c.exact]
        status = "found" if clauses_back else status_for(best, basis)  # type: ignore[arg-type]
        answer_mode = _answer_mode(mode, [c.layer for c in packed], searched, ctx)
        notes: list[str] = []
        if mode == "grounded" and answer_mode == "extractive":
            notes.append("A passage comes from an extractive layer, so the answer stays extractive.")
        exact_note = _exact_note(exact, layers is None)
        if exact_note:
            notes.append(exact_note)
        left_note = left_out_note([clause_label(c.section_path, c.file) for c in packing.left_out])
        if left_note:
            notes.append(left_note)
        part_missing = bool(packing.left_out or exact.unread or exact.not_looked_up)
        extraction = None
        if answer_mode == "extractive":
            whole = {(c.document_id, c.start): c.end for c in exact.candidates}
            sources = [Source(p["id"], c, whole.get((c.document_id, c.start)) if c.exact else None)
                       for p, c in zip(passages, packed, strict=True)]

            def cite_span(c: Candidate, start: int, end: int, line_start: int, line_end: int, page: int | None,
                          path: tuple[str, ...]) -> dict[str, Any]:
                from dataclasses import replace

                span = replace(c, start=start, end=end, line_start=line_start, line_end=line_end, page=page,
                               section_path=path)
                return citation(span, infos.get(c.document_id), ctx)

            extraction = answer_extractive(conn, question, sources, budget=self.config.token_budget,
                                           cite=cite_span, score=self._sentence_scores,
                                           medium=SCALES["rerank"].medium, high=SCALES["rerank"].high)
            status = extraction.status
            notes.extend(extraction.notes)
            warnings.extend(extraction.warnings)
        else:
            cut = cut_note([clause_label(c.section_path, c.file) for c in packing.cut])
            if cut:
                notes.append(cut)
            part_missing = part_missing or bool(packing.cut)
        if part_missing and status == "found":
            status = "partly_found"
        names = find_names(question)
        absent = missing_names(names, [p["text"] for p in passages] + [p["citation"]["file"] for p in passages]
                               + (extraction.texts if extraction else []))
        if absent:
            if len(absent) == len(names) and not clauses_back:
                status = "not_found"
            elif status == "found":
                status = "partly_found"
            notes.append(missing_note(absent))
            if status == "not_found" and answer_mode == "grounded" and passages:
                notes.append("The passages are related text, not the answer.")
        receipt_id = None
        if extraction is not None:
            if status == "not_found":
                extraction.drop_answer()
            elif extraction.items:
                from stratakb_core.query.receipts import issue_extractive

                receipt_id = issue_extractive(conn, question, extraction.quotes)
        interaction_id = self._record(
            conn, "strata_ask", question, layers, searched, status, level,
            [c.chunk_id or "" for c in packed], {"top_k": top_k, "basis": basis, "variants": len(variants)})
        resp: dict[str, Any] = {"status": status, "mode": answer_mode}
        if status != "found":
            resp["next_step"] = NEXT_STEP_NOT_FOUND if status == "not_found" else NEXT_STEP_PARTLY
        if extraction is not None:
            resp["answer"] = extraction.items
            if receipt_id:
                resp["receipt_id"] = receipt_id
        else:
            resp["passages"] = passages
        if notes:
            resp["note"] = " ".join(notes)
        if level == "low" and status != "found":
            warnings.append(LOW_WARNING)
        if warnings:
            resp["warning"] = " ".join(warnings)
        resp["interaction_id"] = interaction_id
        if response_format == "detailed":
            detail: dict[str, Any] = {
                "status": "ok", "answer_status": status, "mode": answer_mode, "confidence": level,
                "basis": basis, "query_variants": variants, "searched_layers": list(searched),
                "passages": passages,
                **({"answer": [item | {"score": None if sc is None else round(sc, 4)}
                               for item, sc in zip(extraction.items, extraction.scores, strict=True)]}
                   if extraction is not None else {}),
                "retrieved_chunks": [{
                    "id": c.chunk_id, "ref": c.ref, "layer": c.layer, "file": c.file, "score": round(c.fused, 4),
                    "rerank_score": None if c.rerank is None else round(c.rerank, 4),
                    "similarity": round(c.similarity, 4), "match": "exact" if c.exact else None,
                } for c in ranked],
            }
            if include_sources:
                seen: dict[str, dict[str, Any]] = {}
                for c in ranked:
                    key = f"{c.layer}/{c.file}"
                    if key not in seen:
                        seen[key] = {"file": c.file, "layer": c.layer, "relevance_score": round(score_of(c), 4)}
                detail["sources"] = list(seen.values())
            for k in ("next_step", "note", "warning", "receipt_id", "interaction_id"):
                if k in resp:
                    detail[k] = resp[k]
            if fallback:
                detail["routing_fallback"] = fallback
            return detail
        return resp


def _exact_result(c: Candidate) -> dict[str, Any]:
    return {"id": None, "ref": c.ref, "layer": c.layer, "file": c.file, "lines": f"{c.line_start}-{c.line_end}",
            "page": c.page, "section_path": " > ".join(c.section_path) or None, "similarity": None,
            "score": None, "match": "exact", "text": c.text}


def _cut_candidate(c: Candidate, n: int) -> Candidate:
    """The candidate with only the first n characters of its text (a named clause cut at a word)."""
    from dataclasses import replace

    text = c.text[:n]
    return replace(c, end=c.start + n, text=text, line_end=c.line_start + text.count("\n"))


def _answer_mode(asked: str | None, passage_layers: Sequence[str], searched: Sequence[str], ctx: Context) -> str:
    modes = {ctx.layers.get(layer, {}).get("answer_mode", "grounded") for layer in passage_layers}
    if passage_layers:
        return "extractive" if "extractive" in modes or asked == "extractive" else "grounded"
    if asked:
        return asked
    searched_modes = {ctx.layers.get(layer, {}).get("answer_mode", "grounded") for layer in searched}
    return "extractive" if "extractive" in searched_modes else "grounded"


def _exact_note(exact: ExactLookup, no_layers_named: bool) -> str | None:
    parts: list[str] = []
    if exact.unread:
        count = f"at least {exact.unread}" if exact.hit_candidate_limit else str(exact.unread)
        hint = []
        if len(exact.references) > 1:
            hint.append("ask about fewer clauses at a time")
        if no_layers_named:
            hint.append("name a layer")
        parts.append(f"{count} more matching sections were not read" + (f"; {' or '.join(hint)}" if hint else "")
                     + ".")
    elif exact.hit_candidate_limit:
        parts.append("More sections may match than were looked at.")
    if exact.not_looked_up:
        parts.append("Only the first 10 references were looked up; not looked up: "
                     + ", ".join(exact.not_looked_up) + ".")
    return " ".join(parts) or None


_ = SCALES  # re-exported for callers that show the thresholds
