"""The distinct values of an integer array and each entry's index among them, by a hash table;
the stable order of small integer keys, by counting; the classes of a list of 5-sets.

``dense_ranks(values)`` gives what ``u = np.unique(values); np.searchsorted(u, values)`` gives
(the index as int32) in two passes over the entries through an open-addressing table of the
distinct values, with no sort of the entries: quicker when they are millions and the distinct
values a few thousand (hand classes, hold patterns).

>>> import numpy as np
>>> u, i = dense_ranks(np.array([[30, -2], [30, 7]]))
>>> u.tolist(), i.tolist()
([-2, 7, 30], [[2, 0], [2, 1]])
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.jit import kernel, no_refcount

__all__ = ["counting_order", "dense_ranks", "set_classes"]


@no_refcount(inline="always")
def _slot(keys, full, x, bits):
    """The slot of ``x`` in the table of ``2**bits`` slots (``full[i]``: slot i holds ``keys[i]``):
    its own or the free one where it goes (Fibonacci hashing: the product's top bits; linear probing)."""
    mask = (np.int64(1) << bits) - 1
    i = np.int64((np.uint64(x) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(64 - bits))
    while full[i] and keys[i] != x:
        i = (i + 1) & mask
    return i


@kernel
def dense_ranks(values):
    """``(np.unique(values), np.searchsorted(that, values).astype(np.int32))`` for an integer
    array of any shape (C-contiguous); the distinct values as int64."""
    flat = values.ravel()
    bits = 12
    cap = 1 << bits
    keys = np.zeros(cap, np.int64)
    full = np.zeros(cap, np.bool_)
    used = 0
    for k in range(flat.size):
        x = np.int64(flat[k])
        i = _slot(keys, full, x, bits)
        if not full[i]:
            keys[i] = x
            full[i] = True
            used += 1
            if 2 * used > cap:  # at most half full: double the table
                old_keys = keys
                old_full = full
                bits += 1
                cap *= 2
                keys = np.zeros(cap, np.int64)
                full = np.zeros(cap, np.bool_)
                for j in range(old_keys.size):
                    if old_full[j]:
                        s = _slot(keys, full, old_keys[j], bits)
                        keys[s] = old_keys[j]
                        full[s] = True
    uniq = np.empty(used, np.int64)
    t = 0
    for j in range(cap):
        if full[j]:
            uniq[t] = keys[j]
            t += 1
    uniq.sort()
    index = np.empty(cap, np.int32)
    for t in range(used):
        index[_slot(keys, full, uniq[t], bits)] = t
    out = np.empty(flat.size, np.int32)
    for k in range(flat.size):
        out[k] = index[_slot(keys, full, np.int64(flat[k]), bits)]
    return uniq, out.reshape(values.shape)


@kernel
def set_classes(sets, cls, binom):
    """``cls[colex(row)]`` of every row of ``sets`` (sorted positions, (k, 5)), as int64: what
    ``cls[binom[sets, np.arange(1, 6)].sum(axis=1)]`` gives, with no (k, 5) temporaries."""
    out = np.empty(sets.shape[0], np.int64)
    for i in range(sets.shape[0]):
        out[i] = cls[binom[sets[i, 0], 1] + binom[sets[i, 1], 2] + binom[sets[i, 2], 3] + binom[sets[i, 3], 4]
                     + binom[sets[i, 4], 5]]
    return out


@kernel
def counting_order(keys, n_keys):
    """``(np.argsort(keys, kind="stable"), np.searchsorted(keys[that], np.arange(n_keys + 1)))`` for
    keys in ``0 .. n_keys - 1``: the indices by key, equal keys in index order, and where each key's
    run starts (the last entry: ``keys.size``), by counting."""
    start = np.zeros(n_keys + 1, np.int64)
    for i in range(keys.shape[0]):
        start[keys[i] + 1] += 1
    for k in range(n_keys):
        start[k + 1] += start[k]
    fill = start[:n_keys].copy()
    order = np.empty(keys.shape[0], np.int64)
    for i in range(keys.shape[0]):
        k = keys[i]
        order[fill[k]] = i
        fill[k] += 1
    return order, start
