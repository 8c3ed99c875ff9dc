"""The bundled font's measures, read once and shipped: character map, advance widths, vertical
metrics and GPOS pair kerning of each style, as JSON beside this module (`fontdata/STYLE.json`).

Reading them from the TTF with fontTools cost ~0.2 s of every cold command (0.17–0.24 s CPU for
the two styles the faces use, most of it the GPOS kerning: fontTools' OpenType table classes are
built on import, then every pair-positioning subtable decompiled); the JSON loads in about a
millisecond. Each file records the SHA-256 of the
TTF it was read from; when the installed font differs (another release of the font package), the
TTF is read instead, so a stale file is never used. `python -m pnp.face.fontdata` writes the files,
and tests/test_text.py fails while one differs from what the TTF gives.

The outlines ship the same way, apart (`fontdata/STYLE.outlines.json`, read only by a process that
draws text): each glyph as the pen calls fontTools makes to draw it, components decomposed, which
pnp.face.text replays into its pen. Opening the TTF and drawing the outlines of a deck's characters
with fontTools cost each process that drew faces ~0.1 s (0.035 s to open the font, ~0.5 ms a glyph);
the file is indexed line by line in ~2 ms, each glyph decoded when first drawn, and its calls give
the very same outlines.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import fontpkg_atkinson_hyperlegible as _fontpkg

from pnp.core.errors import PnpError

HERE = Path(__file__).resolve().parent / "fontdata"


@dataclass(frozen=True)
class KernClasses:
    """A class-based pair kerning subtable (GPOS PairPos format 2): a pair whose left glyph is
    covered gets `values[class of left][class of right]` (class 0 for a glyph not listed)."""

    covered: frozenset[str]
    left: dict[str, int]
    right: dict[str, int]
    values: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class FontData:
    """What the layout needs of one style besides its outlines."""

    sha256: str  # of the TTF these came from
    cmap: dict[int, str]  # code point → glyph name
    advances: dict[str, int]  # glyph name → advance width, font units
    metrics: dict[str, int]  # units_per_em, ascender, descender, cap_height, x_height, underline_*
    pairs: dict[tuple[str, str], int]  # explicit pair kerning (format 1), the first subtable's value
    classes: tuple[KernClasses, ...]  # class kerning subtables, in lookup order


@cache
def font_data(path: Path) -> FontData:
    """The measures of the TTF at `path`: from the shipped JSON when it was made from this very
    file, else read from the TTF."""
    doc = _shipped(path, ".json")
    return _from_json(doc) if doc is not None else read_font(path, _sha256(path))


@cache
def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _shipped(path: Path, suffix: str) -> Any:
    """The shipped file `fontdata/<TTF name><suffix>`, parsed, when it exists and records this very
    TTF's SHA-256 (made from another release of the font, it is not used); else None."""
    shipped = HERE / f"{path.stem}{suffix}"
    if not shipped.exists():
        return None
    doc = json.loads(shipped.read_text(encoding="utf-8"))
    return doc if doc.get("sha256") == _sha256(path) else None


Outline = list  # a glyph's pen calls: [[method, [point or None, ...]], ...] (moveTo, lineTo, qCurveTo, ...)


@cache
def font_outlines(path: Path) -> Mapping[str, Outline]:
    """Glyph name → its outline's pen calls, from the shipped JSON when it was made from this very
    TTF, else drawn from the TTF."""
    shipped = HERE / f"{path.stem}.outlines.json"
    if not shipped.exists():
        return read_outlines(path)
    text = shipped.read_text(encoding="utf-8")
    lazy = _LazyOutlines.of(text, _sha256(path))
    if lazy is not None:
        return lazy
    doc = json.loads(text)  # another layout (edited by hand?): read whole
    return doc["glyphs"] if doc.get("sha256") == _sha256(path) else read_outlines(path)


class _LazyOutlines(Mapping[str, Outline]):
    """The shipped outlines, each glyph's pen calls decoded from its line when first asked for.
    A deck draws ~100 of a style's ~370 glyphs: decoding the whole file cost each process that
    draws text ~10 ms a style, indexing its lines ~1 ms (measured)."""

    def __init__(self, lines: dict[str, str]) -> None:
        self._lines = lines  # glyph name → its pen calls, as JSON text
        self._decoded: dict[str, Outline] = {}

    @classmethod
    def of(cls, text: str, sha256: str) -> _LazyOutlines | None:
        """The outlines in `text` (laid out as `outlines_json` writes them: a header line, then one
        glyph a line) when it records `sha256`; None when the text is laid out otherwise or made
        from another TTF."""
        lines = text.split("\n")
        if lines[0] != '{"sha256": "' + sha256 + '", "glyphs": {' or lines[-2:] != ["}}", ""]:
            return None
        index: dict[str, str] = {}
        decoder = json.JSONDecoder()
        for line in lines[1:-2]:
            name, end = decoder.raw_decode(line)
            if not isinstance(name, str) or line[end : end + 1] != ":":
                return None
            index[name] = line[end + 1 :].removesuffix(",")
        return cls(index)

    def __getitem__(self, name: str) -> Outline:
        found = self._decoded.get(name)
        if found is None:
            found = self._decoded[name] = json.loads(self._lines[name])
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._lines)

    def __len__(self) -> int:
        return len(self._lines)


def _need_fonttools(path: Path) -> None:
    """fontTools reads a TTF the shipped files were not made from (the `fonts` extra; the font
    package is pinned, so a plain install never needs it)."""
    if importlib.util.find_spec("fontTools") is None:
        raise FontDataError(
            f"the font {path.name} is not the release pnp's shipped measures were made from; reading it needs "
            "fontTools: pip install 'tranquility-pnp[fonts]'"
        )


