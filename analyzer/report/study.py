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
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.layout_engine import PlaceHolderLayoutEngine, TightLayoutEngine

from analyzer.io import atomic_write_bytes, atomic_write_text, render
from analyzer.textfmt import table_cells

__all__ = ["CSS", "MAX_ROWS", "PageContext", "Study", "slug"]

MAX_ROWS = 40  # rows a table shows on the page; a longer one is folded (its CSV is linked)

CSS = (
    "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;"
    "line-height:1.45}"
    "table{border-collapse:collapse;margin:.5em 0;font-size:.9em}"
    "th,td{border:1px solid #ccc;padding:.25em .6em;vertical-align:top}"
    "th{background:#f2f2f2;text-align:left;font-weight:600}"
    "td.n,th.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}"
    "td{overflow-wrap:normal;word-break:normal}"
    ".tw{overflow-x:auto;max-width:100%;margin:1em 0}"
    ".tw caption{text-align:left;font-size:.9em;color:#444;padding:.2em 0}"
    "img{max-width:100%;height:auto}code{background:#f4f4f4;padding:0 .2em;overflow-wrap:anywhere}"
    "figure{margin:1em 0}figcaption{font-size:.9em;color:#444}"
    ".answer{border-left:5px solid #2a7;background:#f3fbf6;padding:.6em 1em;margin:1em 0;font-size:1.05em}"
    ".answer p{margin:.3em 0}"
    ".card{border:2px solid #345;border-radius:6px;padding:.4em 1em;margin:1em 0}"
    ".card ul,.card ol{columns:2 22em;column-gap:3em;padding-left:1.8em;margin:.3em 0}.card li{break-inside:avoid;margin:.1em 0}"
    ".card .notes{font-size:.82em;color:#333;margin:.4em 0 .2em}.card .notes p{margin:.1em 0}"
    ".card h3{margin:.3em 0}.card .tw{margin:.4em 0}"
    ".rules{background:#f7f7fa;border-left:5px solid #99a;padding:.4em 1em;margin:1em 0}"
    ".rules h2{font-size:1.1em;margin:.3em 0}.rules ul{margin:.3em 0;padding-left:1.2em}"
    ".cardlink{font-size:.95em}"
    ".toc{font-size:.9em;margin:.5em 0 1.5em;padding:0;list-style:none}"
    ".toc li{display:inline-block;margin:.1em 1.4em .1em 0}"
    "details{margin:.5em 0}summary{cursor:pointer;color:#246}"
    "abbr[title]{text-decoration:underline dotted;cursor:help}"
    ".nw{white-space:nowrap}"
    "nav{font-size:.9em;border-bottom:1px solid #ddd;padding-bottom:.5em}nav a,nav b{margin-right:1em;"
    "display:inline-block}"
    "footer{margin-top:3em;border-top:1px solid #ddd;padding-top:.5em;font-size:.85em;color:#555}"
    "dl.studies dt{font-weight:600;margin-top:1em}dl.studies dd{margin:.2em 0 0 0;color:#444}"
    "dl.terms dt{font-weight:600;margin-top:.6em}dl.terms dd{margin:.1em 0 0 1em}"
    "@media (max-width:600px){body{margin:1em auto;font-size:.95em}}"
    "@media print{nav,footer,.toc,summary{display:none}details{display:block}"
    "body{max-width:none;margin:0;font-size:10pt}.tw{overflow:visible}"
    "table,figure,.card,.answer{break-inside:avoid}a{color:inherit;text-decoration:none}"
    ".card{font-size:9pt;border-width:1px}.cards .card{break-after:page;margin:0}}"
    "@page{margin:12mm}"
)
HEAD = ("<meta charset='utf-8'><meta name='viewport' content='width=device-width, initial-scale=1'>")


