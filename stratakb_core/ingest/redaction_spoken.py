"""Secrets said in passing, in the forms wave 16 found missing (no I/O).

* an access code: a door, keypad, alarm, gate or safe code, or the code for a room or an admin menu, given in a
  sentence or a label ("New code for the admin menu is X", "Türcode: 4821", "code de la porte : 4821", an alarm's
  disarm code, "code de désactivation de l'alarme : 2580", what it opens in up to six words) or as the
  answer to a chat's question about one ("what's the code for the records room?" / "4806, then press ...");
* an access code changed to its value or given right after its name ("the gate code changed to X", "the kiosks use
  the new maintenance code X"; also the codes a maintainer, installer or engineer keys in);
* a Wi-Fi's password said to have changed ("the Wi-Fi at the hall changed - it's now X"; not its network's name);
* a PIN's digits after its name ("PIN: 83917", "the card's PIN is 4821"; not an Indian "PIN code", a postcode);
* a login as a user with a password ("they can log in as 'ops' with X", "se connecter en tant que admin avec X");
* a value someone is told to use as the password ("Use X as the password", "utilise X comme mot de passe");
* a password's name, a few words and the value after ", c'est" / ", it's" or a dash ("Le mot de passe de l'admin,
  c'est X —", "Пароль до консолі — X, ..."), or in brackets ("admin pass for the demo (X)");
* a login that is a password ("the login is Careers2026!Spring": a strong symbol, no "@");
* a Wi-Fi network's name and its password set apart by a slash or a bar ("Wi-Fi: CafeNet / X");
* a key-value pair inside a Markdown code span in a sentence (`` `X-Api-Key: 648f...` with every request``).

Wave 20 added: a code for a room or a door named by a Germanic compound ("Code für den Serverraum ... lautet X",
"koden till förrådet är X"), a keypad code with a star or hash inside ("9032*4"), a PIN after a remark of up to 80
characters on what it opens ("PIN for the badge printer in the copy room next to finance: X").

Wave 21 added: what a code opens in up to three bare words ("Türcode Lager Nord: X"), Finnish codes ("ovikoodi on
X"), a Romance code named for what it opens ("codice del cancello", "código do portão"), a key safe that "is" its code,
a menu code, a code of a letter and four to eight digits ("B2741"), a PIN "do"/"da"/"del" what it opens.

Wave 23 added: a door's or an alarm's code in one Dutch or Scandinavian word ("deurcode", "dørkode", "larmkod"), a
code with a letter among its digits ("7K2051"), "PIN der/des/för/till ..." what it opens, a compound "Kassen-PIN" and
the words after it ("Tresor-PIN Lager 2: X"); "use X as the pin" is looked for only where "as" is among the three
words before the name, over 200 characters at most (it looked back to the line's start at every name).

Values must look chosen or generated (digits and letters with a symbol or both cases), a code or PIN four to eight
digits; a line calling its value an example is kept. The sentence finders (``SPOKEN_FINDERS``) are run by
``redaction_prose.prose_spans`` where one of their start words is, in the one scan it makes of the text; the label
and code-span finders by ``spoken_spans``. Each yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import PASSWORD_WORDS, is_secret_key, is_setting_words, is_weak_key
from stratakb_core.ingest.redaction_values import (
    is_code,
    is_code_in_sentence,
    is_placeholder,
    looks_chosen,
    looks_like_secret,
    looks_random,
    symbol_inside,
)

__all__ = [
    "END", "PW_WORDS", "SPOKEN_FINDERS", "SPOKEN_START_WORDS", "STRONG_RE", "VALUE", "Finder", "finders",
    "not_an_example", "shaped", "spoken_spans",
]  # fmt: skip

_Found = tuple[int, int, str]

PW_WORDS: Final = r"password|passwd|passcode|passphrase|" + PASSWORD_WORDS.replace("_", " ")
VALUE: Final = r"[\"'`«“‘]?(?P<v>[^\s\"'`«»“”‘’()（）]{4,128}?)[\"'`»”’]?"
# after a value: the line ends, a remark in brackets, a clause ends, a dash and more words, "and", "then", "?"
END: Final = (
    r"(?=[ \t]*\r?$|[.,;:!?]?[ \t]+[(（]|[ \t]*[.,;:!?。](?:[ \t]|\r?$)|[ \t]+[-–—][ \t]"
    r"|[ \t]+(?:and|then|but|on|in|for|until|und|et|puis|y|e|och|og|и|та|і)\b"
    r"|[ \t]+(?:indtil|inntil|tills|bis|jusqu|hasta|fino|até)\b)"  # wave 31: a time clause ("X indtil mandag")
)
_DIGITS_RE: Final = re.compile(r"[*#]?\d{4,8}(?:[#*]\d{0,2})?")
_DIAL_RE: Final = re.compile(r"(?=(?:\d-?){5})\d{1,2}(?:-\d{1,2}){2,3}|\d(?:-\d){3,7}")  # w40: 4 wheels, 6-2-9-0
STRONG_RE: Final = re.compile(r"[!#$%&*+=?~^]")
_VERSION_RE: Final = re.compile(r"(?i)v?\d+(?:\.\d+)+")


@functools.lru_cache(maxsize=1024)  # a run of names judges the same word again and again
def shaped(value: str) -> bool:
    """A chosen password: digits and letters with a symbol or both cases (Frost-Bite-9026, 0ldPanel-Ops#5)."""
    if is_placeholder(value) or is_code_in_sentence(value) or _VERSION_RE.fullmatch(value):
        return False
    if looks_chosen(value) or looks_random(value):
        return True
    mixed = value.lower() != value and value.upper() != value
    if mixed and symbol_inside(value):
        return True  # Graf!Admin-Cerise: a symbol inside, both cases, no digit needed
    return looks_like_secret(value) and mixed and sum(c.isdigit() for c in value) >= 2


# wave 21: "B2741", a letter and the digits; wave 23: a letter among them, "7K2051" (four digits or more)
_LETTER_CODE_RE: Final = re.compile(r"[A-Z]\d{4,8}|\d{4,8}[A-Z]|(?=(?:[A-Z]?\d){4})(?=[\dA-Z]{5,9}$)\d+[A-Z]\d+")


def _code_value(value: str) -> bool:  # (wave 27: or a dial lock's numbers, 3-19-27)
    return any(r.fullmatch(value) for r in (_DIGITS_RE, _DIAL_RE, _LETTER_CODE_RE)) or shaped(value)


# who keys a device's own code in: "the new maintenance code X", "installer code: 1234" (an alarm panel's)
_KEYED_BY: Final = r"maintenance|master|installer|engineer|supervisor|technician|manager"
# what an access code opens: a door, a room, a device's admin menu
_PLACES: Final = (
    r"door|gate|keypad|alarm|safe|locker|lockbox|key ?box|padlock|garage|entrance|building|room|office|store|storage"
    r"|cabinet|closet|admin|menu|panel|vault|lock|shed|cage|server room|intercom|front desk"
)
_CODE_FOR_ROOM: Final = (
    r"(?:code[ns]?|kod(?:en)?)[ \t]+(?:für|fürs|zum|zur|till|för|til|voor)[ \t]+"
    r"(?:(?:den|die|das|der|dem|de|het)[ \t]+)?"
    r"[^\W\d_]{0,25}?(?:raum|räume|tür|tor|tresor|schrank|keller|lager|eingang|ingång(?:en)?|dörr(?:en)?|port(?:en)?"
    r"|rum|förråd|skåp|deur|kamer|ruimte|kluis|dør|rom)(?:en|et|met|n|e|s)?\b"
)
# wave 21: "codice del cancello", "código do portão", "code du local": a Romance code named for what it opens
_CODE_OF_PLACE: Final = (
    r"(?:codice|c[óo]digo|code|clave|combinaci[óo]n|combinaison|combinazione|combina[çc][ãa]o)[ \t]+"
    r"(?:del|dello|della|dell['’]|de[ \t]+la|de[ \t]+l['’]|do|da|du|de)[ \t]*"
    r"(?:cancell[oi]|portone|lucchetto|cassaforte|magazzino|port[ãa]o|cadeado|cofre|puerta|port[óo]n|candado"
    r"|portail|portillon|cadenas|coffre|local|garage|garaje|garagem|box|armadio|arm[áa]rio|armario|casier)"
)
# wave 23: a Dutch or Scandinavian door's, gate's or alarm's code in one word (deurcode, dørkode, dörrkoden, larmkod)
_DOOR_COMPOUND: Final = r"(?:deur|poort|hek|toegangs|alarm|d[øö]r|d[öo]rr|grind|larm|adgangs|tilgangs|porten)"
_ACCESS_CODE: Final = (
    r"(?:(?:door|gate|keypad|alarm|safe|locker|lockbox|key ?box|padlock|garage|entry|entrance|building|unlock"
    r"|intercom|admin|access|disarm|menu|" + _KEYED_BY + r")[ -]?codes?|digicode"
    r"|(?:t[üu]r|tor|zugangs|alarm|tresor|schloss|zahlen)code|" + _DOOR_COMPOUND + r"(?:code|kode|kod(?:en)?)"
    # wave 21: a key safe itself "is" its code; Finnish door, gate and alarm codes; a Romance code "of the gate"
    r"|key[ \t]?safe|(?:ovi|portti|h[äa]lytys|p[äa][äa]sy|kulku)koodi|" + _CODE_OF_PLACE + r"|"
    r"codes?[ \t]+(?:for|to|of|on)[ \t]+(?:the[ \t]+|our[ \t]+)?(?:[\w-]{1,20}[ \t]+){0,3}?(?:" + _PLACES + r")s?"
    r"|code[ \t]+(?:d['’]acc[eè]s|de[ \t]+la[ \t]+porte|porte|du[ \t]+portail|de[ \t]+l['’]alarme|du[ \t]+coffre"
    r"|de[ \t]+d[ée]s(?:activation|armement))"
    r"|c[óo]digo[ \t]+de[ \t]+(?:acceso|acesso|la[ \t]+puerta|la[ \t]+porta|la[ \t]+alarma|entrada|desbloqueo|apertura)"
    # wave 27: an opening code ("code d'ouverture", "codice di apertura"), a lock's combination
    r"|code[ \t]+d['’]ouverture|codice[ \t]+di[ \t]+apertura|(?:(?:safe|lock|padlock)[ \t]+)?(?:combination|combo)"
    r"|codice[ \t]+(?:di[ \t]+accesso|della[ \t]+porta|dell['’]allarme|di[ \t]+sblocco)"
    r"|kod[ \t]+(?:do[ \t]+drzwi|dost[eę]pu|do[ \t]+sejfu)|код[ \t]+(?:от[ \t]+\w+|доступа|двери|домофона|сейфа)"
    # wave 20: a Germanic compound naming the room or door ("Code für den Serverraum", "koden till förrådet")
    r"|" + _CODE_FOR_ROOM + r")"
)
_SEP: Final = (
    r"(?:[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?(?:[:：=]|→|->)[ \t]*"
    r"|[ \t]+(?:is|was|are|ist|lautet|est|es|è|é|är|er|c['’]est|это"
    r"|—|–|on(?=[ \t]+\d))[ \t]+(?:(?:now|still|set to|changed to|now set to|jetzt|maintenant)[ \t]+)?)"
)
# ... and what it opens: "Gate code for the parking lot is X", "Türcode fürs Lager ist X", "Код от двери склада: X"
_OPENS: Final = (
    r"(?:[ \t]+(?:for|of|to|on|at|in|by|near|with|für|fürs|zum|zur|vom|im|am|mit|med|i|på|de|du|des|del|della|da|do|dla"
    r"|от|для|на|к|в|у|по|ко)"  # (wave 24: Russian к, в, у, по; up to eight words, a street's name among them)
    r"(?:[ \t]+[^\s.:;=,]{1,25}){1,8}?|(?:[ \t]+[^\W\d_]{3,25}){1,3}?)?"
)
_ACCESS_RE: Final = re.compile(r"(?i:\b" + _ACCESS_CODE + r")" + _OPENS + _SEP + VALUE + END, re.MULTILINE)
# ... its digits set apart by spaces, as a keypad is read out: "Código do cofre: 5 2 9 0 1" (wave 25), or in pairs
# ("Alarmcode: 52 07 19"; wave 27)
_ACCESS_SPACED_RE: Final = re.compile(
    r"(?i:\b" + _ACCESS_CODE + r")" + _OPENS + _SEP + r"(?P<v>\d(?:[ \t]\d){3,7}|\d\d(?:[ \t]\d\d){2,3})(?![ \t]?\d)"
    + END,
    re.MULTILINE,
)
# ... changed to its value ("the gate keypad code for the depot changed to X overnight") or given right after its
# name ("the kiosks now use the new maintenance code X"); the value ends at a space, as a chosen one can hold none
_ACCESS_NOW_RE: Final = re.compile(
    r"(?i:\b" + _ACCESS_CODE + r")(?:" + _OPENS
    + r"(?P<now>[ \t]+(?i:(?:has|was|got|is)[ \t]+)?(?i:changed|reset|updated|set)[ \t]+to))?[ \t]+" + VALUE
    + r"(?=[.,;:!?)]{0,3}(?:\s|$))"
)  # fmt: skip
_NEW_BEFORE_RE: Final = re.compile(r"(?i:\b(?:the|our|a|new|current|temporary|temp)[ \t]+)$")
# a Wi-Fi's password said to have changed: "the Wi-Fi at the hall changed - it's now X" (not its network's name)
_WIFI_NOW_RE: Final = re.compile(
    r"(?i:\b(?:wi-?fi|wlan)(?:[ \t]+(?:password|pw|pass|key|code))?)(?P<words>(?:[ \t]+[^\s,:;.!?]{1,30}){0,6}?)"
    r"(?i:[ \t]+(?:has[ \t]+)?changed(?:[ \t]+to|[ \t]*[-–—,:;][ \t]*(?:it['’]?s|it is)(?:[ \t]+now)?)"
    r"|[ \t]+is[ \t]+now"
    r"|[ \t]*[-–—,][ \t]*it['’]?s[ \t]+now)[ \t]+" + VALUE + END,
    re.MULTILINE,
)
_NETWORK_WORDS_RE: Final = re.compile(r"(?i:\b(?:network|ssid|name|named|called|renamed|router|speed|band|channel)\b)")
# "the card's PIN is 4821", "PIN: 83917" (an Indian "PIN code" / "pincode" is a postcode)
_PIN_RE: Final = re.compile(
    r"(?:(?<![\w-])|(?P<compound>(?<=[^\W\d_]{2}-)))(?:PIN|Pin|pin)(?:-?(?:Code|kod|koodi|kode|nummer))?"
    r"(?![\w-]|[ \t]+[Cc]ode)(?(compound)(?:[ \t]+[^\W\d_][^\n.:;=]{0,40}?)?|"  # wave 23: "Kassen-PIN Laden 3:"
    r"(?:[ \t]+(?:for|of|to|on|für|de|du|pour|para|do|da|del|della|dla|van|voor|der|des|die|dem|den|för|till|til|på"
    r"|для|от"
    # wave 24: who set it ("Temporary PIN set by facilities: N", "PIN vergeben von der IT: N")
    r"|(?:set|issued|given|chosen|assigned|reset|changed)[ \t]+by|(?:vergeben|gesetzt|erteilt)[ \t]+von"
    r"|d[ée]finie?[ \t]+par|attribu[ée]e?[ \t]+par|asignad[oa][ \t]+por)[ \t]+[^\n.:;=]{1,80}?)?)" + _SEP
    + r"(?P<v>\d{4,8})" + END,
    re.MULTILINE,
)
# "what's the code for the records room again?" answered by a speaker's line
_SPEAKER: Final = (
    r"[ \t]*(?:\[[^\]\n]{1,40}\][ \t]*)?(?:\d{1,2}:\d{2}(?::\d{2})?[ \t]+)?"
    r"(?:<[\w. -]{1,32}>|@?[\w.-]{1,32}(?: [\w.-]{1,32})?[ \t]*:)[ \t]*"
)
_CODE_ASK_RE: Final = re.compile(
    r"(?i:\bcodes?\b)(?P<ask>[^\n?]{0,80})\?[^\n]{0,60}\r?\n(?:[ \t]*\r?\n)?" + _SPEAKER
    + r"(?i:(?:it['’]?s|it is|that['’]?s|use|try)[ \t]+)?" + VALUE + END,
    re.MULTILINE,
)  # fmt: skip
_PLACES_RE: Final = re.compile(r"(?i:\b(?:" + _PLACES + r"|wi-?fi|wlan|alarm)s?\b)")
# "log in as 'ops' with X", "sign in as admin using X", "se connecter en tant que admin avec X" (w33: "logs in as")
_LOGIN_AS_RE: Final = re.compile(
    r"(?i:\b(?:log(?:s|ged|ging)?[ -]?(?:in|on)|sign(?:s|ed|ing)?[ -]?in|connect(?:s|ed)?|anmelden|connecter|entrar)"
    r"[ \t]+(?:as|en tant que|als|como|come)[ \t]+)[\"'`]?[\w.@\\-]{1,64}[\"'`]?[ \t]+"
    r"(?i:(?:with|using|avec|mit|con|com)(?:[ \t]+(?:the[ \t]+)?(?:password|pw|pass|mot de passe|passwort))?[ \t]+)"
    + VALUE
    + END,
    re.MULTILINE,
)
# "Use X as the password", "utilise X comme mot de passe", "verwende X als Passwort", "usa X como contraseña"
# "Use X as the password", "utilise X comme mot de passe", "verwende X als Passwort", "usa X como contraseña": found
# at the password's name (a start word of its own), the verb, the value and "as" looked for before it on its line
_USE_AS_AT_RE: Final = re.compile(r"(?i:" + PW_WORDS + r"|pin|pw|clave|пароля)\b")
_USE_AS_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:use|enter|type|set|try|pick|choose|utilise[zr]?|entre[zr]?|saisi(?:r|ssez)|tape[zr]?|usa|usar|utilice"
    r"|introduce|verwende[nt]?|nutze|nimm|gib|gebruik|voer|użyj|wpisz|используй(?:те)?|введи(?:те)?)[ \t]+)"
    + VALUE
    + r"(?i:[ \t]+(?:as|als|comme|como|come|jako|как|в[ \t]+качестве)[ \t]+(?:(?:the|your|a|an|le|la|l['’]|el|il|o"
    r"|das|dein|ihr|het|new|initial|temporary|nouveau|neues|nueva|nuevo|nuovo|nova)[ \t]*){0,2})$"
)
# a password's name, a few words, then ", c'est" / ", it's" or a dash, and the value
_DASH_RE: Final = re.compile(
    r"(?i:\b(?:" + PW_WORDS + r"))(?P<words>(?:[ \t]+(?>[^\s,:：—–()]{1,30})){0,6}?)"
    r"(?:[ \t]*,[ \t]*(?:c['’]est|it['’]s|that['’]s|das ist|es|è|é|это|то)|[ \t]+[—–]|[ \t]+-(?=[ \t])"
    r"|[ \t]*គឺ|(?<=គឺ))[ \t]*"
    + VALUE
    + END,
    re.MULTILINE,
)
# ... or its value in brackets: "hardcode admin pass for the demo (X), revert before merge"
_BRACKET_RE: Final = re.compile(
    r"(?i:\b(?:" + PW_WORDS + r"|(?:admin|root|user|db|login|account|wi-?fi)[ \t]+pass))"
    r"(?P<words>(?:[ \t]+(?>[^\s()（）]{1,30})){0,6}?)[ \t]*[(（][ \t]*" + VALUE + r"[ \t]*[)）]"
)
# "the login is Careers2026!Spring"
_LOGIN_IS_RE: Final = re.compile(
    r"(?i:\b(?:login|log-in|logon|sign-in)[ \t]+(?:is|was|:))[ \t]+" + VALUE + END, re.MULTILINE
)
# "Wi-Fi: CafeNet / X", "WLAN: Gast-Netz | pass: X"
_WIFI_RE: Final = re.compile(
    r"(?i:\b(?:wi-?fi|wlan|ssid|wireless|réseau|netzwerk|red)\b)[^\n:：/|]{0,24}[:：][ \t]*[\"'`]?[^\s/|\"'`]{2,40}"
    r"[\"'`]?[ \t]*[/|][ \t]*"
    r"(?i:(?:pw|pwd|pass|password|passwort|key|cl[ée]|clave|senha|mot de passe)[ \t]*[:：=]?[ \t]*)?" + VALUE + END,
    re.MULTILINE,
)
# a password's label in scripts whose vowel signs are no word characters to ``re`` (Khmer, Lao, Burmese, Sinhala):
# "ពាក្យសម្ងាត់: X", "ពាក្យសម្ងាត់ Wi-Fi គឺ X"
_MARKED_LABEL_RE: Final = re.compile(
    r"(?:ពាក្យ ?សម្ងាត់|លេខ ?សម្ងាត់|ລະຫັດ ?ຜ່ານ|စကားဝှက်|මුරපදය)[^\n:：=]{0,40}?[ \t]*(?:[:：=]|គឺ|ແມ່ນ|သည်|වේ)[ \t]*"
    + VALUE
    + END,
    re.MULTILINE,
)
_MARKED_SCRIPT_RE: Final = re.compile("[\u0d80-\u0dff\u0e80-\u0eff\u1000-\u109f\u1780-\u17ff]")
# a line that calls what it gives an example ("Enter 1234 as the PIN on the demo terminal (example only)"; not a
# host's ".example")
_EXAMPLE_RE: Final = re.compile(
    r"(?<![.@\w-])(?i:example|examples|sample|e\.g\.|dummy|fake|placeholder|beispiel|exemple|ejemplo|esempio"
    r"|exemplo)(?![.\w-])"
)
# a code span in a sentence: `X-Api-Key: 648f...`, `API_TOKEN=...`
_CODE_SPAN_RE: Final = re.compile(r"`(?P<key>[A-Za-z][\w.-]{1,48})[ \t]*[:=][ \t]*[\"']?(?P<v>[^\s`\"']{8,256})[\"']?`")


