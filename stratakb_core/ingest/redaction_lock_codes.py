"""A lock's, an alarm's or a safe's code named in prose, and a passphrase of plain words (wave 28, no I/O).

* a code word (code, Türcode, código, codice, kod, код, κωδικός, msimbo, رمز, 비밀번호, combination ...) with a
  door, gate, barrier, alarm, safe, key box, store room or shed named on its line before the value (in several
  languages), a few words between ("the barrier code is now X", "codice X seguito da ..."): four to eight digits
  with a star or a hash, numbers joined by dashes ("6-31-14-2") or digits with one or two capitals ("4B7C2");
* (wave 37) digits keyed in after the verb ("enter", "punch in", "saisissez", "digita") with a door or a gate on the
  line;
* an alarm set, armed or disarmed "with" / "con" / "mit" digits, or a shed's alarm followed by its digits;
* a passphrase or a recovery phrase after its name and a colon (or "used"): three to ten plain words (wave 31: commas
  may join them, "vent du nord, sel et pierre").

A bare year, an error, fault, model, postcode or room number word on the line keeps the digits.
``lock_code_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keypads import FAULT_RE, YEAR_RE

__all__ = ["lock_code_spans", "place_named"]

_Found = tuple[int, int, str]

_VALUE: Final = (
    r"(?P<v>[#*]?\d{4,8}(?:[#*]\d?)?|\d{1,3}(?:-\d{1,3}){2,4}|\d{3,5}-\d{2,3}(?![\d-])"
    r"|(?=[0-9A-ZА-Я]{4,7}\b)\d*[A-ZА-Я]\d*[A-ZА-Я]?\d*"
    r"|(?<!\d[ ])\d(?:[ ]\d){3,7}(?![ ]?\d)"  # wave 31: digits spoken one by one ("est le 4 7 1 9 3")
    r"|(?<!\d[ ])\d\d(?:[ ]\d\d){2,3}(?![ ]?\d)"  # wave 34: a dial's numbers in pairs ("è 38 15 72")
    r"|\d(?:\*\d){3,7}(?![*\d])"  # wave 37: a star between the digits ("il codice della porta è 7*1*9*4")
    r"|(?=[A-Z0-9](?:-[A-Z0-9]){3,7}(?![\w-]))(?=[\d-]*[A-Z])[A-Z0-9](?:-[A-Z0-9]){3,7})"  # wave 41: "C-9-2-7"
    r"(?=$|[\s.,;:!?)»”“’\"'|（）。，、،؛]|-[ \t])"
)
_CODE_WORDS: Final = (
    r"codes?|\w*code|c[óo]digo|codice|\w*k[óo]d(?:en|em|u)?|код\w*|κωδικ\w*|msimbo|رمز|비밀번호(?:는)?|combinaci[óo]n"
    r"|combinaison|combinatie|combination|combinazione|combina[çc][ãa]o|kombinac\w*|kombination|\w*schloss"
    r"|şifres?i?|senha|pin|cod(?:ul|ului)|koodi\w*|k[óo]dja|combo"  # wave 34: "padlock combo X"
    r"|szyfr\w*|šifr\w*|шифр\w*|yhdistelm\w*|kombinasjon\w*|\w*kombination(?:en)?"  # wave 41: a combination
    r"|kode"  # wave 41: the Danish and Norwegian code's bare form ("Garasjeporten har fått ny kode. Den er 7730")
    r"|kod(?:e)?l[åa]s(?:et|en)?"  # wave 46: a Nordic code lock named for its code ("Kodlåset till förrådet: 5120")
    r"|[הבלו]?קוד"  # wave 49: Hebrew "code", with a prefix letter ("הקוד של הכספת הוא 4471")
)
_CODE_RE: Final = re.compile(
    # wave 31: the gap may also pass digits glued to a letter or a dash, a vehicle's number ("van bus 3-1187 is");
    # three digits or more, so that no run of digits can be passed in two ways
    r"(?i:(?<!\w)(?:" + _CODE_WORDS + r"))(?![\w-])"
    r"(?:[^\n\d]|(?<!\d)\d{1,2}(?!\d)|(?<=[^\W\d]|-)\d{3,}(?!\d)){0,80}?(?<![\w-])" + _VALUE,
    re.MULTILINE,
)
_PLACE_RE: Final = re.compile(
    r"(?i:door|porte?|portal|port[ãa]o|puerta|porta|t[üu]r|deur|gate|barrier|barrera|barri[èe]re|cancell|alarm"
    r"|safe|coffre|caja|cassaforte|tresor|kluis|сейф|хвіртк|двер|χρηματοκιβ|πόρτα|mlango|خزنة|باب|보관함|출입문"
    r"|문|kasas|l[åa]sbox|kortterminal|terminal|key[ \t]?(?:safe|box)|bo[îi]te[ \t]+[àa][ \t]+cl|sleutel"
    r"|store[ \t]?room|shed|stairs|fietsenkelder|laadplein|keypad|carte[ \t]+bancaire|card"
    r"|entrance|eingang|acceso|aparcamiento"
    r"|parking|car[ \t]?park|garagem|cupboard|locker|vault|lock|candado|cadenas"
    r"|schranke|sejf|drzwi|bram[ak]|hek\b|grind"
    r"|poort|larm|antifurto|antirrobo|z[áa]vor|dve[řr]|vchod|br[áa]n|trezor|z[áa]m(?:ek|k)|zugang|d[öo]rr|f[öo]rr[åa]d|lucchett|schloss|cabinet|schrank|armoire|armario|armadio|sk[řr][íi][ňn]|kap[ıi]|домофон|замок"
    r"|cadeado|carte|cart[ãa]o|tarjeta|karte|kaart|machine|maschine|m[áa]quina|macchina"
    # wave 30: a store (deposito, dépôt, magazzino, Lager), a vehicle's immobiliser, CJK doors and entrances
    r"|deposit|dep[óo]sito|d[ée]p[ôo]t|magazzin|almac[ée]n|warehouse|lager|immobili[sz]|wegfahrsperre|antiarranque"
    r"|antid[ée]marrage|门禁|門禁|门锁|門鎖|大门|大門|库房|庫房|仓库|倉庫|保险柜|保险箱|保險櫃|金庫|ドア|玄関|출입|현관|금고|도어"
    # wave 31: a gate (brama, verja, portón), a key box (cassetta), a safe (cofre), lockers, a keypad (teclado),
    # a fuel or bank card (tankpas), "code d'accès", a side or service entrance (通用口, 出入口)
    r"|bram(?:y|ie|ę)|verja|reja\b|port[óo]n|cassett[ae]|cofre|armadiett|teclado|acc[èe]s\b|zutritt"
    r"|(?:tank|pin|bank|betaal|toegangs)pas\b|通用口|出入口|勝手口|裏口|入口"
    # wave 32: an entrance (ingang), a digicode, a stairwell (trapphus), a door (ușa, ovi), a cabinet (szafa),
    # a card (kártya)
    r"|ingang|digicode|trapphus|trappeopgang|u[șşs](?:a|ii)\b|\bov(?:i|en|et|essa)\b|szaf|k[áa]rty"
    # wave 34: a (roller) gate (Tor, Rolltor), a key box (Schlüsselkasten), what a disarm code unsets (desarme,
    # снятие с охраны)
    r"|\b(?:roll|hof|garagen|einfahrts|werks|haupt|schiebe|sektional)?tor\b|schl[üu]sselkast|d[ée]sarm|disarm|охран"
    # wave 41: a key box (cajetín, guardallaves), a door and a cellar or bike store (dør, kælder, källare, Keller),
    # an alarm system armed or not (Einbruchmeldeanlage, scharf schalten, hälytys), a garage ("Garagencode: 4471")
    r"|cajet[íi]n|guardallaves|nyckelsk[åa]p|n[øo]gle(?:boks|skab)|\bd[øo]r(?:en|e)?\b|k[æa]lder|k[äa]llare|kellari"
    r"|keller|cellar|basement|s[óo]tano|cykel(?:rum|skur)|fietsenstalling|fahrradraum|bike[ \t]?(?:store|shed|room)"
    r"|einbruchmelde|scharf[ \t]*(?:schalten|stellen|geschaltet)|h[äa]lyty"
    r"|garag(?:en?|es)?(?:code)?\b|garaje|box[ \t]+auto"
    # wave 46: a Turkish safe or till in its cases (kasanın, kasaya), a Nordic code lock and a stock room (lagret)
    r"|\bkasa(?:n[ıi]n|ya|da|y[ıi])?\b|kod(?:e)?l[åa]s|\blagr(?:et|en)\b"
    # wave 49: an alarm, a store room, a gate in Arabic (الإنذار, المستودع, المخزن, البوابة) and Hebrew (אזעקה,
    # מחסן, דלת, שער, כספת), a Finnish key cabinet (avainkaappi) and gate (portti), a Russian lock's and a wicket's
    # cases (замка, калитки)
    r"|إنذار|انذار|مستودع|مخزن|بوابة|אזעק|מחסן|דלת|שער|כספת|avainkaap|avainlaatik|\bportti|зам(?:ка|ке|ком)\b"
    r"|калитк|сигналіз|сигнализ|sz[ée]f\w{0,4}|riaszt[óo]\w{0,4})"  # wave 49: an alarm (UK, RU, HU), a safe (HU)
)
# wave 41: a remark in brackets between the code's word and the digits, longer than _CODE_RE's gap ("Combinazione
# della cassaforte in ufficio (dove teniamo ... restituzione): 36-12-71")
_REMARKED_RE: Final = re.compile(
    r"(?i:(?<!\w)(?:" + _CODE_WORDS + r"))(?![\w-])[^\n\d(]{0,60}\([^()\n]{1,160}\)[ \t]*[:：=-]?[ \t]*" + _VALUE,
    re.MULTILINE,
)
_WITH_RE: Final = re.compile(
    r"(?i:\balarm\w*|alarma|alarme|alarmanlage)[^\n\d]{0,40}?(?i:\bwith|\bcon|\bmit|\bavec|\bcom|\bkodem|\btype"
    r"|\btape[zr]?|\bsaisi(?:ssez|r)|\bcomposez|\btipp(?:en|e)|\bdigit[ea]|\bteclee?|\bmarque)"  # wave 34
    r"[ \t]+" + _VALUE,
    re.MULTILINE,
)
_BARE_RE: Final = re.compile(r"(?i:\b(?:alarm|type))[ \t]+" + _VALUE, re.MULTILINE)
# wave 30: "Disarm alarm: 2580", "Alarm deaktivieren: 4711#" (a verb to set or unset it, then a colon)
_DISARM_RE: Final = re.compile(
    r"(?i:\b(?:disarm|arm|unset|deactivate|d[ée]sactiver|desactivar|disattivare|disinserire|entsch[äa]rfen"
    r"|deaktivieren|uitschakelen)[ \t]+(?:the[ \t]+|l['’]|el[ \t]+|the[ \t]+)?(?:alarm\w*|allarme|alarme)"
    r"|\b(?:alarm\w*|allarme|alarme)[ \t]+(?:disarm|unset|deaktivieren|d[ée]sactiver|desactivar|disinserire))"
    r"[ \t]*[:：][ \t]*" + _VALUE,
    re.MULTILINE,
)
# wave 30: a CJK code word run together with what it opens (库房门禁密码：6672, 出入口の暗証番号は 4812)
_CJK_CODE_RE: Final = re.compile(
    r"(?:密码|密碼|口令|暗証番号|パスコード|비밀번호)"
    r"(?:已?(?:更新|更改|改|设置|設定|変更|重置)(?:为|為|成|に)?|是|为|為|は|는|：|:)?[ \t]*" + _VALUE,
    re.MULTILINE
)
# wave 29: "the safe now opens with 61-07-44", "öffnet sich mit 4812#" (a place named on the line)
_OPENS_RE: Final = re.compile(
    r"(?i:\b(?:opens|unlocks|öffnet|ouvre|abre|apre|otevře|otwiera))(?:[ \t]+[^\W\d]{1,12}){0,2}?[ \t]+"
    r"(?i:with|using|mit|avec|con|com|kodem|k[óo]dem)[ \t]+" + _VALUE,
    re.MULTILINE,
)
# wave 37: digits keyed in on a door's or a gate's panel ("roller door panel: press the key icon, enter 775319")
_ENTER_RE: Final = re.compile(
    r"(?i:\b(?:enter|key[ \t]+in|punch[ \t]+in|tap[ \t]+in|eingeben|tippe?n?[ \t]+sie|entrez|saisissez|introduce"
    r"|digita|inserisci|voer[ \t]+in|ange|sl[åa][ \t]+in|tast))[ \t]+" + _VALUE,
    re.MULTILINE,
)
_PHRASE_RE: Final = re.compile(
    r"(?i:passphrase|pass[ \t]?phrase|phrase[ \t]+secr[èe]te|frase[ \t]+(?:de[ \t]+recupera\w+|secreta|segreta)"
    r"|парольн\w+[ \t]+фраз\w+|recovery[ \t]+phrase|seed[ \t]+phrase"
    r"|herstelzin|herstelfrase|wiederherstellungsphrase|[åa]terst[äa]llningsfras|gjenopprettingsfrase|palautuslause"
    # wave 41: an encryption or a login phrase in Nordic, Dutch, German compounds and Romance words
    r"|(?:krypterings|l[öo]sen(?:ords)?|adgangs|passord|kode|pass)fras(?:en|e)?|krypteringsfrase(?:n)?|salalause"
    r"|tunnuslause|salasanalause|wachtzin|wachtwoordzin|kennsatz|passwortsatz|verschl[üu]sselungs(?:phrase|satz)"
    r"|encryption[ \t]+phrase|frase[ \t]+de[ \t]+(?:cifrado|acceso|contrase[ñn]a)|frase[ \t]+di[ \t]+cifratura"
    r"|phrase[ \t]+de[ \t]+chiffrement"
    r"|memorable[ \t]+(?:phrase|words|answer|information))"  # wave 46: a bank's memorable phrase beside the login
    r"[^\n]{0,100}?(?:[:：][ \t]*\n?|\bused[ \t]+|\bas[ \t]+(?=[«“\"']))[ \t]*[«“\"']?[ \t]*"
    r"(?P<v>[^\W\d_]{2,20}(?:(?:[ -]|,[ ])[^\W\d_]{1,20}){2,9})(?=[ \t]*[»”\"']?[ \t]*(?:$|[.,;!(]|[ \t]-[ \t])"
    r"|[»”\"'][ \t]+(?:and|then|und|et|y|e|och|og|en|i)\b)",
    re.MULTILINE,
)
_GATE: Final = tuple("0123456789")
# a phrase that says where the value is kept or whom to ask, not the value
_POINTER_RE: Final = re.compile(
    r"(?i:(?:write|keep|store|never|do|don|use|choose|pick|enter|type|see|ask|in|stored|kept|check|look|refer|se|sent|send|will|is|are|ser[áa]|wird|est|sera|by|via|por|per|siehe|voir|ver|vedi|zie|frag\w*|demander)\b"
    r"|.*\b(?:vault|envelope|manager|keepass|1password|bitwarden|tresor|coffre)\b)"
)
# a line that gives a rule, an example or a bank's numbers, not a code or a phrase in use
_NOT_IN_USE_RE: Final = re.compile(
    r"(?i:guidance|polic|rule|requirement|example|e\.g\.|at[ \t]+least|minimum|dummy|training|sort[ \t]+code"
    # wave 31: a sample value, not a sample store ("the reagent sample safe")
    r"|sample(?![ \t]+(?:safe|room|store|cabinet|fridge|freezer|vault|locker))"
    r"|account|bank[ \t]+code|routing|shortcut|keyboard"
    # wave 41: an example in other languages (factored by first letter: the sentence is searched for every code)
    r"|beispiel|e(?:x(?:empl[eo]|empel)|jemplo|sempio|simerk|ksempel)|voorbeeld|p(?:rzyk[łl]ad|[řr][íi]klad))"
)


# wave 32: a card payment's authorisation code (on a receipt's line) and the visible last digits of a masked number
_PAYMENT_AUTH_RE: Final = re.compile(
    r"(?i:\b(?:auth(?:ori[sz]ation)?|approval)[ \t]+code|code[ \t]+d['’]autorisation"
    r"|c[óo]digo[ \t]+de[ \t]+autorizaci[óo]n"
    r"|codice[ \t]+(?:di[ \t]+)?autorizzazione|genehmigungs(?:code|nummer)|autori[sz]atie-?code)"
)
_PAYMENT_RE: Final = re.compile(
    r"(?i:approved|declined|payment|transaction|receipt|purchase|paiement|pago|pagamento|zahlung|betaling"
    r"|visa|mastercard|amex|\b(?:GBP|EUR|USD|CHF|SEK)\b|[£€$])"
)
MASKED_BEFORE_RE: Final = re.compile(r"(?:[*•xX]{4}|[*•]{2,})[ \t-]?$")


# wave 29: a phone extension right before the digits ("reset requests go to facilities (ext. 4400)")
_EXTENSION_RE: Final = re.compile(r"(?i:\b(?:ext|extension|durchwahl|poste|tel|t[ée]l|phone|nebenstelle)\.?[ \t]*$)")


def place_named(line: str) -> bool:
    """True when ``line`` names a door, a gate, a safe, a keypad or another thing a code opens (wave 46)."""
    return _PLACE_RE.search(line) is not None


def _line_before(m: re.Match[str], width: int = 160) -> str:
    text, pos = m.string, m.start("v")
    return text[max(text.rfind("\n", 0, pos) + 1, pos - width) : pos]


def _whole_line(m: re.Match[str], width: int = 200) -> str:
    """The value's line, at most ``width`` characters either side of it."""
    text, start, end = m.string, m.start("v"), m.end("v")
    stop = text.find("\n", end, end + width)
    return text[max(text.rfind("\n", 0, start) + 1, start - width) : end + width if stop < 0 else stop]


