"""A card payment's authorisation code: printed on every receipt, not a secret (wave 44, no I/O).

``redaction_held_back.held_back`` asks ``is_payment_auth_code`` of every rule's and the scorer's span. The bank's
approval of a card payment comes back as a short "auth code" ("Paid by card ending 9902, auth code 55A210, terminal
T-88", "Autorisierungsnummer 0A7731", "code d'autorisation : 112233", "Nº autorización 045821") that the till prints
and anyone holding the receipt reads; it opens nothing. Kept when the label right before the value names an
authorisation or approval code or number, and the line holds a payment's word (card ending, paid, terminal, receipt,
transaction, amount, POS, Visa ...; in about ten languages). A login's, an app's or an OAuth flow's auth code is a
secret and goes: a line that asks to enter or type the code, names a one-time code, SMS, 2FA, a login, a verification or
OAuth, or a 3-D Secure check, or the terminal's own admin, service or access menu, is no receipt ("Your auth code is
662901, enter it in the app to confirm the payment", "OAuth auth code: 4/0AX4Xf..."), and neither is a value longer than
10 characters.

Wave 47: a receipt prints the code on its own line ("AUTH CODE: 051934" under "VISA **** **** **** 4417"), so the
payment's word may stand on a line of the same block, up to three lines before or after the label's line (no blank
line between); none of those lines may ask to enter the code or name a login (``_ENTERED_RE`` over the whole block).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_payment_auth_code"]

_VALUE_RE: Final = re.compile(r"[A-Za-z0-9]{4,10}")
_LINE_MAX: Final = 200  # characters around the value read as its line: linear on long lines
# the label's end: an authorisation or approval code or number, in several languages
_AUTH_LABEL_RE: Final = re.compile(
    r"(?i:\b(?:auth(?:ori[sz]ation)?|appr(?:oval)?|approved)[ \t.]*(?:code|no\.?|nr\.?|number|#|id)"
    r"|\b(?:autorisierungs|genehmigungs|autorisations?|autorisatie|autorizzazione|godkännande|godkendelses)"
    r"(?:code|kode|kod|nummer|nr\.?|number)"
    r"|\b(?:code|n[°º]|num[ée]ro)[ \t]+d['’][ \t]*autorisation"
    r"|\b(?:c[óo]digo|n[°º]|n[úu]m(?:ero)?\.?)[ \t]+(?:de[ \t]+)?autori[sz]a[cç](?:i[óo]n|[ãa]o)"
    r"|\bcodice[ \t]+(?:di[ \t]+)?autorizzazione|\bkod[ \t]+autoryzacji|\bautorisatiecode)"
    r"[ \t]*(?:\([^()\n]{0,20}\))?[ \t]*[:=：#]?[ \t]*$"
)
# a card payment's words on the line
_PAYMENT_RE: Final = re.compile(
    r"(?i:\b(?:card[ \t]+ending|ending[ \t]+in|paid|payment|terminal|receipt|transaction|txn|amount|total|pos"
    r"|visa|mastercard|maestro|amex|contactless|chip|merchant|till|refund|purchase|sale"
    r"|karte|bezahlt|zahlung|beleg|kassenbon|betrag|carte|pay[ée]|paiement|ticket|re[çc]u|montant|tarjeta"
    r"|pagado|pago|recibo|importe|carta|pagato|pagamento|ricevuta|importo|betaald|betaling|pinpas|kaart|bon"
    r"|karta|płatność|zapłacono|paragon|kwota|kort|betalt|betalning|kvitto|belopp)\b|\*{4}|[€£$]|\b(?:eur|usd|gbp)\b)"
)
# a code to type in or a login's: not a receipt's
_ENTERED_RE: Final = re.compile(
    r"(?i:\b(?:enter|type|input|sms|text(?:ed)?|otp|one[- ]time|2fa|mfa|two[- ]factor|log[ \t-]?in|sign[ \t-]?in"
    r"|verif\w*|oauth|redirect|3-?d[ \t-]?secure|3ds|app|eingeben|saisi\w*|introduc\w*|inserisc\w*|invoer\w*"
    r"|wpisz|anmeld\w*|connexion|iniciar"
    # a code for the terminal itself, not a payment's: "Card terminal admin auth code: 662901"
    r"|admin\w*|menu|settings|engineer|technician|service|unlock|door|access|zugang|accès|acceso|accesso)\b)"
)


_BLOCK_LINES: Final = 3  # lines read before and after the label's line (wave 47)


def _block(text: str, line_start: int, line_end: int) -> str:
    """The label's line with up to three lines before and after it, stopping at a blank line or a line longer than
    ``_LINE_MAX`` (wave 47)."""
    low, high = line_start, line_end
    for _ in range(_BLOCK_LINES):
        floor = max(0, low - 1 - _LINE_MAX)
        prev = text.rfind("\n", floor, max(0, low - 1))
        if low == 0 or (prev < 0 and floor > 0) or not text[prev + 1 : low - 1].strip():
            break
        low = prev + 1
    for _ in range(_BLOCK_LINES):
        if high >= len(text) or text[high] != "\n":
            break
        nxt = text.find("\n", high + 1, high + 2 + _LINE_MAX)
        stop = nxt if nxt >= 0 else (len(text) if len(text) - high - 1 <= _LINE_MAX else -1)
        if stop < 0 or not text[high + 1 : stop].strip():
            break
        high = stop
    return text[low:high]


def is_payment_auth_code(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a card payment's authorisation code on a receipt's line (module docstring)."""
    if _VALUE_RE.fullmatch(text, start, end) is None:
        return False
    low, high = max(0, start - _LINE_MAX), min(len(text), end + _LINE_MAX)
    line_start = max(text.rfind("\n", low, start) + 1, low)
    line_end = text.find("\n", end, high)
    line_end = high if line_end < 0 else line_end
    if _AUTH_LABEL_RE.search(text[max(line_start, start - 60) : start]) is None:
        return False
    line = text[line_start:line_end]
    if _ENTERED_RE.search(line) is not None:
        return False
    if _PAYMENT_RE.search(line) is not None:
        return True
    block = _block(text, line_start, line_end)  # wave 47: the receipt's other lines
    return _PAYMENT_RE.search(block) is not None and _ENTERED_RE.search(block) is None
