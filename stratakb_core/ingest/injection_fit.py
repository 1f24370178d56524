"""Fits the learned injection scorer's weights (offline: scripts/train_injection_model.py and
scripts/injection_cv.py; never imported by ``scan``).

L2-regularised logistic regression over ``injection_model.features``, solved exactly by Newton's
method in the dual: the weights are a combination of the training vectors (``w = X.T @ a``), so
each step solves one n-by-n system with the Gram matrix ``K = X @ X.T`` (n is about a thousand
passages). Deterministic: no random start, no sampling, a fixed number of steps at most. The two
classes are weighted to count alike. scipy builds the sparse Gram matrix; it is installed with the
package's dependencies (scikit-learn, under sentence-transformers) and only this offline step uses it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from stratakb_core.ingest.injection_model import DIM, features

__all__ = ["LAMBDA", "design", "fit"]

LAMBDA = 1e-5  # the L2 penalty per unit of (class-weighted) training loss
_STEPS = 40


def design(texts: Sequence[str]):  # -> scipy.sparse.csr_matrix, (n, DIM + 1) with the bias column last
    """The feature rows of ``texts`` with a constant 1 in the last column (the bias)."""
    from scipy import sparse

    rows, cols, vals = [], [], []
    for i, text in enumerate(texts):
        idx, val = features(text)
        rows.append(np.full(len(idx) + 1, i))
        cols.append(np.append(idx, DIM))
        vals.append(np.append(val, np.float32(1.0)))
    shape = (len(texts), DIM + 1)
    return sparse.csr_matrix((np.concatenate(vals), (np.concatenate(rows), np.concatenate(cols))), shape=shape)


def fit(texts: Sequence[str], labels: Sequence[int], lam: float = LAMBDA) -> np.ndarray:
    """The weights (``DIM``, then the bias) of the regression of ``labels`` (1 = attack) on ``texts``."""
    x = design(texts)
    y = np.asarray(labels, dtype=np.float64)
    n = len(y)
    positives = y.sum()
    s = np.where(y > 0, n / (2 * max(positives, 1)), n / (2 * max(n - positives, 1))) / n
    gram = (x @ x.T).toarray().astype(np.float64)
    a = np.zeros(n)
    for _ in range(_STEPS):
        f = gram @ a
        p = 1.0 / (1.0 + np.exp(-f))
        grad = s * (p - y) + lam * a
        if np.abs(grad).max() < 1e-9:
            break
        hess = (s * p * (1 - p))[:, None] * gram + lam * np.eye(n)
        a = a - np.linalg.solve(hess, grad)
    w = np.asarray(x.T @ a).ravel()
    return w.astype(np.float32)
