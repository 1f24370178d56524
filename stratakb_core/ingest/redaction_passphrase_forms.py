"""A passphrase of plain words in the forms people write it in (wave 30, no I/O).

``redaction_lock_codes`` reads a passphrase after its name and a colon for a few names. Here:

* more names in more languages (phrase de passe, frase d'accesso, Adgangssætning, Wachtzin, Schlüsselphrase, code
  word ...), a few words between the name and the colon ("Wachtzin voor de USB: ...");
* the name, a few words, then a copula and the phrase ("the code word for the duty phone is purple wheelbarrow",
  "la frase segreta del team è ..."), unless its first word says what the phrase is like (an article, "required",
  "stored", "used" ...) or a word counts its words or characters;
* the name right after a comma that follows a named thing ("network 'X', passphrase linen sails at dawn 88") or in
  quotes right after it ("volume 'v', passphrase 'Grant money never sleeps 1999'");
* a password manager's CSV row: a cell naming a passphrase (other words before the name), the next cell the phrase;
* a Wi-Fi's key or password ("Key:", "Κωδικός Wi-Fi:") of three words or more on a line naming the network or under
  a network's line.

A phrase is two (code word) or three to ten words of letters, a number of up to four digits among them; a line
giving guidance, policy or an example keeps it, as does a phrase pointing elsewhere (see / ask / stored / vault).
``passphrase_form_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_pointers import points_elsewhere

__all__ = ["passphrase_form_spans"]

_Found = tuple[int, int, str]

_NAMES: Final = (
    r"passphrase|pass[ \t-]?phrase|phrase[ \t]+(?:de[ \t]+passe|secr[èe]te)|frase[ \t]+(?:d['’][ \t]?accesso"
    r"|di[ \t]+accesso|de[ \t]+acceso|de[ \t]+acesso|de[ \t]+paso|de[ \t]+contrase[ñn]a|secreta|segreta|senha)"
    r"|frase-senha|adgangss[æa]tning|adgangsfrase|wachtzin|wachtwoordzin|schl[üu]sselphrase|passwortsatz|kennsatz"
    r"|passfrase|passordfrase|l[öo]senfras|salalause|heslov[áa][ \t]+fr[áa]ze|fraza[ \t]+has[łl]a"
    r"|парольн\w+[ \t]+фраз\w+|кодов\w+[ \t]+фраз\w+|recovery[ \t]+phrase|seed[ \t]+phrase|code[ \t]?word"
    r"|codewort|mot[ \t]+de[ \t]+code|parola[ \t]+d['’]ordine|kodeord|kodewoord|(?:unlock|vault|master)[ \t]+phrase"
)
# a phrase: a word of letters, then words of letters or numbers of up to four digits, one space or dash apart
_PHRASE: Final = r"(?P<v>[^\W\d_]{2,20}(?:[ -](?:[^\W\d_]{1,20}|\d{1,4})){1,9})"
_END: Final = r"(?=[ \t]*[»”“\"'’]?[ \t]*(?:$|[.,;!(（]|[ \t][-–—][ \t]))"  # wave 39: an en or em dash too
# wave 36: after a colon or a copula the phrase may run on past a comma to its sentence's end ("Blinker links,
# Schulterblick!", "three green lights, gear down."), an exclamation mark its last character
_PHRASE_ON: Final = (
    _PHRASE[:-1] + r"(?:,[ \t][^\W\d_]{2,20}(?:[ ][^\W\d_]{1,20}){0,3}!?(?=[ \t]*(?:$|\.[ \t]|\.$)))?)"
)
_COLON_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:" + _NAMES + r"))[^\n:：]{0,70}?[:：][ \t]*[«“\"'‘]?[ \t]*" + _PHRASE_ON + _END, re.MULTILINE
)
_COPULA_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:" + _NAMES + r"))(?P<b>[^\n:：.]{0,70}?)"
    r"(?i:[ \t](?:is|was|è|est|ist|es|é|är|er|on|jest|je|είναι|lautet|luidt|brzmi))"
    r"[ \t]+(?:(?i:now|ora|maintenant|jetzt|nu|ahora|agora)[ \t]+)?(?:[«“„\"'‘][ \t]?)?" + _PHRASE_ON + _END,
    re.MULTILINE,
)
# wave 36: a chat's turn asking for a passphrase, the next turn the phrase alone ("Jo: what's the passphrase for
# the vault?" / "Mo: mulch tractor seventeen rainbow")
_REPLY_RE: Final = re.compile(
    r"^[^\n:：]{1,24}[:：][^\n?？]{0,120}?(?i:(?<!\w)(?:" + _NAMES + r"))[^\n?？]{0,120}[?？][ \t]*\n"
    r"[ \t]*[^\s:：]{1,24}[ \t]*[:：][ \t]+" + _PHRASE + r"[ \t]*$",
    re.MULTILINE,
)
_COMMA_RE: Final = re.compile(r"[,;][ \t]+(?i:" + _NAMES + r")[ \t]+[«“\"'‘]?" + _PHRASE + _END, re.MULTILINE)
# a password of one word in the same place ("sala FINAL-MX, contraseña aztecagg"), ending its line or before a bracket
_COMMA_WORD_RE: Final = re.compile(
    r"[,;][ \t]+(?i:password|passwort|kennwort|contrase[ñn]a|clave|senha|mot[ \t]+de[ \t]+passe"
    r"|wachtwoord|l[öo]senord|has[łl]o|heslo|parola|salasana|pw|pwd)[ \t]+[«“\"'‘]?(?P<v>[^\s,;()«»“”\"'‘’]{5,40}?)"
    r"[»”\"'’]?(?=[ \t]*(?:$|[(（]|\.[ \t]*$))",
    re.MULTILINE,
)
_NOT_A_WORD_RE: Final = re.compile(
    r"(?i:.*(?:ed|ing|ly|ion|ado|ada|ido|ida|ato|ata|ito|ita|iert|ert|é|ée|eur|ire|ible|able|ment|ungen|ung|keit)$"
    r"|required|optional|protected|incorrect\w*|obligatori\w*|requerid\w*|manager|policy|field|hint|reset|less"
    r"|free|only|disabled|enabled|blank|empty|unset|none|changes?|rotation|expiry|length|login|needed)"
)
_QUOTED_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:" + _NAMES + r"))[ \t]+[«“\"'‘]" + _PHRASE + r"(?=[»”\"'’])", re.MULTILINE
)
_CSV_RE: Final = re.compile(
    r"\"[^\"\n,]{0,60}[^\W\d_][ \t]+(?:(?i:master|admin|shared)[ \t]+)?(?i:" + _NAMES + r")[ \t]*\"[ \t]*[,;][ \t]*"
    r"\"" + _PHRASE + r"\"",
    re.MULTILINE,
)
_WIFI_RE: Final = re.compile(
    # (wave 40: the key's label may follow the network's name after a comma, its own colon later on the line:
    # "Wi-Fi im Wachraum: Netz WACHE-SUED, WPA2-Schlüssel: Pförtner trinkt Kakao um drei")
    r"^[^\n:：]{0,80}?(?i:wi-?fi|wlan|ssid|wireless)(?:[^\n:：]{0,60}?[:：][^\n:：]{0,60}?[,;][ \t]*[^\n:：,;]{0,30})?"
    r"[^\n:：]{0,60}?[:：][ \t]*" + _PHRASE_ON + _END, re.MULTILINE
)
_WIFI_UNDER_RE: Final = re.compile(
    r"^[ \t]*(?i:ssid|network(?:[ \t]+name)?|wi-?fi|wlan|netzwerk|réseau|red|rete|netwerk)[ \t]*[:：=][^\n]{1,80}\n"
    # wave 39: the key's name may say which standard it is ("WPA2 key:", "Wi-Fi password:", "network key:")
    r"[ \t]*(?:(?i:wpa[23]?|wep|wi-?fi|wlan|network|security|pre-?shared|netzwerk|réseau)[ \t-]?)?(?i:key|pass|password"
    r"|psk|passwort|schl[üu]ssel|cl[ée]|clave|chiave|sleutel|senha)[ \t]*[:：=][ \t]*" + _PHRASE + r"[ \t]*$",
    re.MULTILINE,
)
_PASSWORD_LABEL_RE: Final = re.compile(
    r"(?i:pass|key|cl[ée]|clave|chiave|sleutel|senha|κωδικ|парол|kod|has[łl]|heslo|lösen|adgang|salasana|密码|비밀번호"
    r"|schl[üu]ssel|nyckel|n[øo]kkel|n[øo]gle|avain|klucz|wachtwoord|contrase|şifre|sifre|sandi|parola|kulcs)"
)
_NEGATED_RE: Final = re.compile(
    r"(?i:\b(?:no|not|none|nicht|kein\w*|pas|non|niet|geen|nie|ingen|ikke|ei|δεν|нет|не)\b|n['’]t\b)"
)
# the first word of a value that describes the phrase or points elsewhere rather than being it
_NOT_FIRST: Final = frozenset(
    "a an the one two three four five six seven eight nine ten twelve your our their his her my its this that these"
    " those what how where which who whatever il lo la le les un une una uno ein eine einen der die das de het een"
    " el los las o os um uma en ett same as not no none never only also still too very being just required"
    " optional mandatory needed necessary important sensitive case different unique valid invalid wrong correct"
    " incorrect empty blank missing unknown lost long short strong weak secret confidential private personal random"
    " shared hidden stored kept saved written printed shown displayed generated chosen created set used changed"
    " rotated sent given available obbligatoria necessaria richiesta requise obligatoire erforderlich verplicht"
    " conservata salvata custodita stockée gespeichert opgeslagen guardada disponibile disponible nel nella dans im"
    " in op auf sur sul nicht non pas ne niet kein nie see ask check use enter type write keep store in on at by via"
    " per por will would should must can could may might nur auch noch immer seulement aussi encore toujours solo"
    " sólo también todavía siempre soltanto anche ancora sempre alleen ook nog altijd bara också kun også tylko jen"
    " geheim bekannt unbekannt connu connue conocida conosciuta bekend known".split()
) | frozenset(
    # wave 39: a value saying where the password is or whom to ask ("pregunta en recepción", "znajduje się na
    # karcie", "steht auf der Karte", "est au dos du routeur")
    "pregunta preguntar pregunte pide pídela pidela pedir solicita solicitar consulta asks ask znajduje jest są"
    " zapytaj spytaj proszę steht stehen liegt liegen hängt findet findest frag fragen erfragen bitte se está esta"
    " están estan encuentra figura aparece viene sta si trova trovate chiedete chiedi chiedere richiedete è"
    " ligger står finns fråga fråg spørg spør hangt staat ligt vraag vraagt vind kysy löytyy on demandez demande"
    " demander figure trouve trouvez indiqué indiquée écrit écrite imprimé imprimée printed written posted"
    " displayed located au aux auf am an bei na u w we pod под на em no ao hinter unter dietro sotto sous derrière"
    " naast vid ved under siehe zie voir vedi ver véase see najdete".split()
)
# after a colon or in quotes an article may start the phrase itself ("la marée monte ...")
_POINTING: Final = frozenset(
    "same as not no none never see ask check use enter type write keep store stored kept saved in on at by via"
    " unchanged empty blank missing unknown voir siehe wie vedi ver zie come como change reset contact call email"
    " consult consultar consulte consulter consultare raadpleeg nachschlagen frag fragen demander pedir chiedi vraag"
    " request rotate update create choose pick generate provided issued ask".split()
) | frozenset(  # wave 39: where it is or whom to ask, as above
    "pregunta preguntar pregunte pide pídela pidela consulta znajduje zapytaj spytaj steht liegt hängt frag fragen"
    " erfragen se está encuentra figura sta si trova chiedete chiedi ligger står finns fråga spørg spør hangt staat"
    " ligt vraag kysy löytyy demandez demande figure trouve printed written posted located".split()
)
# what may come between a name and its copula: nothing, or a complement saying what it opens
_OF_RE: Final = re.compile(
    r"(?i:[ \t]+(?:for|of|to|on|at|del|della|dello|dei|di|du|de|des|da|do|für|fuer|vom|van|voor|til|för|på|dla|pro"
    r"|του|της|для|от)\b)"
)
_COUNTS_RE: Final = re.compile(
    r"(?i:\b(?:words?|characters?|chars|letters|zeichen|w[öo]rter|mots|caract[èe]res|palabras|caracteres|parole"
    r"|caratteri|woorden|tekens|ord|tegn|sanaa|merkki[äa])\b)"
)
_NOT_IN_USE_RE: Final = re.compile(
    r"(?i:guidance|polic|rule|requirement|example|e\.g\.|at[ \t]+least|minimum|dummy|sample|training|placeholder"
    r"|how[ \t]+to|should|must|never[ \t]+(?:share|write|send)|choose|pick|generate|beispiel|exemple|ejemplo|esempio"
    r"|voorbeeld|richtlijn|richtlinie|politique|pol[íi]tica"
    # wave 36: the line says it does not hold the password
    r"|does[ \t]+not[ \t]+contain|doesn['’]t[ \t]+contain|n[ãa]o[ \t]+cont[ée]m|no[ \t]+contiene"
    r"|ne[ \t]+contient[ \t]+pas"
    # wave 36: a policy's "at least" in more languages
    r"|minstens|mindestens|au[ \t]+moins|al[ \t]+menos|almeno|pelo[ \t]+menos|co[ \t]+najmniej|minst"
    r"|non[ \t]+contiene|enth[äa]lt[ \t]+kein|bevat[ \t]+geen|innehåller[ \t]+inte)"
)
_POINTER_RE: Final = re.compile(
    r"(?i:.*\b(?:vault|envelope|manager|keepass|1password|bitwarden|tresor|kluis|safe[ \t]+deposit|lastpass)\b)"
)
_NAMED_THING_RE: Final = re.compile(
    r"[\"'‘’“”«»]|\b\w*(?:[A-Z]\w*[A-Z\d-]|\d)\w*\b"
    # wave 43: a user's name given before the comma ("brugernavn kasserer, adgangssætning ...")
    r"|(?i:\b(?:user(?:name)?|login|brugernavn|brukernavn|anv[äa]ndarnamn|benutzer(?:name)?|gebruikersnaam"
    r"|utilisateur|identifiant|usuario|utente|nome[ \t]+utente|u[żz]ytkownik|käyttäjä(?:tunnus)?)[ \t:]+[\w.@-]{2,40}$)"
)
# (the first word says where the phrase comes from or what it is like, not the phrase)
_WITH_NOT_FIRST: Final = frozenset(
    "you we they i he she like such from of for aus von vom wie comme como come zoals som that which die der das dem"
    " den que che qui du des del della dal printed given sent chosen written issued on in at with mit avec con"
    " instead rather than statt anstatt anstelle plutôt lieu lugar vez invece comme than".split()
)
# wave 43: "sign in ... with the passphrase timber yard sunrise 2027 until we move it": the phrase runs to a word
# that starts the sentence's next clause
_WITH_RE: Final = re.compile(
    r"(?i:\b(?:with|using|use|mit|avec|con|com|met|med|z)\b[^\n.:;!?]{0,50}?(?<!\w)(?:" + _NAMES + r"))[ \t]+"
    + _PHRASE.replace("{1,9})", "{1,9}?)")
    + r"(?=[ \t]+(?i:until|till|before|and|to|for|when|while|bis|und|jusqu\w*|et|hasta|y|fino|e|tot|en|tills|och"
    r"|indtil|og|do|i)\b|" + _END[3:],
    re.MULTILINE,
)


def _line(m: re.Match[str]) -> str:
    """The value's line, at most ``_LINE_REACH`` characters either side (wave 43: linear on a long line)."""
    text, start, end = m.string, m.start("v"), m.end("v")
    low, high = max(0, start - _LINE_REACH), min(len(text), end + _LINE_REACH)
    stop = text.find("\n", end, high)
    return text[max(low, text.rfind("\n", low, start) + 1) : high if stop < 0 else stop]


