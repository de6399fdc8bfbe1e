"""The figures of the bidding study (matplotlib, Agg): best bid and P(made) heatmaps, the hook's
cost beside EV by seat, a joker's value by deal size, drawing against no drawing per bid, and
final totals of whole games. Every interval drawn is the 95 % CI of its table."""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.report.study import Study

__all__ = ["draw_figure", "finals_figure", "heatmap", "hook_figure", "joker_figure", "made_heatmap"]


def heatmap(study: Study, name: str, rows: list[dict[str, Any]], sizes: list[int], caption: str) -> None:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(sizes), figsize=(3.9 * len(sizes), 3.2), squeeze=False)
    for ax, c in zip(axes[0], sizes, strict=True):
        grid = np.full((5, 3), np.nan)
        labels = ["none", "0", "1", "2", "3+"]
        for tr_i, tr in enumerate(labels):
            for jk in range(3):
                sel = [r for r in rows if r["cards"] == c and r["trumps"] == tr and r["jokers"] == jk]
                if sel:
                    w = np.array([r["hands"] for r in sel], float)
                    grid[tr_i, jk] = float(np.average([r["best_bid"] for r in sel], weights=w))
        im = ax.imshow(grid, cmap="viridis", aspect="auto", vmin=0, vmax=max(c, 1))
        ax.set_title(f"{c} card{'' if c == 1 else 's'}")
        ax.set_xticks(range(3), ["0", "1", "2"])
        ax.set_yticks(range(5), labels)
        ax.set_xlabel("jokers")
        ax.set_ylabel("trumps")
        for (i, j), v in np.ndenumerate(grid):
            if not np.isnan(v):
                ax.text(j, i, f"{v:.1f}", ha="center", va="center", color="w", fontsize=8)
        fig.colorbar(im, ax=ax, fraction=0.05)
    study.figure(name, fig, caption)


def made_heatmap(study: Study, name: str, rows: list[dict[str, Any]], caption: str) -> None:
    import matplotlib.pyplot as plt

    sizes = sorted({r["cards"] for r in rows})
    if not sizes:  # no hand-feature cell seen often enough (a small run): nothing to draw
        return
    top = max(sizes)
    grid = np.full((len(sizes), top + 1), np.nan)
    for i, c in enumerate(sizes):
        sel = [r for r in rows if r["cards"] == c]
        w = np.array([r["hands"] for r in sel], float)
        for b in range(c + 1):
            vals = np.array([r.get(f"p_made_{b}", np.nan) for r in sel], float)
            ok = ~np.isnan(vals)
            if ok.any():
                grid[i, b] = float(np.average(vals[ok], weights=w[ok]))
    fig, ax = plt.subplots(figsize=(6, 3))
    im = ax.imshow(grid, cmap="magma", aspect="auto", vmin=0, vmax=1)
    ax.set_yticks(range(len(sizes)), [str(c) for c in sizes])
    ax.set_xlabel("bid")
    ax.set_ylabel("cards")
    fig.colorbar(im, ax=ax)
    study.figure(name, fig, caption)


def _label(key: tuple[str, str]) -> str:
    """A game's name, with its drawing rule when it has one to vary."""
    return key[0] if key[0] == "georgian-joker" else f"{key[0]} draw={key[1]}"


def _bars(ax: Any, x: list[float], rows: list[dict[str, Any]], key: str, lo: str, hi: str, label: str) -> None:
    y = np.array([r[key] for r in rows], float)
    err = np.array([[r[key] - r[lo] for r in rows], [r[hi] - r[key] for r in rows]], float)
    ax.errorbar(x, y, yerr=err, marker="o", ms=3, capsize=2, label=label)


