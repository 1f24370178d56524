"""Secrets in tables: the cells of a column whose header names a secret (no I/O).

* Markdown tables (``| user | password |``): every cell under such a header, until the table ends;
* delimited text (CSV, semicolon-, tab- or pipe-separated without outer pipes): a header line of
  two or more names, one of them a secret's (``username,email,password,role``), then the rows under
  it with the same number of fields. A cell there goes when it has a password's or a generated
  token's shape (``Lop3z!2026``, ``a8F3...``), so a column of words (``token,count`` over a
  tokenizer's output) stays;
* aligned columns of names and values (``vault kv get``'s ``Key  Value`` table, ``kubectl describe``):
  a line of a secret's name, two or more spaces or a tab, and one value with the shape of a password or
  a generated token;
* a directive line, a name, one space and one value (``requirepass PW`` in redis.conf, ``rootpw PW`` in
  slapd.conf, ``password "PW"`` in a Gradle block), when the value looks chosen or generated.

Each finder yields ``(start, end, kind)`` of the cell's value only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Final, NamedTuple

from stratakb_core.ingest.redaction_keys import is_qualified_secret, is_secret_key, is_weak_key
from stratakb_core.ingest.redaction_values import (
    is_code,
    is_placeholder,
    looks_chosen,
    looks_like_password,
    looks_like_secret,
    looks_random,
)

__all__ = ["MarkdownTable", "markdown_tables", "table_spans"]

_Found = tuple[int, int, str]

_TABLE_ROW_RE: Final = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_RULE_CELL_RE: Final = re.compile(r"\s*:?-{3,}:?\s*")
# a header line of names (a name may have up to three words), all separated by the same delimiter
_NAME: Final = r"[ \t]*\"?[^\W\d][\w.-]{0,30}(?: [^\W\d][\w.-]{0,30}){0,2}\"?[ \t]*"
# a name and one value in aligned columns (vault kv get, kubectl describe, a plain-text table): two or more
# spaces or a tab between them, nothing after the value
_ALIGNED_RE: Final = re.compile(
    r"^[ \t]*(?P<key>[A-Za-z_][\w.-]{0,63})(?: {2,}|\t)[ \t]*(?P<v>\S{1,512}?)[ \t]*\r?$", re.M
)
# a daemon's or a build DSL's directive, a name, one space and the value (redis.conf requirepass PW, slapd.conf
# rootpw PW, keepalived auth_pass PW, Gradle password "PW"), nothing after it but a comment or a ;
_DIRECTIVE_RE: Final = re.compile(
    r"^[ \t]*(?P<key>[A-Za-z_][\w.-]{0,63}) (?P<q>[\"']?)(?=[^\s\"']*\d)(?P<v>[^\s\"']{4,512}?)(?P=q)"
    r"[ \t]*;?(?:[ \t]+#.*)?[ \t]*\r?$",
    re.M,
)
_HASH_SCHEME_RE: Final = re.compile(r"\{[A-Za-z0-9-]{2,20}\}")  # slapd's {SSHA}..., a hash rather than the password
_HEADER_RE: Final = re.compile(rf"^{_NAME}(?P<d>[,;\t|]){_NAME}(?:(?P=d){_NAME}){{0,40}}\r?$", re.MULTILINE)


# a cell naming a secret, as a table of a CI's secrets lists them (| DEPLOY_TOKEN | •••• |): an environment variable's
# name, upper-case words joined by underscores (wave 25)
_ENV_NAME_RE: Final = re.compile(r"[A-Z]{2,}(?:_[A-Z]{2,}){1,6}")


# wave 30: a column of PINs or access codes ("| item | location | PIN |"): its cells of four to eight digits only
_PIN_HEADER_RE: Final = re.compile(
    # stop 42: up to two words naming whose PIN it is before it ("Supervisor PIN", "Night manager passcode")
    r"[ \t]*(?i:(?!(?:gpio|header|power|ground|signal|data|test|pogo|input|output|safety|hair|map|rolling|keypad)\b)"
    r"(?:[^\W\d_]{2,20}[ \t-]){0,2}(?:pin|pin[ \t-]?code|pincode|passcode)"
    r"|code[ \t]+pin|c[óo]digo[ \t]+pin|codice[ \t]+pin|kod[ \t]+pin"
    r"|(?:door|alarm|access|lock|safe|gate|keypad|entry)[ \t]+code|code[ \t]+(?:porte|d['’]acc[èe]s|alarme)|t[üu]rcode"
    r"|c[óo]digo[ \t]+de[ \t]+acceso|codice[ \t]+(?:porta|allarme)|kod[ \t]+dost[eę]pu)[ \t]*"
)
_PIN_CELL_RE: Final = re.compile(r"[*#]?\d{4,8}[*#]?")


Cells = list[tuple[int, str]]  # a row's cells: (offset in the row, text)


class MarkdownTable(NamedTuple):
    start: int  # where the header row starts in the text
    end: int  # where the last row ends
    header: Cells
    ruled: bool  # a rule row (| --- |) right after the header
    body: list[tuple[int, Cells]]  # each body row's offset in the text and its cells; rule rows left out


def markdown_tables(text: str) -> Iterator[MarkdownTable]:
    """Each Markdown table in ``text``: a run of lines between bars, its first row that is not a rule its header."""
    table: MarkdownTable | None = None
    after_header = False
    pos = 0
    for line in [*text.split("\n"), ""]:
        if not _TABLE_ROW_RE.match(line):
            if table is not None:
                yield table
            table = None
        else:
            cells = [(m.start(1), m.group(1)) for m in re.finditer(r"(?<=\|)([^|]*)(?=\|)", line)]
            rule = all(_RULE_CELL_RE.fullmatch(c) for _, c in cells)
            if table is None and not rule:
                table, after_header = MarkdownTable(pos, pos + len(line), cells, False, []), True
            elif table is not None:
                if rule and after_header:
                    table = table._replace(ruled=True)
                elif not rule:
                    table.body.append((pos, cells))
                table = table._replace(end=pos + len(line))
                after_header = False
        pos += len(line) + 1


def _markdown_body(
    text: str, head: Callable[[Cells], list[int]]
) -> Iterator[tuple[int, Cells, list[int]]]:
    """Each body row of each Markdown table in ``text``: the row's offset, its cells (offset in the row, text) and the
    columns ``head`` picked from the table's header row (rule rows, and tables it picked none from, left out)."""
    for table in markdown_tables(text):
        columns = head(table.header)
        for pos, cells in table.body if columns else ():
            yield pos, cells, columns