# wave 31: the sentence after a code ends at a full stop and a space ("... 44-19-08-71. Two-person rule applies")
_SENTENCE_END_RE: Final = re.compile(r"[.!?。](?:\s|$)")


def _sentence_of(m: re.Match[str]) -> str:
    """The value's line before it and its sentence after it: a rule in the next sentence is no rule about it."""
    whole = _whole_line(m)
    after = m.end("v") - m.start("v") + len(_line_before(m, 200))
    end = _SENTENCE_END_RE.search(whole, after)
    return whole if end is None else whole[: end.end()]


# wave 30: a year's digits are a code when a door's code label and a colon come before them and nothing after them
_DATED_RE: Final = re.compile(
    r"(?i:since|seit|depuis|desde|dal|sinds|sedan|valid|g[üu]ltig|until|bis|year|jahr|ann[ée]e|año|anno|[åa]r\b"
    r"|built|founded|opened|established|gebaut|construit|date|datum|fecha|data|\d)"
)


_COPULA_END_RE: Final = re.compile(r"(?i:\b(?:is|är|ist|lautet|est|es|è|é|er|jest))$")
# wave 37: a place's code named right before the digits ("gate keypad code 1984, then ring")
_PLACE_CODE_END_RE: Final = re.compile(
    r"(?i:\b(?:keypad|door|gate|alarm|safe|padlock|lock[ \t]?box|key[ \t]?safe)[ \t]+code"
    # wave 46: a Romance code named for its door, gate or safe ("código do portão 1945, depois ...", "code du portail")
    r"|\b(?:c[óo]digo|code|codice)[ \t]+(?:d[oaeu]s?|del(?:la)?|de[ \t]+la|dell['’]|de[ \t]+l['’]|de)[ \t]*"
    r"(?:port[ãa]o|port[óo]n|portail|porta|porte|puerta|cancello|cofre|coffre|cassaforte|caja[ \t]+fuerte"
    r"|garagem|garaje|garage|alarme|alarma|allarme|pr[ée]dio|immeuble|edificio|edif[íi]cio|entrada|entr[ée]e|ingresso))$"
)