_LINE_REACH: Final = 300


def _before(m: re.Match[str]) -> str:
    """The clause before the comma: up to 60 characters back, not past a line's start or another comma."""
    text, start = m.string, m.start()
    stop = max(text.rfind("\n", 0, start), text.rfind(",", 0, start), text.rfind(";", 0, start), start - 61)
    return text[stop + 1 : start]


# wave 35: an article may start a phrase said after a copula when it is a clause of its own ("es la cadena siempre
# se engrasa el lunes", "est « le vélo dort sous la pluie »"): in quotes, or five words or more, none pointing
# elsewhere or naming a hint ("the name of the dog", "la misma de siempre")
_ARTICLES: Final = frozenset("the la le les el los las il lo het der die das".split())
_HINTS: Final = frozenset(
    "name nom nombre nome naam same usual mismo misma même habitual usuel üblich one see ask stored kept saved printed"
    " written".split()
)


def _article_clause(m: re.Match[str], words: list[str]) -> bool:
    quoted = m.string[max(0, m.start("v") - 2) : m.start("v")].strip() in ("«", "“", "„", '"', "'", "‘")
    if words[0].lower() not in _ARTICLES or len(words) < (3 if quoted else 5) or words[1].lower() in _NOT_FIRST:
        return False
    return not any(w.lower() in _HINTS for w in words)


