"""HTML parser: a page reduced to its text, ``h1``-``h6`` as headings, ``<title>`` as its name (no I/O).

The text keeps the file's line breaks and nothing else of its markup: every piece of text sits
on the line of the file it came from, so chunk line numbers are lines of the HTML file. Within a
line, runs of spaces collapse to one and indentation is dropped (``<pre>`` keeps its spacing);
where two blocks share a line (``<p>a</p><p>b</p>``) a space separates them, because a line
break there would shift every later line. A character reference that stands for a line break
(``&#10;``) becomes a space for the same reason.

Left out: ``script``, ``style``, ``template`` and ``noscript`` contents, comments, doctype and
processing instructions, and the document's ``<head>`` apart from its title. The first
``<title>`` outside an inline ``<svg>`` names the page: it heads every section's path and is not
repeated in the text. An SVG's own ``<title>`` stays in the text, like its other text.

The tokenizer is a small one of our own rather than ``html.parser``: Python 3.11's takes
quadratic time and worse on unclosed start tags (15 KB of ``<a `` takes seconds), so a hostile
page could stall an ingest. Every search here starts where the last one of its kind stopped, so
the work is linear in the page's length. It follows HTML's tokenizing where that decides what is
text: a tag runs to the next ``>``, a comment to ``-->``, ``script``/``style`` and the like to
their end tag, and ``<`` not followed by a letter, ``/``, ``!`` or ``?`` is text.
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

from stratakb_core.errors import NoTextError
from stratakb_core.ingest.parsing.decode import decode_text
from stratakb_core.ingest.parsing.headings import Heading, sections_from_headings
from stratakb_core.ingest.structure import build_structure
from stratakb_core.values import ParsedDocument

__all__ = ["HtmlParser", "extract_html"]

_SKIPPED = frozenset({"script", "style", "template", "noscript"})
# Elements whose content is raw text up to their end tag (no tags inside).
_RAW_TEXT = frozenset({"script", "style", "noscript", "xmp", "iframe", "noembed", "noframes"})
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
# Elements that end a line of text when rendered; between two of them on one source line the
# text gets a space instead (see the module docstring).
_BLOCKS = frozenset(
    {
        "address", "article", "aside", "blockquote", "body", "br", "caption", "dd", "details",
        "dialog", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1",
        "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "main", "nav", "ol", "p",
        "pre", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
        "title", "option", "legend",
    }
)  # fmt: skip
_MAX_TITLE_CHARS = 300
_TAG_NAME = re.compile(r"<(/?)([A-Za-z][^\s/>]*)")
# Where markup can start; any other "<" is text.
_MARKUP_START = re.compile(r"<[A-Za-z/!?]")
# As html.unescape finds references: numeric, or a name of up to 32 characters.
_CHARREF = re.compile(r"&(?:#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


class HtmlParser:
    """HTML pages (.html, .htm)."""

    kind: str = "html"
    extensions: tuple[str, ...] = (".html", ".htm")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        text, headings, title = extract_html(decode_text(data))
        if not text.strip():
            raise NoTextError("the page has no text")
        root = (title,) if title else ()
        doc = ParsedDocument(text=text, sections=sections_from_headings(text, headings), kind=self.kind)
        return replace(doc, sections=build_structure(doc, root=root))


def extract_html(source: str) -> tuple[str, list[Heading], str | None]:
    """(text, headings, title) of an HTML page; the text has the source's line breaks (see above)."""
    extractor = _Extractor(source)
    extractor.run()
    return "".join(extractor.out), extractor.headings, extractor.title


class _Finder:
    """str.find for one needle, remembering its last answer so that no stretch is searched twice."""

    def __init__(self, source: str, needle: str) -> None:
        self.source = source
        self.needle = needle
        self.searched_from = len(source) + 1
        self.found = -1

    def __call__(self, pos: int) -> int:
        if self.searched_from <= pos and (self.found < 0 or self.found >= pos):
            return self.found
        self.searched_from = pos
        self.found = self.source.find(self.needle, pos)
        return self.found


