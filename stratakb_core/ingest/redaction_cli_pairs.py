"""A login typed as one argument or flags of a file-transfer client, and a note appended from a shell (wave 37).

* lftp's ``-u user,password`` (also after ``open`` inside lftp): the part after the comma goes; ncftp's and
  ncftpput's ``-u user -p password``, the ``-p`` value goes;
* (also wave 37) a login tester's or a remote shell's password flag: ``hydra -l admin -p 'X' host``,
  ``evil-winrm -i host -u ops -p X``, ``xfreerdp /u:ops /p:X`` (``-P`` names a word list and stays);
* a password written into a file from a shell: ``echo 'ctrl pw for next time: X' >> ~/notes.txt``,
  ``printf "db password (new): X\\n" > creds.txt``: a secret's name, a few words of remark, a colon, then the value
  up to the quote (not a hint, a policy, a length or an expiry date).

A placeholder (``$PASS``, ``<password>``, ``****``), code (``"$(cat pw)"``) and a user without a password
(``lftp -u anonymous host``) stay. ``cli_pair_spans`` yields ``(start, end, kind)`` of the value only. No I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_code, is_placeholder

__all__ = ["cli_pair_spans"]

_Found = tuple[int, int, str]

_LFTP_RE: Final = re.compile(
    r"(?:\blftp\b[^\n|;&]{0,80}?|^[ \t]*(?:lftp[^\n>]{0,40}>[ \t]*)?open[ \t]+[^\n|;&]{0,40}?)"
    r"(?:-u|--user)[ \t]+[\"']?[^\s,\"']{1,64},(?P<v>[^\s\"']{1,128})",
    re.MULTILINE,
)
_NCFTP_RE: Final = re.compile(
    r"\bncftp\w*\b[^\n|;&]{0,80}?[ \t]-u[ \t]+\S+[ \t]+(?:[^\n]{0,40}?[ \t])?-p[ \t]+(?P<v>[^\s\"']{1,128})"
)
# wave 37: a login tester's or a remote shell's single password (-P / -C name a list file and stay)
_TOOL_RE: Final = re.compile(
    r"\b(?:hydra|medusa|ncrack|crackmapexec|cme|netexec|nxc|evil-winrm|smbmap|xfreerdp|rdesktop)\b[^\n|;&]{0,120}?"
    r"[ \t](?:-p|--password|/p:)[ \t=]*(?:\"(?P<dv>[^\"\n]{1,128})\"|'(?P<sv>[^'\n]{1,128})'|(?P<uv>[^\s\"']{1,128}))"
)
_NOTE_RE: Final = re.compile(
    r"\b(?:echo|printf)[ \t]+(?:-[ne][ \t]+)?(?P<q>[\"'])"
    r"[^\"'\n]{0,40}?(?i:\b(?:pw|pwd|passwd|pass|password|passphrase|passwort|kennwort"
    r"|mot[ \t]+de[ \t]+passe|contrase[ñn]a|senha|wachtwoord|l[öo]senord|passord|salasana|has[łl]o|pin|secret|token))\b"
    r"(?![^\"':\n]{0,40}?(?i:hint|polic|length|expir|rule))[^\"':\n]{0,40}?:[ \t]*"
    r"(?P<v>[^\s\"'\\]{4,128})(?:\\n)?(?P=q)[ \t]*(?:>>?|\|[ \t]*tee\b)"
)
_GATE: Final = ("lftp", "open", "ncftp", "echo", "printf", "-p", "/p:")


def cli_pair_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if not any(g in text for g in _GATE):
        return
    for pattern in (_LFTP_RE, _NCFTP_RE, _NOTE_RE):
        for m in pattern.finditer(text):
            value = m.group("v")
            if pattern is _NOTE_RE and value.isalpha() and value.islower():
                continue  # lead review: a log line's status or a user ("password changed: success", "for user: alice")
            if not is_placeholder(value) and not is_code(value) and not value.startswith("$"):
                yield m.start("v"), m.end("v"), "credential"
    for m in _TOOL_RE.finditer(text):
        group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
        value = m.group(group)
        if not is_placeholder(value) and not is_code(value) and not value.startswith("$"):
            yield m.start(group), m.end(group), "credential"
