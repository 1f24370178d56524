"""A Wi-Fi's password given by a copula in a sentence (wave 32, no I/O).

"la password del Wi-Fi della sala riunioni è X", "la clave del wifi de invitados será X", "la contraseña del wifi
interno (el de los sillones) es X", "le mot de passe du wifi est X", "the guest Wi-Fi password is now X": a
password's name, the Wi-Fi named within a few words after it (a bracketed remark may come between), a copula
(è, es, será, é, est, ist, is, sarà, era; wave 49: Indonesian and Malay "kata sandi wifi tamu adalah X",
Vietnamese "mật khẩu wifi ... là X", Swahili "nenosiri la wifi ... ni X") and a value that has a password's shape
(``redaction_spoken.shaped``), is capitalised words joined by underscores or symbols ("Cornetto_al_Pistacchio") or
(wave 49) lower-case letters run together and a number, as Wi-Fi keys are picked ("tamuhangat2027"). A plain word, a
security mode (WPA2-PSK) or a remark after the copula ("è cambiata", "es la misma", "adalah sama") is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["wifi_copula_spans"]

_Found = tuple[int, int, str]

_WIFI_COPULA_RE: Final = re.compile(
    r"(?i:\b(?:password|passwort|contrase[ñn]a|clave|senha|mot[ \t]+de[ \t]+passe|wachtwoord|lösenord|hasło"
    # wave 49: Indonesian and Malay (kata sandi, kata laluan), Vietnamese (mật khẩu) and Swahili (nenosiri)
    r"|kata[ \t]+sandi|kata[ \t]+laluan|mật[ \t]+khẩu|nenosiri))"
    r"[^\n.;:]{0,60}?(?i:\b(?:wi-?fi|wlan)\b)[^\n.;:]{0,160}?"
    r"[ \t](?:è|es|será|sera|é|est|ist|is|era|sarà|sará|ser[áa]|adalah|ialah|là|ni)"
    r"(?:[ \t]+(?i:now|ahora|ora|agora|maintenant|jetzt|sekarang|bây[ \t]+giờ|sasa))?"
    r"[ \t]+[\"'«“]?(?P<v>[^\s\"'«»“”,;]{6,64}?)[\"'»”]?(?=[.,;:!?)]?(?:\s|$))"
)
_JOINED_WORDS_RE: Final = re.compile(r"[A-Z][a-zà-ÿ]+(?:[_*.!+-][A-Za-zà-ÿ]+){1,5}\d*[!*#]?")
_LOWER_NUMBER_RE: Final = re.compile(r"[a-z]{6,30}\d{2,4}")
# wave 49: a sentence giving an example or a rule, not the key ("contohnya adalah password2024", "ví dụ là ...")
_EXAMPLE_RE: Final = re.compile(
    r"(?i:example|e\.g\.|contoh|misal|ví[ \t]+dụ|mfano|esempio|ejemplo|exemple|beispiel|voorbeeld|minimal|minimum"
    r"|at[ \t]+least|mindestens|almeno|al[ \t]+menos|au[ \t]+moins|karakter|ký[ \t]+tự|herufi|characters|zeichen)"
)


def wifi_copula_spans(text: str) -> Iterator[_Found]:
    """The Wi-Fi passwords above (see the module docstring)."""
    low = text.lower()
    if "wi" not in low and "wlan" not in low:
        return
    for m in _WIFI_COPULA_RE.finditer(text):
        value = m.group("v").rstrip(".")
        if is_placeholder(value) or value.isupper() or _EXAMPLE_RE.search(m.group()):
            continue
        if shaped(value) or _JOINED_WORDS_RE.fullmatch(value) or _LOWER_NUMBER_RE.fullmatch(value):
            yield m.start("v"), m.start("v") + len(value), "credential"
