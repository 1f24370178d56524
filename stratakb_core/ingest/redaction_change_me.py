"""A value that says "change me" in more languages, and a value read past its bracket (wave 40, no I/O).

``CHANGE_VERBS``: imperative verbs of changing, replacing or filling in, in the Nordic, Baltic, Slavic, Finnish,
Dutch, Turkish, Greek and Romance languages (``BYT_UT_MIG``, ``vervang-mij``, ``ERSTATT_MEG``, ``vaihda_tama``,
``ZMIEN_TO``, ``DEGISTIR_BENI``): ``redaction_values`` reads a slug of letters holding one as a placeholder, as it
does English ``replace`` or Spanish ``cambiar``; a chosen password of words has digits or symbols, so it is no such
slug.

``without_stray_closer``: a label's value runs to the next space, so a log line's ``(password=[REDACTED])`` or
``(token=***)`` hands over ``[REDACTED])``; the closing bracket with no opener in the value is the sentence's.
"""

from __future__ import annotations

from typing import Final

__all__ = ["CHANGE_VERBS", "without_stray_closer"]

CHANGE_VERBS: Final = frozenset(
    # Swedish, Danish, Norwegian, Finnish, Icelandic
    "byt ändra andra ersätt ersatt fyll udskift erstat ændr aendr skift udfyld bytt endre erstatt vaihda korvaa"
    " täytä tayta muuta breyttu"
    # Dutch, German (more forms), Polish, Czech, Slovak, Russian/Ukrainian (Latin and Cyrillic), Turkish, Greek
    " vervang verander wijzig vul invullen ändere aendere ersetze ersetzen zmień zmien zamień zamien uzupełnij"
    " uzupelnij změň zmen změnit zmenit nahraď nahrad vyplň vypln zmeň замени заменить измени изменить змініть"
    " замініть zameni izmeni değiştir degistir değiştirin degistirin doldur άλλαξε αντικατάστησε"
    # Romance forms the older list lacks: French, Spanish, Portuguese, Italian, Romanian
    " changez remplacez modifiez modifier remplissez reemplaza reemplace reemplázame reemplazame cambia cambie"
    " rellena rellenar substitua substitui troque mude altere preencha preencher sostituisci cambia modifica"
    " compila înlocuiește inlocuieste schimbă schimba".split()
)
_OPENER: Final = {")": "(", "]": "[", "}": "{"}


def without_stray_closer(value: str) -> str:
    """``value`` without closing brackets at its end that close nothing inside it."""
    while value and value[-1] in _OPENER and value.count(value[-1]) > value.count(_OPENER[value[-1]]):
        value = value[:-1]
    return value
