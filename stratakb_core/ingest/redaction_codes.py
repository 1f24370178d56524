"""Codes that open an account or a lock, in the forms wave 18 found missing (no I/O).

* a two-factor backup or recovery code: "2FA backup code for the admin login (keep it in the safe): 4nqs-xmsq-3drf",
  "Recovery codes ... / Next unused code: k3v9a-77pqe" (the value after a colon on the name's line or one of the two
  lines under it; groups of letters and digits of one length joined by dashes, with a digit, or eight to ten
  digits);
* a safe's or a lock's combination: "the safe combination is 32-17-48", "Tresorkombination: 12-40-07" (three to
  five numbers joined by dashes);
* a device's PIN right after its name, with no colon or "is": "the keypad lock PIN 4862." (a lock, door, safe,
  alarm, card, SIM, phone, terminal or cabinet before "PIN"; a bare "pin 17" is a GPIO pin).

Wave 19 added: backup codes on the line under their name, several apart by spaces; a combination after a remark
and a colon ("Safe combination for the float (manager only): 27-04-61"); a card's or a phone's PIN after a comma in
the clause naming it ("Fuel card for the vans, PIN 4410"); a TOTP seed typed in by hand after a two-factor word (base32,
whole or in groups of four, with a digit); "code NNNN" at a clause's start on a line naming a lock, a safe, a key
safe, a gate or an alarm before it, with no fault, error or status word between (``device_code_spans``, a search of
its own: "code" is too common a start word).

Wave 20 added: the first code of a numbered or bulleted list under the name ("1. ab3d-..."; the others are found by
``redaction_unprefixed``); "combination:" as a label after a safe or a lock named on its line ("Key cabinet in the
lodge. Combination: 12-07-33"); ``own_search_spans`` runs the searches that need no start word.

Wave 23 added: one number after "combination" where a lock is named on the line ("Key safe by the shed: combination
0472"; not a year, no fault or model word); ``own_search_spans`` runs ``redaction_compounds`` too.

A line calling its value an example is kept. The finders (``CODES_FINDERS``) are run by
``redaction_prose.prose_spans`` at their start words (``CODES_START_WORDS``) in the one scan it makes of the text.
Each yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_app_passwords import app_password_spans
from stratakb_core.ingest.redaction_bot_tokens import bot_token_spans
from stratakb_core.ingest.redaction_cli_login import cli_login_spans
from stratakb_core.ingest.redaction_clients import client_key_spans
from stratakb_core.ingest.redaction_compounds import compound_spans
from stratakb_core.ingest.redaction_dated import dated_key_spans
from stratakb_core.ingest.redaction_dsn import dsn_spans
from stratakb_core.ingest.redaction_hashed import hashed_spans
from stratakb_core.ingest.redaction_keypads import DEVICE_RE, FAULT_RE, YEAR_RE, keypad_spans
from stratakb_core.ingest.redaction_line_named import line_named_spans
from stratakb_core.ingest.redaction_plaintext_lists import plaintext_list_spans
from stratakb_core.ingest.redaction_sections import section_spans
from stratakb_core.ingest.redaction_spoken import END, Finder, finders, not_an_example
from stratakb_core.ingest.redaction_stores import store_put_spans
from stratakb_core.ingest.redaction_unprefixed import unprefixed_spans
from stratakb_core.ingest.redaction_values import is_placeholder
from stratakb_core.ingest.redaction_vaults import master_spans
from stratakb_core.ingest.redaction_wifi import wifi_spans
from stratakb_core.ingest.redaction_word_passwords import word_password_spans

__all__ = ["CODES_FINDERS", "CODES_START_WORDS", "device_code_spans", "own_search_spans"]

_Found = tuple[int, int, str]

_BACKUP_NAMES: Final = (
    r"(?:backup|recovery|emergency|scratch|rescue)[ -]?codes?|(?:wiederherstellungs|backup-|notfall|sicherungs)codes?"
    r"|codes?[ \t]+de[ \t]+(?:secours|r[ée]cup[ée]ration)|c[óo]digos?[ \t]+de[ \t]+(?:recupera[cç][ãa]o|recuperaci[óo]n"
    r"|respaldo|backup)|codici?[ \t]+di[ \t]+(?:backup|recupero)|herstelcodes?|kody?[ \t]+zapasowe?"
)
_GROUPS: Final = r"[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){1,4}"
# the name, then up to two more lines, a colon and the codes (on its line or the next, several apart by spaces)
_BACKUP_RE: Final = re.compile(
    r"(?i:\b(?:" + _BACKUP_NAMES + r"))(?:[^\n]{0,120}?|[^\n]{0,120}\n[^\n]{0,120}?|[^\n]{0,120}\n[^\n]{0,120}\n"
    r"[^\n]{0,120}?)[:：][ \t]*\n?[ \t]*(?:(?:[-*•]|\d{1,2}[.)])[ \t]+)?"  # (wave 20: a list's mark)
    r"(?P<v>" + _GROUPS + r"(?:[ \t]{1,3}" + _GROUPS + r"){0,15}"
    r"|\d{8,10}(?:[ \t]{1,3}\d{8,10}){0,15})(?![\w-])"
)
_COMBINATION_RE: Final = re.compile(
    r"(?i:\b(?:(?:safe|lock|padlock|vault|locker|cabinet)[ \t]+combination|combination[ \t]+(?:to|for|of)[ \t]+"
    r"(?:the[ \t]+)?(?:[\w-]{1,20}[ \t]+){0,3}?(?:safe|lock|padlock|vault|locker|cabinet)|(?:tresor|safe|schloss)"
    r"kombination|combinaison[ \t]+du[ \t]+(?:coffre|cadenas)"
    r"|combinaci[óo]n[ \t]+de[ \t]+la[ \t]+caja(?:[ \t]+fuerte)?)"
    r"(?:[ \t]*[:：=][ \t]*|[ \t]+(?:is|was|ist|lautet|est|es)[ \t]+|[ \t]+|[ \t]+[^\n:：]{1,80}?[:：][ \t]*))"
    r"(?P<v>\d{1,3}(?:-\d{1,3}){2,4}|\d{3,8})" + END,  # (wave 21: a padlock's one number, "is 472")
    re.MULTILINE,
)
# wave 20: "combination" (what it opens, a colon, a copula or nothing after it), a safe or a lock named on its line
# ("Key cabinet in the lodge. Combination: 12-07-33", "Padlock on the bike cage (facilities) combination: 4-19-27")
_COMBINATION_LABEL_RE: Final = re.compile(
    r"(?i:combination|kombination(?:en)?|combinaison|combinaci[óo]n)(?:[ \t]+(?i:to|for|of|till|til|för|für|zum|zur"
    r"|du|de|del|voor|van)[ \t]+[^\n:：.;]{1,60}?)?[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?"
    r"(?:[:：=][ \t]*|[ \t]+(?i:is|är|er|ist|lautet|est|es)[ \t]+|[ \t]+)(?P<v>\d{1,3}(?:-\d{1,3}){2,4}|\d{3,8})" + END,
    re.MULTILINE,
)
_LOCK_RE: Final = re.compile(
    r"(?i:\b(?:safe|lock|padlock|vault|locker|cabinet|tresor|coffre(?:-fort)?|cadenas|caja[ \t]+fuerte|kassaskåp|kluis)"
    r"(?:[ \t]+[A-Z0-9]\b)?)(?![ \t-]*(?i:screen|file)\b)"
)
# (wave 24: also where to key it in after it, "card PIN 4410 at the reader")
_PIN_RE: Final = re.compile(
    r"(?:PIN|Pin|pin)[ \t]+(?P<v>\d{4,8})(?:" + END + r"|(?=[ \t]+(?i:at|into|on)[ \t]))", re.MULTILINE
)
# "the menu is locked with PIN 7390", "protected by PIN 2580" (wave 25)
_LOCKED_WITH_RE: Final = re.compile(
    r"(?i:\b(?:locked|secured|protected|guarded|unlocked|opened)[ \t]+(?:with|by|using|via)[ \t]+"
    r"(?:the[ \t]+|a[ \t]+)?)$"
)
_PIN_DEVICE_RE: Final = re.compile(
    r"(?i:\b(?:lock|door|safe|alarm|card|sim|phone|terminal|cabinet|keypad|locker|padlock)[ \t]+)$"
)

# "code 0382" at a clause's start: "Key safe by the gate (block B): code 0382", "set the alarm, code 28571" (the
# devices and the fault words are redaction_keypads' DEVICE_RE and FAULT_RE)
_DEVICE_CODE_RE: Final = re.compile(r"(?<=[,:;(][ \t])(?:code|Code)[ \t]+(?P<v>\d{4,8}#?)" + END, re.MULTILINE)
_CLAUSE_COMMA_RE: Final = re.compile(r"[^\n.;:!?]{0,60},[ \t]*")

# a TOTP seed typed in by hand: a two-factor word, then on its line a colon and the base32 secret (whole, or in
# groups of four as authenticator apps show it): "2FA for the CMS: if the QR fails, enter this key: JBSW..."
_TOTP_WORDS: Final = r"2fa|mfa|totp|authenticator|two[- ]factor|2-step|two-step|zwei-faktor|double[- ]authentification"
_TOTP_RE: Final = re.compile(
    r"(?i:\b(?:" + _TOTP_WORDS + r"))[^\n]{0,120}?[:：][ \t]*"
    r"(?P<v>[A-Z2-7]{16,64}|[A-Za-z2-7]{4}(?:[ ][A-Za-z2-7]{4}){3,15})(?![\w-])"
)


def _totp_value(m: re.Match[str]) -> bool:
    """Base32 with a digit and letters (not a word in capitals such as ENABLEDFORALLUSERS)."""
    value = m.group("v").replace(" ", "")
    return any(c.isdigit() for c in value) and sum(c.isalpha() for c in value) >= 8


def _backup_value(m: re.Match[str]) -> bool:
    """A generated code: its groups of one length (not ISO-8601, SHA-256), a digit in it."""
    value = m.group("v")
    lengths = {len(group) for group in re.split(r"[-\s]+", value)}
    return len(lengths) == 1 and any(c.isdigit() for c in value) and not is_placeholder(value)


def _device_code_value(m: re.Match[str]) -> bool:
    """A lock's, a safe's or an alarm's code: the device named earlier on the line, no fault or error word."""
    text, pos = m.string, m.start()
    line = text[max(text.rfind("\n", 0, pos) + 1, pos - 100) : pos]
    found = DEVICE_RE.search(line)
    return found is not None and FAULT_RE.search(line, found.end()) is None


