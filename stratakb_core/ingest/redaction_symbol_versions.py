"""A linker symbol with its version tag is a public name, not a secret (no I/O; audit of real documents, wave 50).

Spares: a symbol name joined to a symbol version by ``@`` or ``@@`` as Debian ``.symbols`` files, changelogs and
symbol lists write them: ``mach_print@GLIBC_2.21``, ``sqlite3StdTypeMap@Base``, ``libport_dummy_function@LIBTIFF_4.0``,
``FUNC:_ZNKSs4findERKSsm@@GLIBCXX_3.4``, ``sysconf@GLIBC_2.*``. The learned scorer took them for generated tokens
(mixed case, digits, a rare joint), 1,142 spans in the audit.

Keeps: everything else with an ``@``: the tag must be ``Base`` or a namespace of capitals (three or more) with
``_`` and a dotted version (``GLIBC_2.21``, ``CXXABI_1.3.5``), and the name a C identifier of three or more
characters, so ``user@example.com:Pa55word``, ``Summer@2024``, ``admin@Passw0rd!`` or ``bob@PROD_1`` (no dot) still go;
and a value right after a secret's label (``password: Xk9q@Base``, ``token = a_b@LIB_1.2``) goes whatever its shape.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["after_secret_label", "is_symbol_version"]

_SYMBOL_RE: Final = re.compile(
    r"(?:(?:FUNC|OBJECT|TLS|COMMON|NOTYPE|IFUNC):)?[A-Za-z_][A-Za-z0-9_$.]{2,400}"
    r"@@?(?:Base|[A-Z][A-Z0-9]{2,24}(?:_[A-Z0-9]{1,12}){0,3}_[0-9]{1,4}(?:\.(?:[0-9]{1,4}|\*)){1,4})"
)

# a secret's label right before the value: "password: ", "api_token=", "secret key is "
_LABEL_BEFORE_RE: Final = re.compile(
    r"(?i)(?:pass(?:word|wd|phrase|code)?|pwd|secret|token|key|pin|credential|auth)s?[\"']?[ \t]{0,3}"
    r"(?:[:=]|\bis\b|\bwas\b)[ \t]{0,3}[\"']?$"
)


def after_secret_label(text: str, start: int) -> bool:
    """Whether a secret's label (``password:``, ``token =``, "key is") stands right before ``start``."""
    line_start = text.rfind("\n", 0, start) + 1
    return _LABEL_BEFORE_RE.search(text[max(line_start, start - 48) : start]) is not None


def is_symbol_version(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a versioned linker symbol (module docstring)."""
    if end - start > 460 or _SYMBOL_RE.fullmatch(text, start, end) is None:
        return False
    return not after_secret_label(text, start)
