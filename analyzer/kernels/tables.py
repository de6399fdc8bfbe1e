"""Build the lookup tables behind the evaluator (numba, arrays and ints only).

The best hand under every wild rule depends only on: the multiset of natural ranks, whether
the natural cards share one suit, and the number of wild cards. ``build_table5`` finds it for
every such key by trying every legal substitution of the wild cards as (rank, suited?) pairs,
so the hot path is one table lookup. ``build_tables_k`` lifts the 5-card table to the best
5 of k cards (k = 5, 6, 7): a suit-blind table over natural rank multisets plus a flush table
over one suit's rank mask.

The score layout, the category and mode codes and the wild-mode table (one row of data per
mode: what a wild card may complete, what it may never make, its exemptions) are defined once
in :mod:`analyzer.kernels.codes`; a new wild mode is a row there plus its reference test.
"""

from __future__ import annotations

import numpy as np

from analyzer.kernels.codes import (  # noqa: F401  (re-exported: the kernels' names for the codes)
    ALL_CATS,
    CAT_SHIFT,
    FIVE,
    FLUSH,
    FULL_HOUSE,
    HIGH,
    M_ACES,
    M_ALLOWED,
    M_BLANKS,
    M_DUPLICATE,
    M_FORBIDDEN,
    MODE_BUG,
    MODE_JPOKER,
    MODE_NATURAL,
    MODE_ROWS,
    MODE_SEMI,
    MODE_WILD,
    N_CATEGORIES,
    NATCAT_SHIFT,
    NBW_CATEGORY,
    NBW_NONE,
    NBW_TIE,
    PAIR,
    QUADS,
    ROYAL,
    SEMI_CATS,
    SF,
    STRAIGHT,
    STRAIGHTISH,
    TB_MASK,
    TB_SHIFT,
    TRIPS,
    TWO_PAIR,
    VALUE_POS_SHIFT,
)
from analyzer.kernels.combinatorics import binomial_table as _binomial
from analyzer.kernels.combinatorics import next_multiset
from analyzer.kernels.jit import kernel, no_refcount

MODES = np.array(MODE_ROWS, np.int64)  # [mode, column]: read by _best_for_key
MAX_K = 7
MULTISET_SIZE = 50388  # C(19, 7): rank multisets of up to 7 cards


def binomial_table() -> np.ndarray:
    """``B[n, k] = C(n, k)`` for n < 24, k < 9 (int64)."""
    return _binomial(23, 8)


@no_refcount
def multiset_index(sorted_ranks, m, binom):
    """Combinatorial index of a non-decreasing rank list (0 <= index < C(12 + m, m))."""
    idx = 0
    for i in range(m):
        idx += binom[sorted_ranks[i] + i, i + 1]
    return idx


@no_refcount(inline="always")
def rank_shape(cnt, add):
    """``(c1, c2, distinct, desc, grp)`` of the rank counts ``cnt`` (a rank's nibble is its index +
    ``add``): the two largest counts, the number of distinct ranks, and the cards' nibbles high
    first, in rank order (``desc``) and grouped by count, the largest group first (``grp``)."""
    c1 = 0
    c2 = 0
    distinct = 0
    desc = 0
    for x in range(cnt.shape[0] - 1, -1, -1):
        c = cnt[x]
        if c > 0:
            distinct += 1
        for _ in range(c):
            desc = desc * 16 + x + add
        if c > c1:
            c2 = c1
            c1 = c
        elif c > c2:
            c2 = c
    grp = 0
    for c in range(5, 0, -1):
        for x in range(cnt.shape[0] - 1, -1, -1):
            if cnt[x] == c:
                for _ in range(c):
                    grp = grp * 16 + x + add
    return c1, c2, distinct, desc, grp


@no_refcount(inline="always")
def best_category(cat_pos, allowed, c1, c2, top, ace, is_flush, desc, grp):
    """Best ``pos << VALUE_POS_SHIFT | tiebreak`` of a five-card shape (:func:`rank_shape`) over the
    categories it makes that ``allowed`` (a bit mask) lets it count as, or -1. ``top``: the nibble of
    a straight's top card (0: no straight); ``ace``: the ace's nibble (a royal flush tops at it)."""
    best = -1
    for cat in range(cat_pos.shape[0]):
        p = cat_pos[cat]
        if p < 0 or not (allowed >> cat) & 1:
            continue
        ok = False
        tb = grp
        if cat == HIGH:
            ok = True
            tb = desc
        elif cat == PAIR:
            ok = c1 >= 2
        elif cat == TWO_PAIR:
            ok = c1 >= 2 and c2 >= 2
        elif cat == TRIPS:
            ok = c1 >= 3
        elif cat == STRAIGHT:
            ok = top > 0
            tb = top << 16
        elif cat == FLUSH:
            ok = is_flush
            tb = desc
        elif cat == FULL_HOUSE:
            ok = c1 >= 3 and c2 >= 2
        elif cat == QUADS:
            ok = c1 >= 4
        elif cat == SF:
            ok = top > 0 and is_flush
            tb = top << 16
        elif cat == ROYAL:
            ok = top == ace and is_flush
            tb = ace << 16
        elif cat == FIVE:
            ok = c1 == 5
        if ok:
            v = (p << VALUE_POS_SHIFT) | tb
            if v > best:
                best = v
    return best


