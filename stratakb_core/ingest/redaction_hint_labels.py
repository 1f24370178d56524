"""A value whose label names the password's hint, reminder or question, not the password (stop 42 review, no I/O).

Sign-up forms, onboarding guides and help-desk notes give a password's hint beside its name: "Password hint:
first-school-name", "Passwort-Hinweis: nicht-auf-dem-Zettel", "Indice du mot de passe : chat-noir-jardin", "Pista de la
contraseña: nombre-del-perro". A hint is shown to anyone at the login page by design; the rules that read a value after
a password's name took it (wave 41's dashed words made two of these new). ``is_hint_value`` asks it of every rule's span
in ``redaction.redact``, as ``redaction_number_labels`` does for numbers: the label on the value's line (at most 160
characters before it, so time stays linear) ends on a password's name joined to a hint word ("Password hint",
"Passwort-Hinweisfeld", "hasło - podpowiedź") or on a hint word followed by a password's name ("indice du mot de passe",
"pista de la contraseña", "suggerimento per la password"), then a colon, "=" or a copula. "Hint: the password is X"
names the password after the hint and still goes, as does a password after a hint's sentence ("Password hint: blue.
Password is X").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_hint_value"]

_LABEL_MAX: Final = 160
_PW: Final = (
    r"(?:password|passwort|kennwort|passcode|passphrase|pin|wachtwoord|l[öo]senord|passord|adgangskode|salasana"
    r"|jelsz[óo]|has[łl][oa]|contrase[ñn]a|senha|mot[ \t]+de[ \t]+passe|parola|пароль|パスワード|密码|密碼|비밀번호)"
)
_HINT: Final = (
    r"(?:hints?|reminders?|clues?|questions?|hinweis\w{0,6}|tipps?|erinnerung|merkhilfe|eselsbr[üu]cke|frage"
    r"|indices?|rappel|astuce|pistas?|recordatorio|sugerencia|pregunta|suggerimento|promemoria|indizio|domanda"
    r"|dica|lembrete|pergunta|geheugensteun|vraag|ledtr[åa]d|p[åa]minnelse|fr[åa]ga|vihje|muistutus|kysymys"
    r"|wskaz[óo]wk[ai]|podpowied[źz]|przypomnienie|pytanie|подсказк[аи]|напоминание|вопрос|ヒント|提示|힌트)"
)
_END: Final = r"[ \t]*(?:\([^()\n]{0,40}\))?[ \t]*(?:[:=：]|\b(?:is|ist|est|es|è|é|är|er|jest|on)\b)[ \t]*$"
_LINK: Final = (
    r"(?:(?:de|du|della|del|dla|do|da|per|la|l'|el|il|for|för|til|zum|zur|des|van|het|the|your|votre|tu|su|ao)[ \t]+)"
)
_HINT_LABEL_RE: Final = re.compile(
    rf"(?i:\b{_PW}(?:[ \t]*[-_/][ \t]*|[ \t]+|(?=\w))?{_HINT}{_END}|\b{_HINT}[ \t]+{_LINK}{{0,3}}{_PW}{_END})"
)


def is_hint_value(text: str, start: int, end: int) -> bool:
    """Whether the value at ``text[start:end]`` sits under a label naming a password's hint (module docstring)."""
    del end  # the label decides
    line_start = text.rfind("\n", max(0, start - _LABEL_MAX), start) + 1
    label = text[max(line_start, start - _LABEL_MAX) : start]
    return _HINT_LABEL_RE.search(label) is not None