class _Extractor:
    def __init__(self, source: str) -> None:
        self.src = source
        self.next_gt = _Finder(source, ">")
        self.next_comment_end = _Finder(source, "-->")
        self.out: list[str] = []
        self.length = 0  # characters in out
        self.at_line_start = True
        self.pending_space = False
        self.skip_depth = 0
        self.svg_depth = 0
        self.pre_depth = 0
        self.in_head = False
        self.title: str | None = None
        self.title_done = False
        self.heading: tuple[int, int] | None = None  # (level, start; -1 until its first word)
        self.headings: list[Heading] = []

    def run(self) -> None:
        src = self.src
        n = len(src)
        pos = 0
        while pos < n:
            found = _MARKUP_START.search(src, pos)
            if found is None:
                self._text(src[pos:])
                return
            lt = found.start()
            if lt > pos:
                self._text(src[pos:lt])
            pos = self._markup(lt)

    # -- markup ------------------------------------------------------------------------------------

    def _markup(self, lt: int) -> int:
        """Handle what starts at the ``<`` at lt; returns where the text goes on."""
        src = self.src
        following = src[lt + 1 : lt + 2]
        if src.startswith("<!--", lt):
            end = self.next_comment_end(lt + 4)
            return self._skip(lt, len(src) if end < 0 else end + 3)
        if following in ("!", "?"):  # doctype, CDATA, processing instruction
            end = self.next_gt(lt)
            return self._skip(lt, len(src) if end < 0 else end + 1)
        tag = _TAG_NAME.match(src, lt)
        if tag is None:  # "</>" or "</ x>": dropped, as browsers do
            end = self.next_gt(lt)
            return self._skip(lt, len(src) if end < 0 else end + 1)
        end = self.next_gt(tag.end())
        if end < 0:  # a tag cut off by the end of the file is dropped
            return self._skip(lt, len(src))
        self._skip(lt, end + 1)
        name = tag.group(2).lower()
        if tag.group(1):
            self._end_tag(name)
            return end + 1
        self_closing = src[end - 1] == "/"
        if self_closing:
            if name in _BLOCKS:
                self.pending_space = True
            return end + 1
        if name == "title" and not self.svg_depth and not self.title_done:
            return self._title(end + 1)
        if name in _RAW_TEXT:
            return self._raw_text(name, end + 1)
        self._start_tag(name)
        return end + 1

    def _skip(self, start: int, end: int) -> int:
        # Markup leaves no text, but its line breaks stay, so later text stays on its file line.
        self._newlines(self.src.count("\n", start, end))
        return end

    def _raw_text(self, name: str, start: int) -> int:
        close = re.compile(rf"</{name}[\s/>]", re.IGNORECASE).search(self.src, start)
        content_end = close.start() if close else len(self.src)
        if name in _SKIPPED or name in ("iframe", "noembed", "noframes"):
            self._skip(start, content_end)
        else:  # xmp: shown as written
            self._text(self.src[start:content_end])
        if close is None:
            return len(self.src)
        end = self.next_gt(close.end() - 1)
        return self._skip(content_end, len(self.src) if end < 0 else end + 1)

    def _title(self, start: int) -> int:
        close = re.compile(r"</title[\s/>]", re.IGNORECASE).search(self.src, start)
        content_end = close.start() if close else len(self.src)
        raw = self.src[start:content_end]
        title = " ".join(_unescape(raw).split())[:_MAX_TITLE_CHARS]
        self._newlines(raw.count("\n"))
        # The first non-empty title names the page; an empty one leaves the name to the next.
        if title:
            self.title, self.title_done = title, True
        if close is None:
            return len(self.src)
        end = self.next_gt(close.end() - 1)
        return self._skip(content_end, len(self.src) if end < 0 else end + 1)

    def _start_tag(self, name: str) -> None:
        if name in _SKIPPED:  # template: its content is markup, but none of it is shown
            self.skip_depth += 1
            return
        if name == "svg":
            self.svg_depth += 1
        elif name == "head":
            self.in_head = True
        elif name == "body":
            self.in_head = False
        elif name == "pre":
            self.pre_depth += 1
        if name in _BLOCKS:
            self.pending_space = True
        level = _HEADINGS.get(name)
        if level is not None and self.heading is None and not self.skip_depth and not self.svg_depth:
            self.heading = (level, -1)

    def _end_tag(self, name: str) -> None:
        if name in _SKIPPED:
            self.skip_depth = max(0, self.skip_depth - 1)
            return
        if name == "svg":
            self.svg_depth = max(0, self.svg_depth - 1)
        elif name == "head":
            self.in_head = False
        elif name == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)
        if name in _BLOCKS:
            self.pending_space = True
        if name in _HEADINGS and self.heading is not None:
            level, start = self.heading
            self.heading = None
            if start >= 0:
                words = self._since(start)
                if words:
                    self.headings.append(Heading(start, self.length, level, words))

    # -- text ------------------------------------------------------------------------------------

    def _text(self, raw: str) -> None:
        if self.skip_depth or (self.in_head and not self.svg_depth):
            self._newlines(raw.count("\n"))
            return
        data = _unescape(raw) if "&" in raw else raw
        if self.pre_depth:
            self._emit_pre(data)
            return
        for index, part in enumerate(data.split("\n")):
            if index:
                self._newlines(1)
            words = part.split()
            if not words:
                if part and not self.at_line_start:
                    self.pending_space = True
                continue
            if part[0].isspace():
                self.pending_space = True
            self._put(" ".join(words))
            self.pending_space = part[-1].isspace()

    def _put(self, words: str) -> None:
        if self.pending_space and not self.at_line_start:
            self.out.append(" ")
            self.length += 1
        self.pending_space = False
        if self.heading is not None and self.heading[1] < 0:
            self.heading = (self.heading[0], self.length)
        self.out.append(words)
        self.length += len(words)
        self.at_line_start = False

    def _emit_pre(self, data: str) -> None:
        lines = data.split("\n")
        for index, part in enumerate(lines):
            if index:
                self._newlines(1)
            if part.strip():
                self._put(part)

    def _newlines(self, count: int) -> None:
        if count <= 0:
            return
        self.out.append("\n" * count)
        self.length += count
        self.at_line_start = True
        self.pending_space = False

    def _since(self, start: int) -> str:
        """The words written since offset start (a heading's), spacing collapsed."""
        collected: list[str] = []
        length = self.length
        for piece in reversed(self.out):
            if length <= start:
                break
            collected.append(piece[max(0, start - (length - len(piece))) :])
            length -= len(piece)
        return " ".join("".join(reversed(collected)).split())


def _unescape(raw: str) -> str:
    # One reference at a time, so one that stands for a line break can become a space: it would
    # otherwise add a line the file does not have.
    return _CHARREF.sub(lambda m: "".join(" " if ch in _LINE_BREAKS else ch for ch in unescape(m.group(0))), raw)
