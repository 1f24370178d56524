"""What a writing command shows at a terminal while it works (on stderr, gone when it ends): a
spinner while the embedding model loads, then two phases, files parsed and chunks embedded, each
with a bar, counts and an ETA. Nothing at all with --json or when stderr is not a terminal.

`TerminalProgress` is the write path's progress callback: called as (files done, files total), and
its `chunks(done, seen)` method with the chunks stored so far and those seen so far. Until every
file is parsed the chunk total is an estimate (chunks per parsed file times the files), shown
with a "~"; the ETA rests on the chunks actually embedded per second.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

import numpy as np

from stratakb_core.embedding import Embedder

__all__ = ["SLICE", "LoadingEmbedder", "TerminalProgress", "at_terminal"]

SLICE = 32  # texts per embed call at a terminal: the chunk bar moves this often


def at_terminal(as_json: bool) -> bool:
    return not as_json and sys.stderr.isatty()


class TerminalProgress:
    """Files parsed and chunks embedded, as two rich progress bars on stderr (started lazily, so a
    question asked at the terminal before the work starts is not drawn over)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            SpinnerColumn(), TextColumn("{task.description:<24}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("{task.fields[estimate]}"), TextColumn("ETA"), TimeRemainingColumn(), TimeElapsedColumn(),
            console=Console(stderr=True), transient=True)
        self._started = False
        self._files: Any = None
        self._chunks: Any = None
        self._loading: Any = None
        self._files_done = 0
        self._files_total = 0
        self._stored = 0  # chunks stored, as the write path last reported
        self._seen = 0
        self._in_flight = 0  # texts embedded since then (the group being embedded)

    def _start(self) -> None:
        if not self._started:
            self._progress.start()
            self._started = True

    def __call__(self, done: int, total: int) -> None:
        self._start()
        if self._files is None:
            self._files = self._progress.add_task("Parsing files", total=total, estimate="")
        self._files_done, self._files_total = done, total
        self._progress.update(self._files, completed=done, total=total)

    def chunks(self, done: int, seen: int) -> None:
        self._stored, self._seen, self._in_flight = done, seen, 0
        self._draw_chunks()

    def embedded(self, count: int) -> None:
        """`count` more texts embedded in the group being embedded (before the write path stores it)."""
        self._in_flight += count
        self._draw_chunks()

    def _draw_chunks(self) -> None:
        self._start()
        seen = max(self._seen, self._stored + self._in_flight)
        parsing = 0 < self._files_done < self._files_total
        total = max(seen, round(seen * self._files_total / self._files_done)) if parsing else seen
        if self._chunks is None:
            self._chunks = self._progress.add_task("Embedding chunks", total=total, estimate="")
        self._progress.update(self._chunks, completed=min(self._stored + self._in_flight, total), total=total,
                              estimate="(estimated)" if parsing else "")

    def loading(self, model: str) -> None:
        self._start()
        self._loading = self._progress.add_task(f"Loading model {model}", total=None, estimate="")

    def loaded(self) -> None:
        if self._loading is not None:
            self._progress.remove_task(self._loading)
            self._loading = None

    def stop(self) -> None:
        if self._started:
            self._progress.stop()
            self._started = False


class LoadingEmbedder:
    """An embedder that shows a spinner while its model loads (on the first embed that needs it)."""

    def __init__(self, inner: Embedder, progress: TerminalProgress) -> None:
        self._inner, self._progress = inner, progress

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimensions(self) -> int:
        return self._inner.dimensions

    @property
    def is_local(self) -> bool:
        return bool(getattr(self._inner, "is_local", True))

    def _ensure_loaded(self, texts: Sequence[str]) -> None:
        if texts and getattr(self._inner, "is_loaded", True) is False:
            self._progress.loading(self._inner.name)
            try:
                self._inner.embed([texts[0]])  # loads the model
            finally:
                self._progress.loaded()

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """The vectors, embedded a slice at a time so the chunk bar moves while a group embeds."""
        self._ensure_loaded(texts)
        if len(texts) <= SLICE:
            out = self._inner.embed(texts)
            self._progress.embedded(len(texts))
            return out
        parts = []
        for start in range(0, len(texts), SLICE):
            parts.append(self._inner.embed(texts[start:start + SLICE]))
            self._progress.embedded(len(parts[-1]))
        return np.concatenate(parts, axis=0)

    def embed_query(self, text: str) -> np.ndarray:
        self._ensure_loaded([text])
        return self._inner.embed_query(text)
