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

__all__ = ["TOOL_BRACKET", "tool_bracket"]

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


# the rule this sets off, for ``injection._rule_hits``
TOOL_BRACKET: Final = (("tool_imitation", tool_bracket),)
