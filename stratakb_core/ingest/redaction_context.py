"""Secrets and non-secrets that a line's surroundings reveal, beyond its own syntax (no I/O).

* a console that prints a secret: a prompt and a command showing a file named for one (``$ cat
  config/master.key``, ``PS> Get-Content .\\api-token.txt``) or a secret store's value (``vault kv get
  -field=password``, ``kubectl get secret ... -o jsonpath='{.data.token}' | base64 -d``, ``op read``,
  ``pass show``), then one line of output holding one token- or password-shaped word: that word goes;
* a file named for a secret in prose, a colon and its content alone ending the line ("config/master.key for the
  shop: <32 hex>"; wave 19), when the content looks generated;
* a network device's configuration, a command whose words end in a secret's keyword and the value, with
  nothing after it but the device's own keywords (``crypto isakmp key PSK address 203.0.113.5``,
  ``tacacs-server host 10.0.0.9 key PSK``, ``username ops privilege 15 secret 0 PW``, Junos'
  ``plain-text-password-value PW``); a value with a hash type (``secret 5 $1$...``, ``9 $9$...``) is a hash, not
  the secret;
* an SNMP community string (``snmp-server community NAME RW 10``, ``rocommunity NAME``), unless the default
  ``public`` / ``private``;
* a credentials file that a comment names by its tool's option: OpenVPN's ``auth-user-pass`` file (a user line,
  then the password line), a ``--password-file`` or askpass file (the password line alone);
* ``under_encrypted``: a value in a section whose name says its values are encrypted (a SealedSecret's
  ``encryptedData``, ``encrypted_values``, ``ciphertext``) is ciphertext meant to be committed, not a secret.

Each finder yields ``(start, end, kind)`` of the value only; every repetition is bounded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key, is_weak_key, snake
from stratakb_core.ingest.redaction_more import wave26_spans
from stratakb_core.ingest.redaction_secret_words import secret_word_spans
from stratakb_core.ingest.redaction_values import is_code, is_placeholder, looks_like_secret, looks_random

__all__ = ["context_spans", "mentions_encrypted", "under_encrypted"]

_Found = tuple[int, int, str]

# a shell prompt: $, #, %, >, PS C:\> or user@host:~$
_PROMPT: Final = (
    r"^[ \t]*(?:[$#%>]|PS[^\n>]{0,80}>|[\w.-]{1,32}@[\w.-]{1,64}(?::[^\n$#]{0,80})?[$#])[ \t]+(?:sudo[ \t]+)?"
)
_SHOW_FILE_RE: Final = re.compile(
    _PROMPT + r"(?:cat|type|more|less|head|tail|bat|Get-Content|gc)(?:[ \t]+-[\w-]+)*[ \t]+[\"']?"
    r"(?P<file>[^\s\"'|;&<>]{1,256}?)[\"']?[ \t]*\r?\n(?P<out>[^\n]{1,600})(?:\n|$)",
    re.M,
)
# commands that print a secret's value (the field named must be a secret's, where there is one)
_SHOW_SECRET_RE: Final = re.compile(
    _PROMPT + r"(?:vault[ \t]+(?:kv[ \t]+get|read)[^\n]{0,200}?[ \t]-field[= ](?P<field>[\w.-]{1,64})[^\n]{0,200}"
    r"|kubectl[^\n]{0,200}?jsonpath=[\"']?\{\.data\.(?P<data>[\w.-]{1,64})\}[^\n]{0,100}?\|[ \t]*base64[ \t]+"
    r"(?:-d|--decode|-D)[^\n]{0,60}"
    r"|(?:op[ \t]+read|pass[ \t]+show|gopass[ \t]+show|gcloud[ \t]+secrets[ \t]+versions[ \t]+access)[ \t][^\n]{1,300}"
    r"|aws[ \t]+secretsmanager[ \t]+get-secret-value[^\n]{0,300}?--output[ \t]+text[^\n]{0,60})"
    r"\r?\n(?P<out>[^\n]{1,600})(?:\n|$)",
    re.M,
)
_ONE_WORD_RE: Final = re.compile(r"[ \t]*(?P<v>[^\s]{8,512}?)[ \t]*\r?")
# files whose name says they hold a key, token or password (master.key, api-token.txt, db_password, .secret)
_SECRET_EXT_RE: Final = re.compile(r"\.(?:key|token|secret|pass|password|passwd|pwd|psk)$", re.IGNORECASE)
_PUBLIC_EXT_RE: Final = re.compile(
    r"\.(?:pub|crt|cer|csr|pem|asc|sig|sha\d*|md5|sum|json|ya?ml|toml|ini|env|conf|cfg)$"
)


def _secret_file(path: str) -> bool:
    name = re.split(r"[/\\]", path)[-1].lstrip(".")
    if not name or _PUBLIC_EXT_RE.search(name):
        return False
    stem = name.rsplit(".", 1)[0] if "." in name else name
    return bool(_SECRET_EXT_RE.search(name)) or is_secret_key(name) or is_secret_key(stem)


# a file named for a secret in prose, then a colon and its content alone: "config/master.key for the shop: <hex>"
_FILE_CONTENT_RE: Final = re.compile(
    r"(?<![\w.-])(?P<file>[\w./\\-]{0,100}\.(?:key|token|secret|psk))(?![\w.-])[^\n:：]{0,80}?[:：][ \t]*"
    r"(?P<v>[A-Za-z0-9+/=_-]{16,512})[ \t]*\r?$",
    re.M,
)


def _file_content_spans(text: str) -> Iterator[_Found]:
    for m in _FILE_CONTENT_RE.finditer(text):
        value = m.group("v")
        if _secret_file(m.group("file")) and looks_random(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"


def _console_spans(text: str) -> Iterator[_Found]:
    for pattern in (_SHOW_FILE_RE, _SHOW_SECRET_RE):
        for m in pattern.finditer(text):
            groups = m.groupdict()
            if groups.get("file") is not None and not _secret_file(groups["file"]):
                continue
            field = groups.get("field") or groups.get("data")
            if field is not None and not (is_secret_key(field) or is_weak_key(field)):
                continue
            out = _ONE_WORD_RE.fullmatch(m.group("out"))
            if out is None:
                continue
            value = out.group("v")
            if (looks_random(value) or looks_like_secret(value)) and not is_placeholder(value):
                yield m.start("out") + out.start("v"), m.start("out") + out.end("v"), "credential"


# a device's command: words (names, addresses, numbers), a secret's keyword, an optional type, the value, and
# only the device's keywords after it
_DEVICE_RE: Final = re.compile(
    r"^[ \t]*[a-z][\w-]{1,40}(?:[ \t]+(?:[A-Za-z][\w.-]{0,63}|[\d.:/]{1,43})){0,6}?[ \t]+"
    r"(?:key|secret|password|pre-shared-key|psk|psksecret|key-string|authentication-key|auth-key"
    r"|plain-text-password-value)"
    r"(?:[ \t]+(?P<type>[0-9]|ascii-text|plain-text|cleartext|unencrypted))?[ \t]+(?P<q>\"?)(?P<v>[^\s\"]{4,128})(?P=q)"
    r"(?:[ \t]+(?:address|host|hostname|netmask|mask|port|timeout|vrf|level|priority|group|ro|rw|RO|RW|no-xauth"
    r"|no-config-mode|hmac-[\w-]+|md5|sha\d*)\b[^\n]{0,200})?[ \t]*\r?$",
    re.M,
)
_HASH_TYPES: Final = frozenset({"5", "8", "9"})  # Cisco's MD5, PBKDF2 and scrypt hashes (7 is reversible)


# an SNMP community string, v1/v2c's only credential: IOS's snmp-server community, Junos' snmp community, net-snmp's
# rocommunity / rwcommunity (the defaults public and private protect nothing and stay, as changeme does)
_SNMP_RE: Final = re.compile(
    r"^[ \t]*(?:snmp-server[ \t]+community|(?:set[ \t]+)?snmp[ \t]+community|r[ow]community6?)[ \t]+"
    r"(?P<q>\"?)(?P<v>[^\s\"]{4,128})(?P=q)(?:[ \t][^\n]{0,200})?$",
    re.M,
)
_SNMP_DEFAULTS: Final = frozenset({"public", "private"})


def _device_spans(text: str) -> Iterator[_Found]:
    for m in _DEVICE_RE.finditer(text):
        value = m.group("v")
        if m.group("type") in _HASH_TYPES or value.startswith("$") or is_code(value):
            continue
        if looks_like_secret(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"
    if "ommunity" in text:
        for m in _SNMP_RE.finditer(text):
            value = m.group("v")
            if value.lower() not in _SNMP_DEFAULTS and not is_placeholder(value) and not is_code(value):
                yield m.start("v"), m.end("v"), "credential"


# a credentials file that a comment names by its tool's option: OpenVPN's auth-user-pass file holds a user line and
# a password line, a password-file / passwd-file (rsync, davfs, ...) or an askpass file the password line only
_CRED_FILE_OPT_RE: Final = re.compile(r"auth-user-pass|passw(?:or)?d[-_]file|askpass")
_COMMENT_RE: Final = re.compile(r"[ \t]*(?:#|;|//|(?i:rem)[ \t])")
_FILE_LINE_RE: Final = re.compile(r"[ \t]*(?P<v>[^\s#;][^\s]{0,255})[ \t]*\r?")


def _credential_file_spans(text: str) -> Iterator[_Found]:
    for opt in _CRED_FILE_OPT_RE.finditer(text):
        start = text.rfind("\n", 0, opt.start()) + 1
        if not _COMMENT_RE.match(text, start):
            continue
        lines: list[re.Match[str]] = []
        pos = text.find("\n", opt.end()) + 1
        while 0 < pos < len(text) and len(lines) < 3:
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = _FILE_LINE_RE.fullmatch(text, pos, end)
            if line is None:
                break
            lines.append(line)
            pos = end + 1
        want = 2 if opt.group() == "auth-user-pass" else 1
        if len(lines) != want:
            continue  # not the file itself (more lines, a config, prose)
        value = lines[-1].group("v")
        if looks_like_secret(value) and not is_placeholder(value) and not is_code(value):
            yield lines[-1].start("v"), lines[-1].end("v"), "credential"


def context_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring)."""
    if "\n" in text:
        yield from _console_spans(text)
        if "-pass" in text or "d-file" in text or "d_file" in text or "askpass" in text:
            yield from _credential_file_spans(text)
    yield from _device_spans(text)
    yield from wave26_spans(text)
    yield from secret_word_spans(text)
    low = text.lower()
    if ".key" in low or ".token" in low or ".secret" in low or ".psk" in low:
        yield from _file_content_spans(text)


