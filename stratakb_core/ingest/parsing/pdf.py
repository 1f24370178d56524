"""PDF parser (pypdf): text per page, the outline as section starts, scanned-page detection (no I/O).

The text is each page's extracted text, pages joined by a blank line (``PAGE_SEPARATOR``), and
``ParsedDocument.pages`` holds each page's (start, end) in it, so the chunker can cut at every
page start and a chunk never crosses a page. A blank line rather than a form feed, because chunk
line numbers count ``\\n`` only: for a PDF, ``first_line`` is 1 and a chunk's lines are lines of
the extracted text, not of the file (a PDF has no lines of its own).

The outline (bookmarks) becomes ``ParsedDocument.outline``: each entry starts at the line on its
page whose words match its title (case, spacing, punctuation and a leading section number
ignored), or at the start of the page when no line matches. ``sections`` are cut at those
entries alone; the structure map nests the text's own headings inside them later. Running
headers and footers stay in the text.

Flags, as the spec's format notes say: ``probably_scanned`` when more than half the pages hold
an image and fewer than ``SCANNED_PAGE_MAX_CHARS`` characters of text (a page whose images cannot
be read counts as holding one), ``truncated`` when the outline has more than
``MAX_OUTLINE_ENTRIES`` entries or goes deeper than ``MAX_OUTLINE_DEPTH`` levels (its count is the
outline entries left out; the text is always whole). A document gets one flag at most, and
``probably_scanned`` wins. A PDF with no text at all raises NoTextError; one that needs a
password, or that pypdf cannot read or stops at one of its resource limits, raises ParseError.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from typing import Any, Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.values import DocumentFlag, OutlineEntry, ParsedDocument

__all__ = [
    "MAX_OUTLINE_DEPTH",
    "MAX_OUTLINE_ENTRIES",
    "PAGE_SEPARATOR",
    "SCANNED_PAGE_MAX_CHARS",
    "PageOcr",
    "PdfParser",
    "is_probably_scanned",
    "parse_pdf",
    "page_counts_as_scanned",
]

log = logging.getLogger(__name__)
# pypdf logs what it repairs in a damaged file ("EOF marker not found") as warnings, which reached the
# add report's terminal as lines naming no file; the file's own outcome (flag or parse error) says it.
logging.getLogger("pypdf").setLevel(logging.ERROR)

PAGE_SEPARATOR: Final = "\n\n"
SCANNED_PAGE_MAX_CHARS: Final = 200  # a page with an image and fewer characters than this looks scanned
MAX_OUTLINE_ENTRIES: Final = 10_000
MAX_OUTLINE_DEPTH: Final = 9
# Form XObjects may nest forms; images deeper than this are not looked for (and a cycle of forms
# referring to each other cannot loop).
_MAX_FORM_DEPTH: Final = 8

# OCR for the given 1-based pages: {page: text}; a page it cannot read may be left out.
PageOcr = Callable[[list[int]], dict[int, str]]

_SURROGATES = re.compile(r"[\ud800-\udfff]")
_LEADING_NUMBER = re.compile(r"^[0-9]+")


class PdfParser:
    """PDF (.pdf), read with pypdf."""

    kind: str = "pdf"
    extensions: tuple[str, ...] = (".pdf",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        return parse_pdf(data)


def parse_pdf(data: bytes, ocr: PageOcr | None = None) -> ParsedDocument:
    """Parse a PDF; with ``ocr``, pages with no text layer or that look scanned are read by it.

    Without ``ocr`` those pages are listed in ``scanned_pages``; with it, the pages whose text
    came from OCR are in ``ocr_pages`` and the document's ``text_origin`` is "ocr" when any is.
    """
    if not data.strip():
        raise NoTextError("the file is empty")
    # pypdf is imported here so that a folder without PDFs never pays for it.
    from pypdf.errors import FileNotDecryptedError, LimitReachedError

    try:
        return _parse(data, ocr)
    except (ParseError, NoTextError):
        raise
    except FileNotDecryptedError as exc:
        raise ParseError(f"password-protected PDF: {exc}") from exc
    except LimitReachedError as exc:
        # One of pypdf's named resource limits (stream length, decompressed size, page tree
        # size ...): the file is too big or too odd to read safely.
        raise ParseError(f"PDF resource limit reached: {exc}") from exc
    except RecursionError as exc:
        raise ParseError("PDF objects refer to each other too deeply (circular or hostile file)") from exc
    except MemoryError as exc:
        raise ParseError("PDF needs more memory than a parser may use") from exc
    except Exception as exc:  # pypdf raises many types on malformed files (KeyError, ValueError ...)
        raise ParseError(f"unreadable PDF ({type(exc).__name__}: {exc})"[:300]) from exc


# ---------------------------------------------------------------------------------------------
# The scanned rule, as pure functions


def page_counts_as_scanned(has_image: bool, text: str) -> bool:
    """Whether a page looks scanned: it holds an image and under 200 characters of text.

    Characters are counted on the page's extracted text without its surrounding whitespace.
    """
    return has_image and len(text.strip()) < SCANNED_PAGE_MAX_CHARS


def is_probably_scanned(page_flags: Sequence[bool]) -> bool:
    """Whether a document is flagged probably_scanned: MORE than half its pages look scanned.

    Exactly half is not flagged; a document with no pages is not either.
    """
    return sum(1 for scanned in page_flags if scanned) * 2 > len(page_flags)


# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Page:
    start: int  # offset of the page's text in the document text
    end: int


def _parse(data: bytes, ocr: PageOcr | None) -> ParsedDocument:
    from pypdf import PasswordType, PdfReader
    from pypdf.errors import LimitReachedError

    reader = PdfReader(BytesIO(data), strict=False)
    if reader.is_encrypted:
        # pypdf has tried the empty user password already; many PDFs are encrypted with an
        # owner password only and open for anyone. Anything else needs a password we do not have.
        if reader.decrypt("") == PasswordType.NOT_DECRYPTED:
            raise ParseError(
                "password-protected PDF: it cannot be opened without a password; "
                "save a copy without the password and add that"
            )

    page_objects = list(reader.pages)
    raw_texts: list[str] = []
    failures: list[str] = []
    for number, page in enumerate(page_objects, start=1):
        try:
            raw_texts.append(_clean(page.extract_text()))
        except (LimitReachedError, RecursionError, MemoryError):
            raise
        except Exception as exc:  # one broken page should not cost the others their text
            log.warning("pdf_page_unreadable page=%d error=%s: %s", number, type(exc).__name__, exc)
            failures.append(f"page {number}: {type(exc).__name__}: {exc}")
            raw_texts.append("")
    if page_objects and len(failures) == len(page_objects):
        raise ParseError(f"no page of the PDF could be read ({failures[0]})"[:300])

    # The image check parses the page's resources and content, so only pages short enough to
    # count as scanned pay for it.
    has_image = [len(t) < SCANNED_PAGE_MAX_CHARS and _page_has_image(page)
                 for page, t in zip(page_objects, raw_texts, strict=True)]
    candidates = [i + 1 for i, t in enumerate(raw_texts) if not t or page_counts_as_scanned(has_image[i], t)]
    ocr_pages: list[int] = []
    if ocr is not None and candidates:
        for number, page_text in sorted(ocr(candidates).items()):
            cleaned = _clean(page_text)
            if cleaned and len(cleaned) >= len(raw_texts[number - 1]):
                raw_texts[number - 1] = cleaned
                ocr_pages.append(number)
    scanned = [page_counts_as_scanned(img, t) for img, t in zip(has_image, raw_texts, strict=True)]

    pages, text = _join_pages(raw_texts)
    if not text.strip():
        raise NoTextError("the PDF has no text (image-only or scanned pages; run it through OCR first)"
                          if ocr is None else "the PDF has no text, and OCR read none from its pages")

    entries, left_out, outline_truncated = _outline(reader, pages, text)
    headings = [Heading(start=e.start, end=end, level=e.level, text=e.title) for e, end in entries]

    flags: tuple[DocumentFlag, ...] = ()
    if is_probably_scanned(scanned):
        flags = (DocumentFlag("probably_scanned"),)
    elif outline_truncated:
        flags = (DocumentFlag("truncated", count=left_out),)
    return ParsedDocument(
        text=text,
        sections=sections_from_headings(text, headings),
        first_line=1,
        pages=tuple((p.start, p.end) for p in pages),
        flags=flags,
        kind="pdf",
        outline=tuple(e for e, _ in entries),
        text_origin="ocr" if ocr_pages else "text",
        scanned_pages=() if ocr is not None else tuple(candidates),
        ocr_pages=tuple(ocr_pages),
    )


def _clean(text: str) -> str:
    """Page text as the store can hold it: \\n newlines, no NUL, no lone surrogates."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return _SURROGATES.sub("\ufffd", text).strip()