@kernel
def resolved_value(r, flush, cat_pos, allowed, lo, ace_low):
    """Best ``pos << VALUE_POS_SHIFT | tiebreak`` of five resolved ranks (-1 = blank), or -1.

    ``allowed`` is a bit mask of internal categories the hand may be counted as.
    """
    cnt = np.zeros(13, np.int64)
    nblank = 0
    for i in range(5):
        if r[i] < 0:
            nblank += 1
        else:
            cnt[r[i]] += 1
    c1, c2, distinct, desc, grp = rank_shape(cnt, 1)
    for _ in range(nblank):
        desc *= 16
        grp *= 16
    top = -1
    if nblank == 0 and distinct == 5:
        for t in range(12, lo + 3, -1):
            if cnt[t] and cnt[t - 1] and cnt[t - 2] and cnt[t - 3] and cnt[t - 4]:
                top = t
                break
        if top < 0 and ace_low and cnt[12] and cnt[lo] and cnt[lo + 1] and cnt[lo + 2] and cnt[lo + 3]:
            top = lo + 3
    return best_category(cat_pos, allowed, c1, c2, top + 1, 13, flush and nblank == 0, desc, grp)


@no_refcount
def compose_score(v, natural, nbw):
    """Final int32 score from a packed ``pos << 20 | tiebreak`` value."""
    pos = v >> VALUE_POS_SHIFT
    tb = v & TB_MASK
    natcat = 1 if (natural and nbw == NBW_CATEGORY) else 0
    nattie = 1 if (natural and nbw == NBW_TIE) else 0
    return (pos << CAT_SHIFT) | (natcat << NATCAT_SHIFT) | (tb << TB_SHIFT) | nattie


# inlined into its one caller: compiled apart, numba optimised its code twice (a cold `freq --exact`
# took 6.1-6.2 s, inlined 5.6-5.8)
@kernel(inline="always")
def _best_for_key(nat, n, f, w, mode, cat_pos, pos_cat, lo, ace_low, dbl_ace):
    """Best packed value for n natural ranks ``nat`` (+ suited flag f) and w wild cards.

    What the wild cards may do is the mode's row of :data:`MODES` (see
    :data:`analyzer.kernels.codes.MODE_ROWS`); no mode is named here.
    """
    blanks = MODES[mode, M_BLANKS]
    allowed_any = MODES[mode, M_ALLOWED]
    allowed_aces = MODES[mode, M_ACES]
    forbidden = MODES[mode, M_FORBIDDEN]
    duplicate = MODES[mode, M_DUPLICATE] | ((1 << 12) if dbl_ace else 0)
    r = np.empty(5, np.int64)
    for i in range(n):
        r[i] = nat[i]
    cnt_nat = np.zeros(13, np.int64)
    for i in range(n):
        cnt_nat[nat[i]] += 1
    every_cat = np.int64(ALL_CATS)  # typed values, not constants: one compiled resolved_value, not three
    if w == 0:
        return resolved_value(r, f == 1, cat_pos, every_cat, lo, ace_low)
    best = -1
    if blanks:  # wild cards that complete nothing count as blanks
        for i in range(n, 5):
            r[i] = -1
        best = resolved_value(r, np.bool_(False), cat_pos, every_cat, lo, ace_low)
    nr = 13 - lo
    n_opt = 2 * nr if f == 1 else nr
    opts = np.zeros(5, np.int64)
    cnt = np.empty(13, np.int64)
    while True:
        # decode options: rank = lo + o // stride, suited = o % 2 when f == 1
        suited_all = True
        all_aces = True
        legal = True
        for j in range(13):
            cnt[j] = cnt_nat[j]
        used_suited = 0
        for j in range(w):
            o = opts[j]
            if f == 1:
                rk = lo + o // 2
                su = o % 2 == 1
            else:
                rk = lo + o
                su = False
            r[n + j] = rk
            cnt[rk] += 1
            if rk != 12:
                all_aces = False
            if su:
                bit = 1 << rk
                if (cnt_nat[rk] > 0 or (used_suited & bit)) and not (duplicate & bit):
                    legal = False
                used_suited |= bit
            else:
                suited_all = False
        if legal:
            five = False
            for j in range(13):
                if cnt[j] == 5:
                    five = True
            for j in range(13):
                if cnt[j] > 4 and not five:
                    legal = False
        if legal:
            flush = f == 1 and suited_all
            allowed = allowed_aces if all_aces else allowed_any
            v = resolved_value(r, flush, cat_pos, allowed, lo, ace_low)
            if v >= 0 and (forbidden >> pos_cat[v >> VALUE_POS_SHIFT]) & 1:
                v = -1
            if v > best:
                best = v
        if not next_multiset(opts, w, np.int64(0), n_opt - 1):
            break
    return best


