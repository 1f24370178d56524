"""A public identifier or a type name under a secret's word in a specification or a changelog (no I/O; audit, wave 50).

Spares four shapes real documents have:

- an OpenPGP key id or fingerprint named as one: ``(GnuPG key: 0x7EC2DBB6F4DBF434)``, ``signing key 0x...``;
- a protocol field's type: ``token: CARD32``, ``passwd: INT16``, ``secret: uint32_t`` (X11 protocol texts, C headers);
- a hardware pin after its function: "fix rk809 interrupt pin on rk3566-roc-pc", "gpio pin for board-x";
- a passwd or group entry whose password field says there is none (``*``, ``x``, ``!``, ``!!``, ``*LK*``):
  ``gnu:*:4567:123:GNU:...`` (a home and a shell follow).

Keeps: a value under a key's name that is not a key id in hex after ``0x`` named GnuPG, GPG, PGP or OpenPGP; any
other value after ``token:``; a PIN on a card, a phone or a door ("the PIN on the card is 4821", "reset pin for the
router: 1234": only a bus's or a chip's pin names such as interrupt, gpio, clock, i2c count); a passwd entry
with a real hash or a password in its second field (``gnu:Xy7$pw:4567:...``).
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["is_public_spec_value"]

_KEY_ID_RE: Final = re.compile(r"(?:0x)?(?:[0-9A-Fa-f]{8}){1,5}[).,;]{0,3}")
_KEY_ID_BEFORE_RE: Final = re.compile(
    r"(?i)\b(?:gnupg|gpg|pgp|openpgp)[ \t-]{0,3}(?:signing[ \t-])?key(?:[ \t-]?id)?[ \t]{0,3}[:=]?[ \t]{0,3}$"
)
_TYPE_RE: Final = re.compile(r"(?:CARD|INT|UINT|BITS|FLOAT)(?:8|16|32|64)|u?int(?:8|16|32|64)_t|LISTof[A-Z0-9]{2,16}")
_PIN_BEFORE_RE: Final = re.compile(
    r"(?i)\b(?:interrupt|irq|gpio|clock|header|pwm|i2c|spi|uart|ground|jtag|smi|mdio)"
    r"[ \t]+pins?[ \t]+(?:on|of|for|at|to)[ \t]+$"
)
_PASSWD_ENTRY_RE: Final = re.compile(
    r"[a-z_][a-z0-9_.-]{0,31}:(?:\*|x|!{1,2}|\*LK\*|!\*):[0-9]{1,10}:(?:[0-9]{1,10}:[^:\n]{0,200}:[^:\n]{0,200}:"
    r"[^:\n]{0,200}|[^\n]{0,400})"
)


def is_public_spec_value(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a key id, a type, a hardware pin's board or an empty passwd field's entry."""
    if end - start > 700:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    before = text[max(line_start, start - 60) : start]
    if _KEY_ID_RE.fullmatch(text, start, end) and _KEY_ID_BEFORE_RE.search(before):
        return True
    if _TYPE_RE.fullmatch(text, start, end):
        return True
    if _PIN_BEFORE_RE.search(before):
        return True
    return _PASSWD_ENTRY_RE.fullmatch(text, start, end) is not None
