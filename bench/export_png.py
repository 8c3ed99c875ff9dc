"""Export images, piece by piece, in process: drawing a face and encoding its PNG, each way side by
side with the earlier one, medians per face and the ratio.

Usage: python bench/export_png.py [--game tranquility] [--faces 24] [--runs 5]

- drawing: PDFium into 4-byte pixels (BGRx, today) vs 3-byte pixels (BGR, before), at The Game
  Crafter's 900 px;
- encoding: our PNG writer over ISA-L level 1 (today) vs fpng (before; only when the `fpng`
  package is installed) vs Pillow at compress_level 1 and 6 (the well-kept default), plus the
  mean file size. Every encoder's output is decoded back and compared with the pixels.
"""

from __future__ import annotations

import argparse
import ctypes
import io
import statistics
import time

from PIL import Image


def _images(game_id: str, count: int):
    from pnp.export import pixels as px
    from pnp.export.faces import faces_in_use, product_region
    from pnp.export.products import DPI, product_for
    from pnp.pipeline.load import load_game
    from pnp.svg.faces import render_faces

    game = load_game(game_id)
    used = faces_in_use(game, render_faces(game))[:count]
    pictures = []
    for face in used:
        region, _ = product_region(face, product_for("tgc", face.width, face.height, None, face.shape))
        pictures.append(px.Picture.of(face.id, region, DPI))
    book = px._Book(used, px.faces_pdf(used))
    return book, pictures


def _draw(book, picture, layout: str) -> Image.Image:
    import pypdfium2
    import pypdfium2.raw as c

    from pnp.core.units import PT_PER_MM

    tile = picture.tiles[0]
    face, region = book.faces[tile.face_id], tile.region
    sx = region.px_width / (region.width * PT_PER_MM)
    sy = region.px_height / (region.height * PT_PER_MM)
    left, top = (region.x + face.bleed) * PT_PER_MM, (region.y + face.bleed) * PT_PER_MM
    matrix = c.FS_MATRIX(sx, 0, 0, sy, -left * sx, -top * sy)
    clip = c.FS_RECTF(0, 0, region.px_width, region.px_height)
    kind = c.FPDFBitmap_BGRx if layout == "BGRx" else c.FPDFBitmap_BGR
    bitmap = pypdfium2.PdfBitmap.new_native(region.px_width, region.px_height, kind, rev_byteorder=True)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, region.px_width, region.px_height)
    c.FPDF_RenderPageBitmapWithMatrix(
        bitmap, book.page(tile.face_id), ctypes.byref(matrix), ctypes.byref(clip), c.FPDF_REVERSE_BYTE_ORDER
    )
    return bitmap.to_pil().convert("RGB")


def _pillow(level: int):
    def encode(image: Image.Image) -> bytes:
        out = io.BytesIO()
        image.save(out, "PNG", compress_level=level, dpi=(300, 300))
        return out.getvalue()

    return encode


def _per_face(fn, items, runs: int) -> tuple[float, list]:
    """Median over runs of the mean milliseconds per item, and the last run's results."""
    times, results = [], []
    for _ in range(runs):
        start = time.perf_counter()
        results = [fn(item) for item in items]
        times.append((time.perf_counter() - start) / len(items) * 1000)
    return statistics.median(times), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tranquility")
    parser.add_argument("--faces", type=int, default=24)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from pnp.export.pixels import png_bytes

    book, pictures = _images(args.game, args.faces)
    for picture in pictures:
        book.page(picture.tiles[0].face_id)  # pages loaded once, as the workers do
    print(f"{len(pictures)} faces of {args.game} at 900 px, median of {args.runs} runs, ms a face")
    drawn = {}
    for layout in ("BGRx", "BGR"):
        ms, drawn[layout] = _per_face(lambda p, layout=layout: _draw(book, p, layout), pictures, args.runs)
        print(f"  draw   {layout:14} {ms:6.1f}")
    same = all(a.tobytes() == b.tobytes() for a, b in zip(drawn["BGRx"], drawn["BGR"]))
    print(f"  draw   same pixels: {same}")
    images = drawn["BGRx"]
    encoders = {"isal-1 (today)": lambda im: png_bytes(im, 300)}
    try:
        import fpng

        encoders["fpng (before)"] = fpng.from_pil
    except ImportError:
        print("  (fpng not installed: its row is left out)")
    encoders["pillow-1"] = _pillow(1)
    encoders["pillow-6"] = _pillow(6)
    medians = {}
    for name, encode in encoders.items():
        ms, out = _per_face(encode, images, args.runs)
        medians[name] = ms
        back = Image.open(io.BytesIO(out[0])).convert("RGB")
        exact = back.tobytes() == images[0].tobytes()
        size = statistics.mean(len(b) for b in out) / 1024
        print(f"  encode {name:14} {ms:6.1f}   {size:6.1f} KiB a face   lossless: {exact}")
    today = medians["isal-1 (today)"]
    for name, ms in medians.items():
        if name != "isal-1 (today)":
            print(f"  ratio  {name} / isal-1: {ms / today:.2f}")


if __name__ == "__main__":
    main()