# a gate (lower-cased text): the text may name an encrypted section somewhere
_ENCRYPTED_WORDS: Final = ("encrypt", "sealed", "cipher", "verschl", "chiffr", "cifrad", "criptat")


def mentions_encrypted(text: str) -> bool:
    """Whether ``text`` may name an encrypted section (a fast gate for ``under_encrypted``)."""
    low = text.lower()
    return any(word in low for word in _ENCRYPTED_WORDS)


_ENCRYPTED_NAME_RE: Final = re.compile(
    r"(?:^|_)(?:encrypted|sealed|ciphertext|cipher_text|ciphered|verschl[üu]sselt|chiffr[ée]e?s?|cifrad[oa]s?"
    r"|criptat[oa]s?)(?:_|$)"
)
_PARENT_RE: Final = re.compile(r"[ \t]*[\"']?(?P<key>[^\s\"':{}]{1,64})[\"']?[ \t]*:[ \t]*\{?[ \t]*\r?$")
_BRACE_KEY_RE: Final = re.compile(r"[\"']?(?P<key>[^\s\"':{},]{1,64})[\"']?[ \t]*:[ \t]*$")


def _encrypted_name(key: str) -> bool:
    return _ENCRYPTED_NAME_RE.search(snake(key)) is not None


def under_encrypted(text: str, pos: int) -> bool:
    """Whether the value at ``pos`` sits in a section named for encrypted values (by indentation, as in YAML
    and printed JSON, or by the braces around it, as in one-line JSON)."""
    depth = 0
    lo = max(0, pos - 2000)
    for i in range(pos - 1, lo - 1, -1):
        ch = text[i]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth == 0:
                key = _BRACE_KEY_RE.search(text, max(0, i - 80), i)
                if key is not None and _encrypted_name(key.group("key")):
                    return True
            depth = max(0, depth - 1)
    start = text.rfind("\n", 0, pos) + 1
    line = text[start:pos]
    indent = len(line) - len(line.lstrip(" \t"))
    for _ in range(60):
        if start == 0 or indent == 0:
            return False
        end = start - 1
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        lead = len(line) - len(line.lstrip(" \t"))
        if line.strip() and lead < indent:
            indent = lead
            parent = _PARENT_RE.fullmatch(line)
            if parent is not None and _encrypted_name(parent.group("key")):
                return True
    return False
