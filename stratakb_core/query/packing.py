"""Packing, the third step of an answer: the ranked passages that fit ANSWER_TOKEN_BUDGET, each
with its citation (file, page, lines, clause path, layer, the document's date, successor and
archived mark); does I/O (reads the documents' dates and successors).

The budget rules are `missing.pack`'s: named clauses share it in order (cut at a word, or left out
whole), then the other passages fill what is left, best first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import psycopg

from stratakb_core.patterns import is_archived
from stratakb_core.query.answer_types import KnownLayers, PackedAnswer, PackedPassage, Ranking, RetrievedPassage
from stratakb_core.query.citations import Citation
from stratakb_core.query.missing import pack
from stratakb_core.store.clause_reads import citation_facts

__all__ = ["MAX_PASSAGES", "DocInfo", "Citer", "cut_passage", "doc_infos", "pack_passages"]

MAX_PASSAGES = 50


@dataclass(frozen=True)
class DocInfo:
    file: str
    layer: str
    date: str | None
    date_source: str | None
    replaced_by: str | None
    total_pages: int | None


def doc_infos(conn: psycopg.Connection, doc_ids: Sequence[int]) -> dict[int, DocInfo]:
    """Each document's path, date and the path of the document that replaces it, by id."""
    rows = citation_facts(conn, doc_ids)
    return {r[0]: DocInfo(r[1], r[2], r[3], r[4], r[5], r[6] or None) for r in rows}


@dataclass(frozen=True)
class Citer:
    """Cites passages of the documents read by `doc_infos`, with the layers' archived patterns."""

    infos: dict[int, DocInfo]
    known: KnownLayers

    def cite(self, p: RetrievedPassage) -> Citation:
        info = self.infos.get(p.document_id)
        file = info.file if info else p.file
        patterns = self.known.setting(p.layer, "archived", [])
        return Citation(
            file=file, page=p.page, line_start=p.line_start, line_end=p.line_end, section_path=p.section_path,
            layer=p.layer, date=info.date if info else None, date_source=info.date_source if info else None,
            replaced_by=info.replaced_by if info else None,
            archived=bool(patterns) and is_archived(file, list(patterns)),
        )


def cut_passage(c: RetrievedPassage, n: int) -> RetrievedPassage:
    """The passage with only the first n characters of its text (a named clause cut at a word)."""
    text = c.text[:n]
    return replace(c, end=c.start + n, text=text, line_end=c.line_start + text.count("\n"))


def pack_passages(ranking: Ranking, citer: Citer, budget: int) -> PackedAnswer:
    """The ranked passages that fit the budget, as S1, S2 ... with their citations."""
    def packed(c: RetrievedPassage, pid: str) -> PackedPassage:
        return PackedPassage(pid, c, citer.cite(c))

    packing = pack(list(ranking.ranked), len(ranking.exact.passages), budget,
                   render=lambda c, pid: packed(c, pid).as_wire(), cut=cut_passage, text_of=lambda c: c.text,
                   max_passages=MAX_PASSAGES)
    passages = tuple(packed(c, wire["id"]) for wire, c in zip(packing.passages, packing.packed, strict=True))
    return PackedAnswer(passages=passages, cut=tuple(packing.cut), left_out=tuple(packing.left_out))
