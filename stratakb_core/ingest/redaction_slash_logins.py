"""A login written as user, slash, password in prose or a note (wave 26, no I/O).

People give a login as ``user / password`` ("the new login for the portal is dana.k / Xy-Pw42", "log into the
gateway admin (admin / Pw!9)", a sticky note's "VPN: jholt / Holt4President!"). The password is the word after the
slash when

* the user before it is one word of a login's characters (``dana.k``, ``'itsupport'``, ``svc_ops``) and the value is
  one word ending its clause (the line's end, a full stop, a comma, a bracket or a dash after it);
* the value has a chosen password's shape (``redaction_spoken.shaped``: digits and letters with a symbol or both
  cases), is no path, address, date or version, and differs from the user (``admin / admin`` is a default);
* the line says it is a login: a word for login, account, credentials, user, admin, VPN or the like in some twenty
  languages before the pair, or the user is a well-known account (admin, root, administrator, ...).

Wave 45: after a user written as a mail address, letters and digits ending the clause will do
("planning@studio.example / Setback-3metres").

"read / write", "TCP / UDP", "Q3 / Q4", "admin / ********" and "user / <password>" stay.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped
from stratakb_core.ingest.redaction_values import is_placeholder
from stratakb_core.ingest.redaction_windows import line_matches

__all__ = ["slash_login_spans"]

_Found = tuple[int, int, str]
_PAIR_RE: Final = re.compile(
    r"(?m)(?<![\w/.:@-])(?:[A-Za-z][\w.-]{0,40}[ \t]+/[ \t]+(?=[A-Za-z][\w.@+-]{0,40}[ \t]+/))?"  # wave 30: host / user
    r"(?P<q>[\"'`‘“]?)(?P<u>[A-Za-z][\w.@+-]{0,40}?)(?P=q)[ \t]+/[ \t]+"
    r"(?P<q2>[\"'`‘“]?)(?P<v>[^\s\"'`’”/()]{6,64})(?P=q2)(?=[\"'`’”»)]|[ \t]|\r?$)"
)
_LOGIN_WORDS_RE: Final = re.compile(
    r"(?i)\b(?:log(?:ged)?[ \t-]?(?:in|on)(?:to)?|logins?|sign[ \t-]?in|credentials?|creds|accounts?|admin\w*|users?"
    r"|username|vpn|ssh|rdp|sftp|ftp|portal|console|zugang\w*|anmeld\w*|konto|benutzer\w*|identifiant\w*|connexion"
    r"|compte|utilisateur|acceso|credenciales|cuenta|usuario|accesso|credenziali|utente|inloggning|inlog\w*"
    r"|sticky[ \t-]?notes?|post-?its?|haftnotiz\w*|klebezettel\w*|pense-b[êe]tes?"  # wave 30: a note's login
    r"|gebruiker|account|logowani\w*|użytkownik|přihlášení|účet|tunnu\w*|käyttäjä\w*|bejelentkez\w*|fiók"
    r"|giri[şs]|hesap|kullanıcı|вход\w*|логин|учетн\w*|учётн\w*|користувач|acesso|usuário|conta)\b"
    r"|ログイン|アカウント|ユーザー|登录|账号|帐号|用户|로그인|계정|사용자"
)
_ACCOUNTS: Final = frozenset(
    "admin administrator root sa sysadmin superuser su operator service support itsupport helpdesk".split()
)
_CHOICE_RE: Final = re.compile(r"(?i)\b(?:with|or|and|via|using|through|mit|oder|avec|ou|con|o)[ \t]+\S*\Z")
# wave 45: a user written as a mail address, and a value of letters and digits (a dash allowed) of eight characters or
# more, three letters at least, ending its clause
_LOGIN_USER_RE: Final = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CLAUSE_END_RE: Final = re.compile(r"[ \t]*(?:[.,;!)(–—]|-[ \t]|\r?$|\n)")
_PUBLIC_WORD_RE: Final = re.compile(r"(?i)ticket|issue|case|order|invoice|page|step|section|v\d")
_MIXED_RE: Final = re.compile(r"(?=\S*\d)(?=(?:\S*[A-Za-z]){3})[A-Za-z0-9][A-Za-z0-9-]{7,40}")
_NOT_VALUE_RE: Final = re.compile(r"(?i)^(?:https?:|www\.)|[\w.+-]@[\w-]+\.[a-z]|^\d[\d.:-]*$|^v?\d+(?:\.\d+)+$")


def _mail_login(text: str, m: re.Match[str], user: str, value: str) -> bool:
    """Wave 45: letters and digits after a mail address as the user, ending the clause ("a@b.example / Set3back .")."""
    if not (_LOGIN_USER_RE.fullmatch(user) and _MIXED_RE.fullmatch(value)) or _PUBLIC_WORD_RE.search(value):
        return False
    return _CLAUSE_END_RE.match(text, m.start("v") + len(value)) is not None


def _is_login(text: str, m: re.Match[str], value: str) -> bool:
    user = m.group("u")
    if value.lower() == user.lower() or is_placeholder(value) or _NOT_VALUE_RE.search(value):
        return False
    if not shaped(value) and not _mail_login(text, m, user, value):
        return False
    if user.lower() in _ACCOUNTS:
        return True
    named = user.lower() != user and not re.search(r"[\d._@-]", user)
    if named or _CHOICE_RE.search(text, max(0, m.start() - 40), m.start()):
        return False  # a name ("Google / Office365") or a choice ("with Google / Office365"), not a user
    line_start = text.rfind("\n", max(0, m.start() - 160), m.start()) + 1
    return _LOGIN_WORDS_RE.search(text, max(line_start, m.start() - 160), m.start("u")) is not None


def slash_login_spans(text: str) -> Iterator[_Found]:
    """The password of each ``user / password`` pair on a line that says it is a login."""
    for m in line_matches(_PAIR_RE, text, " / "):
        end = m.end("v") - (m.group("v")[-1] in ".,;:")
        if _is_login(text, m, text[m.start("v") : end]):
            yield m.start("v"), end, "credential"
