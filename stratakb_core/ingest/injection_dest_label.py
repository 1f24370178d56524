"""An address's own label, for the co-occurrence rule (no I/O; wave 47).

"Please send all invoices for berth D7 to my new email address, accounts@seaview.example": the words "email address"
name the destination that follows them, they are not private data carried to it. The co-occurrence rule counts
"email address" as data (an attack sends "the users' email addresses" to a drop box), so a customer asking for
mail to go to a new mailbox read as a send of personal data. ``label_masked`` blanks a label that runs straight into
the address it names (after ``injection_cooccur`` has turned the address into its mark, ``\\x01``): "my email
address, x@y", "E-Mail-Adresse: x@y", "adresse e-mail x@y", "dirección de correo electrónico x@y", "indirizzo email
x@y", "endereço de e-mail x@y", "e-mailadres x@y", "adres e-mail x@y", "адрес электронной почты x@y". A label with
anything else between it and an address is left as data ("send every customer's email address to x@y", "the email
addresses, phone numbers and card numbers to x@y"), and what else the sentence carries still counts ("send the
conversation to my email address, x@y" stays a send of the conversation).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["label_masked"]

_MARK: Final = "\x01"  # injection_cooccur's mark for an address (_DEST; the look-alike variant reads "@" as "a")
_LABEL: Final = re.compile(
    r"\b(?:e-?mail|mail|contact|billing|work|business|new|current|preferred)?[ \t-]{0,2}"
    r"(?:e-?mail|mail)[ \t-]{0,2}(?:address(?:es)?|addr\.?|id)"
    r"|\be-?mail-?adresse|\bmailadresse|\badresse[ \t]+(?:e-?mail|électronique|courriel|mail)"
    r"|\bdirecci[oó]n[ \t]+de[ \t]+(?:correo(?:[ \t]+electr[oó]nico)?|e-?mail)|\bcorreo[ \t]+electr[oó]nico"
    r"|\bindirizzo[ \t]+(?:e-?mail|di[ \t]+posta(?:[ \t]+elettronica)?)|\bendere[çc]o[ \t]+de[ \t]+e-?mail"
    r"|\be-?mailadres|\badres[ \t]+e-?mail|\bадрес[ \t]+(?:электронной[ \t]+)?почты|\be-?posta[ \t]+adresi"
)
# then at most a comma, a colon, "is", "at" or an opening bracket before the address's mark
_THEN: Final = re.compile(r"[ \t]{0,3}(?:[,:(\[<-][ \t]{0,3}|(?:is|at|ist|est|es|è|é|:)[ \t]{1,3})?" + _MARK)


def label_masked(masked: str) -> str:
    """``masked`` (lower-cased, addresses marked) with each label that runs straight into an address blanked."""
    if _MARK not in masked:
        return masked
    return _LABEL.sub(lambda m: " " * len(m.group()) if _THEN.match(masked, m.end()) else m.group(), masked)
