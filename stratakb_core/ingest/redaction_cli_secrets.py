"""Secrets a console session or a config gives where no label names them (wave 26, no I/O).

* ``sudo -S`` reads the password from standard input: ``echo 'PW' | sudo -S ...`` and ``sudo -S <<< 'PW' ...``;
* MinIO's client stores an alias with its access key and secret key as bare arguments: ``mc alias set NAME URL
  ACCESS SECRET`` (also the older ``mc config host add``): the last argument goes;
* a prompt a tool printed and the answer typed after it, as a transcript shows it: ``Password for
  'https://git@host':`` (git's credential prompt), ``[sudo] password for ops:``, ``Enter passphrase for key
  '~/.ssh/id_ed25519':`` followed by the value on the same line;
* a Kubernetes ``kubernetes.io/dockerconfigjson`` Secret's ``.dockerconfigjson`` (or ``.dockercfg``): base64 of a
  registry login, whatever key it sits under in ``data:``;
* (wave 27) any tool told to read its password from standard input and given it in a here-string
  (``openconnect ... --passwd-on-stdin <<< 'PW'``, ``--password-stdin <<< PW``); a console login given as bare
  arguments after ``+login`` (``steamcmd +login USER PW``); a game server's login token directive
  (``sv_setsteamaccount TOKEN``);
* (wave 33) a Samba tool's login given whole, ``user%password``, to ``-U`` / ``--user``: ``smbclient //nas/share -U
  ops%PW``, ``rpcclient -U 'DOM\\ops%PW' host``, ``net ads join -U admin%PW``: the part after ``%`` goes.

A placeholder (``$PASSWORD``, ``<secret>``, ``****``) stays; so does a value of code (``"$(cat pw.txt)"``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_values import is_code, is_placeholder

__all__ = ["cli_secret_spans"]

_Found = tuple[int, int, str]
_QV: Final = r"(?:\"(?P<dv>[^\"\n]{1,128})\"|'(?P<sv>[^'\n]{1,128})'|(?P<uv>[^\s\"'|;&<>]{1,128}))"
_SUDO_RE: Final = re.compile(
    r"\becho[ \t]+(?:-[ne][ \t]+)?" + _QV + r"[ \t]*\|[ \t]*sudo[ \t]+(?:-[A-Za-z][ \t]+)*?-[A-Za-z]*S\b"
    r"|\bsudo[ \t]+(?:-[A-Za-z]+[ \t]+)*?-[A-Za-z]*S\b[^\n|<]{0,80}?<<<[ \t]*"
    + _QV.replace("dv>", "dv2>").replace("sv>", "sv2>").replace("uv>", "uv2>")
)
_MC_RE: Final = re.compile(
    r"\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+" + _QV
)
_PROMPT_RE: Final = re.compile(
    r"(?im)^[ \t]*(?:\[sudo\][ \t]+)?(?:enter[ \t]+)?(?:password|passphrase|pass[ \t]phrase)[ \t]+for[ \t]+"
    r"(?:'[^'\n]{1,200}'|\"[^\"\n]{1,200}\"|[\w.@-]{1,64}(?:[ \t]+'[^'\n]{1,200}')?):[ \t]*"
    r"(?P<uv>[^\s\"']{4,128})[ \t]*$"
)
_STDIN_FLAG_RE: Final = re.compile(
    r"--(?:passw(?:or)?d|pass)-(?:on-|from-)?stdin\b[^\n|<]{0,120}?<<<[ \t]*" + _QV
)
_PLUS_LOGIN_RE: Final = re.compile(r"\+login[ \t]+[^\s+\"']{1,64}[ \t]+" + _QV)
_GAME_TOKEN_RE: Final = re.compile(r"\bsv_setsteamaccount[ \t]+" + _QV)
_SAMBA_RE: Final = re.compile(
    r"\b(?:smbclient|rpcclient|smbcacls|smbget|smbmap|smbtree|winexe|samba-tool|net[ \t]+(?:ads|rpc|sam))\b"
    r"[^\n]{0,200}?(?:-U[ \t]*|--user(?:name)?[= \t][ \t]*)[\"']?[^\s%\"']{1,64}%(?P<uv>[^\s\"'|;&<>]{1,128})"
)
_DOCKERCFG_RE: Final = re.compile(
    r"[\"']?\.docker(?:configjson|cfg)[\"']?[ \t]*:[ \t]*[\"']?(?P<uv>[A-Za-z0-9+/]{24,}={0,2})(?![\w+/=])"
)


def _value(m: re.Match[str]) -> tuple[int, int] | None:
    group = next((g for g in m.re.groupindex if m.group(g) is not None), None)
    if group is None:
        return None
    value = m.group(group)
    code = is_code(value) and m.re is not _SAMBA_RE  # a Samba login's password is typed, never code (Mai.Hof_21)
    if is_placeholder(value) or code or value.startswith(("$", "-", "+")):
        return None
    return m.start(group), m.end(group)


def cli_secret_spans(text: str) -> Iterator[_Found]:
    """The values of ``sudo -S``, ``mc alias set``, a tool's password prompt, a ``.dockerconfigjson``, ``-U u%PW``."""
    low = text.lower()
    gated = (
        (_SUDO_RE, "sudo"), (_MC_RE, "mc "), (_PROMPT_RE, " for "), (_DOCKERCFG_RE, ".docker"),
        (_STDIN_FLAG_RE, "stdin"), (_PLUS_LOGIN_RE, "+login"), (_GAME_TOKEN_RE, "sv_setsteamaccount"),
        (_SAMBA_RE, "%"),
    )  # fmt: skip
    for pattern, literal in gated:
        if literal not in low:
            continue
        for m in pattern.finditer(text):
            span = _value(m)
            if span:
                yield span[0], span[1], "credential"
