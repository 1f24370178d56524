"""Secrets said in a sentence or a quote in forms the older finders leave (wave 29, no I/O).

* a password's name, a few words saying when or where ("after reset", "on the test jig"), a copula and a chosen
  password ending its clause: "the SonarQube admin password after reset is X" (``redaction_spoken.shaped``), or
  three to seven lowercase words joined by dashes ("... is blue-harbour-seven-lanterns, all lowercase"); (wave 48)
  an account's address in brackets may stand among those words ("a senha do e-mail (caixa@loja.example) passou a
  ser X");
* a password's name and a qualifier and the value with no colon: "mot de passe provisoire X.", "temporary
  password X", "Passwort vorläufig X";
* a CJK password's name, 是 / 为 and the value: "银行卡的密码是 630814" (four to eight digits, or a chosen one);
* a short label inside quotes whose value ends at the closing quote: '"rx admin pw: X"', or before a dash and more
  words ("user: ncox - pw: X - change after training");
* a verb of setting, the password's name and "to" / "a" / "auf": "le he reseteado la clave a X y ...", or the verb
  last: "das Passwort von Jonas auf X zurückgesetzt";
* a webhook's URL on any host with its key in the query, whole: ``https://hooks.example/send?key=<uuid or token>``;
* a code after a gate's, a door's or an alarm's name and a dash, with a star or a hash: "Weekend gate - 3390#";
  a safe's or a padlock's combination of dashed numbers a few words after its name ("coffre de l'étude = 48-15-62").

The gap before the copula may not name a setting about the password (policy, field, length, reset link, hint, ...),
and a line calling its value an example is kept. ``said_value_spans`` yields ``(start, end, kind)`` of the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, PW_WORDS, VALUE, not_an_example, shaped
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_random

__all__ = ["said_value_spans"]

_Found = tuple[int, int, str]

_NAME: Final = r"(?i:\b(?:" + PW_WORDS + r"|pw|pwd)\b)"
_COPULA_RE: Final = re.compile(
    _NAME + r"(?P<gap>(?:[ \t]+(?:[^\s.:;?!=]{1,20}|\([^\s()@]{1,40}@[^\s()@]{1,60}\))){1,6}?)"
    r"[ \t]+(?i:is|was|ist|est|es|é|è|er|är|je|jest|on|ficou"
    r"|passou[ \t]+a[ \t]+ser|became|wordt|wurde|devient|diventa)"
    r"(?:[ \t]+(?i:now|still|jetzt|maintenant|ahora|agora|ora|nu|tijdelijk|temporarily|vorübergehend"
    r"|temporairement|temporalmente))?[ \t]+" + VALUE + END,
    re.MULTILINE,
)
# "reset the password to X", "le he reseteado la clave a X", "Passwort auf X zurückgesetzt" (a verb of setting before)
_RESET_RE: Final = re.compile(
    r"(?i:\b(?:reset|set|changed?|reseteado|restablecido|cambiado|puesto|zur[üu]ckgesetzt|ge[äa]ndert|gesetzt"
    r"|r[ée]initialis[ée]|chang[ée]|d[ée]fini|redefini\w*|alterad\w*|teruggezet|gewijzigd|[åa]terst[äa]llt|[äa]ndrat)\b)"
    r"[^\n.?!]{0,40}?(?:" + _NAME + r"|(?i:\bclave\b|\bchave\b))(?:[ \t]+[^\s.:;?!=]{1,20}){0,4}?[ \t]+"
    r"(?i:to|a|auf|à|para|naar|till|til|na|do)[ \t]+" + VALUE + END,
    re.MULTILINE,
)
# German puts the verb last: "das Passwort von Jonas auf X zurückgesetzt", Dutch too: "wachtwoord naar X gewijzigd"
_RESET_LAST_RE: Final = re.compile(
    _NAME + r"(?:[ \t]+[^\s.:;?!=]{1,20}){0,4}?[ \t]+(?i:auf|naar|op)[ \t]+(?P<v>[^\s\"'`«»“”‘’()]{4,64})"
    r"[ \t]+(?i:zur[üu]ckgesetzt|ge[äa]ndert|gesetzt|teruggezet|gewijzigd|veranderd|ingesteld)\b"
)
# "user: ncox - pw: X - change after training": a short label, its value, a dash and more words
_DASHED_ON_RE: Final = re.compile(_NAME + r"[ \t]*[:=][ \t]*(?P<v>[^\s\"“”'‘’]{4,64})(?=[ \t]+[-–—][ \t])")
_DASHED_RE: Final = re.compile(r"[a-z]{3,12}(?:-[a-z]{3,12}){2,6}")
_SETTING_RE: Final = re.compile(
    r"(?i)polic|field|length|reset[ \t]+link|hint|format|requirement|rule|expir|prompt|manager|column|minimum"
    r"|example|e\.g\.|sample|default|richtlinie|regel|politique|pol[íi]tica"
)
_ADDRESS_RE: Final = re.compile(r"\([^\s()@]{1,40}@[^\s()@]{1,60}\)")
_QUALIFIED_RE: Final = re.compile(
    r"(?i:\b(?:mot[ \t]+de[ \t]+passe|password|contrase[ñn]a|senha|passwort|kennwort|wachtwoord|hasło)[ \t]+"
    r"(?:provisoire|temporaire|initial|temporary|initiale?|temporal|provis[óo]rio|tempor[áa]rio|vorl[äa]ufig"
    r"|tijdelijk|tymczasowe|provvisoria|temporanea))[ \t]+" + VALUE + END,
    re.MULTILINE,
)
_CJK_RE: Final = re.compile(
    r"(?:密码|密碼|口令|暗证号码|暗証番号)(?:是|为|為|は)[ \t]*(?P<v>[^\s，。、,]{4,64}?)(?=[，。、,\s]|$)"
)
_QUOTED_RE: Final = re.compile(
    r"[\"“'‘][^\"“”'‘’\n]{0,40}?" + _NAME + r"[ \t]*[:=][ \t]*(?P<v>[^\s\"“”'‘’]{4,64})[\"”'’]"
)
_WEBHOOK_RE: Final = re.compile(
    r"(?i:https?://[^\s/?#]{1,80}/[^\s?#]{0,120}?(?:webhook|hooks?|notify|send)[^\s?#]{0,60}\?(?:[^\s#]{0,120}&)?"
    r"(?:key|token|access_token|secret|sign|signature)=)(?P<v>[\w-]{20,128})"
)
_GATE_DASH_RE: Final = re.compile(
    r"(?i:\b(?:gate|door|barrier|alarm|safe|padlock|keypad|portail|porte|puerta|porta|tor|poort|brama))"
    r"[ \t]+[-–—][ \t]+(?P<v>[#*]?\d{4,8}[#*]|[#*]\d{4,8})(?=[ \t]+[-–—]|[ \t]*[.,;)'\"]|[ \t]*$)",
    re.MULTILINE,
)
# a safe named, a few words, "=" or a colon or a space, and a combination of dashed numbers ("coffre de l'étude =
# 48-15-62", "safe L-R-L 22-9-37")
_SAFE_DASHED_RE: Final = re.compile(
    r"(?i:\b(?:safe|coffre|tresor|cassaforte|caja[ \t]+fuerte|cofre|kluis|sejf|trezor|сейф|padlock|cadenas"
    r"|candado|lucchetto|cadeado|vorh[äa]ngeschloss))[^\n=:»”\"]{0,40}?(?:[ \t]*[=:][ \t]*|[ \t]+)"
    r"(?P<v>\d{1,3}(?:-\d{1,3}){2,4})(?![\d-])"
)


def _copula(m: re.Match[str]) -> bool:
    value = m.group("v")
    gap = _ADDRESS_RE.sub(" ", m.group("gap"))  # an account's address (a.b@site.example) names no setting
    if _SETTING_RE.search(gap) is not None or is_placeholder(value):
        return False
    return shaped(value) or _DASHED_RE.fullmatch(value) is not None


def _digits_or_chosen(m: re.Match[str]) -> bool:
    value = m.group("v")
    return (value.isdigit() and 4 <= len(value) <= 8) or shaped(value)


def _chosen(m: re.Match[str]) -> bool:
    return shaped(m.group("v"))


_VERSIONED_RE: Final = re.compile(r"[A-Z]?[a-z]+[- ]v?\d{1,2}(?:\.\d+)*")


def _labelled(m: re.Match[str]) -> bool:
    """A value a password's own label gives: a digit or a symbol in it is enough (pipette4ever), not a word alone."""
    value = m.group("v")
    if is_placeholder(value) or is_code(value) or _VERSIONED_RE.fullmatch(value):  # Python-3: a runtime's name
        return False
    return re.search(r"[\d!@#$%^&*+=?~]", value) is not None


