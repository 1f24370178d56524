"""A strong value in the same clause after a credential's name, whatever the words between (wave 35, no I/O).

Older finders read a name, then a copula or a colon, then the value, in one grammar each; fresh text keeps putting
other words between: an adverb ("het wachtwoord ... is tijdelijk X", "the password is temporarily X"), a verb of
setting in another language ("hasło ... ustawiłem na X"), a particle after the value ("비밀번호가 X 로 변경되었습니다").
So here the clause decides, not the words:

* a password's name (any language, ``PW_WORDS``) and, later in the same clause (no line break, no sentence end), a
  word shaped like a chosen password (``shaped``: letters and digits with a symbol or both cases);
* a key's or a token's name (API key, stream key, 키, chave da API, clé API ...) and a generated value
  (``looks_random``, 20 characters or more) in the same clause;
* a PIN's or a keypad's name (PIN, pincode, keypad, a code of a door or a gate) and a copula, an adverb perhaps, then
  four to eight digits, dashes between them or a star or hash after ("4-7-1-9-#");
* a safe's or a lock's name and a dial sequence in its clause ("opens with L42-R17-L09").

Words between that make the value something else keep it: a policy, a rule, a length, a hint, a hash, an example, a
mask, a user or an account the value names (the word right after "for", "user", "van" ...), an id or a fingerprint
for a key; a line calling its value an example keeps it too, and so does a URL, a path, an e-mail or a key=value.
``clause_value_spans`` yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keypads import FAULT_RE
from stratakb_core.ingest.redaction_spoken import PW_WORDS, _on_example_line, shaped
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_random, remark_says_not_secret

__all__ = ["CLAUSE_END_RE", "clause_bounds", "clause_value_spans"]

_Found = tuple[int, int, str]

# a name as a word of prose: not inside a URL, a template (<password>, ${DB_PASSWORD}) or an option (-field=password)
_WORD_BEFORE: Final = r"(?<![^\W\d_])(?<![<{$/=.:@_-])"
_WORD_AFTER: Final = r"(?=[ \t]|[:：,][ \t]|[^\W\d_])"
_PW_NAME_RE: Final = re.compile(r"(?i:" + _WORD_BEFORE + r"(?:" + PW_WORDS + r"|mot[ \t]+de[ \t]+passe))" + _WORD_AFTER)
_KEY_NAME_RE: Final = re.compile(
    r"(?i:" + _WORD_BEFORE + r"(?:api[ \t_-]?key|stream[ \t_-]?key|secret[ \t_-]?key|access[ \t_-]?key"
    r"|api[ \t-]?token|chave[ \t]+d[ae][ \t]+api|clave[ \t]+de[ \t]+(?:la[ \t]+)?api|cl[ée][ \t]+(?:d['’][ \t]?)?api"
    r"|api-schl[üu]ssel|klucz[ \t]+api|chiave[ \t]+(?:dell['’])?[ \t]?api|api-sleutel)(?![\w-])(?=[ \t]|[:：,][ \t])"
    r"|(?:스트림[ \t]?키|api[ \t]?키|키)(?=[는가:：]))"
)
# a clause ends at a line break or at a sentence's end ("." "!" "?" ";" and a space or the end of the text)
CLAUSE_END_RE: Final = re.compile(r"\n|[.!?;。](?=\s|$)")
_REACH: Final = 100
_WORD_RE: Final = re.compile(r"[^\s]+")
_EDGE: Final = "\"'`«»“”‘’„()[]{}<>,.;:!?"
# words between that make the value a setting, a rule, a hash, an example or a mask, not the secret
_ABOUT_RE: Final = re.compile(
    r"(?i)polic|polít|richtlin|regel|r[èe]gle|rule|requir|length|l[äa]nge|longueur|longitud|minimum|maximum|hint"
    r"|hash|digest|format|field|feld|champ|campo|example|e\.g\.|z\.[ \t]?b\.|beispiel|exemple|ejemplo|esempio"
    r"|exemplo|voorbeeld|przyk[łl]ad|sample|placeholder|mask|masqu|maskiert|redact|\bnot\b|\bnever\b|\bnie\b|\bniet"
    r"|\bpas\b|\bno\b|\bnão\b|\bnicht\b|\bkein|contain|enth[äa]lt|contient|contiene|at[ \t]+least|mindestens"
    r"|au[ \t]+moins|al[ \t]+menos|pelo[ \t]+menos|co[ \t]+najmniej|charact|zeichen|caract|znak|\blike\b|such[ \t]+as"
    r"|prompt|column|spalte|manager|generator|strength|stärke|reset[ \t]+link|expir|rotat|\bold\b|\balte[ns]?\b"
    r"|ancien|antig|vorig|previous|former|\bstar[ey]\b"
)
# a word before the name denying it ("no password", "ohne Passwort")
_DENIED_RE: Final = re.compile(
    r"(?i)(?:\bno|\bnot|without|\bkein\w*|\bohne|\bsans|\bsin|\bsem|\bbez|\bgeen|zonder)[ \t]+$"
)
# words before the name in its clause saying the value is a kind of password, not one ("a weak password: X")
_KIND_BEFORE_RE: Final = re.compile(
    r"(?i)\b(?:weak|strong|bad|common|good|guessable|typical|rule|rules|polic\w*|example|e\.g|such|like|never|avoid"
    r"|don['’]t|schwach\w*|stark\w*|faible|fort|d[ée]bil|fuerte|fraca|forte|s[łl]abe|silne|zwak|sterk)\b"
)
# after a PIN's value: a factory default or an example, not the PIN
_PIN_AFTER_RE: Final = re.compile(r"(?i)[^\n.!?;]{0,40}?(?:default|factory|werk|usine|f[áa]brica|example|e\.g\.)")
# the word after these names what the secret belongs to (a user, an account, a host) or who acted on it ("reset by
# JohnDoe42", "réinitialisé par Admin2"), not the secret
_OWNER_WORDS: Final = frozenset(
    "for of van voor für von du des del della dla di der user username login account konto compte cuenta conta"
    " utilisateur usuario usuário benutzer gebruiker użytkownika host server hostname device"
    " by par por przez durch door da av af".split()
)
_KEY_ABOUT_RE: Final = re.compile(
    r"(?i)\bid\b|\bids\b|identif|fingerprint|empreinte|huella|impressão|hash|checksum|public|publi[cq]|pública"
    r"|öffentlich|openbare|\bkid\b|\barn\b|example|ejemplo|exemple|beispiel|sample|placeholder|\bname\b|nombre|\bnom\b"
)
_PIN_NAME_RE: Final = re.compile(
    r"(?<![^\W\d_])(?:PIN|(?i:pin[ \t-]?(?:code|kode|kod|nummer|number)|code[ \t]+pin|c[óo]digo[ \t]+pin"
    r"|kod[ \t]+pin|codice[ \t]+pin|keypad(?:[ \t]+code)?|keycode|toetsenbord|tastenfeld|digicode))(?![^\W\d_])"
)
_DOOR_CODE_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])code(?P<gap>[ \t]+(?:for|of|to|on)[ \t][^\n.!?;:]{0,60}?\b(?:door|gate|entrance|lock|locker"
    r"|safe|shed|garage|cage|room|storeroom|warehouse)\b[^\n.!?;:]{0,40}?))[ \t]+(?:is|was)(?:[ \t]+\w+ly|[ \t]+now)?"
    r"[ \t]+(?P<v>[#*]?\d(?:-?\d){3,7}(?:-?[#*])?)(?![\w-])"
)
_COPULA: Final = (
    r"(?:[ \t]*[:=][ \t]*|[ \t]+(?i:is|es|est|ist|é|è|är|er|jest|je|to|was|era|war|lautet|blijft|wordt|bleibt|reste)"
    r"[ \t]+)(?:(?i:now|currently|still|temporarily|again|tijdelijk|nu|momentan|aktuell|jetzt|vorläufig|actuellement"
    r"|maintenant|toujours|ahora|todavía|agora|ainda|ora|ancora|teraz|tymczasowo|nog)[ \t]+)?"
)
_PIN_VALUE_RE: Final = re.compile(
    r"(?P<gap>[^\n.!?;:=]{0,50}?)" + _COPULA + r"(?P<v>[#*]?\d(?:-?\d){3,7}(?:-?[#*])?)(?![\w-])"
)
_LOCK_NAME_RE: Final = re.compile(
    r"(?i:(?<![^\W\d_])(?:safe|padlock|combination|dial|coffre|cadenas|caja[ \t]+fuerte|candado|tresor|kluis|sejf"
    r"|cassaforte|cofre|cadeado))"
)
_DIAL_RE: Final = re.compile(r"(?<![\w-])(?P<v>[LR]\d{1,2}(?:-[LR]\d{1,2}){2,4})(?![\w-])")


def _clause_end(text: str, pos: int) -> int:
    m = CLAUSE_END_RE.search(text, pos, min(len(text), pos + _REACH))
    return m.start() if m else min(len(text), pos + _REACH)


def clause_bounds(text: str, start: int, end: int, reach: int) -> tuple[int, int]:
    """The clause around ``start:end``: back to a line break or a sentence's end, on to the next, ``reach`` at most."""
    begin = max(text.rfind("\n", 0, start) + 1, start - reach)
    for m in CLAUSE_END_RE.finditer(text, begin, start):
        begin = m.end()
    stop = CLAUSE_END_RE.search(text, end, min(len(text), end + reach))
    return begin, stop.start() if stop else min(len(text), end + reach)