def _join_pages(texts: Sequence[str]) -> tuple[list[_Page], str]:
    pages: list[_Page] = []
    parts: list[str] = []
    offset = 0
    for i, page_text in enumerate(texts):
        if i:
            parts.append(PAGE_SEPARATOR)
            offset += len(PAGE_SEPARATOR)
        pages.append(_Page(offset, offset + len(page_text)))
        parts.append(page_text)
        offset += len(page_text)
    return pages, "".join(parts)


# ---------------------------------------------------------------------------------------------
# Images


def _page_has_image(page: Any) -> bool:
    """Whether the page shows an image: an image XObject (also inside forms) or an inline image."""
    try:
        if _resources_have_image(page.get("/Resources"), 0, set()):
            return True
        contents = page.get_contents()
        if contents is None:
            return False
        return any(operator == b"INLINE IMAGE" for _, operator in contents.operations)
    except Exception as exc:  # the spec: a page whose images cannot be read counts as holding one
        log.debug("pdf_image_check_failed error=%s: %s", type(exc).__name__, exc)
        return True


def _resources_have_image(resources: Any, depth: int, seen: set[int]) -> bool:
    from pypdf.generic import DictionaryObject

    if resources is None:
        return False
    resources = resources.get_object()
    if not isinstance(resources, DictionaryObject):
        return False
    xobjects = resources.get("/XObject")
    if xobjects is None:
        return False
    xobjects = xobjects.get_object()
    if not isinstance(xobjects, DictionaryObject):
        return False
    for name in list(xobjects):
        xobject = xobjects[name].get_object()
        if not isinstance(xobject, DictionaryObject):
            continue
        subtype = xobject.get("/Subtype")
        if subtype == "/Image":
            return True
        if subtype == "/Form" and depth < _MAX_FORM_DEPTH:
            ref = xobject.indirect_reference
            key = id(xobject) if ref is None else hash((ref.idnum, ref.generation))
            if key in seen:
                continue
            seen.add(key)
            if _resources_have_image(xobject.get("/Resources"), depth + 1, seen):
                return True
    return False