def _generated(m: re.Match[str]) -> _Found | None:
    """A webhook's URL with its key, whole (as a Slack webhook goes): its host is often a documentation domain
    (.example), so no example test on the line."""
    value = m.group("v")
    return (m.start(), m.end("v"), "credential") if looks_random(value) or value.count("-") == 4 else None


def _always(m: re.Match[str]) -> bool:
    return True


# plain substring tests before the search: a text without one of these names no password
_PW_GATE: Final = (
    "pass", "pw", "wort", "woord", "senha", "contras", "has", "sandi", "senord", "parol", "пароль", "şifre", "sifre",
    "heslo", "jelsz", "salasana", "κωδικ", "lozink", "geslo", "mdp", "sana", "パスワード", "密码", "密碼", "비밀번호",
    "clave", "chave", "adgangskod",  # wave 31: Danish adgangskode(n)
)  # fmt: skip
_COPULAS: Final = (
    " is ", " was ", " ist ", " est ", " es ", " é ", " è ", " er ", " är ", " je ", " jest ", " on ", " ficou ",
    " passou ", " became ", " wordt ", " wurde ", " devient ", " diventa ",
)  # fmt: skip
_SET_LAST: Final = ("gesetzt", "geändert", "geaendert", "teruggezet", "gewijzigd", "veranderd", "ingesteld")
# each finder: its pattern, its judge, and groups of substrings of which the lower-cased text must hold one each
_FINDERS: Final = (
    (_COPULA_RE, not_an_example(_copula), (_PW_GATE, _COPULAS)),
    (_QUALIFIED_RE, not_an_example(_chosen), (("passe", "password", "contrase", "senha", "passwort", "wachtwoord"),)),
    (_CJK_RE, not_an_example(_digits_or_chosen), (("密", "口令", "暗証"),)),
    (_QUOTED_RE, not_an_example(_chosen), (("pw", "pass", "wort", "sen", "has"), ("\"", "'", "“", "‘"))),
    (_RESET_RE, not_an_example(_chosen), (_PW_GATE, ("set", "chang", "cambi", "puesto", "ndert", "initialis",
                                                    "défini", "defini", "alterad", "gewijzigd", "llt", "ndrat"))),
    (_RESET_LAST_RE, not_an_example(_chosen), (_PW_GATE, _SET_LAST)),
    (_DASHED_ON_RE, not_an_example(_labelled), (_PW_GATE, (" - ", " – ", " — "))),
    (_WEBHOOK_RE, _generated, (("://",),)),
    (_GATE_DASH_RE, not_an_example(_always), (("#", "*"),)),
    (_SAFE_DASHED_RE, not_an_example(_always), (("-",),)),
)


def said_value_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    low = text.lower()
    for pattern, judge, gates in _FINDERS:
        if all(any(word in low for word in gate) for gate in gates):
            for m in pattern.finditer(text):
                if (found := judge(m)) is not None:
                    yield found
