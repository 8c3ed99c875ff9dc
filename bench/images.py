"""Images: 80 cards with a 1500 × 1500 PNG each and 80 with a JPEG each, through `pnp build`.

Usage: python bench/images.py [--runs 3] [--no-protograf] [--editable]

Generates the pictures (seeded, photo-like: gradients, shapes and grain) and two variants into
bench/.work/images/: `bench-photos` (160 islands, each drawn full-card with its own picture,
photos/photo-N.png or photo-N.jpg by the card's number, `"fit": "cover"`) and `bench-vector` (the
same 160 islands with the bundled vector art). Prints, each a median of --runs cold builds
(`pnp build NAME --no-setup --no-booklet --paper a4`, a fresh output folder each time):

- the photo deck's time over the vector deck's (goal ≤ 3×), both cold: a fresh output folder and
  an empty cache folder (PNP_CACHE_DIR) each run;
- the photo deck built into a fresh output folder after another build made its pictures ready for
  the PDF (kept in the cache folder: pnp/pdf/picturecache.py), over the vector deck's time;
- the A4 sheets' size over the pictures' own size at 300 dpi at their printed size (each picture
  resized with Pillow to the pixels 300 dpi gives the 76 mm bleed box and saved as its own
  format: PNG at Pillow's default level, JPEG at quality 90; goal ≤ 1.2×);
- protograf making the same A4 sheets (fronts only) from the same files in bench/.venv-protograf,
  its time over pnp's (goal > 1×);
- the floor: a fresh process that only makes the 160 pictures' PDF images (read, decoded,
  downsampled to 300 dpi at 76 mm and encoded, with pnp's own `pnp.pdf.image.pdf_image`) on a
  process pool of every core, over the vector deck's build: what no photo build can go below.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import sys
from pathlib import Path

from measure import EDITABLE_HELP, describe, measure, median_run, pnp_command
from PIL import Image, ImageDraw, ImageFilter

HERE = Path(__file__).resolve().parent
WORK = HERE / ".work" / "images"
CARDS = 80  # of each format
SIDE = 1500  # pixels
BLEED_BOX_MM = 76.0  # a 70 mm card with 3 mm bleed: what a full-card picture prints at

PROTOGRAF_DECK = """\
import json
from protograf import *

cards = json.load(open("cards.json"))
Create(filename="deck.pdf", paper="A4", units="mm", margin=5)
Deck(cards=len(cards), width=70, height=70)
for i, card in enumerate(cards, 1):
    Card(str(i), image(card["photo"].split("/")[-1], x=0, y=0, width=70, height=70),
         text(text=str(card["number"]), x=12, y=12, font_size=24, stroke="#ffffff"))
Save()
"""


FLOOR = """\
import sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from pnp.face.raster import load_raster
from pnp.pdf.image import DEFAULT_IMAGE_DPI, Picture, pdf_image, print_size

def one(path):
    raster = load_raster(Path(path))  # read and checked as a build does (a kept file is not decoded)
    picture = Picture("img" + raster.digest, raster.data, raster.width, raster.height, raster.mime == "image/jpeg")
    size = print_size(picture, {box}, {box}, DEFAULT_IMAGE_DPI)
    return len(pdf_image(picture, size).stream)

if __name__ == "__main__":
    with ProcessPoolExecutor() as pool:
        sys.stdout.write(str(sum(pool.map(one, sys.argv[1:], chunksize=4))))
