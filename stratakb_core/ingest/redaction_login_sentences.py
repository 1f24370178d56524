"""A login told in a sentence with its user in brackets or commas, the password after a copula (wave 45, no I/O).

"the login for the terminal portal (user: fwd-dispatch) is Quay7-Bollard!Tide", "die Zugangsdaten fürs Portal
(Benutzer: kasse1) sind Bratwurst#7", "le compte du portail, identifiant : compta2, est Recu!Mars26": the sentence
names a login, gives the user in brackets or between commas, and the value after "is" is the password (no password
word anywhere). The value must look chosen (``redaction_spoken.shaped``, or letters and digits of eight characters or
more) and not be a placeholder, a URL, a mail address, a date or a version. Kept: "the login (user: admin) is
disabled", "... is the same as before", "... is in the vault", "... is SSO-only".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["login_sentence_spans"]

_Found = tuple[int, int, str]

_LOGIN: Final = (
    r"(?i:\b(?:log-?in|logon|sign-?in|credentials?|creds|account|zugang(?:sdaten)?|anmeldung|konto|compte|connexion"
    r"|acceso|cuenta|accesso|account|credenziali|inloggning|inlog(?:gegevens)?|login-?gegevens|adgang|tilgang)\b)"
)
_USER: Final = (
    r"(?i:user(?:[ \t]?name)?|login|benutzer(?:name)?|utilisateur|identifiant|usuario|utente|gebruiker(?:snaam)?"
    r"|bruger(?:navn)?|brukernavn|användar(?:e|namn)|id)"
)
_SENTENCE_RE: Final = re.compile(
    _LOGIN + r"[^\n.!?()]{0,80}?(?:\([ \t]*" + _USER + r"[ \t]*[:=：][ \t]*[^\s()]{1,60}[ \t]*\)"
    r"|,[ \t]*" + _USER + r"[ \t]*[:=：]?[ \t]*[^\s(),]{1,60}[ \t]*,)"
    r"[ \t]+(?i:is|ist|sind|est|es|è|é|er|är|is[ \t]+now|=|:)[ \t]+[\"'“‘«]?"
    r"(?P<v>[^\s\"'”’»]{6,64})"
)
_MIXED_RE: Final = re.compile(r"(?=\S*\d)(?=(?:\S*[A-Za-z]){3})[A-Za-z0-9][\w!#$%&*+-]{7,40}")
_NOT_VALUE_RE: Final = re.compile(r"(?i)://|@[\w-]+\.|^\d[\d./:-]*$|^v?\d+(?:\.\d+)+$|^(?:sso|saml|oauth|ldap)")


def login_sentence_spans(text: str) -> Iterator[_Found]:
    """The passwords above (see the module docstring)."""
    if "(" not in text and "," not in text:
        return
    for m in _SENTENCE_RE.finditer(text):
        value = m.group("v").rstrip(".,;:!?)")
        if is_placeholder(value) or _NOT_VALUE_RE.search(value):
            continue
        if shaped(value) or _MIXED_RE.fullmatch(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
