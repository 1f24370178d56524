"""A row of comma-separated values, for ``injection``'s quotation test (no I/O; moved out of ``injection`` in wave 36).

A CSV row ('INV-7,Acme,12.00,"a note, quoted",open'): its double quotes wrap a cell, they quote nobody.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["csv_row"]

_CSV_LINE: Final = re.compile(r'(?:[^\n",]*,){2,}"[^\n]*"(?:,[^\n",]*)*')


def csv_row(text: str, at: int) -> bool:
    """The line holding ``text[at]`` is a row of comma-separated values with a quoted cell."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    return bool(_CSV_LINE.fullmatch(text, line_start, line_end if line_end != -1 else len(text)))
