"""A product's or an article's catalogue code named after the code's word, with its article (wave 49, no I/O).

``redaction_held_back.held_back`` asks ``is_catalogue_code`` of every rule's and the scorer's span. A rule that reads
digits after a code's word in a clause ("код", "codice", "código", "kod") also takes a shop's or a warehouse's item
number when the language puts the kind after the code's word with an article or a case ending: "Код товара в
каталоге: 55210", "Il codice dell'articolo a magazzino è 88123", "código del producto en la tarifa: 4471", "code de
l'article : 30218", "kod towaru 55201", "kód zboží 8812", "артикул 44-120". ``redaction_public_kinds`` keeps the
bare forms ("codice articolo", "code produit"); these are the inflected ones. An item's number is printed in every
catalogue and on every label; it opens nothing.

It leaves:

- a label that also names a secret's word (PIN, password, пароль ...) or a thing a code opens (door, gate, lock,
  locker, safe, keypad, дверь, сейф, porta ...) anywhere on its line before the value;
- a value of more than 20 characters, or one with a symbol other than ``.``, ``/``, ``-`` or a space;
- a line that goes on to say the value opens something ("... (enter it at the keypad)").
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_shade_codes import named_public_code

__all__ = ["is_catalogue_code"]

_LABEL_MAX: Final = 120
_NAME_RE: Final = re.compile(
    r"(?i:\b(?:код|номер)[ \t]+(?:товара|товару|продукта|продукту|изделия|виробу|артикула)|\bартикул\w{0,2}"
    r"|\bcodice[ \t]+(?:dell['’][ \t]?articolo|del[ \t]+prodotto)"
    r"|\bc[óo]digo[ \t]+(?:del?|do|da)[ \t]+(?:producto|produto|art[íi]culo|artigo)"
    r"|\bcode[ \t]+(?:de[ \t]+l['’][ \t]?article|du[ \t]+produit)"
    r"|\bkod[ \t]+(?:towaru|produktu|artyku[łl]u)|\bk[óo]d[ \t]+(?:zbo[žz][íi]|produktu|v[ýy]robku)"
    r"|\b(?:artikel|produkt)(?:nummer|code|nr\.?)|\bart\.?-?nr\.?|\b(?:item|article|product)[ \t]+(?:no\.?|number)"
    r"|\b(?:sku|ean|gtin|upc)\b)"
)
_VALUE_RE: Final = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 ./-]{0,18}[A-Za-z0-9])?")


def is_catalogue_code(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is an item's catalogue code under its own name (module docstring)."""
    return named_public_code(text, start, end, _NAME_RE, _VALUE_RE, 20, _LABEL_MAX)
