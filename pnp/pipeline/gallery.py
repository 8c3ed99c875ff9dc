"""output/index.html: every game's faces, sheets and sample setups on one page, with counts.

The page is self-contained (inline style, no network) and links only relative paths, so it
opens from the output folder in any browser, offline, and the same page is served by `pnp serve`.
The base game comes first, then its variants, then The Ascent and its variants. Faces are grouped
in sections per kind, fronts first and the backs last; a click opens a face full-size with its back
beside it. Sheets, setups, exports and other files are linked (the setup as a small picture).
A small inline script counts the images that loaded and marks any that did not (body data-images,
data-loaded, data-broken).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

Outputs = dict[str, "bytes | str"]  # path relative to the output root → contents (str: UTF-8 text)


@dataclass(frozen=True)
class Item:
    """One file shown (an image) or linked (anything else), by its path relative to index.html."""

    label: str
    href: str
    back: str = ""  # a face's back, shown beside it when it is opened
    group: str = ""  # a face's section: the name of its kind, or "Backs"


@dataclass(frozen=True)
class GalleryGame:
    id: str
    title: str
    counts: tuple[tuple[str, int], ...]  # (what, how many): cards per kind, faces, sheet pages…
    faces: tuple[Item, ...]
    sheets: tuple[Item, ...]  # PDFs: sheets, calibration
    setups: tuple[Item, ...]  # setup images (SVG)
    files: tuple[Item, ...]  # everything else worth a link
    exports: tuple[Item, ...] = ()  # files for print shops and Tabletop Simulator
    rank: tuple = ()  # where the game stands on the page: base games first, then variants, by engine


_STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2a38;background:#f7f1e3}
h1{margin-top:0}h2{border-bottom:2px solid #2a4a63;padding-bottom:.2rem;margin-top:2.5rem}
.counts{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;padding:0;list-style:none}
.counts b{font-size:1.2em}
.faces{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:.8rem}
figure{margin:0;text-align:center;font-size:.8em}
figure img{width:100%;height:auto;background:#fff;box-shadow:0 1px 3px #0004}
a.face{text-decoration:none;color:inherit;cursor:zoom-in}
.setups{display:flex;gap:1rem;flex-wrap:wrap}.setups figure{width:260px}
#viewer{position:fixed;inset:0;background:#1f2a38e6;display:none;align-items:center;justify-content:center;
gap:2rem;z-index:10;cursor:zoom-out}
#viewer.open{display:flex}#viewer img{height:min(84vh,45vw);width:auto;background:#fff;box-shadow:0 2px 12px #0008}
#viewer p{position:absolute;bottom:.5rem;color:#fff;margin:0}
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
document.addEventListener('click', function (event) {
  var viewer = document.getElementById('viewer');
  var link = event.target.closest ? event.target.closest('a.face') : null;
  if (viewer.classList.contains('open')) {
    viewer.classList.remove('open'); viewer.innerHTML = ''; event.preventDefault(); return;
  }
  if (!link) return;
  event.preventDefault();
  var shown = [link.getAttribute('href')];
  if (link.getAttribute('data-back')) shown.push(link.getAttribute('data-back'));
  for (var i = 0; i < shown.length; i++) {
    var img = document.createElement('img'); img.src = shown[i]; img.alt = i ? 'back' : 'front';
    viewer.appendChild(img);
  }
  var caption = document.createElement('p');
  caption.textContent = link.getAttribute('title') + (shown.length > 1 ? ' — front and back' : '');
  viewer.appendChild(caption); viewer.classList.add('open');
});
document.addEventListener('keydown', function (event) {
  var viewer = document.getElementById('viewer');
  if (event.key === 'Escape' && viewer.classList.contains('open')) {
    viewer.classList.remove('open'); viewer.innerHTML = '';
  }
});
"""


def _href(path: str) -> str:
    return escape(quote(path), quote=True)


def _figure(item: Item) -> str:
    return (
        f'<figure><img src="{_href(item.href)}" alt="{escape(item.label)}" loading="eager">'
        f"<figcaption>{escape(item.label)}</figcaption></figure>"
    )


def _face(item: Item) -> str:
    back = f' data-back="{_href(item.back)}"' if item.back else ""
    return f'<a class="face" href="{_href(item.href)}"{back} title="{escape(item.label)}">' + _figure(item) + "</a>"


def _face_sections(faces: tuple[Item, ...]) -> str:
    """One grid per kind in the order the kinds come, the backs last."""
    groups: dict[str, list[Item]] = {}
    for item in faces:
        groups.setdefault(item.group or "Faces", []).append(item)
    order = [g for g in groups if g != "Backs"] + (["Backs"] if "Backs" in groups else [])
    return "".join(
        f'<h4>{escape(g)} ({len(groups[g])})</h4><div class="faces">' + "".join(_face(i) for i in groups[g]) + "</div>"
        for g in order
    )


def _links(items: tuple[Item, ...]) -> str:
    return "<ul>" + "".join(f'<li><a href="{_href(i.href)}">{escape(i.label)}</a></li>' for i in items) + "</ul>"


