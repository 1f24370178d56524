"""An API key given to a command line's ``login`` as its argument: ``wandb login <key>`` (no I/O).

Tools that sign in with an API key take it as ``login``'s argument (``wandb login KEY``, ``huggingface-cli login
--token KEY``). After "login" and its flags, a run of 32 to 128 token characters with a letter and a digit ending the
line is such a key, hex or not: a commit id or a checksum never follows a ``login`` command. Only a command's line
counts (a prompt ``$``/``#``/``>`` or the line's start, one to three words, then "login"), so prose is not read.
``cli_login_spans`` yields ``(start, end, kind)`` of the value only; a line calling it an example is kept.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import judged_spans, not_an_example
from stratakb_core.ingest.redaction_values import is_placeholder

__all__ = ["cli_login_spans"]

_Found = tuple[int, int, str]

_LOGIN_RE: Final = re.compile(
    r"^[ \t]*(?:[$#>%][ \t]*|(?:!|%)?)(?:[\w./-]{1,40}[ \t]+){1,3}?login[ \t]+(?:--?[\w-]{1,30}[ \t]+)*"
    r"[\"']?(?P<v>[A-Za-z0-9_-]{32,128})[\"']?[ \t]*\r?$",
    re.MULTILINE,
)


def _keyish(m: re.Match[str]) -> bool:
    value = m.group("v")
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value) and not is_placeholder(value)


_found: Final = not_an_example(_keyish)


def cli_login_spans(text: str) -> Iterator[_Found]:
    """The values the search above finds (see the module docstring)."""
    if "login" not in text:
        return
    yield from judged_spans(_LOGIN_RE, _found, text)
