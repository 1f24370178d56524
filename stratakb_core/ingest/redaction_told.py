"""A password told to someone in a message, with the verb that hands it over (no I/O).

* "use the password X with your usual address", "utilise le mot de passe X", "verwende das Passwort X": a verb of
  using or entering, the password's name and the value right after it (found at the name, the verb looked for
  before it on its line);
* "reset their VPN password to X", "changed the admin password to X": the value a password was set to;
* "the vpn user is svc-night and the pass is X": the abbreviation "pass" given as a value, after a user on its line
  ("the pass is valid" alone is no secret);
* "user admin, pass X" (wave 19): "pass" right after a comma following the user;
* "I reset it to X" (wave 19): a value of a strong password's shape (both cases, a symbol) that "it" was reset or
  set to, a login, a password, an account or a portal spoken of in the 200 characters before;
* "log in with kiosk-07 / X", "sign in using ops / X": a login verb, "with", a user, a slash and the password;
* "temporary password set to X" (wave 18): the value a password was set to, said after its name;
* (wave 20) "al becario le he puesto la contraseña X", "I've given her the password X": a verb of giving or putting
  before the name, as one of using;
* "bitte den geheimen Schlüssel X verwenden", "the API token X expires in May": a token's or secret key's name and
  a generated value right after it (20 characters or more, random-looking).

Values must look chosen or generated (``redaction_spoken.shaped``; after a user, a password's shape in both cases),
and a line calling its value an example is kept.
The finders (``TOLD_FINDERS``) are run by ``redaction_prose.prose_spans`` at their start words (``TOLD_START_WORDS``)
in the one scan it makes of the text. Each yields ``(start, end, kind)`` of the value only.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_spoken import END, PW_WORDS, STRONG_RE, VALUE, Finder, finders, shaped
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_like_secret, looks_random

__all__ = ["TOKEN_NAMES", "TOLD_FINDERS", "TOLD_START_WORDS"]


# a value right after a name ends at a space: a chosen one holds none
_WORD_END: Final = r"(?=[.,;:!?)]{0,3}(?:\s|$))"
_NAMES: Final = PW_WORDS + r"|pw|pwd"
# the password's name, then "to" and the value, or the value itself
_AT_NAME_RE: Final = re.compile(
    r"(?i:\b(?:" + _NAMES + r"))(?P<to>[ \t]+(?i:to|auf|à|a|en|na|naar|para))?[ \t]+" + VALUE + _WORD_END
)
# ... or set to it, said after the name: "temporary password set to X", "password was reset to X"
_SET_AFTER_RE: Final = re.compile(
    r"(?i:\b(?:" + _NAMES + r")[ \t]+(?:(?:was|is|has[ \t]+been|got|been)[ \t]+)?(?:re)?(?:set|changed|updated)"
    r"[ \t]+to)[ \t]+" + VALUE + _WORD_END
)
# a token's or a secret key's name, in some languages (also used by ``redaction_prose``)
TOKEN_NAMES: Final = (
    r"api[- ]?key|api[- ]?token|access[- ]token|secret[- ]key|token|api[- ]schl[üu]ssel|cl[ée] (?:d['’])?api"
    r"|clave (?:de )?api|chiave (?:di )?api|chave (?:de )?api|api[- ]sleutel|klucz api|api[- ]ключ|ключ api|jeton|токен"
    # a secret or access key in other languages: chave secreta, clave de acceso, clé d'accès, geheimer Schlüssel
    r"|(?:chave|clave|chiave) (?:secret[ao]|segreta|privad[ao]|privata|de acc?ess?o|di accesso)"
    r"|cl[ée] (?:secr[èe]te|priv[ée]e|d['’]acc[èe]s)|geheime[rn]? schl[üu]ssel|(?:geheim|zugriffs|zugangs)schl[üu]ssel"
    r"|geheime sleutel|toegangssleutel|(?:tajny )?klucz (?:tajny|prywatny|dost[ęe]pu)|секретный ключ|ключ доступа"
    # wave 23: Czech and Slovak, "API klíč", "tajný klíč"
    r"|api[- ]kl[íi][čc]|kl[íi][čc] api|tajn[ýy] kl[íi][čc]|api[- ]k[ľl][úu][čc]|k[ľl][úu][čc] api"
)
# a token's name and a generated value right after it, in a sentence: "bitte den geheimen Schlüssel X verwenden"
_TOKEN_AT_NAME_RE: Final = re.compile(r"(?i:\b(?:" + TOKEN_NAMES + r"))[ \t]+" + VALUE + _WORD_END)
# ... before it on its line: a verb of using (then an article or two), or one of setting (a few words between)
_USE_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:use|using|enter|type|try|utilise[zr]?|utilisant|entre[zr]?|saisi(?:r|ssez)|tape[zr]?|usa|usar|usa[dn]do"
    r"|utilice|utiliza|introduce|verwende[nt]?|nutze|benutze|gib|gebruik|voer|użyj|wpisz|usate|inserisci"
    # wave 20: a verb of giving or putting in place ("le he dado la contraseña X", "I've given her the password X")
    r"|puesto|puse|pongo|asignado|asign[ée]|dado|given|gave|assigned|mis|donn[ée]|attribu[ée]|vergeben|gegeben"
    r"|messo|dato|assegnato|gegeven|toegewezen|habe|hab|hat|haben|heb|heeft)[ \t]+"
    r"(?:(?:the|your|this|our|new|temporary|initial|le|la|l['’]|ton|ta|votre|nouveau|el|tu|su|la|das|dein|ihr|neue"
    r"|het|je|o|a|il|tuo|nuova|him|her|them|you|lui|leur|ihm|ihnen|dir|hem|haar|gli)[ \t]*){0,3})$"
)
_SET_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:reset|resets|changed|change|changes|set|sets|updated|update|rotated|rotate)(?:[ \t]+[^\s.!?;:]{1,25})"
    r"{0,4}?[ \t]+)$"
)
# "the pass is X" after a user on its line
_USER_PASS_IS_RE: Final = re.compile(
    r"(?i:\buser(?:name)?\b)[^\n]{0,60}?(?:(?i:\bpass[ \t]+(?:is|was|=|:))|,[ \t]*(?i:pass))[ \t]+" + VALUE + END
)
# "I reset it to X" where a login or a password was spoken of just before (the value a strong password's shape)
_SET_IT_RE: Final = re.compile(
    r"(?i:\b(?:reset|changed|set|updated)[ \t]+it[ \t]+(?:back[ \t]+)?to)[ \t]+" + VALUE + _WORD_END
)
_LOGIN_WORDS_RE: Final = re.compile(
    r"(?i:\b(?:log(?:ged|ging)?[ -]?(?:in|on)|login|sign(?:ed|ing)?[ -]?in|password|passwort|mot de passe"
    r"|contrase[ñn]a|account|portal)\b)"
)
# "the publisher now logs in with X" (a password's shape, not a provider: "signs in with Google"; wave 25)
_LOGS_IN_WITH_RE: Final = re.compile(
    r"(?i:\b(?:logs[ -]?(?:in|on)|signs[ -]?in)[ \t]+(?:now[ \t]+)?(?:with|using))[ \t]+" + VALUE + _WORD_END
)
# a password quoted right after its name, as a list or a command writes it: 'usuario "ana", contraseña "X"',
# "mysqladmin ... password 'X'" (a chosen password's shape, as "use the password X" asks; wave 25)
_QUOTED_AT_NAME_RE: Final = re.compile(
    r"(?i:\b(?:" + _NAMES + r"))[ \t]+(?P<q>[\"'“‘«])(?P<v>[^\s\"'“”‘’«»]{4,128})[\"'”’»]" + _WORD_END
)
# "log in with kiosk-07 / X"
_LOGIN_WITH_RE: Final = re.compile(
    r"(?i:\b(?:log(?:ged|ging)?[ -]?(?:in|on)|sign(?:ed|ing)?[ -]?in|connect)[ \t]+(?:with|using|as))[ \t]+"
    r"[\"'`]?(?P<user>[\w.@\\-]{1,64})[\"'`]?[ \t]*/[ \t]*" + VALUE + _WORD_END
)


def _told_at_name(m: re.Match[str]) -> bool:
    text, pos = m.string, m.start()
    line_start = max(text.rfind("\n", max(0, pos - 120), pos) + 1, pos - 120)  # (not back to a long line's start)
    # either search ends at the name and spans at most five words, so it starts within the last six: a search from
    # each of 120 places cost 16 µs a name on a run of names ("password password ...")
    words = text[line_start:pos].rsplit(None, 6)
    start = line_start + len(words[0]) if len(words) == 7 else line_start
    before = _SET_BEFORE_RE if m.group("to") else _USE_BEFORE_RE
    return shaped(m.group("v")) and before.search(text, start, pos) is not None


def _set_after_value(m: re.Match[str]) -> bool:
    return shaped(m.group("v"))


def _set_it_value(m: re.Match[str]) -> bool:
    text, pos, value = m.string, m.start(), m.group("v")
    strong = STRONG_RE.search(value) is not None and value.lower() != value and value.upper() != value
    return strong and shaped(value) and _LOGIN_WORDS_RE.search(text, max(0, pos - 200), pos) is not None


def _token_value(m: re.Match[str]) -> bool:
    value = m.group("v")
    return len(value) >= 20 and looks_random(value) and not is_placeholder(value) and not is_code(value)


def _login_with_value(m: re.Match[str]) -> bool:
    """An account's name, not a capitalised one naming a provider ("sign in with Google / Office365")."""
    user = m.group("user")
    return not (user[:1].isupper() and user[1:].isalpha()) and _told_value(m)


def _told_value(m: re.Match[str]) -> bool:
    """After a user, a password's shape in both cases is enough (Harbor-Light7), as a login pair's is in prose."""
    value = m.group("v")
    mixed = value.lower() != value and value.upper() != value
    return shaped(value) or (mixed and looks_like_secret(value) and not is_placeholder(value))


TOLD_FINDERS: Final[tuple[Finder, ...]] = finders(
    (_AT_NAME_RE, _told_at_name),
    (_USER_PASS_IS_RE, _told_value),
    (_LOGIN_WITH_RE, _login_with_value),
    (_LOGS_IN_WITH_RE, _told_value),
    (_QUOTED_AT_NAME_RE, _set_after_value),
    (_SET_AFTER_RE, _set_after_value),
    (_TOKEN_AT_NAME_RE, _token_value),
    (_SET_IT_RE, _set_it_value),
)
# every word a finder above starts with (lower case)
TOLD_START_WORDS: Final = (
    TOKEN_NAMES
    + r"|reset|changed|set|updated|user|log(?:ged|ging|s)?[ -]?(?:in|on)|sign(?:ed|ing|s)?[ -]?in|connect|pw|pwd|"
    + PW_WORDS
)
