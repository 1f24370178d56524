"""A yes/no question at a terminal, or a refusal naming --yes in a script (no I/O but the terminal)."""

from __future__ import annotations

import sys

from stratakb_core.errors import ConfirmationRequired

__all__ = ["confirm_or_refuse"]


def confirm_or_refuse(question: str, yes: bool) -> None:
    """Go on when --yes was given or the user says yes at a terminal; otherwise refuse (exit 2)."""
    if yes:
        return
    if not sys.stdin.isatty() or not sys.stderr.isatty():
        raise ConfirmationRequired(f"{question} Pass --yes to go ahead in a script.", flag="--yes")
    print(question + " [y/N] ", end="", file=sys.stderr, flush=True)
    try:
        answer = sys.stdin.readline()
    except (EOFError, KeyboardInterrupt):
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise ConfirmationRequired("cancelled; nothing was changed", flag="--yes")
