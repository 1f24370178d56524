"""The per-layer lexeme document-frequency table hybrid search reads keyword rarity from; does I/O.

`lexeme_df (layer, lexeme, df)`: how many of the layer's chunks hold the lexeme in their full-text
vector, and under the empty lexeme how many chunks the layer has. Search sums the rows of the
layers in scope, one index probe per query word in the same statement as the arms, instead of a
count over the chunks per query word (issue 13).

It is kept with the chunks, in the projector's transaction: the documents an event group changes
are subtracted before it is applied and added after; layer-wide events (a layer removed or renamed,
a source removed) recount their layers. A row may fall to 0 (a word no chunk holds any more); it
is ignored and not compared. `rebuild` recounts from the chunks (verify-store, a bulk load).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import psycopg

from stratakb_core.store import events as ev

__all__ = ["add_documents", "layer_wide", "rebuild", "subtract_documents", "touched_documents"]

# The aggregate of a set of chunks: (layer, lexeme, chunks holding it), plus (layer, '', chunks).
_COUNTS = ("SELECT c.layer, l AS lexeme, count(*) AS n FROM chunks c, unnest(tsvector_to_array(c.tsv)) AS l"
           " WHERE {where} GROUP BY c.layer, l"
           " UNION ALL SELECT c.layer, '', count(*) FROM chunks c WHERE {where} GROUP BY c.layer")
_LAYER_WIDE = {ev.LAYER_REMOVED, ev.LAYER_RENAMED, ev.SOURCE_REMOVED}


def touched_documents(events: Iterable[ev.Event]) -> list[int]:
    """The documents whose chunks an event group replaces or removes."""
    return sorted({int(e.payload["document_id"]) for e in events
                   if e.type in (ev.DOCUMENT_VERSION_ADDED, ev.DOCUMENT_REMOVED) and "document_id" in e.payload})


def layer_wide(events: Iterable[ev.Event]) -> set[str]:
    """The layers an event group changes as a whole (recounted after it), old names included."""
    out: set[str] = set()
    for e in events:
        if e.type in _LAYER_WIDE and e.layer:
            out.add(e.layer)
            if e.type == ev.LAYER_RENAMED and e.payload.get("from"):
                out.add(str(e.payload["from"]))
    return out


def subtract_documents(conn: psycopg.Connection, doc_ids: Sequence[int]) -> None:
    """Take the documents' current chunks out of the counts (before they are replaced)."""
    if doc_ids:
        counts = _COUNTS.format(where="c.document_id = ANY(%(d)s)")
        conn.execute(f"UPDATE lexeme_df x SET df = x.df - d.n FROM ({counts}) d"
                     " WHERE x.layer = d.layer AND x.lexeme = d.lexeme", {"d": list(doc_ids)})


def add_documents(conn: psycopg.Connection, doc_ids: Sequence[int]) -> None:
    """Count the documents' chunks in (after they are written)."""
    if doc_ids:
        conn.execute(f"INSERT INTO lexeme_df (layer, lexeme, df) SELECT layer, lexeme, n FROM"
                     f" ({_COUNTS.format(where='c.document_id = ANY(%(d)s)')}) d"
                     " ON CONFLICT (lexeme, layer) DO UPDATE SET df = lexeme_df.df + EXCLUDED.df", {"d": list(doc_ids)})


def rebuild(conn: psycopg.Connection, layers: Sequence[str] | None = None) -> None:
    """Recount the layers (every layer when None) from their chunks."""
    if layers is None:
        conn.execute("DELETE FROM lexeme_df")
        counts = _COUNTS.format(where="true")
        conn.execute(f"INSERT INTO lexeme_df (layer, lexeme, df) SELECT layer, lexeme, n FROM ({counts}) d")
        return
    if layers:
        conn.execute("DELETE FROM lexeme_df WHERE layer = ANY(%(l)s)", {"l": list(layers)})
        conn.execute(f"INSERT INTO lexeme_df (layer, lexeme, df) SELECT layer, lexeme, n FROM"
                     f" ({_COUNTS.format(where='c.layer = ANY(%(l)s)')}) d", {"l": list(layers)})
