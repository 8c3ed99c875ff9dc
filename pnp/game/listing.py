"""The resolved deck as data (for `list --json`) and as a table."""

from __future__ import annotations

from typing import Any

from pnp.game.model import Game


def deck_listing(game: Game) -> dict[str, Any]:
    """Every card with id, kind, count and fields, plus per-kind totals."""
    return {
        "game": game.id,
        "title": game.title,
        "extends": game.extends,
        "engine": game.engine,
        "card": {"width_mm": game.card.width, "height_mm": game.card.height, "bleed_mm": game.card.bleed},
        "modules": [m.id for m in game.modules],
        "totals": {kind.id: kind.total for kind in game.kinds},
        "names": {kind.id: kind.name for kind in game.kinds},
        "pieces": sum(kind.total for kind in game.kinds),
        "cards": [
            {
                "id": card.id,
                "kind": card.kind,
                "count": card.count,
                "shape": card.shape,
                "module": card.module,
                "front": card.front_face_id,
                "back": card.back_face_id,
                "fields": _plain(card.fields),
                **_printed(card.fields),
            }
            for card in game.cards
        ],
    }


def _printed(fields) -> dict[str, Any]:
    """A reference card's words as printed (its sentences come from the rules: pnp/rulestext)."""
    if "title" not in fields or "lines" not in fields:
        return {}
    return {"text": {"title": fields["title"], "lines": list(fields["lines"])}}


def deck_table(game: Game) -> str:
    """Each kind with its total, then every card of it: id, count and fields."""
    lines = [f"{game.title} ({game.id}): {sum(k.total for k in game.kinds)} pieces"]
    for kind in game.kinds:
        module = f"  [{kind.module}]" if kind.module else ""
        lines.append(f"  {kind.id:<12} {kind.total:>4}  ({len(kind.cards)} distinct, {kind.shape}){module}")
        width = max(len(card.id) for card in kind.cards)
        for card in kind.cards:
            fields = "  ".join(f"{k}={_short(v)}" for k, v in card.fields.items())
            lines.append(f"    {card.id:<{width}}  ×{card.count:<3} {fields}".rstrip())
    return "\n".join(lines)


def _short(value: Any) -> str:
    text = ", ".join(map(str, value)) if isinstance(value, tuple) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "items"):
        return {k: _plain(v) for k, v in value.items()}
    return value