def _word_value(word: str) -> tuple[int, str]:
    """A word with its quotes and the punctuation after it taken off, and how many characters went in front."""
    core = word.rstrip(_EDGE)
    lead = len(core) - len(core.lstrip(_EDGE))
    return lead, core[lead:]


def _not_a_value(value: str) -> bool:
    if value.startswith(("@", "~", "$", "%")) or "/" in value or "=" in value or "\\" in value:
        return True
    at = value.find("@")
    return (at > 0 and "." in value[at:]) or is_placeholder(value) or is_code(value)


def _named_spans(text: str, names: re.Pattern[str], judge: re.Pattern[str], about: re.Pattern[str],
                 strong: bool) -> Iterator[_Found]:
    """The first value ``strong`` (a chosen password) or not (a generated key) in each name's clause."""
    matches = list(names.finditer(text))
    for i, name in enumerate(matches):
        if i + 1 < len(matches) and text[name.end() : matches[i + 1].start()].isspace():
            continue  # a run of names ("password password ..."): no value between them
        if _DENIED_RE.search(text, max(0, name.start() - 12), name.start()) is not None:
            continue
        before = text[max(0, name.start() - 60) : name.start()]
        before = before[max(before.rfind(c) for c in "\n.!?;") + 1 :]
        if _KIND_BEFORE_RE.search(before) is not None:
            continue
        end = _clause_end(text, name.end())
        if i + 1 < len(matches):
            end = min(end, matches[i + 1].start())  # another name later: its own clause reads on from there
        previous = ""
        for word in _WORD_RE.finditer(text, name.end(), end):
            lead, value = _word_value(word.group())
            start = word.start() + lead
            if len(value) > 64 or word.end() == _REACH + name.end():
                break  # too long for a password or a key, or cut off by the reach
            if about.search(text, name.end(), start) is not None:
                break
            if previous.lower() in _OWNER_WORDS or _not_a_value(value) or judge.search(value) is None:
                previous = value
                continue
            if not (shaped(value) if strong else len(value) >= 20 and looks_random(value)):
                previous = value
                continue
            stop = start + len(value)
            if remark_says_not_secret(text[stop:end].lstrip(" \t,)»”\"'")) or _on_example_line(text, start, stop):
                break
            yield start, stop, "credential"
            break


