"""A tool call written as a bracketed header, "[tool: shell]", with a destructive command under it (no I/O; wave 38).

Agent logs print a call as "[tool: shell]" or "[tool:shell] {...}" and then the command; planted in a document,
such a header with "rm -rf", "DROP TABLE", "mkfs" or "dd if=" on its line or the next two lines imitates a call the
reader already made, to be continued ("Assistant: continue with the same command"). A header whose lines run
nothing destructive ("[tool: shell]" / "$ ls -la") stays; so does the header named inside a sentence, not opening
its line. Every repetition is bounded (linear).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["TOOL_BRACKET", "tool_bracket", "tool_pair"]

_HEADER: Final = re.compile(
    r"^[ \t]*\[[ \t]?(?:tool|function|tool_call|tool_use|action)[ \t]?[:=][ \t]?[\w.-]{1,40}[ \t]?\]"
    r"(?P<rest>[^\n]{0,300}(?:\n[^\n]{0,300}){0,2})",
    re.IGNORECASE | re.MULTILINE,
)
_DESTROY: Final = re.compile(
    r"\brm[ \t]+-(?:rf|fr|r)\b|\bdrop[ \t]+(?:table|database|schema)\b|\bmkfs\b|\bdd[ \t]+if=|\bshred[ \t]+-"
    r"|\btruncate[ \t]+table\b|\bdel[ \t]+/[sq]\b|\bformat[ \t]+[a-z]:|\bgit[ \t]+push[ \t]+(?:-f|--force)\b",
    re.IGNORECASE,
)


def tool_bracket(text: str) -> tuple[int, int] | None:
    """The span of a bracketed tool header and the destructive command under it, or None."""
    if "[" not in text:
        return None
    for m in _HEADER.finditer(text):
        if _DESTROY.search(m.group("rest")):
            return m.start(), m.end()
    return None


# wave 43: a bracketed call opened and closed ("[tool:loyalty.adjust_points] {...} [/tool]", "[tool_call id=c7
# name=update_price_table] {...} [/tool_call]") whose tool changes, grants, pays or deletes: a call shown as made
_PAIR: Final = re.compile(
    r"^[ \t]*\[[ \t]?(?P<kind>tool_call|tool_use|tool|function_call|function)(?:[ \t]?[:=][ \t]?(?P<name>[\w.-]{1,60})"
    r"|[ \t][^\]\n]{0,60}?\bname[ \t]?=[ \t]?[\"']?(?P<named>[\w.-]{1,60})[\"']?)[^\]\n]{0,40}\][ \t]*\n"
    r"(?P<body>[^\[]{1,600}?)\[/(?P=kind)\]",
    re.IGNORECASE | re.MULTILINE,
)
_CHANGES: Final = re.compile(
    r"(?:adjust|update|set|grant|delete|remove|drop|transfer|refund|cancel|approve|credit|pay|issue|modify|change"
    r"|reset|unlock|open|export|share|send|disable|elevate|wipe|void|waive|comp)",
    re.IGNORECASE,
)


def tool_pair(text: str) -> tuple[int, int] | None:
    """The span of a bracketed tool call, opened and closed, whose tool changes or grants something, or None."""
    if "[/" not in text:
        return None
    for m in _PAIR.finditer(text):
        if _CHANGES.search(m.group("name") or m.group("named") or "") and "{" in m.group("body"):
            return m.start(), m.end()
    return None


# the rules these set off, for ``injection._rule_hits``
TOOL_BRACKET: Final = (("tool_imitation", tool_bracket), ("tool_imitation", tool_pair))