# wave 36: a number may start the phrase itself ("three blue frames and a crooked hinge"), not a count of something
_NUMBERS: Final = frozenset("two three four five six seven eight nine ten twelve".split())
_UNITS: Final = frozenset("days weeks months years hours minutes seconds times of or and to in more other".split())


def _numbered(words: list[str]) -> bool:
    return words[0].lower() in _NUMBERS and len(words) >= 3 and words[1].lower().strip(",") not in _UNITS


def _a_phrase(m: re.Match[str], least: int = 3, prose: bool = False) -> bool:
    value = m.group("v")
    words = value.replace("-", " ").split()
    if len(words) < least or sum(not w.isdigit() for w in words) < 2 or points_elsewhere(words):
        return False  # wave 40: "la encontrará en el cartel", "vous la trouverez au dos" point elsewhere
    if words[0].lower() in (_NOT_FIRST if prose else _POINTING) and not (prose and _article_clause(m, words)) and not (
        prose and _numbered(words)
    ):
        return False
    alpha = [w for w in words if not w.isdigit()]
    if prose and (_NOT_A_WORD_RE.fullmatch(words[0]) is not None or all(w[:1].isupper() for w in alpha)):
        return False  # "is entered interactively", "rotation is done", "is Microsoft Authenticator Push"
    if _COUNTS_RE.search(value) is not None or _POINTER_RE.match(value) is not None:
        return False
    return _NOT_IN_USE_RE.search(_line(m)) is None


