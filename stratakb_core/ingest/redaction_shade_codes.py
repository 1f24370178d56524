"""A colour's, a shade's, a paint's or a thread's code under its own name, in any word order (wave 49, no I/O).

``redaction_held_back.held_back`` asks ``is_shade_code`` of every rule's and the scorer's span. A rule that reads
digits after a code's word ("codice", "код", "kod", "código") in a clause also takes the number of a colour: "Il
codice del colore Pantone per la carta è 7530 C", "Код цвета переплётной ткани: 1204", "código de color del lino:
1205", "kod koloru okładki: 4471", "renk kodu 3021". ``redaction_public_kinds`` already kept a code whose kind comes
right before "code" and ends the label ("Farbcode:", "colour code:"); languages that put the kind *after* the code's
word ("codice del colore", "код цвета", "κωδικός χρώματος") and labels that go on to say what is coloured ("...
переплётной ткани:", "... per la carta è") were not kept. A colour's number is printed on swatch books, paint tins,
thread spools and fabric labels: it names a colour, it opens nothing. Also kept: a value a colour system names
("Pantone 7530 C", "RAL 6005", "NCS S 2030-Y90R", "TCX" after the digits) in a clause that names a colour.

It leaves:

- a label that also names a secret's word (PIN, password, passcode, Passwort, mot de passe, пароль ...) or a thing a
  code opens (door, gate, lock, alarm, safe, keypad, porta, porte, puerta, Tür, дверь, домофон, сейф ...), anywhere
  before the value on its line ("colour code of the door: 4471" still goes: secrets matter more than a false
  redaction);
- a colour printer's or a copier's code ("code for the colour printer: 4412" is a release PIN): a printer's word in
  the label keeps nothing;
- a value of more than 20 characters, or one with a symbol other than ``#``, ``.``, ``/``, ``-`` or a space;
- a line that goes on to say the value opens something ("... (type it at the keypad)").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_shade_code", "named_public_code", "opens_after", "secret_in_label"]

_LABEL_MAX: Final = 120  # characters before the value read as its label: linear on a long line
# a colour's (shade's, paint's, dye's, thread's) code or number, in the kind-first and the kind-after word orders
_NAME_RE: Final = re.compile(
    r"(?i:\b(?:colou?r|shade|paint|dye|ink|thread|yarn|swatch|tint|hue)[ \t]+(?:codes?|numbers?|no\.?|nr\.?|ref\.?"
    r"|reference|#)"
    r"|\b(?:farb|lack|garn|kleur|verf|f[äa]rg|farve|farge|v[äa]ri)(?:code|kode|kod|koodi|nummer|numero|nr\.?|ton)"
    r"|\bfarbe\b|\bfarbton\b|\bpantone\b|\bral\b|\bncs\b|\bhks\b"
    r"|\b(?:code|num[ée]ro|r[ée]f[ée]rence|r[ée]f\.?)[ \t]+(?:de[ \t]+(?:la[ \t]+)?)?(?:couleur|teinte|nuance)"
    r"|\b(?:c[óo]digo|n[úu]mero|referencia|refer[êe]ncia)[ \t]+(?:d[eoa]l?[ \t]+|da[ \t]+)?(?:colou?r|cor|tinta"
    r"|tono|pintura)"
    r"|\b(?:codice|numero|riferimento)[ \t]+(?:(?:del|della|dello|di)[ \t]+)?(?:colore|tinta|tonalit[àa])"
    r"|\b(?:kod|numer|nr\.?)[ \t]+(?:koloru|barwy|odcienia|farby)|\b(?:k[óo]d|[čc][íi]slo)[ \t]+(?:barvy|odst[íi]nu)"
    r"|\b(?:код|номер|артикул)[ \t]+(?:цвета|кольору|краски|фарби|оттенка|відтінку)"
    r"|κωδικ(?:ός|ό|ού)[ \t]+(?:του[ \t]+)?χρώματος|\brenk[ \t]+(?:kodu|numaras[ıi])|\bsz[íi]nk[óo]d"
    r"|色番号?|カラー(?:コード|番号)|色コード|色号|颜色代码|顏色代碼|色卡号|색상[ \t]*(?:코드|번호)|컬러[ \t]*코드)"
)
# a secret's word or a thing a code opens, anywhere in the label: the value may be a way in
_SECRET_WORD_RE: Final = re.compile(
    r"(?i:\bpins?\b|pin-?code|pass(?:code|word|wort|phrase)|kennwort|mot[ \t]+de[ \t]+passe|contrase[ñn]a|senha"
    r"|parola|пароль|has[łl]o|heslo|wachtwoord|l[öo]senord|passord|şifre|salasana|κωδικός[ \t]+πρόσβασης"
    r"|\b(?:doors?|gates?|(?:un)?lock\w*|alarm\w*|safe|keypad|key[ \t]pad|padlock|lockbox|locker|entry|access)\b"
    r"|\bt[üu]r\w*|\btor\b|schloss|tresor|\bporta\b|\bporte\b|\bportail|\bpuerta|\bportão|cancello|candado"
    r"|cadenas|lucchetto|cassaforte|caja[ \t]+fuerte|coffre|accès|acceso|accesso|acesso|zugang|дверь|двери"
    r"|домофон|подъезд|сейф|замк|замок|калитк|ворот|drzwi|sejf|zamek|dveř|trezor|kapı|kilit"
    r"|printer|drucker|imprimante|impresora|stampante|impressora|принтер|drukark|copier|kopierer|copieur"
    r"|扉|ドア|暗証|密码|门|보안|비밀번호|도어)"
)
_OPENS_AFTER_RE: Final = re.compile(
    r"(?i:keypad|key[ \t]?pad|\b(?:doors?|gates?|(?:un)?lock\w*|alarm\w*|enter[ \t]+it|type[ \t]+it)\b|t[üu]r\b"
    r"|porte|puerta|porta\b|portail|tastatur|clavier|teclado|tastiera|safe\b|tresor|schloss|cadenas|candado"
    r"|lucchetto|дверь|двер|замок|сейф|домофон|tastenfeld|ziffernblock|eingeben|eintippen|saisi[rsz]|tapez|digita"
    r"|introduc|teclea|вводит|введит|wpisz|wprowad|zadejte)"
)
_VALUE_RE: Final = re.compile(r"#?[A-Za-z0-9](?:[A-Za-z0-9 ./-]{0,18}[A-Za-z0-9])?")
# a clause ends at a line break or a sentence's end: the colour's name must be in the value's own clause
_DIGIT_RE: Final = re.compile(r"\d")
_CLAUSE_END_RE: Final = re.compile(r"[.!?;。](?:\s|$)|\n")


def _label(text: str, start: int, label_max: int) -> str:
    low = max(0, start - label_max)
    label = text[max(text.rfind("\n", low, start) + 1, low) : start]
    ends = list(_CLAUSE_END_RE.finditer(label))
    return label[ends[-1].end() :] if ends else label


def secret_in_label(label: str) -> bool:
    """Whether ``label`` names a secret's word or a thing a code opens (module docstring)."""
    return _SECRET_WORD_RE.search(label) is not None


