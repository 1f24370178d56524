"""CPU time checks for pathological inputs, as ratios in one run (never a fixed bound in seconds).

A search that is linear in its input costs about four times the CPU on four times the text; a quadratic one sixteen
times. Fixed bounds (``< 1.0`` s) failed in CI on a loaded machine for linear code (1.18 s), and a first ratio of
the text to its half (threshold 3 between 2 and 4) failed once too (0.13 s -> 0.46 s, a collection or a cache miss
in the larger run). So the tests compare the text with its quarter (threshold 8, twice the linear ratio and half the
quadratic one), with the garbage collector paused while timing, and measure again up to ``ATTEMPTS`` times before
failing: noise makes one measurement slow, a quadratic search makes every one slow. A loose ceiling stays against a
catastrophic search. The quarter keeps the text's head and its last ``TAIL`` characters, so a trigger at either end
("ssid " x 30,000 + ", key X") is in both and only the repeated middle is cut.

Texts longer than ``MAX_CHARS`` are first cut the same way (head and tail kept): a quadratic search is still sixteen
times slower on the whole than on its quarter at 100,000 characters, and the two hundred timing tests of the rule
waves, written with texts of up to a megabyte, took a quarter of the suite's CPU
(docs/adr/0012-test-suite-on-two-workers.md)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

# four times the input may cost at most this many times the CPU of the quarter (linear: ~4, quadratic: ~16)
RATIO = 8.0
SLACK = 0.05  # seconds, for inputs too small to time
TAIL = 40
MAX_CHARS = 100_000
ATTEMPTS = 3


def _cpu(run: Callable[[str], object], text: str) -> float:
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.process_time()
        run(text)
        return time.process_time() - start
    finally:
        if enabled:
            gc.enable()


def assert_linear(
    run: Callable[[str], object], text: str, ceiling: float = 20.0, max_chars: int = MAX_CHARS
) -> None:
    """``run`` on ``text`` (cut to ``max_chars``, head and tail kept) costs at most ``RATIO`` times its cost on a
    quarter of it (head and tail kept), in one of ``ATTEMPTS`` measurements, and under ``ceiling`` CPU seconds."""
    if len(text) > max_chars:
        text = text[: max_chars - TAIL] + text[-TAIL:]
    quarter = text[: len(text) // 4] + text[-TAIL:]
    tried = []
    for _ in range(ATTEMPTS):
        small, whole = _cpu(run, quarter), _cpu(run, text)
        assert whole < ceiling, f"{whole:.2f} s"
        if whole < RATIO * small + SLACK:
            return
        tried.append(f"quarter {small:.2f} s, whole {whole:.2f} s")
    raise AssertionError("not linear: " + "; ".join(tried))
