"""Citations: where a passage comes from, as the MCP wire dict and as the text people read (no I/O).

One formatter for every renderer: strata_ask's passages and extractive sentences carry
`Citation.as_wire()`; `stratakb ask`, the extractive answer and `stratakb receipt` print
`citation_text` of the same dicts (receipts are stored as JSON, so the text reads a mapping).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stratakb_core.textsafe import escape_for_terminal as esc

__all__ = ["Citation", "citation_text", "lines_label"]


@dataclass(frozen=True)
class Citation:
    """Where a passage is: file, page, lines, clause path, layer, and the document's date,
    successor and archived mark."""

    file: str
    page: int | None
    line_start: int
    line_end: int
    section_path: tuple[str, ...]
    layer: str
    date: str | None = None
    date_source: str | None = None
    replaced_by: str | None = None
    archived: bool = False

    @property
    def lines(self) -> str:
        return f"{self.line_start}-{self.line_end}"

    @property
    def clause_path(self) -> str | None:
        return " > ".join(self.section_path) if self.section_path else None

    def as_wire(self) -> dict[str, Any]:
        """The citation as strata_ask returns it (replaced_by and archived only when they apply)."""
        out: dict[str, Any] = {
            "file": self.file, "page": self.page, "lines": self.lines, "clause_path": self.clause_path,
            "layer": self.layer, "date": self.date, "date_source": self.date_source,
        }
        if self.replaced_by:
            out["replaced_by"] = self.replaced_by
        if self.archived:
            out["archived"] = True
        return out

    def text(self) -> str:
        return citation_text(self.as_wire())


def lines_label(lines: Any) -> str:
    """ "lines 10-12", or "line 10" for one line ("10-10" or "10")."""
    first, sep, last = str(lines).partition("-")
    return f"line {first}" if not sep or first == last else f"lines {lines}"


def citation_text(c: Mapping[str, Any], *, provenance: bool = True) -> str:
    """A citation for people: "file, page 3, lines 10-12, 4 Term, layer contracts, dated ...".

    Without provenance (a receipt's passage or quote, which records no layer or date) it stops
    after the clause path, and names the lines only when they are known."""
    parts = [esc(str(c.get("file")))]
    if c.get("page") is not None:
        parts.append(f"page {c['page']}")
    if provenance or c.get("lines"):
        parts.append(lines_label(c.get("lines")))
    if c.get("clause_path"):
        parts.append(esc(c["clause_path"]))
    if not provenance:
        return ", ".join(parts)
    parts.append(f"layer {esc(str(c.get('layer')))}")
    if c.get("date"):
        parts.append(f"dated {c['date']} ({c.get('date_source')})")
    if c.get("replaced_by"):
        parts.append(f"replaced by {esc(c['replaced_by'])}")
    if c.get("archived"):
        parts.append("archived")
    return ", ".join(parts)