def opens_after(text: str, end: int) -> bool:
    """Whether the rest of the line after ``end`` says the value opens something."""
    line_end = text.find("\n", end, end + 120)
    return _OPENS_AFTER_RE.search(text, end, line_end if line_end >= 0 else min(len(text), end + 120)) is not None


def named_public_code(
    text: str, start: int, end: int, name_re: re.Pattern[str], value_re: re.Pattern[str], max_len: int, label_max: int
) -> bool:
    """Whether ``text[start:end]`` (at most ``max_len`` characters, of ``value_re``'s shape) has a public code's name
    of ``name_re`` last in its clause's label (``label_max`` characters before it), no other value between, no
    secret's word or opened thing in the label and none after it on its line: the shared test of the colour,
    catalogue and classification codes (wave 49)."""
    if end - start > max_len or value_re.fullmatch(text, start, end) is None:
        return False
    label = _label(text, start, label_max)
    names = list(name_re.finditer(label))  # the last name before the value (the label is short: linear)
    name = names[-1] if names else None
    if name is None or secret_in_label(label) or _DIGIT_RE.search(label, name.end()) is not None:
        return False  # another value between the name and this one: the name is that value's
    return not opens_after(text, end)


def is_shade_code(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a colour's code under its own name (module docstring)."""
    return named_public_code(text, start, end, _NAME_RE, _VALUE_RE, 20, _LABEL_MAX)
