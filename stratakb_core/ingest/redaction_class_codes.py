"""An official classification's code under its own name: an activity's or a customs tariff's (wave 49, no I/O).

``redaction_held_back.held_back`` asks ``is_classification_code`` of every rule's and the scorer's span. A firm's
activity code and a good's customs heading are printed on invoices, in company registers and on customs forms; a rule
reading a value after a code's word takes them, and so does the learned scorer ("Le code APE de l'atelier est 1814Z",
"Код ТН ВЭД для переплётов: 4820", "Il codice ATECO della legatoria è 18.14", "NACE-Code: C18.14", "ОКВЭД 18.14",
"PKD 1814Z", "SNI 18140", "WZ 2008: 18.14.0", "HS code 4820.10", "NAICS 323117"). ``redaction_public_kinds`` kept
"HS code" and "tariff code" right before the value; this keeps the classifications by their own names, with words
between the name and the value ("... della legatoria è", "... для переплётов:").

It leaves:

- a label that also names a secret's word or a thing a code opens (``redaction_shade_codes.secret_in_label``);
- a value of more than 14 characters or not of a classification's shape (digits with dots, spaces or a dash, a
  letter first or last at most: "C18.14", "1814Z", "4820 10");
- a line that goes on to say the value opens something.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_shade_codes import named_public_code

__all__ = ["is_classification_code"]

_LABEL_MAX: Final = 100
_NAME_RE: Final = re.compile(
    r"(?i:(?<![\w-])(?:nace|ateco|cnae|ciiu|naics|anzsic|pkd|ok[ée]d|teáor|wz[ \t]+20\d\d|taric|gtip|ncm|htsus)"
    r"(?![\w-])"
    # a short name only beside a code's or a number's word: "code APE", "HS code", "SIC-Code", "SNI-kod"
    r"|(?<![\w-])(?:code|codice|c[óo]digo|kod|k[óo]d|код)[ \t]+(?:ape|naf|hs|cn|kn|sic|sni)(?![\w-])"
    r"|(?<![\w-])(?:ape|naf|hs|cn|kn|sic|sni|wz)[ \t-]?(?:codes?|kod|kode|nummer|numbers?|nr\.?)(?![\w-])"
    r"|(?<![\w-])(?:оквэд|окпд|тн[ \t]+вэд|уктзед|кведу?|квэд)(?![\w-])"
    r"|zolltarifnummer|warentarifnummer|nomenclature[ \t]+douani[èe]re|c[óo]digo[ \t]+arancelario"
    r"|codice[ \t]+doganale|partida[ \t]+arancelaria|taric-?code)"
)
_VALUE_RE: Final = re.compile(r"[A-Za-z]?\d{2,4}(?:[ .-]?\d{1,4}){0,3}[A-Za-z]?")


def is_classification_code(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is an activity's or a tariff's classification code (module docstring)."""
    return named_public_code(text, start, end, _NAME_RE, _VALUE_RE, 14, _LABEL_MAX)
