"""Cut a parsed document into chunks along its sections (no I/O).

A chunk is always a span of the document's own text (``chunk.text == doc.text[start:end]``):
whitespace at its edges is trimmed by moving the span, never by editing the text, so search
results and receipts point at exactly what the file says. Context for the embedding (layer, file,
heading chain or page) is added separately, by ``embedding_text``.

In a paged document only the text inside ``doc.pages`` is chunked: what lies between two pages
(a PDF's page separator, a paged text's running footer, form feed and running header) belongs
to no page and to no chunk. A span cannot skip lines, so a section that runs over a page break
becomes one chunk (or more) per page.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from stratakb_core.values import Chunk, ChunkConfig, ParsedDocument, Section

__all__ = ["chunk_document", "count_truncated", "embedding_text"]

_PARAGRAPH_BREAK = re.compile(r"\n[ \t\f\v]*\n")
_SENTENCE_END = re.compile(r"[.!?…][\"'”’)\]]*(?=\s)")
_WHITESPACE = re.compile(r"\s")
_NON_SPACE = re.compile(r"\S")
# Paragraph, line and sentence breaks are only taken in the second half of the window, so a
# break right after the start cannot leave a sliver of a chunk; spaces are taken anywhere.
_MIN_PIECE_SHARE = 2


@dataclass(frozen=True)
class _Span:
    start: int
    end: int
    section: Section
    whole_section: bool  # the span is the entire section (no page starts inside it)


def chunk_document(doc: ParsedDocument, config: ChunkConfig, max_chunks: int | None = None) -> list[Chunk]:
    """Chunks of doc in text order, ordinals from 0.

    A chunk never crosses a section or a page. A heading with no text of its own before its
    first subsection joins that subsection's chunk and takes the subsection's path (unless a
    page starts at the subsection). A section longer than chunk_size is split, preferring
    paragraph breaks, then line breaks, then sentence ends, then spaces, with chunk_overlap
    characters of overlap (from a word boundary) between pieces; every piece keeps the path.
    With `max_chunks`, stops after that many (the caller tells a cut by asking one more).
    """
    if config.chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    if config.chunk_overlap < 0:
        raise ValueError("chunk_overlap must not be negative")
    text = doc.text
    pages = sorted(doc.pages) if doc.pages else []
    page_starts = [start for start, _ in pages]
    newlines = [m.start() for m in re.finditer("\n", text)]

    chunks: list[Chunk] = []
    for start, end, path in _joined_spans(text, _spans(doc, pages), page_starts):
        for piece_start, piece_end in _split(text, start, end, config.chunk_size, config.chunk_overlap):
            if max_chunks is not None and len(chunks) >= max_chunks:
                return chunks
            page = bisect.bisect_right(page_starts, piece_start) if page_starts else None
            chunks.append(
                Chunk(
                    ordinal=len(chunks),
                    start=piece_start,
                    end=piece_end,
                    text=text[piece_start:piece_end],
                    section_path=path,
                    line_start=doc.first_line + bisect.bisect_left(newlines, piece_start),
                    line_end=doc.first_line + bisect.bisect_left(newlines, piece_end - 1),
                    page=max(page, 1) if page is not None else None,
                )
            )
    return chunks


def embedding_text(chunk: Chunk, layer: str, rel_path: str) -> str:
    """The text to embed: where the chunk sits, in brackets, then its own text.

    ``[layer > file > Page N]`` for a paged chunk, ``[layer > file > heading > ...]`` for a chunk
    with a section path, ``[layer > file]`` otherwise.
    """
    where = [layer, rel_path]
    if chunk.page is not None:
        where.append(f"Page {chunk.page}")
    else:
        where.extend(chunk.section_path)
    return "[" + " > ".join(where) + "]\n" + chunk.text


def count_truncated(texts: Iterable[str], max_chars: int = 1000) -> int:
    """How many texts run past max_chars, roughly where the embedding model stops reading.

    all-MiniLM-L6-v2 reads about 256 word pieces, ~1,000 characters of English prose; the rest
    of a longer text is invisible to its vector (keyword search still sees it).
    """
    return sum(1 for text in texts if len(text) > max_chars)


# ---------------------------------------------------------------------------------------------


def _spans(doc: ParsedDocument, pages: list[tuple[int, int]]) -> Iterator[_Span]:
    """The sections, each cut to the part of it on every page it touches (the whole section when unpaged)."""
    page_starts = [start for start, _ in pages]
    for section in doc.sections:
        if not pages:
            if section.end > section.start:
                yield _Span(section.start, section.end, section, True)
            continue
        pieces: list[tuple[int, int]] = []
        k = max(0, bisect.bisect_right(page_starts, section.start) - 1)
        while k < len(pages) and pages[k][0] < section.end:
            a, b = max(section.start, pages[k][0]), min(section.end, pages[k][1])
            if b > a:
                pieces.append((a, b))
            k += 1
        for a, b in pieces:
            yield _Span(a, b, section, len(pieces) == 1)


def _joined_spans(
    text: str, spans: Iterable[_Span], page_starts: list[int]
) -> Iterator[tuple[int, int, tuple[str, ...]]]:
    """(start, end, path) per span, with each bare heading joined to its first subsection."""
    page_start_set = frozenset(page_starts)
    pending_start: int | None = None
    previous: _Span | None = None
    for span in spans:
        if previous is not None:
            if pending_start is None:
                pending_start = previous.start
            if _joins_next(text, previous, span, page_start_set):
                previous = span
                continue
            yield pending_start, previous.end, previous.section.path
            pending_start = None
        previous = span
    if previous is not None:
        start = pending_start if pending_start is not None else previous.start
        yield start, previous.end, previous.section.path


def _joins_next(text: str, span: _Span, following: _Span, page_starts: frozenset[int]) -> bool:
    section, sub = span.section, following.section
    if not span.whole_section or section.heading is None or following.start != sub.start:
        return False
    if following.start in page_starts:
        return False
    if len(sub.path) <= len(section.path) or sub.path[: len(section.path)] != section.path:
        return False
    return _is_bare(text, section)


def _is_bare(text: str, section: Section) -> bool:
    """Whether the section holds nothing but its heading."""
    if section.heading_end is not None:
        return _NON_SPACE.search(text, section.heading_end, section.end) is None
    # A parser that did not mark where the heading ends: take the first non-blank line as it.
    body = text[section.start : section.end].strip()
    return "\n" not in body


def _split(text: str, start: int, end: int, size: int, overlap: int) -> Iterator[tuple[int, int]]:
    """Pieces of text[start:end] of at most size characters, trimmed of whitespace at both ends."""
    # Trimmed first, so trailing blank lines cannot make the last piece look too long to keep and
    # turn its tail into a piece of its own.
    end = _trim_end(text, start, end)
    pos = start
    previous_end = start
    while True:
        first = _NON_SPACE.search(text, pos, end)
        if first is None:
            return
        pos = first.start()
        if end - pos <= size:
            yield pos, end
            return
        piece_end = _trim_end(text, pos, _cut(text, pos, pos + size))
        if piece_end <= previous_end and pos < previous_end:
            # Behind a very long word the overlap would only repeat text: drop it this once.
            pos = previous_end
            continue
        yield pos, piece_end
        previous_end = piece_end
        # Never overlap more than half the piece just made, so every step moves well forward.
        back = min(overlap, (piece_end - pos) // 2)
        pos = _word_start(text, piece_end - back, piece_end) if back > 0 else piece_end


def _cut(text: str, start: int, limit: int) -> int:
    """Where to end a piece that starts at start and may reach limit (exclusive); limit < len(text)."""
    lo = start + max(1, (limit - start) // _MIN_PIECE_SHARE)
    best = -1
    for m in _PARAGRAPH_BREAK.finditer(text, lo, min(len(text), limit + 64)):
        if m.start() > limit:
            break
        best = m.start()
    if best > 0:
        return best
    best = text.rfind("\n", lo, limit + 1)
    if best > 0:
        return best
    # limit + 1 lets the lookahead see the character at limit, which the piece does not include.
    for m in _SENTENCE_END.finditer(text, lo, limit + 1):
        best = m.end()
    if best > 0:
        return best
    # The last whitespace in the window; past the first character, so the piece is not empty.
    for ws in (" ", "\t", "\n", "\f", "\v", "\u00a0"):
        best = max(best, text.rfind(ws, start + 1, limit + 1))
    if best > 0:
        return best
    # One word longer than the whole window: the only place left to cut is inside it.
    return limit


def _trim_end(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _word_start(text: str, pos: int, limit: int) -> int:
    """The first word start at or after pos (limit when none is before limit)."""
    if text[pos - 1].isspace():
        return pos
    ws = _WHITESPACE.search(text, pos, limit)
    return ws.end() if ws else limit