def _one_word(value: str) -> bool:
    if _NOT_A_WORD_RE.fullmatch(value) is not None or value.lower() in _NOT_FIRST or _POINTER_RE.match(value):
        return False
    return any(c.isalpha() for c in value) and not value.startswith(("http", "www.", "<", "$", "{", "%", "*", "["))


def _least(m: re.Match[str]) -> int:
    head = m.group(0)[: m.start("v") - m.start()].lower()
    return 2 if "code" in head or "kode" in head or "parola" in head or "wort" in head else 3


def passphrase_form_spans(text: str) -> Iterator[_Found]:
    """The phrases above (see the module docstring)."""
    for pattern in (_COLON_RE, _COPULA_RE, _QUOTED_RE, _CSV_RE):
        for m in pattern.finditer(text):
            if pattern is _COPULA_RE and m.group("b") and _OF_RE.match(m.group("b")) is None:
                continue  # "passphrase rotation is done ...": the copula is another noun's
            if _a_phrase(m, _least(m), prose=pattern is _COPULA_RE):
                yield m.start("v"), m.end("v"), "credential"
    for m in _REPLY_RE.finditer(text):
        if _a_phrase(m, prose=True):
            yield m.start("v"), m.end("v"), "credential"
    for m in _COMMA_RE.finditer(text):
        if _NAMED_THING_RE.search(_before(m)) is not None and _a_phrase(m, prose=True):
            yield m.start("v"), m.end("v"), "credential"
    for m in _WITH_RE.finditer(text):  # wave 43
        if m.group("v").split()[0].casefold() not in _WITH_NOT_FIRST and _a_phrase(m, prose=True):
            yield m.start("v"), m.end("v"), "credential"
    for m in _COMMA_WORD_RE.finditer(text):
        if _NAMED_THING_RE.search(_before(m)) is not None and _one_word(m.group("v")):
            yield m.start("v"), m.end("v"), "credential"
    low = text.lower()
    if "wi" in low or "wlan" in low or "ssid" in low or "network" in low or "net" in low or "rete" in low:
        for m in (*_WIFI_RE.finditer(text), *_WIFI_UNDER_RE.finditer(text)):
            label = m.group(0)[: m.start("v") - m.start()]
            if _NEGATED_RE.search(label) is not None or len(m.group("v").split()) > 7:
                continue  # "the guest Wi-Fi's password is not needed: the network is open ..."
            if _PASSWORD_LABEL_RE.search(label) is not None and _a_phrase(m, prose=m.re is _WIFI_RE):
                yield m.start("v"), m.end("v"), "credential"