class FontDataError(PnpError):
    """The installed font differs from the shipped measures and cannot be read here."""


def read_outlines(path: Path) -> dict[str, Outline]:
    """Every glyph's outline drawn from the TTF with fontTools, components decomposed (the slow way)."""
    _need_fonttools(path)
    # fontTools: the fonts extra (a TTF the shipped outlines were not made from)
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.ttLib import TTFont

    tt = TTFont(path, lazy=True)
    try:
        glyphs = tt.getGlyphSet()
        out: dict[str, Outline] = {}
        for name in tt.getGlyphOrder():
            pen = DecomposingRecordingPen(glyphs)
            glyphs[name].draw(pen)
            out[name] = [[method, [None if pt is None else list(pt) for pt in points]] for method, points in pen.value]
        return out
    finally:
        tt.close()


def outlines_json(path: Path) -> str:
    """The shipped outlines file's text: one glyph a line, in the font's glyph order, the same bytes each time."""
    lines = [
        json.dumps(name) + ":" + json.dumps(calls, separators=(",", ":")) for name, calls in read_outlines(path).items()
    ]
    return '{"sha256": "' + _sha256(path) + '", "glyphs": {\n' + ",\n".join(lines) + "\n}}\n"


def read_font(path: Path, digest: str | None = None) -> FontData:
    """The measures read from the TTF with fontTools (the slow way)."""
    _need_fonttools(path)
    from fontTools.ttLib import TTFont  # fontTools: the fonts extra

    tt = TTFont(path, lazy=True)
    try:
        os2, post = tt["OS/2"], tt["post"]
        metrics = {
            "units_per_em": tt["head"].unitsPerEm,
            "ascender": tt["hhea"].ascent,
            "descender": tt["hhea"].descent,
            "cap_height": os2.sCapHeight,
            "x_height": os2.sxHeight,
            "underline_position": post.underlinePosition,
            "underline_thickness": post.underlineThickness,
        }
        pairs, classes = _kerning(tt)
        return FontData(
            digest or _sha256(path),
            dict(tt.getBestCmap()),
            {name: advance for name, (advance, _lsb) in tt["hmtx"].metrics.items()},
            metrics,
            pairs,
            tuple(classes),
        )
    finally:
        tt.close()


def _kerning(tt: Any) -> tuple[dict[tuple[str, str], int], list[KernClasses]]:
    """The GPOS 'kern' pair adjustments: explicit pairs plus class-based subtables, in order."""
    pairs: dict[tuple[str, str], int] = {}
    classes: list[KernClasses] = []
    if "GPOS" not in tt:
        return pairs, classes
    gpos = tt["GPOS"].table
    indices = sorted(
        {i for fr in gpos.FeatureList.FeatureRecord if fr.FeatureTag == "kern" for i in fr.Feature.LookupListIndex}
    )
    for index in indices:
        for sub in gpos.LookupList.Lookup[index].SubTable:
            if getattr(sub, "Format", None) == 1 and hasattr(sub, "PairSet"):
                for first, pair_set in zip(sub.Coverage.glyphs, sub.PairSet):
                    for rec in pair_set.PairValueRecord:
                        value = getattr(rec.Value1, "XAdvance", 0) or 0
                        pairs.setdefault((first, rec.SecondGlyph), value)
            elif getattr(sub, "Format", None) == 2:
                values = tuple(
                    tuple(getattr(c2.Value1, "XAdvance", 0) or 0 for c2 in c1.Class2Record) for c1 in sub.Class1Record
                )
                classes.append(
                    KernClasses(
                        frozenset(sub.Coverage.glyphs),
                        dict(sub.ClassDef1.classDefs),
                        dict(sub.ClassDef2.classDefs),
                        values,
                    )
                )
    return pairs, classes


def to_json(data: FontData) -> str:
    """The shipped file's text: sorted, one line per entry, the same bytes each time."""
    doc = {
        "sha256": data.sha256,
        "metrics": data.metrics,
        "cmap": {str(k): v for k, v in sorted(data.cmap.items())},
        "advances": dict(sorted(data.advances.items())),
        "pairs": [[a, b, v] for (a, b), v in sorted(data.pairs.items())],
        "classes": [
            {
                "covered": sorted(c.covered),
                "left": dict(sorted(c.left.items())),
                "right": dict(sorted(c.right.items())),
                "values": [list(row) for row in c.values],
            }
            for c in data.classes
        ],
    }
    return json.dumps(doc, indent=0, sort_keys=False, ensure_ascii=True) + "\n"


def _from_json(doc: dict) -> FontData:
    return FontData(
        doc["sha256"],
        {int(k): v for k, v in doc["cmap"].items()},
        doc["advances"],
        doc["metrics"],
        {(a, b): v for a, b, v in doc["pairs"]},
        tuple(
            KernClasses(frozenset(c["covered"]), c["left"], c["right"], tuple(tuple(row) for row in c["values"]))
            for c in doc["classes"]
        ),
    )


def write_all(paths: list[Path]) -> list[Path]:
    """Write the shipped file of each TTF (python -m pnp.face.fontdata)."""
    HERE.mkdir(exist_ok=True)
    written = []
    for path in paths:
        for target, text in (
            (HERE / f"{path.stem}.json", to_json(read_font(path))),
            (HERE / f"{path.stem}.outlines.json", outlines_json(path)),
        ):
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.write_text(text, encoding="utf-8")
            written.append(target)
    return written


def bundled_fonts() -> list[Path]:
    """Every TTF of the bundled font package (the four styles pnp.face.text sets)."""
    return sorted((Path(_fontpkg.__file__).resolve().parent / "files").glob("*.ttf"))


if __name__ == "__main__":
    for written_path in write_all(bundled_fonts()):
        print(written_path, file=sys.stdout)