def _labelled_alone(m: re.Match[str]) -> bool:
    text, start, end = m.string, m.start("v"), m.end("v")
    label = text[text.rfind("\n", 0, start) + 1 : start].rstrip()
    rest = text[end : (text.find("\n", end) + 1 or len(text) + 1) - 1]
    ends = not rest.strip() or re.match(r"\.(?:[ \t]+[A-ZÀ-Ý]|[ \t]*$)", rest) is not None  # w32: "1948. Nyckeln"
    said = label[-1:] in (":", "：") or _COPULA_END_RE.search(label) is not None  # wave 34: "... port är 1966."
    listed = re.match(r"[,;][ \t]*\d", rest) is not None  # lead review: "keypad code 1984, 1990 and 2001 models"
    if _PLACE_CODE_END_RE.search(label) is not None and re.match(r"[,;](?:[ \t]|$)", rest) and not listed:
        return _DATED_RE.search(re.sub(r"\d", "", label)) is None  # wave 37: "keypad code 1984, then ..."
    return said and len(label) <= 60 and ends and _DATED_RE.search(label) is None


# wave 41: the code's word right before a year's digits and a remark in brackets after them ("the keysafe by the log
# store - code 1966 (push down the button first)"), no date's word in the sentence
_CODE_WORD_END_RE: Final = re.compile(r"(?i:(?<!\w)(?:" + _CODE_WORDS + r"))[ \t]*[:：]?[ \t]*$")
_REMARK_AFTER_RE: Final = re.compile(r"[ \t]*\((?P<r>[^()\n\d]{3,80})\)(?=[ \t]*(?:[.,;!]|$))", re.MULTILINE)