def _pin_header(cells: list[tuple[int, str]]) -> list[int]:
    return [i for i, (_, c) in enumerate(cells) if _PIN_HEADER_RE.fullmatch(c)]


def _pin_column_spans(text: str) -> Iterator[_Found]:
    """The cells of four to eight digits under a Markdown header naming a PIN or an access code."""
    for pos, cells, columns in _markdown_body(text, _pin_header):
        for start, cell in (cells[i] for i in columns if i < len(cells)):
            value = cell.strip()
            if _PIN_CELL_RE.fullmatch(value) and len(set(value.strip("*#"))) > 1:
                offset = pos + start + cell.index(value)
                yield offset, offset + len(value), "credential"


def _secret_header(cells: list[tuple[int, str]]) -> list[int]:
    found = [i for i, (_, c) in enumerate(cells) if c.strip() and is_secret_key(c.strip())]
    # wave 29: a weak name's column ("| service | key |"), its generated cells only (negative index)
    weak = [-2 - i for i, (_, c) in enumerate(cells) if c.strip() and is_weak_key(c.strip())]
    return found + weak


# wave 33: a cell's placeholder with a remark in brackets after it, "n/a (key switch)", "none (SSO)", "- (badge)"
_REMARKED_CELL_RE: Final = re.compile(r"(?P<head>[^()\n]{1,40}?)[ \t]*\([^()\n]{1,60}\)")


