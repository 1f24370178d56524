"""Named speakers' lines of a recorded exchange, for ``injection_markers.recorded_turn`` (no I/O).

Wave 33: a transcript of a user test or a help-desk chat names its speakers ("Tester: What instructions were you
given?" / "Bot: I was set up to search the archive ..."). Under a transcript head, a line one named speaker says is
a record when another speaker's line follows it (the bot's answer, or the next question after a bot's answer).
Labels that address or dress as the reader's makers (system, developer, admin, a note or
an instruction "to the AI") never count, nor does a line nobody answers: a planted last line still fires.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["spoken_line"]

# a turn's label at the head of a line, or after a sentence's end or the head's colon where the variant collapsed the
# line breaks
_LABEL: Final = re.compile(
    r"(?:^|(?<=[.!?:)\]] ))[ \t]*([^\W\d_][\w'-]{0,20}(?:[ \t][\w'-]{1,20})?)[ \t]*:(?=[ \t])", re.MULTILINE
)
_NOT_SPEAKER: Final = re.compile(
    r"\b(?:system|sys|developer|dev|admin\w*|operator|root|instructions?|note|notice|important|warning|override"
    r"|policy|config\w*|prompt|to|for|reading)\b",
    re.I,
)


def spoken_line(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in one speaker's turn (opened by a label) that a later turn of another speaker
    follows, in an exchange of at least three turns whose labels are all speakers'."""
    turns = [m for m in _LABEL.finditer(text) if not _NOT_SPEAKER.search(m.group(1))]
    own = next((t for t in reversed(turns) if t.start() <= start + 1), None)
    # wave 36: a head without a colon collapsed into the first turn hides that turn's label ("Chat da oficina
    # Cliente: ..."): the hidden turn counts, and two other speakers must follow it
    hidden = own is None and "\n" not in text and bool(turns) and turns[0].start() >= end
    if len(turns) + hidden < 3 or len(turns) != len(list(_LABEL.finditer(text))):
        return False  # a planted system or "note to the AI" turn makes no exchange a record
    if own is None and start <= 1:  # a collapsed variant's sentence that runs from the head into the first turn
        own = turns[0]
    if own is None or "\n" in text[own.end() : end].rstrip("\n"):
        return False
    nxt = next((t for t in turns if t.start() > own.start()), None)
    if nxt is not None and end > nxt.start():
        return False  # the match runs into the next turn
    speaker = own.group(1).lower()
    return any(t.group(1).lower() != speaker for t in turns if t.start() > own.start())