# A number never splits across lines in prose: the space inside "34.5 %", "± 3.4", "[28.3, 41.3]"
# and "5.1 to 6.3" becomes a non-breaking one, and a range "9.04–10.49" is kept on one line (the
# text is already HTML-escaped).
_NUM = r"[+\-−]?\d[\d,.]*"
_KEEP_WHOLE = [  # an estimate with its interval ("66.2 %, 60.4–71.5 %") stays on one line, whole
    (re.compile(rf"({_NUM}) %, ({_NUM})–({_NUM}) %"), "<span class='nw'>\\1&nbsp;%, \\2&ndash;\\3&nbsp;%</span>"),
    (re.compile(rf"\[({_NUM}(?: %)?), ({_NUM}(?: %)?)\]"), "[\\1,&nbsp;\\2]"),
    (re.compile(rf"({_NUM}) (to|and) ({_NUM})"), "\\1&nbsp;\\2&nbsp;\\3"),
    (re.compile(rf"({_NUM}) (%|pts|points)(?![\w-])"), "\\1&nbsp;\\2"),
    (re.compile(rf"± ({_NUM})"), "±&nbsp;\\1"),
    (re.compile(rf"({_NUM}(?:&nbsp;%)?)–({_NUM})"), "<span class='nw'>\\1–\\2</span>"),  # a line may break after a dash
    (re.compile(r"(?<![\w;&])([A-Za-z]+) (\d+)(?![\w.,-]| %)"), "\\1&nbsp;\\2"),  # "bid 0", "seat 2": a label and its count
    (re.compile(r"(?<![\w.-])(\d+-[A-Za-z]+)\b"), "<span class='nw'>\\1</span>"),  # "12-line", "5-card": whole
]


# a hand of cards ("Kh Kd 7c 4s 2h", "Jk As") never breaks inside a table cell
_HAND = re.compile(r"(?:[2-9TJQKA][cdhs♠♥♦♣]|Jk\d?)(?: (?:[2-9TJQKA][cdhs♠♥♦♣]|Jk\d?)){1,12}")


def _whole_numbers(text: str) -> str:
    """``text`` with the spaces inside a number, its unit or its interval made non-breaking.

    >>> _whole_numbers("p 34.5 % [28.3, 41.3] ± 3.4, 5.1 to 6.3")
    'p 34.5&nbsp;% [28.3,&nbsp;41.3] ±&nbsp;3.4, 5.1&nbsp;to&nbsp;6.3'
    >>> _whole_numbers("CI 9.04–10.49")
    "CI <span class='nw'>9.04–10.49</span>"
    >>> _whole_numbers("a 12-line card")
    "a <span class='nw'>12-line</span> card"
    >>> _whole_numbers("bid 0 (66.2 %, 60.4–71.5 %)")
    "bid&nbsp;0 (<span class='nw'>66.2&nbsp;%, 60.4&ndash;71.5&nbsp;%</span>)"
    """
    for pattern, repl in _KEEP_WHOLE:
        text = pattern.sub(repl, text)
    return text