def _named_then_remark(m: re.Match[str]) -> bool:
    before = _line_before(m, 80)
    sentence = re.split(r"[.!?][ \t]", before)[-1]
    remark = _REMARK_AFTER_RE.match(m.string, m.end("v"))
    if _CODE_WORD_END_RE.search(before) is None or remark is None:
        return False  # (and the remark ends its clause: "code 2024 (new scheme) is on the board" names a scheme)
    return _DATED_RE.search(re.sub(r"\d", "", sentence) + " " + remark.group("r")) is None


# wave 37: a date written d-m-yy after a date's preposition ("combination lock ... replaced on 12-03-26"), not a dial
_DAY_MONTH_RE: Final = re.compile(r"(?:0?[1-9]|[12]\d|3[01])-(?:0?[1-9]|1[0-2])-(?:\d\d|(?:19|20)\d\d)")
_DATE_PREP_RE: Final = re.compile(
    r"(?i:\b(?:on|am|le|el|il|op|den|dated|since|until|from|by|before|after|seit|vom|bis|du|au|del|dal|sedan)[ \t]+$)"
)


def _evenly_stepped(value: str) -> bool:
    """A dial's pairs in even steps ("12 34 56", "10 20 30", "11 22 33"): an illustration, not a combination."""
    pairs = value.split(" ") if len(value) >= 8 and value[2:3] == " " else []
    return len({int(b) - int(a) for a, b in zip(pairs, pairs[1:], strict=False)}) == 1


