"""Passphrases of several words in prose: telling "violet orbit canal 1987" from "valid for 90 days" (no I/O).

A sentence that gives a passphrase ("use the passphrase violet orbit canal 1987 and ...", "la parola
d'ordine è girasole azzurro 44.") and one that says something about a password ("the password is at
least 12 characters", "is rotated every 90 days") have the same form. A passphrase is made of content
words: ``is_passphrase`` refuses any phrase holding a function word (articles, prepositions,
conjunctions, adverbs of degree and time, modal verbs) or a word of measure (days, characters, ...) in
English, German, French, Spanish, Italian, Portuguese or Dutch, and wants a number as its last word
(the usual way people make one) unless a passphrase is named and the phrase has four words or more
(``correct horse battery staple``); a capitalised word and a number (``Python 3``, ``Chapter 11``) is a name.

Wave 20: a passphrase or a wallet's seed (recovery, mnemonic) phrase under a label, after what it is for and a colon,
up to 24 words to its line's end ("Passphrase for the tape archive: amber falcon drifts below", "Recovery phrase:
lemon river cactus ..."; ``PHRASE_LABEL_FINDERS``, run by ``redaction_prose.prose_spans`` at its passphrase words).
Wave 21: a "key phrase" too; under a label, words joined by hyphens ("copper-river-ninety-bridge") and five words or
more with one short linking word inside ("orange cement whistles at dawn").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Final

from stratakb_core.ingest.redaction_keys import PASSPHRASE_WORDS

__all__ = ["PHRASE_LABEL_FINDERS", "PHRASE_START_WORDS", "is_loose_phrase", "is_passphrase"]

_Found = tuple[int, int, str]

# (wave 33: the words a policy counts, "minstens vier woorden", "at least four words", are no phrase's)
_FUNCTION_WORDS: Final = frozenset(
    """
    a an the at in on of to for by with from into onto than then that this these those there here is are was were
    be been being not no never only also still now just must should shall will would can could may might least
    most more less every each all any some your our my their its his her per after before since until ago about
    over under within without like as so but or and if when where which who what how once twice again always
    often usually stored kept set changed required needed used allowed case sensitive valid expired long short
    version see same different new old default minimum maximum min max strong weak
    days day hours hour minutes minute seconds weeks months years characters chars digits letters symbols times
    der die das den dem des ein eine einer eines und oder nicht nur noch mindestens höchstens mit für von zu zum
    zur im am ist sind wird wurde werden alle jede jeden jedes nach vor seit bis bei aus auf tage stunden zeichen
    le la les un une du et ou pas ne que qui est sont au aux avec pour par sur dans tous toutes chaque moins plus
    après avant depuis jours heures caractères
    el los las unos unas y o que es son con para por en del al cada todos menos más después antes desde hasta días
    horas caracteres
    il lo gli e non che è con per da della dello ogni tutti meno più dopo prima giorni ore caratteri
    os as um uma ou não são em do da cada mais depois dias
    het een en niet dat zijn met voor door op elke alle minder meer na dagen uren tekens
    van minstens hoogstens woorden words wörter mots palabras parole palavras ord
    """.split()
)


def is_passphrase(phrase: str, named: bool) -> bool:
    """Whether ``phrase`` (two words or more) looks like a passphrase rather than words about one.

    ``named``: the sentence says "passphrase" (then four plain words without a number will do too).
    """
    words = phrase.split()
    if len(words) < 2 or any(w.lower().strip("'’") in _FUNCTION_WORDS for w in words):
        return False
    head = words[:-1]
    if not all(w.isalpha() and len(w) >= 3 for w in head):
        return False
    if len(words) < 3 and not head[0].islower():
        return False  # "Python 3", "Chapter 11", "Windows 11": a name and its number
    if words[-1].isdigit():
        return True
    # (wave 24: German nouns keep their capitals, "Brunnen sieben trinkt Regen"; a name in title case has no lower word)
    return named and len(words) >= 4 and words[-1].isalpha() and sum(w.islower() for w in words) * 2 >= len(words)


# a passphrase's or a seed phrase's name, what it is for, a remark in brackets, a colon, then words to the line's end
_LABEL_RE: Final = re.compile(
    r"(?i:(?:pass ?phrases?|passphrasen?|key[ -]?phrases?|"
    + PASSPHRASE_WORDS.replace("_", " ")
    + r"|mnemonic|seed[ \t]+words|(?:backup|wallet)[ \t]+phrase)"
    r"(?:[ \t]+(?:for|of|to|on|für|de|du|pour|para|per|voor)[ \t]+[^\n:：]{1,100}?)?[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?"
    r"[:：][ \t]*(?:\r?\n[ \t]*)?)[\"'`«“‘]?(?P<v>[^\W\d_][\w'’-]{0,30}(?:[ \t]+[^\W_][\w'’-]{0,30}){0,23})[\"'`»”’]?"
    r"(?=[ \t]*[.!;]?[ \t]*\r?(?:\n|$)|[ \t]+[-–—][ \t]+[^\W\d_])"  # (wave 40: or a remark after a dash)
)


# wave 21: the one short word a labelled passphrase of five words or more may hold ("orange cement whistles at dawn")
# (wave 27: or a possessive, "bring your own ethernet cable")
_LINK_WORDS: Final = frozenset("a an the at in on of by to from with over under into your my our their his her".split())


def _label_phrase(value: str) -> bool:
    """A labelled passphrase: as ``is_passphrase`` says when named; (wave 21) words joined by hyphens whole
    ("copper-river-ninety-bridge"), or five lower-case words or more with one short linking word inside; (wave 27)
    four to eight capitalised words, none a function word or advice."""
    phrase = value.replace("-", " ") if " " not in value.strip() else value
    if is_passphrase(phrase, True):
        return True
    words = phrase.split()
    if 4 <= len(words) <= 8 and all(w.isalpha() and len(w) >= 4 and w.istitle() for w in words):
        low = {w.lower() for w in words}  # (wave 27) German nouns, each capitalised: "Leuchtturm Nebel Möwe Anker"
        return not low & (_FUNCTION_WORDS | _ADVICE)
    inner = [w for w in words[1:-1] if w in _FUNCTION_WORDS]
    return (
        len(words) >= 5
        and all(w.isalpha() and w.islower() for w in words)
        and len(inner) == 1
        and inner[0] in _LINK_WORDS
        and words[0] not in _FUNCTION_WORDS
        and words[-1] not in _FUNCTION_WORDS
    )


def _label_value(m: re.Match[str]) -> _Found | None:
    return (m.start("v"), m.end("v"), "credential") if _label_phrase(m.group("v")) else None


PHRASE_LABEL_FINDERS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], _Found | None]], ...]] = (
    (_LABEL_RE, _label_value),
)


# wave 22: a labelled passphrase written as people say one, with up to half its words short linking words in any of
# the languages above or Swedish ("seven lanterns over the fjord", "blåbär i snön vid älven", "le hibou lit Proust
# sous la pluie", "tunnel lamp referee 1984 blue"), a remark in brackets after it allowed; never a word of advice
_LOOSE_LINKS: Final = frozenset(
    """a an the at in on of by to from with over under into le la les l un une du de des sous sur dans i vid på
    över under och en ett el los las del al der die das im am il lo della sul nel het op every
    na w z po od za pod nad przy ve av af til aan""".split()  # wave 43: Polish, Czech, Nordic and Dutch ones
)
_ADVICE: Final = (_FUNCTION_WORDS - _LOOSE_LINKS) | frozenset(
    """ask contact request call email check look find written printed sealed envelope below above attached unchanged
    none tbd unknown sent separately given provided handed vault keepass bitwarden manager rotate rotated words word
    changing change changed please use using
    ver véase consultar consulte voir consulter siehe vedi zie manual manuel handbuch handleiding pedir pida demander
    demandez fragen chiedere vragen envía enviada enviado envoyée envoyé gesendet separado séparément
    staat ligt steht liegt står ligger finns znajduje najdete trovate encuentra está
    znajdziesz znajdziecie leży zapytaj spytaj poproś sejfie kopercie""".split()  # (wave 43: Polish, with "na")
)  # (wave 24: the advice in Spanish, French, German, Italian and Dutch too: "ver el manual de la cartera"; wave 39:
# where it is, "staat op de kaart bij de koelkast", "liegt im Tresor")
_LOOSE_LABEL_RE: Final = re.compile(
    r"(?i:(?:pass ?phrases?|passphrasen?|lösen(?:ords)?fras(?:en)?|암호문|암호[ \t]?문구|パスフレーズ|"
    + PASSPHRASE_WORDS.replace("_", " ")
    + r")"
    r"(?:[ \t]+(?:for|of|to|on|für|de|du|del|pour|para|per|voor|till|för|zu)[ \t]+[^\n:：]{1,100}?)?[ \t]*"
    r"(?:\([^()\n]{1,40}\)[ \t]*|[-–—][ \t]+[^\n:：()]{1,40}?[ \t]*)?"
    # (wave 25: who chose it and "is" before the colon, "the passphrase the officer chose is:")
    r"(?:[ \t]+[^\n:：.!?]{1,60}?[ \t]+(?:is|was))?[:：][ \t]*)"
    r"(?P<v>[^\W_][\w'’-]{0,30}(?:[ \t]+[^\W_][\w'’-]{0,30}){2,7})"
    r"(?=[ \t]*[.!;]?[ \t]*(?:\([^()\n]{1,80}\)[ \t]*[.!;]?[ \t]*)?\r?(?:\n|$))"  # wave 45: "(...)." too
)


_TIME_WORD_RE: Final = re.compile(r"\d{1,4}(?:am|pm|h|st|nd|rd|th|e|er|te|de|º|ª)")


def _shortest(word: str) -> int:
    return 2 if "\uac00" <= word[0] <= "\ud7a3" else 3


# Korean advice under the label ("자세한 내용은 문서 참조", see the document): a word with a particle or a verb's
# ending, or a noun of advice (refer, ask, check, kept, safe, document, separately, hand over)
_HANGUL_ADVICE_RE: Final = re.compile(
    r"[\uac00-\ud7a3](?:은|는|이|가|을|를|에|에서|의|로|으로|와|과|하세요|세요|니다|요)$|참조|참고|문의|확인|보관|금고|문서|별도|전달"
)


# (wave 40: "and" too, for a phrase alone on its line under its name: "mackerel sky and mare's tails")
_ANDS: Final = frozenset("and und et y e og".split())


def _loose_phrase(value: str, ands: bool = False) -> bool:
    words = [w.lower().strip("'’") for w in value.split()]
    links = _LOOSE_LINKS | _ANDS if ands else _LOOSE_LINKS
    content = [w for w in words if w not in links]
    if (
        any((w in _ADVICE and w not in links) or _HANGUL_ADVICE_RE.search(w) for w in words)
        or len(content) < 3
        or len(content) * 2 < len(words)
    ):
        return False
    # (wave 23: a time or an ordinal is a word of one too, "3am", "42nd")
    # (wave 24: a Hangul word of two syllables is a word too, "고래")
    content = [w.replace("'", "").replace("’", "") for w in content]  # (wave 40: a possessive inside, "mare's")
    plain = all((w.isalpha() and len(w) >= _shortest(w)) or w.isdigit() or _TIME_WORD_RE.fullmatch(w) for w in content)
    return plain and words[-1] not in links


def is_loose_phrase(value: str, ands: bool = False) -> bool:
    """Words as people write a passphrase (``_LOOSE_LABEL_RE``'s judge), for other modules' labels (``ands``: "and"
    may join them, for a phrase alone on its line)."""
    return _loose_phrase(value, ands)


def _loose_value(m: re.Match[str]) -> _Found | None:
    return (m.start("v"), m.end("v"), "credential") if _loose_phrase(m.group("v")) else None


PHRASE_LABEL_FINDERS = (*PHRASE_LABEL_FINDERS, (_LOOSE_LABEL_RE, _loose_value))
# the start word the finders above add to redaction_prose's scan (wired through redaction_accesses)
PHRASE_START_WORDS: Final = r"l[öo]sen(?:ords)?fras(?:en)?"