def _remarked_placeholder(value: str) -> bool:
    m = _REMARKED_CELL_RE.fullmatch(value)
    return m is not None and is_placeholder(m.group("head"))


def _markdown_spans(text: str) -> Iterator[_Found]:
    """The cells under a Markdown table header that names a secret (| user | password |)."""
    for pos, cells, columns in _markdown_body(text, _secret_header):
        for i in columns:
            if (i if i >= 0 else -2 - i) < len(cells):
                start, cell = cells[i if i >= 0 else -2 - i]
                value = cell.strip()
                if i < -1 and not looks_random(value):
                    continue
                if not value or is_placeholder(value) or _remarked_placeholder(value):
                    continue
                if not _ENV_NAME_RE.fullmatch(value):
                    offset = start + cell.index(value)
                    yield pos + offset, pos + offset + len(value), "credential"


def _cells(line: str, delimiter: str) -> list[tuple[int, str]]:
    """Each field's offset in the line and its text (quotes and spaces around it stripped)."""
    out: list[tuple[int, str]] = []
    start = 0
    for field in line.split(delimiter):
        lead = len(field) - len(field.lstrip(" \t\"'"))
        out.append((start + lead, field.strip(" \t\"'")))
        start += len(field) + 1
    return out


def _delimited_spans(text: str) -> Iterator[_Found]:
    """The password- or token-shaped cells under a CSV / ;- / tab- / |-separated header naming a secret."""
    for header in _HEADER_RE.finditer(text):
        delimiter = header.group("d")
        names = [name for _, name in _cells(header.group(), delimiter)]
        # (a header may qualify the name: "Password VPN", "Contraseña TPV", as languages putting it first write it)
        columns = [i for i, name in enumerate(names) if is_secret_key(name) or is_qualified_secret(name)]
        # a weak name ("key", "sig") heads a column of secrets when its value looks generated (wave 25)
        weak = [i for i, name in enumerate(names) if i not in columns and is_weak_key(name)]
        if not columns and not weak:
            continue
        pos = header.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            cells = _cells(text[pos:end].rstrip("\r"), delimiter)
            if len(cells) != len(names):
                break
            for i in columns + weak:
                offset, value = cells[i]
                shaped = looks_random(value) if i in weak else looks_like_password(value) or looks_random(value)
                if shaped and not is_placeholder(value):
                    yield pos + offset, pos + offset + len(value), "credential"
            pos = end + 1


def _aligned_spans(text: str) -> Iterator[_Found]:
    """The value of a ``name   value`` line whose name is a secret's and whose value has a secret's shape."""
    for m in _ALIGNED_RE.finditer(text):
        value = m.group("v")
        if is_secret_key(m.group("key")) and looks_like_secret(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"


def _directive_spans(text: str) -> Iterator[_Found]:
    """The value of a ``name value`` directive line whose name is a secret's and whose value looks chosen."""
    for m in _DIRECTIVE_RE.finditer(text):
        value = m.group("v")
        if is_secret_key(m.group("key")) and (looks_chosen(value) or looks_random(value)):
            code = is_code(value.lstrip("*&[]")) or _HASH_SCHEME_RE.match(value)  # Go: Token *oauth2.Token
            if not is_placeholder(value) and not code:
                yield m.start("v"), m.end("v"), "credential"


def table_spans(text: str) -> Iterator[_Found]:
    """Every secret cell the finders of this module see (see the module docstring)."""
    if "|" in text:
        yield from _markdown_spans(text)
        yield from _pin_column_spans(text)  # wave 30
    yield from _delimited_spans(text)
    if "  " in text or "\t" in text:
        yield from _aligned_spans(text)
    yield from _directive_spans(text)