def _section(game: GalleryGame) -> str:
    parts = [f'<section id="{escape(game.id)}"><h2>{escape(game.title)}</h2>']
    parts.append(
        '<ul class="counts">' + "".join(f"<li><b>{n}</b> {escape(what)}</li>" for what, n in game.counts) + "</ul>"
    )
    if game.sheets:
        parts.append("<h3>Print-and-play sheets</h3>" + _links(game.sheets))
    if game.setups:
        parts.append(
            '<h3>Sample setup</h3><div class="setups">'
            + "".join(f'<a href="{_href(i.href)}">{_figure(i)}</a>' for i in game.setups)
            + "</div>"
        )
    if game.faces:
        parts.append(f"<h3>Faces ({len(game.faces)})</h3>" + _face_sections(game.faces))
    if game.exports:
        parts.append("<h3>Exports</h3>" + _links(game.exports))
    if game.files:
        parts.append("<h3>Other files</h3>" + _links(game.files))
    parts.append("</section>")
    return "\n".join(parts)


def write_gallery(games: list[GalleryGame] | tuple[GalleryGame, ...], title: str = "Print-and-play gallery") -> str:
    """The gallery page as HTML text (relative links only; nothing fetched from the network)."""
    toc = " · ".join(f'<a href="#{escape(g.id)}">{escape(g.title)}</a>' for g in games)
    body = "\n".join(_section(g) for g in games) or "<p>No games have been built yet.</p>"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f'<body><h1>{escape(title)}</h1><p>{toc}</p>\n{body}\n<div id="viewer"></div>'
        f"\n<script>{_SCRIPT}</script></body></html>\n"
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
    games = sorted((_game(g, files) for g in {rel.split("/", 1)[0] for rel in files}), key=lambda g: g.rank)
    return {"index.html": write_gallery(games).encode("utf-8")}


def _shown(rel: str) -> bool:
    """Files inside a game folder, not hidden ones (manifests, caches)."""
    parts = rel.split("/")
    return len(parts) > 1 and not any(p.startswith(".") for p in parts)


def _game(game_id: str, files: Outputs) -> GalleryGame:
    mine = sorted(rel for rel in files if rel.startswith(game_id + "/"))
    deck = _deck(files.get(f"{game_id}/deck.json"))
    faces = _faces(game_id, deck, [r for r in mine if r.startswith(f"{game_id}/svg/") and r.endswith(".svg")])
    pdfs = [r for r in mine if r.endswith(".pdf") and "/setup/" not in r and "/export/" not in r]
    sheets = tuple(Item(f"{Path(r).name} ({_pages(files[r])} pages)", r) for r in pdfs)
    setups = tuple(Item(Path(r).stem, r) for r in mine if "/setup/" in r and r.endswith(".svg"))
    shown = {i.href for i in faces + sheets + setups}
    other = tuple(Item(r.split("/", 1)[1], r) for r in mine if r not in shown and "/export/" not in r)
    exports = tuple(Item(r.split("/", 2)[2], r) for r in mine if r.startswith(f"{game_id}/export/"))
    names = deck.get("names", {})
    counts = [(str(names.get(kind, kind)), n) for kind, n in deck.get("totals", {}).items()]
    counts += [("pieces in all", deck.get("pieces", 0)), ("distinct faces", len(faces))]
    counts += [("sheet pages", sum(_pages(files[r]) for r in pdfs if "/sheets/" in r))]
    rank = (_ENGINES.get(str(deck.get("engine")), 2), deck.get("extends") is not None, game_id)
    return GalleryGame(game_id, deck.get("title", game_id), tuple(counts), faces, sheets, setups, other, exports, rank)


_ENGINES = {"tranquility": 0, "ascent": 1}


def _faces(game_id: str, deck: dict, paths: list[str]) -> tuple[Item, ...]:
    """The fronts grouped by kind in the deck's order, each with its back; then the backs; then any face
    the deck listing does not name."""
    names, by_id = deck.get("names", {}), {Path(r).stem: r for r in paths}
    fronts, backs, seen = [], [], set()
    for card in deck.get("cards", []):
        front, back = card.get("front"), card.get("back")
        if front in by_id and front not in seen:
            seen.add(front)
            group = str(names.get(card.get("kind"), card.get("kind") or "Faces"))
            fronts.append(Item(front, by_id[front], by_id.get(back, ""), group))
        if back in by_id and back not in seen:
            seen.add(back)
            backs.append(Item(back, by_id[back], "", "Backs"))
    rest = [Item(stem, r) for stem, r in by_id.items() if stem not in seen]
    return tuple(fronts + backs + rest)


def _deck(data: bytes | str | None) -> dict:
    try:
        return json.loads(data) if data else {}
    except ValueError:
        return {}


def _pages(pdf: bytes | str) -> int:
    return len(_PAGES.findall(pdf.encode("latin-1") if isinstance(pdf, str) else pdf))
