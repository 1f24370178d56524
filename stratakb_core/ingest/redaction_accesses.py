"""A password on a line that names a list of accesses or credentials, under a label of its own (no I/O).

A sheet, a table or a note of logins names what it holds ("Accesos tiendas", "Zugangsdaten Filialen", "store
credentials", "identifiants des caisses"; wave 21: a sign-in or a shared account) and gives each value under a label
that is no secret's name ("cell C7:", "Filiale 12:"): such a value goes when it has a strong password's shape, letters
of both cases, a digit and a symbol inside it (``Kiosk#Nord2031``), and is no address, path or URL. A line calling
its value an example is kept.

The finder (``ACCESSES_FINDERS``) is run by ``redaction_prose.prose_spans`` at its start words
(``ACCESSES_START_WORDS``) in the one scan it makes of the text; it yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_logins import LOGINS_FINDERS, LOGINS_START_WORDS
from stratakb_core.ingest.redaction_phrases import PHRASE_START_WORDS
from stratakb_core.ingest.redaction_spoken import END, VALUE, Finder, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["ACCESSES_FINDERS", "ACCESSES_START_WORDS"]


_LIST_NAMES: Final = (
    r"accesos|accessos|accessi|acessos|accès|acc[eè]s[ \t]+(?:des|aux)|accesses|access[ \t]+list|credentials"
    r"|credenciales|credenziali|credenciais|identifiants|zugangsdaten|zug[äa]nge|logins|toegangsgegevens|dost[eę]py"
    r"|sign[ -]?ins?|shared[ \t]+accounts?"  # wave 21: "Sign-in for the rota app, shared account 'lead': X"
)
# the list's name, then on its line a label's colon (the list's own colon may come first) and the value
_LIST_VALUE_RE: Final = re.compile(
    r"(?i:\b(?:" + _LIST_NAMES + r"))(?:[^\n:：]{0,80}[:：][ \t]*){1,2}?" + VALUE + END, re.MULTILINE
)
_STRONG_RE: Final = re.compile(r"[!#$%&*+=?~^]")


def _strong_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    word = value.strip("!#$%&*+=?~^")  # the symbol must sit inside it
    return (
        len(value) >= 8
        and _STRONG_RE.search(word) is not None
        and any(c.isdigit() for c in value)
        and value.lower() != value
        and value.upper() != value
        and not any(c in value for c in "/@.\\:")
        and not is_placeholder(value)
    )


ACCESSES_FINDERS: Final[tuple[Finder, ...]] = (
    (_LIST_VALUE_RE, not_an_example(_strong_value)),
    *LOGINS_FINDERS,  # wave 21: "SSID x, key X", "portal admin: u / X", a host key, "keypad ... it is X"
)
# every word the finders start with (lower case)
ACCESSES_START_WORDS: Final = _LIST_NAMES + "|" + LOGINS_START_WORDS + "|" + PHRASE_START_WORDS  # wave 22
