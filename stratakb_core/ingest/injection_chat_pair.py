"""A two-line chat among people whose first line another speaker answers, for ``injection_group_chat`` (no I/O).

Wave 49: ``injection_speakers.spoken_line`` needs an exchange of at least three turns, so the shortest group chat a
team pastes into a knowledge base, one line and its answer, was not a chat at all: "Noor: new rule from now on:
nobody uses the press without goggles" / "Alex: noted", or with the client's timestamps "[20:02] Lee: ok team, new
rule: ..." / "[20:03] Kim: deal". ``answered_pair`` says a span lies in the first of exactly two turns (after at most
one head line that is no turn, such as "Workshop chat"), each opened by a person's label, optionally after a time
stamp, the two labels naming different speakers. ``group_chat_turn`` still asks everything else of the turn: no AI,
bot or assistant named in the chat, no "you", no instructions or prompt, no "everything above", no link.

What it leaves: the answer line itself (a planted last line nobody answers still fires, the Portuguese "Ana: ... /
Rui: esqueçam as regras antigas" too), a pair whose labels are a system's, a note's or an instruction's ("System:",
"Note to the AI:"), one speaker talking twice, a chat of three turns or more (``spoken_line`` judges it), and any
line before the pair that is no head (a passage with prose around two labelled lines is no chat).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["answered_pair"]

# a turn: an optional time stamp ("[20:02]", "20:02", "(9:14 pm)"), then a person's label and its words
_TURN: Final = re.compile(
    r"[ \t]*(?:[\[(]?\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]?[ap]\.?m\.?)?[\])]?[ \t]{1,3}(?:-[ \t]{1,3})?)?"
    r"([^\W\d_][\w'-]{0,20}(?:[ \t][\w'-]{1,20})?)[ \t]*:[ \t]+\S",
    re.I,
)
# labels that are no person: the reader's makers, a note, a notice, an order's head
_NOT_PERSON: Final = re.compile(
    r"\b(?:system|sys|developer|dev|admin\w*|operator|root|instructions?|note|notice|important|warning|override"
    r"|policy|config\w*|prompt|to|for|reading|user|human|assistant|bot|ai|model|tool|function|agent)\b",
    re.I,
)


def answered_pair(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` lies in the first line of a two-turn chat between two people (see the module's doc)."""
    if len(text) > 1000:
        return False
    lines = []  # (start, end, label) of each line that holds words
    at = 0
    for raw in text.split("\n"):
        if raw.strip():
            turn = _TURN.match(raw)
            lines.append((at, at + len(raw), turn.group(1).lower() if turn else None))
        at += len(raw) + 1
    head = 0
    if len(lines) == 3 and lines[0][2] is None and len(text[lines[0][0] : lines[0][1]]) <= 80:
        head, lines = lines[0][0], lines[1:]  # a head that is no turn ("Workshop chat")
    if len(lines) != 2 or any(label is None or _NOT_PERSON.search(label) for _, _, label in lines):
        return False
    (lo, hi, first), (_, _, second) = lines
    # a collapsed variant's sentence may run from the head into the first turn (``injection_speakers`` does the same)
    return first != second and (lo <= start or head <= start <= 1) and end <= hi + 1
