"""Title queries: does a section's own title find that section first? (`scripts/eval_titles.py`)

The queries come from the stored structure maps: every section heading of three words or more,
numbering dropped (`5.2 Base Framing Protocol` asks `Base Framing Protocol`), that is unique in
its layer (a title shared by several sections cannot name one). The headings are shuffled with a
fixed seed and split in two halves, dev and test, like the golden sets; a query is a hit when the
first result of strata_search comes from the heading's file and section (or a subsection of it:
a section's text runs to the next heading at its level or above).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from stratakb_core.query import Engine, search_tool, strip_numbering
from stratakb_core.store.document_reads import section_headings

__all__ = ["SEED", "run_titles", "title_queries"]

SEED = 20261201
_WORD = re.compile(r"[^\W\d_]+")


def title_queries(headings: Sequence[tuple[str, str, str]], split: str) -> list[tuple[str, str, str, str]]:
    """(layer, file, heading, query) for the unique headings of 3+ words, in the half `split`."""
    seen: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for layer, file, heading in headings:
        query = strip_numbering(heading)
        if len(_WORD.findall(query)) >= 3 and len(query) <= 120:
            seen.setdefault((layer, query.lower()), []).append((file, heading))
    unique = sorted((layer, v[0][0], v[0][1], q) for (layer, q), v in seen.items() if len(v) == 1)
    random.Random(SEED).shuffle(unique)
    half = unique[0::2] if split == "dev" else unique[1::2] if split == "test" else unique
    return [(layer, file, heading, strip_numbering(heading)) for layer, file, heading, _ in half]


def run_titles(engine: Engine, conn: Any, layers: Sequence[str], split: str = "test",
               limit: int | None = None) -> dict[str, Any]:
    """The share of title queries whose first strata_search result is the titled section."""
    queries = title_queries(section_headings(conn, layers), split)[:limit]
    misses, hits = [], 0
    for layer, file, heading, query in queries:
        results = search_tool(engine, conn, query, layers=[layer], top_k=5)["results"]
        first = results[0] if results else {}
        path = first.get("section_path") or ""
        if first.get("file") == file and heading in path.split(" > "):  # the section, or a subsection of it
            hits += 1
        else:
            misses.append({"layer": layer, "file": file, "heading": heading, "got": [first.get("file"), path]})
    return {"split": split, "queries": len(queries), "first_hits": hits,
            "first_hit_rate": hits / len(queries) if queries else None, "misses": misses}
