"""A one-time sign-in or verification code told to the reader (wave 45, no I/O).

"Enter the auth code 482913 in the app to finish signing in", "Your verification code is 771204", "Use sign-in code
58 21 90 within 10 minutes", "Ihr Anmeldecode lautet 402117", "Votre code de vérification : 660193", "330918 is
your login code": while it is valid the code lets whoever reads it finish the login. The value is four to ten digits
(or six to ten letters and digits with a digit), after the code's name (an auth, authentication, verification,
login, sign-in, one-time, security, 2FA, MFA, OTP or SMS code, in several languages) and an optional "is", "lautet",
"est", ":" or before "is your ... code". A card payment's auth code on a receipt is held back
(``redaction_payment_codes``); here a bare "auth code" goes only with a login's or an entry's word on its line and no
payment's word around it ("Auth code: 0K31PQ" under "Card: VISA ****" stays), and a measure stays. Kept:
"enter the 6-digit code", "enter the code shown in the app", "error code 482913", "booking confirmation code
4K7PQ2" (a booking's reference), "the code expires in 600 seconds".
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["signin_code_spans"]

_Found = tuple[int, int, str]

_KIND: Final = (
    r"(?:auth(?:entication|ori[sz]ation)?|verification|verify|login|log-?in|log-?on|sign-?in|one-?time|security"
    r"|2fa|mfa|otp|sms|two-?factor|2-?step)"
)
_NAME: Final = (
    r"(?i:\b" + _KIND + r"[ \t-]+(?:pass)?codes?\b|\b(?:otp|2fa|mfa)\b"
    r"|\b(?:anmelde|bestätigungs|verifizierungs|sicherheits|einmal|login|authentifizierungs)code\b"
    r"|\bcodes?[ \t]+(?:de[ \t]+)?(?:v[ée]rification|connexion|s[ée]curit[ée]|verificaci[óo]n|acceso[ \t]+[úu]nico"
    r"|autenticaci[óo]n|inicio[ \t]+de[ \t]+sesi[óo]n)\b|\bcodice[ \t]+(?:di[ \t]+)?(?:verifica|accesso|sicurezza)\b"
    r"|\b(?:verificatie|inlog|beveiligings)code\b|\bkod[ \t]+(?:weryfikacyjny|logowania|jednorazowy)\b)"
)
_VALUE: Final = r"(?P<v>\d{4,10}|\d{2,3}(?:[ \t]\d{2,3}){1,3}|(?=[A-Z]*\d)[A-Z0-9]{6,10})"
_END: Final = r"(?![\w-]|[.,:/]\d|[ \t]*(?i:seconds?|secs?|minutes?|mins?|hours?|digits?|chars?|characters?)\b)"
_FORWARD_RE: Final = re.compile(
    _NAME + r"(?:[ \t]+(?i:is|was|lautet|ist|est|es|è|é|is[ \t]+now))?[ \t]*[:：]?[ \t]*[\"'“‘]?" + _VALUE + _END
)
_BACKWARD_RE: Final = re.compile(
    r"(?<![\w-])" + _VALUE + r"[ \t]+(?i:is|ist|est|es|è)[ \t]+(?i:your|the|ihr|dein|votre|ton|tu|su|il[ \t]+tuo)"
    r"[ \t]+(?:\w+[ \t]+){0,2}?" + _NAME
)
_NOT_RE: Final = re.compile(r"(?i:error|fehler|erreur|status|confirmation[ \t]+code|booking|reservation|order|ticket)")
# an "auth code" alone is also a card payment's approval on a receipt (several lines): it goes only with a login's
# or an entry's word on its line and no payment's word around it
_ENTRY_RE: Final = re.compile(r"(?i:\b(?:enter|type|input|key[ \t]+in|sign|signing|log|logging|app|account|2fa|mfa)\b)")
_PAYMENT_RE: Final = re.compile(
    r"(?i:\b(?:card|visa|mastercard|amex|receipt|payment|paid|amount|total|terminal|invoice|purchase|eur|usd|gbp)\b"
    r"|[€£$]|\*{4})"
)
_GATE: Final = ("code", "otp", "2fa", "mfa", "kod")


def signin_code_spans(text: str) -> Iterator[_Found]:
    """The codes above (see the module docstring)."""
    low = text.lower()
    if not any(g in low for g in _GATE):
        return
    for rx in (_FORWARD_RE, _BACKWARD_RE):
        for m in rx.finditer(text):
            before = text[max(0, m.start() - 40) : m.start()]
            if _NOT_RE.search(before) is not None or len(set(m.group("v").replace(" ", ""))) < 2:
                continue
            if "auth" in m.group().lower() and not _login_auth(text, m.start(), m.end()):
                continue
            yield m.start("v"), m.end("v"), "credential"


def _login_auth(text: str, start: int, end: int) -> bool:
    """An "auth code" with a login's or an entry's word on its line and no payment's word within 200 characters."""
    line_start = text.rfind("\n", max(0, start - 200), start) + 1
    line_end = text.find("\n", end, end + 200)
    line = text[max(line_start, start - 200) : end + 200 if line_end < 0 else line_end]
    around = text[max(0, start - 200) : end + 200]
    return _ENTRY_RE.search(line) is not None and _PAYMENT_RE.search(around) is None
