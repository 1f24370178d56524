"""The shipped weights files of the two learned scorers (injection, redaction): one format, read and written here.

A plain .npy of float16 values (``dim`` weights, then the bias), whose bytes depend on nothing but the values, so a
retrain that reproduces the weights reproduces the file (``--check`` of both trainers compares bytes).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np

__all__ = ["load", "npy_bytes", "write_or_check"]


def load(path: Path, dim: int) -> np.ndarray:
    """The weights in ``path`` (``dim`` of them, then the bias), as float32; ValueError on any other shape."""
    w = np.load(path, allow_pickle=False)
    if w.shape != (dim + 1,):
        raise ValueError(f"{path.name}: {w.shape} weights, expected {(dim + 1,)}")
    return w.astype(np.float32)


def npy_bytes(w: np.ndarray) -> bytes:
    """The file's bytes for weights ``w`` (stored as float16)."""
    out = io.BytesIO()
    np.save(out, w.astype(np.float16), allow_pickle=False)
    return out.getvalue()


def write_or_check(path: Path, data: bytes, check: bool) -> int:
    """Write ``data`` to ``path``, or with ``check`` compare them; the exit status (1: the file differs)."""
    if check:
        same = path.exists() and path.read_bytes() == data
        print(f"{path}: {'matches' if same else 'DIFFERS from'} the trained weights")
        return 0 if same else 1
    path.write_bytes(data)
    print(f"wrote {path} ({len(data)} bytes)")
    return 0
