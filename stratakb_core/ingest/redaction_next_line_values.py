"""A generated secret alone on the line under its label, the label's line ending in a colon (wave 47, no I/O).

People paste a token under the line that names it: "Personal access token for the build pipeline (expires 31-03):"
and the token on the next line, in any language ("Persoonlijk toegangstoken voor de pipeline (verloopt 31-03):",
"Zugangstoken für den Export:", "Clé API du portail :"). The key-value finders read a value on the label's own line
only. Here the label's line ends in a colon (a remark in brackets before it allowed), its words up to the first
preposition ("for", "voor", "für", "du", ...) are a secret's name (``redaction_keys.is_secret_key``), and the next
line holds one token alone of 16-200 token characters that ``redaction_values.looks_random`` calls generated.

Kept: a label naming no secret ("Commit id for the release:", "Checksum of the token file:": the name is read before
the preposition), a value that does not look generated (a word, a path, a sentence, a placeholder), a value with
more on its line.

(A lock's code alone under its header is ``redaction_keyed_codes``'s: ``next_line_code_spans``.)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_keys import is_secret_key
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["next_line_value_spans"]

_Found = tuple[int, int, str]

_LABEL_RE: Final = re.compile(
    r"^[ \t]*(?:[-*•][ \t]+)?(?P<label>[^\W\d_][\w'’-]{0,30}(?:[ \t]+[^\W_][\w'’./-]{0,30}){0,9})"
    r"(?:[ \t]*\([^()\n]{1,60}\))?[ \t]*[:：][ \t]*\r?\n"
    r"[ \t]*(?P<v>[A-Za-z0-9_+/=.~-]{16,200})[ \t]*\r?$",
    re.MULTILINE,
)
_PREPOSITION_RE: Final = re.compile(
    r"[ \t](?i:for|of|to|on|at|in|from|für|zum|zur|von|vom|de|du|des|pour|para|per|van|voor|bij|för|till|til|na|za"
    r"|dla|do|pro|для|от|del|della|dell|d['’])(?:[ \t]|$)"
)


def next_line_value_spans(text: str) -> Iterator[_Found]:
    """The values above (see the module docstring)."""
    if ":\n" not in text and ":\r\n" not in text and "：\n" not in text and ": \n" not in text:
        return
    for m in _LABEL_RE.finditer(text):
        label = m.group("label")
        cut = _PREPOSITION_RE.search(label)
        name = label[: cut.start()] if cut else label
        value = m.group("v")
        if is_secret_key(name.strip()) and looks_random(value) and not is_placeholder(value):
            yield m.start("v"), m.end("v"), "credential"
