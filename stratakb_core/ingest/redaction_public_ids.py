"""Public ids and numbers that a secret's word sits beside without naming them (wave 40, no I/O).

- ``is_public_object_id``: a payment platform's object ids (Stripe's ``acct_``, ``price_``, ``prod_``, ``cus_``,
  ``sub_``, ``pi_``, ``ch_``, ``in_``, ``evt_`` ...) are printed on receipts and in URLs; only ``sk_``, ``rk_``,
  ``whsec_`` keys and a payment intent's ``..._secret_...`` open anything, and those have other prefixes.
- ``TICKET_PASS_RE``: "pass" after a ticket's word (annual, season, day, boarding, ski, bus ... pass) names a
  ticket, not a password: "price ID for the annual pass:", "season_pass".
- ``names_public_number``: words between a lock's name and its colon naming another number of it ("Key safe order
  number:", "Tresor Seriennummer", "numéro de commande du cadenas", "número de serie"): that number, not its code;
  ``redaction_number_labels`` asks it of every rule's digits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["TICKET_PASS_RE", "is_public_object_id", "names_public_number", "public_number_names"]

_OBJECT_ID_RE: Final = re.compile(
    r"(?:acct|price|prod|cus|sub|subsched|pi|ch|py|in|ii|il|evt|txn|plan|pm|seti|card|ba|po|cn|dp|du|sku|prorate"
    r"|coupon|promo|cbtxn|iauth|ipi|src|file|link|tr|trr|fee|mbur|cs_(?:live|test)|bpc|qt|sched|tax|txr)"
    r"_(?=[a-z0-9]*[A-Z])(?=[A-Z0-9]*[a-z])(?=[A-Za-z]*[0-9])[A-Za-z0-9]{14,40}"  # mixed case and digits, as issued
)
TICKET_PASS_RE: Final = re.compile(
    r"(?:^|_)(?:annual|season|seasonal|day|daily|week|weekly|month|monthly|year|yearly|boarding|bus|rail|train"
    r"|ski|museum|family|festival|backstage|press|transit|travel|parking|vip|event|concert|pool|gym|single|multi"
    r"|hall|park|zoo|metro|subway|tram|ferry|ride|swim|climbing|fitness)_pass(?:es)?$"
)
_NUMBER_OF_RE: Final = re.compile(
    r"(?i:\b(?:order|serial|model|part|article|item|invoice|ticket|tracking|reference|ref|batch|lot|product|sku"
    r"|customer|account|phone|case|booking|delivery|shipment|catalog(?:ue)?)[ \t]+(?:no\b|nr\b|number|num\b|#|id\b)"
    r"|\b(?:bestell|serien|artikel|rechnungs|auftrags|kunden|sendungs|liefer|modell|teile|ticket|buchungs|order"
    r"|serie|artikel|factuur|klant|levering|ordre|kund|beställnings|faktura|tilaus|sarja)nummer\b"
    r"|\bnum[ée]ro[ \t]+(?:de[ \t]+(?:commande|s[ée]rie|facture|suivi|mod[èe]le|r[ée]f[ée]rence|client|pedido|serie"
    r"|factura|seguimiento|modelo|referencia|cliente)|d[ie][ \t]+(?:ordine|serie|fattura|modello|riferimento"
    r"|cliente))|\bn[úu]mero[ \t]+d[eo][ \t]+(?:pedido|s[ée]rie|factura|fatura|seguimiento|modelo|referencia"
    r"|cliente|encomenda|rastreio)|\bnumer[ \t]+(?:zam[óo]wienia|seryjny|faktury|modelu)"
    r"|\bn[úu]mero[ \t]+(?:de[ \t]+)?s[ée]rie)"
)


def is_public_object_id(value: str) -> bool:
    """A payment platform's object id (``price_1Mo...``), not a key (never holding ``_secret_``)."""
    return _OBJECT_ID_RE.fullmatch(value) is not None and "_secret_" not in value


def names_public_number(words: str) -> bool:
    """Whether ``words`` name an order, serial, model, invoice ... number (see the module docstring)."""
    return _NUMBER_OF_RE.search(words) is not None


def public_number_names(words: str) -> Iterator[re.Match[str]]:
    """Each place ``words`` name an order, serial, model, invoice ... number (the lead's review of wave 40)."""
    return _NUMBER_OF_RE.finditer(words)