# a word before "code" that makes it no access code: "Zip code for the office", "Error code for the locker"
_NOT_ACCESS_BEFORE_RE: Final = re.compile(
    r"(?i:zip|postal|post|postcode|country|area|status|error|exit|return|source|promo|discount|coupon|colou?r|room"
    r"|product|tax|dialing|dial|currency|language|iso|course|class|bar|qr|sort|swift|bank|branch|airport|station"
    r"|building|dress|morse|machine|byte|op|auth|authorization|verification|confirmation|activation|invite)[ \t-]*$"
)


def _access_value(m: re.Match[str]) -> bool:
    text = m.string
    before = text[max(0, m.start() - 20) : m.start()]
    return _NOT_ACCESS_BEFORE_RE.search(before) is None and _code_value(m.group("v"))


def _spaced_access_value(m: re.Match[str]) -> bool:
    return _NOT_ACCESS_BEFORE_RE.search(m.string[max(0, m.start() - 20) : m.start()]) is None


def _asked_code(m: re.Match[str]) -> bool:
    text = m.string
    ask_line = text[text.rfind("\n", 0, m.start()) + 1 : m.end("ask")]
    return _PLACES_RE.search(ask_line) is not None and _code_value(m.group("v"))


def _access_now_value(m: re.Match[str]) -> bool:
    text, value = m.string, m.group("v")
    if m.group("now") is not None:
        return _access_value(m)
    return _NEW_BEFORE_RE.search(text, max(0, m.start() - 30), m.start()) is not None and _access_value(m) and (
        _DIGITS_RE.fullmatch(value) is None
    )


