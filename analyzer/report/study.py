"""A study page built from blocks (headings, text, tables, figures) → index.md, index.html,
tables/*.csv and figures/*.png, written atomically.

>>> import tempfile, pathlib
>>> s = Study("demo", "Demo study")
>>> s.table("counts", [{"category": "pair", "count": 3}])
>>> paths = s.write(pathlib.Path(tempfile.mkdtemp()))
>>> sorted(p.name for p in paths)
['counts.csv', 'index.html', 'index.md']
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from analyzer.io import atomic_write_bytes, atomic_write_text, render

__all__ = ["CSS", "PageContext", "Study"]

CSS = (
    "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0;font-size:.9em}"
    "th,td{border:1px solid #ccc;padding:.25em .6em;overflow-wrap:anywhere}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "th{background:#f2f2f2}img{max-width:100%}code{background:#f4f4f4;padding:0 .2em}"
    "nav{font-size:.9em;border-bottom:1px solid #ddd;padding-bottom:.5em}nav a,nav b{margin-right:1em}"
    "footer{margin-top:3em;border-top:1px solid #ddd;padding-top:.5em;font-size:.85em;color:#555}"
    "dl.studies dt{font-weight:600;margin-top:1em}dl.studies dd{margin:.2em 0 0 0;color:#444}"
)


@dataclass(frozen=True)
class PageContext:
    """What a page shows around its study: links to the others, build time, how to rebuild it."""

    nav: tuple[tuple[str, str], ...] = ()  # (name, title) of every study in the report, in order
    built: str = ""  # UTC time the study was built
    seconds: float = 0.0
    command: str = ""

    def nav_html(self, current: str) -> str:
        if not self.nav:
            return "<nav><a href='../index.html'>all studies</a></nav>"
        names = [n for n, _ in self.nav]
        parts = ["<a href='../index.html'>all studies</a>"]
        i = names.index(current) if current in names else -1
        if i > 0:
            parts.append(f"<a href='../{html.escape(names[i - 1])}/index.html'>&larr; previous</a>")
        if 0 <= i < len(names) - 1:
            parts.append(f"<a href='../{html.escape(names[i + 1])}/index.html'>next &rarr;</a>")
        parts += [f"<b>{html.escape(t)}</b>" if n == current else
                  f"<a href='../{html.escape(n)}/index.html'>{html.escape(t)}</a>" for n, t in self.nav]
        return "<nav>" + " ".join(parts) + "</nav>"

    def footer(self, code: Callable[[str], str]) -> str:
        """``Built … in … s. Reproduce: <command>`` with the command formatted by ``code``."""
        built = f"Built {self.built} in {self.seconds:.1f} s." if self.built else ""
        return (built + (f" Reproduce: {code(self.command)}" if self.command else "")).strip()


def _cell(v: Any) -> str:
    if isinstance(v, float):
        if v == 0:
            return "0"
        if abs(v) < 1e-4 or abs(v) >= 1e9:
            return f"{v:.4e}"
        return f"{v:.6g}" if abs(v) < 1 else f"{v:,.6g}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return "" if v is None else str(v)


@dataclass
class Study:
    """Collects blocks in order; :meth:`write` renders them into ``<out>/<name>/``."""

    name: str
    title: str
    blocks: list[tuple[str, Any]] = field(default_factory=list)
    headline: str = ""  # one line of headline numbers for the reports index
    _tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _figures: dict[str, bytes] = field(default_factory=dict)

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(("heading", (level, text)))

    def text(self, text: str) -> None:
        self.blocks.append(("text", text))

    def table(self, name: str, rows: list[dict[str, Any]], caption: str = "") -> None:
        """A table shown on the page and saved as ``tables/<name>.csv``."""
        self._tables[name] = rows
        self.blocks.append(("table", (name, caption)))

    def csv(self, name: str, rows: list[dict[str, Any]]) -> None:
        """A table saved as ``tables/<name>.csv`` only (e.g. the long form of a pivoted table)."""
        self._tables[name] = rows

    def figure(self, name: str, fig: Any, caption: str = "") -> None:
        """A matplotlib figure saved as ``figures/<name>.png`` (and closed)."""
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
        plt.close(fig)
        self._figures[name] = buf.getvalue()
        self.blocks.append(("figure", (name, caption)))

    def _markdown(self, ctx: PageContext) -> str:
        out = ["[all studies](../index.md)" + "".join(f" · [{t}](../{n}/index.md)" for n, t in ctx.nav
                                                        if n != self.name) + "\n", f"# {self.title}\n"]
        for kind, payload in self.blocks:
            if kind == "heading":
                level, text = payload
                out.append(f"{'#' * level} {text}\n")
            elif kind == "text":
                out.append(f"{payload}\n")
            elif kind == "table":
                name, caption = payload
                rows = self._tables[name]
                if caption:
                    out.append(f"*{caption}* ([csv](tables/{name}.csv))\n")
                if rows:
                    cols = list(rows[0])
                    out.append("| " + " | ".join(cols) + " |")
                    out.append("|" + "|".join("---:" if isinstance(rows[0][c], (int, float)) else "---"
                                              for c in cols) + "|")
                    out += ["| " + " | ".join(_cell(r[c]) for c in cols) + " |" for r in rows]
                out.append("")
            elif kind == "figure":
                name, caption = payload
                out.append(f"![{caption or name}](figures/{name}.png)\n")
        foot = ctx.footer(lambda c: f"`{c}`")
        if foot:
            out.append(f"---\n\n{foot}\n")
        return "\n".join(out)

    def _html(self, ctx: PageContext) -> str:
        esc = html.escape
        out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{esc(self.title)}</title>"
               f"<style>{CSS}</style></head><body>{ctx.nav_html(self.name)}"
               f"<h1>{esc(self.title)}</h1>"]
        for kind, payload in self.blocks:
            if kind == "heading":
                level, text = payload
                out.append(f"<h{level}>{esc(text)}</h{level}>")
            elif kind == "text":
                out.append(f"<p>{esc(payload)}</p>")
            elif kind == "table":
                name, caption = payload
                rows = self._tables[name]
                out.append("<table>")
                if caption:
                    out.append(f"<caption>{esc(caption)} (<a href='tables/{name}.csv'>csv</a>)</caption>")
                if rows:
                    cols = list(rows[0])
                    out.append("<tr>" + "".join(f"<th>{esc(c)}</th>" for c in cols) + "</tr>")
                    for r in rows:
                        out.append("<tr>" + "".join(
                            f"<td class='n'>{esc(_cell(r[c]))}</td>" if isinstance(r[c], (int, float))
                            else f"<td>{esc(_cell(r[c]))}</td>" for c in cols) + "</tr>")
                out.append("</table>")
            elif kind == "figure":
                name, caption = payload
                out.append(f"<figure><img src='figures/{name}.png' alt='{esc(caption or name)}'>"
                           f"<figcaption>{esc(caption)}</figcaption></figure>")
        foot = ctx.footer(lambda c: f"<code>{esc(c)}</code>")
        if foot:
            out.append(f"<footer>{foot}</footer>")
        out.append("</body></html>")
        return "\n".join(out)

    def write(self, root: Path, context: PageContext | None = None) -> list[Path]:
        """Write the study under ``root/<name>/``; returns the files written."""
        ctx = context or PageContext()
        base = Path(root) / self.name
        written = []
        for name, rows in self._tables.items():
            p = base / "tables" / f"{name}.csv"
            atomic_write_text(p, render(rows, "csv"))
            written.append(p)
        for name, data in self._figures.items():
            p = base / "figures" / f"{name}.png"
            atomic_write_bytes(p, data)
            written.append(p)
        for fname, text in (("index.md", self._markdown(ctx)), ("index.html", self._html(ctx))):
            atomic_write_text(base / fname, text)
            written.append(base / fname)
        return written
