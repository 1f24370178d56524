"""An app password, as a mail provider generates it: sixteen lower-case letters in four groups (no I/O).

Google's and Apple's app passwords ("abcd efgh ijkl mnop") are for a scanner, a mail client or an old device that
cannot sign in otherwise. Four words of four letters look like prose to the other rules; after an app password's
name (English, German, French, Spanish, Portuguese, Dutch, Italian, Swedish; a remark in brackets, what it is for
and a colon may come between) that shape is the password. ``app_password_spans`` yields ``(start, end, kind)`` of
the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_spoken import not_an_example

__all__ = ["app_password_spans"]

_Found = tuple[int, int, str]

_APP_PASSWORD_RE: Final = re.compile(
    r"(?i:\bapp(?:lication)?[ -]?(?:specific[ -])?password|\bapp-?passw[oö]rt|\banwendungspasswort"
    r"|\bmot[ \t]+de[ \t]+passe[ \t]+d['’](?:application|app)"
    r"|\bcontrase[ñn]a[ \t]+de[ \t]+(?:la[ \t]+)?(?:aplicaci[óo]n|app)"
    r"|\bsenha[ \t]+de[ \t]+(?:app|aplicativo|aplica[çc][ãa]o)|\bapp-?wachtwoord|\bwachtwoord[ \t]+voor[ \t]+apps?"
    r"|\bpassword[ \t]+(?:per[ \t]+)?(?:l['’])?app|\bapplösenord)"
    r"(?:[ \t]*\([^()\n]{0,40}\))?(?:[ \t]+(?:for|für|pour|para|per|voor|för|do|de)[ \t]+[^\n:：=()]{1,40}?)?"
    r"(?:[ \t]*[:：=][ \t]*|[ \t]+)[\"'`]?(?P<v>[a-z]{4}(?:[ -]?[a-z]{4}){3})(?![A-Za-z])"
)


_PASSWORD_STEMS: Final = ("passw", "de passe", "contrase", "senha", "wachtwoord", "lösenord")
# every match lies on one line holding one of the stems: only those lines are searched (a speed-up)
_STEM_RE: Final = re.compile(r"(?i:passw|de[ \t]+passe|contrase|senha|wachtwoord|lösenord)")


def _shaped(m: re.Match[str]) -> bool:
    return len(set(m.group("v").replace(" ", "").replace("-", ""))) >= 6  # not "aaaa aaaa ..." nor "xxxx xxxx ..."


_found: Final = not_an_example(_shaped)


def app_password_spans(text: str) -> Iterator[_Found]:
    """The app passwords after their names (see the module docstring)."""
    low = text.lower()
    if ("app" not in low and "anwendung" not in low) or not any(word in low for word in _PASSWORD_STEMS):
        return
    for m in finditer_lines(_APP_PASSWORD_RE, text, _STEM_RE):
        if (span := _found(m)) is not None:
            yield span
