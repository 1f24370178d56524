"""A secret's name with a remark between it and its value (wave 26, no I/O).

* a label whose secret name has words, a clause or a bracketed remark after it before the colon ("API-Schlüssel für
  das Portal, bitte nur in der Disposition verwenden: X", "Klantgeheim (client secret) voor de koppeling: X",
  "recovery passphrase (keep in the safe, copy here until ...): words", "Temporary credential given by phone: X",
  "Jelmondat a mentési kulcshoz: words"). The label is the clause before the colon (after the last full stop); one of
  its words, or two words together, names a secret (``redaction_keys``). The value must fit the name: a generated
  token for any name (``klucz API``), a chosen password's shape for a password's name, four words or more for a
  passphrase's name or a password's, four to eight digits for a PIN's name or a code's name that says what it opens
  (Zugangscode, a safe's or a door's code);
* (wave 27) a Wi-Fi's password of lower-case words and a number after such a label ("a senha do Wi-Fi dos
  funcionários mudou: cafecombolo2027");
* a PIN's digits after a remark without a colon ("personal PIN for admin release 0593", "BitLocker PIN 640318 -");
* a code for a place and its digits after a copula ("Koden til nøgleskabet i laboratoriet er 4830", "the code for
  the side gate is 5912").

Kept: a label about the secret rather than naming it (policy, length, rotation, hash, fingerprint, example, id,
public, revoked), placeholders, a postcode ("PIN code 560001"), error, order and product codes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import Final

from stratakb_core.ingest.redaction_keypads import FAULT_RE
from stratakb_core.ingest.redaction_keys import (
    PASSPHRASE_WORDS,
    calls_public,
    is_secret_key,
    is_setting_words,
    is_weak_key,
)
from stratakb_core.ingest.redaction_lock_codes import MASKED_BEFORE_RE
from stratakb_core.ingest.redaction_phrases import is_loose_phrase
from stratakb_core.ingest.redaction_spoken import PW_WORDS, shaped
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random
from stratakb_core.ingest.redaction_windows import capped_matches, line_matches

__all__ = ["remarked_spans"]

_Found = tuple[int, int, str]
_WORD_RE: Final = re.compile(r"[^\W\d_][\w'’-]*")
_ABOUT_RE: Final = re.compile(
    r"(?i)\b(?:hash\w*|digest|fingerprint|checksum|empreinte|huella|impronta|fingerabdruck|vingerafdruk|sha-?\d*|md5|salt|public|publishable|öffentlich\w*|example|e\.g"
    r"|beispiel\w*|exemple|ejemplo|esempio|voorbeeld|sample|dummy|fake|format|length|länge|ids?|name|policy|policies"
    r"|richtlinie\w*|rotation|rotated|expired|revoked|deactivated|disabled|deleted|widerrufen|gesperrt|deaktiviert"
    r"|abgelaufen|former|previous|hint|prefix|suffix|last|requirements?|rules?|regeln?|must|should|muss|soll"
    r"|minimum|maximum|characters|zeichen|digits|stellen|error|fehler|order|bestell\w*|product|produkt|postal|zip"
    r"|area|country|tax|status|exit|promo|discount|coupon|voucher|gutschein|kosten\w*|cost|storage|stored|hashing"
    r"|bcrypt|argon2|scrypt|pbkdf2|encod\w*|base64|blob|config|settings|payload|decodes?|string|optional|required"
    # wave 34: a parcel's tracking number ("Tracking number for the pass cards: 1Z...")
    r"|tracking|sendungs(?:nummer|verfolgung)|num[ée]ro[ \t]+de[ \t]+suivi|seguimiento|rastreamento|tracciamento"
    # ... or says the secret is not there or not one ("no password", "zonder wachtwoord", "non-secret")
    # (wave 33: not "not the search-only key", which names the other key: a contrast, not a negation)
    r"|(?:no|not|non|nicht)\b(?![ \t]+(?:the|der|die|das|den|dem|la|le|les|el|il|het)\b)"
    r"|without|zonder|ohne|sans|sin|senza|sem|utan|uden|uten|bez|kein\w*|geen)\b"
)
_PHRASE_NAME_RE: Final = re.compile(r"(?i)pass ?phrase|" + PASSPHRASE_WORDS.replace("_", "[ _-]"))
_PW_NAME_RE: Final = re.compile(r"(?i)\b(?:" + PW_WORDS + r")")
_PIN_NAME_RE: Final = re.compile(r"(?i)^(?:pin|pin[-_]?(?:code|kode|koden|kod|koodi|код)|pincode|暗証番号)$")
# a code's name that says what it opens, in one word (Zugangscode, Türcode, toegangscode, dørkode, Tresorcode)
_OPENING_CODE_RE: Final = re.compile(
    r"(?i)^(?:zugangs|zutritts|tür|tuer|tor|tresor|safe|schrank|access|door|gate|alarm|keypad|locker|toegangs|deur"
    r"|kluis|dør|dörr|d[oö]rr|adgangs|tilgangs|[åa]tkomst|l[åa]s|skab|skåp|kassaskåp|ovi|lukko|sejf)[-_]?(?:code|kode|kod|koodi)n?$"
)
_PLACE_RE: Final = re.compile(
    r"(?i)tresor|safe\b|sejf|kluis|schrank|skab|skåp|skap|kaappi|cabinet|locker|spind|alarm|keypad|\block|schloss"
    r"|\blås|lukko|vault|door|tür|deur|dør|dörr|\bovi|porte|puerta|porta|gate|\btor\b|raum|room|\brum|lager"
    r"|garage|archiv|aktenraum|key ?box|schlüsselkasten|nøgle|nyckel|nøkkel|sleutel"
)
_CODE_WORD_RE: Final = re.compile(r"(?i)^(?:code|codes|kode|koden|kod|koden|koodi|kood|codice|c[óo]digo|код)$")
_DIGITS_RE: Final = re.compile(r"\d{4,8}[#*]?")
_CLAUSE_END_RE: Final = re.compile(
    r"[\"'`»”’]?(?:[ \t]*(?:\r?$|[(（]|[-–—][ \t])|[.,;!?]?(?:[ \t]*\r?$|[ \t]+[(（]))", re.M
)
_COLON_VALUE_RE: Final = re.compile(r"[:：][ \t]+(?P<q>[\"'`«“‘]?)(?P<v>[^\s\"'`«»“”‘’]{4,200})")
_PHRASE_RE: Final = re.compile(r"(?m)[^\W\d_][^\n()\"“”]{8,120}?(?=[ \t]*(?:\(|[-–—][ \t]|\r?$|[.;](?:[ \t]|\r?$)))")


def _label(text: str, colon: int) -> str:
    line_start = text.rfind("\n", max(0, colon - 200), colon) + 1
    label = text[max(line_start, colon - 200) : colon]
    cut = max(label.rfind(": "), label.rfind("："), *(m.end() for m in re.finditer(r"(?<!\d)[.!?](?=[ \t])", label)))
    return label[cut + 1 :] if cut >= 0 else label


def _kind(name: str, label: str) -> str | None:
    if _PHRASE_NAME_RE.fullmatch(name.replace("_", " ")):
        return "phrase"
    if _PIN_NAME_RE.match(name) or _OPENING_CODE_RE.match(name):
        return "pin"
    if _CODE_WORD_RE.match(name) and _PLACE_RE.search(label):
        return "pin"
    if is_secret_key(name):
        return "strong"
    return "weak" if is_weak_key(name) and "_" in name else None


def _name_class(label: str) -> tuple[str, str] | None:
    """The kind of secret the label names (strong, weak, phrase, pin, code) and the words after its name."""
    words = list(_WORD_RE.finditer(label))
    for i, m in enumerate(words):
        pair = (m.group() + "_" + words[i + 1].group(), words[i + 1].end()) if i + 1 < len(words) else None
        for name, end in ((m.group(), m.end()), *((pair,) if pair else ())):
            rest = label[end:]
            kind = _kind(name, label)
            if kind:
                return kind, rest
    return None


# wave 27: a Wi-Fi's password as people pick one, lower-case words run together and a number ("cafecombolo2027")
_WIFI_RE: Final = re.compile(r"(?i)wi-?fi|wlan|wireless|ssid")
_LOWER_NUMBER_RE: Final = re.compile(r"[a-z]{6,30}\d{2,4}")


def _wifi_words(label: str, value: str) -> bool:
    return _WIFI_RE.search(label) is not None and _LOWER_NUMBER_RE.fullmatch(value) is not None


def _fits(kind: str, value: str) -> bool:
    if is_placeholder(value):
        return False
    if kind == "pin":
        return _DIGITS_RE.fullmatch(value) is not None
    if looks_random(value):
        return True
    return kind in ("strong", "phrase") and shaped(value)


def _colon_spans(text: str) -> Iterator[_Found]:
    for m in capped_matches(_COLON_VALUE_RE, text):
        label = _label(text, m.start())
        named = _name_class(label) if not _ABOUT_RE.search(label) and not calls_public(label) else None
        if named is None or (named[0] != "pin" and not re.search(r"\w", named[1])):
            continue  # no remark after the name: a plain label, judged in redaction._labelled_spans
        if is_setting_words(" ".join(named[1].split()[:2])):
            continue
        value = m.group("v").rstrip(".,;:)")
        if _example_line(text, m.start(), m.end()):
            continue
        ends = _CLAUSE_END_RE.match(text, m.start("v") + len(value)) is not None or looks_random(value)
        fits = _fits(named[0], value) or (named[0] == "strong" and _wifi_words(label, value))
        if ends and not is_placeholder(m.group("v")) and "=" not in value.rstrip("=") and fits:
            yield m.start("v"), m.start("v") + len(value), "credential"
            continue
        phrase = _PHRASE_RE.match(text, m.start("v"))
        if (named[0] == "phrase" or _PW_NAME_RE.search(label)) and phrase and len(phrase.group().split()) >= 4:
            if is_loose_phrase(phrase.group()):
                yield phrase.start(), phrase.end(), "credential"


# digits that end their clause (not "PIN changed by 2025: 4 times"), and digits no one picks as a PIN
_DIGITS_END: Final = r"(?=[ \t]*(?:\r?$|[—–(]|-[ \t])|[.,;!?]?[ \t]|[.,;!?]\r?$)"
_TRIVIAL_RE: Final = re.compile(r"(\d)\1{3,7}|0?1234(?:5(?:6(?:78?)?)?)?|9876(?:54?)?")
_EXAMPLE_RE: Final = re.compile(
    r"(?i)\b(?:example|e\.g\.|demo|default|sample|dummy|fake|beispiel\w*|exemple|ejemplo|esempio|voorbeeld|exempel)\b"
)


def _example_line(text: str, start: int, end: int) -> bool:
    line_start = max(text.rfind("\n", max(0, start - 200), start) + 1, start - 200)
    line_end = text.find("\n", end, end + 200)
    return _EXAMPLE_RE.search(text, line_start, line_end if line_end >= 0 else end + 200) is not None


_PIN_RE: Final = re.compile(
    r"\b(?:PIN|Pin|PIN-Code|PIN-kode|PIN-kod)\b(?P<r>[^\n:.;!?\d]{0,60}?)[ \t]+"
    r"(?:(?:is|ist|er|är|lautet|est|es|=)[ \t]+)?(?P<v>\d{4,8})[#*]?" + _DIGITS_END
)
_CODE_FOR_RE: Final = re.compile(
    r"(?i)\b(?:koden|kode|kod|koden|code|codice|c[óo]digo|kood|koodi|код)[ \t]+(?:til|till|for|för|to|zum|zur|für"
    r"|de|do|da|del|della|du|van|voor|dla|к|от)[ \t]+(?P<r>[^\n.:;!?\d]{1,60}?)[ \t]+(?:er|är|ist|lautet|is|est|es|è"
    r"|é|on|jest|je|=|—|–)[ \t]+(?P<v>\d{4,8})[#*]?" + _DIGITS_END
)

# a password changed to its value, its name up to 60 characters before ("Passwort Einrichtermodus geändert auf X")
_CHANGED_RE: Final = re.compile(
    r"(?i:\b(?:changed|set|reset)[ \t]+to|ge[äa]ndert[ \t]+(?:auf|in|zu)|gesetzt[ \t]+auf|chang[ée][ \t]+en"
    r"|modifi[ée][ \t]+en|cambiad[ao][ \t]+a|cambiat[ao][ \t]+in|gewijzigd[ \t]+in|[äa]ndrat[ \t]+till|endret[ \t]+til"
    r"|[æa]ndret[ \t]+til"
    r"|zmienione[ \t]+na|změněno[ \t]+na)[ \t]+[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’()]{6,64})"
)


_CHANGED_GATE: Final = (
    "chang", "set to", "ndert", "gesetzt", "modifi", "cambia", "gewijzigd", "ndrat", "ndret", "zmienione", "změněno",
)  # fmt: skip


def _changed_spans(text: str) -> Iterator[_Found]:
    low = text.lower()
    if not any(word in low for word in _CHANGED_GATE):
        return
    for m in islice(_CHANGED_RE.finditer(text), 200):  # a document says it a few times, not thousands
        value = m.group("v").rstrip(".,;:")
        line_start = max(text.rfind("\n", max(0, m.start() - 60), m.start()) + 1, m.start() - 60)
        named = _PW_NAME_RE.search(text, line_start, m.start())
        if named and shaped(value) and _CLAUSE_END_RE.match(text, m.start("v") + len(value)):
            if not _example_line(text, m.start(), m.end()):
                yield m.start("v"), m.start("v") + len(value), "credential"


def _fault_before(text: str, start: int) -> bool:
    """A fault, status or model word among the words before "code" in its own sentence ("Error code for ...")."""
    before = text[max(0, start - 24) : start]
    cut = max(before.rfind(c) for c in "\n.!?;:")
    return FAULT_RE.search(before[cut + 1 :]) is not None


_NEEDLES: Final = (
    (_PIN_RE, "Pin"), (_PIN_RE, "PIN"), (_CODE_FOR_RE, "od"), (_CODE_FOR_RE, "ód"), (_CODE_FOR_RE, "OD"),
    (_CODE_FOR_RE, "од"),
)  # fmt: skip


def remarked_spans(text: str) -> Iterator[_Found]:
    """Values after a secret's name and a remark (see the module docstring)."""
    yield from _colon_spans(text)
    yield from _changed_spans(text)
    for pattern, needle in _NEEDLES:
        for m in line_matches(pattern, text, needle):
            remark, value = m.group("r"), m.group("v")
            if _TRIVIAL_RE.fullmatch(value) or _example_line(text, m.start(), m.end()):
                continue
            if MASKED_BEFORE_RE.search(text, max(0, m.start("v") - 8), m.start("v")):
                continue  # wave 32: the shown last digits of a masked card number ("**** **** **** 4471")
            if _ABOUT_RE.search(remark) or (pattern is _CODE_FOR_RE and not _PLACE_RE.search(remark)):
                continue
            if pattern is _CODE_FOR_RE and _fault_before(text, m.start()):
                continue  # stop 37: "Error code for the gate controller is 5012" reports a fault, opens nothing
            if "code" in remark.lower() and len(m.group("v")) == 6:
                continue  # "PIN code 560001": an Indian postcode
            yield m.start("v"), m.end("v"), "credential"