# ---------------------------------------------------------------------------------------------
# Outline


def _outline(reader: Any, pages: Sequence[_Page], text: str) -> tuple[list[tuple[OutlineEntry, int]], int | None, bool]:
    """(entry, heading end) pairs in text order, the count of entries left out, and whether any were.

    The heading end is past the title's line(s) when the title was found on its page, else the
    entry's start (its title is not in the text).
    """
    from pypdf.errors import LimitReachedError

    try:
        tree = reader.outline
    except LimitReachedError as exc:
        # pypdf stops at 100,000 entries or 100 levels: far past our own bounds, so the outline
        # is dropped whole and the text kept, and we cannot say how many entries there were.
        log.warning("pdf_outline_too_large: %s", exc)
        return [], None, True
    except Exception as exc:  # a broken outline costs the sections, not the text
        log.warning("pdf_outline_unreadable error=%s: %s", type(exc).__name__, exc)
        return [], None, False

    found: list[tuple[OutlineEntry, int]] = []
    left_out = 0
    lines_cache: dict[int, list[tuple[int, int, str]]] = {}
    next_line: dict[int, int] = {}  # per page: the line after the last title found there
    for depth, destination in _walk(tree):
        if depth > MAX_OUTLINE_DEPTH or len(found) >= MAX_OUTLINE_ENTRIES:
            left_out += 1
            continue
        title = " ".join(_clean(str(getattr(destination, "title", "") or "")).split())
        if not title:
            continue
        try:
            page_index = reader.get_destination_page_number(destination)
        except Exception as exc:  # an entry pointing nowhere readable adds no section
            log.debug("pdf_outline_entry_without_page title=%r error=%s", title, exc)
            continue
        if page_index is None or not 0 <= page_index < len(pages):
            continue
        page = pages[page_index]
        lines = lines_cache.get(page_index)
        if lines is None:
            lines = lines_cache[page_index] = _lines(text, page)
        match = _find_title(lines, title, next_line.get(page_index, 0))
        if match is None:
            start = end = page.start
        else:
            first, last = match
            start, end = lines[first][0], lines[last][1]
            next_line[page_index] = last + 1
        found.append((OutlineEntry(start=start, level=depth, title=title, source="pdf_outline"), end))
    # Sections need their starts in order; an outline may point back to earlier pages. The sort
    # is stable, so entries at the same place keep the outline's order.
    found.sort(key=lambda pair: pair[0].start)
    return found, left_out, left_out > 0


def _walk(tree: Sequence[Any]) -> Iterator[tuple[int, Any]]:
    """(depth, destination) for each entry of pypdf's nested outline lists, depth 1 outermost."""
    stack: list[tuple[Iterator[Any], int]] = [(iter(tree), 1)]
    while stack:
        items, depth = stack[-1]
        for item in items:
            if isinstance(item, list):
                # A list follows its parent entry and holds the parent's children.
                stack.append((iter(item), depth + 1))
                break
            yield depth, item
        else:
            stack.pop()


def _lines(text: str, page: _Page) -> list[tuple[int, int, str]]:
    """(start, end, normalised words) of each line of a page."""
    lines: list[tuple[int, int, str]] = []
    pos = page.start
    while pos <= page.end:
        newline = text.find("\n", pos, page.end)
        end = page.end if newline < 0 else newline
        lines.append((pos, end, _normalise(text[pos:end])))
        if newline < 0:
            break
        pos = newline + 1
    return lines


def _normalise(s: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", s).casefold() if ch.isalnum())


def _find_title(lines: Sequence[tuple[int, int, str]], title: str, first: int) -> tuple[int, int] | None:
    """The first line (or pair of lines, for a wrapped title) at or after first that reads title.

    Exact words first, then the same words with a leading section number on either side
    ("1 Introduction" for the bookmark "Introduction").
    """
    wanted = _normalise(title)
    if not wanted:
        return None
    for same in (_same, _same_but_number):
        for i in range(first, len(lines)):
            line = lines[i][2]
            if not line:
                continue
            if same(line, wanted):
                return i, i
            if i + 1 < len(lines) and len(line) < len(wanted) and same(line + lines[i + 1][2], wanted):
                return i, i + 1
    return None


def _same(line: str, title: str) -> bool:
    return line == title


def _same_but_number(line: str, title: str) -> bool:
    line, title = _LEADING_NUMBER.sub("", line), _LEADING_NUMBER.sub("", title)
    return bool(title) and line == title
