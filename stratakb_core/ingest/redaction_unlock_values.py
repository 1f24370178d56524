"""A password given as what a device or an account is unlocked with: "unlock with Bluebell77!" (wave 46, no I/O).

Notes for a shared tablet, a laptop or a phone often say how to open it in one verb: "unlock with X", "entsperren
mit X", "déverrouiller avec X", "desbloquear con X", "sbloccare con X", "ontgrendelen met X", "lås upp med X",
"odblokuj hasłem X". Found: one word of a chosen password's shape (``redaction_values.looks_chosen``: letters,
digits and a symbol, or a digit inside a word: ``Bluebell77!``, ``Tulp3nveld#``) ending its clause. Kept: "unlock
with Face ID", "unlock with your badge", "unlock with the key from reception" (no password's shape), "unlock with
OAuth2" or "unlock with AES-256" (a name with a version), a placeholder ("unlock with <PIN>"), and digits alone
(a PIN or a door code is for ``redaction_lock_codes``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_placeholder, looks_chosen

__all__ = ["unlock_value_spans"]

_Found = tuple[int, int, str]

_UNLOCK_RE: Final = re.compile(
    r"(?i:\b(?:unlock(?:ed|s|ing)?|entsperr(?:en|t|e)?|d[ée]verrouill(?:er|ez|e|é)|desbloque(?:ar|a|e)?|sbloccar(?:e|lo)?"
    r"|sblocca|ontgrendel(?:en|t)?|l[åa]s[ \t]+upp|l[åa]s[ \t]+opp|odblokuj|odemkn[ěi]te|desbloqueie))"
    r"(?:[ \t]+[^\W\d]{1,12}){0,3}?[ \t]+"
    r"(?i:with|using|mit|avec|con|com|met|med|has[łl]em|heslem)[ \t]+"
    r"(?:(?i:the[ \t]+)?(?i:password|passcode|passwort|kennwort|mot[ \t]+de[ \t]+passe|contrase[ñn]a|senha"
    r"|wachtwoord|l[öo]senord(?:et)?|passord(?:et)?)[ \t]*:?[ \t]+)?"
    r"[«“\"']?(?P<v>[^\s\"'«»“”]{6,40}?)[»”\"']?(?=[.,;)]?(?:\s|$))",
    re.MULTILINE,
)


# plain searches that every match holds one of (the verb's stem in either case), so most texts skip the pattern
_GATE: Final = (
    "nlock", "NLOCK", "ntsperr", "NTSPERR", "errouill", "ERROUILL", "esbloque", "ESBLOQUE", "blocc", "BLOCC",
    "ntgrendel", "NTGRENDEL", "s upp", "S UPP", "s opp", "S OPP", "dblokuj", "DBLOKUJ", "demkn", "DEMKN",
)


def unlock_value_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(stem in text for stem in _GATE):
        return
    for m in _UNLOCK_RE.finditer(text):
        value = m.group("v")
        if looks_chosen(value) and not is_placeholder(value) and not value.isdigit():
            yield m.start("v"), m.end("v"), "credential"
