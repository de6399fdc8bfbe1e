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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from analyzer.io import atomic_write_bytes, atomic_write_text, render

__all__ = ["Study"]

_CSS = (
    "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0;font-size:.9em}"
    "th,td{border:1px solid #ccc;padding:.25em .6em}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "th{background:#f2f2f2}img{max-width:100%}code{background:#f4f4f4;padding:0 .2em}"
)


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

    def figure(self, name: str, fig: Any, caption: str = "") -> None:
        """A matplotlib figure saved as ``figures/<name>.png`` (and closed)."""
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
        plt.close(fig)
        self._figures[name] = buf.getvalue()
        self.blocks.append(("figure", (name, caption)))

    def _markdown(self) -> str:
        out = [f"# {self.title}\n"]
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
        return "\n".join(out)

    def _html(self) -> str:
        esc = html.escape
        out = [f"<!doctype html><html><head><meta charset='utf-8'><title>{esc(self.title)}</title>"
               f"<style>{_CSS}</style></head><body><p><a href='../index.html'>all studies</a></p>"
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
        out.append("</body></html>")
        return "\n".join(out)

    def write(self, root: Path) -> list[Path]:
        """Write the study under ``root/<name>/``; returns the files written."""
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
        for fname, text in (("index.md", self._markdown()), ("index.html", self._html())):
            atomic_write_text(base / fname, text)
            written.append(base / fname)
        return written
