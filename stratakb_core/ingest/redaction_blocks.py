"""Secrets that only their surroundings reveal: whole blocks and pairs (no I/O).

* a Kubernetes ``kind: Secret``: every value under its ``data:`` / ``stringData:`` (base64 or plain);
* a base64-encoded PEM private key (``LS0tLS1CRUdJTi...``, what ``tls.key`` holds) anywhere;
* an XML element named by an attribute: ``<entry key="password">v</entry>``, ``<setting name="ApiKey">``;
* AWS's secret access key: 40 base64 characters near an access key id (``AKIA...``/``ASIA...``);
* a PuTTY private key file's ``Private-Lines:`` block;
* the password of a ``.pgpass`` line, ``hostname:port:database:username:password``;
* a session cookie's value in a ``Cookie`` / ``Set-Cookie`` header or ``curl --cookie``
  (``sessionid``, ``PHPSESSID``, ``auth_token``, ...), when it looks generated;
* a combo-list entry ``someone@example.com:password`` inside a sentence, when the password looks chosen
  or generated (a line holding nothing else is a shape of ``redaction`` itself);
* ``user:password@host`` without a scheme (a proxy setting, rsync, scp), when the password looks
  chosen or generated, and Oracle's ``user/password@host:port/service`` (sqlplus, EZConnect);
* a declaration named for a secret and its default (Terraform's ``variable "db_password" { default = "PW" }``,
  a CloudFormation parameter ``DbPassword:`` with ``Default: PW`` under it, ``"password": {`` with ``"value":``):
  the ``default`` / ``value`` directly under a block whose name is a secret's;
* a name/value pair naming a secret (``{"key": "access_token", "value": "..."}``; ``redaction_pairs``);
* ``user:password`` lines fed to ``chpasswd``: cloud-init's ``chpasswd: list: |`` block, ``echo 'u:PW' | chpasswd``
  (not cloud-init's ``RANDOM``, nor a hash given with ``-e``);
* a YAML block scalar under a secret's name (``bind_password: >-`` and the value on the line under it, a token
  wrapped over several lines; a passphrase may hold spaces);
* a credential pair passed to code: ``new NetworkCredential("svc", "pw")``, ``Twilio(accountSid, 'tok')``,
  ``auth=("user", "pw")``, ``define('DB_PASSWORD', 'pw')``: the second argument, when it is not a
  placeholder and looks like a password (the first may be read by a call: ``NewStaticCredentials(os.Getenv(...),
  "SECRET", "")``).

Each finder yields ``(start, end, kind)`` of the value only; every repetition is bounded.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_context import mentions_encrypted, under_encrypted
from stratakb_core.ingest.redaction_keys import is_secret_key, is_weak_key, snake
from stratakb_core.ingest.redaction_pairs import pair_spans
from stratakb_core.ingest.redaction_scan import finditer_lines
from stratakb_core.ingest.redaction_values import (
    is_code,
    is_placeholder,
    looks_chosen,
    looks_like_password,
    looks_like_secret,
    looks_random,
)

__all__ = ["block_spans"]

_Found = tuple[int, int, str]

_K8S_SECRET_RE: Final = re.compile(r"^[ \t]*[\"']?kind[\"']?[ \t]*:[ \t]*[\"']?Secret[\"']?[ \t]*,?[ \t]*$", re.M)
_DATA_RE: Final = re.compile(r"^(?P<indent>[ \t]*)(?:data|stringData)[ \t]*:[ \t]*$", re.M)
_ENTRY_RE: Final = re.compile(
    r"(?P<indent>[ \t]*)[\"']?[\w.-]{1,253}[\"']?[ \t]*:[ \t]*(?:\"(?P<dv>[^\"\n]{1,8192})\"|'(?P<sv>[^'\n]{1,8192})'"
    r"|(?P<uv>[^\s\"'#|>][^\n#]{0,8191}?))[ \t]*(?:#[^\n]{0,512})?$"
)
_B64_PEM_RE: Final = re.compile(r"(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,8192}={0,2}")
_XML_NAMED_RE: Final = re.compile(
    r"<(?P<tag>[\w:.-]{1,64})\b[^<>\n]{0,200}?\b(?:key|name|id)[ \t]*=[ \t]*[\"'](?P<key>[^\"'<>\n]{1,64})[\"']"
    r"[^<>\n]{0,200}?>(?P<v>[^<>\n]{1,512})</(?P=tag)>"
)
# a property list's entry: the name in <key>, the value in the element after it (Info.plist, Config.plist)
_PLIST_RE: Final = re.compile(
    r"<key>[ \t]*(?P<key>[^<>\n]{1,64}?)[ \t]*</key>\s{0,200}<string>(?P<v>[^<>\n]{1,512})</string>"
)
# (the look-behind after the prefix, so the pattern starts with a literal, which re searches fast)
_AWS_ID_RE: Final = re.compile(r"A(?:KIA|SIA)(?<![A-Za-z0-9]A[KS]IA)[A-Z0-9]{16}(?![A-Za-z0-9])")
_AWS_SECRET_RE: Final = re.compile(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
# a .pgpass line, hostname:port:database:username:password (\: escapes a colon; * matches anything)
_PGPASS_FIELD: Final = r"(?:[^:\s\\]|\\.)"
_PGPASS_RE: Final = re.compile(
    rf"^[ \t]*(?P<host>[\w.*-]{{1,253}}):(?:\d{{1,5}}|\*):"
    rf"{_PGPASS_FIELD}{{1,128}}:{_PGPASS_FIELD}{{1,128}}:(?P<v>{_PGPASS_FIELD}{{1,256}})[ \t]*\r?$",
    re.MULTILINE,
)
# user:password@host without a scheme (proxies, rsync, scp): from the colon; the user is read backwards
_BARE_LOGIN_RE: Final = re.compile(
    r":(?P<v>[^\s:/@\"'`<>()\[\]]{3,128})@(?=(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,63}\b|\d{1,3}(?:\.\d{1,3}){3}\b)"
)
_BARE_USER_RE: Final = re.compile(r"(?:^|[\s=\"'(,;])[\w.+-]{1,64}$")
# Oracle's connect string user/password@host[:port]/service (sqlplus, EZConnect): from the slash, the user read
# backwards
_EZCONNECT_RE: Final = re.compile(
    r"/(?P<v>[^\s:/@\"'`<>()\[\]]{3,128})@(?=(?:(?:[A-Za-z0-9-]{1,63}\.)+[A-Za-z]{2,63}|\d{1,3}(?:\.\d{1,3}){3})"
    r"(?::\d{2,5})?/[\w.$-]{1,64}(?![\w/@.-]))"
)
_EZ_USER_RE: Final = re.compile(r"(?:^|[\s=\"'(,;>])[\w$#-]{1,30}$")
# a combo-list entry inside a sentence: "... affected account: ana@mail.example:Pw-2026!" (email, : or |, password;
# wave 27: a "|" set apart by spaces too, a spreadsheet's row pasted as "site | ana@mail.example | Pw-2026! | note")
_AT_RE: Final = re.compile("@")
_EMAIL_COMBO_RE: Final = re.compile(
    r"(?<![\w.+@-])[\w.+-]{1,64}@(?:[A-Za-z0-9-]{1,63}\.){1,8}[A-Za-z]{2,63}(?:[:|]|[ \t]{1,3}\|[ \t]{1,3})"
    r"(?P<v>[^\s:/@\"'`<>()\[\]|]{4,128})(?=\s|$)"
)
# a Cookie / Set-Cookie header or curl --cookie: a session cookie's value is a login
_COOKIE_RE: Final = re.compile(r"(?i:\b(?:set-)?cookie)[\"']?[ \t]*[:=]?[ \t]*[\"']?(?P<rest>[^\n\"']{1,4000})")
_COOKIE_PAIR_RE: Final = re.compile(r"(?:^|;)[ \t]*(?P<name>[\w.$-]{1,64})=(?P<v>[^;\s\"']{1,4096})")
_SESSION_NAME_RE: Final = re.compile(r"(?i:sess|sid|auth|token|jwt|remember)")
_PUTTY_FILE_RE: Final = re.compile(
    r"^PuTTY-User-Key-File-\d:[^\n]{1,200}\n(?:[^\n]{0,200}\n){1,400}?Private-(?:MAC|Hash):[ \t]*[0-9a-fA-F]{16,128}",
    re.M,
)
_PUTTY_RE: Final = re.compile(
    r"^Private-Lines:[ \t]*\d{1,3}[ \t]*\r?\n(?P<v>(?:[A-Za-z0-9+/=]{1,128}\r?\n?){1,200})", re.M
)

# the arguments from their opening bracket (a literal start is fast to find); the callee is read backwards
# (the first argument may be read by a call of its own: NewStaticCredentials(os.Getenv("KEY_ID"), "SECRET", ""))
_CALL_PAIR_RE: Final = re.compile(
    r"\([ \t]*(?P<id>[A-Za-z_][\w.]{0,63}(?:\([^()\n]{0,80}\))?|\"[^\"\n]{1,64}\"|'[^'\n]{1,64}')[ \t]*,[ \t]*"
    r"(?P<q>[\"'])(?P<v>[^\"'\n]{6,128})(?P=q)[ \t]*[,)]"
)
_CALLEE_RE: Final = re.compile(
    r"(?:(?P<callee>[A-Za-z_][\w.]{0,63})|(?P<kw>(?i:auth|basic_auth|http_auth|credentials?))[ \t]*[=:][ \t]*)$"
)
_CREDENTIAL_CALL_RE: Final = re.compile(r"credential|auth|login|logon|sign_?in|connect|client")
_IDENTITY_RE: Final = re.compile(r"(?:^|_)(?:sid|user(?:name)?|account(?:_?id|_?sid)?|client_?id|key_?id|login|email)$")


# a block's own default or value, on a line of its own (HCL, YAML, printed JSON)
_DEFAULT_RE: Final = re.compile(
    r"^(?P<indent>[ \t]+)[\"']?(?i:default|value|default_?value|initial_?value)[\"']?[ \t]*[:=][ \t]*"
    r"(?:\"(?P<dv>[^\"\n]{1,512})\"|'(?P<sv>[^'\n]{1,512})'|(?P<uv>[^\s\"'#,{}\[\]]{1,512}))[ \t]*,?[ \t]*"
    r"(?:(?:#|//)[^\n]{0,512})?\r?$",
    re.M,
)
# the block: variable "NAME" {, "NAME": {, NAME = {, NAME:
_BLOCK_HEAD_RE: Final = re.compile(
    r"[ \t]*(?:[A-Za-z_][\w-]{0,40}[ \t]+)?[\"']?(?P<key>[A-Za-z_][\w.-]{0,63})[\"']?"
    r"(?:[ \t]*(?:[:=][ \t]*)?\{|[ \t]*:)[ \t]*\r?"
)


def _block_name(text: str, pos: int, indent: int) -> str | None:
    """The name of the block holding the line at ``pos`` (indented ``indent``): the first line above it indented
    less (blank lines aside), when it opens a block; at most 40 lines up."""
    end = pos - 1
    for _ in range(40):
        if end <= 0:
            return None
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if line.strip():
            if len(line) - len(line.lstrip(" \t")) < indent:
                head = _BLOCK_HEAD_RE.fullmatch(line)
                return head.group("key") if head else None
        end = start - 1
    return None


def _declared_default_spans(text: str) -> Iterator[_Found]:
    for m in _DEFAULT_RE.finditer(text):
        group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
        value = m.group(group)
        if is_placeholder(value) or is_code(value) or value.isdigit():
            continue
        name = _block_name(text, m.start(), len(m.group("indent")))
        if name is not None and is_secret_key(name):
            yield m.start(group), m.end(group), "credential"


# cloud-init's chpasswd: list: | and the user:password lines under it
_CHPASSWD_LIST_RE: Final = re.compile(r"^(?P<indent>[ \t]*)list[ \t]*:[ \t]*[|>][-+]?[ \t]*\r?$", re.M)
_PAIR_LINE_RE: Final = re.compile(r"(?P<indent>[ \t]*)-?[ \t]*[a-z_][\w.-]{0,31}:(?P<v>[^\s:]{1,128})[ \t]*\r?")
# echo 'user:PW' | chpasswd, chpasswd <<< "user:PW"
_CHPASSWD_CMD_RE: Final = re.compile(
    r"\becho[ \t]+(?:-[ne][ \t]+)?[\"']?[a-z_][\w.-]{0,31}:(?P<v>[^\s:\"']{1,128})[\"']?[ \t]*\|[ \t]*(?:sudo[ \t]+)?"
    r"chpasswd\b(?![ \t]+-e)"
    r"|\bchpasswd[ \t]*<<<[ \t]*[\"']?[a-z_][\w.-]{0,31}:(?P<v2>[^\s:\"']{1,128})"
)


def _chpasswd_spans(text: str) -> Iterator[_Found]:
    for m in _CHPASSWD_CMD_RE.finditer(text):
        group = "v" if m.group("v") is not None else "v2"
        if not is_placeholder(m.group(group)) and not m.group(group).startswith("$"):
            yield m.start(group), m.end(group), "credential"
    for block in _CHPASSWD_LIST_RE.finditer(text):
        if "chpasswd" not in text[max(0, block.start() - 200) : block.start()]:
            continue
        pos = block.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            m = _PAIR_LINE_RE.fullmatch(line)
            if m is None or len(m.group("indent")) <= len(block.group("indent")):
                break
            value = m.group("v")
            if value not in ("RANDOM", "R") and not value.startswith("$") and not is_placeholder(value):
                yield pos + m.start("v"), pos + m.end("v"), "credential"
            pos = end + 1


def _call_pair_spans(text: str) -> Iterator[_Found]:
    for m in _CALL_PAIR_RE.finditer(text):
        ident, value = m.group("id"), m.group("v")
        before = _CALLEE_RE.search(text, max(0, m.start() - 80), m.start())
        callee = before.group("callee") if before else None
        named = (before is not None and before.group("kw") is not None) or (
            callee is not None and _CREDENTIAL_CALL_RE.search(snake(callee.rsplit(".", 1)[-1]))
        )
        identity = ident[0] not in "\"'" and _IDENTITY_RE.search(snake(ident))
        # a setter given the secret's name first: define('DB_PASSWORD', 'PW'), setenv("API_TOKEN", "PW")
        keyed = ident[0] in "\"'" and is_secret_key(ident[1:-1])
        # ... or a weaker name (define('PUSH_SERVER_KEY', '...')), and beside an identity alone (Twilio(accountSid,
        # ...)), only a generated-looking value counts
        weak = ident[0] in "\"'" and is_weak_key(ident[1:-1])
        if (looks_random(value) and (named or identity or keyed or weak)) or (
            (named or keyed) and looks_like_password(value)
        ):
            if not is_placeholder(value):
                yield m.start("v"), m.end("v"), "credential"


def _email_combo_spans(text: str) -> Iterator[_Found]:
    for m in finditer_lines(_EMAIL_COMBO_RE, text, _AT_RE):  # one line, holding its @
        value = m.group("v").rstrip(".,;")
        # (after an address and a colon, both cases and a digit make a password too: "Harbour7Desk")
        mixed = len(value) >= 8 and value.lower() != value != value.upper() and any(c.isdigit() for c in value)
        if (mixed or looks_chosen(value) or looks_random(value)) and not is_placeholder(value):
            yield m.start(), m.start("v") + len(value), "email_password"  # address and password: one login


def _k8s_secret_spans(text: str) -> Iterator[_Found]:
    """The values under ``data:`` / ``stringData:`` of a document that says ``kind: Secret``."""
    if "Secret" not in text or not _K8S_SECRET_RE.search(text):
        return
    for data in _DATA_RE.finditer(text):
        indent = len(data.group("indent"))
        pos = data.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            if line.strip():
                m = _ENTRY_RE.fullmatch(line)
                if m is None or len(m.group("indent")) <= indent:
                    break
                group = next(g for g in ("dv", "sv", "uv") if m.group(g) is not None)
                if not is_placeholder(m.group(group)):
                    yield pos + m.start(group), pos + m.end(group), "credential"
            pos = end + 1


def _is_b64_private_key(value: str) -> bool:
    try:
        head = base64.b64decode(value[:64] + "=" * (-len(value[:64]) % 4))
    except (ValueError, binascii.Error):
        return False
    return b"PRIVATE KEY" in head


def _aws_secret_spans(text: str) -> Iterator[_Found]:
    for key_id in _AWS_ID_RE.finditer(text):
        lo, hi = max(0, key_id.start() - 300), min(len(text), key_id.end() + 300)
        for m in _AWS_SECRET_RE.finditer(text, lo, hi):
            v = m.group()
            if any(c.isupper() for c in v) and any(c.islower() for c in v) and any(c.isdigit() for c in v):
                if not is_placeholder(v):
                    yield m.start(), m.end(), "credential"


def _cookie_spans(text: str) -> Iterator[_Found]:
    for header in _COOKIE_RE.finditer(text):
        base = header.start("rest")
        for m in _COOKIE_PAIR_RE.finditer(header.group("rest")):
            value = m.group("v")
            if _SESSION_NAME_RE.search(m.group("name")) and looks_random(value) and not is_placeholder(value):
                yield base + m.start("v"), base + m.end("v"), "credential"


# a YAML block scalar under a secret's name (bind_password: >-, initialPassword: |) and the lines under it
_BLOCK_SCALAR_RE: Final = re.compile(r":[ \t]*[|>][-+1-9]{0,2}[ \t]*\r?$", re.M)
_SCALAR_KEY_RE: Final = re.compile(r"(?P<indent>[ \t]*)(?:-[ \t]+)?[\"']?(?P<key>[^\W\d][\w.-]{0,63})[\"']?[ \t]*")


def _scalar_lines(text: str, pos: int, indent: int) -> list[tuple[int, int]]:
    """The non-blank lines of a block scalar from ``pos`` (each more indented than ``indent``), stripped; at most
    200 lines."""
    lines: list[tuple[int, int]] = []
    while pos < len(text) and len(lines) < 200:
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        line = text[pos:end].rstrip("\r")
        if line.strip():
            lead = len(line) - len(line.lstrip(" \t"))
            if lead <= indent:
                break
            lines.append((pos + lead, pos + len(line.rstrip())))
        pos = end + 1
    return lines


def _block_scalar_spans(text: str) -> Iterator[_Found]:
    """One value (``>-`` then ``Pw-1!x``), or a token wrapped over several lines, under a secret's name; a passphrase
    may hold spaces. Ciphertext in a section named for it (a SealedSecret's encryptedData) stays."""
    encrypted: bool | None = None
    for m in _BLOCK_SCALAR_RE.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        head = _SCALAR_KEY_RE.fullmatch(text, start, m.start())
        if head is None or not is_secret_key(head.group("key")):
            continue
        lines = _scalar_lines(text, m.end() + 1, len(head.group("indent")))
        if not lines:
            continue
        values = [text[a:b] for a, b in lines]
        spaced = any(c.isspace() for v in values for c in v)
        if spaced and (len(values) > 1 or not snake(head.group("key")).endswith("passphrase")):
            continue  # prose or a template, not one secret
        if any(is_placeholder(v) or is_code(v) for v in values):
            continue
        encrypted = mentions_encrypted(text) if encrypted is None else encrypted
        if not (encrypted and under_encrypted(text, m.start())):
            yield lines[0][0], lines[-1][1], "credential"


def block_spans(text: str) -> Iterator[_Found]:
    """Every value the finders of this module see (see the module docstring)."""
    yield from _k8s_secret_spans(text)
    if "LS0tLS1CRUdJTi" in text:
        for m in _B64_PEM_RE.finditer(text):
            if _is_b64_private_key(m.group()):
                yield m.start(), m.end(), "private_key"
    if "</" in text:
        for m in _XML_NAMED_RE.finditer(text):
            if is_secret_key(m.group("key")) and not is_placeholder(m.group("v")):
                yield m.start("v"), m.end("v"), "credential"
        for m in _PLIST_RE.finditer(text) if "<key>" in text else ():
            key, value = m.group("key"), m.group("v")
            named = is_secret_key(key) or (is_weak_key(key) and looks_random(value))
            if named and not is_placeholder(value) and not is_code(value):
                yield m.start("v"), m.end("v"), "credential"
    yield from _aws_secret_spans(text)
    if "efault" in text or "EFAULT" in text or "alue" in text or "ALUE" in text:
        yield from _declared_default_spans(text)
        yield from pair_spans(text)
    if "(" in text:
        yield from _call_pair_spans(text)
    if text.count(":") >= 4:
        for m in _PGPASS_RE.finditer(text):
            value = m.group("v")
            host_named = any(c.isalpha() or c in ".*" for c in m.group("host"))  # not a time (10:42:13:...)
            if host_named and not is_placeholder(value) and not value.isdigit():
                yield m.start("v"), m.end("v"), "credential"
    if "@" in text:
        yield from _email_combo_spans(text)
        for m in _BARE_LOGIN_RE.finditer(text):
            value = m.group("v")
            user = _BARE_USER_RE.search(text, max(0, m.start() - 66), m.start())
            if user and (looks_chosen(value) or looks_random(value)) and not is_placeholder(value):
                yield m.start("v"), m.end("v"), "url_password"
        for m in _EZCONNECT_RE.finditer(text):
            value = m.group("v")
            user = _EZ_USER_RE.search(text, max(0, m.start() - 31), m.start())
            if user and looks_like_secret(value) and not is_placeholder(value) and not is_code(value):
                yield m.start("v"), m.end("v"), "url_password"
    if "ookie" in text or "OOKIE" in text:
        yield from _cookie_spans(text)
    if "chpasswd" in text:
        yield from _chpasswd_spans(text)
    if "|" in text or ">" in text:
        yield from _block_scalar_spans(text)
    if "PuTTY-User-Key-File-" in text:  # the whole file, its header, public and private lines and its MAC
        for m in _PUTTY_FILE_RE.finditer(text):
            yield m.start(), m.end(), "private_key"
    if "Private-Lines:" in text:
        for m in _PUTTY_RE.finditer(text):
            yield m.start("v"), m.start("v") + len(m.group("v").rstrip("\r\n")), "private_key"