def _wifi_now_value(m: re.Match[str]) -> bool:
    return _NETWORK_WORDS_RE.search(m.group("words")) is None and shaped(m.group("v"))


def _pin_value(m: re.Match[str]) -> bool:
    return True


def _login_as_value(m: re.Match[str]) -> bool:
    return shaped(m.group("v"))


# the words "as" takes in _USE_AS_BEFORE_RE: one of them is among the last three words before the password's name
# whenever that search can match, so a line without one is passed over (a plain split, not a search from every start)
_AS_WORDS: Final = frozenset(("as", "als", "comme", "como", "come", "jako", "как", "качестве"))


def _use_as_value(m: re.Match[str]) -> _Found | None:
    text, pos = m.string, m.start()
    low = max(0, pos - 200)
    start = max(text.rfind("\n", low, pos) + 1, low)
    if _AS_WORDS.isdisjoint(word.lower() for word in text[start:pos].rsplit(None, 3)[-3:]):
        return None
    before = _USE_AS_BEFORE_RE.search(text, start, pos)
    if before is None:
        return None
    value = before.group("v")
    if not (shaped(value) or _DIGITS_RE.fullmatch(value)) or _on_example_line(text, *before.span("v")):
        return None
    return before.start("v"), before.end("v"), "credential"


def _named_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    return not is_setting_words(m.group("words")) and shaped(value) and not is_code(value)