"""


def picture(index: int) -> Image.Image:
    """A seeded photo-like picture: a sky gradient, hills, a sun, and grain (so it compresses as a photo)."""
    rng = random.Random(index)
    top = (rng.randrange(40, 120), rng.randrange(90, 180), rng.randrange(160, 250))
    low = (rng.randrange(180, 255), rng.randrange(120, 200), rng.randrange(60, 140))
    mask = Image.linear_gradient("L").resize((SIDE, SIDE))
    image = Image.composite(Image.new("RGB", (SIDE, SIDE), low), Image.new("RGB", (SIDE, SIDE), top), mask)
    draw = ImageDraw.Draw(image)
    for hill in range(3):
        y = SIDE * (0.55 + 0.12 * hill)
        colour = (rng.randrange(30, 90), rng.randrange(90, 160), rng.randrange(30, 90))
        draw.ellipse(
            (-SIDE * 0.3 + rng.randrange(0, 400), y, SIDE * 1.1 + rng.randrange(0, 400), y + SIDE), fill=colour
        )
    x, y = rng.randrange(200, 1200), rng.randrange(150, 500)
    draw.ellipse((x, y, x + 220, y + 220), fill=(250, 225, 120))
    grain = Image.effect_noise((SIDE, SIDE), 18).convert("RGB")
    return Image.blend(image.filter(ImageFilter.GaussianBlur(2)), grain, 0.12)


def make_project(root: Path) -> list[dict]:
    """The pictures, the template and the two variants under `root`; the cards (number, photo)."""
    photos = root / "card_specs" / "photos"
    photos.mkdir(parents=True, exist_ok=True)
    cards = []
    for index in range(2 * CARDS):
        kind = "png" if index < CARDS else "jpg"
        path = photos / f"photo-{index + 1}.{kind}"
        if not path.exists():
            image = picture(index)
            image.save(path, "PNG") if kind == "png" else image.save(path, "JPEG", quality=90)
        cards.append({"number": index + 1, "photo": f"photos/{path.name}"})
    templates = root / "templates" / "photos"
    templates.mkdir(parents=True, exist_ok=True)
    template = {
        "size": [70, 70],
        "background": {"fill": "sea"},
        "elements": [
            {
                "type": "art",
                "id": "png",
                "name": "photos/photo-{number}.png",
                "box": [-3, -3, 76, 76],
                "fit": "cover",
                "when": {"field": "number", "in": list(range(1, CARDS + 1))},
            },
            {
                "type": "art",
                "id": "jpeg",
                "name": "photos/photo-{number}.jpg",
                "box": [-3, -3, 76, 76],
                "fit": "cover",
                "when": {"field": "number", "not_in": list(range(1, CARDS + 1))},
            },
            {
                "type": "text",
                "id": "number",
                "text": "{number}",
                "box": [4.5, 4, 24, 13],
                "size_pt": 30,
                "weight": "bold",
                "fill": "paper",
            },
        ],
    }
    (templates / "island.json").write_text(json.dumps(template), encoding="utf-8")
    islands = {"id": "island", "each": {"number": {"from": 1, "to": 2 * CARDS}}}
    photo_spec = {
        "id": "bench-photos",
        "extends": "tranquility",
        "title": "Benchmark: photos",
        "templates": "photos",
        "kinds": [islands],
    }
    vector = {
        "id": "bench-vector",
        "extends": "tranquility",
        "title": "Benchmark: vector",
        "kinds": [islands],
    }
    for spec in (photo_spec, vector):
        (root / "card_specs" / f"{spec['id']}.json").write_text(json.dumps(spec), encoding="utf-8")
    (photos / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    return cards


def reference_bytes(root: Path, cards: list[dict]) -> int:
    """The pictures' own size at 300 dpi at their printed size (see the module's docstring)."""
    pixels = round(BLEED_BOX_MM / 25.4 * 300)
    total = 0
    for card in cards:
        path = root / "card_specs" / card["photo"]
        with Image.open(path) as image:
            small = image.resize((pixels, pixels), Image.Resampling.LANCZOS)
            out = io.BytesIO()
            small.save(out, "PNG") if path.suffix == ".png" else small.save(out, "JPEG", quality=90)
            total += len(out.getvalue())
    return total


def pnp_cold(pnp: list[str], root: Path, name: str, runs: int, warm: bool = False) -> tuple[list, Path]:
    """Builds into a fresh output folder each: cold, with an empty cache folder of their own
    (PNP_CACHE_DIR: no picture made ready before); `warm`, with the pictures a first build made."""
    results, out = [], root
    for _ in range(runs):
        out, cache = fresh(root, f"out-{name}"), fresh(root, "cache")
        env = {"PNP_CACHE_DIR": str(cache)}
        command = [*pnp, "build", name, "--no-setup", "--no-booklet", "--paper", "a4", "--out", out.name, "--quiet"]
        if warm:
            measure([*command[:-2], fresh(root, f"out-{name}").name, "--quiet"], root, env)
        results.append(measure(command, root, env))
    return results, out


MADE: list[Path] = []  # the folders this run made, removed at its end (not between builds: see bench/README.md)


def fresh(root: Path, stem: str) -> Path:
    """A folder name under `root` not used yet: stem-1, stem-2, …"""
    n = 1
    while (root / f"{stem}-{n}").exists():
        n += 1
    (root / f"{stem}-{n}").mkdir()
    MADE.append(root / f"{stem}-{n}")
    return root / f"{stem}-{n}"


def python_of(pnp: list[str]) -> list[str]:
    """The interpreter of the measured `pnp` (its console script's neighbour, or the command itself)."""
    python = Path(pnp[0]).with_name("python")
    return [str(python)] if len(pnp) == 1 and python.is_file() else [sys.executable]


def main() -> None:
    try:
        run()
    finally:
        for folder in MADE:
            shutil.rmtree(folder, ignore_errors=True)


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold builds per deck (median)")
    parser.add_argument("--no-protograf", action="store_true", help="skip the protograf side")
    parser.add_argument("--editable", action="store_true", help=EDITABLE_HELP)
    args = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    cards = make_project(WORK)
    pnp = pnp_command(args.editable)
    photos, out = pnp_cold(pnp, WORK, "bench-photos", args.runs)
    vector, _ = pnp_cold(pnp, WORK, "bench-vector", args.runs)
    warm, _ = pnp_cold(pnp, WORK, "bench-photos", args.runs, warm=True)
    print(f"{2 * CARDS} cards, {CARDS} PNG + {CARDS} JPEG of {SIDE} × {SIDE} px, A4, cold build:")
    print(f"  pnp, photos:  {describe(photos)}")
    print(f"  pnp, vector:  {describe(vector)}")
    ratio = median_run(photos).seconds / median_run(vector).seconds
    print(f"  photos / vector: {ratio:.2f}×   goal ≤ 3×")
    print(f"  pnp, photos, a new folder, the pictures kept by a build before: {describe(warm)}")
    print(f"  that / vector: {median_run(warm).seconds / median_run(vector).seconds:.2f}×")
    pdf = out / "bench-photos" / "sheets" / "bench-photos-a4.pdf"
    reference = reference_bytes(WORK, cards)
    size = pdf.stat().st_size
    sizes = f"A4 PDF {size / 1e6:.1f} MB; the pictures at 300 dpi {reference / 1e6:.1f} MB"
    print(f"  {sizes}: {size / reference:.2f}×   goal ≤ 1.2×")
    files = [str(WORK / "card_specs" / card["photo"]) for card in cards]
    floor = [measure([*python_of(pnp), "-c", FLOOR.format(box=BLEED_BOX_MM), *files], WORK) for _ in range(args.runs)]
    print(f"  the floor, the pictures alone on every core: {describe(floor)}")
    print(f"  floor / vector: {median_run(floor).seconds / median_run(vector).seconds:.2f}×")
    if args.no_protograf:
        return
    sys.path.insert(0, str(HERE))
    from scale import protograf_python

    python = protograf_python()
    folder = WORK / "card_specs" / "photos"
    (folder / "deck.py").write_text(PROTOGRAF_DECK, encoding="utf-8")
    runs = [measure([str(python), "deck.py"], folder) for _ in range(args.runs)]
    print(f"  protograf:    {describe(runs)}")
    print(f"  protograf / pnp: {median_run(runs).seconds / median_run(photos).seconds:.2f}×   goal > 1×")
    print(f"  protograf's PDF {(folder / 'deck.pdf').stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