def slug(text: str) -> str:
    """An anchor id for a heading.

    >>> slug("Strategy card: J-poker, bet or fold?")
    'strategy-card-j-poker-bet-or-fold'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


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


def _label(column: str) -> str:
    """A column name as a page header: words, not identifiers (``p_fool`` → ``p fool``)."""
    return column.replace("_", " ")


@dataclass
class Study:
    """Collects blocks in order; :meth:`write` renders them into ``<out>/<name>/``.

    A page reads answer first: the :meth:`answer` box (the headline numbers in words), a table
    of contents of the sections, then the sections. Tables longer than :data:`MAX_ROWS` rows are
    folded behind their CSV link; every number goes through :mod:`analyzer.textfmt` and
    :mod:`analyzer.numfmt`, the same style as the command line. Terms declared with :meth:`term`
    are explained where they first appear and listed at the end (and in the report's glossary).
    """

    name: str
    title: str
    blocks: list[tuple[str, Any]] = field(default_factory=list)
    headline: str = ""  # one line of headline numbers for the reports index
    answers: list[str] = field(default_factory=list)
    terms: dict[str, str] = field(default_factory=dict)
    rule_lines: list[str] = field(default_factory=list)
    rule_options: list[str] = field(default_factory=list)
    _tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _percent: dict[str, frozenset[str]] = field(default_factory=dict)  # columns declared probabilities
    _figures: dict[str, bytes] = field(default_factory=dict)

    def answer(self, *lines: str) -> None:
        """The answer box at the top of the page: 3–6 short lines, numbers with their intervals."""
        self.answers.extend(lines)

    def rules(self, lines: Sequence[str], options: Sequence[str] = ()) -> None:
        """The game's rules in plain words (5–10 lines), shown right after the answer box, and the
        rule options that change the numbers."""
        self.rule_lines = list(lines)
        self.rule_options = list(options)

    def term(self, word: str, meaning: str) -> None:
        """Explain ``word`` where it first appears on the page and in the report's glossary."""
        self.terms[word] = meaning

    def heading(self, text: str, level: int = 2) -> None:
        self.blocks.append(("heading", (level, text)))

    def text(self, text: str) -> None:
        self.blocks.append(("text", text))

    def table(self, name: str, rows: list[dict[str, Any]], caption: str = "", fold: bool = False,
              percent: Sequence[str] = ()) -> None:
        """A table shown on the page and saved as ``tables/<name>.csv``; ``fold`` (or more than
        :data:`MAX_ROWS` rows) puts it behind a fold, for those who want the detail. ``percent``
        names columns of probabilities whose names do not say so (a pivot's columns named by rule
        set): they print as percentages like any probability column."""
        self._tables[name] = rows
        if percent:
            self._percent[name] = frozenset(percent)
        self.blocks.append(("table", (name, caption, fold)))

    def card(self, title: str, lines: Sequence[str], rows: list[dict[str, Any]] | None = None,
             name: str = "", notes: Sequence[str] = (), ordered: bool = False, top: bool = False,
             after: Sequence[str] = (), more: Sequence[str] = ()) -> None:
        """A strategy card: a boxed title, a few rules in words (``ordered``: numbered, best
        first), an optional short table, then ``after`` (lines under the table) and ``notes``
        (small print: footnotes, what the card costs), made to print on one page. A ``top`` card
        shows right after the answer box (and the rules); every card is also collected on the
        report's printable cards page. ``more``: tables saved with :meth:`csv` shown after ``rows``."""
        if rows is not None:
            self._tables[name or slug(title)] = rows
        self.blocks.append(("card", (title, list(lines), (name or slug(title)) if rows is not None else "",
                                     list(notes), ordered, top, list(after), list(more))))

    def cards(self) -> list[tuple[Any, ...]]:
        """The cards' payloads, in page order (the ``top`` ones first)."""
        found = [p for k, p in self.blocks if k == "card"]
        return [p for p in found if p[5]] + [p for p in found if not p[5]]

    def csv(self, name: str, rows: list[dict[str, Any]], percent: Sequence[str] = ()) -> None:
        """A table saved as ``tables/<name>.csv`` only (e.g. the long form of a pivoted table, or
        one a card shows); ``percent`` as for :meth:`table`."""
        self._tables[name] = rows
        if percent:
            self._percent[name] = frozenset(percent)

    def figure(self, name: str, fig: Any, caption: str = "") -> None:
        """A matplotlib figure saved as ``figures/<name>.png`` (and closed); the caption says what
        to read from it. Laid out tight once (unless its maker did) and saved at its own size: a tight
        bounding box at saving would lay it out a second time (over half of the report's figure time).
        Saved with no layout engine left, so savefig draws it once: the placeholder engine that
        ``fig.tight_layout()`` leaves makes savefig draw the whole figure first, for nothing (the
        same PNG, byte for byte: ``tests/test_report_pages.py``; a fifth of a figure's time)."""
        buf = io.BytesIO()
        engine = fig.get_layout_engine()
        if engine is None:
            TightLayoutEngine().execute(fig)  # what fig.tight_layout() does, leaving no engine behind
        elif isinstance(engine, PlaceHolderLayoutEngine):  # its maker called fig.tight_layout()
            fig.set_layout_engine(None)
        fig.savefig(buf, format="png", dpi=110)
        plt.close(fig)
        self._figures[name] = buf.getvalue()
        self.blocks.append(("figure", (name, caption)))

    def sections(self) -> list[str]:
        """The level-2 headings, in order (the table of contents)."""
        return [p[1] for k, p in self.blocks if k == "heading" and p[0] == 2]

    # -- Markdown -------------------------------------------------------------------------

    def _md_table(self, name: str, caption: str, fold: bool = False) -> list[str]:
        rows = self._tables[name]
        out = []
        if caption:
            out.append(f"*{caption}* ([csv](tables/{name}.csv))\n")
        if not rows:
            return [*out, ""]
        cols = list(rows[0])
        cells, numeric = table_cells(rows, cols, self._percent.get(name, frozenset()))
        lines = ["| " + " | ".join(_label(c) for c in cols) + " |",
                 "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in cells]
        if len(rows) > MAX_ROWS or fold:
            out += [f"<details><summary>Full table: {len(rows):,} rows (or the "
                    f"<a href='tables/{name}.csv'>CSV</a>)</summary>\n", *lines, "\n</details>"]
        else:
            out += lines
        return [*out, ""]

    def _markdown(self, ctx: PageContext) -> str:
        out = ["[all studies](../index.md)" + "".join(f" · [{t}](../{n}/index.md)" for n, t in ctx.nav
                                                        if n != self.name) + "\n", f"# {self.title}\n"]
        if self.answers:
            out.append("\n".join(f"> {line}  " for line in self.answers) + "\n")
            if self.cards():
                out.append("> Strategy card below; every game's card, printable: [cards](../cards.md)\n")
        if self.rule_lines:
            out.append("## The rules\n")
            out += [f"- {line}" for line in self.rule_lines] + [""]
            if self.rule_options:
                out.append("Rule options that change the numbers: " + "; ".join(self.rule_options) + ".\n")
        for payload in self.cards():
            if payload[5]:
                out += self._md_card(payload)
        if len(self.sections()) > 1:
            out.append("Contents: " + " · ".join(f"[{h}](#{slug(h)})" for h in self.sections()) + "\n")
        for kind, payload in self.blocks:
            if kind == "heading":
                level, text = payload
                out.append(f"{'#' * level} {text}\n")
            elif kind == "text":
                out.append(f"{payload}\n")
            elif kind == "table":
                out += self._md_table(*payload)
            elif kind == "card":
                if not payload[5]:
                    out += self._md_card(payload)
            elif kind == "figure":
                name, caption = payload
                out.append(f"![{caption or name}](figures/{name}.png)\n")
                if caption:
                    out.append(f"*{caption}*\n")
        if self.terms:
            out.append("## Terms used on this page\n")
            out += [f"- **{w}**: {m}" for w, m in self.terms.items()] + [""]
        foot = ctx.footer(lambda c: f"`{c}`")
        if foot:
            out.append(f"---\n\n{foot}\n")
        return "\n".join(out)

    def _md_card(self, payload: tuple[Any, ...]) -> list[str]:
        title, lines, name, notes, ordered, _top, after, more = payload
        out = [f"**{title}**\n"]
        out += [f"{i}. {line}" if ordered else f"- {line}" for i, line in enumerate(lines, 1)] + [""]
        for table in ([name] if name else []) + more:
            out += self._md_table(table, "", False)
        out += [f"{line}\n" for line in after]
        out += [f"<small>{line}</small>  " for line in notes] + ([""] if notes else [])
        return out

    # -- HTML -----------------------------------------------------------------------------

    def _card_html(self, payload: tuple[Any, ...], seen: set[str]) -> str:
        title, lines, name, notes, ordered, _top, after, more = payload
        tag = "ol" if ordered else "ul"
        return (f"<div class='card' id='card-{slug(title)}'><h3 id='{slug(title)}'>{html.escape(title)}</h3>"
                + (f"<{tag}>" + "".join(f"<li>{self._prose(line, seen)}</li>" for line in lines) + f"</{tag}>"
                   if lines else "")
                + "".join(self._html_table(t, "", False, seen) for t in ([name] if name else []) + more)
                + "".join(f"<p>{self._prose(line, seen)}</p>" for line in after)
                + ("<div class='notes'>" + "".join(f"<p>{self._prose(n, seen)}</p>" for n in notes) + "</div>"
                   if notes else "") + "</div>")

    def card_fragments(self) -> list[dict[str, str]]:
        """Each card as the report's cards page shows it: title, HTML (no term links: the page
        has no list of terms) and Markdown."""
        return [{"title": p[0], "html": self._card_html(p, set(self.terms)), "md": "\n".join(self._md_card(p))}
                for p in self.cards()]

    def _prose(self, text: str, seen: set[str]) -> str:
        """Escaped prose; `code` spans become code; outside them, the first use of each declared
        term explains itself on hover and links to the page's list of terms."""
        parts = text.split("`")
        out = []
        for i, part in enumerate(parts):
            if i % 2:  # inside a code span
                out.append(f"<code>{html.escape(part)}</code>" if i < len(parts) - 1 else html.escape("`" + part))
                continue
            # numbers kept whole first: a term's meaning goes into an attribute, where markup is text
            piece = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", _whole_numbers(html.escape(part)))
            found: list[tuple[int, int, str]] = []  # (start, end, word): first use of each term not yet explained, no overlaps
            for word in self.terms:
                m = None if word in seen else re.search(
                    rf"(?<![\w-])(?<!&nbsp;){re.escape(html.escape(word))}(?![\w-])(?![^<]*>)", piece, re.IGNORECASE)
                if m and all(m.end() <= a or m.start() >= b for a, b, _ in found):
                    found.append((m.start(), m.end(), word))
                    seen.add(word)
            for a, b, word in sorted(found, reverse=True):
                piece = (piece[:a] + f"<a href='#term-{slug(word)}'><abbr title='"
                         f"{html.escape(self.terms[word])}'>{piece[a:b]}</abbr></a>" + piece[b:])
            out.append(piece)
        return "".join(out)

    def _html_table(self, name: str, caption: str, fold: bool, seen: set[str]) -> str:
        rows = self._tables[name]
        esc = html.escape
        cap = (f"<caption>{self._prose(caption, seen)} (<a href='tables/{name}.csv'>csv</a>)</caption>"
               if caption else "")
        if not rows:
            return f"<div class='tw'><table>{cap}</table></div>"
        cols = list(rows[0])
        cells, numeric = table_cells(rows, cols, self._percent.get(name, frozenset()))
        head = "<tr>" + "".join(f"<th class='n'>{esc(_label(c))}</th>" if n else f"<th>{esc(_label(c))}</th>"
                                for c, n in zip(cols, numeric, strict=True)) + "</tr>"
        body = ["<tr>" + "".join(f"<td class='n'>{esc(v)}</td>" if n else
                                 f"<td><span class='nw'>{esc(v)}</span></td>" if _HAND.fullmatch(v) else
                                 f"<td>{self._prose(v, seen)}</td>"
                                 for v, n in zip(row, numeric, strict=True)) + "</tr>" for row in cells]
        table = f"<div class='tw'><table>{cap}{head}{''.join(body)}</table></div>"
        if len(rows) > MAX_ROWS or fold:
            return (f"<details><summary>{esc(caption or name)}: full table, {len(rows):,} rows "
                    f"(or the <a href='tables/{name}.csv'>CSV</a>)</summary>{table}</details>")
        return table

    def _html(self, ctx: PageContext) -> str:
        esc = html.escape
        seen: set[str] = set()
        out = [f"<!doctype html><html lang='en'><head>{HEAD}<title>{esc(self.title)}</title>"
               f"<style>{CSS}</style></head><body>{ctx.nav_html(self.name)}"
               f"<h1>{esc(self.title)}</h1>"]
        cards = self.cards()
        if self.answers:
            link = ""
            if cards:
                first = f"#card-{slug(cards[0][0])}"
                link = (f"<p class='cardlink'>Strategy card{'s' if len(cards) > 1 else ''}: <a href='{first}'>"
                        f"on this page</a> · every game's card, printable: <a href='../cards.html#{esc(self.name)}'>"
                        "cards page</a></p>")
            out.append("<div class='answer' id='answer'>" +
                       "".join(f"<p>{self._prose(line, seen)}</p>" for line in self.answers) + link + "</div>")
        if self.rule_lines:
            out.append("<div class='rules' id='rules'><h2>The rules</h2><ul>" +
                       "".join(f"<li>{self._prose(line, seen)}</li>" for line in self.rule_lines) + "</ul>" +
                       (f"<p>Rule options that change the numbers: {self._prose('; '.join(self.rule_options), seen)}.</p>"
                        if self.rule_options else "") + "</div>")
        for payload in cards:
            if payload[5]:
                out.append(self._card_html(payload, seen))
        if len(self.sections()) > 1:
            out.append("<ul class='toc' id='contents'>" + "".join(
                f"<li>{i}. <a href='#{slug(h)}'>{esc(h)}</a></li>" for i, h in enumerate(self.sections(), 1))
                + "</ul>")
        for kind, payload in self.blocks:
            if kind == "heading":
                level, text = payload
                out.append(f"<h{level} id='{slug(text)}'>{esc(text)}</h{level}>")
            elif kind == "text":
                out.append(f"<p>{self._prose(payload, seen)}</p>")
            elif kind == "table":
                name, caption, fold = payload
                out.append(self._html_table(name, caption, fold, seen))
            elif kind == "card":
                if not payload[5]:
                    out.append(self._card_html(payload, seen))
            elif kind == "figure":
                name, caption = payload
                out.append(f"<figure><img src='figures/{name}.png' alt='{esc(caption or name)}'>"
                           f"<figcaption>{self._prose(caption, seen)}</figcaption></figure>")
        if self.terms:
            out.append("<h2 id='terms'>Terms used on this page</h2><dl class='terms'>" +
                       "".join(f"<dt id='term-{slug(w)}'>{esc(w)}</dt><dd>{esc(m)}</dd>"
                               for w, m in self.terms.items()) + "</dl>")
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
        if self.cards():
            atomic_write_text(base / "cards.json", json.dumps(
                {"name": self.name, "title": self.title, "cards": self.card_fragments()}, ensure_ascii=False))
            written.append(base / "cards.json")
        else:
            (base / "cards.json").unlink(missing_ok=True)
        return written
