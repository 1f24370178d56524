"""A parsed document made storable: NUL and lone surrogates from any decoder replaced one
character for one in its text and headings, so every offset holds and PostgreSQL accepts it (no I/O)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from stratakb_core.textsafe import storable_text
from stratakb_core.values import ParsedDocument

__all__ = ["storable_document"]


def storable_document(doc: ParsedDocument) -> ParsedDocument:
    """doc with NUL and lone surrogates (from any decoder) replaced in its text and headings, one
    character for one, so every offset holds and PostgreSQL accepts what is stored."""
    text = storable_text(doc.text)
    sections = doc.sections
    if any(_unstorable_section(s) for s in sections):
        sections = tuple(replace(s, heading=storable_text(s.heading) if s.heading else s.heading,
                                 path=tuple(storable_text(h) for h in s.path)) for s in sections)
    if text is doc.text and sections is doc.sections:
        return doc
    return replace(doc, text=text, sections=sections)


def _unstorable_section(s: Any) -> bool:
    return (s.heading is not None and storable_text(s.heading) is not s.heading) or any(
        storable_text(h) is not h for h in s.path)
