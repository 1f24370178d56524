"""Values written into a secret store on a command line, whatever their field is called (no I/O).

``vault kv put secret/app/ingest value=...``, ``vault kv patch ...``, ``vault write ...``: every ``field=value`` after
the path is stored as a secret, so a value goes even under a name that says nothing ("value", "blob", "data") when
it looks generated or chosen (``redaction_values.looks_random``, ``redaction_spoken.shaped``). Kept: a value read from
a file or from stdin (``@creds.json``, ``-``), a placeholder, plain words, numbers, hosts, regions and durations
(``ttl=30m``, ``username=svc-app``); a secret's own name (``password=``) is the labels' (``redaction.py``).

``store_put_spans`` yields ``(start, end, kind)`` of the values only; ``redaction_codes.own_search_spans`` runs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from stratakb_core.ingest.redaction_spoken import shaped
from stratakb_core.ingest.redaction_values import is_placeholder, looks_random

__all__ = ["store_put_spans"]

_Found = tuple[int, int, str]

# the command, its flags, the path, then the field=value pairs to the line's end
_PUT_RE: Final = re.compile(
    r"\bvault[ \t]+(?:kv[ \t]+(?:put|patch)|write)(?:[ \t]+-[\w-]{1,40}(?:=[^\s]{0,200})?){0,10}[ \t]+[\w./@:-]{1,200}"
    r"(?P<pairs>(?:[ \t]+[\w.-]{1,64}=(?:\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|[^\s\"']{1,300})){1,40})"
)
_PAIR_RE: Final = re.compile(r"[\w.-]{1,64}=(?:\"(?P<dq>[^\"\n]*)\"|'(?P<sq>[^'\n]*)'|(?P<bare>[^\s\"']+))")


def store_put_spans(text: str) -> Iterator[_Found]:
    """Each generated- or chosen-looking value a ``vault kv put`` (patch, write) line stores."""
    if "vault" not in text:
        return
    for m in _PUT_RE.finditer(text):
        for pair in _PAIR_RE.finditer(text, m.start("pairs"), m.end("pairs")):
            group = "dq" if pair.group("dq") is not None else "sq" if pair.group("sq") is not None else "bare"
            value = pair.group(group)
            if value[:1] in "@-" or is_placeholder(value) or not (looks_random(value) or shaped(value)):
                continue
            yield pair.start(group), pair.end(group), "credential"
