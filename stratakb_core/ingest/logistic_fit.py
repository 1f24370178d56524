"""L2-regularised logistic regression by truncated Newton, deterministic: the solver both learned scorers share.

``fit_rows`` minimises ``sum_i s_i logloss(x_i . w, y_i) + lam / 2 |w|^2`` over sparse feature rows whose last column
is the bias. Each step solves ``H d = -g`` by conjugate gradients on the rows (``H v = X^T (D (X v)) + lam v``, two
sparse products per iteration, as liblinear does), then halves ``d`` until the objective falls (Armijo). No random
start, no sampling, a fixed number of steps at most, and sums by numpy's pairwise ``sum``, never a BLAS dot whose
threads could reorder them: the same rows give the same bytes, so a shipped weights file can be checked by retraining
(``scripts/train_injection_model.py --check``, ``scripts/train_redaction_scorer.py --check``). Offline only: the
injection scorer (``injection_fit``) and the redaction scorer (``scripts/train_redaction_scorer.py``) call it; scipy
holds the rows (installed with scikit-learn, under sentence-transformers).
"""

from __future__ import annotations

import numpy as np

__all__ = ["fit_rows"]

_STEPS = 60  # Newton steps at most (7 on the injection fixtures, wave 25)
_CG_STEPS = 2000  # conjugate-gradient iterations per Newton step at most
_GRADIENT_TOL = 1e-12  # the largest gradient entry at the optimum


def fit_rows(x, y: np.ndarray, s: np.ndarray, lam: float) -> np.ndarray:
    """The weights (one per column of the csr matrix ``x``, float32) of the regression of ``y`` (0/1) on its rows,
    row ``i`` weighing ``s[i]``. Columns no row has get weight 0."""
    y = np.asarray(y, dtype=np.float64)
    cols = np.unique(x.indices)  # only features some row has can get weight
    xc = x[:, cols].astype(np.float64).tocsr()
    xt = xc.T.tocsr()

    def objective(w: np.ndarray) -> float:
        f = xc @ w
        return float(np.sum(s * (np.logaddexp(0.0, f) - y * f)) + lam / 2 * _dot(w, w))

    w = np.zeros(len(cols))
    for _ in range(_STEPS):
        p = 1.0 / (1.0 + np.exp(-(xc @ w)))
        g = xt @ (s * (p - y)) + lam * w
        if np.abs(g).max() < _GRADIENT_TOL:
            break
        d = _newton_direction(xc, xt, s * p * (1 - p), g, lam)
        before, slope, t = objective(w), _dot(g, d), 1.0
        while objective(w + t * d) > before + 1e-4 * t * slope and t > 1e-8:
            t /= 2
        w = w + t * d
    out = np.zeros(x.shape[1])
    out[cols] = w
    return out.astype(np.float32)


def _dot(a: np.ndarray, b: np.ndarray) -> float:
    return float(np.sum(a * b))


def _newton_direction(xc, xt, curvature: np.ndarray, g: np.ndarray, lam: float) -> np.ndarray:
    """Conjugate gradients on ``(X^T diag(curvature) X + lam I) d = -g``, to a residual of ``min(0.1, |g|^0.5)``
    times ``|g|`` (the forcing term of inexact Newton: loose far from the optimum, tight near it)."""
    r, q = -g, -g  # the residual and the search direction, two arrays
    d = np.zeros_like(g)
    rr = _dot(r, r)
    target = min(0.1, rr ** 0.25) * rr ** 0.5
    for _ in range(_CG_STEPS):
        hq = xt @ (curvature * (xc @ q)) + lam * q
        alpha = rr / _dot(q, hq)
        d += alpha * q
        r = r - alpha * hq
        rr_next = _dot(r, r)
        if rr_next ** 0.5 <= target:
            break
        q = r + (rr_next / rr) * q
        rr = rr_next
    return d
