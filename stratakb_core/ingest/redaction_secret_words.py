"""A password's, a PIN's or a code's word in many languages, inflected, then a value later in its clause (no I/O).

Wave 38: fresh sets keep bringing the same sentence in a new language or a new case ending, so this module takes
the family broadly rather than one phrasing at a time:

* a secret's word (password, Passwort, wachtwoord, mot de passe, contraseña, senha, parola/parolă, пароль,
  hasło/hasła, heslo/hesla, salasana/salasanan, jelszó/jelszava, şifre/şifresi, κωδικός, lösenord, passord,
  adgangskode, passphrase, PIN, code, Code, koden, kod/kodu, kód/kódja, koodi/koodin, código, codice, codul ...)
  and, later in the same clause, a colon or a copula (is, ist, est, es, è, é, er, är, on, jest, je, lautet, luidt,
  -dir), then a value:

  - a password's shape (letters, digits and a strong symbol, ``Winter#2026``, ``Kino_Sala5!``) after any of the
    words; or a generated token's (looks random, twenty characters or more) after a secret's or a token's word;
  - digits only (three to eight, a star or a hash, a dash and two digits: ``7045``, ``3141*``, ``0815-33``)
    after a code's or a PIN's word, when the clause names no postcode, product, order, phone, price, room,
    version, year or time and the digits are not followed by a unit, a currency or a time's colon.

``secret_word_spans`` yields ``(start, end, kind)`` of the value only; a line calling its value an example keeps it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import _on_example_line
from stratakb_core.ingest.redaction_values import UUID_RE, is_placeholder, looks_chosen, looks_random

__all__ = ["secret_word_spans"]

_Found = tuple[int, int, str]

_WORD_BEFORE: Final = r"(?<![\w/.?&$-])"
_WORD_AFTER: Final = r"(?![\w=-])"
# words naming a password or a passphrase, with their case endings (not a setting's snake_case key, not
# "passwordless", not Turkish "şifreli" (encrypted))
_PASSWORD_WORDS: Final = (
    r"passw(?:ord|ort)(?:s|es|e)?|passwd|pwd|wachtwoord(?:en)?|mot[ \t]+de[ \t]+passe|contrase[ñn]as?|senhas?"
    r"|parol(?:a|ă|ei|ele|ul|e|en|a[nst]?)|пароль|парол(?:я|ю|ем|е)|has[łl](?:o|a|em|u)|ha[śs]le|hesl(?:o|a|em|u)"
    r"|salasan(?:a|an|aa|ana|aksi|asta|alla|oja|at)|jelsz(?:ó|ava|avát|ót|avad|avunk|avak)|[şs]ifre(?:si|sini|siniz"
    r"|niz|nizi|m|mi|n|yi|ler|leri)?|κωδικ(?:ός|ό|ού|οί)|συνθηματικό|l[öo]senord(?:et)?|passord(?:et)?"
    r"|adgangskode(?:n)?|kodeord(?:et)?|passphrase|passphrasen|passwortsatz|passfrase"
)
# words naming a code or a PIN, with their case endings
_CODE_WORDS: Final = (
    r"pin|pins|pin-(?:code|kode|koodi|kód)|codes?|koden?|kod(?:u|em|y|zie|ot|ja|jat|ját)?|kód(?:ja|ját|ot|u|em|y)?"
    r"|[^\W\d_]{0,10}?(?:koodi(?:n|na|sta|ksi|a)?|kode[nr]?)|c[óo]digo|codice|codul|codului|код(?:а|у|ом|е)?"
    r"|türcode|deurcode|dørkoden?|portkod(?:en)?|digicode|zugangscode|sicherheitscode|zahlencode|tastencode"
)
_WORD_RE: Final = re.compile(
    r"(?i:" + _WORD_BEFORE + r"(?:(?P<pw>" + _PASSWORD_WORDS + r")|(?P<code>" + _CODE_WORDS + r"))"
    + _WORD_AFTER + r")"
)
# a token's word; a public or a publishable one (a map's or a payment form's browser key) is meant to be seen
_TOKEN_WORD_RE: Final = re.compile(
    r"(?i:(?<!public )(?<!publishable )(?<!öffentliche )(?<!öffentlicher )(?<!publique )"
    + _WORD_BEFORE + r"(?:tokens?|jeton|токен|api[ \t-]?key)" + _WORD_AFTER + r")"
)
# "without a password" names none
_WITHOUT: Final = frozenset(
    "without no not non zonder ohne kein keine sans sin senza sem bez nincs ilman uten utan".split()
)
_ARTICLES: Final = frozenset("a an the any ein eine de un une o".split())
# a value a hash, a certificate's pin, an encoding or a commit names is not a chosen secret
_NOT_CHOSEN_RE: Final = re.compile(
    r"(?i:hash|sha-?\d|spki|fingerprint|finger|base64|encod|kodiert|codé|codific|checksum|digest|argon|bcrypt"
    r"|enc\[|encrypt|verschl|chiffr|cifrad|commit|revert|cherry|uuid|guid|sops|md5|crc)"
)
# a password's word qualified as a rule's, a weak one's or an example's, right beside it ("Password policy:",
# "a weak password:", "password requirements", "passwords such as")
_DESCRIBED_RE: Final = re.compile(
    r"(?i:weak|schwach|faible|d[ée]bil|debole|s[łl]ab|policy|richtlinie|politique|pol[íi]tica|requirement"
    r"|anforderung|exigence|requisit|rule|regel|r[èe]gle|regla|\bmin\b|such[ \t]+as|e\.g\.|z\.\s?b\.|common"
    r"|h[äa]ufig|demo)"
)
# an attribute path or a setting's name is no value (config.s3Bucket, env.DB_PASS)
_DOTTED_NAME_RE: Final = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
# a sealed or an encrypted file's values are ciphertext meant to be committed
_SEALED_RE: Final = re.compile(r"(?i:sealedsecret|encrypteddata|encrypted_data|\bsops:|ENC\[)")
_REACH: Final = 90
# a clause ends at a line break, a sentence's end or a semicolon; an abbreviation's dot (M., Dr., Str.) does not
_END_RE: Final = re.compile(r"\n|(?<!\b[A-Z])(?<!\b[A-Z][a-z])(?<!\b[A-Z][a-z]{2})[.!?;。](?=\s|$)")
_LINK: Final = (
    r"(?:[ \t]{0,3}[:：][ \t]{0,3}|[ \t]{1,3}(?i:is|are|ist|sind|est|es|è|é|er|är|on|jest|je|lautet|luidt|was|war"
    r"|era|este|είναι|—|-|–)[ \t]{1,3}|[ \t]{1,3}(?i:set[ \t]+(?:it[ \t]+)?to|changed[ \t]+to|now)[ \t]{1,3})"
)
# a PIN's word right before its digits needs no link ("till drawer PIN 60731")
_PIN_DIRECT_RE: Final = re.compile(r"[ \t]+(?P<v>\d{4,8})(?![\w*#/.,:-]\w)")
_LINK_RE: Final = re.compile(_LINK)
_VALUE_RE: Final = re.compile(_LINK + r"[\"'«“‘]?(?P<v>[^\s\"'«»“”‘’,;()]{3,64})(?![^\s\"'«»“”‘’,;()])")
# four digits or more: three after "Code:" / "Kod:" are an HTTP status ("Code: 404 Not Found"); NNNN-MM is a month
_DIGITS_RE: Final = re.compile(r"(?:\d{4,8}[*#]?|(?!(?:19|20)\d\d-(?:0[1-9]|1[0-2])\b)\d{3,6}-\d{2})")  # lead review
_TRAIL: Final = ".,:;!?)]}'\"»”’"
# the clause names a code that is no door's, box's, alarm's or login's
_OTHER_CODE_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])(?:post|zip|postal|plz|cap\b|código[ \t]+postal|code[ \t]+postal|codice[ \t]+postale|irányítósz|"
    r"product|produkt|produit|producto|prodotto|article|artikel|art[íi]culo|articolo|\bitem|\bsku|order|bestell|"
    r"commande|pedido|ordine|zamówieni|objedn|rendel|sipari[şs]|tilaus|tracking|sendung|colis|envío|spedizione|"
    r"promo|discount|rabatt|voucher|gutschein|coupon|korting|kupon|indirim|alennus|kedvezm|sconto|descuento|remise|"
    r"phone|telefon|téléphone|teléfono|telefono|tel\.|error|fehler|erreur|hiba|hata|virhe|b[łl][ąa]d|chyba|"
    r"fault|status|http|exit|return|room|zimmer|chambre|habitaci|camera|szoba|oda[ \t]|huone|pokój|pokoj|"
    r"version|versión|versione|wersj|verzi|sürüm|year|jahr|année|año|anno|price|preis|prix|precio|prezzo|ár[ \t]|"
    r"fiyat|hinta|cena|flight|flug|vol[ \t]|vuelo|volo|gate[ \t]+\d|seat|sitz|platz|siège|asiento|posto|"
    r"iban|bic|swift|bank|bankleit|routing|sort[ \t]code|tax|steuer|vat|ust|nip|regon|ico|dič|adószám|vergi|"
    r"zoll|tariff|tarif|hs[ \t-]code|iso|ean|upc|isbn|icd|diagnos|course|kurs|cours|curso|corso|kurz|"
    r"area[ \t]+code|vorwahl|indicatif|prefijo|prefisso|country|ländercode|example|beispiel|exemple|ejemplo|"
    r"esempio|przykład|példa|örnek|esimerkki|příklad|default|werkseinstellung|usine|fábrica|fabbrica|sample|"
    r"format|placeholder|conferen|meeting|dial[ \t-]?in|einwahl|r[ée]union|reuni[óo]n|riunione|zoom|teams|webex|"
    r"ussd|verification|bestätigungs|confirmation|one-time|otp|sms|2fa|mfa|bus|linie|ligne|línea|linea|"
    r"model|modell|modèle|modelo|modello|serial|serien|série|serie|lot[ \t]|charge|batch|invoice|rechnung|"
    r"facture|factura|fattura|faktur|számla|fatura|lasku|ticket|case|fall|dossier|referenz|reference|réf|ref\.|rabat"
    r"|kupon|barcode|qr|unicode|opcode|shortcode|source|quell|exemplo|categor|merchant|mcc|agb|єдрпоу|едрпоу|инн"
    r"|огрн|таможен|митн|customs|dealer|händler|client|customer|kunde|klant|member|mitglied|prenotazion|booking"
    r"|buchung|réservation|reserva|pratica|aktenzeichen|siret|siren|kvk|gln|nace|ateco|cnae|naf|okpo|ошибк|помилк"
    r"|chyb|ταχυδρομ|digit|stellig|chiffre|d[íi]gito|cifr|cyfr|číslic|jegy|hane|demo|count|anzahl|gnd|gpio|vcc"
    r"|connector|stecker|parts|teile|pi[èe]ce|pieza|ricamb|catalog|katalog|listino))"
)
# after the digits: a unit, a currency, a time's or a ratio's rest, a percentage
_UNIT_AFTER_RE: Final = re.compile(
    r"(?i:[ \t]{0,3}(?:€|\$|£|%|eur|usd|kr|zł|zl|ft|huf|tl|czk|kč|chf|uhr|h\b|min|sec|km|kg|m²|m2|mm|cm|ml|kb|mb|gb"
    r"|p\b|px\b|ms\b|lines?\b|words?\b|bytes?\b|char(?:acter)?s?\b|pages?\b|rows?\b)"  # lead review: "2580 lines long"
    r"|[:/.,]\d)"
)
# a value the rest of its clause calls an example
_EXAMPLE_AFTER_RE: Final = re.compile(
    r"(?i:[^\n]{0,30}?(?:example|beispiel|exemple|ejemplo|esempio|przykład|példa|örnek|esimerkki|příklad|e\.g\."
    r"|default|factory|werk|usine|f[áa]brica|fabbrica|fabrik|demo))"
)


def _negated(text: str, begin: int, pos: int) -> bool:
    """The word at ``pos`` follows "without", "ohne", "sans" ... (an article between allowed)."""
    words = text[max(begin, pos - 30) : pos].lower().split()
    if words and words[-1] in _WITHOUT:
        return True
    return len(words) >= 2 and words[-2] in _WITHOUT and words[-1] in _ARTICLES


class _Scan:
    """Clause ends and link positions of one text, found once (so a run of secret words stays linear)."""

    def __init__(self, text: str) -> None:
        self.text = text
        ends = [(m.start(), m.end()) for m in _END_RE.finditer(text)]
        self.end_starts = [a for a, _ in ends]
        self.end_ends = [b for _, b in ends]
        self.links = [m.start() for m in _LINK_RE.finditer(text)]

    def clause(self, pos: int) -> tuple[int, int]:
        i = bisect_right(self.end_ends, pos)
        begin = max(self.end_ends[i - 1] if i else 0, pos - _REACH)
        k = bisect_left(self.end_starts, pos)
        stop = self.end_starts[k] if k < len(self.end_starts) else len(self.text)
        return begin, min(stop, pos + _REACH, len(self.text))

    def value(self, pos: int, stop: int) -> re.Match[str] | None:
        """The first link after ``pos`` before ``stop`` with a value after it."""
        k = bisect_left(self.links, pos)
        while k < len(self.links) and self.links[k] <= stop:
            m = _VALUE_RE.match(self.text, self.links[k], min(len(self.text), stop + 1))
            if m is not None:
                return m
            k += 1
        return None


def _trimmed(text: str, start: int, end: int) -> int:
    """The value's end without trailing punctuation, a password's own closing "!" or "?" kept when it has others."""
    while end > start and text[end - 1] in _TRAIL:
        if text[end - 1] in "!?" and looks_chosen(text[start:end]):
            break
        end -= 1
    return end


def _digit_code(text: str, start: int, end: int, clause: str) -> bool:
    value = text[start:end]
    if _DIGITS_RE.fullmatch(value) is None or _OTHER_CODE_RE.search(clause):
        return False
    if re.fullmatch(r"(?:19|20)\d\d", value) or _UNIT_AFTER_RE.match(text, end):
        return False
    # the rest of the clause names a list, a count or a place the number belongs to ("... in the parts list",
    # a six-digit PIN code followed by its town in brackets is India's postcode)
    rest = text[end : end + 40].split("\n", 1)[0]
    if _OTHER_CODE_RE.search(rest) or (len(value) == 6 and rest.lstrip().startswith("(")):
        return False
    return not re.search(r"\d", text[end : end + 1])


def _judge(text: str, word: re.Match[str], start: int, end: int, clause_begin: int) -> bool:
    value, before = text[start:end], text[clause_begin:start]
    if not any(ch.isdigit() for ch in value):
        return False
    if is_placeholder(value) or _on_example_line(text, start, end) or _DOTTED_NAME_RE.fullmatch(value):
        return False
    if len(value) <= 40 and looks_chosen(value) and re.search(r"\d", value) and not re.search(r"[:/@\\=&?]", value):
        beside = text[max(0, word.start() - 20) : min(start, word.end() + 25)]
        if _DESCRIBED_RE.search(beside) or UUID_RE.search(value):
            return False
        return not (_OTHER_CODE_RE.search(before) or _NOT_CHOSEN_RE.search(before))
    return _digit_code(text, start, end, before)


def _first_value(scan: _Scan, word: re.Match[str], stop: int) -> tuple[int, int] | None:
    """The value after the first link following ``word`` in its clause, unless the clause calls it an example."""
    text = scan.text
    m = scan.value(word.end(), stop)
    if m is None or re.search(r"[\"=_<>@/{}\[\]]|[:：]", text[word.end() : m.start()].strip(" \t:：")):
        return None
    start, end = m.start("v"), _trimmed(text, m.start("v"), m.end("v"))
    if end - start < 3 or _EXAMPLE_AFTER_RE.match(text, end, max(end, stop)):
        return None
    return start, end


def _word_spans(scan: _Scan) -> Iterator[_Found]:
    text = scan.text
    for word in _WORD_RE.finditer(text):
        begin, stop = scan.clause(word.start())
        if _negated(text, begin, word.start()):
            continue
        direct = _PIN_DIRECT_RE.match(text, word.end()) if word.group(0).lower().startswith("pin") else None
        if direct and not _EXAMPLE_AFTER_RE.match(text, direct.end(), max(direct.end(), stop)):
            if _digit_code(text, direct.start("v"), direct.end("v"), text[begin : direct.start("v")]):
                yield direct.start("v"), direct.end("v"), "credential"
            continue
        found = _first_value(scan, word, stop)
        if found and _judge(text, word, *found, begin):
            yield found[0], found[1], "credential"


def _token_shaped(value: str) -> bool:
    """A generated token: 24 characters or more, its longest dot-separated part random (``ab12Cd.Ef34...``)."""
    if len(value) < 24 or value.startswith("eyJ") or re.search(r"[:/@\\=&?]", value.rstrip("=")):
        return False
    return looks_random(max(value.split("."), key=len)) and not is_placeholder(value)


def _token_spans(scan: _Scan) -> Iterator[_Found]:
    text = scan.text
    for word in _TOKEN_WORD_RE.finditer(text):
        begin, stop = scan.clause(word.start())
        found = _first_value(scan, word, stop)
        if found is None or _negated(text, begin, word.start()):
            continue
        if not text[found[0] - 2 : found[0]].strip().endswith((":", "：")):
            continue
        after = text[found[1] : found[1] + 120].split("\n", 1)[0]
        if _NOT_CHOSEN_RE.search(text, begin, found[0]) or _NOT_CHOSEN_RE.search(after):
            continue
        if _token_shaped(text[found[0] : found[1]]):
            yield found[0], found[1], "credential"


def secret_word_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring)."""
    if _SEALED_RE.search(text):
        return
    scan = _Scan(text)
    yield from _word_spans(scan)
    yield from _token_spans(scan)
