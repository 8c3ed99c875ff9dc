"""Pictures in the booklet: real card faces, the sample setup from the setup-sheet code, and worked
cost examples drawn as rows of numbered cards. Each is a platypus Flowable drawing vector paths."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable

from pnp.core.units import mm_to_pt
from pnp.game.model import Face
from pnp.pdf.form import LABEL_FONT, LABEL_FONT_BOLD
from pnp.pdf.paint import paint_face


class FacePicture(Flowable):
    """One card face at `width` mm across its trim (the bleed is clipped away)."""

    def __init__(self, face: Face, width: float):
        super().__init__()
        self.face = face
        self.scale = width / face.width
        self.width, self.height = mm_to_pt(width), mm_to_pt(face.height * self.scale)

    def draw(self) -> None:
        canvas, face = self.canv, self.face
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(0, 0, self.width, self.height)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.scale(self.scale, self.scale)
        canvas.translate(-mm_to_pt(face.bleed), -mm_to_pt(face.bleed))
        paint_face(canvas, face)
        canvas.restoreState()
        canvas.setStrokeColor(HexColor("#9a9a9a"))
        canvas.setLineWidth(0.4)
        canvas.rect(0, 0, self.width, self.height, stroke=1, fill=0)


class SheetCrop(Flowable):
    """A region (x, y, w, h in mm, y down) of a setup-sheet SVG page, `width` mm wide."""

    def __init__(self, svg: str, page: tuple[float, float], region: tuple[float, float, float, float], width: float):
        super().__init__()
        self.face = Face(id="booklet-setup", svg=svg, width=page[0], height=page[1], bleed=0.0)
        self.region, self.scale = region, width / region[2]
        self.width, self.height = mm_to_pt(width), mm_to_pt(region[3] * self.scale)

    def draw(self) -> None:
        canvas = self.canv
        x, y, _w, h = self.region
        canvas.saveState()
        path = canvas.beginPath()
        path.rect(0, 0, self.width, self.height)
        canvas.clipPath(path, stroke=0, fill=0)
        canvas.scale(self.scale, self.scale)
        canvas.translate(-mm_to_pt(x), -mm_to_pt(self.face.height - y - h))
        paint_face(canvas, self.face)
        canvas.restoreState()


class CardRow(Flowable):
    """A worked example: a row of cards (numbers, None for an empty slot), the new card highlighted,
    and the cost written under it."""

    CARD = 11.0  # mm

    def __init__(self, numbers: list, new_at: int, caption: str, colours: tuple[str, str, str]):
        super().__init__()
        self.numbers, self.new_at, self.caption = numbers, new_at, caption
        self.ink, self.paper, self.accent = colours
        self.width = mm_to_pt(len(numbers) * (self.CARD + 2))
        self.height = mm_to_pt(self.CARD + 7)

    def draw(self) -> None:
        canvas, size = self.canv, mm_to_pt(self.CARD)
        for i, number in enumerate(self.numbers):
            x, y = mm_to_pt(i * (self.CARD + 2)), mm_to_pt(6)
            new = i == self.new_at
            canvas.setLineWidth(1.6 if new else 0.6)
            canvas.setStrokeColor(HexColor(self.accent if new else self.ink))
            canvas.setFillColor(HexColor(self.paper))
            canvas.setDash([] if number is not None else [2, 2])
            canvas.roundRect(x, y, size, size, 2, stroke=1, fill=1)
            if number is not None:
                canvas.setFillColor(HexColor(self.ink))
                canvas.setFont(LABEL_FONT_BOLD, 13)
                canvas.drawCentredString(x + size / 2, y + size / 2 - 4.5, str(number))
        canvas.setDash([])
        canvas.setFillColor(HexColor(self.accent))
        canvas.setFont(LABEL_FONT, 8.5)
        canvas.drawCentredString(mm_to_pt(self.new_at * (self.CARD + 2)) + size / 2, mm_to_pt(1.5), self.caption)
