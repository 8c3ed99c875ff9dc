"""Custom deck variants: a starter spec to edit, and what a variant changes against its parent."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pnp.core.errors import UsageError
from pnp.game.model import Game
from pnp.game.params import RULE_OPTIONS
from pnp.spec.load import Spec

GUIDANCE = [
    "A variant overrides only what it changes; everything else comes from the spec it extends.",
    "Objects merge key by key; set a key to null to remove it. Other values and lists replace the parent's.",
    'kinds and modules merge by id: an entry with a known id changes that kind; {"id": ..., "remove": true} '
    "drops it; a new id adds a kind, which needs its own template and back.",
    "You can change: card counts (kinds[].count), number ranges (kinds[].each.number), the grid or mountain "
    "size, hand_size, rule options, the card size (card: the templates scale to any size of the same "
    "proportions), the theme (colours, font), and templates (your own folder under templates/, searched "
    "before the parent's).",
    "Check it with: pnp validate NAME; compare with: pnp variant diff NAME; try it: pnp simulate NAME --vs PARENT.",
    "`pnp docs spec-format` and `pnp docs rules` explain every key and rule option (`pnp docs` lists every page).",
]


SCHEMA_REF = "../schema/spec.schema.json"  # from card_specs/variants/, wherever the project folder is


def starter_variant(name: str, parent: Spec, schema: str = SCHEMA_REF) -> str:
    """The text of a new variant spec: the parent's rules and card size copied, ready to edit.
    `schema` is where an editor finds the JSON Schema, for completion and inline errors: a path
    relative to the file, so it still holds when the file is shared (the tool itself always
    validates against its bundled schema, whatever `$schema` says)."""
    data = parent.data
    starter: dict[str, Any] = {
        "$schema": schema,
        "$comment": GUIDANCE,
        "id": name,
        "extends": parent.id,
        "title": name.replace("-", " ").title(),  # quiet-sea: "Quiet Sea"; its description names the parent
        "description": f"A variant of {data['title']}.",
        "card": data["card"],
        "kinds": [_kind_starter(kind) for kind in data["kinds"] if "count" in kind or "each" in kind],
        "rules": {k: v for k, v in data["rules"].items() if k != "engine"},
    }
    return json.dumps(starter, indent=2, ensure_ascii=False) + "\n"


def _kind_starter(kind: dict) -> dict:
    out: dict[str, Any] = {"id": kind["id"]}
    for key in ("count", "each"):
        if key in kind:
            out[key] = kind[key]
    return out


@dataclass(frozen=True)
class Change:
    """One value a variant changes: its path, the parent's value and the variant's (None: absent)."""

    path: str
    old: Any
    new: Any
    default: bool = False  # old is the engine's default for a rule option the parent does not set

    def __str__(self) -> str:
        if self.new is None:
            return f"{self.path}: removed (was {_short(self.old)})"
        if self.default:
            return f"{self.path}: {_short(self.old)} (default) → {_short(self.new)}"
        if self.old is None:
            return f"{self.path}: added {_short(self.new)}"
        return f"{self.path}: {_short(self.old)} → {_short(self.new)}"


def spec_changes(spec: Spec) -> list[Change]:
    """Each value the variant changes against the spec it extends."""
    if spec.parent is None:
        raise UsageError(f"{spec.id} is not a variant: it extends nothing")
    return [_with_default(c) for c in _diff(spec.parent.data, spec.data, "$")]


def _with_default(change: Change) -> Change:
    """A rule option the parent leaves out plays its default reading: show that as the old value."""
    key = change.path.removeprefix("$.rules.")
    option = RULE_OPTIONS.get(key) if change.old is None and change.path.startswith("$.rules.") else None
    if option is None or change.new == option.default:
        return change
    return Change(change.path, option.default, change.new, default=True)


def deck_changes(parent: Game, variant: Game) -> list[str]:
    """Piece counts per kind that differ between the parent's deck and the variant's."""
    kinds = list(dict.fromkeys([k.id for k in parent.kinds] + [k.id for k in variant.kinds]))
    lines = []
    for kind in kinds:
        before, after = parent.count(kind), variant.count(kind)
        if before != after:
            lines.append(f"{kind}: {before} → {after} pieces")
    return lines


def _diff(old: Any, new: Any, path: str, by_id: bool = False) -> Iterator[Change]:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            if key in ("$schema", "$comment", "extends"):
                continue
            sub = f"{path}[{key}]" if by_id else f"{path}.{key}"
            if key not in new:
                yield Change(sub, old[key], None)
            elif key not in old:
                yield Change(sub, None, new[key])
            else:
                yield from _diff(old[key], new[key], sub)
    elif _by_id(old) and _by_id(new):
        yield from _diff({i["id"]: i for i in old}, {i["id"]: i for i in new}, path, by_id=True)
    elif old != new:
        yield Change(path, old, new)


def _by_id(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(i, dict) and "id" in i for i in value)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
