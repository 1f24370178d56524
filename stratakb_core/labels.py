"""Clause labels: the one normalised key of a numbered or coded heading ('7.2', 'article 12',
'section 4', 'annex ii', 'at-44'), shared by the structure map that stores it and the clause
lookup that finds it, so an exact lookup is an equality on the stored label (no I/O)."""

from __future__ import annotations

import re

KEYWORDS = {
    "article": "article", "art": "article", "art.": "article", "section": "section", "sec": "section",
    "sec.": "section", "§": "section", "§§": "section", "annex": "annex", "appendix": "appendix",
    "schedule": "schedule", "part": "part", "chapter": "chapter", "clause": "clause", "rule": "rule",
}
ROMAN = r"[ivxlcdm]+"
NUMBER = r"\d+(?:\.\d+)*[a-z]?(?:\(\w{1,4}\))*"
_KEYWORD_HEADING = re.compile(
    r"^\s*(article|section|annex|appendix|schedule|part|chapter|clause|rule|§)\s*"
    rf"({NUMBER}|{ROMAN}|[a-z])(?=$|[\s.:)\-–—])",
    re.IGNORECASE,
)
_NUMBER_HEADING = re.compile(rf"^\s*({NUMBER})\.?(?=$|\s)", re.IGNORECASE)
_CODE_HEADING = re.compile(r"^\s*([A-Za-z]{1,10}[-.][A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*)\s*$")


def norm_number(num: str) -> str:
    return num.lower().rstrip(".")


def section_label(heading: str | None) -> str | None:
    """The normalised label of a heading, or None when it has no number or id."""
    if not heading:
        return None
    text = heading.strip()
    m = _KEYWORD_HEADING.match(text)
    if m:
        kw = KEYWORDS.get(m.group(1).lower(), m.group(1).lower())
        return f"{kw} {norm_number(m.group(2))}"
    m = _NUMBER_HEADING.match(text)
    if m:
        return norm_number(m.group(1))
    m = _CODE_HEADING.match(text)
    if m and any(ch.isdigit() for ch in m.group(1)):
        return m.group(1).lower()
    return None
