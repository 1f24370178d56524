"""Judgements on a value found by its shape or a weak name, from what the value or the text around it says (no I/O).

* ``is_basic_credential``: a ``Basic`` credential is base64 of ``user:password`` (not a placeholder, ``user:pass``,
  nor ``demo:demo``);
* ``says_id_only``: an access key's id followed by a remark in brackets saying it is the id only, or that the secret
  key is not kept or shown there ("AKIA... (id only, the secret lives in the vault)", "(seulement l'identifiant)"),
  or (wave 26) a sentence saying the key was deactivated, revoked or deleted, or (wave 27) where the secret is kept
  ("...; the secret is in Secrets Manager", wave 30: "the secret is held by IT", wave 42: "the secret part lives in
  Secrets Manager", "the secret half stays in the vault", and a bracketed remark after a short clause on the id:
  "AKIA... belongs to the uploader role (id only; ...)") or that the id is an example with no secret attached:
  the text hands over an identifier, as an IAM console shows it, and the same id in a config or an ``export`` still
  goes (wave 25);
* ``is_words_and_number``: capitalised words joined by dots or dashes and a number ("Deneme.Ortam-31"), a password's
  shape where a label's value ends its sentence ("parolanız: X — ..."; wave 25);
* ``names_the_credential``: "Stored credential: build-agent-login", the name of a stored credential (lower-case words
  joined by dashes, underscores or dots, no digit), not its value (wave 25).
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Final

from stratakb_core.ingest.redaction_keys import snake
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["is_basic_credential", "is_words_and_number", "names_the_credential", "says_id_only"]


def is_basic_credential(value: str) -> bool:
    """Basic credentials are base64 of user:password (not a placeholder, ``user:pass``, nor ``demo:demo``)."""
    try:
        user, colon, password = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).partition(b":")
    except (ValueError, binascii.Error):
        return False
    plain = password.decode("utf-8", "replace")
    return bool(colon) and not (is_placeholder(plain) or password == user)


_ID_ONLY_RE: Final = re.compile(
    # wave 42: the bracket may close a short clause on the id ("AKIA... belongs to the uploader role (id only; ...)")
    r"(?:[ \t]+[^()（）\n.;:=]{0,60}?)?[ \t]*[(（][^()（）\n]{0,80}?"
    r"(?i:\bid[ \t]+only\b|\bonly[ \t]+(?:the[ \t]+)?(?:key[ \t]+)?id\b"
    r"|\bnur[ \t]+(?:die[ \t]+)?id\b"
    r"|\bsolo[ \t]+(?:el[ \t]+|l['’])?(?:id|identificador|identificativo)\b|\bseulement[ \t]+l['’]identifiant\b"
    r"|\bapenas[ \t]+o[ \t]+(?:id|identificador)\b|\balleen[ \t]+(?:de[ \t]+)?id\b"
    r"|\bsecret(?:[ \t]+(?:access[ \t]+)?key)?\b[^()（）\n]{0,30}?\b(?:not|never)\b[^()（）\n]{0,20}?"
    r"\b(?:stored|kept|included|here|shown|displayed|given|shared)\b)"
    # wave 26: or the sentence says the key is dead ("AKIA... was deactivated on ...", "wurde widerrufen")
    r"|[ \t]+(?:was|has[ \t]+been|is[ \t]+now|wurde|est|a[ \t]+[ée]t[ée]|fue|werd)[ \t]+(?:deactivated|revoked|deleted"
    r"|disabled|retired|deaktiviert|widerrufen|gel[öo]scht|d[ée]sactiv[ée]e?|r[ée]voqu[ée]e?|supprim[ée]e?"
    r"|desactivad[ao]|revocad[ao]|eliminad[ao]|gedeactiveerd|ingetrokken|verwijderd)\b"
    # wave 27: or the sentence says where the secret is kept, or that the id is an example with no secret
    # wave 42: "the secret part lives in Secrets Manager", "the secret half stays in the vault", "Parameter Store"
    r"|[^\n]{0,80}?\b(?i:the[ \t]+secret(?:[ \t]+(?:access[ \t]+)?key|[ \t]+(?:part|half))?[ \t]+"
    r"(?:is|lives|stays|sits|remains|is[ \t]+only)[ \t]+(?:(?:stored|kept|held)[ \t]+)?in[ \t]+(?:the[ \t]+)?"
    r"(?:(?:aws[ \t]+)?secrets?[ \t]+manager|vault|key[ \t]+vault|parameter[ \t]+store|password[ \t]+manager"
    r"|1password|bitwarden|keepass|ssm)"
    r"|the[ \t]+secret(?:[ \t]+(?:access[ \t]+)?key)?[ \t]+is[ \t]+(?:stored|kept|held)[ \t]+(?:by|with|at)[ \t]+\w+"
    r"|an?[ \t]+example[ \t]+(?:key[ \t]+)?id|no[ \t]+secret[ \t]+(?:key[ \t]+)?attached)\b"
)


# wave 31: the same remark on the id's line before it ("AWS key ID (id only, no secret): AKIA...", "CloudTrail entry,
# the ID alone: principal=AKIA...", "Schlüssel-ID (kein Geheimnis, nur die ID): AKIA...")
_ID_ONLY_BEFORE_RE: Final = re.compile(
    r"(?i:\bid[ \t]+only\b|\bonly[ \t]+(?:the[ \t]+)?(?:key[ \t]+)?id\b|\bthe[ \t]+id[ \t]+alone\b"
    r"|\bnur[ \t]+(?:die[ \t]+)?id\b|\bkein[ \t]+geheimnis\b|\bnot[ \t]+a[ \t]+(?:secret|credential)\b"
    r"|\bsolo[ \t]+(?:el[ \t]+|l['’])?(?:id|identificador|identificativo)\b|\bseulement[ \t]+l['’]identifiant\b"
    r"|\bapenas[ \t]+o[ \t]+(?:id|identificador)\b|\balleen[ \t]+(?:de[ \t]+)?id\b"
    r"|\bsecret\b[^\n]{0,30}?\b(?:not|never)\b[^\n]{0,20}?\b(?:stored|kept|included|shown|displayed|given|shared"
    r"|logged)\b)"
)


def says_id_only(text: str, end: int, start: int | None = None) -> bool:
    """Whether a remark in brackets right after ``text[:end]`` calls it the id only (see the module docstring), or
    (wave 31, given the id's ``start``) the same remark on its line before it."""
    if _ID_ONLY_RE.match(text, end) is not None:
        return True
    if start is None:
        return False
    low = max(text.rfind("\n", 0, start) + 1, start - 200)
    return _ID_ONLY_BEFORE_RE.search(text, low, start) is not None


_NAME_WORDS_RE: Final = re.compile(r"[a-z]{2,}(?:[-_.][a-z]{2,}){1,6}")
_CREDENTIAL_END_RE: Final = re.compile(r"(?:^|_)credentials?$")


def names_the_credential(key: str, value: str) -> bool:
    """A credential's name after "credential:" (see the module docstring)."""
    return _CREDENTIAL_END_RE.search(snake(key)) is not None and _NAME_WORDS_RE.fullmatch(value) is not None


# capitalised words joined by dots, dashes or underscores and a number: "Deneme.Ortam-31", "Harbour_Lamp-42"
_WORDS_AND_NUMBER_RE: Final = re.compile(r"[A-Z][a-z]{2,15}(?:[._-][A-Za-z][a-z]{2,15}){1,4}[._-]?\d{1,4}")


def is_words_and_number(value: str) -> bool:
    """A password people make of words and a number (wave 25), as a label's value ending its sentence gives one."""
    return _WORDS_AND_NUMBER_RE.fullmatch(value) is not None
