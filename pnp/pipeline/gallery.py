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

import io
import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path
from urllib.parse import quote

from pnp.core.i18n import N_, Translator, languages, translator
from pnp.core.locate import files_under
from pnp.game.kindcount import KIND_COUNTS
from pnp.pipeline.printguide import ROLES, how_to_print, print_list, role
from pnp.rules.engines import ENGINES

Outputs = dict[str, "bytes | str"]  # path relative to the output root → contents (str: UTF-8 text)
BACKS = N_("Backs")
FRONT, BACK, BOTH = N_("front"), N_("back"), N_("front and back")  # a face opened in the viewer
# The live page's words (pnp/server/live.js under `pnp serve`): a section's link to the table, and the
# page's own status line and error banner, in the section's and the page's language.
PLAY = N_("play at the table")
LIVE_WORDS = (
    ("live", N_("live")),
    ("stopped", N_("server stopped")),
    ("broken", N_("The last change could not be built; the faces below are the last good ones.")),
)


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
    lang: str | None = None  # the language its files were built in (a section per language); None: English


_STYLE = """
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2a38;background:#f7f1e3;line-height:1.45}
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
a{color:#1d3f6e}
a:focus-visible{outline:3px solid #c8553d;outline-offset:2px}
nav a{display:inline-block;padding:.6rem .2rem}
.how{border:2px solid #2a4a63;border-radius:.5rem;background:#fff;padding:.6rem 1.2rem;margin:1rem 0 2rem}
.hows{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,28rem),1fr));gap:1rem;margin:1rem 0 2rem}
.hows .how{margin:0}
.how h2{margin:.4rem 0;border:none;padding:0}
.how li{margin:.35rem 0}
code{background:#eef2f6;padding:.1rem .3rem;border-radius:.2rem;overflow-wrap:anywhere}
.print{list-style:none;padding:0}.print>li{margin:.5rem 0}
.print .files a{display:inline-block;padding:.5rem 0;margin-right:1rem}
.role{font-weight:bold}.note{color:#3b4a5e}
@media (max-width:600px){body{margin:.8rem}.faces{grid-template-columns:repeat(auto-fill,minmax(96px,1fr))}
.setups figure{width:100%}#viewer{flex-direction:column;gap:.5rem}#viewer img{height:auto;width:min(90vw,60vh)}}
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
  var section = link.closest('section');
  var words = function (side, english) { return (section && section.getAttribute('data-word-' + side)) || english; };
  var shown = [link.getAttribute('href')];
  if (link.getAttribute('data-back')) shown.push(link.getAttribute('data-back'));
  for (var i = 0; i < shown.length; i++) {
    var img = document.createElement('img'); img.src = shown[i];
    img.alt = i ? words('back', 'back') : words('front', 'front');
    viewer.appendChild(img);
  }
  var caption = document.createElement('p');
  caption.textContent = link.getAttribute('title') + (shown.length > 1 ? ' — ' + words('both', 'front and back') : '');
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
        f'<figure><img src="{_href(item.href)}" alt="" loading="eager">'
        f"<figcaption>{escape(item.label)}</figcaption></figure>"
    )


def _face(item: Item) -> str:
    back = f' data-back="{_href(item.back)}"' if item.back else ""
    return f'<a class="face" href="{_href(item.href)}"{back} title="{escape(item.label)}">' + _figure(item) + "</a>"


def _face_sections(faces: tuple[Item, ...], t: Translator) -> str:
    """One grid per kind in the order the kinds come, the backs last (headings in the section's language)."""
    groups: dict[str, list[Item]] = {}
    for item in faces:
        groups.setdefault(item.group or N_("Faces"), []).append(item)
    order = [g for g in groups if g != BACKS] + ([BACKS] if BACKS in groups else [])
    return "".join(
        f'<h4>{escape(t.gettext(g))} ({len(groups[g])})</h4><div class="faces">'
        + "".join(_face(i) for i in groups[g])
        + "</div>"
        for g in order
    )


def _links(items: tuple[Item, ...]) -> str:
    return "<ul>" + "".join(f'<li><a href="{_href(i.href)}">{escape(i.label)}</a></li>' for i in items) + "</ul>"


def _count(t: Translator, what: str, n: int) -> str:
    """One count, its number in bold: a bundled kind's in its language's plural ("80 islands", "80
    isole": pnp/game/kindcount.py), anything else with its label as it is ("125 pieces in all")."""
    forms = KIND_COUNTS.get(what)
    text = t.catalogue.ngettext(*forms, n) if forms else "{n} " + t.gettext(what)
    before, _, after = text.partition("{n}")
    return f"<li>{escape(before)}<b>{n}</b>{escape(after)}</li>"


def _heading(words: str) -> str:
    return f"<h3>{escape(words)}</h3>"


def _section(game: GalleryGame) -> str:
    t = translator(game.lang)  # a game built in Italian has its section in Italian
    lang = f' lang="{escape(game.lang)}"' if game.lang else ""
    words = "".join(  # what the viewer's script calls a face's sides, in the section's language
        f' data-word-{side}="{escape(t.gettext(text))}"'
        for side, text in (("front", FRONT), ("back", BACK), ("both", BOTH), ("play", PLAY))
    )
    parts = [f'<section id="{escape(game.id)}"{lang}{words}><h2>{escape(t.gettext(game.title))}</h2>']
    parts.append('<ul class="counts">' + "".join(_count(t, what, n) for what, n in game.counts) + "</ul>")
    if game.sheets:
        parts.append(_heading(t.gettext("What to print")) + print_list(game.sheets, t))
    if game.setups:
        parts.append(
            _heading(t.gettext("Sample setup"))
            + '<div class="setups">'
            + "".join(f'<a href="{_href(i.href)}">{_figure(i)}</a>' for i in game.setups)
            + "</div>"
        )
    if game.faces:
        faces = t.gettext("Faces ({n})", n=len(game.faces))
        parts.append(_heading(faces) + _face_sections(game.faces, t))
    if game.exports:
        parts.append(_heading(t.gettext("Exports")) + _links(game.exports))
    if game.files:
        parts.append(_heading(t.gettext("Other files")) + _links(game.files))
    parts.append("</section>")
    return "\n".join(parts)


def page_language(games: list[GalleryGame] | tuple[GalleryGame, ...]) -> str | None:
    """The language of the page's own words (title, heading, html lang): the one language of all its
    sections; English (None) when the sections are in several languages, each section marked with its own."""
    langs = {g.lang for g in games}
    return langs.pop() if len(langs) == 1 else None


def write_gallery(games: list[GalleryGame] | tuple[GalleryGame, ...], title: str | None = None) -> str:
    """The gallery page as HTML text (relative links only; nothing fetched from the network)."""
    lang = page_language(games)
    t = translator(lang)
    title = title or t.gettext("Print-and-play gallery")
    toc = " · ".join(
        f'<a href="#{escape(g.id)}"{_lang_attr(g.lang, lang)}>{escape(translator(g.lang).gettext(g.title))}</a>'
        for g in games
    )
    games_word = t.gettext("Games")
    live = "".join(f' data-word-{key}="{escape(t.gettext(text))}"' for key, text in LIVE_WORDS)
    boxes = "".join(how_to_print(games, language) for language in dict.fromkeys(g.lang for g in games))
    boxes = f'<div class="hows">{boxes}</div>' if boxes else ""
    body = "\n".join(_section(g) for g in games) or "<p>" + escape(t.gettext("No games have been built yet.")) + "</p>"
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang or "en")}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n"
        f'<body{live}><main><h1>{escape(title)}</h1><nav aria-label="{escape(games_word)}">{toc}</nav>\n'
        f'{boxes}\n{body}\n</main><div id="viewer"></div>'
        f"\n<script>{_SCRIPT}</script></body></html>\n"
    )


