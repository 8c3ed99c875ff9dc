"""Ink coverage of printed pages: render with pypdfium2, convert to CMYK, average.

Coverage of a pixel is C + M + Y + K of the plain device conversion with full grey-component
replacement (K = 1 − max(R, G, B), C = (1 − R − K) / (1 − K), …), so white is 0 %, black 100 %,
and a saturated dark colour can exceed 100 %. A page's coverage is the mean over the whole page
(margins included), in percent.

Measure at 150 dpi or finer. PDFium draws every stroke at least one device pixel wide, so at 36 dpi
(0.7 mm pixels) the saver's 0.2 mm outlines print three times as wide as they will on paper and the
line-art faces measure about 1.6× their real coverage; from 150 dpi (0.17 mm pixels) on, the figures
agree with 300 dpi within 0.2 points.
"""

from __future__ import annotations

# Measuring, not building: bench/ink.py and the tests use it (numpy comes with the `test` extra).


def image_coverage(rgb) -> float:
    """Mean C+M+Y+K of an RGB image (numpy uint8, H×W×3), in percent."""
    import numpy as np

    x = rgb[..., :3].astype(np.float64) / 255.0
    k = 1.0 - x.max(axis=-1)
    room = np.where(k < 1.0, 1.0 - k, 1.0)
    cmy = (1.0 - x - k[..., None]) / room[..., None]
    return float((cmy.sum(axis=-1) + k).mean() * 100.0)


MEASURING_DPI = 150.0


def pdf_coverage(pdf: bytes, dpi: float = MEASURING_DPI, pages: int | None = None) -> list[float]:
    """Each page's mean coverage, in percent, rendered at `dpi` (the first `pages` pages only, if given)."""
    import numpy as np
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        pages_out = []
        for index in range(len(doc) if pages is None else min(pages, len(doc))):
            bitmap = doc[index].render(scale=dpi / 72.0)
            pages_out.append(image_coverage(np.asarray(bitmap.to_pil().convert("RGB"))))
        return pages_out
    finally:
        doc.close()