def _combination_value(m: re.Match[str]) -> bool:
    return True


def _combination_label_value(m: re.Match[str]) -> bool:
    """A safe or a lock named on its line before the value (within 120 characters of "combination"); one number
    (wave 23: "Key safe by the shed: combination 0472") not a year, no fault or model word before it."""
    text, pos = m.string, m.start()
    line = text[max(text.rfind("\n", max(0, pos - 120), pos) + 1, pos - 120) : m.start("v")]
    if "-" not in m.group("v") and (YEAR_RE.fullmatch(m.group("v")) or FAULT_RE.search(line)):
        return False
    return _LOCK_RE.search(line) is not None


def _pin_value(m: re.Match[str]) -> bool:
    text, pos = m.string, m.start()
    if _PIN_DEVICE_RE.search(text, max(0, pos - 20), pos) is not None:
        return True
    if _LOCKED_WITH_RE.search(text, max(0, pos - 40), pos) is not None:
        return True
    # a card's or a phone's PIN after a comma in the clause that names it: "Fuel card for the vans, PIN 4410."
    line = text[max(text.rfind("\n", 0, pos) + 1, pos - 80) : pos]
    found = DEVICE_RE.search(line)
    return found is not None and _CLAUSE_COMMA_RE.fullmatch(line, found.end()) is not None


