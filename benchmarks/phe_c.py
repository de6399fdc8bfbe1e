"""PHE (HenryRLee's perfect-hash evaluator) in C, timed on the same hands as joker-odds.

:func:`load` fetches the ``phevaluator`` source distribution of the installed version with pip,
compiles its 5-, 6- and 7-card C sources and a small C driver loop with the machine's C compiler
(``cc -O3 -march=native``) into a cache folder, and loads it with ctypes. Where that is not
possible (no compiler, no package index), it calls the compiled functions of the installed
``phevaluator`` wheel through ctypes from a numba loop. ``Phe.source`` says which one ran.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from analyzer.tablecache import cache_dir

_DRIVER = r"""
int evaluate_5cards(int, int, int, int, int);
int evaluate_6cards(int, int, int, int, int, int);
int evaluate_7cards(int, int, int, int, int, int, int);

void phe_run(const int *h, long n, int k, int *out) {
  long i;
  if (k == 5) {
    for (i = 0; i < n; i++, h += 5) out[i] = evaluate_5cards(h[0], h[1], h[2], h[3], h[4]);
  } else if (k == 6) {
    for (i = 0; i < n; i++, h += 6) out[i] = evaluate_6cards(h[0], h[1], h[2], h[3], h[4], h[5]);
  } else {
    for (i = 0; i < n; i++, h += 7) out[i] = evaluate_7cards(h[0], h[1], h[2], h[3], h[4], h[5], h[6]);
  }
}
"""
_SOURCES = ("evaluator5.c", "evaluator6.c", "evaluator7.c", "hash.c", "hashtable.c", "hashtable5.c",
            "hashtable6.c", "hashtable7.c", "dptables.c", "tables_bitwise.c")
FLAGS = ("-O3", "-march=native")


@dataclass
class Phe:
    """A loaded PHE: ``run(hands, out)`` scores an (n, k) int32 array (k = 5, 6, 7)."""

    source: str
    _lib: ctypes.CDLL | None = None
    _loops: dict[int, object] | None = None

    def run(self, hands: np.ndarray, out: np.ndarray) -> None:
        n, k = hands.shape
        if self._lib is not None:
            self._lib.phe_run(hands.ctypes.data, n, k, out.ctypes.data)
        else:
            assert self._loops is not None
            self._loops[k](hands, out)  # type: ignore[operator]


def _version() -> str:
    from importlib.metadata import version

    return version("phevaluator")


def _build(folder: Path) -> Path:
    """The compiled library in ``folder`` (built when missing)."""
    lib = folder / "libphe.so"
    if lib.exists():
        return lib
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        raise RuntimeError("no C compiler found")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                        f"phevaluator=={_version()}", "-d", tmp], check=True, capture_output=True, timeout=300)
        sdist = next(Path(tmp).glob("phevaluator-*.tar.gz"))
        with tarfile.open(sdist) as tar:
            try:
                tar.extractall(tmp, filter="data")
            except TypeError:  # Python before 3.11.4 has no extraction filters
                tar.extractall(tmp)
        root = next(Path(tmp).glob("phevaluator-*/_pheval_csrc"))
        driver = Path(tmp) / "driver.c"
        driver.write_text(_DRIVER)
        out = Path(tmp) / "libphe.so"
        subprocess.run([cc, *FLAGS, "-shared", "-fPIC", f"-I{root / 'include'}", f"-I{root / 'src'}",
                        *[str(root / "src" / s) for s in _SOURCES], str(driver), "-o", str(out)],
                       check=True, capture_output=True, timeout=300)
        shutil.copy(out, lib)
    return lib


def _wheel() -> Phe:
    """The installed wheel's compiled functions, through ctypes, from numba loops."""
    import phevaluator
    from numba import njit

    ext = next(Path(phevaluator.__file__).parent.glob("_pheval*.so"))
    lib = ctypes.CDLL(str(ext))
    loops = {}
    for k in (5, 6, 7):
        f = getattr(lib, f"evaluate_{k}cards")
        f.argtypes = [ctypes.c_int] * k
        f.restype = ctypes.c_int
        loops[k] = _make_loop(njit, f, k)
    return Phe(f"installed phevaluator {_version()} wheel, ctypes from a numba loop", None, loops)


def _make_loop(njit, f, k):  # type: ignore[no-untyped-def]
    if k == 5:
        def loop(h, out):  # type: ignore[no-untyped-def]
            for i in range(h.shape[0]):
                out[i] = f(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4])
    elif k == 6:
        def loop(h, out):  # type: ignore[no-untyped-def]
            for i in range(h.shape[0]):
                out[i] = f(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4], h[i, 5])
    else:
        def loop(h, out):  # type: ignore[no-untyped-def]
            for i in range(h.shape[0]):
                out[i] = f(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4], h[i, 5], h[i, 6])
    return njit(loop)


def load() -> Phe:
    """PHE in C compiled here (cached), else the installed wheel's functions."""
    base = cache_dir() or Path(tempfile.gettempdir()) / "joker-odds-cache"
    try:
        lib = ctypes.CDLL(str(_build(base / f"phe-c-{_version()}")))
    except (OSError, RuntimeError, StopIteration, subprocess.SubprocessError) as exc:
        print(f"  (PHE C build unavailable: {exc}; using the installed wheel)")
        return _wheel()
    lib.phe_run.argtypes = [ctypes.c_void_p, ctypes.c_long, ctypes.c_int, ctypes.c_void_p]
    lib.phe_run.restype = None
    cc = os.environ.get("CC", "cc")
    return Phe(f"phevaluator {_version()} sdist C sources, {cc} {' '.join(FLAGS)}, C driver loop", lib)
