"""Turn a resolved spec into the frozen Game model."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from pnp.core.errors import UsageError, quoted
from pnp.core.i18n import SOURCE_LANGUAGE, languages
from pnp.core.locate import find_template_dir
from pnp.core.names import did_you_mean, match_case_insensitive
from pnp.core.units import parse_length
from pnp.game.model import Back, Card, CardKind, CardSize, Game, Module, Theme, frozen_map
from pnp.spec.load import Spec

ALL_MODULES = "all"


def build_game(spec: Spec, modules: Sequence[str] | str | None = ALL_MODULES) -> Game:
    """The Game for a spec that passed schema and semantic checks, its reference cards' words as the spec
    has them (their sentences are the rules engine's: `pnp.rules.rulestext.printed_game` fills them in)."""
    data = spec.data
    card = card_size(data["card"])
    available = tuple(_module(m) for m in data.get("modules", []))
    chosen = _choose_modules(spec, available, modules)
    kinds = [build_kind(k, card) for k in data["kinds"]]
    for module_data in data.get("modules", []):
        if module_data["id"] in {m.id for m in chosen}:
            kinds += [build_kind(k, card, module_data["id"]) for k in module_data.get("kinds", [])]
    game = Game(
        id=spec.id,
        title=data["title"],
        engine=data["rules"]["engine"],
        spec_file=spec.path,
        template_dirs=template_dirs(spec),
        card=card,
        theme=_theme(data["theme"]),
        kinds=tuple(kinds),
        rules=frozen_map(data["rules"]),
        modules=chosen,
        available_modules=available,
        extends=data.get("extends"),
        description=data.get("description", ""),
        ink=data.get("print", {}).get("ink", "normal"),
        language=_language(data.get("language")),
    )
    return game


def _language(lang: str | None) -> str | None:
    """A spec's language: None for English; a language no catalogue ships for is left out here (the
    semantic checks report it: this runs while they build the game)."""
    return lang if lang != SOURCE_LANGUAGE and lang in languages() else None


def template_dirs(spec: Spec) -> tuple[Path, ...]:
    """Template folders of the spec and its parents, the variant's own first."""
    dirs: list[Path] = []
    for source in spec.sources:
        name = source.data.get("templates") if isinstance(source.data, dict) else None
        for folder in find_template_dir(name) if name else ():
            if folder not in dirs:
                dirs.append(folder)
    return tuple(dirs)


def card_size(data: dict, default: CardSize | None = None) -> CardSize:
    base = default or CardSize(0.0, 0.0)
    return CardSize(
        width=parse_length(data["width"]),
        height=parse_length(data["height"]),
        bleed=parse_length(data["bleed"]) if "bleed" in data else base.bleed,
        safe=parse_length(data["safe"]) if "safe" in data else base.safe,
        radius=parse_length(data["corner_radius"]) if "corner_radius" in data else base.radius,
    )


def build_kind(data: dict, game_card: CardSize, module: str | None = None) -> CardKind:
    shape = data.get("shape", "square")
    size = card_size(data["size"], game_card) if "size" in data else default_size(shape, game_card)
    back = parse_back(data["back"])
    common = {
        "kind": data["id"],
        "count": data.get("count", 1),
        "template": data["template"],
        "back": back,
        "shape": shape,
        "size": size,
        "module": module,
    }
    cards = tuple(
        Card(id=card_id, fields=frozen_map(fields), **{**common, "count": copies})
        for card_id, fields, copies in _with_counts(expand_cards(data), common["count"])
    )
    return CardKind(
        id=data["id"],
        name=data.get("name", data["id"].replace("-", " ").title()),
        template=data["template"],
        back=back,
        shape=shape,
        size=size,
        cards=cards,
        module=module,
    )


def _with_counts(cards: list[tuple[str, dict]], kind_count: int) -> list[tuple[str, dict, int]]:
    """(id, fields, copies): a card's own `count` (a spreadsheet's count column, or `count` in a card
    of `cards`) is its copies, not a field, and its own `id` is its id (expand_cards); the others have
    the kind's count."""
    out = []
    for card_id, fields in cards:
        copies = fields.get("count", kind_count)
        out.append((card_id, {k: v for k, v in fields.items() if k not in ("count", "id")}, copies))
    return out


def default_size(shape: str, card: CardSize) -> CardSize:
    """A square or circle takes the card's size; a triangle is half a card cut along its diagonal:
    its box is the diagonal wide (the hypotenuse, along the bottom) and half the diagonal high."""
    if shape != "triangle":
        return card
    diagonal = round(card.width * math.sqrt(2), 4)
    return CardSize(diagonal, round(diagonal / 2, 4), card.bleed, card.safe, 0.0)


def parse_back(value: Any) -> Back:
    if isinstance(value, str):
        return Back(template=value)
    return Back(template=value["template"], per_card=bool(value.get("per_card", False)))


def expand_cards(kind: dict) -> list[tuple[str, dict]]:
    """(card id, fields) for every distinct card of a kind, in a stable order."""
    base = dict(kind.get("fields", {}))
    if "cards" in kind:
        width = len(str(len(kind["cards"])))
        return [(_own_id(kind["id"], i, width, item), {**base, **item}) for i, item in enumerate(kind["cards"], 1)]
    if "each" not in kind:
        return [(kind["id"], base)]
    axes = [(name, _axis_values(spec)) for name, spec in kind["each"].items()]
    widths = [max(2, len(str(max(values)))) if values and isinstance(values[0], int) else 0 for _, values in axes]
    out = []
    for combo in itertools.product(*(values for _, values in axes)):
        fields = {**base, **{name: value for (name, _), value in zip(axes, combo)}}
        fields.update(_derived(kind, fields))
        out.append((_card_id(kind["id"], widths, combo), fields))
    return out


def _own_id(kind_id: str, index: int, width: int, card: dict) -> str:
    """A listed card's id: its own `id` (a spreadsheet's id column), else kind-N (reference-1)."""
    own = card.get("id")
    return own if isinstance(own, str) else f"{kind_id}-{index:0{width}d}"


def _axis_values(spec: Any) -> list:
    if isinstance(spec, dict):
        return list(range(spec["from"], spec["to"] + 1))
    return list(spec)


def _card_id(kind_id: str, widths: list[int], combo: Iterable) -> str:
    """kind-value-value: numbers zero-padded to the widest of their range (island-07, terrain-green-12)."""
    parts = [kind_id]
    for width, value in zip(widths, combo):
        parts.append(f"{value:0{width}d}" if isinstance(value, int) else str(value))
    return "-".join(parts)


def _derived(kind: dict, fields: dict) -> dict:
    """derive: {"decade": {"from": "number", "step": 10, "cycle": 8}} → decade 1, 2, …"""
    out = {}
    for name, rule in kind.get("derive", {}).items():
        source = rule["from"]
        start = kind["each"][source]["from"]
        group = (fields[source] - start) // rule["step"]
        if "cycle" in rule:
            group %= rule["cycle"]
        out[name] = group + 1
    return out


def _theme(data: dict) -> Theme:
    terrain = {name: dict(t) for name, t in data.get("terrain", {}).items()}
    return Theme(font=data["font"], colours=frozen_map(data["colours"]), terrain=frozen_map(terrain))


def _module(data: dict) -> Module:
    return Module(
        id=data["id"], title=data["title"], description=data["description"], rules=frozen_map(data.get("rules", {}))
    )


def _choose_modules(
    spec: Spec, available: tuple[Module, ...], wanted: Sequence[str] | str | None
) -> tuple[Module, ...]:
    if wanted == ALL_MODULES:
        return available
    if wanted is None or (not isinstance(wanted, str) and not wanted):
        return ()
    names = [w.strip() for w in (wanted.split(",") if isinstance(wanted, str) else wanted)]
    if not all(names) or (len(names) > 1 and ({"all", "none"} & set(names))):
        given = quoted(",".join(names))
        raise UsageError(f"--modules takes 'all', 'none', or module ids separated by commas, not {given}")
    if names == ["all"]:
        return available
    if names == ["none"]:
        return ()
    known = [m.id for m in available]
    unknown = [n for n in names if match_case_insensitive(n, known) is None]
    if unknown:
        choices = ", ".join(known) or "this game has no modules"
        raise UsageError(
            f"unknown module {quoted(unknown[0])} for {spec.id}{did_you_mean(unknown[0], known)} "
            f"(choose from: {choices})"
        )
    chosen = {match_case_insensitive(n, known) for n in names}
    return tuple(m for m in available if m.id in chosen)
