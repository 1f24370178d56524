"""The scan behind the structure map: outline entries, markup headings, keyword headings and clauses (no I/O).

One pass over the lines keeps a stack of open entries. Outline entries, markup headings and
keyword headings are containers: each holds the numbering open inside it (its chain), which a
numbered line must continue to count as a clause; see the package docstring for the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stratakb_core.ingest.structure.lines import (
    BLANK,
    CLAUSE,
    HEADING,
    MAX_CANDIDATE_CHARS,
    MAX_HEADING_CHARS,
    TEXT,
    TITLE_OPENERS,
    Lines,
    Toc,
    is_contents_title,
    keyword_heading,
    line_flags,
    line_state,
    looks_like_title,
    parse_number,
    same_title,
    title_number,
    toc_after_title,
    toc_tail,
)
from stratakb_core.values import OutlineEntry, ParsedDocument, Section

__all__ = ["Node", "Scanner"]


@dataclass(eq=False)
class Node:
    """An entry of the map being built: where it starts, its label and path, and for a container
    the numbering open inside it. Compared by identity: two entries are never the same one."""

    start: int
    heading_end: int | None
    label: str
    path: tuple[str, ...]
    kind: str  # root | outline | markup | keyword | clause
    rank: int = 0  # outline or markup level, keyword rank
    number: tuple[int, ...] | None = None
    fresh: bool = False  # a container where a numbering may start afresh
    # A container's open numbering, outermost first, and the number its clauses must extend
    # (its own, until a numbering starts afresh inside it).
    chain: list[Node] = field(default_factory=list)
    prefix: tuple[int, ...] | None = None
    had_clause: bool = False
    parent: Node | None = None
    list_item: bool = False  # a single-level clause written "7." (an ordered list item, maybe)
    child_clauses: int = 0
    dropped: bool = False


@dataclass(frozen=True)
class _Candidate:
    number: tuple[int, ...]
    label: str
    heading_end: int  # offset in the text
    is_heading: bool
    list_item: bool


class Scanner:
    """One pass over the lines, opening outline entries, markup headings, keyword headings and clauses."""

    def __init__(
        self,
        doc: ParsedDocument,
        lines: Lines,
        ordered_lists: bool,
        verbatim: Sequence[tuple[int, int]],
        root: tuple[str, ...],
    ) -> None:
        self.lines = lines
        self.ordered_lists = ordered_lists
        self.root = Node(0, None, "", root, "root", fresh=True)
        self.stack: list[Node] = [self.root]
        self.nodes: list[Node] = []
        # The number of the last numbered line that was refused, until a heading or clause opens:
        # "1." refused inside clause 4.3, then "2." would pass for the top-level 2 otherwise.
        self.refused: tuple[int, ...] | None = None
        self.verbatim = line_flags(lines, verbatim)
        outline = sorted((e for e in doc.outline if 0 <= e.start <= len(doc.text)), key=lambda e: e.start)
        self.outline_at: dict[int, list[OutlineEntry]] = {}
        for entry in outline:
            self.outline_at.setdefault(lines.index(entry.start), []).append(entry)
        outline_starts = {e.start for e in outline}
        self.outline_heading_ends = {
            s.start: s.heading_end for s in doc.sections if s.heading is not None and s.start in outline_starts
        }
        # An HTML page written on one line can hold several headings on it.
        self.markup_at: dict[int, list[Section]] = {}
        for section in doc.sections:
            if section.heading is None or section.start in outline_starts or not section.heading.strip():
                continue
            self.markup_at.setdefault(lines.index(section.start), []).append(section)

    def run(self) -> list[Node]:
        lines = self.lines
        n = len(lines.lines)
        state = BLANK
        toc: Toc | None = None
        i = 0
        while i < n:
            line = lines.lines[i]
            consumed = False
            for entry in self.outline_at.get(i, ()):
                if self._open_outline(entry, i):
                    consumed = True
            if lines.off_page[i]:
                i += 1
                continue
            if consumed:
                state, toc = HEADING, toc_after_title(line)
                i += 1
                continue
            markups = self.markup_at.get(i)
            if markups:
                last = i
                for markup in markups:
                    self._open_markup(markup)
                    end = markup.heading_end if markup.heading_end is not None else lines.starts[i] + len(line)
                    last = max(last, lines.index(max(markup.start, end - 1)))
                    toc = toc_after_title(markup.heading or "")
                state = HEADING
                i = last + 1
                continue
            if self.verbatim[i]:
                state = TEXT
                i += 1
                continue
            stripped = line.strip()
            if not stripped:
                state = BLANK
                i += 1
                continue
            if toc is not None:
                keep, toc = toc.takes(line, stripped)
                if keep:
                    i += 1
                    continue
            state = self._text_line(i, line, stripped, state)
            if len(stripped) <= MAX_CANDIDATE_CHARS and is_contents_title(stripped):
                toc, state = Toc(), HEADING
            i += 1
        if self.ordered_lists:
            self._drop_ordered_lists()
        return [node for node in self.nodes if not node.dropped]

    # -- openers ---------------------------------------------------------------------------------

    def _open_outline(self, entry: OutlineEntry, i: int) -> bool:
        """Open an outline entry; True when its title is the line at i (the line is used up)."""
        level = max(1, entry.level)
        while self.stack[-1].kind != "root" and not (self.stack[-1].kind == "outline" and self.stack[-1].rank < level):
            self.stack.pop()
        title = " ".join(entry.title.split()) or "(untitled)"
        line = self.lines.lines[i]
        on_line = same_title(line, title)
        given_end = self.outline_heading_ends.get(entry.start)
        if on_line:
            heading_end = max(self.lines.starts[i] + len(line.rstrip()), given_end or 0)
        else:
            heading_end = given_end if given_end is not None else entry.start
        node = self._container(entry.start, heading_end, title, "outline", level)
        self.stack.append(node)
        return on_line

    def _open_markup(self, section: Section) -> None:
        level = max(1, section.level)
        while (
            self.stack[-1].kind != "root"
            and self.stack[-1].kind != "outline"
            and not (self.stack[-1].kind == "markup" and self.stack[-1].rank < level)
        ):
            self.stack.pop()
        title = " ".join((section.heading or "").split())
        top = self.stack[-1]
        # A PDF outline entry found at the top of its page, and the same title printed a few lines
        # further down: one heading, not two.
        if top.kind == "outline" and top.start <= section.start and same_title(title, top.label):
            return
        self.stack.append(self._container(section.start, section.heading_end, title, "markup", level))

    def _container(self, start: int, heading_end: int | None, title: str, kind: str, rank: int) -> Node:
        self.refused = None
        parent = self.stack[-1]
        number, keyword = title_number(title)
        node = Node(
            start,
            heading_end,
            title,
            parent.path + (title,),
            kind,
            rank=rank,
            number=number,
            fresh=number is None or keyword,
            parent=parent,
        )
        if number is not None:
            node.chain, node.prefix = [node], number
        self.nodes.append(node)
        return node

    # -- text lines --------------------------------------------------------------------------------

    def _text_line(self, i: int, line: str, stripped: str, state: int) -> int:
        """Look at one non-blank line of text; returns the state the next line follows."""
        first = line[0]
        # Only a digit, or a capital (a keyword, an appendix letter "A.1"), can start one; the
        # check keeps the regexes off the ordinary lines of prose.
        if state != TEXT and (first.isdigit() or "A" <= first <= "Z") and len(stripped) <= MAX_CANDIDATE_CHARS:
            keyword = keyword_heading(stripped) if first in "PCSA" else None
            if keyword is not None:
                rank, label, number = keyword
                start = self.lines.starts[i]
                heading_end = start + len(line.rstrip())
                wrapped = self._wrapped_title(i) if label[-1] not in ".:" else None
                if wrapped is not None:
                    label, heading_end = f"{label} {wrapped[0]}", wrapped[1]
                top = self.stack[-1]
                if not (top.kind == "outline" and same_title(label, top.label)):
                    self._open_keyword(start, heading_end, label, rank, number)
                return HEADING
            candidate = self._clause_candidate(i, stripped)
            if candidate is not None:
                top = self.stack[-1]
                if top.kind == "outline" and candidate.is_heading and same_title(candidate.label, top.label):
                    # The outline entry's own title, found below the page start it points at.
                    if top.number is None:
                        top.number, top.chain, top.prefix = candidate.number, [top], candidate.number
                        top.fresh = False
                    return HEADING
                if self._open_clause(self.lines.starts[i], candidate):
                    return HEADING if candidate.is_heading else line_state(stripped)
        return line_state(stripped)

    def _open_keyword(
        self, start: int, heading_end: int, label: str, rank: int, number: tuple[int, ...] | None
    ) -> None:
        self.refused = None
        while self.stack[-1].kind not in ("root", "outline", "markup") and not (
            self.stack[-1].kind == "keyword" and self.stack[-1].rank < rank
        ):
            self.stack.pop()
        parent = self.stack[-1]
        node = Node(
            start,
            heading_end,
            label,
            parent.path + (label,),
            "keyword",
            rank=rank,
            number=number,
            fresh=True,
            parent=parent,
        )
        if number is not None:
            node.chain, node.prefix = [node], number
        self.nodes.append(node)
        self.stack.append(node)

    def _clause_candidate(self, i: int, stripped: str) -> _Candidate | None:
        match = CLAUSE.fullmatch(stripped)
        if match is None:
            return None
        num, paren, dot, words = match.group("num", "paren", "dot", "words")
        # A lone number without its dot ("100 Main Street") must stay short to pass for a clause.
        if "." not in num and not paren and not dot and len(num) > 2:
            return None
        first = words[0]
        if not (first.isupper() or first in TITLE_OPENERS):
            return None
        if toc_tail(stripped):
            return None
        number = parse_number(num, paren)
        written = num + paren
        line_start = self.lines.starts[i]
        title_like = len(stripped) <= MAX_HEADING_CHARS
        wrapped = self._wrapped_title(i) if title_like else None
        if wrapped is not None:
            words = f"{words} {wrapped[0]}"
        is_heading = title_like and looks_like_title(words) and (wrapped is not None or self._next_is_blank(i))
        if is_heading:
            label = f"{written} {' '.join(words.split())}"
            heading_end = wrapped[1] if wrapped is not None else line_start + len(self.lines.lines[i].rstrip())
        else:
            label = written
            heading_end = line_start + match.end("dot")
        list_item = len(number) == 1 and not paren and bool(dot)
        return _Candidate(number, label, heading_end, is_heading, list_item)

    def _wrapped_title(self, i: int) -> tuple[str, int] | None:
        """A heading's second line: (its words, where it ends) when line i+1 is indented, short
        and followed by a blank line, as an RFC wraps a long section title."""
        lines = self.lines
        j = i + 1
        if j >= len(lines.lines) or lines.off_page[j]:
            return None
        line = lines.lines[j]
        words = line.strip()
        if not words or not line[0].isspace() or len(words) > MAX_CANDIDATE_CHARS // 2:
            return None
        if not self._next_is_blank(j) or words[-1] in ".,;:":
            return None
        return words, lines.starts[j] + len(line.rstrip())

    def _next_is_blank(self, i: int) -> bool:
        lines = self.lines
        for j in range(i + 1, len(lines.lines)):
            if lines.off_page[j]:
                continue
            return not lines.lines[j].strip()
        return True

    def _open_clause(self, start: int, cand: _Candidate) -> bool:
        number = cand.number
        refused = self.refused
        if refused is not None and len(refused) == len(number) and number[:-1] == refused[:-1]:
            if number[-1] == refused[-1] + 1:  # the next item of a refused list is refused too
                self.refused = number
                return False
        for depth in range(len(self.stack) - 1, -1, -1):
            container = self.stack[depth]
            if container.kind == "clause":
                continue
            accepted = _accepts(container, number)
            if accepted is None:
                continue
            parent, afresh = accepted
            if afresh:
                container.chain, container.prefix = [], None
            # Close everything opened inside the parent (or, when the parent is a closed clause
            # of this numbering, inside the container).
            keep = self.stack.index(parent) if parent in self.stack else depth
            del self.stack[keep + 1 :]
            node = Node(
                start,
                cand.heading_end,
                cand.label,
                parent.path + (cand.label,),
                "clause",
                number=number,
                parent=parent,
                list_item=cand.list_item,
            )
            if parent in container.chain:
                del container.chain[container.chain.index(parent) + 1 :]
            else:
                container.chain.clear()
            container.chain.append(node)
            container.had_clause = True
            parent.child_clauses += 1 if parent.kind == "clause" else 0
            self.nodes.append(node)
            self.stack.append(node)
            self.refused = None
            return True
        self.refused = number
        return False

    def _drop_ordered_lists(self) -> None:
        """Drop each run of ``1.`` ``2.`` items under one parent that has no subclause among them."""
        run: list[Node] = []

        def close() -> None:
            if run and not any(item.child_clauses for item in run):
                for item in run:
                    item.dropped = True
            run.clear()

        for node in self.nodes:
            if node.kind != "clause":
                continue
            if not node.list_item:
                # A subclause (7.1) belongs to the run it hangs from; it does not end it.
                if run and node.parent is not None and node.parent.kind == "clause" and node.parent in run:
                    continue
                close()
                continue
            previous = run[-1] if run else None
            if (
                previous is not None
                and previous.parent is node.parent
                and previous.number is not None
                and node.number is not None
                and node.number[0] == previous.number[0] + 1
            ):
                run.append(node)
                continue
            close()
            run.append(node)
        close()


def _accepts(container: Node, number: tuple[int, ...]) -> tuple[Node, bool] | None:
    """(parent, whether the numbering starts afresh) for a clause numbered number in container.

    None when the number does not continue the container's numbering.
    """
    chain = container.chain
    prefix = container.prefix
    if chain and _continues(chain[-1].number or (), number) and (prefix is None or _extends(number, prefix)):
        for node in reversed(chain):
            if node.number is not None and _extends(number, node.number):
                return node, False
        return container, False
    if container.fresh and not container.had_clause and number[-1] in (0, 1):
        return container, True
    return None


def _continues(last: tuple[int, ...], number: tuple[int, ...]) -> bool:
    """Whether number comes right after last: 4.3.1 -> 4.3.1.1, 4.3.2, 4.4 or 5."""
    if len(number) == len(last) + 1 and number[:-1] == last and number[-1] in (0, 1):
        return True
    j = len(number) - 1
    return j < len(last) and number[:j] == last[:j] and number[j] == last[j] + 1


def _extends(number: tuple[int, ...], prefix: tuple[int, ...]) -> bool:
    return len(number) > len(prefix) and number[: len(prefix)] == prefix
