"""Secrets written in sentences, notes and chats rather than in a config's syntax (no I/O).

* "the admin password is r0uterAdm", "das Passwort lautet ...", "password was reset to ...";
* a secret word, a space and the value ending its clause: "user root, passwd t3stB0x!";
* a login pair after a login word: "the admin login for the CMS is editor / Cms$ta-Ed1t",
  "login: desk@corp.example / D3sk!Supp0rt (shared mailbox)", "the credentials are svc:Svc-Pw#9";
* a reply to a question about a password in a chat or a Q/A list: "[10:42] ben: what's the root pw
  again?" answered on the next line by a speaker's message of one password-shaped word (a remark may follow the
  question or the answer, and a word or two may open the answer: "sure, it's ...");
* a passphrase of several words: "use the passphrase violet orbit 2048 and ...", "la parola d'ordine è
  verde mare 71." (content words ending in a number, see ``redaction_phrases``);
* a password in a CJK sentence, written in Latin letters: "Wi-Fiのパスワードは Ab-12cd です", "密码是Ab12!x";
* a secret's name, what it opens in a few words (any language, no list of prepositions), a colon or "is", and a
  value of a password's or (for a token or key) a generated shape: "Heslo k databázi skladu: ...", "voici le mot
  de passe provisoire du portail RH : ... (à changer)", "Passordet til kontoen er ...", "Der API-Schlüssel für
  den Versand ist ... und gilt", "รหัสผ่านเข้าระบบ: ..." (the words must not make it a setting: "policy for");
* a user and a password in a note: "user audit.ext, pass ..." (the abbreviation "pass" only after a user);
* a chat's answer to a question about a login, a user / password pair: "ana: admin / ... - change it after";
* a label alone on its line and the value alone on the next ("Password" / the password, as a mail client's or a
  form's settings are copied), and a value before a copula that ends the sentence (Hindi "... का पासवर्ड X है",
  Persian "رمز عبور ... X است", Turkish "şifresi X'dir");
* a password said to be still in use: "the router's admin password is still changeme" (a well-known
  default counts here, as the sentence says a device still takes it; ``password: changeme`` in a
  config stays a placeholder).

A value may have its closing punctuation set apart by a space ("... ist Kx7!fen#42 .", "... : X , логин ..."), and
in Arabic the copula هي / هو and an "and" joined to the next word (ولا) close it; a value in Latin letters ends where
Hebrew or Arabic text resumes ("... هي X يرجى تغييرها"). A password's shape in both cases may lack a digit when a
symbol sits inside it (``Firma-Wifi#Brno``). A password handed over with a verb ("use the password X", "reset the
password to X", "log in with u / X") is ``redaction_told``'s.

Values must look chosen or generated (digits and letters, a symbol), never a plain word, except for
the well-known defaults of the last form. Each finder yields ``(start, end, kind)`` of the value only. (Wave 37: the
finder of a name, a few words and a value, and the pieces the finders share, live in ``redaction_named_values``.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final

from stratakb_core.ingest.redaction_accesses import ACCESSES_FINDERS, ACCESSES_START_WORDS
from stratakb_core.ingest.redaction_chose import CHOSE_FINDERS
from stratakb_core.ingest.redaction_codes import CODES_FINDERS, CODES_START_WORDS, own_search_spans
from stratakb_core.ingest.redaction_keys import calls_public, is_setting_words
from stratakb_core.ingest.redaction_named_values import END as _END
from stratakb_core.ingest.redaction_named_values import NAMED_RE as _NAMED_RE
from stratakb_core.ingest.redaction_named_values import NAMED_WORDS as _NAMED_WORDS
from stratakb_core.ingest.redaction_named_values import PASSPHRASE_NAMES as _PASSPHRASE_WORDS
from stratakb_core.ingest.redaction_named_values import PROSE_WORDS as _PROSE_WORDS
from stratakb_core.ingest.redaction_named_values import Q_CLOSE as _Q_CLOSE
from stratakb_core.ingest.redaction_named_values import Q_OPEN as _Q_OPEN
from stratakb_core.ingest.redaction_named_values import TOKEN_NAME_RE as _TOKEN_NAME_RE
from stratakb_core.ingest.redaction_named_values import chosen as _chosen
from stratakb_core.ingest.redaction_named_values import named_value as _named_value
from stratakb_core.ingest.redaction_named_values import password_shaped as _password_shaped
from stratakb_core.ingest.redaction_phrases import PHRASE_LABEL_FINDERS, is_loose_phrase, is_passphrase
from stratakb_core.ingest.redaction_reach import tried_spans
from stratakb_core.ingest.redaction_sample_remarks import is_code_in_sentence, is_code_or_sample
from stratakb_core.ingest.redaction_spoken import SPOKEN_FINDERS, SPOKEN_START_WORDS
from stratakb_core.ingest.redaction_told import TOLD_FINDERS, TOLD_START_WORDS
from stratakb_core.ingest.redaction_values import (
    is_code,
    is_joined_passphrase,
    is_placeholder,
    looks_like_secret,
    looks_random,
)
from stratakb_core.ingest.regex_factor import factor_first_char
from stratakb_core.ingest.regex_gate import split_alternatives

__all__ = ["prose_spans"]

_Found = tuple[int, int, str]

# prose: "the admin password is r0uterAdm"; the value must not be a plain word
# also Italian "parola d'ordine", Spanish "clave" (the Wi-Fi's, the router's: "la clave del router es ...")
# what the secret opens: "for the NAS", "de la boîte compta@societe.example", "per accedere al file cifrato",
# also after an article elided into the preposition (Italian dell'account, nell'app; French d'administration)
FOR_WHAT: Final = (
    r"(?:\s+(?:(?:for|of|to|on|at|für|von|zum|zur|de|do|da|del|della|dello|dei|degli|delle|al|alla|allo|nel|nella"
    r"|sul|sulla|du|des|au|aux|dos|das|ao|van|voor|för|till|per|pour|para|na|za|dla|pro|для|от|на)\s+"
    r"|(?:dell|dall|nell|sull|all|d)['’])(?:[^.\n:]|[.:](?=\w)){1,60}?)?"
)
# "is", "was set to", in some languages
COPULA: Final = (
    r"(?:(?:is|was|has been|got|been)\s+(?:now\s+|still\s+)?(?:set|changed|reset|updated)\s+to"
    r"|are\s+(?:both|all)|(?:is|are)\s+now|is|are|was|reads|ist|lautet|war|es|est|é|è|är|er|on|jest|je|to|—)"
)
_PROSE_RE: Final = re.compile(
    r"(?i:\b(?:password|passphrase|passcode|pin|pwd|pw|token|api key|secret|(?:wi-?fi|wlan|wpa2?|wireless) key|"
    + _PROSE_WORDS
    + r")"
    + FOR_WHAT
    + r"\s+"
    + COPULA
    + r"\s+)"
    r"(?:(?P<qt>[\"'`«“‘])(?P<qv>[^\"'`«»“”‘’\n]{4,128})[\"'`»”’]|(?P<v>[^\s\"'`]{4,128}?)[\"'`]?(?=\s|[.,;)]+(?:\s|$)|$))"
)
# a secret word, a space and the value, ending its clause: "user root, passwd t3stB0x!"
_INLINE_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|passphrase|passcode|pwd|pw|master phrase|" + _PROSE_WORDS + r"))"
    r"[ \t]+(?P<v>[^\s\"'`(<\[{$][^\s\"'`(<\[{]{3,127}?)[\"'`]?"
    r"(?=[.,;!)]?(?:[ \t]*$|[ \t]*\n)|[,;][ \t]|[ \t]+\(|[ \t]+[.,;](?:[ \t]|$)|(?P<stop>[.!][ \t]+\S)|[ \t]+[-–—][ \t]"
    r"|[ \t]+(?:and|for|on|to|at|until|or|und|et|y|e|en|och|og|ve|i|als|comme|como|come|olarak|ile)\b)",
    re.MULTILINE,
)
_HASHLIKE_RE: Final = re.compile(r"(?i:sha\d+|md5|bcrypt|argon2\w*|pbkdf2\w*|scrypt|\$\d[a-z]?\$)")
_MIXED_RE: Final = re.compile(r"(?=.*\d)(?=.*[A-Za-z])|[!@#$%^&*+=?~]")

# a passphrase of several words: "use the passphrase violet orbit canal 1987 and ...", "la parola d'ordine
# per ... è girasole azzurro 44." (the words are judged by redaction_phrases.is_passphrase)
_PHRASE_RE: Final = re.compile(
    r"(?i:\b(?:(?>(?P<pp>" + _PASSPHRASE_WORDS + r")(?=\s))(?:" + FOR_WHAT + r"\s+" + COPULA + r")?"
    r"|(?:password|passwd|passcode|" + _PROSE_WORDS + r")" + FOR_WHAT + r"\s+" + COPULA + r")\s+)"
    r"[\"'`«“‘]?(?P<v>[^\W_](?>[\w'’-]{0,30})(?:[ \t]+[^\W_](?>[\w'’-]{0,30})){1,5}?)[\"'`»”’]?"
    r"(?=[ \t]*(?:[.!;,:)]|\r?\n|$)|[ \t]+(?:[–—]|-[ \t]|(?:and|und|et|y|e|en|och|og|ve|i|then|to|for|on|so|but)\b))"
)
# a password in a CJK sentence: "Wi-Fiのパスワードは abc-123 です", "密码是Ab12!xyz", "비밀번호는 ab12cd!입니다"
_CJK_WORDS: Final = "パスワード|暗証番号|密码|密碼|口令|비밀번호|암호"
_CJK_RE: Final = re.compile(
    r"(?:" + _CJK_WORDS + r")[ \t]*"
    r"(?:(?:已经?|现在|現在|目前)?(?:改|设|設|设置|設置|设定|設定|重置|更改|修改|变更|變更|更新)"
    r"(?:为|為|成)|は|が|を|:|：|是|为|為|는|은|을|를)?[ \t]*[「『“\"'`]?"
    r"(?P<v>[!-=?-\\^-|~][!-~]{3,127}?)[」』”\"'`]?(?=[ \t\r\n]|[^!-~]|$)"
)

# a login word ("account" and "access" alone name too much else), a few words, "is" or a colon, then
# user / password or user:password
_LOGIN_PAIR_RE: Final = re.compile(
    r"(?i:\b(?:log[ -]?ins?|logon|sign[ -]?in|credentials?|creds|user(?:name)?[ \t]*/[ \t]*pass(?:word)?"
    r"|zugang(?:sdaten)?|anmeldedaten|identifiants?|acc[eè]s|acceso|accesso|acesso|логин|вход|доступ)\b)"
    r"[^\n/:]{0,60}?(?:[ \t](?:is|are|=|[-–—])|:|：)[ \t]*"
    + _Q_OPEN
    + r"[\w.+@-]{1,64}"
    + _Q_CLOSE
    + r"(?:[ \t]*/[ \t]*|:)"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`/«»“”‘’]{6,128}?)"
    + _Q_CLOSE
    + r"(?=[.,;)]?(?:\s|$))"
)

# a question about a password, then (a blank line or two aside) a chat message of one word answering it
# a chat line's speaker: "[10:42] ben:", "10:42 ben:", "<ben>", "Q:" / "A:"
# (a channel in brackets, a date and a time may come before the name: "[#it-help] 2026-11-12 09:15 ana:")
_SPEAKER: Final = (
    r"[ \t]*(?:\[[^\]\n]{1,40}\][ \t]*)?(?:\d{4}-\d{2}-\d{2}[ T])?(?:\d{1,2}:\d{2}(?::\d{2})?[ \t]+)?"
    r"(?:<[\w. -]{1,32}>|@?[\w.-]{1,32}(?: [\w.-]{1,32})?[ \t]*:)[ \t]*"
)
_SPEAKER_RE: Final = re.compile(_SPEAKER)
# (the question may have a remark after it: "what's the db pw? vault is down"; the answer may open with a word or
# two, "sure, it's ...", and have a remark after it: "stg-Pw-42 (don't paste it anywhere)")
_ANSWER_LEAD: Final = (
    r"(?i:(?:sure|yes|yep|yeah|ok|okay|np|here|claro|s[ií]|ja|klar|oui|da|tak)[,!.:]?[ \t]+)?"
    r"(?i:(?:it['’]?s|it is|that['’]?s|use|try|c['’]est|es ist|es|è|é|это)[ \t]+)?"
)
_CHAT_ANSWER_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|passphrase|passcode|pwd|pw|pin|wi-?fi[ \t]+pass|" + _PROSE_WORDS + r")\b)"
    r"(?P<ask>[^\n]{0,160}?)\?(?:[ \t]+[^\n?]{1,80})?[ \t]*\r?\n"
    r"(?:[ \t]*\r?\n){0,2}" + _SPEAKER + _ANSWER_LEAD + _Q_OPEN + r"(?P<v>[^\s\"'`«»“”‘’]{4,128}?)" + _Q_CLOSE + _END,
    re.MULTILINE,
)
_USER: Final = _Q_OPEN + r"[\w.+@\\-]{1,64}" + _Q_CLOSE
# ... the answer may also be a user and a password ("admin / Staging-Pw-1", "admin:Staging-Pw-1") after a question
# about a login
_CHAT_PAIR_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|pwd|pw|log[ -]?ins?|logon|credentials?|creds|" + _PROSE_WORDS + r")\b)"
    r"[^\n]{0,160}?\?[ \t]*\r?\n(?:[ \t]*\r?\n){0,2}"
    + _SPEAKER
    + _USER
    + r"(?:[ \t]*/[ \t]*|:)"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`/«»“”‘’]{4,128}?)"
    + _Q_CLOSE
    + _END,
    re.MULTILINE,
)
# a user and a password in a note: "user audit.ext, pass X (expires ...)", "login: ana; pw X", or the two
# set apart by a slash alone: "user backup / X"
_USER_WORDS: Final = r"user(?:name)?|login|benutzer(?:name)?|utilisateur|usuario|utente|usu[áa]rio|gebruiker"
_USER_PASS_RE: Final = re.compile(
    r"(?i:\b(?:" + _USER_WORDS + r")\b)(?P<sep>[ \t]*[:=]?[ \t]*)" + _USER + r"(?:[ \t]*[,;/]?[ \t]+"
    r"(?i:(?:pass|pw|pwd|passwd|password|secret|"
    + _PROSE_WORDS
    + r")\b)[ \t]*[:=]?|[ \t]*(?P<slash>/))[ \t]*"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`«»“”‘’]{4,128}?)"
    + _Q_CLOSE
    + _END,
    re.MULTILINE,
)
# a password's label and its value in brackets inside a sentence: "(wachtwoord: X)", "(password = X, ...)"
_BRACKETED_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|pwd|pw|"
    + _PROSE_WORDS
    + r"))[ \t]*[:：=][ \t]*"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`«»“”‘’()（）]{4,128}?)"
    + _Q_CLOSE
    + r"[ \t]*(?:[)）]|[,;][ \t])"
)
_OPEN_BRACKET_RE: Final = re.compile(r"[(（][^()（）\n]{0,80}$")


def _bracketed_value(m: re.Match[str]) -> _Found | None:
    value, text = m.group("v"), m.string
    if _OPEN_BRACKET_RE.search(text, text.rfind("\n", 0, m.start()) + 1, m.start()) is None:
        return None  # not inside brackets
    if _chosen(value) and not is_code(value):
        return m.start("v"), m.end("v"), "credential"
    return None


# a secret's name, what it opens in up to twelve words (Vietnamese writes a word a syllable; or run together, as
# Thai and CJK write it; a remark in brackets may follow), then a colon or "is" (and "now": "est désormais") and the
# a label alone on its line and the value alone on the next, as a form or a mail client's settings are copied
# ("Password" / the password, "SMTP password:" / the password; a blank line may come between)
_NEXT_LINE_RE: Final = re.compile(
    r"(?i:(?P<name>"
    + _NAMED_WORDS
    + r"))[ \t]*[:：]?[ \t]*\r?\n(?:[ \t]*\r?\n)?[ \t]*"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`«»“”‘’]{4,128}?)"
    + _Q_CLOSE
    + r"[ \t]*\r?$",
    re.MULTILINE,
)
# ... the label's line: up to three words before the name, a list bullet
_LABEL_LINE_RE: Final = re.compile(r"[ \t]*(?:[-*•][ \t]+)?(?:[^\W\d_][\w.'’-]{0,30}[ \t]+){0,3}")
# a secret's name, a few words, the value, then a copula at the end, as verb-final languages put it: Hindi
# "सर्वर का पासवर्ड X है", Persian "رمز عبور سرور X است", Marathi, Nepali, Tamil, Turkish "şifresi X'dir"
_VERB_LAST_RE: Final = re.compile(
    r"(?i:(?P<name>password|passwd|pwd|pw|"
    + _PROSE_WORDS
    + r"))(?:[ \t]+[^\s:：]{1,30}){0,3}?[ \t]+(?:[:：][ \t]*)?"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`«»“”‘’]{4,128}?)"
    + _Q_CLOSE
    + r"(?:[ \t]+(?:है|हैं|था|थी|ہے|تھا|است|بود|هست|आहे|छ|हो|ஆகும்|olarak)|['’](?:d|t)[iıuü]r)(?=[\s।۔.,!؛]|$)"
)
_TICKET_RE: Final = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}")  # KB-1234, JIRA-42: a reference, not an answer

# "the default admin password on the router is still changeme - nobody changed it"
_STILL_RE: Final = re.compile(
    r"(?i:\b(?:password|passwd|passcode|pwd|pw|pin|" + _PROSE_WORDS + r")\b[^\n.:;?!]{0,60}?\b"
    r"(?:(?:is|was)(?:\s+(?:it|that|this))?\s+still(?:\s+set\s+to)?|remains(?:\s+set\s+to)?|(?:is|was)\s+(?:left|kept)\s+(?:at|as)"
    r"|(?:was\s+)?never\s+changed\s+from)\s+)"
    + _Q_OPEN
    + r"(?P<v>[^\s\"'`«»“”‘’.,;:?()]{3,64})"
    + _Q_CLOSE
    + r"(?=[ \t]*(?:[.,;:!?)]|[-–—][ \t]|$)|[ \t]+(?:and|but|on|in|for|since|so|until)\b)",
    re.MULTILINE,
)
# passwords devices ship with and people leave in place
_DEFAULT_PASSWORDS: Final = frozenset(
    """
    changeme change_me changeit admin administrator password passw0rd p@ssw0rd password1 letmein welcome toor
    root guest 1234 12345 123456 12345678 123456789 qwerty cisco ubnt raspberry alpine calvin
    admin123 secret123 tomcat oracle postgres
    """.split()
)


_PERCENT_RE: Final = re.compile(r"[+-]?[\d.,]+%[.,;:!?]?")  # "la clave del éxito es 100% constancia"


def _prose_value(m: re.Match[str]) -> _Found | None:
    group = "v" if m.group("v") is not None else "qv"
    value = m.group(group)
    if _PERCENT_RE.fullmatch(value):
        return None
    plain = _MIXED_RE.search(value.rstrip("?!.,:;")) or (group == "qv" and len(value.split()) >= 3)
    if plain and not is_placeholder(value) and not is_code_or_sample(value, m.string[m.end(group) :]):
        return m.start(group), m.end(group), "credential"
    return None


def _inline_value(m: re.Match[str]) -> _Found | None:
    value = m.group("v")
    if m.group("stop") is not None and not looks_like_secret(value):
        return None  # "password v2.0. Then ...": a sentence ends after it, so it must look like a password
    if _MIXED_RE.search(value.rstrip("?!.,:;")) and not is_placeholder(value) and not is_code(value):
        if not _HASHLIKE_RE.match(value):
            return m.start("v"), m.end("v"), "credential"
    return None


def _phrase_value(m: re.Match[str]) -> _Found | None:
    value, named = m.group("v"), m.group("pp") is not None
    stop = m.string.find("\n", m.end("v"))
    whole = m.string[m.start("v") : len(m.string) if stop < 0 else stop].rstrip(" \t.!;\"'`»”’")
    alone = m.string[m.start("v") - 1 : m.start("v")] == "\n"  # the phrase alone on its line under its name
    if named and alone and whole != value and is_loose_phrase(whole, ands=True) and whole.islower():
        value = whole  # wave 40: the line's words whole when "and" joins them ("mackerel sky and mare's tails")
        return (m.start("v"), m.start("v") + len(value), "credential") if not is_placeholder(value) else None
    # five lower-case words or more as people write one: "copper kettle under lavender sky" (wave 25)
    loose = named and len(value.split()) >= 5 and value.islower() and is_loose_phrase(value)
    if (loose or is_passphrase(value, named)) and not is_placeholder(value):
        return m.start("v"), m.end("v"), "credential"
    return None


def _cjk_value(m: re.Match[str]) -> _Found | None:
    value = m.group("v").rstrip(".,;:")
    if m.group(0).startswith("暗証番号") and value.isdigit() and 4 <= len(value) <= 8:  # wave 21: a PIN's digits
        return m.start("v"), m.start("v") + len(value), "credential"
    if _MIXED_RE.search(value) and looks_like_secret(value) and not is_placeholder(value):
        if not is_code_or_sample(value, m.string[m.start("v") + len(value) :]):
            return m.start("v"), m.start("v") + len(value), "credential"
    return None


_WORDS_NUMBER_RE: Final = re.compile(r"[^\W\d_]{3,12}(?:-[^\W\d_]{3,12}){1,5}-\d{2,4}|\d{2,6}(?:-[^\W\d_]{3,12}){2,5}")


def _login_pair_value(m: re.Match[str]) -> _Found | None:
    value, label = m.group("v"), m.string[m.string.rfind("\n", 0, m.start()) + 1 : m.start("v")]  # w32: no public
    joined = _WORDS_NUMBER_RE.fullmatch(value) is not None  # Harbour-Lamp-42 (wave 25), 1423-lab-core (wave 27)
    if (_chosen(value) or joined) and sum(c.isalpha() for c in value) >= 3 and not calls_public(label):  # not 2024-Q1
        return m.start("v"), m.end("v"), "credential"
    return None


# a question about where, which or how, answered by a place, a product or a way: "where is the pw kept?" (not the
# words for "which" that ask "what is the password?" in other languages: quel, cuál, qual, какой, welches)
_NOT_ASKING_VALUE_RE: Final = re.compile(r"(?i:\b(?:where|which|how|why|when|wo|où|dónde|dove|onde|waar|gdzie|где)\b)")


def _asks_for_value(m: re.Match[str]) -> bool:
    """Whether a chat's question asks for the password itself ("what's the db pw again?"), not about a setting
    ("which pw manager?", "the pw policy?") or a place ("where is the pw kept?")."""
    ask = m.groupdict().get("ask")
    if ask is None or is_setting_words(ask):
        return False
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    return _NOT_ASKING_VALUE_RE.search(m.string, line_start, m.end("ask")) is None


def _chat_answer_value(m: re.Match[str]) -> _Found | None:
    value, text = m.group("v"), m.string
    asked_in_chat = _SPEAKER_RE.match(text, text.rfind("\n", 0, m.start()) + 1) is not None
    # a password's shape in both cases (no symbol but a dash) answers a question asking for the password itself
    shaped = _chosen(value) or ((_password_shaped(value) or is_joined_passphrase(value)) and _asks_for_value(m))
    if asked_in_chat and shaped and sum(c.isalpha() for c in value) >= 3:
        if not is_code(value) and not _TICKET_RE.fullmatch(value):
            return m.start("v"), m.end("v"), "credential"
    return None


def _next_line_value(m: re.Match[str]) -> _Found | None:
    value, text = m.group("v"), m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    if _LABEL_LINE_RE.fullmatch(text, line_start, m.start()) is None:
        return None  # the name ends a sentence, not a label
    if is_placeholder(value) or is_code(value) or _TICKET_RE.fullmatch(value):
        return None
    if _TOKEN_NAME_RE.fullmatch(m.group("name")):
        shaped = looks_random(value)
    else:
        shaped = _password_shaped(value) and sum(c.isalpha() for c in value) >= 3
    return (m.start("v"), m.end("v"), "credential") if shaped else None


def _verb_last_value(m: re.Match[str]) -> _Found | None:
    value = m.group("v")
    if _password_shaped(value) and not is_code_in_sentence(value):
        return m.start("v"), m.end("v"), "credential"
    return None


def _user_pass_value(m: re.Match[str]) -> _Found | None:
    value = m.group("v")
    if m.group("slash") and (not m.group("sep") or sum(c.isalpha() for c in value) < 3):
        return None  # "user 2024 / 2025-Q1", a host's path (login.example/...)
    if (_chosen(value) or (not m.group("slash") and value.isdigit() and 5 < len(value) < 9)) and not is_code(value):
        return m.start("v"), m.end("v"), "credential"  # (wave 27: or six to eight digits after a password's word)
    return None


def _still_value(m: re.Match[str]) -> _Found | None:
    value = m.group("v")
    if value.lower().rstrip("!") in _DEFAULT_PASSWORDS or (_password_shaped(value) and not is_code(value)):
        return m.start("v"), m.end("v"), "credential"
    return None


_FINDERS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], _Found | None]], ...]] = (
    (_PROSE_RE, _prose_value),
    (_INLINE_RE, _inline_value),
    (_LOGIN_PAIR_RE, _login_pair_value),
    (_CHAT_ANSWER_RE, _chat_answer_value),
    (_CHAT_PAIR_RE, _chat_answer_value),
    (_USER_PASS_RE, _user_pass_value),
    (_NAMED_RE, _named_value),
    (_NEXT_LINE_RE, _next_line_value),
    (_VERB_LAST_RE, _verb_last_value),
    (_STILL_RE, _still_value),
    (_PHRASE_RE, _phrase_value),
    (_CJK_RE, _cjk_value),
    (_BRACKETED_RE, _bracketed_value),
    *SPOKEN_FINDERS,  # access codes, PINs, "log in as", "use X as the password", ... (redaction_spoken)
    *TOLD_FINDERS,  # "use the password X", "reset the password to X", "log in with u / X" (redaction_told)
    *CODES_FINDERS,  # 2FA backup codes, a safe's combination, "the lock PIN 4862" (redaction_codes)
    *PHRASE_LABEL_FINDERS,  # "Passphrase for the tape archive: amber falcon drifts below" (redaction_phrases)
    *ACCESSES_FINDERS,  # a strong password under a label on a line naming a list of accesses (redaction_accesses)
    *CHOSE_FINDERS,  # "asked for a passphrase, I used: X" (redaction_chose)
)
# every word a finder above starts with (lower case): one scan finds where any of them may match
_START_WORDS: Final = (
    r"password|passwd|passphrase|passcode|pin|pwd|pw|token|api key|secret|wi-?fi key|wlan key|wpa2? key"
    r"|wireless key|log[ -]?ins?|logon|sign[ -]?in"
    r"|credentials?|creds|user|zugang|anmeldedaten|identifiant|acc[eè]s|acceso|accesso|acesso|логин|вход|доступ|"
    + _PROSE_WORDS
    + "|"
    + _PASSPHRASE_WORDS
    + r"|mnemonic|seed[ \t]+words|(?:backup|wallet)[ \t]+phrase|key[ -]?phrases?|"
    + _USER_WORDS
    + "|"
    + _NAMED_WORDS
    + "|"
    + SPOKEN_START_WORDS
    + "|"
    + TOLD_START_WORDS
    + "|"
    + CODES_START_WORDS
    + "|"
    + ACCESSES_START_WORDS
)
# (no \b before a CJK word: it follows another without a space, Wi-Fiのパスワード)
_STARTS: Final = r"\b(?:" + _START_WORDS + ")|" + _CJK_WORDS
# the same scan with the words factored by first letter (regex_factor): the same places, a third of the time
_STARTS_RE: Final = re.compile(
    r"\b" + (factor_first_char(split_alternatives(_START_WORDS)) or f"(?:{_START_WORDS})") + "|" + _CJK_WORDS
)
_STARTS_ANY_CASE_RE: Final = re.compile(_STARTS, re.IGNORECASE)


def prose_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring).

    Each finder starts with a word of ``_STARTS``: a single case-sensitive scan of the lower-cased
    text finds those places (three times faster than a case-blind scan per finder), and each finder
    is tried there only, its matches kept apart as ``finditer`` would (none starts inside the last).
    """
    low = text.lower()
    scan, source = (_STARTS_RE, low) if len(low) == len(text) else (_STARTS_ANY_CASE_RE, text)
    yield from tried_spans(text, [m.start() for m in scan.finditer(source)], _FINDERS)
    yield from own_search_spans(text)
