"""The head of an exported chat transcript, for ``injection._is_mention`` (no I/O).

A transcript's first line names it ("Chat transcript #5 (exported ...)", "Support chat log"): its named speakers'
lines are a record (``injection_markers.recorded_turn``), still judged turn by turn, so a planted system turn, a line
nobody answers or a turn that sends private data fires. Moved out of ``injection`` (at 496 lines) in wave 36 and
taught the heads other languages write ("Chat da oficina", "Transcripción del chat", "Journal de discussion",
"Chatverlauf", "Trascrizione della chat", "Журнал чата").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["transcript_head"]

_TRANSCRIPT: Final = re.compile(
    r"\A[^\n]{0,80}\b(?:transcript|(?:chat|conversation|evaluation|debug)[ \t]+log|chat[ \t]+export|trace"
    # wave 36: Romance, German, Dutch and Russian heads; "chat" then "of the ..." ("chat da oficina", "chat del
    # taller", "chat du garage", "chat della concessionaria")
    r"|transcri(?:ção|ção|pción|ption|zione|ptie)|trascrizione|transkript\w{0,2}"
    r"|chat[ \t]+(?:da|do|de|del|della|dello|du|des|der|van)\b|chatverlauf\w{0,2}|chatprotokoll\w{0,2}"
    r"|chat-(?:verlauf|protokoll)\w{0,2}|gesprächsprotokoll\w{0,2}|chatgeschiedenis|chatlog"
    r"|(?:registro|registo|historial|histórico|cronologia|journal|historique)[ \t]+(?:de[ \t]+la[ \t]+|de[ \t]+|del"
    r"[ \t]+|do[ \t]+|da[ \t]+|della[ \t]+)?(?:chat|conversa\w{0,4}|discussion|conversation)"
    r"|журнал[ \t]+чата|лог[ \t]+чата|переписк\w|стенограмм\w)\b",
    re.I,
)


def transcript_head(text: str) -> bool:
    """``text`` opens with a line that names it a chat transcript or log, in one of several languages."""
    return bool(_TRANSCRIPT.match(text))
