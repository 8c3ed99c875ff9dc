"""output/index.html: every game's faces, sheets and sample setups on one page, with counts.

The page is self-contained (inline style, no network) and links only relative paths, so it
opens from the output folder in any browser, offline. A small inline script counts the images
that loaded and marks any that did not (body data-images, data-loaded, data-broken).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

Outputs = dict[str, bytes]


@dataclass(frozen=True)
class Item:
    """One file shown (an image) or linked (anything else), by its path relative to index.html."""

    label: str
    href: str


@dataclass(frozen=True)
class GalleryGame:
    id: str
    title: str
    counts: tuple[tuple[str, int], ...]  # (what, how many): cards per kind, faces, sheet pages…
    faces: tuple[Item, ...]
    sheets: tuple[Item, ...]  # PDFs: sheets, calibration
    setups: tuple[Item, ...]  # setup images (SVG)
    files: tuple[Item, ...]  # everything else worth a link


_STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2a38;background:#f7f1e3}
h1{margin-top:0}h2{border-bottom:2px solid #2a4a63;padding-bottom:.2rem;margin-top:2.5rem}
.counts{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;padding:0;list-style:none}
.counts b{font-size:1.2em}
.faces{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:.8rem}
figure{margin:0;text-align:center;font-size:.8em}
figure img{width:100%;height:auto;background:#fff;box-shadow:0 1px 3px #0004}
.setups img{max-width:100%;height:auto;background:#fff}
img.broken{outline:3px solid #c8553d}
a{color:#2a4a63}
"""

_SCRIPT = """
window.addEventListener('load', function () {
  var images = document.images, broken = 0;
  for (var i = 0; i < images.length; i++) {
    if (!images[i].complete || images[i].naturalWidth === 0) { images[i].className += ' broken'; broken++; }
  }
  document.body.setAttribute('data-images', images.length);
  document.body.setAttribute('data-loaded', images.length - broken);
  document.body.setAttribute('data-broken', broken);
});
"""


def _href(path: str) -> str:
    return escape(quote(path), quote=True)


def _figure(item: Item) -> str:
    return f'<figure><img src="{_href(item.href)}" alt="{escape(item.label)}" loading="eager"><figcaption>{escape(item.label)}</figcaption></figure>'


def _links(items: tuple[Item, ...]) -> str:
    return "<ul>" + "".join(f'<li><a href="{_href(i.href)}">{escape(i.label)}</a></li>' for i in items) + "</ul>"


def _section(game: GalleryGame) -> str:
    parts = [f'<section id="{escape(game.id)}"><h2>{escape(game.title)}</h2>']
    parts.append('<ul class="counts">' + "".join(f"<li><b>{n}</b> {escape(what)}</li>" for what, n in game.counts) + "</ul>")
    if game.sheets:
        parts.append("<h3>Print-and-play sheets</h3>" + _links(game.sheets))
    if game.setups:
        parts.append('<h3>Sample setup</h3><div class="setups">' + "".join(_figure(i) for i in game.setups) + "</div>")
    if game.faces:
        parts.append(f'<h3>Faces ({len(game.faces)})</h3><div class="faces">' + "".join(_figure(i) for i in game.faces) + "</div>")
    if game.files:
        parts.append("<h3>Other files</h3>" + _links(game.files))
    parts.append("</section>")
    return "\n".join(parts)


def write_gallery(games: list[GalleryGame] | tuple[GalleryGame, ...], title: str = "Print-and-play gallery") -> str:
    """The gallery page as HTML text (relative links only; nothing fetched from the network)."""
    toc = " · ".join(f'<a href="#{escape(g.id)}">{escape(g.title)}</a>' for g in games)
    body = "\n".join(_section(g) for g in games) or "<p>No games have been built yet.</p>"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f"<body><h1>{escape(title)}</h1><p>{toc}</p>\n{body}\n<script>{_SCRIPT}</script></body></html>\n"
    )


# ---- from build outputs ------------------------------------------------------------------------

_PAGES = re.compile(rb"/Type /Page\b(?!s)")


def gallery_outputs(out: Path, outputs: Outputs) -> Outputs:
    """{'index.html': …} for every game folder in this build's outputs or already in `out`."""
    files = {rel: data for rel, data in outputs.items() if _shown(rel)}
    built = {rel.split("/", 1)[0] for rel in files}
    for path in sorted(out.rglob("*")) if out.is_dir() else []:
        rel = path.relative_to(out).as_posix()
        if _shown(rel) and rel.split("/", 1)[0] not in built and path.is_file():
            files[rel] = path.read_bytes()  # a game this build skipped as unchanged
    games = sorted({rel.split("/", 1)[0] for rel in files})
    return {"index.html": write_gallery([_game(g, files) for g in games]).encode("utf-8")}


def _shown(rel: str) -> bool:
    """Files inside a game folder, not hidden ones (manifests, caches)."""
    parts = rel.split("/")
    return len(parts) > 1 and not any(p.startswith(".") for p in parts)


def _game(game_id: str, files: Outputs) -> GalleryGame:
    mine = sorted(rel for rel in files if rel.startswith(game_id + "/"))
    deck = _deck(files.get(f"{game_id}/deck.json"))
    faces = tuple(Item(Path(r).stem, r) for r in mine if r.startswith(f"{game_id}/svg/") and r.endswith(".svg"))
    pdfs = [r for r in mine if r.endswith(".pdf") and "/setup/" not in r and "/export/" not in r]
    sheets = tuple(Item(f"{Path(r).name} ({_pages(files[r])} pages)", r) for r in pdfs)
    setups = tuple(Item(Path(r).stem, r) for r in mine if "/setup/" in r and r.endswith(".svg"))
    shown = {i.href for i in faces + sheets + setups}
    other = tuple(Item(r.split("/", 1)[1], r) for r in mine if r not in shown and "/export/" not in r)
    names = deck.get("names", {})
    counts = [(str(names.get(kind, kind)), n) for kind, n in deck.get("totals", {}).items()]
    counts += [("pieces in all", deck.get("pieces", 0)), ("distinct faces", len(faces))]
    counts += [("sheet pages", sum(_pages(files[r]) for r in pdfs if "/sheets/" in r))]
    return GalleryGame(game_id, deck.get("title", game_id), tuple(counts), faces, sheets, setups, other)


def _deck(data: bytes | None) -> dict:
    try:
        return json.loads(data) if data else {}
    except ValueError:
        return {}


def _pages(pdf: bytes) -> int:
    return len(_PAGES.findall(pdf))