def _lang_attr(lang: str | None, page: str | None) -> str:
    return f' lang="{escape(lang or "en")}"' if lang != page else ""


# ---- from build outputs ------------------------------------------------------------------------

_PAGES = re.compile(rb"/Type /Page\b(?!s)")


def gallery_outputs(out: Path, outputs: Outputs, leaving: Iterable[str] = ()) -> Outputs:
    """{'index.html': …} for every game folder in this build's outputs or already in `out`, except
    the files this build is about to remove (`leaving`); files on disk are read only where their
    contents are shown (deck listings and PDFs' page counts). Only a game's default faces are
    shown (svg/, svg-LANG/): another ink's or module set's faces are neither shown nor linked."""
    files: Files = {rel: data for rel, data in outputs.items() if _shown(rel)}
    gone = set(leaving)
    for rel in files_under(out) if out.is_dir() else []:  # os.walk: never into a linked folder
        if _shown(rel) and rel not in files and rel not in gone and not os.path.islink(out / rel):
            files[rel] = out / rel  # a link is not followed, nor shown
    folders = sorted({rel.split("/", 1)[0] for rel in files})
    games = sorted((_game(g, files, s) for g in folders for s in _suffixes(g, files)), key=lambda g: g.rank)
    return {"index.html": write_gallery(games).encode("utf-8")}


Files = dict[str, "bytes | str | Path"]  # path relative to the output root → contents, or the file to read them from


def _read(data: bytes | str | Path | None) -> bytes | str | None:
    return data.read_bytes() if isinstance(data, Path) else data


_DECK = re.compile(r"deck(-[a-z]{2,3})?\.json")


def _suffixes(game_id: str, files: Iterable[str]) -> list[str]:
    """The languages a game folder holds, as their name suffixes ("" English, "-it"), from its deck
    listings (deck.json, deck-it.json); a folder without one is shown as English."""
    found = {
        m.group(1) or ""
        for rel in files
        if rel.startswith(game_id + "/")
        and (m := _DECK.fullmatch(rel[len(game_id) + 1 :]))
        and (not m.group(1) or m.group(1)[1:] in languages())  # deck-no-modules.json is no language
    }
    return sorted(found) or [""]


