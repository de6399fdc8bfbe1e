"""The reports index: every study's title, one-line headline and build facts, from the
``meta.json`` each study folder holds (so studies built on earlier runs are listed too).

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp())
>>> write_meta(out, "demo", "Demo", "p = 1/2", "2026-01-01 00:00 UTC", 1.5, "joker-odds report --study demo")
>>> _ = (out / "demo" / "index.html").write_text("x")
>>> [m["headline"] for m in read_metas(out, [("demo", "Demo")])]
['p = 1/2']
"""

from __future__ import annotations

import contextlib
import html
import json
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from analyzer.io import atomic_write_text, json_text
from analyzer.report.study import CSS, HEAD, slug

__all__ = ["read_metas", "write_cards", "write_index", "write_meta"]


def write_meta(out: Path, name: str, title: str, headline: str, built: str, seconds: float,
               command: str, terms: dict[str, str] | None = None, peak_mb: int | None = None) -> None:
    """Record a built study's headline, build facts (seconds; the peak memory of the process that
    built it alone, MB, or null) and terms in ``<out>/<name>/meta.json``."""
    atomic_write_text(Path(out) / name / "meta.json", json_text(
        {"name": name, "title": title, "headline": headline, "built": built,
         "seconds": round(seconds, 2), "peak_mb": peak_mb, "command": command, "terms": terms or {}}))


def read_metas(out: Path, known: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """Every study folder with a page under ``out``: known studies first, in their order."""
    out = Path(out)
    present = sorted(p.parent.name for p in out.glob("*/index.html"))
    order = [n for n, _ in known if n in present] + [n for n in present if n not in dict(known)]
    metas = []
    for name in order:
        meta: dict[str, Any] = {"name": name, "title": dict(known).get(name, name), "headline": "",
                                "built": "", "seconds": 0.0, "command": "", "terms": {}}
        with contextlib.suppress(OSError, ValueError):  # a folder from an older build: no headline
            meta.update(json.loads((out / name / "meta.json").read_text(encoding="utf-8")))
        metas.append(meta)
    return metas


def write_index(out: Path, known: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """Write ``index.html`` (the jinja2 template) and ``index.md``; returns the studies listed."""
    import jinja2

    metas = read_metas(out, known)
    source = resources.files("analyzer.report").joinpath("templates/index.html.j2").read_text(encoding="utf-8")
    template = jinja2.Environment(autoescape=True, keep_trailing_newline=True).from_string(source)
    glossary = _glossary(metas)
    cards = write_cards(Path(out), metas)
    atomic_write_text(Path(out) / "index.html", template.render(studies=metas, css=CSS, head=HEAD,
                                                                glossary=bool(glossary), cards=cards))
    _write_glossary(Path(out), glossary)
    md = ["# joker-odds reports\n"]
    for m in metas:
        md.append(f"- [{m['title']}]({m['name']}/index.md)" + (f": {m['headline']}" if m["headline"] else ""))
    if cards:
        md.append(f"\nStrategy cards for the table, one a printed page: [cards](cards.md) ({cards})")
    if glossary:
        md.append("\nWords used on the pages: [glossary](glossary.md)")
    atomic_write_text(Path(out) / "index.md", "\n".join(md) + "\n\nRebuild everything: `joker-odds report`\n")
    return metas


def write_cards(out: Path, metas: list[dict[str, Any]]) -> int:
    """``cards.html`` and ``cards.md``: every study's strategy cards (from its ``cards.json``), each
    card printing on a page of its own; returns how many cards (no page without any)."""
    esc = html.escape
    body, md, n = [], ["# Strategy cards\n", "Print this page: each card takes one page.\n"], 0
    for m in metas:
        with contextlib.suppress(OSError, ValueError):
            data = json.loads((out / m["name"] / "cards.json").read_text(encoding="utf-8"))
            cards = data.get("cards") or []
            if not cards:
                continue
            body.append(f"<section id='{esc(m['name'])}'><h2 class='study'>{esc(m['title'])} "
                        f"<small>(<a href='{esc(m['name'])}/index.html'>the study</a>)</small></h2>" +
                        "".join(c["html"].replace("href='tables/", f"href='{esc(m['name'])}/tables/") for c in cards)
                        + "</section>")
            md.append(f"## {m['title']} ([the study]({m['name']}/index.md))\n")
            md += [c["md"] for c in cards]
            n += len(cards)
    for name in ("cards.html", "cards.md"):
        (out / name).unlink(missing_ok=True)
    if not n:
        return 0
    css = CSS + "@media print{h1,.intro,h2.study{display:none}}"
    atomic_write_text(out / "cards.html",
                      f"<!doctype html><html lang='en'><head>{HEAD}<title>Strategy cards</title><style>{css}</style>"
                      f"</head><body class='cards'><nav><a href='index.html'>all studies</a></nav><h1>Strategy cards</h1>"
                      f"<p class='intro'>What to hold, bet or bid, game by game, best play first, with what each "
                      f"simpler rule costs. Print this page: each card takes one page.</p>{''.join(body)}"
                      f"</body></html>\n")
    atomic_write_text(out / "cards.md", "\n".join(md) + "\n")
    return n


def _glossary(metas: list[dict[str, Any]]) -> dict[str, tuple[str, list[tuple[str, str]]]]:
    """term → (meaning, [(study name, title) where it is used]), alphabetical."""
    terms: dict[str, tuple[str, list[tuple[str, str]]]] = {}
    for m in metas:
        for word, meaning in (m.get("terms") or {}).items():
            terms.setdefault(word, (meaning, []))[1].append((m["name"], m["title"]))
    return dict(sorted(terms.items(), key=lambda kv: kv[0].lower()))


def _write_glossary(out: Path, glossary: dict[str, tuple[str, list[tuple[str, str]]]]) -> None:
    """``glossary.html`` and ``glossary.md``: every term the pages explain, with where it is used."""
    esc = html.escape
    items = "".join(
        f"<dt id='{slug(w)}'>{esc(w)}</dt><dd>{esc(meaning)} <small>(" +
        ", ".join(f"<a href='{n}/index.html'>{esc(t)}</a>" for n, t in where) + ")</small></dd>"
        for w, (meaning, where) in glossary.items())
    atomic_write_text(out / "glossary.html",
                      f"<!doctype html><html lang='en'><head>{HEAD}<title>Glossary</title><style>{CSS}</style>"
                      f"</head><body><nav><a href='index.html'>all studies</a></nav><h1>Glossary</h1>"
                      f"<p>The words the pages use, each explained once.</p><dl class='terms'>{items}</dl>"
                      f"</body></html>\n")
    atomic_write_text(out / "glossary.md", "# Glossary\n\n" + "\n".join(
        f"- **{w}**: {meaning} ({', '.join(f'[{t}]({n}/index.md)' for n, t in where)})"
        for w, (meaning, where) in glossary.items()) + "\n")