_ANY_RE: Final = re.compile(r".")
_DIGIT_RE: Final = re.compile(r"\d")


def _pin_spans(text: str) -> Iterator[_Found]:
    for name in _PIN_NAME_RE.finditer(text):
        m = _PIN_VALUE_RE.match(text, name.end())
        if m is None or _ABOUT_RE.search(m.group("gap")) is not None or _DIGIT_RE.search(m.group("gap")):
            continue
        if _PIN_AFTER_RE.match(text, m.end("v")) is not None:
            continue
        if "code" in (name.group() + m.group("gap")).lower() and len(m.group("v")) == 6:
            continue  # "PIN code 560001": an Indian postcode
        if not _on_example_line(text, *m.span("v")):
            yield m.start("v"), m.end("v"), "credential"
    for m in _DOOR_CODE_RE.finditer(text):
        before = text[max(0, m.start() - 24) : m.start()]
        before = before[max(before.rfind(c) for c in "\n.!?;:") + 1 :]
        if FAULT_RE.search(before) is not None:
            continue  # "Fault code for the loading door is 2208" reports a fault, opens nothing
        if _ABOUT_RE.search(m.group("gap")) is None and not _on_example_line(text, *m.span("v")):
            yield m.start("v"), m.end("v"), "credential"


def _dial_spans(text: str) -> Iterator[_Found]:
    for m in _DIAL_RE.finditer(text):
        start, _ = clause_bounds(text, m.start(), m.start(), _REACH)  # the lock is named in the value's own clause
        if _LOCK_NAME_RE.search(text, start, m.start()) and not _on_example_line(text, *m.span("v")):
            yield m.start("v"), m.end("v"), "credential"


def clause_value_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    yield from _named_spans(text, _PW_NAME_RE, _ANY_RE, _ABOUT_RE, strong=True)
    yield from _named_spans(text, _KEY_NAME_RE, _DIGIT_RE, _KEY_ABOUT_RE, strong=False)
    yield from _pin_spans(text)
    if "-" in text:
        yield from _dial_spans(text)
