"""What a person checks by eye on a report page, asked of a real headless Chromium.

Each page is copied with a small script appended; Chromium loads it at a given window width,
the script measures the rendered page and writes its findings into the DOM as JSON, and
``--dump-dom`` hands that back. No driver or extra package is needed, only Debian's ``chromium``.

The script reports:
- ``wrapped``: numeric table cells (``td.n``/``th.n``) whose text takes more than one line, and
  an estimate with its interval ("66.2 %, 60.4–71.5 %") anywhere on the page that is split
  across lines;
- ``wide``: elements sticking out of the viewport that are not inside a scroll box (``.tw``),
  and whether the page itself scrolls sideways;
- ``broken_images``: images that did not load;
- ``answer_top``: the answer box's distance from the top of the page (``None`` without one);
- ``height``: the page's height in CSS pixels, and ``rows``: table rows visible without opening
  a fold;
- ``raw_markup``: markup shown as text (``'>``, ``</``, a tag's start), with what surrounds it;
- ``cards``: the strategy cards on the page.

:func:`pdf_pages` prints a page to PDF and counts its pages.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

CHROMIUM = next((c for c in ("chromium", "chromium-browser", "google-chrome") if shutil.which(c)), None)

_PROBE = """
<script>
window.addEventListener('load', function () {
  var vw = window.innerWidth, out = {wrapped: [], wide: [], broken_images: [], answer_top: null};
  function lines(el) {
    var r = document.createRange(); r.selectNodeContents(el);
    var tops = {}; var rects = r.getClientRects();
    for (var i = 0; i < rects.length; i++) { if (rects[i].width > 0) tops[Math.round(rects[i].top)] = 1; }
    return Object.keys(tops).length;
  }
  document.querySelectorAll('td.n, th.n').forEach(function (c) {
    if (c.offsetParent !== null && !c.closest('details:not([open])') && lines(c) > 1) out.wrapped.push(c.textContent);
  });
  // an estimate and its interval, "66.2 %, 60.4–71.5 %", read as one number: on one line
  var estimate = /\\d[\\d.,]*\\s%,\\s\\d[\\d.,]*[–-]\\d[\\d.,]*\\s%/g;
  document.querySelectorAll('td, li, p').forEach(function (el) {
    if (el.offsetParent === null || el.closest('details:not([open])')) return;
    var walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), nodes = [], text = '', n;
    while ((n = walk.nextNode())) { nodes.push([n, text.length]); text += n.data; }
    function at(i) {  // the text node and offset of character i of el's text
      for (var k = nodes.length - 1; k >= 0; k--) if (nodes[k][1] <= i) return [nodes[k][0], i - nodes[k][1]];
    }
    var m; estimate.lastIndex = 0;
    while ((m = estimate.exec(text)) !== null) {
      var r = document.createRange(), a = at(m.index), b = at(m.index + m[0].length - 1);
      r.setStart(a[0], a[1]); r.setEnd(b[0], b[1] + 1);
      var tops = {}, rects = r.getClientRects();
      for (var i = 0; i < rects.length; i++) if (rects[i].width > 0) tops[Math.round(rects[i].bottom)] = 1;
      if (Object.keys(tops).length > 1) out.wrapped.push(m[0]);
    }
  });
  document.querySelectorAll('body *').forEach(function (e) {
    if (e.offsetParent === null) return;
    if (e.closest('.tw') && !e.classList.contains('tw')) return;  // a scroll box itself must fit
    var r = e.getBoundingClientRect();
    if (r.right > vw + 1) out.wide.push(e.tagName + '.' + e.className + ': ' + Math.round(r.right));
  });
  out.page_scrolls = document.documentElement.scrollWidth > vw + 1;
  var text = document.body.innerText;
  out.raw_markup = [];
  [/'>/g, /<\\//g, /<(span|abbr|a|b|code) /g].forEach(function (re) {
    var m; while ((m = re.exec(text)) !== null) out.raw_markup.push(text.slice(Math.max(0, m.index - 40), m.index + 20));
  });
  out.cards = document.querySelectorAll('.card').length;
  document.querySelectorAll('img').forEach(function (i) {
    if (!i.complete || i.naturalWidth === 0) out.broken_images.push(i.getAttribute('src'));
  });
  var a = document.querySelector('.answer');
  if (a) out.answer_top = Math.round(a.getBoundingClientRect().top + window.scrollY);
  out.height = document.documentElement.scrollHeight;
  out.rows = Array.prototype.filter.call(document.querySelectorAll('tr'),
                                         function (t) { return t.offsetParent !== null && !t.closest('details:not([open])'); }).length;
  var pre = document.createElement('pre'); pre.id = '__probe';
  pre.textContent = JSON.stringify(out); document.body.appendChild(pre);
});
</script>
"""


def probe(page: Path, width: int = 1280, height: int = 900) -> dict[str, Any]:
    """Render ``page`` in headless Chromium at ``width`` px and return the script's findings."""
    if CHROMIUM is None:
        raise RuntimeError("no chromium on this machine")
    page = Path(page)
    text = page.read_text(encoding="utf-8")
    probe_page = page.with_name(f".probe-{page.name}")
    probe_page.write_text(text.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    profile = tempfile.mkdtemp(prefix="joker-odds-chromium-")
    try:
        result = subprocess.run(
            [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", f"--user-data-dir={profile}",
             f"--window-size={width},{height}", "--virtual-time-budget=10000", "--dump-dom",
             probe_page.resolve().as_uri()],
            capture_output=True, text=True, timeout=120, env={**os.environ, "LANG": "C.UTF-8"})
    finally:
        probe_page.unlink(missing_ok=True)
        shutil.rmtree(profile, ignore_errors=True)
    m = re.search(r'<pre id="__probe">(.*?)</pre>', result.stdout, re.S)
    if not m:
        raise RuntimeError(f"chromium gave no findings for {page}: {result.stderr[-500:]}")
    import html

    return json.loads(html.unescape(m.group(1)))


def pdf_pages(page: Path) -> int:
    """Print ``page`` to PDF in headless Chromium (its print styles, default paper) and count the pages."""
    if CHROMIUM is None:
        raise RuntimeError("no chromium on this machine")
    profile = tempfile.mkdtemp(prefix="joker-odds-chromium-")
    pdf = Path(profile) / "page.pdf"
    try:
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
                        f"--user-data-dir={profile}", f"--print-to-pdf={pdf}", Path(page).resolve().as_uri()],
                       capture_output=True, timeout=120, check=True)
        return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def screenshot(page: Path, png: Path, width: int = 1280, height: int = 900) -> None:
    """A PNG of the first screen of ``page`` (for looking at it)."""
    if CHROMIUM is None:
        raise RuntimeError("no chromium on this machine")
    profile = tempfile.mkdtemp(prefix="joker-odds-chromium-")
    try:
        subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--user-data-dir={profile}", f"--window-size={width},{height}",
                        f"--screenshot={Path(png).resolve()}", Path(page).resolve().as_uri()],
                       capture_output=True, timeout=120, check=True)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
