"""Text dressed as a tool call in forms the phrase rules do not list (no I/O; wave 31; used by ``injection``).

* a call in the ``functions`` namespace of OpenAI-style tool use, with its arguments ("functions.send_email({...})",
  "functions.invia_messaggio({"a": ...})"): the form a model's own tool call takes, planted in a document;
* a tool tag whose element and attribute names are translated ("<ferramenta nome="apagar_registros">",
  "<herramienta nombre=...>", "<outil nom=...>", "<Werkzeug name=...>"; wave 33: "<chiamata_strumento nome=...>",
  "[LLAMADA_HERRAMIENTA] {...}", a JSON call under a translated key, {"verktyg": "x", "argument": {...}});
* a call as Llama 3 writes it, ``{"name": "x", "parameters": {"key": ...}}`` (a function's schema has
  "parameters": {"type": "object", ...} or "properties" there, and stays out).

Shown as a format or quoted in a paragraph about attacks, the span is a mention (``injection._is_mention``). Every
pattern is bounded (linear in the text's length).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["TOOL_FORMS", "tool_form"]

_TOOL: Final = (
    r"(?:ferramenta|herramienta|outil|strumento|werkzeug|narz[eę]dzi[eaw]|инструмент\w{0,2}|verktyg|ツール|工具|도구)"
)
_FORMS: Final = re.compile(
    r"\bfunctions\.[A-Za-z_][\w.]{0,60}\([ \t]*[{\[\"'\w]"
    rf"|<(?:[^\W\d_]{{3,12}}_)?{_TOOL}(?:_[^\W\d_]{{3,12}})?[ \t]+"
    r"(?:nome|nombre|nom|name|nazwa|namn|имя|名前|名称|이름)[ \t]*=[ \t]*[\"'][^\"'<>\n]{1,60}[\"'][ \t]*/?>"
    # wave 33: a translated call tag in brackets ("[LLAMADA_HERRAMIENTA] {...}"), a JSON call under a translated key
    # ({"wywołanie_narzędzia": {"nazwa": ...}}, {"verktyg": "radera_mapp", "argument": {...}})
    rf"|\[(?:[^\W\d_]{{3,12}}_)?{_TOOL}(?:_[^\W\d_]{{3,12}})?\][ \t]*\{{"
    rf"|\{{[ \t]*[\"'](?:[^\W\d_]{{3,12}}_)?{_TOOL}(?:_[^\W\d_]{{3,12}})?[\"'][ \t]*:[ \t]*(?:\{{[ \t]*[\"']"
    r"(?:nombre|nome|nom|name|nazwa|namn|имя)[\"'][ \t]*:|[\"'][\w.:-]{1,60}[\"'][ \t]*,[ \t]*[\"'](?:argument\w{0,4}"
    r"|argoment\w{0,2}|par[aâá]m[eè]t\w{1,4})[\"'][ \t]*:)"
    r"|\{[ \t]*[\"']name[\"'][ \t]*:[ \t]*[\"'][\w.:-]{1,60}[\"'][ \t]*,[ \t]*[\"']parameters[\"'][ \t]*:[ \t]*"
    r"\{[ \t]*[\"'](?!(?:type|properties|required|description|\$schema)[\"'])",
    re.IGNORECASE,
)


def tool_form(text: str) -> tuple[int, int] | None:
    """The span of the first tool call dressed in one of these forms, or None."""
    m = _FORMS.search(text) if ("(" in text or "<" in text or "{" in text) else None
    return (m.start(), m.end()) if m else None


TOOL_FORMS: Final = (("tool_imitation", tool_form),)