def _login_is_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    return "@" not in value and STRONG_RE.search(value) is not None and shaped(value)


def _wifi_value(m: re.Match[str]) -> bool:
    return len(m.group("v")) >= 8 and shaped(m.group("v"))


def not_an_example(judge: Callable[[re.Match[str]], bool]) -> Callable[[re.Match[str]], _Found | None]:
    """``judge`` as a finder of ``redaction_prose`` takes it: the value's span, unless its line calls it an example."""

    def found(m: re.Match[str]) -> _Found | None:
        if not judge(m):
            return None
        start, end = m.span("v")
        return None if _on_example_line(m.string, start, end) else (start, end, "credential")

    return found


def judged_spans(pattern: re.Pattern[str], found: Callable[[re.Match[str]], _Found | None],
                 text: str) -> Iterator[_Found]:
    """The spans ``found`` (a ``not_an_example`` judge) makes of ``pattern``'s matches in ``text``."""
    for m in pattern.finditer(text):
        if (span := found(m)) is not None:
            yield span


# a prose finder: a pattern and what it makes of a match (a span, or None)
Finder = tuple[re.Pattern[str], Callable[[re.Match[str]], _Found | None]]


def finders(*pairs: tuple[re.Pattern[str], Callable[[re.Match[str]], bool]]) -> tuple[Finder, ...]:
    """(pattern, judge) pairs as ``redaction_prose`` runs them: each judge wrapped by ``not_an_example``."""
    return tuple((pattern, not_an_example(judge)) for pattern, judge in pairs)


