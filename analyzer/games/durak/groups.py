"""Rates by group of players pooled over games, with cluster-robust (by game) standard errors.

Players of one game are not independent (one fool per game), so a rate ``p_k = F_k / N_k``
(fools over players in group k) gets the linearised variance ``Σ_games (w·x)²`` of the per-game
vector ``x = (fools per group, players per group)``, from the sums of ``x`` and ``x xᵀ`` the
kernels accumulate. Contrasts between groups (a joker's value, the first attacker's edge) use
the same formula with their own weights, so their covariance is honest too.

>>> import numpy as np
>>> T = np.array([3, 1, 10, 10]); M = np.diag([3, 1, 10, 10]) * 1.0   # 10 games, 1 player per group
>>> round(group_rates(T, M, 10)[0][0], 3)
0.3
"""

from __future__ import annotations

import numpy as np

from analyzer.stats import Z95

__all__ = ["Rate", "contrast", "group_rates", "rate_dict"]

Rate = tuple[float, float]  # (estimate, standard error)


def _weights(T: np.ndarray, coef: np.ndarray) -> tuple[float, np.ndarray]:
    g = T.size // 2
    F = T[:g].astype(float)
    N = T[g:].astype(float)
    w = np.zeros(2 * g)
    est = 0.0
    for k in range(g):
        if coef[k] == 0:
            continue
        if N[k] == 0:
            return float("nan"), w
        p = F[k] / N[k]
        est += float(coef[k] * p)
        w[k] = coef[k] / N[k]
        w[g + k] = -coef[k] * p / N[k]
    return est, w


def contrast(T: np.ndarray, M: np.ndarray, games: int, coef: np.ndarray) -> Rate:
    """``Σ coef_k p_k`` and its standard error."""
    est, w = _weights(np.asarray(T), np.asarray(coef, dtype=float))
    if not np.isfinite(est) or games < 2:
        return est, float("nan")
    var = float(w @ np.asarray(M, dtype=float) @ w) * games / (games - 1)
    return est, float(np.sqrt(max(var, 0.0)))


def group_rates(T: np.ndarray, M: np.ndarray, games: int) -> list[Rate]:
    """Each group's rate and standard error."""
    g = np.asarray(T).size // 2
    return [contrast(T, M, games, np.eye(g)[k]) for k in range(g)]


def rate_dict(est: float, se: float, scale: float = 1.0) -> dict[str, float]:
    """``{estimate, se, ci_low, ci_high}`` (normal 95 % interval), times ``scale``."""
    return {"estimate": est * scale, "se": se * scale, "ci_low": (est - Z95 * se) * scale,
            "ci_high": (est + Z95 * se) * scale}
