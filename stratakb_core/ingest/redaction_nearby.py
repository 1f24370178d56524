"""A generated value shortly after a token's or a secret's name, whatever the words between (wave 27, no I/O).

Prose hands a token over in any grammar: Polish declines the name ("nagłówek Authorization z tokenem X"), French
puts words and "c'est" between ("le jeton porteur de test c'est X"), a note names the secret on the line before
("wrangler secret: CF_API_TOKEN" / "value pasted by mistake: X"). So, instead of one more phrasing: a word of 24 to
100 token characters holding both cases and digits (``looks_random``), not inside a URL, a path or an assignment,
goes when a token's or a secret's name (any inflection: token, tokenem, tokenu, jeton, токеном, secret, geheim,
clave, klucz, ...) stands within the 160 characters before it on its line or the line above. A remark after it calling
it an example, public or a hash keeps it (``remark_says_not_secret``), and so do words before it calling the key
public ("Öffentlicher Schlüssel", "Clave pública"), an SSH public key, a publishable key, base64 of JSON, a value in
double quotes (JSON's: a JWKS' public coordinates), base64 of readable text (a SAML assertion's piece; wave 40: in
any script, ``redaction_encoded_data``); commit ids, checksums and UUIDs have no upper case or fail ``looks_random``
and stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_encoded_data import encodes_readable
from stratakb_core.ingest.redaction_keys import calls_public, is_secret_key, is_weak_key
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random, remark_says_not_secret

__all__ = ["nearby_spans"]

_Found = tuple[int, int, str]

# a run of token characters, whole (not a part of a URL, a path, base64 or a key=value)
_RUN_RE: Final = re.compile(r"(?<![\w/+=.:@\"-])[A-Za-z0-9][\w-]{23,99}(?![\w/+=@-])")
_MIXED_RE: Final = re.compile(r"(?=[^A-Z]*[A-Z])(?=[^a-z]*[a-z])(?=\D*\d)")
# a token's or a secret's name, any inflection (the stem and a few letters)
_NAME_RE: Final = re.compile(
    r"(?<![^\W_])(?i:tok[eé]n|jeton|токен|توكن|トークン|令牌|토큰|secret|geheim|segreto|secreto|segredo|sekret|clave"
    r"|chave|chiave|klucz|sleutel|schl[üu]ssel|api[ _-]?key|access[ _-]?key|bearer)"
)
_WINDOW: Final = 160
# a label right before the value: a secret's name there is the label finders' to judge (they know a SealedSecret's
# encryptedData, a placeholder's remark, ...)
_LABEL_BEFORE_RE: Final = re.compile(r"(?P<key>[\w.-]{1,64})[\"']?[ \t]*[:=][ \t]*$")
# what opens a public key (ssh-rsa AAAA..., pk_live_...) or base64 of a JSON blob, none of them a secret
_PUBLIC_STARTS: Final = ("AAAA", "eyJ", "pk_")


def nearby_spans(text: str) -> Iterator[_Found]:
    """Generated values within a short reach after a token's or a secret's name (see the module docstring)."""
    for m in _RUN_RE.finditer(text):
        value = m.group()
        if value.startswith(_PUBLIC_STARTS) or _MIXED_RE.match(value) is None or encodes_readable(value):
            continue
        if not looks_random(value) or is_placeholder(value):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        label = _LABEL_BEFORE_RE.search(text, max(line_start, m.start() - 80), m.start())
        if label and (is_secret_key(label.group("key")) or is_weak_key(label.group("key"))):
            continue
        start = max(text.rfind("\n", 0, max(line_start - 1, 0)) + 1, m.start() - _WINDOW)
        if _NAME_RE.search(text, start, m.start()) is None or calls_public(text[start : m.start()]):
            continue
        line_end = text.find("\n", m.end())
        if remark_says_not_secret(text[m.end() : line_end if line_end >= 0 else len(text)]):
            continue
        yield m.start(), m.end(), "credential"