CODES_FINDERS: Final[tuple[Finder, ...]] = finders(
    (_BACKUP_RE, _backup_value),
    (_COMBINATION_RE, _combination_value),
    (_COMBINATION_LABEL_RE, _combination_label_value),
    (_PIN_RE, _pin_value),
    (_TOTP_RE, _totp_value),
)
# every word a finder above starts with (lower case)
CODES_START_WORDS: Final = (
    _BACKUP_NAMES + r"|(?:safe|lock|padlock|vault|locker|cabinet)[ \t]+combination|combination[ \t]+(?:to|for|of)"
    r"|(?:tresor|safe|schloss)kombination|combinaison[ \t]+du|combinaci[óo]n[ \t]+de|pin"
    r"|combination|kombination|combinaison|combinaci[óo]n|" + _TOTP_WORDS
)


def device_code_spans(text: str) -> list[_Found]:
    """ "code NNNN" on a lock's, a safe's or an alarm's line: a search of its own (no start word: "code" is common)."""
    if "ode" not in text:
        return []
    judge = not_an_example(_device_code_value)
    return [span for m in _DEVICE_CODE_RE.finditer(text) if (span := judge(m)) is not None]


def own_search_spans(text: str) -> Iterator[_Found]:
    """The values found by searches of their own, not at a start word: a device's "code NNNN" (above), and the
    shapes of ``redaction_unprefixed`` (a BitLocker recovery key, an Azure DevOps PAT, a list of recovery codes), the
    values a secret store's command line writes (``redaction_stores``)."""
    yield from device_code_spans(text)
    yield from unprefixed_spans(text)
    yield from store_put_spans(text)  # wave 21: values a "vault kv put" line stores (redaction_stores)
    yield from keypad_spans(text)  # wave 22: "opens with 4871", "keypad: 1966", "label: user / X" (redaction_keypads)
    yield from bot_token_spans(text)  # wave 22: a Twitch oauth: token, a Discord bot token (redaction_bot_tokens)
    yield from compound_spans(text)  # wave 23: "Das Kassenpasswort ... lautet X" (redaction_compounds)
    yield from dated_key_spans(text)  # wave 23: "API key created 2026-03-14: X" (redaction_dated)
    yield from master_spans(text)  # wave 24: "KeePass master ...: X" (redaction_vaults)
    yield from wifi_spans(text)  # wave 24: "Network: X" / "Key: Y", "SSID X, pass is Y" (redaction_wifi)
    yield from client_key_spans(text)  # wave 24: cohere.Client("<key>") (redaction_clients)
    yield from line_named_spans(text)  # wave 24: "... API 키입니다. ...: <token>" (redaction_line_named)
    yield from cli_login_spans(text)  # wave 24: "$ wandb login <key>" (redaction_cli_login)
    yield from plaintext_list_spans(text)  # wave 24: "# passwd plaintext" / "user:pw" (redaction_plaintext_lists)
    yield from word_password_spans(text)  # wave 24: "Passwort (...): Moewe Strandkorb 17" (redaction_word_passwords)
    yield from dsn_spans(text)  # wave 25: a Go driver's user:pw@tcp(host)/db (redaction_dsn)
    yield from hashed_spans(text)  # wave 25: "{{ 'PW' | password_hash('sha512') }}" (redaction_hashed)
    yield from section_spans(text)  # wave 25: "apiKeys:" / "  partner: <key>" (redaction_sections)
    yield from app_password_spans(text)  # wave 25: "App password: abcd efgh ijkl mnop" (redaction_app_passwords)
