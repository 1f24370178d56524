"""Word parser (python-docx): paragraphs and tables in document order, heading styles as sections (no I/O).

The text is the document body's blocks joined by a blank line, so the chunker can cut between
any two paragraphs: each paragraph's text, and each table as one block with a line per row
(cells joined by `` | ``). The body XML is walked directly rather than through python-docx's
paragraph and table lists, because those skip what Word users see as ordinary text: content
controls (``w:sdt``), text boxes (their paragraphs follow the paragraph that anchors them) and
tracked insertions (``w:ins``). Deleted text (``w:del``), field codes (``w:instrText``) and the
fallback copy of a drawing (``mc:Fallback``) are left out, as are headers, footers, footnotes
and comments. A heading's number, when Word's numbering adds it, is not part of the text.

A paragraph is a heading when its style is Heading 1 to Heading 9 or has an outline level,
looked up through the styles it is based on, or when the paragraph sets an outline level itself
(level 9, "body text", means not a heading). Each heading is an ``OutlineEntry`` (source
``docx_style``) and starts a section. ``first_line`` is 1 and chunk lines count lines of the
extracted text. The date is left to the caller (the file's modification time).

Before python-docx opens the file, ``ooxml.check_package`` refuses zip bombs and XML parts that
declare a DTD.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from typing import Any, Final

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.ingest.parsing.ooxml import check_package
from stratakb_core.values import OutlineEntry, ParsedDocument

__all__ = ["BLOCK_SEPARATOR", "CELL_SEPARATOR", "DocxParser"]

BLOCK_SEPARATOR: Final = "\n\n"
CELL_SEPARATOR: Final = " | "

_W: Final = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_MC: Final = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
_P, _TBL, _TR, _TC = _W + "p", _W + "tbl", _W + "tr", _W + "tc"
_SDT, _SDT_CONTENT, _CUSTOM_XML = _W + "sdt", _W + "sdtContent", _W + "customXml"
_TXBX_CONTENT = _W + "txbxContent"
_VAL = _W + "val"
# Inside a paragraph: subtrees whose text is not the document's live text.
_SKIPPED: Final = frozenset(
    {
        _W + "del",  # tracked deletion
        _W + "moveFrom",  # the old place of moved text
        _W + "instrText",  # a field's code; its result follows as ordinary runs
        _W + "delText",
        _W + "delInstrText",
        _W + "pPr",
        _W + "rPr",
        _W + "sdtPr",  # a content control's settings (placeholder, list entries), not its content
        _MC + "Fallback",  # a second copy of what mc:Choice holds
    }
)
_CHARACTERS: Final = {
    _W + "tab": "\t",
    _W + "ptab": "\t",
    _W + "br": "\n",
    _W + "cr": "\n",
    _W + "noBreakHyphen": "-",
}
_HEADING_NAME = re.compile(r"heading\s*([1-9])", re.IGNORECASE)
_BODY_TEXT_LEVEL: Final = 9  # w:outlineLvl 9 is "body text"
_MAX_BASED_ON: Final = 20  # a chain of based-on styles longer than this is treated as a loop
_SURROGATES = re.compile(r"[\ud800-\udfff]")


class DocxParser:
    """Word documents (.docx), read with python-docx."""

    kind: str = "docx"
    extensions: tuple[str, ...] = (".docx",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        if not data.strip():
            raise NoTextError("the file is empty")
        check_package(data, what="Word document")
        try:
            document = _open(data)
            blocks = list(_blocks(document.element.body, _Styles(document)))
        except (ParseError, NoTextError):
            raise
        except RecursionError as exc:
            raise ParseError("Word document nests too deeply (tables or content controls)") from exc
        except MemoryError as exc:
            raise ParseError("Word document needs more memory than a parser may use") from exc
        except Exception as exc:  # lxml and python-docx raise many types on damaged packages
            raise ParseError(f"unreadable Word document ({type(exc).__name__}: {exc})"[:300]) from exc
        return _document(blocks)


@dataclass(frozen=True)
class _Block:
    text: str
    level: int | None = None  # heading depth 1..9, None for body text and tables


def _open(data: bytes) -> Any:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    try:
        return docx.Document(BytesIO(data))
    except KeyError as exc:
        # python-docx looks parts up by the transitional namespaces; a Strict document has others.
        raise ParseError(
            "unreadable Word document: python-docx finds no main document part in it "
            "(an ISO/IEC 29500 Strict document? Save it as a regular .docx)"
        ) from exc
    except PackageNotFoundError as exc:
        raise ParseError(f"not a Word document: {exc}") from exc
    except ValueError as exc:  # "file '...' is not a Word file, content type is ..."
        raise ParseError(f"not a Word document: {exc}") from exc


def _document(blocks: list[_Block]) -> ParsedDocument:
    parts: list[str] = []
    headings: list[Heading] = []
    outline: list[OutlineEntry] = []
    offset = 0
    for block in blocks:
        if parts:
            parts.append(BLOCK_SEPARATOR)
            offset += len(BLOCK_SEPARATOR)
        if block.level is not None:
            title = " ".join(block.text.split())
            headings.append(Heading(start=offset, end=offset + len(block.text), level=block.level, text=title))
            outline.append(OutlineEntry(start=offset, level=block.level, title=title, source="docx_style"))
        parts.append(block.text)
        offset += len(block.text)
    text = "".join(parts)
    if not text.strip():
        raise NoTextError("the Word document has no text")
    return ParsedDocument(
        text=text,
        sections=sections_from_headings(text, headings),
        first_line=1,
        kind="docx",
        outline=tuple(outline),
    )


# ---------------------------------------------------------------------------------------------
# Walking the body


def _blocks(container: Any, styles: _Styles) -> Iterator[_Block]:
    """The non-empty blocks of a body, cell, content control or text box, in order."""
    for child in container.iterchildren():
        tag = child.tag
        if tag == _P:
            text, boxes = _paragraph(child)
            if text:
                yield _Block(text, _heading_level(child, styles))
            for box in boxes:
                yield from _blocks(box, styles)
        elif tag == _TBL:
            table = _table(child, styles)
            if table:
                yield _Block(table)
        elif tag == _SDT:
            content = child.find(_SDT_CONTENT)
            if content is not None:
                yield from _blocks(content, styles)
        elif tag == _CUSTOM_XML:
            yield from _blocks(child, styles)


def _paragraph(p: Any) -> tuple[str, list[Any]]:
    """A paragraph's live text, and the text boxes anchored in it (read as blocks after it)."""
    out: list[str] = []
    boxes: list[Any] = []
    stack = [iter(p.iterchildren())]
    while stack:
        node = next(stack[-1], None)
        if node is None:
            stack.pop()
            continue
        tag = node.tag
        if not isinstance(tag, str) or tag in _SKIPPED:
            continue  # comments and processing instructions have a non-string tag
        if tag == _W + "t":
            out.append(node.text or "")
        elif tag in _CHARACTERS:
            out.append(_CHARACTERS[tag])
        elif tag == _TXBX_CONTENT:
            boxes.append(node)
        elif tag == _P:
            # A paragraph nested without a text box around it (rare, but lxml allows it).
            boxes.append(_Wrapper(node))
        else:
            stack.append(iter(node.iterchildren()))
    return _clean("".join(out)).strip(), boxes


