"""Codes keyed into an alarm, a key safe or a lock, and the codes a lock's own name labels (wave 39, no I/O).

Fresh sets keep writing a keypad's code without the word "code": the verb that enters it, or the device's name as
its label. So, in any language and document style:

* a verb of keying or dialling (press, enter, type, dial, key, tap, set it to, drücken, tippen, eingeben, wählen,
  composer, taper, saisir, marcar, teclear, pulsar, introducir, digitare, comporre, digitar, intoetsen, slå, tast,
  wpisz, zadejte, näppäile ...; verb-last "7391 eintippen", "8830 girin"; an alarm switched off "with" them,
  "stängs av med 5583"; "turn the dial to" and a dial's pairs), maybe "the code" after it, then four to eight
  digits (a star or a hash after them, or a dial's pairs ``0733-81``) when an alarm, a keypad, disarming, a safe, a
  key box, a door or a lock is named in the clause or the sentence before; not a phone number (more digits after
  it, a plus before), not an emergency number, not a quantity (a unit after it), not a fault's, a model's or an
  example's line;
* a key box's, an alarm's, a safe's or a padlock's own name as a label (``Alarm: 4419#``, ``key safe = 6180``), or
  any lockable thing (a door, a gate too) and a code's word after it in the same clause ("Nøgleboks ved bagdøren,
  kode 2716"), then digits ending the clause: the digits go, also when they look like a year (a code's word or the
  device's label right before them says what they are);
* a Markdown table with a code's or a PIN's column and a lockable thing named in the table (a key box, a safe, an
  alarm, a door): that column's digit cells;
* a code's header naming a lock, a door, an alarm, a safe or a keypad, or a PIN, alone on its line and closed by a
  colon, with the digits alone on the next line ("Key safe code:" / "4821", "Code clavier :" / "2749", "PIN:" /
  "8350"; stop 45, the lead's review of wave 47): not a bare "Code:", a quantity's or an order's label, an emergency
  number or one digit repeated.

``keyed_code_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_clause_values import clause_bounds
from stratakb_core.ingest.redaction_keypads import FAULT_RE
from stratakb_core.ingest.redaction_spoken import _on_example_line
from stratakb_core.ingest.redaction_tables import markdown_tables

__all__ = ["keyed_code_spans"]

_Found = tuple[int, int, str]

_NB: Final = r"(?<![^\W\d_])"  # no letter before
_NA: Final = r"(?![^\W\d_])"  # no letter after
# (wave 40: or a combination lockbox's wheels one digit each, 6-2-9-0)
_DIGITS: Final = r"(?P<v>\d{2,4}(?:-\d{2,4}){1,3}(?![\d-])|\d(?:-\d){3,7}(?![\d-])|\d{4,8}[*#]?|\d{3}[*#])"
# digits ending their clause: punctuation, a dash, the line's end, or "then" / "and" and the next step
_ENDS: Final = (
    r"(?![ \t]*[,/][ \t]*\d)"  # not one of a list of numbers ("1984, 1990 and 2001 models")
    # (wave 47: "$" alone is the text's end here, no MULTILINE: a line break ends the digits too)
    r"(?=[ \t]*(?:$|\r?\n|[.,;:!?)\]\"'”»。，]|[-–—][ \t]|(?i:then|and|und|dann|puis|et|y|e|luego|och|og|en|i|a|sowie"
    r"|und[ \t]+dann|ensuite|poi|potem|sitten|daarna)" + _NA + r"))"
)
_VERBS: Final = (
    r"press(?:es|ed)?|push|enter(?:s|ed)?|type|dial|key[ \t]+in|punch(?:[ \t]+in)?|tap[ \t]+in|input"
    r"|(?:set|turn|spin)[ \t]+(?:it|the[ \t]+(?:dial|lock|code|combination))[ \t]+to"
    r"|drücken|drücke|drückt|tippen|tippe|tippt|eintippen|eingeben|gib"
    r"|geben[ \t]+Sie|wählen|wähle|composer|composez|compose|taper|tapez|tape|saisir|saisissez|saisis|marcar|marca"
    r"|marque|teclear|teclea|teclee|pulsar|pulsa|pulse|introducir|introduce|introduzca|digitare|digita|digiti"
    r"|comporre|componi|componete|inserire|inserisci|premere|premi|digitar|digite|intoetsen|toets|tik|intikken"
    r"|invoeren|slå|tryck|knappa[ \t]+in|ange|tast|indtast|trykk|tryk|wpisz|wpisać|wybierz|naciśnij|wprowadź"
    r"|zadej|zadejte|vyťukej|näppäile|syötä|paina|наберите|введите|набрать|ввести"
    # wave 41: the gerund, "si apre digitando 5599", "se abre tecleando", "by typing", "en composant"
    r"|digitando|inserendo|componendo|premendo|tecleando|marcando|pulsando|introduciendo|typing|entering"
    r"|keying[ \t]+in|punching[ \t]+in|tapping[ \t]+in|en[ \t]+(?:tapant|composant|saisissant)|wpisując|wprowadzając"
)
_THE_CODE: Final = (
    r"(?:(?:the|a|den|el|le|il|o|de|het|kod|koden|code|Code|código|codice|código|PIN)[ \t]+)?"
    r"(?:(?i:code|codes|Code|código|codice|kod|koden|koodi|код)[ \t]*:?[ \t]+)?"
)
# German and Dutch put the verb last: "7391 eintippen", "4826 intoetsen"
_KEYED_LAST_RE: Final = re.compile(
    r"(?<![\w+*#-])" + _DIGITS + r"[ \t]+(?i:eintippen|eintippt|eingeben|eingibt|tippen|tippt|drücken|drückt"
    r"|wählen|wählt|intoetsen|intoetst|invoeren|invoert|intikken|indtaste|inntaste|knappa[ \t]+in|girin|giriniz"
    r"|tuşlayın)" + _NA
)
# an alarm switched off "with" its digits: "stängs av med 5583", "slås fra med 7302", "mit 4417 entschärfen"
_WITH_RE: Final = re.compile(
    _NB + r"(?i:(?:st[äa]ngs[ \t]+av|sl[åa]s[ \t]+(?:fra|av)|deaktiveres|deaktiveras|uitgeschakeld|wordt[ \t]+"
    r"uitgezet|disarm(?:ed)?|turned[ \t]+off|switched[ \t]+off|ausgeschaltet|unscharf[ \t]+geschaltet|d[ée]sactiv[ée]e?"
    r"|desactiva(?:da|do)?|disattivat[oa]|desligad[oa]|wyłącza[ \t]+się|vypíná[ \t]+se)[ \t]+(?:with|med|mit|con|avec"
    r"|met|com|z|kódem|kodem))[ \t]+" + _DIGITS + r"(?:" + _ENDS
    + r"|(?=[ \t]+(?i:on|at|på|auf|am|an|sur|op|na|en|nel|sul|via)[ \t]))"
)
_KEYED_RE: Final = re.compile(
    _NB + r"(?i:" + _VERBS + r")" + _NA + r"[ \t]+" + _THE_CODE + r"(?<![+\d])" + _DIGITS
    + r"(?![\d*#-]|[ \t]?\d|[ \t]*[,/][ \t]*\d"
    r"|[ \t]*(?i:v|w|°|%|degrees?|grad|min|mins|minutes?|s|sec|seconds?|h|hours?|uhr|am|pm"
    r"|km|m|cm|mm|kg|g|€|\$|eur|usd|gbp|times|mal|fois|veces|volte|keer|gånger|x|px|ms)" + _NA + r")"
)
_EMERGENCY: Final = frozenset("112 911 999 000 110 118 117 1122 0000".split())
# what a keyed code opens: an alarm, a keypad, a safe, a key box, a door, a lock (also disarming it)
_LOCKED_RE: Final = re.compile(
    _NB + r"(?i:(?:alarm|allarm|larm|hälytin|сигнализац|keypad|key[ \t]pad|tastenfeld|clavier|teclado|tastiera|disarm"
    r"|unscharf|entsch[äa]rf|d[ée]sactiv|desactiv|disattiv|deaktiv|desarm|tresor|sejf|cassaforte|cadenas|candado"
    r"|lucchetto|k[łl][óo]dk|schl[üu]sselkast|sleutelkast|nyckelbox|n[øo]gleboks|n[øo]kkelboks|cajet[íi]n|padlock"
    r"|lock[ \t-]?box|key[ \t-]?box|key[ \t-]?safe|locker|spind|casier|taquilla|armadiett|portail|portone|cancello"
    r"|drzwi|furtk|brama"
    # wave 40: gates, doors and locks in more languages (Dutch hek/poort, Portuguese portão, Swedish lås ...)
    r"|hek|hekken|poort(?:je)?|slagboom|port[ãa]o|port[óo]n|cancela|portillon|schranke|bramk|branka|kapı|kapi"
    r"|дверь|двери|ворот|калитк|portti|lukko|zámek|zamek|l[åa]s|cerradura|serrure|serratura|fechadura"
    r"|h[äa]lyty|murtoh[äa]ly|einbruchmelde|scharf[ \t]*schalt)"  # wave 41: an alarm system (fi, de)
    r"|(?:(?<!be )(?<!stay )(?<!is )(?<!are )(?<!feel )(?<!play it )safes?"
    r"|locks?|schloss|doors?|t[üu]re?|porte|puerta|porta|deur|d[öø]rr?(?:en)?|ovi|gates?|tor|grind(?:en)?"
    r"|coffre|kluis|caja[ \t]fuerte|bo[îi]te[ \t][àa][ \t]cl[ée]s)" + _NA + r"(?![ \t]+(?:icon|screen|button|mode)))"
)
# a key box's, an alarm's, a safe's or a padlock's own name: the number given with it is its code
_DEVICE_NAMES: Final = (
    r"alarm|alarme|alarma|allarme|alarmanlage|larm|lock[ \t-]?box|key[ \t-]?safe|key[ \t-]?box|keysafe|keybox"
    r"|nyckel(?:box|skåp)(?:en)?|n[øo]gle(?:boks|skab)(?:en)?|n[øo]kkel(?:boks|skap)(?:en)?|sleutel(?:kast(?:je)?"
    r"|kluis)|schl[üu]ssel(?:kasten|tresor|box|safe|safes)|bo[îi]te[ \t]+[àa][ \t]+cl[ée]s|caja[ \t]+de[ \t]+llaves"
    r"|cassetta[ \t]+(?:delle[ \t]+)?chiavi|padlock|cadenas|candado|lucchetto|k[łl][óo]dka|sejf|tresor|safe"
    r"|cassaforte|caja[ \t]+fuerte|coffre(?:-fort)?|cofre|kluis|alarm[ \t]?panel(?:i|en|et)?"
)
_LOCKABLE_NAMES: Final = (
    _DEVICE_NAMES + r"|door|doors|tür|türe|porte|portail|puerta|porta|portone|deur|dörr(?:en)?|dør(?:en)?|gate|tor"
    r"|cancello|grind(?:en)?|furtka|brama|garage|locker|spind|casier|taquilla|armadietto|shed|schuppen|abri"
    r"|port[ãa]o|port[óo]n|hek|poort|slagboom"  # wave 40
)
# wave 40: a keypad names the lock it opens ("| Staff | Keypad PIN |", "Tastenfeld-Code", "code clavier")
_KEYPADS: Final = (
    r"key[ \t-]?pad|tastatur|tastenfeld|zahlenfeld|clavier|digicode|teclado|tastiera|toetsenbord|knappsats"
    r"|tastatura|klawiatur[ay]|intercom|interphone|gegensprechanlage"
)
_CODE_WORD: Final = (
    r"codes?|Code|kod(?:en|u)?|koden|kode(?:n)?|koodi|c[óo]digo|codice|код|pin|combo|combination|combinaison"
    r"|combinaci[óo]n|combinazione|kombination(?:en)?|zahlenkombination"
    r"|szyfr|kód|šifra|шифр|kombinace|kombinasjon(?:en)?|yhdistelmä"  # wave 41
)
# where the device is, between its name and the colon ("Schlüsselkasten an der Garage: 5093")
_WHERE: Final = (
    r"(?:[ \t]+(?:at|by|on|in|near|behind|beside|under|next[ \t]+to|an|am|bei|neben|hinter|vid|ved|bij|naast|à|au"
    r"|près|sous|en|junto|presso|sotto|przy|pod|w|we|v|ve|i|accanto|vicino|dietro|perto|ao[ \t]+lado|al[ \t]+lado"
    r"|cerca|derrière|à[ \t]+côté|of|da|do|de|del|della|du|des|van|von|der|dla)(?:[ \t]+[^\W\d_][\w'’-]{0,20}){1,3})?"
)
# a device's name right before a colon or an equals sign, or a lockable thing and a code's word later in its clause
_LABEL_RE: Final = re.compile(
    _NB + r"(?i:(?P<dev>" + _DEVICE_NAMES + r")" + _NA + _WHERE + r"[ \t]*[:=：][ \t]*"
    # wave 40: the code's word may follow the colon ("Nøgleboks ved bagdøren: kode 6-2-9-0")
    r"(?:(?:" + _CODE_WORD + r")" + _NA + r"[ \t]*[:=]?[ \t]*)?"
    r"|(?:" + _LOCKABLE_NAMES + r")" + _NA + r"[^\n.;:!?]{0,40}?" + _NB + r"(?:" + _CODE_WORD + r")" + _NA
    + r"[ \t]*[:=：]?[ \t]*)" + _DIGITS + _ENDS
)
# wave 40: any lockable thing's name, a colon and digits followed by the key to press after them ("Keeper door: 8206
# then press the green key", "Tor Nord: 5521 und dann Taste OK drücken" reads the verb last, so only a verb first)
_PRESS: Final = (
    r"press|push|hit|tap|drücken|drücke|dr[üu]ck|appuyez|appuyer|pulsa|pulse|presiona|presione|premi|premere|druk"
    r"|tryck|tryk|trykk|paina|naciśnij|wciśnij|stiskněte|нажмите|aperte|pressione|aperta"
)
_LABEL_THEN_RE: Final = re.compile(
    _NB + r"(?i:(?:" + _LOCKABLE_NAMES + r"|" + _KEYPADS + r")" + _NA + _WHERE + r"[ \t]*[:=：][ \t]*)" + _DIGITS
    + r"(?=[ \t]*[,;]?[ \t]*(?i:(?:then|and|dann|und|puis|et|y|luego|e|poi|och|sedan|og|så|en|daarna|sitten|potem"
    r"|a|depois)[ \t]+){0,2}(?i:" + _PRESS + r")" + _NA + r")"
)
# ... not an appliance's or a machine's door or a start key ("Microwave door: 0130 then press start", "Printer door:
# 2048 then press OK")
_APPLIANCE_RE: Final = re.compile(
    r"(?i:printer|drucker|imprimant|stampant|impresora|microwave|mikrowelle|micro-?ondes|microonde|oven|ofen|four\b"
    r"|horno|forno|fridge|freezer|k[üu]hlschrank|dishwasher|sp[üu]lmaschine|washing|waschmaschine|lave-|dryer"
    r"|trockner|s[èe]che-|copier|kopierer|scanner|elevator|aufzug|ascenseur|machine|maschine|\bcar\b|\bauto\b)"
    r"|(?i:then|and|dann|puis|e|y)?[ \t]*(?i:press|push|hit|tap|drücken|appuyez|pulsa|premi|druk)[ \t]+(?i:start|run)\b"
)
# a device word that is no device: safe mode, thread-safe, fail-safe, safe harbour, the alarm's time ("Alarm: 0630")
_NOT_DEVICE_RE: Final = re.compile(
    r"(?i:[\w-]safe|safe[ \t-](?:mode|harbou?r|search|list|area|zone|word|deposit))"
)
# a year's digits in a clause naming a year or a date are that year
_YEAR_RE: Final = re.compile(r"(?:19|20)\d\d")
_DATED_RE: Final = re.compile(r"(?i:year|jahr|ann[ée]e|año|anno|jaar|år|rok|vuo|date|datum|fecha|data)")
_TIME_AFTER_RE: Final = re.compile(r"[ \t]*(?i:h|hrs|uhr|am|pm|daily|every|t[äa]glich|chaque|cada|ogni)" + _NA)
_NOT_A_LOCK_RE: Final = re.compile(
    r"(?i:conferen|meeting|dial[ \t-]?in|einwahl|phone|telefon|t[ée]l[ée]phone|tel[ée]fono|call|rufen|appel"
    r"|llam|chiama|example|beispiel|exemple|ejemplo|esempio|voorbeeld|exemplo|default|werkseinstellung|factory"
    r"|sample|placeholder|promo|discount|rabatt|voucher|coupon|tracking|product|produkt|produit|order|bestell"
    r"|commande|pedido|ordine|invoice|rechnung|postcode|zip|postal|postale|plz"
    # a quantity's words: "Max load per safe: 1500.", "Gewicht Tresor: 2500", "Prix du cadenas : 1290"
    r"|\bmax|\bmin\b|\bload|capacit|kapazit|weight|gewicht|poids|peso|price|preis|prix|precio|prezzo|\bcost|kosten"
    r"|\bsize|größe|taille|tamaño|\bcount|anzahl|total|quantit|menge|rating|\bklasse|\bclass\b|grade|stock|lager)"
)


def _keyed_spans(text: str) -> Iterator[_Found]:
    for m in (*_KEYED_RE.finditer(text), *_KEYED_LAST_RE.finditer(text), *_WITH_RE.finditer(text)):
        if m.group("v").rstrip("*#") in _EMERGENCY or len(set(m.group("v"))) < 2:
            continue
        begin, end = clause_bounds(text, m.start(), m.end(), 90)
        before = text[max(0, begin - 160) : begin]  # the sentence before may name the alarm ("... the alarm.")
        clause = text[begin:end]
        dial = "the dial" in m.group().lower() and "-" in m.group("v")  # "turn the dial to 12-40-07"
        if _LOCKED_RE.search(clause) is None and _LOCKED_RE.search(before) is None and not dial:
            continue
        if _NOT_A_LOCK_RE.search(text, begin, m.start("v")) or FAULT_RE.search(clause):
            continue
        if _YEAR_RE.fullmatch(m.group("v")) and _DATED_RE.search(clause):
            continue  # "enter 2024 in the year field"
        if not _on_example_line(text, *m.span("v")):
            yield m.start("v"), m.end("v"), "credential"


def _label_spans(text: str) -> Iterator[_Found]:
    for m in (*_LABEL_RE.finditer(text), *_LABEL_THEN_RE.finditer(text)):
        head = text[max(0, m.start() - 12) : m.start("v")]
        if _NOT_DEVICE_RE.search(head) or len(set(m.group("v").strip("*#-"))) < 2:
            continue
        if m.re is _LABEL_THEN_RE and _APPLIANCE_RE.search(text, max(0, m.start() - 30), m.end("v") + 30):
            continue  # wave 40: an appliance's door, a start key
        if m.re is _LABEL_RE and m.group("dev") is not None and _TIME_AFTER_RE.match(text, m.end("v")):
            continue  # "Alarm: 0630 daily": a clock's alarm
        begin, end = clause_bounds(text, m.start("v"), m.end("v"), 90)
        if _NOT_A_LOCK_RE.search(text, min(begin, m.start()), m.start("v")) or FAULT_RE.search(text, m.start(), end):
            continue
        if _on_example_line(text, *m.span("v")):
            continue
        yield m.start("v"), m.end("v"), "credential"


_CODE_HEAD_RE: Final = re.compile(
    r"(?i:(?:(?:door|gate|entry|access|alarm|safe|box|lock|key|keysafe|lockbox|keybox|" + _KEYPADS + r")[ \t-]?){0,2}"
    r"(?:" + _CODE_WORD + r")"
    # ... or the code's word first, as Romance headers write it ("Code clavier", "Código de la puerta")
    r"(?:[ \t]+(?:d[eou]l?[ \t]+|de[ \t]+la[ \t]+|della[ \t]+)?(?:" + _KEYPADS + r"|porte|portail|puerta|porta|portone"
    r"|cancello|port[ãa]o|alarme|alarma|allarme|coffre|cofre|cadenas|candado|lucchetto"
    # wave 41: a Slavic header's genitive ("Kod alarmu", "Kód dveří", "Szyfr sejfu", "Код двери")
    r"|alarmu|alarmy|drzwi|bramy|furtki|sejfu|kłódki|skrytki|dveří|brány|zámku|trezoru|двери|ворот|сейфа|замка"
    r"|домофона))?(?:[ \t]*\(\w+\))?)"
)
_CELL_RE: Final = re.compile(r"[ \t]*(?P<v>\d{4,8}[*#]?|\d{3}[*#]|\d{1,2}(?:-\d{1,2}){2,4})[ \t]*")
_LOCKED_TABLE_RE: Final = re.compile(
    r"(?i:" + _LOCKABLE_NAMES + r"|access|zugang|acc[èe]s|acceso|accesso|toegang|tilgang|åtkomst|" + _KEYPADS
    + r"|drzwi|dve[řr]|sejf|k[łl][óo]dk|skrytk|trezor|двер|сейф|замк|ворот|домофон)"  # wave 41: Slavic headers
)


def _table_spans(text: str) -> Iterator[_Found]:
    for table in markdown_tables(text):
        col = next((j for j, (_, c) in enumerate(table.header) if _CODE_HEAD_RE.fullmatch(c.strip())), None)
        if col is None or not table.ruled:
            continue
        whole = text[table.start : table.end]
        line_end = text.find("\n", table.start)
        header = text[table.start : table.end if line_end < 0 else line_end]
        if _LOCKED_TABLE_RE.search(whole) is None or FAULT_RE.search(header) or _NOT_A_LOCK_RE.search(whole):
            continue
        for pos, cells in table.body:
            if col < len(cells) and (c := _CELL_RE.fullmatch(cells[col][1])) is not None:
                start = pos + cells[col][0] + c.start("v")
                yield start, start + len(c.group("v")), "credential"


# a code's header alone on its line, a colon closing it, the digits alone on the next line
_CODE_LABEL_RE: Final = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+)?(?P<label>[^\W\d_][^\n:：]{0,40}?)[ \t]*[:：][ \t]*\r?\n(?P<cell>[^\n]{1,40})\r?$",
    re.MULTILINE,
)
_PIN_RE: Final = re.compile(r"(?i:pin|pin[ \t-]?(?:code|kod|kode|koodi|-?nummer|number))")


def next_line_code_spans(text: str) -> Iterator[_Found]:
    """A lock's code alone on the line under its header (see the module docstring)."""
    for m in _CODE_LABEL_RE.finditer(text):
        label = m.group("label").strip()
        if not _CODE_HEAD_RE.fullmatch(label) or _NOT_A_LOCK_RE.search(label):
            continue
        if _LOCKED_TABLE_RE.search(label) is None and _PIN_RE.fullmatch(label) is None:
            continue  # a bare "Code:" names no lock
        cell = _CELL_RE.fullmatch(m.group("cell"))
        if cell is None or cell.group("v").rstrip("*#") in _EMERGENCY or len(set(cell.group("v").strip("*#-"))) < 2:
            continue
        start = m.start("cell") + cell.start("v")
        yield start, start + len(cell.group("v")), "credential"


def keyed_code_spans(text: str) -> Iterator[_Found]:
    """The codes above (see the module docstring)."""
    yield from _keyed_spans(text)
    yield from _label_spans(text)
    if "|" in text:
        yield from _table_spans(text)
    yield from next_line_code_spans(text)
