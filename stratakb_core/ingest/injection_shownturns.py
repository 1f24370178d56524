"""Where the line heading a shown exchange ends, for ``injection._shown_format`` (no I/O).

Wave 33: a doc shows how a bot's turns are logged ("... we store them as lines like 'user: ...'. Example:") and
then an exchange ("user: List the finishes ...\\nassistant: Floor: oak ..."). The role_tag match of such an exchange
starts at the line break before "user:", so the head line was searched up to the line break before it (none: the
head went unread). The head now counts for a match that starts at a line break too, but only when the exchange
below it orders nothing (no override, no secret or limitless mode, no system prompt named, no send to an
address, no "from now on"): a planted exchange under an "Example:" line still fires.
"""

from __future__ import annotations

from stratakb_core.ingest.injection_cooccur import _DEST, _directive, _mask, cues

__all__ = ["head_end"]


def head_end(text: str, para: int, start: int) -> int:
    """Where the format head before ``start`` may end: the start of ``start``'s line (or ``para``); for a match that
    opens at a line break, that break's line too, unless the 400 characters from it order or send anything."""
    if text[start : start + 1] == "\n" and "\n" not in text[para:start]:
        window = _mask(text[start : start + 400])
        found = cues(window)
        ordered = _directive(found) or "leak_obj" in found or ("send" in found and _DEST in window)
        return para if ordered else start + 1
    return text.rfind("\n", 0, start) + 1 if "\n" in text[para:start] else para
