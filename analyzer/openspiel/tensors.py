"""Observation tensors of the wrapped games: one flat ``float32`` vector cut into named pieces
(one-hot planes over the deck's card codes, small one-hot or integer scalars), holding the same
information as the game's information-state string (the wrappers' observation string is the same
text, so both tensors are this one).

>>> obs = TensorObserver([("seat", (2,)), ("hand", (2, 3))], None, None)
>>> obs.tensor.size, obs.dict["hand"].shape
(8, (2, 3))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

__all__ = ["TensorObserver", "counts_plane", "mask_plane", "one_hot", "pack_layout"]


class TensorObserver:
    """An OpenSpiel observer over ``layout`` (name and shape of each piece): ``tensor`` and its
    named views ``dict``; the string is the information state when asked for perfect recall,
    else the observation (the same text in these games)."""

    def __init__(self, layout: Sequence[tuple[str, tuple[int, ...]]], iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        sizes = [int(np.prod(shape)) for _name, shape in layout]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for (name, shape), n in zip(layout, sizes, strict=True):
            self.dict[name] = self.tensor[start:start + n].reshape(shape)
            start += n

    def set_from(self, state: Any, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor``."""
        self.tensor.fill(0.0)
        state.fill_tensor(int(player), self.dict)

    def string_from(self, state: Any, player: int) -> str:
        return str(state.info_text(player) if self.perfect_recall else state.observation_text(player))


def pack_layout(players: int) -> list[tuple[str, tuple[int, ...]]]:
    """The pieces every wrapped game starts with: the seat (one-hot), cards dealt so far, and a
    move waiting for its draws (cards drawn, cards due, the move + 1; zeros when none)."""
    return [("seat", (players,)), ("dealt", (1,)), ("drawing", (3,))]


def mask_plane(plane: np.ndarray, mask: int, index: dict[int, int] | None = None) -> None:
    """Set ``plane[i]`` to 1 for each bit of ``mask`` (through ``index``: bit → plane slot).

    >>> p = np.zeros(4, np.float32); mask_plane(p, 0b1010); p.tolist()
    [0.0, 1.0, 0.0, 1.0]
    """
    m = int(mask)
    while m:
        low = m & -m
        b = low.bit_length() - 1
        plane[index[b] if index is not None else b] = 1
        m ^= low


def one_hot(plane: np.ndarray, value: int, offset: int = 0) -> None:
    """``plane[value + offset] = 1`` (``offset`` 1 lets -1, "none", take slot 0)."""
    plane[int(value) + offset] = 1


def counts_plane(plane: np.ndarray, codes: Iterable[int]) -> None:
    """Add 1 at each code (copies of a two-deck pack count up)."""
    for c in codes:
        plane[int(c)] += 1
