"""CPU time checks for pathological inputs, as ratios in one run (never a fixed bound in seconds).

A search that is linear in its input costs about twice the CPU on twice the text; a quadratic one four times. Fixed
bounds (``< 1.0`` s) failed in CI on a loaded machine for linear code (1.18 s), so the tests of the redaction waves
compare the text with its half instead and keep only a loose ceiling against a catastrophic search. The half keeps
the text's head and its last ``TAIL`` characters, so a trigger at either end ("ssid " x 30,000 + ", key X") is in
both and only the repeated middle is halved."""

from __future__ import annotations

import time
from collections.abc import Callable

# twice the input may cost at most this many times the CPU of the half (linear: ~2, quadratic: ~4)
RATIO = 3.0
SLACK = 0.05  # seconds, for inputs too small to time
TAIL = 40


def assert_linear(run: Callable[[str], object], text: str, ceiling: float = 20.0) -> None:
    """``run`` on ``text`` costs at most ``RATIO`` times its cost on the half of ``text`` (head and tail kept), and
    under ``ceiling`` CPU seconds."""
    seconds = []
    for part in (text[: len(text) // 2] + text[-TAIL:], text):
        start = time.process_time()
        run(part)
        seconds.append(time.process_time() - start)
    assert seconds[1] < RATIO * seconds[0] + SLACK, f"not linear: half {seconds[0]:.2f} s, whole {seconds[1]:.2f} s"
    assert seconds[1] < ceiling, f"{seconds[1]:.2f} s"
