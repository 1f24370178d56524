"""Clause and section references: labels of structure-map headings and the references a question
makes to them (clause 7.2, Article 12, § 4, Annex II, a bare 4.3.2 or 7(2)(b), AT-44); no I/O.

Both sides normalise to the same key ('7.2', 'article 12', 'section 4', 'annex ii', 'at-44'), so
an exact lookup is an equality on the stored label.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from stratakb_core.labels import KEYWORDS, NUMBER, ROMAN, norm_number, section_label
from stratakb_core.patterns import compile_regex

MAX_REFERENCES = 10
__all__ = ["MAX_REFERENCES", "Reference", "find_references", "section_label"]

_KEYWORD_REF = re.compile(
    r"(?<![\w§])(articles?|art\.?|sections?|sec\.?|§§?|annex(?:es)?|appendix|appendices|schedules?|"
    rf"parts?|chapters?|clauses?|rules?)\s*({NUMBER}|{ROMAN}\b|[a-z]\b)",
    re.IGNORECASE,
)
# A bare dotted number with at least one dot (4.3.2, 7.2) or a bracketed clause (7(2)(b)).
_BARE_REF = re.compile(r"(?<![\w.])(\d+(?:\.\d+)+(?:\(\w{1,4}\))*|\d+(?:\(\w{1,4}\))+)(?![\w.]*\d)")
# A bare number right after a name is that name's version, not a clause: TLS 1.3, OAuth 2.0,
# Python 3.12 (a capitalised word not starting the question), version 2.1, v1.4.
_VERSION_OF = re.compile(r"(?:(?<![\w.])(?:[A-Z][A-Za-z0-9+-]*|version|release)[ \t]+|(?<![\w.])v)$", re.IGNORECASE)
_ACRONYM = re.compile(r"[A-Z]{2,}[A-Za-z0-9+-]*|[A-Za-z]+[a-z][A-Z]\w*")


@dataclass(frozen=True)
class Reference:
    text: str  # as written in the question
    label: str  # normalised key
    bare: bool  # a bare number: may be a version or an amount


def _is_version(question: str, start: int) -> bool:
    """Whether the bare number at `start` follows a name (TLS 1.3, Python 3.12) or "version"."""
    before = question[max(0, start - 40):start]
    m = _VERSION_OF.search(before)
    if m is None:
        return False
    word = m.group(0).strip()
    if word.lower() in ("version", "release", "v"):
        return True
    if not word[0].isupper():
        return False
    # a capitalised word opening the question ("See 4.3.2") is not a name; an acronym is
    opens = not question[:start - len(m.group(0))].strip()
    return bool(_ACRONYM.fullmatch(word)) or not opens


def find_references(question: str, structure_patterns: Sequence[str] = ()) -> list[Reference]:
    """The clause and section references in a question, in order, without duplicates."""
    found: list[tuple[int, Reference]] = []
    taken: list[tuple[int, int]] = []
    for m in _KEYWORD_REF.finditer(question):
        word = m.group(1).lower()
        kw = next((v for k, v in KEYWORDS.items() if word.rstrip("s.") == k.rstrip(".") or word == k), None)
        if kw is None:
            kw = {"annexes": "annex", "appendices": "appendix"}.get(word, word.rstrip("s"))
        label = f"{kw} {norm_number(m.group(2))}"
        found.append((m.start(), Reference(m.group(0), label, False)))
        # "clause 7.2" also names the bare number 7.2; keep the number as the label for clauses
        if kw == "clause":
            found[-1] = (m.start(), Reference(m.group(0), norm_number(m.group(2)), False))
        taken.append(m.span())
    for m in _BARE_REF.finditer(question):
        if any(a <= m.start() < b for a, b in taken) or _is_version(question, m.start()):
            continue
        found.append((m.start(), Reference(m.group(0), norm_number(m.group(1)), True)))
    for pattern in structure_patterns:
        body = pattern[1:] if pattern.startswith("^") else pattern
        rx = compile_regex(body)  # linear-time whenever google-re2 can run it: a question cannot hang it
        if rx is None:
            continue
        for m in rx.finditer(question[:2000]):
            if not m.group(0) or any(a <= m.start() < b for a, b in taken):
                continue
            label = m.groupdict().get("label") or m.group(0)
            found.append((m.start(), Reference(m.group(0), label.strip().lower(), False)))
            taken.append(m.span())
    found.sort(key=lambda x: x[0])
    seen: set[str] = set()
    out: list[Reference] = []
    for _, ref in found:
        if ref.label not in seen:
            seen.add(ref.label)
            out.append(ref)
    return out
