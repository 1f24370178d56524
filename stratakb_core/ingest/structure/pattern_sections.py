"""The sections a layer's structure patterns add to a document's structure map (no I/O).

A pattern is matched at the start of each line, past its indent, against the line's first
PATTERN_WINDOW characters, case-sensitively as written. A match starts a section one level
below the section the line is in, labelled by the pattern's ``label`` group or the whole match;
it runs to the next section start. A line that already starts a section, a zero-length match
and lines outside the document's pages start nothing. Pattern sections do not take the
sections after them as children, so adding them never moves another section's path.

Which patterns are safe to run is `stratakb_core.patterns.check_regex`'s to say: the one rule set
for presets, the MCP create tool, ingest and search.
"""

from __future__ import annotations

import bisect
import functools
import logging
import re
from collections.abc import Sequence
from dataclasses import replace

from stratakb_core.ingest.structure.lines import Lines
from stratakb_core.patterns import check_regex, compile_regex
from stratakb_core.values import Section

__all__ = ["PATTERN_WINDOW", "compiled_patterns", "insert_pattern_sections"]

log = logging.getLogger("stratakb_core.ingest.structure")

# Enough for any identifier, and it bounds the work a pattern can do on a very long line.
PATTERN_WINDOW = 200


@functools.lru_cache(maxsize=256)
def compiled_patterns(patterns: tuple[str, ...]) -> tuple[tuple[re.Pattern[str], bool], ...]:
    """The safe patterns compiled, each with whether it has a ``label`` group; unsafe ones logged once."""
    result: list[tuple[re.Pattern[str], bool]] = []
    for pattern in patterns:
        reason = check_regex(pattern)
        if reason is not None:
            log.warning("unsafe_structure_pattern pattern=%s reason=%s", ascii(pattern)[:120], reason)
            continue
        compiled = compile_regex(pattern)  # linear-time (google-re2) whenever it can run the pattern
        if compiled is None:
            continue
        result.append((compiled, "label" in compiled.groupindex))
    return tuple(result)


def insert_pattern_sections(
    text: str,
    lines: Lines,
    sections: Sequence[Section],
    patterns: Sequence[tuple[re.Pattern[str], bool]],
) -> tuple[Section, ...]:
    """sections with a section added at each line a pattern matches, under the section it is in."""
    if not patterns:
        return tuple(sections)
    starts = {s.start for s in sections}
    found: list[tuple[int, str, int]] = []  # (start, label, heading_end)
    for i, line in enumerate(lines.lines):
        if lines.off_page[i] or not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" \t"))
        window = line[indent : indent + PATTERN_WINDOW]
        for pattern, has_label in patterns:
            match = pattern.match(window)
            if match is None or match.end() == 0:
                continue
            label = match.group("label") if has_label and match.group("label") else match.group(0)
            label = " ".join(label.split())
            if not label:
                continue
            start = lines.starts[i]
            if start not in starts:
                found.append((start, label, start + indent + match.end()))
            break
    if not found:
        return tuple(sections)
    section_starts = [s.start for s in sections]
    result: list[Section] = []
    by_section: dict[int, list[tuple[int, str, int]]] = {}
    for item in found:
        k = bisect.bisect_right(section_starts, item[0]) - 1
        by_section.setdefault(k, []).append(item)
    for k, section in enumerate(sections):
        inserted = by_section.get(k)
        if not inserted:
            result.append(section)
            continue
        cut = inserted[0][0]
        heading_end = section.heading_end
        if heading_end is not None:
            heading_end = min(heading_end, cut)
        result.append(replace(section, end=cut, heading_end=heading_end))
        for j, (start, label, end_of_heading) in enumerate(inserted):
            end = inserted[j + 1][0] if j + 1 < len(inserted) else section.end
            path = section.path + (label,)
            result.append(Section(start, end, path, len(path), label, min(end_of_heading, end)))
    return tuple(result)