@kernel
def build_table5(mode, cat_pos, pos_cat, lo, ace_low, dbl_ace, nbw, max_w, binom):
    """Scores for every (wild count, suited flag, natural rank multiset) of a 5-card hand.

    Returns int32 array ``[6, 2, 6188]``; -1 where no such hand exists or w > max_w.
    """
    out = np.full((6, 2, 6188), -1, np.int32)
    nat = np.zeros(5, np.int64)
    for w in range(min(max_w, 5) + 1):
        n = 5 - w
        for f in range(2):
            for i in range(n):
                nat[i] = lo
            while True:
                ok = True
                for i in range(1, n):  # a suited hand of one deck has distinct ranks
                    if f == 1 and nat[i] == nat[i - 1]:
                        ok = False
                if n >= 5 and nat[0] == nat[4]:
                    ok = False
                if ok:
                    v = _best_for_key(nat, n, f, w, mode, cat_pos, pos_cat, lo, ace_low, dbl_ace)
                    if v >= 0:
                        idx = multiset_index(nat, n, binom)
                        out[w, f, idx] = compose_score(v, w == 0, nbw)
                if n == 0 or not next_multiset(nat, n, lo, np.int64(12)):
                    break
    return out


@no_refcount
def _best_of_five(ranks, m, w, suited, table5, binom, sub):
    """The best 5-card value (``table5[wild, suited]``) of the natural ranks ``ranks[:m]`` and ``w``
    wild cards: every subset of the naturals, completed to five by the wild cards it needs."""
    best = -1
    for bits in range(1 << m):
        s = np.int64(0)  # int64 from the start: multiset_index compiles once
        for i in range(m):
            if (bits >> i) & 1:
                s += 1
        used_w = 5 - s
        if used_w < 0 or used_w > w:
            continue
        j = 0
        for i in range(m):
            if (bits >> i) & 1:
                sub[j] = ranks[i]
                j += 1
        v = table5[used_w, suited, multiset_index(sub, s, binom)]
        if v > best:
            best = v
    return best


@kernel
def build_tables_k(table5, k, lo, max_w, binom):
    """Best-of-k tables from the 5-card table.

    Returns ``(plain, suited)``: ``plain[w, idx]`` is the best score ignoring flushes for the
    multiset of k - w natural ranks; ``suited[w, mask]`` the best score using only cards of
    one suit with rank mask ``mask`` (plus wild cards); -1 where impossible.
    """
    top_w = min(max_w, k)
    plain = np.full((k + 1, MULTISET_SIZE), -1, np.int32)
    suited = np.full((k + 1, 8192), -1, np.int32)
    nat = np.zeros(MAX_K, np.int64)
    sub = np.zeros(5, np.int64)
    for w in range(top_w + 1):
        m = k - w
        for i in range(m):
            nat[i] = lo
        while True:
            ok = True
            for i in range(4, m):
                if nat[i] == nat[i - 4]:
                    ok = False  # five natural cards of one rank: not in one deck
            if ok:
                plain[w, multiset_index(nat, m, binom)] = _best_of_five(nat, m, w, np.int64(0), table5, binom, sub)
            if m == 0 or not next_multiset(nat, m, lo, np.int64(12)):
                break
        for mask in range(8192):
            if mask & ((1 << lo) - 1):
                continue
            p = np.int64(0)  # (int64 values, not constants: _best_of_five compiles once)
            for i in range(13):
                if (mask >> i) & 1:
                    p += 1
            if p > k - w or p + w < 5:
                continue
            ranks = np.empty(13, np.int64)
            j = 0
            for i in range(13):
                if (mask >> i) & 1:
                    ranks[j] = i
                    j += 1
            suited[w, mask] = _best_of_five(ranks, p, w, np.int64(1), table5, binom, sub)
    return plain, suited