class _Wrapper:
    """Presents one element as a container holding just it, for _blocks."""

    def __init__(self, element: Any) -> None:
        self._element = element

    def iterchildren(self) -> Iterator[Any]:
        return iter((self._element,))


def _table(tbl: Any, styles: _Styles) -> str:
    lines: list[str] = []
    for row in _children(tbl, _TR):
        cells = [_cell_text(cell, styles) for cell in _children(row, _TC)]
        if any(cells):
            lines.append(CELL_SEPARATOR.join(cells))
    return "\n".join(lines)


def _children(element: Any, tag: str) -> Iterator[Any]:
    """element's children with tag, also those wrapped in content controls or custom XML."""
    for child in element.iterchildren():
        if child.tag == tag:
            yield child
        elif child.tag == _SDT:
            content = child.find(_SDT_CONTENT)
            if content is not None:
                yield from _children(content, tag)
        elif child.tag == _CUSTOM_XML:
            yield from _children(child, tag)


def _cell_text(tc: Any, styles: _Styles) -> str:
    # A cell is one value on its row's line: its paragraphs (and nested tables) run together.
    return " ".join(" ".join(block.text.split()) for block in _blocks(tc, styles))


def _clean(text: str) -> str:
    return _SURROGATES.sub("\ufffd", text.replace("\x00", ""))


# ---------------------------------------------------------------------------------------------
# Heading styles


def _outline_level(ppr: Any) -> int | None:
    """The w:outlineLvl of a w:pPr (0 is the top), None when it sets none or sets garbage."""
    if ppr is None:
        return None
    element = ppr.find(_W + "outlineLvl")
    if element is None:
        return None
    try:
        return int(element.get(_VAL, ""))
    except ValueError:
        return None


def _heading_level(p: Any, styles: _Styles) -> int | None:
    ppr = p.find(_W + "pPr")
    direct = _outline_level(ppr)
    if direct is not None:
        return direct + 1 if 0 <= direct < _BODY_TEXT_LEVEL else None
    if ppr is None:
        return None
    style = ppr.find(_W + "pStyle")
    if style is None:
        return None
    return styles.level(style.get(_VAL))


class _Styles:
    """Heading depth by paragraph style id, following based-on styles; cached per document."""

    def __init__(self, document: Any) -> None:
        try:
            self._root = document.styles.element
        except Exception:  # a package without a usable styles part: no heading styles
            self._root = None
        self._levels: dict[str, int | None] = {}

    def level(self, style_id: str | None) -> int | None:
        if not style_id or self._root is None:
            return None
        if style_id not in self._levels:
            self._levels[style_id] = self._lookup(style_id)
        return self._levels[style_id]

    def _lookup(self, style_id: str) -> int | None:
        seen: set[str] = set()
        current: str | None = style_id
        while current and current not in seen and len(seen) < _MAX_BASED_ON:
            seen.add(current)
            style = self._root.get_by_id(current)
            if style is None:
                return None
            level = _outline_level(style.find(_W + "pPr"))
            if level is not None:
                return level + 1 if 0 <= level < _BODY_TEXT_LEVEL else None
            name = style.name_val or ""
            match = _HEADING_NAME.fullmatch(name.strip())
            if match:
                return int(match.group(1))
            current = style.basedOn_val
        return None
