"""A device's serial number or a place's postal code under its own name in more languages (wave 48, no I/O).

``redaction_held_back.held_back`` asks ``is_serial_or_postal`` of every rule's span. A rule that reads a value after
a code's or a key's word ("kodu", "anahtarı") also takes the value after a label whose *last* name is a serial number
or a postal code: "cihaz seri numarası: DGT-SB-2021-118843", "posta kodu 07580", "Seriennummer: GX-20-55813",
"kod pocztowy 00-950", "postnummer 113 50". These name the thing (printed on its plate, written on every letter),
not a way in. The older lists (``redaction_number_labels``, ``redaction_public_kinds``) held such names in a few
languages and for digits only; this adds Turkish, Polish, the Nordic languages, Czech, Hungarian, Russian, Japanese,
Korean and Chinese names, and serials of letters and digits.

It leaves:

- a code's, a key's or a password's word after the serial's name ("Seriennummer und PIN: 4471", "seri numarası ve
  şifre: ...");
- a software product key's layout (four or more groups of 4 to 6 letters and digits of one length,
  "ABCDE-12345-FGHIJ-67890"): software sellers call their licence keys "serial numbers";
- a value of more than 32 characters, or of lower-case letters only;
- a line that goes on to say the value opens something ("... (enter it at the door keypad)").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_serial_or_postal"]

_LABEL_MAX: Final = 120  # characters before the value read as its label: linear on a long line
_NAME_RE: Final = re.compile(
    r"(?i:\b(?:serial[ \t]+(?:number|no\.?|nr\.?)|s/n|seri[ \t]+(?:numaras[ıi]|no\.?)|seriennummer|serien-?nr\.?"
    r"|num[ée]ro[ \t]+de[ \t]+s[ée]rie|n[úu]mero[ \t]+de[ \t]+s[ée]rie|numero[ \t]+di[ \t]+serie|serienummer"
    r"|numer[ \t]+seryjny|sarjanumero|v[ýy]robn[íi][ \t]+[čc][íi]slo|sorozatsz[áa]m|серийный[ \t]+номер"
    r"|posta[ \t]+kodu|kod[ \t]+pocztowy|postnummer|postnr\.?|postinumero|psč|ir[áa]ny[íi]t[óo]sz[áa]m"
    r"|почтовый[ \t]+индекс|postleitzahl|plz|postal[ \t]+code|post[ \t]?code|zip[ \t]+code)"
    r"|シリアル(?:番号|ナンバー)|製造番号|郵便番号|序列号|邮政编码|郵遞區號"
    r"|시리얼[ \t]*번호|일련[ \t]*번호|우편[ \t]*번호)"
    r"[ \t]*(?:\([^()\n]{0,30}\))?[ \t]*[:=：#]?[ \t]*$"
)
_CODE_WORD_RE: Final = re.compile(
    r"(?i:\b(?:pin|pins|passcode|password|passwort|kennwort|combination|şifre|parola|has[łl]o|mot[ \t]+de[ \t]+passe"
    r"|contrase[ñn]a|senha|wachtwoord|l[öo]senord|licen[cs]e|lisans|key|schlüssel|anahtar\w*|cl[ée]|clave|chiave)\b)"
)
# the rest of the line says the value opens something
_OPENS_RE: Final = re.compile(
    r"(?i:keypad|key[ \t]?pad|\b(?:doors?|gates?|(?:un)?lock\w*|alarm\w*|enter[ \t]+it|kap[ıi]\w*|kilit\w*)\b"
    r"|t[üu]r\b|porte|puerta|porta\b|tastatur|clavier|teclado|tastiera|safe\b|tresor|schloss|cadenas|kasa\b)"
)
_VALUE_RE: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 ./-]{0,30}[A-Za-z0-9])?")
_PRODUCT_KEY_RE: Final = re.compile(r"[A-Za-z0-9]{4,6}(?:-[A-Za-z0-9]{4,6}){3,7}")


def _product_key(value: str) -> bool:
    """Four or more dashed groups of one length (4 to 6): a software licence key's layout."""
    if _PRODUCT_KEY_RE.fullmatch(value) is None:
        return False
    return len({len(group) for group in value.split("-")}) == 1


def is_serial_or_postal(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a serial number or a postal code under its own name (module docstring)."""
    if end - start > 32 or _VALUE_RE.fullmatch(text, start, end) is None:
        return False
    value = text[start:end]
    if value.islower() or _product_key(value):
        return False
    low = max(0, start - _LABEL_MAX)
    label = text[max(text.rfind("\n", low, start) + 1, low) : start]
    name = _NAME_RE.search(label)
    if name is None or _CODE_WORD_RE.search(label, name.start()) is not None:
        return False
    line_end = text.find("\n", end, end + 120)
    return _OPENS_RE.search(text, end, line_end if line_end >= 0 else min(len(text), end + 120)) is None
