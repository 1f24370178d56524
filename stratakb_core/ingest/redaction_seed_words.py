"""A crypto wallet's extra seed word (the BIP-39 passphrase, "the 25th word") under its name (wave 47, no I/O).

A hardware wallet's recovery phrase may be extended by one more word the owner chooses; without it the seed opens a
different, empty wallet, so the word is the secret that guards the funds. People write it down as "extra word (25th
word): marmalade", "25th word: lantern", "13th word - kept apart: juniper", "25. Wort: Holunder", "25e mot : lavande",
"palabra 25: membrillo", "25e woord: kaneel", "Zusatzwort: Quitte". Taken: one word of letters after the name, a
remark in brackets or a few words and a colon between, the word ending its line or followed by a remark (after
a dash, a comma, a full stop or in brackets), on a text naming a wallet, a seed or a recovery phrase (a plain search
first).

Kept: a word saying there is none or where it is ("25th word: none", "extra word: optional", "25th word: see the
steel plate"), a placeholder, and the same names in a text about no wallet.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_pointers import points_elsewhere
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["seed_word_spans"]

_Found = tuple[int, int, str]

_NAME_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:(?:25th|13th|twenty[ \t-]fifth|thirteenth|25\.|13\.|25e|13e|25ème|25ª|25º|25ste|13de)[ \t]+"
    r"(?:seed[ \t]+)?(?:word|wort|mot|palabra|parola|palavra|woord|ord|słowo|sana)"
    r"|(?:word|wort|mot|palabra|parola|palavra|woord|ord|słowo)[ \t]+(?:n[°º.]?[ \t]*)?(?:25|13)"
    r"|extra[ \t]+(?:seed[ \t]+)?(?:word|wort|woord|ord|palabra)|zusatzwort|mot[ \t]+suppl[ée]mentaire"
    r"|palabra[ \t]+adicional|parola[ \t]+aggiuntiva|extra[ \t]+woord|ekstra[ \t]+ord)(?!\w))"
    r"[^\n:：]{0,40}?[:：][ \t]*[\"'“‘«]?(?P<v>[^\W\d_]{3,24})[\"'”’»]?"
    r"(?=[ \t]*(?:$|[.,;!]|\()|[ \t]+[-–—]{1,2}[ \t])",
    re.MULTILINE,
)
_WALLET_STEMS: Final = (
    "wallet", "seed", "ledger", "trezor", "bip39", "bip-39", "mnemonic", "recovery phrase", "brieftasche",
    "portefeuille", "cartera", "monedero", "portafoglio", "carteira", "portemonnee", "plånbok", "lommebok",
    "portfel", "wiederherstellung", "récupération", "semilla", "frase semilla",
)  # fmt: skip
_NOT_A_WORD: Final = frozenset(
    """none no yes optional unused disabled enabled empty blank set same see ask kept stored separate separately
    unknown kein keins keine nein ja leer optional aucun aucune non oui vide ninguna ninguno sí vacío nessuna
    vuoto geen nee leeg ingen nej tom brak nie tak""".split()
)


def seed_word_spans(text: str) -> Iterator[_Found]:
    """The extra seed words above (see the module docstring)."""
    low = text.lower()
    if not any(stem in low for stem in _WALLET_STEMS):
        return
    for m in _NAME_RE.finditer(text):
        value = m.group("v")
        if value.lower() in _NOT_A_WORD or is_placeholder(value) or points_elsewhere([value]):
            continue
        yield m.start("v"), m.end("v"), "credential"