def hook_figure(study: Study, name: str, rows: list[dict[str, Any]], caption: str) -> None:
    """Per game: the hook's cost to the dealer (left) beside EV by seat with the hook on (right)."""
    import matplotlib.pyplot as plt

    games = list(dict.fromkeys((r["game"], r["draw"]) for r in rows))
    fig, axes = plt.subplots(len(games), 2, figsize=(9, 2.8 * len(games)), squeeze=False)
    for (cost_ax, seat_ax), key in zip(axes, games, strict=True):
        sel = [r for r in rows if (r["game"], r["draw"]) == key]
        x = [r["cards"] for r in sel]
        _bars(cost_ax, x, sel, "hook_cost", "ci_low", "ci_high", "dealer: hook on − off")
        cost_ax.axhline(0, color="#888", lw=0.8)
        cost_ax.set_title(f"{_label(key)}: the hook's cost", fontsize=9)
        seats = sorted(int(k[7:]) for k in sel[0] if k.startswith("ev_seat") and k[7:].isdigit())
        for s in seats:
            _bars(seat_ax, [c + 0.06 * s for c in x], sel, f"ev_seat{s}", f"ev_seat{s}_low", f"ev_seat{s}_high",
                  f"seat {s}" + (" (dealer)" if s == seats[-1] else ""))
        seat_ax.set_title("EV by seat, hook on", fontsize=9)
        seat_ax.legend(fontsize=7)
        for ax in (cost_ax, seat_ax):
            ax.set_xlabel("cards dealt")
            ax.set_ylabel("points per deal")
    fig.tight_layout()
    study.figure(name, fig, caption)


def joker_figure(study: Study, name: str, rows: list[dict[str, Any]], caption: str) -> None:
    """Per game: one and two jokers against none, by deal size."""
    import matplotlib.pyplot as plt

    games = list(dict.fromkeys((r["game"], r["draw"]) for r in rows))
    fig, axes = plt.subplots(1, len(games), figsize=(4.3 * len(games), 3.2), squeeze=False)
    for ax, key in zip(axes[0], games, strict=True):
        for j in (1, 2):
            sel = [r for r in rows if (r["game"], r["draw"]) == key and r["jokers"] == j and r["against"] == 0]
            if sel:
                _bars(ax, [r["cards"] for r in sel], sel, "value", "ci_low", "ci_high", f"{j} vs none")
        ax.axhline(0, color="#888", lw=0.8)
        ax.set_title(_label(key), fontsize=9)
        ax.set_xlabel("cards dealt")
        ax.legend(fontsize=7)
    axes[0][0].set_ylabel("EV with − EV without (points)")
    fig.tight_layout()
    study.figure(name, fig, caption)


def draw_figure(study: Study, name: str, rows: list[dict[str, Any]], caption: str) -> None:
    """Per deal size: EV (top) and P(made) (bottom) of each bid, drawing after each trick and not."""
    import matplotlib.pyplot as plt

    sizes = sorted({r["cards"] for r in rows})
    fig, axes = plt.subplots(2, len(sizes), figsize=(3.8 * len(sizes), 5.4), squeeze=False)
    for i, c in enumerate(sizes):
        sel = [r for r in rows if r["cards"] == c]
        for tag in ("after_trick", "none"):
            part = [r for r in sel if r[f"ev_{tag}"] is not None]
            x = [r["bid"] for r in part]
            _bars(axes[0][i], x, part, f"ev_{tag}", f"ci_low_{tag}", f"ci_high_{tag}", f"draw={tag.replace('_', '-')}")
            axes[1][i].plot(x, [r[f"p_made_{tag}"] for r in part], marker="o", ms=3)
        axes[0][i].set_title(f"{c} cards dealt", fontsize=9)
        axes[1][i].set_xlabel("bid of seat 0")
        axes[1][i].set_ylim(0, 1)
    axes[0][0].set_ylabel("EV (points)")
    axes[1][0].set_ylabel("P(made)")
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    study.figure(name, fig, caption)


def finals_figure(study: Study, finals: dict[str, np.ndarray]) -> None:
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(finals), figsize=(4.2 * len(finals), 3.2), squeeze=False)
    for ax, (label, totals) in zip(axes[0], finals.items(), strict=True):
        ax.hist(totals.ravel(), bins=40, color="#3b6ea8", histtype="stepfilled")  # one patch, not 40 bars
        ax.set_title(label, fontsize=9)
        ax.set_xlabel("final total")
    axes[0][0].set_ylabel("players")
    study.figure("final-totals", fig, "Final totals of whole games (every player, heuristic play)")
