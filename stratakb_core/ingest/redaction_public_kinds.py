"""Values whose own shape or whose label's kind says they are public, whatever rule found them (wave 42, no I/O).

``redaction_held_back.held_back`` asks ``is_public_kind`` of every rule span:

- a DER ``SubjectPublicKeyInfo`` in base64 (``is_spki_public_key``): the fixed prefix of an Ed25519, X25519, Ed448,
  EC P-256/P-384/P-521 or RSA *public* key ("MCowBQYDK2VwAyEA...", "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE...",
  "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A..."): a private key's PKCS#8 form starts otherwise ("MC4CAQAwBQYDK2VwBCIE",
  "MIIEvQIBADANBg...") and still goes;
- a key the label calls a browser-side key by its vendor's own word (``is_client_side_key``): "search-only API key"
  (Algolia), "publishable key", "anon key" (Supabase), "public API key"; not when the
  label also names an admin, secret, private or server key, or says NOT before the word ("Algolia admin API key
  (NOT the search-only key): ..." still goes);
- a code the label names by a public kind right before "code" (``is_public_code``): "DX code 112416" (film), "EAN code",
  "ZIP code", "postal code", "country code", "error code", "HTTP status code", "SWIFT code", "Fehlercode", "code
  postal", "código postal", "codice di errore"; a door, alarm, access or lock code has no such word and goes, and so
  does a public kind's code whose line goes on to say it opens something ("Batch code: 4471 (enter it at the door
  keypad)"; the lead's review also took "event" out of the kinds: an event's code is often the one guests type at the
  door). Wave 43: a group's, a block's, a booking's, a promotion's or a discount code ("Group block code for the
  Nordic Summit: NFS27-O4Y6", "Código de grupo", "codice sconto", "Rabattcode") is handed to every delegate or
  customer, and a kind's code may say what it is for before its colon ("... code for the Summit:"); the words that
  say a code opens something now stand as words ("Delegates" no longer holds "gate", "block" no longer "lock").
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_client_side_key", "is_public_code", "is_public_kind", "is_spki_public_key"]

_SPKI_RE: Final = re.compile(
    r"MCowBQYDK2V[wu]AyEA"  # Ed25519 / X25519
    r"|MEMwBQYDK2VxAzoA"  # Ed448
    r"|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE"  # EC P-256
    r"|MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAE"  # EC P-384
    r"|MIGbMBAGByqGSM49AgEGBSuBBAAjA4GGAAQ"  # EC P-521
    r"|MI[IG][A-Za-z0-9+/]{1,3}[A-Za-z0-9+/]ANBgkqhkiG9w0BAQEFAAO"  # RSA (any length): ... rsaEncryption, BIT STRING
)
_LABEL_MAX: Final = 120  # characters before the value read as its label (linear on long lines)
_CLIENT_KEY_RE: Final = re.compile(
    r"(?i:\b(?:search[- ]only|publishable|anon(?:ymous)?|public|browser|front[- ]?end|client[- ]side)"
    r"(?:[ _-]+api)?[ _-]+key\b|\bcl[ée]s?[ \t]+(?:publique|publishable)|\bclave[ \t]+p[úu]blica\b"
    r"|\bchiave[ \t]+pubblica\b|\böffentliche[rn]?[ \t]+schlüssel\b)"
)
_NOT_CLIENT_RE: Final = re.compile(
    r"(?i:\b(?:admin|administrator|secret|private|server(?:[- ]side)?|write|master|geheim\w*|privat\w*|secreta?"
    r"|segreta|priv[ée]e?)\b|\bnot\b|\bnicht\b|\bpas\b)"
)
_PUBLIC_CODE_RE: Final = re.compile(
    r"(?i:\b(?:dx|ean|upc|gtin|isbn|zip|postal|post|area|country|dialling|dialing|calling|iata|icao|airport|currency"
    r"|language|locale|swift|bic|sort|hs|tariff|customs|colou?r|error|status|exit|return|response|http|fault"
    r"|diagnostic|product|article|item|barcode|bar[- ]code|qr|batch|lot|region|state|iso"
    # wave 43: a code that gets a group's, a promotion's or a booking's rate (handed to every delegate)
    r"|group|block|booking|reservation|confirmation|rate|promo|promotional|promotion|discount|coupon|referral"
    r"|affiliate|campaign|tracking)[ \t]+codes?"
    r"|\b(?:fehler|post|länder|landes|artikel|status|farb|produkt|gruppen|buchungs|rabatt|aktions|gruppe"
    r"|korting|groeps|rabatt|kampanje|kampanj)(?:code|kode|kod)"
    r"|\bcode[ \t]+(?:postal|d'erreur|erreur|pays|article|produit|couleur|promo|de[ \t]+(?:groupe|réduction"
    r"|reduction|réservation|reservation))"
    r"|\bc[óo]digo[ \t]+(?:postal|promocional|de[ \t]+(?:error|erro|pa[íi]s|producto|produto|barras|grupo"
    r"|descuento|desconto|reserva))"
    r"|\bcodice[ \t]+(?:postale|di[ \t]+errore|articolo|prodotto|paese|a[ \t]+barre|fiscale|sconto|promozionale"
    r"|di[ \t]+gruppo|di[ \t]+prenotazione))"
    # wave 43: "... code for the Nordic Fintech Summit:"
    r"(?:[ \t]+(?:for|für|pour|para|per|voor|för|til|do)[ \t]+[^:=：\n]{1,60})?"
    r"[ \t]*(?:\([^()\n]{0,30}\))?[ \t]*(?:is|ist|est|es|è|[:=：#])?[ \t]*$"
)
_SECRET_PREFIX_RE: Final = re.compile(
    r"(?:sk|rk)_|whsec_|gh[pousr]_|github_pat_|xox[abprs]-|AKIA|ASIA|glpat-|npm_|sk-|-----|AIza|SG\.|shpat_"
)
_KEY_WORDS: Final = ("key", "clé", "cle", "clave", "chiave", "schlüssel")
_CODE_LABEL_TAIL: Final = 80
_CODE_VALUE_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .-]{0,15}")
# the rest of the line says the code opens something: "Batch code: 4471 (enter it at the door keypad)" goes (review)
_OPENS_AFTER_RE: Final = re.compile(
    r"(?i:keypad|key[ \t]?pad|\b(?:doors?|gates?|(?:un)?lock\w*|alarm\w*)\b|enter[ \t]+it|t[üu]r|tor\b"
    r"|porte|puerta|porta|portail|tastatur"
    r"|clavier|teclado|tastiera|safe\b|tresor|schloss|cadenas|candado|lucchetto)"
)


def _label(text: str, start: int) -> str:
    low = max(0, start - _LABEL_MAX)
    return text[max(text.rfind("\n", low, start) + 1, low) : start]


def is_spki_public_key(value: str) -> bool:
    """Whether ``value`` is a base64 DER public key (SubjectPublicKeyInfo), see the module docstring."""
    return len(value) >= 40 and _SPKI_RE.match(value) is not None


def is_client_side_key(text: str, start: int, end: int) -> bool:
    """Whether the label before ``start`` names a browser-side key by its vendor's word (module docstring); a value
    with a secret key's own prefix ("sk_live_...", "ghp_...") or a key block still goes."""
    if end - start > 200 or _SECRET_PREFIX_RE.match(text, start) or any(c.isspace() for c in text[start:end]):
        return False
    label = _label(text, start)
    low = label.casefold()
    if not any(word in low for word in _KEY_WORDS):  # a quick gate before the regexes
        return False
    return _CLIENT_KEY_RE.search(label) is not None and _NOT_CLIENT_RE.search(label) is None


def is_public_code(text: str, start: int, end: int) -> bool:
    """Whether a short code sits right after a label naming a public kind of code (module docstring)."""
    if end - start > 16 or _CODE_VALUE_RE.fullmatch(text, start, end) is None:
        return False
    label = _label(text, start)[-_CODE_LABEL_TAIL:]  # the kind and "code" end the label
    if "cod" not in label.casefold():
        return False
    line_end = text.find("\n", end, end + 120)
    if _OPENS_AFTER_RE.search(text, end, line_end if line_end >= 0 else min(len(text), end + 120)):
        return False
    return _PUBLIC_CODE_RE.search(label) is not None


def is_public_kind(text: str, start: int, end: int) -> bool:
    """Whether the span ``text[start:end]`` is public by its shape or its label's kind (module docstring)."""
    if is_spki_public_key(text[start:end]) or is_public_code(text, start, end):
        return True
    return is_client_side_key(text, start, end)