def _on_example_line(text: str, start: int, end: int) -> bool:
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    return _line_says_example(text, line_start, len(text) if line_end < 0 else line_end)


def _line_says_example(text: str, line_start: int, line_end: int) -> bool:
    # Remembered per line of the text being redacted (this thread's last text only, so no large
    # text stays alive): many values on one long line would each search the whole line again,
    # quadratic ("card PIN 1234 on " x 3,000 took 21 s).
    memo = _LINE_MEMO.__dict__
    if memo.get("text") is not text:
        memo["text"], memo["lines"] = text, {}
    lines: dict[tuple[int, int], bool] = memo["lines"]
    key = (line_start, line_end)
    if key not in lines:
        lines[key] = _EXAMPLE_RE.search(text, line_start, line_end) is not None
    return lines[key]


_LINE_MEMO = threading.local()


# the finders above, tried by ``redaction_prose.prose_spans`` where one of SPOKEN_START_WORDS is (its one scan of the
# text finds where its own finders and these may match)
SPOKEN_FINDERS: Final[tuple[Finder, ...]] = finders(
    (_ACCESS_RE, _access_value),
    (_ACCESS_SPACED_RE, _spaced_access_value),
    (_ACCESS_NOW_RE, _access_now_value),
    (_WIFI_NOW_RE, _wifi_now_value),
    (_CODE_ASK_RE, _asked_code),
    (_PIN_RE, _pin_value),
    (_LOGIN_AS_RE, _login_as_value),
    (_DASH_RE, _named_value),
    (_BRACKET_RE, _named_value),
    (_LOGIN_IS_RE, _login_is_value),
    (_WIFI_RE, _wifi_value),
) + ((_USE_AS_AT_RE, _use_as_value),)
# every word a finder above starts with (lower case)
SPOKEN_START_WORDS: Final = (
    r"(?:admin|root|user|db|login|account|wi-?fi)(?=[ \t]+pass)|wi-?fi"
    r"|(?:door|gate|keypad|alarm|safe|locker|lockbox|key ?box|padlock|garage|entry|entrance|building|unlock"
    r"|intercom|admin|access|disarm|menu|" + _KEYED_BY + r")[ -]?code|digicode|key ?safe|c[óo]digo[ \t]+d"
    r"|(?:ovi|portti|h[äa]lytys|p[äa][äa]sy|kulku)koodi"
    r"|(?:t[üu]r|tor|zugangs|alarm|tresor|schloss|zahlen)code|" + _DOOR_COMPOUND + r"(?:code|kode|kod)"
    r"|codes?[ \t]+(?:for|to|of|on|d['’]|de|du)"
    r"|c[óo]digo[ \t]+de|codice[ \t]+d|kod[ \t]+d|код[ \t]|(?:code[ns]?|kod(?:en)?)[ \t]+(?:f[üö]r|zu|till?|voor)"
    r"|pin|log(?:s|ged|ging)?[ -]?(?:in|on)|sign(?:s|ed|ing)?[ -]?in|combo|combina"  # (wave 27: a lock's combination)
    r"|connect(?:s|ed)?[ \t]+as|anmelden|connecter|entrar|logon|login|wlan|ssid|wireless|réseau|netzwerk"
    r"|" + PW_WORDS
)


def spoken_spans(text: str) -> Iterator[_Found]:
    """The values of the finders that need no start word (labels in scripts with vowel signs, code spans)."""
    if _MARKED_SCRIPT_RE.search(text):
        for m in _MARKED_LABEL_RE.finditer(text):
            if looks_like_secret(m.group("v")) and not is_placeholder(m.group("v")):
                yield m.start("v"), m.end("v"), "credential"
    if "`" in text:
        for m in _CODE_SPAN_RE.finditer(text):
            key, value = m.group("key"), m.group("v")
            named = is_secret_key(key) or (is_weak_key(key) and looks_random(value))
            shaped = looks_random(value) or looks_chosen(value)  # not `pad_token = eos_token`
            if named and shaped and not is_placeholder(value) and not is_code(value):
                yield m.start("v"), m.end("v"), "credential"
