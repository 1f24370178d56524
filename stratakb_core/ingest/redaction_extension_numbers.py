"""A phone extension's or a room's number named right before it, in many languages (wave 49, no I/O).

``redaction_held_back.held_back`` asks ``is_extension_or_room`` of every rule's and the scorer's span. A door
policy often says whom to ask for the code, and a rule that reads digits later in a door's or a gate's sentence takes
the number of the phone or the room it points to: "Kod do bramy zmieniany jest co tydzień, informacja pod numerem
wewnętrznym 2214", "Код двери меняется каждую неделю, звоните на добавочный 3120", "chiedete all'interno 3301",
"llame a la extensión 2290", "bel toestel 4417", "ring anknytning 3315", "room 2214 holds the key register".
``redaction_lock_codes`` kept "ext.", "extension", "Durchwahl", "poste" and "tel." right before the digits; this keeps
the same shape for every rule and in more languages (interno, extensión, ramal, toestel, anknytning, lokalnummer,
sisänumero, wewnętrzny, linka, mellék, dahili, добавочный, внутренний, 内線, 내선, 分机), and a room's, an office's
or a hall's number (room, Raum, Zimmer, salle, sala, stanza, lokaal, rum, pokój, místnost, кабинет, комната, 号室).

It leaves:

- a code's, a PIN's or a password's word right before the extension's or the room's word ("codice interno 3301",
  "room code 2214", "Zimmer-PIN 4471" name a code: the word must be the one right before the digits);
- a value that is not three to six digits (with an optional letter: "2214B");
- digits followed by a star or a hash (a keypad's entry).
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_shade_codes import secret_in_label

__all__ = ["is_extension_or_room"]

_BEFORE_MAX: Final = 60
# a phone extension's word, then at most "n.", "nr", "no.", "#" or "№" right before the digits (no colon: a word
# before a colon ends a label, "Код от сейфа в офисе: 93017")
_TAIL: Final = r"\.?(?:[ \t]+(?:n[or]?\.?|nr\.?|num\.?|#|№))?[ \t]*[#№]?[ \t]*$"
_EXTENSION_RE: Final = re.compile(
    r"(?i:(?<![\w-])(?:ext|extension|extensi[óo]n|durchwahl|nebenstelle|poste|int(?=\.)|ramal|toestel"
    r"|(?:(?<=all['’])|(?<=,[ \t]))interno|anknytning(?:snummer)?|lokalnummer|sis[äa]numero|alanumero"
    r"|wewn[ęe]trzn(?:y|ym|ego)|linka|lince|mell[ée]k"
    r"|dahili|добавочн(?:ый|ого|ому)|доб|внутренн(?:ий|ему|его)|внутр)" + _TAIL + r"|(?:内線|내선|分机|分機)[ \t]*$)"
)
# a room's or an office's word: the same, and its clause must name no secret and no thing a code opens
_ROOM_RE: Final = re.compile(
    r"(?i:(?<![\w-])(?:room|raum|zimmer|salle|bureau|sala|stanza|ufficio|aula|despacho|oficina|lokaal|kamer|rum"
    r"|rummet|huone|pok[óo]j|pokoju|sali|m[íi]stnost|kancel[áa][řr]|кабинет|кабинете|каб|комната|комнате|комнату|офис"
    r"|офисе|oda|odas[ıi]|terem)" + _TAIL + r"|号室[ \t]*$)"
)
_CLAUSE_END_RE: Final = re.compile(r"[.!?;。](?:\s|$)|\n")
_CODE_BEFORE_RE: Final = re.compile(
    r"(?i:(?:code|codice|c[óo]digo|kod|k[óo]d|код|pin|passcode|password|passwort|kennwort|has[łl]o|пароль"
    r"|combination|combinazione|combinaison|safe|lock|schloss)[ \t_-]*$)"
)
_VALUE_RE: Final = re.compile(r"\d{3,6}[A-Za-z]?")


def is_extension_or_room(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is an extension's or a room's number named right before it (module docstring)."""
    if end - start > 7 or _VALUE_RE.fullmatch(text, start, end) is None or text[end : end + 1] in ("*", "#"):
        return False
    low = max(0, start - _BEFORE_MAX)
    before = text[max(text.rfind("\n", low, start) + 1, low) : start]
    word = _EXTENSION_RE.search(before)
    if word is None:
        word = _ROOM_RE.search(before)
        ends = list(_CLAUSE_END_RE.finditer(before))
        if word is None or secret_in_label(before[ends[-1].end() if ends else 0 :]):
            return False
    return _CODE_BEFORE_RE.search(before, 0, word.start()) is None