def _in_language(rel: str, suffix: str, others: list[str]) -> bool:
    """Whether a game's file belongs to the language of `suffix`: its svg folder (svg-it/), its file
    name (rules-a4-it.pdf) or its export folder (export/tgc-it/) carries the suffix; English files
    carry none of the others."""
    parts = rel.split("/")
    if len(parts) > 2 and parts[1].startswith("svg"):
        mark = parts[1]  # a face's own name never decides
    elif len(parts) > 3 and parts[1] == "export":
        mark = parts[2]
    else:
        mark = Path(rel).name.split(".")[0]  # setup-3p-seed1-it.check.txt is Italian
    if suffix:
        return mark.endswith(suffix)
    return not any(mark.endswith(s) for s in others if s)


def _face_folder(game_id: str, suffix: str, mine: list[str]) -> str:
    """The faces shown: the default ones (svg/, svg-LANG/); only when there are none (a spec printed
    in the ink saver), those of the first other face set (svg-ink-saver/)."""
    default = f"{game_id}/svg{suffix}/"
    folders = sorted(
        {f"{game_id}/{parts[1]}/" for rel in mine if len(parts := rel.split("/")) > 2 and parts[1].startswith("svg")}
    )
    return default if default in folders or not folders else folders[0]


def _other_faces(rel: str, faces: str) -> bool:
    """A face of another ink or module set than the default (svg-ink-saver/, svg-no-modules-it/)."""
    parts = rel.split("/")
    return len(parts) > 2 and parts[1].startswith("svg") and not rel.startswith(faces)


def _shown(rel: str) -> bool:
    """Files inside a game folder, not hidden ones (manifests, caches)."""
    parts = rel.split("/")
    return len(parts) > 1 and not any(p.startswith(".") for p in parts)


def _game(game_id: str, files: Files, suffix: str = "") -> GalleryGame:
    others = _suffixes(game_id, files)
    mine = sorted(rel for rel in files if rel.startswith(game_id + "/") and _in_language(rel, suffix, others))
    deck = _deck(_read(files.get(f"{game_id}/deck{suffix}.json")))
    svg = _face_folder(game_id, suffix, mine)
    faces = _faces(game_id, deck, [r for r in mine if r.startswith(svg) and r.endswith(".svg")])
    pdfs = [r for r in mine if r.endswith(".pdf") and "/export/" not in r]
    pdfs.sort(key=lambda r: (ROLES.index(role(r)), r))
    pages = {r: _pages(_read(files[r]) or b"") for r in pdfs}
    t = translator(suffix[1:] or None)  # the section's own words (its files' labels) in its language
    sheets = tuple(
        Item(t.ngettext("{name} ({n} page)", "{name} ({n} pages)", pages[r], name=Path(r).name), r, group=role(r))
        for r in pdfs
    )
    setups = tuple(Item(Path(r).stem, r) for r in mine if "/setup/" in r and r.endswith(".svg"))
    shown = {i.href for i in faces + sheets + setups}
    other = tuple(
        Item(r.split("/", 1)[1], r) for r in mine if r not in shown and "/export/" not in r and not _other_faces(r, svg)
    )
    exports = tuple(Item(r.split("/", 2)[2], r) for r in mine if r.startswith(f"{game_id}/export/"))
    names = deck.get("names", {})
    counts = [(str(names.get(kind, kind)), n) for kind, n in deck.get("totals", {}).items()]
    counts += [(N_("pieces in all"), deck.get("pieces", 0)), (N_("distinct faces"), len(faces))]
    counts += [(N_("sheet pages"), sum(pages[r] for r in pdfs if "/sheets/" in r))]
    rank = (_engine_rank(str(deck.get("engine"))), deck.get("extends") is not None, game_id, suffix)
    title = deck.get("title", game_id)
    lang = suffix[1:] or None
    return GalleryGame(game_id + suffix, title, tuple(counts), faces, sheets, setups, other, exports, rank, lang)


def _engine_rank(engine: str) -> int:
    """Games are shown in the order the registry lists their engines (pnp/rules/engines.py), then
    games of an engine it does not list."""
    order = list(ENGINES)
    return order.index(engine) if engine in order else len(order)


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
            backs.append(Item(back, by_id[back], "", BACKS))
    rest = [Item(stem, r) for stem, r in by_id.items() if stem not in seen]
    return tuple(fronts + backs + rest)


def _deck(data: bytes | str | None) -> dict:
    try:
        return json.loads(data) if data else {}
    except ValueError:
        return {}


def _pages(pdf: bytes | str) -> int:
    """The page count: read off the page objects, or, in a PDF that packs its objects into
    compressed object streams (the imposed booklets), from its page tree."""
    data = pdf.encode("latin-1") if isinstance(pdf, str) else pdf
    if b"/ObjStm" not in data:
        return len(_PAGES.findall(data))
    # lazy: -77 ms on a build whose PDFs have no object streams (docs/decisions.md "Plumbing only where it pays")
    import pikepdf

    with pikepdf.open(io.BytesIO(data)) as document:
        return len(document.pages)
