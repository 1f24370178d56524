"""Names of secrets: which keys, labels and headers hold one, in any casing and many languages (no I/O).

A key is snake-cased first (``clientSecret``, ``client-secret``, ``client.secret``,
``CLIENT_SECRET`` and ``Client Secret`` all become ``client_secret``), then judged by its last
part. ``is_secret_key`` is true for a name that always holds a secret (password, token, secret,
api key, private key, ... and the word for password in some twenty languages); ``is_weak_key``
for a name that holds one only when the value looks generated (``key``, ``sig``, ``auth``,
``sas``, ``stripe_key``; see ``redaction_values.looks_random``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

__all__ = ["PASSWORD_WORDS", "is_secret_key", "is_weak_key", "snake"]

# "password" in other languages, as labels ("Passwort:", "Mot de passe :", "Пароль:", "密码：")
PASSWORD_WORDS: Final = (
    r"passwort|kennwort|contrase[ñn]a|senha|wachtwoord|has[łl]o|mot_de_passe|l[öo]senord(?:et)?|salasana"
    r"|[şs]ifre|[šs]ifra|parola|heslo|jelsz[óo]|adgangskode|passord|geslo|lozinka|parool|пароль|парола|κωδικός"
    r"|kata_sandi|kata_laluan|contrasenya|contrasinal|slapta[žz]odis|wagwoord|nenosiri|lykilor[ðd]"
    r"|パスワード|密码|密碼|口令|비밀번호|암호|m[ậa]t_kh[ẩa]u|סיסמה|كلمة_المرور|पासवर्ड|รหัสผ่าน"
)
_SECRET_WORDS: Final = (
    r"password|passwd|passphrase|passcode|pwd|pass|pw|token|secret|credentials?|api_?key|psk|secret_key_base|"
    r"(?:private|access|secret|signing|encryption|master|auth|account|license|client|app|consumer|hmac|session"
    r"|subscription|storage|shared|pre_shared|preshared|decryption|admin|root|bot|webhook|service|deploy"
    r"|security|sas|shared_access|function|master_api|write|read|ingest|management|wi_?fi|wlan|wpa2?|wireless)_key|"
    r"client_secret|secret_access_key|sas_token|jeton|segreto|secreto|segredo|sekret|geheim|clave|"
    r"cl[ée]_api|cl[ée]_secr[èe]te|api_schl[üu]ssel|" + PASSWORD_WORDS
)
# the last part of a key, after snake-casing it; some words may also end a run-together key (CJK labels
# are written without spaces: 数据库密码, 管理者パスワード)
_KEY_END_RE: Final = re.compile(
    rf"(?:^|_)(?:{_SECRET_WORDS})$|(?:password|passwd|pwd|secret|token|apikey|passwort|kennwort|密码|密碼|パスワード|비밀번호)$"
)
# names that end in a secret word but are not one (api_key_id is not in this list: no match anyway)
_NOT_SECRET_KEYS: Final = frozenset({"bypass", "compass", "surpass", "overpass", "underpass"})

# a key, a signature, an auth value: a secret when its value looks generated
_WEAK_END_RE: Final = re.compile(r"(?:^|_)(?:key|keys|sig|signature|auth|sas|creds?|access|hmac|apikey)$")
# ... unless the name says what kind of non-secret key it is
_NOT_WEAK_RE: Final = re.compile(
    r"(?:^|_)(?:public|publishable|pub|primary|foreign|sort|partition|cache|idempotency|routing|unique|lookup"
    r"|object|file|row|hash|gpg|pgp|ssh|host|kms|dedup|dedupe|composite|natural|surrogate|index|map|dict|hot"
    r"|group|join|shard|cluster|distribution|order|search|lang|locale|country|zip|postal|promo|coupon|discount"
    r"|status|error|http|response|exit|return|source|product|item|sku|area|websocket|web_socket|key_id)_"
)


def snake(key: str) -> str:
    """``clientSecret``, ``client-secret``, ``client.secret``, ``Client Secret`` -> ``client_secret``."""
    key = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key)
    return key.lower().replace("-", "_").replace(".", "_").replace(" ", "_")


@lru_cache(maxsize=4096)
def is_secret_key(key: str) -> bool:
    """True for a name that holds a secret whatever its value looks like."""
    name = snake(key).strip("_:")
    if name in _NOT_SECRET_KEYS:
        return False
    return bool(_KEY_END_RE.search(name))


@lru_cache(maxsize=4096)
def is_weak_key(key: str) -> bool:
    """True for a name that holds a secret when its value looks generated (``key``, ``sig``, ``sas``)."""
    name = snake(key).strip("_:")
    return bool(_WEAK_END_RE.search(name)) and not _NOT_WEAK_RE.search(name + "_")
