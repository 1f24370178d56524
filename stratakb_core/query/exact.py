"""Exact clause lookup: the sections a question names by number or id ("section 4.4", "RFC 8200
section 4.4"), read verbatim from the stored documents; does I/O (the store).

A clause runs to the next heading at its level or above, so its subclauses come with it. At most
10 references are looked up, 50 candidate sections considered and 10 read; `exact_note` says
what was not.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import psycopg

from stratakb_core.patterns import check_regex
from stratakb_core.query.answer_types import ExactLookup, KnownLayers, RetrievedPassage
from stratakb_core.query.clauses import MAX_REFERENCES, Reference, find_references
from stratakb_core.store.clause_reads import clause_text, sections_labelled

__all__ = ["MAX_EXACT_CANDIDATES", "MAX_EXACT_READ", "exact_lookup", "exact_note"]

MAX_EXACT_READ = 10
MAX_EXACT_CANDIDATES = 50

_DOC_HINT = re.compile(r"\b(RFC|PEP|ISO|BS|EN|IEC|NIST)\s*-?\s*(\d{1,6})\b", re.IGNORECASE)


def _labels_for(ref: Reference) -> list[str]:
    labels = [ref.label]
    kw, _, num = ref.label.partition(" ")
    if kw in ("section", "clause") and num and num[0].isdigit():
        labels.append(num)  # "section 4.4" names the numbered heading "4.4. Routing Header"
    return labels


def _doc_hints(question: str) -> list[str]:
    """Numbered document names in a question (RFC 8200, PEP 8) as path keys ('rfc8200', 'pep8')."""
    return [f"{m.group(1).lower()}{int(m.group(2))}" for m in _DOC_HINT.finditer(question)]


def _path_key(path: str) -> str:
    key = re.sub(r"[^a-z0-9]+", "", path.lower())
    return re.sub(r"(?<=[a-z])0+(?=\d)", "", key)


def _candidate_sections(conn: psycopg.Connection, refs: Sequence[Reference], layers: Sequence[str],
                        hints: Sequence[str]) -> tuple[list[tuple[Any, ...]], bool]:
    """The sections each reference names (at most 50 for all of them), unique, and whether the
    limit was hit."""
    rows: list[tuple[Any, ...]] = []
    hit_limit = False
    for ref in refs:
        room = MAX_EXACT_CANDIDATES - len(rows)  # at most 50 candidate sections, all references together
        found = sections_labelled(conn, _labels_for(ref), layers, max(room, 0) + 1)
        if len(found) > room:
            hit_limit = True
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
    return unique, hit_limit


def _read_section(conn: psycopg.Connection, row: tuple[Any, ...]) -> RetrievedPassage | None:
    doc_id, ordinal, start, _end, level, path, file, layer = row
    # The clause runs to the next heading at its level or above, so its subclauses come too.
    read = clause_text(conn, doc_id, ordinal, level)
    if read is None:
        return None
    text, first_line, pages, nxt = read
    end = nxt if nxt is not None else len(text)
    body = text[start:end]
    stripped_end = start + len(body.rstrip())
    page = None
    if pages:
        for i, (ps, pe) in enumerate(pages):
            if ps <= start < pe:
                page = i + 1
                break
    return RetrievedPassage(
        document_id=doc_id, layer=layer, file=file, start=start, end=stripped_end,
        text=text[start:stripped_end], line_start=first_line + text.count("\n", 0, start),
        line_end=first_line + text.count("\n", 0, max(start, stripped_end - 1)), page=page,
        section_path=tuple(path or ()), similarity=0.0, exact=True,
    )


def exact_lookup(conn: psycopg.Connection, question: str, layers: Sequence[str], known: KnownLayers) -> ExactLookup:
    """Sections the question names by number or id, in the layers searched, verbatim."""
    patterns: list[str] = []
    for layer in layers:
        patterns.extend(known.setting(layer, "structure", []))
    patterns = [p for p in patterns if check_regex(p) is None]
    refs = find_references(question, patterns)
    references = tuple(refs[:MAX_REFERENCES])
    not_looked_up = tuple(r.text for r in refs[MAX_REFERENCES:])
    if not refs:
        return ExactLookup(references=references, not_looked_up=not_looked_up)
    unique, hit_limit = _candidate_sections(conn, references, layers, _doc_hints(question))
    read = [_read_section(conn, row) for row in unique[:MAX_EXACT_READ]]
    return ExactLookup(passages=tuple(p for p in read if p is not None), references=references,
                       not_looked_up=not_looked_up, unread=max(0, len(unique) - MAX_EXACT_READ),
                       hit_candidate_limit=hit_limit)


def exact_note(exact: ExactLookup, no_layers_named: bool) -> str | None:
    """What the lookup did not read, and how to read it."""
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