def _is_code(m: re.Match[str]) -> bool:
    value, line = m.group("v"), _line_before(m)
    if _PLACE_RE.search(line) is None and value.count("-") >= 2:  # wave 29: a heading names the safe
        line = _line_before(m, 200) + m.string[max(0, m.start("v") - 200) : m.start("v")]
    if (
        FAULT_RE.search(_whole_line(m)) is not None
        or _PLACE_RE.search(line) is None
        or len(set(value) - set("#*-")) < 2
    ):
        return False
    if _NOT_IN_USE_RE.search(_sentence_of(m)) is not None:
        return False
    if YEAR_RE.fullmatch(value) is not None and not _labelled_alone(m) and not _named_then_remark(m):
        return False
    if _EXTENSION_RE.search(line[-24:]) is not None or MASKED_BEFORE_RE.search(line[-8:]) is not None:
        return False
    if _PAYMENT_AUTH_RE.search(line) is not None and _PAYMENT_RE.search(_whole_line(m)) is not None:
        return False
    if _evenly_stepped(value):
        return False
    if _DAY_MONTH_RE.fullmatch(value) is not None and _DATE_PREP_RE.search(line[-16:]) is not None:
        return False
    digits = sum(c.isdigit() for c in value)
    return digits >= 4 or (digits == 3 and (value[-1] in "#*" or any(c.isupper() for c in value)))


def lock_code_spans(text: str) -> Iterator[_Found]:
    """The codes and passphrases above (see the module docstring)."""
    if any(d in text for d in _GATE):
        for pattern in (_CODE_RE, _WITH_RE, _BARE_RE, _OPENS_RE, _DISARM_RE, _CJK_CODE_RE, _ENTER_RE, _REMARKED_RE):
            for m in pattern.finditer(text):
                if _is_code(m):
                    yield m.start("v"), m.end("v"), "credential"
    low = text.lower()
    phrased = ":" in text or "：" in text or "used" in low or " as " in low  # wave 29: what _PHRASE_RE needs
    for m in _PHRASE_RE.finditer(text) if phrased else ():
        if _NOT_IN_USE_RE.search(_whole_line(m)) is None and _POINTER_RE.match(m.group("v")) is None:
            yield m.start("v"), m.end("v"), "credential"
