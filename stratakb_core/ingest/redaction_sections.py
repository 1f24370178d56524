"""A generated value under a YAML or TOML section named for secrets, whatever its own key says (no I/O).

Config files group keys under a section that says what they are: ``apiKeys:`` / ``  partner_portal: <key>``,
``[tokens]`` / ``ci = <token>``, ``secrets:`` / ``  stripe: <key>``. The keys inside name what the secret opens, not
that it is one, so the label rule passes them over. Under a section whose name is a secret's (``is_secret_key``:
api_keys, tokens, secrets, credentials, passwords) or a weak one (keys), a value that looks generated
(``redaction_values.looks_random``) goes; a word or a setting ("public-readonly", "true", 3600) stays. The section
ends at the first line indented no deeper than its name. ``section_spans`` yields ``(start, end, kind)`` of the value.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key, is_weak_key
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["section_spans"]

_Found = tuple[int, int, str]

# a section's name alone on its line: "apiKeys:", "  tokens:", "[api_keys]"
_SECTION_RE: Final = re.compile(
    r"^(?P<indent>[ \t]*)(?:\[(?P<toml>[\w.-]{1,64})\]|(?P<yaml>[\w.-]{1,64}):)[ \t]*\r?$", re.MULTILINE
)
# a key and its value inside it (the value judged apart: a word or a number is an entry too, and the section goes on)
_ENTRY_RE: Final = re.compile(r"(?P<indent>[ \t]*)[\w.-]{1,64}[ \t]*[:=][ \t]*(?P<rest>[^\n]{0,300})")
_VALUE_RE: Final = re.compile(r"[\"']?(?P<v>[A-Za-z0-9_\-+/.=~]{16,256}?)[\"']?[ \t]*(?:#.*)?\r?")


def _names_secrets(name: str) -> bool:
    """api_keys, tokens, secrets, credentials, passwords (a plural of a secret's name), keys."""
    last = name.rsplit(".", 1)[-1]
    single = last[:-1] if last.endswith("s") else last
    return is_secret_key(last) or is_secret_key(single) or is_weak_key(last)


def section_spans(text: str) -> Iterator[_Found]:
    """The generated values under a section named for secrets (see the module docstring)."""
    for section in _SECTION_RE.finditer(text):
        name = section.group("toml") or section.group("yaml")
        if not _names_secrets(name):
            continue
        depth, toml = len(section.group("indent")), section.group("toml") is not None
        pos = section.end() + 1
        while pos < len(text):
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            if line.strip() and not line.lstrip().startswith("#"):
                entry = _ENTRY_RE.fullmatch(line)
                if entry is None or (not toml and len(entry.group("indent")) <= depth):
                    break
                value = _VALUE_RE.fullmatch(entry.group("rest"))
                if value is not None and looks_random(value.group("v")) and not is_placeholder(value.group("v")):
                    start = pos + entry.start("rest") + value.start("v")
                    yield start, start + len(value.group("v")), "credential"
            pos = end + 1
