"""A value that a remark in brackets right beside it calls public or no secret (wave 44, no I/O).

``redaction_held_back.held_back`` asks ``has_public_remark`` of every rule's and the scorer's span. The shape rules (an
AWS key id, a vendor's prefix) take a value whatever the words around it say; a writer can say it is public in a remark
joined to it: "access key id (public identifier only) AKIA...", "AKIA... (public ID, not the secret)", "Kunden-ID
(öffentlich): ...", "clé (publique) : ...". Kept when a bracketed remark stands right before the value (only spaces, a
colon or an equals sign between) or right after it (only spaces between), on its line, and the remark says public (the
word ending its clause or naming an id: "public", "public identifier only"; not a place's "public wifi"), not secret,
not a credential, an identifier only or safe to share, in about ten languages. A remark that negates publicness ("(not
public)", "(nicht öffentlich)", "(never share)", "(private)", "(secret)") keeps nothing, a password's, a PIN's, a code's
or a network's name before the value on its line keeps nothing ("Wi-Fi password (public): ..."), a remark further off on
the line ("AKIA... rotated, see the public docs") keeps nothing, and neither does one on another line (the next line's
"(public recipient is in the README)" under an age secret key). A value with a secret key's own prefix
("sk_live_...", "ghp_...", "xoxb-...", "hf_...") is never kept: its vendor issues that kind only as a secret, so a
remark calling it public is wrong (the lead's review of wave 44); a key id (AKIA...) or a browser key (AIza...) may be
public. Wave 45: a remark saying the value holds no credentials ("(base64 of the JSON settings, no credentials)",
"(..., keine Zugangsdaten)") is one, and a span inside a token (after its "/") reads the remark before the token.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_spoken import PW_WORDS

__all__ = ["has_public_remark"]

# what the remark says: the value is public (the public word ends its clause or names an id: "public", "public
# identifier only", "public ID, not the secret"; not a place, "public wifi"), no secret, an identifier only
_PUBLIC_RE: Final = re.compile(
    r"(?i:(?:\bpublic(?:ly)?|\böffentlich\w*|\bpubli(?:que|c)s?|\bp[úu]blic[oa]s?|\bpubblic[oa]|\bopenbaar|\boffentlig\w*"
    r"|\bjawn[yae]|\bpubliczn\w*)"
    r"(?:[ \t]+(?:id|ids|identifiers?|key[ \t]+ids?|values?|info(?:rmation)?|data|numbers?|names?|kennung|identifiant"
    r"|identificador|identificativo|identifier))?(?:[ \t]+(?:only|nur|seulement|solo|s[óo]lo|alleen|bara|tylko))?"
    r"[ \t]*(?:[,;:.)-]|$)"
    r"|\bnot[ \t]+(?:a[ \t]+)?(?:secret|credential|sensitive)|\bnon-?(?:secret|sensitive)\b"
    r"|\b(?:identifier|id)[ \t]+only\b|\bsafe[ \t]+to[ \t]+(?:share|embed|publish|commit|post)\b"
    r"|\bkein(?:e)?[ \t]+(?:geheimnis|zugangsdaten)|\bpas[ \t]+secr[eè]te?\b|\bno[ \t]+es[ \t]+secret[oa]\b"
    # wave 45: the value holds no credentials ("(base64 of the JSON settings, no credentials)"), not "no credentials
    # needed" (see _NO_CREDENTIALS_RE)
    r"|\b(?:no|without|ohne|sans|sin|senza|geen|zonder)[ \t]+(?:credentials|secrets|passwords|zugangsdaten"
    r"|passw[öo]rter|identifiants|credenciales|credenziali|inloggegevens)\b(?![ \t]+(?:needed|required|necessary))"
    r"|\bnon[ \t]+segret[oa]\b|\bgeen[ \t]+geheim\b)"
)
# a remark that says the value is not public, or a secret after all
_NEGATED_RE: Final = re.compile(
    r"(?i:\bnot[ \t]+(?:\w+[ \t]+)?public|\bnon[ \t-]?public|\bnicht[ \t]+öffentlich|\bpas[ \t]+(?:\w+[ \t]+)?publi"
    r"|\bno[ \t]+(?:\w+[ \t]+)?p[úu]blic|\bnon[ \t]+(?:\w+[ \t]+)?pubblic"
    # the remark calls it a secret ("(secreta, no la pública)"), not "(not secret)" or "(public ID, not the secret)"
    r"|(?<!not[ \t])(?<!a[ \t])(?<!non[ \t])(?<!non-)(?<!pas[ \t])(?<!es[ \t])(?<!the[ \t])(?<!kein[ \t])"
    r"\b(?:secret[aoe]?|secr[èe]te|geheim|segret[oa]|sensitive)\b"
    r"|\bnever\b|\bnie\b|\bprivate?\b|\bprivat\w*|\bpriv[ée]e?\b|\bdo[ \t]+not[ \t]+share"
    r"|\bdon'?t[ \t]+share|\bkeep\b|\bconfidential\b|\bvertraulich\b"
    # a secret found in public: "(leaked in a public repo)", "(exposed publicly, rotate now)"
    r"|\bleak\w*|\bexpos\w*|\bcompromis\w*|\brotate\b|\brevoke\b|\brepo\w*|\bgithub\b|\bfound\b|\bpasted\b)"
)
# a password's, a PIN's or a network key's name before the value: a guest network's "public" password is still one
_PASSWORD_LABEL_RE: Final = re.compile(
    r"(?i:" + PW_WORDS + r"|\bpin\b|\bpsk\b|wi-?fi|wlan|\bcode\b|\bcodice\b|c[óo]digo|\bkod\b)"
)
# prefixes a vendor gives only to secrets (not AKIA/ASIA key ids, not AIza browser keys, not pk_ publishable keys)
_SECRET_ONLY_PREFIX_RE: Final = re.compile(
    r"(?:sk|rk)_|whsec_|gh[pousr]_|github_pat_|xox[abposre]-|xapp-|glpat-|npm_|pypi-|sk-|-----|SG\.|shp(?:at|ss|ca)_"
    r"|hf_|dop_v1_|AGE-SECRET-KEY-"
)
_BEFORE_RE: Final = re.compile(r"\((?P<remark>[^()\n]{1,60})\)[ \t]*[:=：]?[ \t]*$")
_AFTER_RE: Final = re.compile(r"[ \t]*\((?P<remark>[^()\n]{1,60})\)")


# wave 45: "no credentials" keeps an export's or a blob's value, not one whose label names a token, a key or a secret
_NO_CREDENTIALS_RE: Final = re.compile(
    r"(?i:\b(?:no|without|ohne|sans|sin|senza|geen|zonder|keine?)[ \t]+(?:credentials|secrets|passwords|zugangsdaten"
    r"|passw[öo]rter|identifiants|credenciales|credenziali|inloggegevens)\b)"
)
_KEY_LABEL_RE: Final = re.compile(r"(?i:token|key|secret|schlüssel|clé|clave|chiave|sleutel|bearer|auth)")


def _says_public(remark: str) -> bool:
    return _PUBLIC_RE.search(remark) is not None and _NEGATED_RE.search(remark) is None


def has_public_remark(text: str, start: int, end: int) -> bool:
    """Whether a bracketed remark right before or after ``text[start:end]`` calls it public (module docstring)."""
    if "\n" in text[start:end] or _SECRET_ONLY_PREFIX_RE.match(text, start):
        return False  # a block (a PEM key) has no such remark; a secret-only prefix is a secret whatever is said
    low = max(0, start - 120)
    if _PASSWORD_LABEL_RE.search(text, max(text.rfind("\n", low, start) + 1, low), start) is not None:
        return False
    token = start  # wave 45: a span inside a token (after its "/") reads the remark before the token
    while token > max(0, start - 200) and not text[token - 1].isspace():
        token -= 1
    before = _BEFORE_RE.search(text, max(0, token - 70), token)
    if before is not None and "\n" not in text[before.start() : token] and _says_public(before.group("remark")):
        label = text[max(text.rfind("\n", low, start) + 1, low) : before.start()]
        rest = _NO_CREDENTIALS_RE.sub(" ", before.group("remark"))
        plain = rest == before.group("remark") or _says_public(rest)
        return plain or _KEY_LABEL_RE.search(label) is None
    after = _AFTER_RE.match(text, end)
    return after is not None and _says_public(after.group("remark"))
