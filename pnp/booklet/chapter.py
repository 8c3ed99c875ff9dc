"""A game's own chapter (`Engine.chapter`, pnp/rules/chapter.py) set on the booklet's pages: each
block of sentences becomes the paragraphs, bullets, numbered steps or worked example it names."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pnp.booklet.common import Book, body, bullets, heading, para, reconstruction, steps, sub, summary
from pnp.booklet.figures import CardRow
from pnp.rules.chapter import Block, Body, Bullets, Example, Heading, Reconstruction, Small, Steps, Sub, Summary
from pnp.rules.engines import engine_of


def chapter(book: Book) -> list[tuple[str, list]]:
    """The game's own sections, each (name, flowables), as its engine tells them."""
    found = engine_of(book.game).chapter.sections(book.game, book.rules, book.facts, book.t)
    return [(section.name, flowables(book, section.blocks)) for section in found]


def flowables(book: Book, blocks: Iterable[Block]) -> list:
    return [item for block in blocks for item in _SET[type(block)](book, block)]


def _example(book: Book, block: Example) -> list:
    colours = (book.st.ink, book.st.paper, book.st.accent)
    return [CardRow(list(block.numbers), block.new_at, block.caption, colours)]


_SET: dict[type, Callable[[Book, Any], list]] = {  # a block's type → its flowables
    Heading: lambda book, b: [heading(book, b.text)],
    Sub: lambda book, b: [sub(book, b.text)],
    Body: lambda book, b: body(book, b.text),
    Small: lambda book, b: [para(b.text, book.st.small)],
    Bullets: lambda book, b: bullets(book, b.lines),
    Steps: lambda book, b: steps(book, b.lines),
    Summary: lambda book, b: summary(book, b.lines),
    Reconstruction: lambda book, b: [reconstruction(book, b.what)],
    Example: _example,
}
