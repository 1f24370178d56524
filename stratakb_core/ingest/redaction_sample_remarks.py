"""A remark right after a sentence's value calling it a sample (wave 33): "the password is 'password123' only as a
placeholder", "la password è 'x' solo come segnaposto", "das Passwort 'x' nur als Platzhalter", "comme exemple",
"como ejemplo", "als voorbeeld", "de ejemplo". The value is the example's, not a secret; the remark must follow the
value at once (a closing quote, a comma or a bracket between), so a remark about something later in the sentence does
not keep it.

``is_code_or_sample`` is what the sentence finders of ``redaction_prose`` ask of a value they found.
"""

from __future__ import annotations

import re
from typing import Final

from stratakb_core.ingest.redaction_values import is_code_in_sentence

__all__ = ["is_code_in_sentence", "is_code_or_sample", "sample_remark_after"]  # the first for redaction_prose

_SAMPLE_RE: Final = re.compile(
    r"[\"'`’”»]?[ \t]*[(,]?[ \t]*"
    r"(?:(?:only|just|solo|soltanto|solamente|nur|seulement|uniquement|s[óo]lo|alleen|apenas|somente|enkel)[ \t]+)?"
    r"(?:(?:as|come|als|comme|como|wie)[ \t]+(?:(?:an?|un|una|une|ein|eine|een|um|uma)[ \t]+)?"
    r"|(?:di|de|d['’]|zum|ter|per|for|pour|para)[ \t]*)"
    r"(?:placeholder|example|sample|dummy|segnaposto|esempio|platzhalter|beispiel|exemple|espace[ \t]+r[ée]serv[ée]"
    r"|ejemplo|marcador|voorbeeld|tijdelijke[ \t]+aanduiding|exemplo|espa[çc]o[ \t]+reservado|illustrazione)\b",
    re.IGNORECASE,
)


def sample_remark_after(after: str) -> bool:
    """Whether ``after`` (the text right after a value) opens with a remark calling the value a sample."""
    return _SAMPLE_RE.match(after) is not None


def is_code_or_sample(value: str, after: str) -> bool:
    """``is_code_in_sentence`` of the value, or a remark after it calling it a sample (``sample_remark_after``)."""
    return is_code_in_sentence(value) or sample_remark_after(after)
