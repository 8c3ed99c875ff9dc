"""Checks the schema cannot express: unique ids, existing templates, sane sizes, playable rules."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from pnp.core.errors import Problem, SpecError, display_path
from pnp.core.i18n import languages
from pnp.core.inputs import OutsideLink
from pnp.core.jsonsrc import KeyPath, json_path, read_json
from pnp.core.locate import SLUG, find_template_dir, first_file
from pnp.core.names import unknown_key
from pnp.core.units import parse_length
from pnp.game.build import card_size, default_size, expand_cards, template_dirs
from pnp.game.model import Game
from pnp.rules import rule_problems  # the rules engine knows what makes a game playable
from pnp.rules.params import module_keys
from pnp.rules.rulestext import printed_game
from pnp.spec.load import Spec

FONTS = ("Atkinson Hyperlegible",)
MAX_DISTINCT_CARDS = 20_000
MAX_PIECES = 100_000
MAX_CARD_MM = 300.0


_OWN = "own"  # a problem of the resolved game as a whole: reported in the spec that was asked for


def semantic_problems(spec: Spec, schema_valid: bool = True) -> list[Problem]:
    """Every semantic problem of a schema-valid spec, each placed at its file, line and path.

    With `schema_valid=False` (validate, which reports schema and semantic problems in one round)
    a check that meets a value of the wrong shape is skipped: the schema problem already says it."""
    return semantic_check(spec, schema_valid)[0]


def semantic_check(spec: Spec, schema_valid: bool = True) -> tuple[list[Problem], Game | None]:
    """`semantic_problems`, and the game with every module when the rules check built it (None when
    the spec's structure kept it from being built): load_game's default build, made once."""
    checks = (
        _kind_problems,
        _id_problems,
        _template_problems,
        _size_problems,
        _theme_problems,
        _language_problems,
        _topic_problems,
        _module_rule_problems,
    )
    found: dict[Callable, list | None] = {}  # None: the check met a value of the wrong shape
    for check in checks:
        try:
            found[check] = list(check(spec))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError):
            if schema_valid:
                raise
            found[check] = None
    built: list[Game] = []
    try:
        found[_rules_problems] = list(_rules_problems(spec, _structure_sound(spec, found), built))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, ArithmeticError):
        if schema_valid:
            raise
    problems = [_place(spec, item) for items in found.values() if items for item in items]
    return problems, (built[0] if built else None)


def _structure_sound(spec: Spec, found: dict[Callable, list | None]) -> bool:
    """No structural problem (`_structural`), reusing what the checks already found: the game can be built."""
    earlier = (found[_kind_problems], found[_id_problems], found[_topic_problems])
    if any(items is None or items for items in earlier):
        return False
    return not any(True for check in (_count_problems, _folder_problems) for _ in check(spec))


def _place(spec: Spec, found: tuple) -> Problem:
    if found[0] == _OWN:  # e.g. a variant's removed border cards leave the frame short
        return spec.sources[0].problem(found[1], found[2])
    path, message = found
    return spec.problem(path, message)


def _all_kinds(spec: Spec) -> Iterator[tuple[list, dict]]:
    for i, kind in enumerate(spec.data["kinds"]):
        yield ["kinds", i], kind
    for m, module in enumerate(spec.data.get("modules", [])):
        for i, kind in enumerate(module.get("kinds", [])):
            yield ["modules", m, "kinds", i], kind


def _kind_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    for path, kind in _all_kinds(spec):
        if "each" in kind and "cards" in kind:
            yield path + ["cards"], "a kind takes either 'each' or 'cards', not both"
        for axis, values in kind.get("each", {}).items():
            if isinstance(values, dict) and values["from"] > values["to"]:
                yield path + ["each", axis], f"empty range: 'from' ({values['from']}) is above 'to' ({values['to']})"
            if isinstance(values, list) and len(set(values)) != len(values):
                yield path + ["each", axis], "values repeat; each value makes one card, so list it once"
        for name, rule in kind.get("derive", {}).items():
            source = kind.get("each", {}).get(rule["from"])
            if not isinstance(source, dict):
                yield (
                    path + ["derive", name, "from"],
                    f"{rule['from']!r} is not a number range under 'each' of this kind",
                )


def _id_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    seen_kinds: dict[str, list] = {}
    seen_cards: dict[str, str] = {}
    for path, kind in _all_kinds(spec):
        if kind["id"] in seen_kinds:
            yield path + ["id"], f"duplicate kind id {kind['id']!r} (first used at {_where(seen_kinds[kind['id']])})"
            continue
        seen_kinds[kind["id"]] = path
        if _valid_expansion(kind):
            for card_id, _ in expand_cards(kind):
                if card_id in seen_cards:
                    yield path + ["id"], f"duplicate card id {card_id!r} (kind {seen_cards[card_id]!r} makes it too)"
                seen_cards.setdefault(card_id, kind["id"])
    modules = [m["id"] for m in spec.data.get("modules", [])]
    for m, module_id in enumerate(modules):
        if module_id in modules[:m]:
            yield ["modules", m, "id"], f"duplicate module id {module_id!r}"


def _valid_expansion(kind: dict) -> bool:
    ranges = [v for v in kind.get("each", {}).values() if isinstance(v, dict)]
    sources = [r["from"] for r in kind.get("derive", {}).values()]
    return (
        all(r["from"] <= r["to"] for r in ranges)
        and not ("each" in kind and "cards" in kind)
        and all(isinstance(kind.get("each", {}).get(s), dict) for s in sources)
        and _distinct(kind) <= MAX_DISTINCT_CARDS
    )


def _where(path: list) -> str:
    return json_path(path)


def _template_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    try:
        dirs = template_dirs(spec)
    except OutsideLink as exc:
        yield ["templates"], str(exc)
        return
    own = spec.data["templates"]  # the folder this spec names (a variant's own, else its parent's)
    if not dirs or not find_template_dir(own):  # a variant's missing folder is not hidden by its parent's
        yield ["templates"], f"template folder {own!r} not found under templates/"
        return
    card = card_size(spec.data["card"])
    misfits: dict[tuple, set[str]] = {}  # (where, size, drawn size) → template names
    for path, kind in _all_kinds(spec):
        if "template" not in kind or "back" not in kind:
            continue  # reported by the schema (a kind id's typo makes a new kind lacking both): check the others
        back = kind["back"] if isinstance(kind["back"], str) else kind["back"]["template"]
        size = card_size(kind["size"], card) if "size" in kind else default_size(kind.get("shape", "square"), card)
        for key, name in (("template", kind["template"]), ("back", back)):
            if not isinstance(name, str) or not SLUG.match(name):
                continue  # not a template name: the schema says so at its place, and no file is looked for
            try:
                found = first_file(dirs, f"{name}.json")
            except OutsideLink as exc:
                yield path + [key], str(exc)
                continue
            if found is None:
                folders = " and ".join(display_path(d) for d in dirs)
                yield path + [key], f"template {name!r} not found (looked for {name}.json in {folders})"
                continue
            drawn = _template_size(found)
            if (
                drawn
                and size.width > 0
                and size.height > 0
                and abs(size.width / size.height - drawn[0] / drawn[1]) > 0.01 * drawn[0] / drawn[1]
            ):
                where = tuple(path + ["size"] if "size" in kind else ["card"])
                misfits.setdefault((where, (size.width, size.height), drawn), set()).add(name)
    for (where, (w, h), drawn), names in misfits.items():
        yield (
            list(where),
            (
                f"{w:g} × {h:g} mm does not fit the templates drawn for {drawn[0]:g} × {drawn[1]:g} mm "
                f"({', '.join(sorted(names))}): a template scales to other sizes of the same "
                "proportions only, so give such a size or templates of your own"
            ),
        )


def _template_size(path) -> tuple[float, float] | None:
    """The size a template is drawn for, if it can be read (the template loader reports the rest)."""
    try:
        width, height = read_json(path).data["size"]
        return (float(width), float(height)) if width > 0 and height > 0 else None
    except (SpecError, ValueError, KeyError, TypeError):
        return None


def _size_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    sizes = [(["card"], spec.data["card"])] + [(p + ["size"], k["size"]) for p, k in _all_kinds(spec) if "size" in k]
    for path, size in sizes:
        width, height = parse_length(size["width"]), parse_length(size["height"])
        for key, value in (("width", width), ("height", height)):
            if not 10.0 <= value <= MAX_CARD_MM:
                yield path + [key], f"a card {key} must be between 10mm and {MAX_CARD_MM:.0f}mm, got {value:g}mm"
        bleed = parse_length(size.get("bleed", "0mm"))
        if not 0 <= bleed <= 10:
            yield path + ["bleed"], f"bleed must be between 0mm and 10mm, got {bleed:g}mm"
        if not all(10.0 <= v <= MAX_CARD_MM for v in (width, height)):
            continue  # the margins are measured against a size that is itself wrong
        safe = parse_length(size.get("safe", "0mm"))
        if not 0 <= safe < min(width, height) / 4:
            yield path + ["safe"], f"the safe margin must be between 0 and a quarter of the card, got {safe:g}mm"
        radius = parse_length(size.get("corner_radius", "0mm"))
        if not 0 <= radius <= min(width, height) / 2:
            yield path + ["corner_radius"], f"corner_radius must be between 0 and half the card, got {radius:g}mm"
    yield from _count_problems(spec)


def _count_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    distinct = pieces = 0
    for _path, kind in _all_kinds(spec):
        n = _distinct(kind)
        distinct += n
        cards = kind["cards"] if isinstance(kind.get("cards"), list) else []
        own = sum(card.get("count", kind.get("count", 1)) for card in cards)  # a card's own count
        pieces += own if cards else n * kind.get("count", 1)
    if distinct > MAX_DISTINCT_CARDS:
        yield ["kinds"], f"{distinct} distinct cards is more than the limit of {MAX_DISTINCT_CARDS}"
    if pieces > MAX_PIECES:
        yield ["kinds"], f"{pieces} pieces in all is more than the limit of {MAX_PIECES}"


def _distinct(kind: dict) -> int:
    if "cards" in kind:
        return len(kind["cards"])
    total = 1
    for values in kind.get("each", {}).values():
        total *= max(0, values["to"] - values["from"] + 1) if isinstance(values, dict) else len(values)
    return total


def _theme_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    if spec.data["theme"]["font"] not in FONTS:
        yield ["theme", "font"], f"unknown font {spec.data['theme']['font']!r} (bundled: {', '.join(FONTS)})"
        return
    yield from _glyph_problems(spec)


def _module_rule_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    """A module's `rules` may hold only the parameters the engine reads for it (the schema allows any
    object there): a misspelt one was ignored, and the game played with its default."""
    for m, module in enumerate(spec.data.get("modules", [])):
        keys = module_keys(spec.data["rules"]["engine"], module["id"])
        for key in module.get("rules", {}):
            if key not in keys:
                yield (
                    KeyPath(["modules", m, "rules", key]),
                    (unknown_key(key, keys) if keys else f"the module {module['id']!r} takes no rules"),
                )


def _language_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    """A spec's language needs a shipped catalogue (docs/languages.md)."""
    lang = spec.data.get("language")
    if lang is not None and lang not in languages():
        yield ["language"], f"no catalogue ships for the language {lang!r} (languages: {', '.join(languages())})"


def _glyph_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    """Text a card may print (the title, kinds' fields and card texts) needs glyphs in the font."""
    # lazy: -48 ms on pnp build --help (docs/decisions.md "Plumbing only where it pays")
    from pnp.face.text import missing_characters

    texts: list[tuple[list, str]] = [(["title"], spec.data["title"])]
    for path, kind in _all_kinds(spec):
        texts += _strings(path + ["fields"], kind.get("fields", {}))
        for i, card in enumerate(kind.get("cards", [])):
            texts += _strings(path + ["cards", i], card)
    for path, text in texts:
        missing = sorted(set(missing_characters(text, "regular")) | set(missing_characters(text, "bold")))
        if missing:
            shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
            yield path, f"the bundled font {FONTS[0]} has no glyph for {shown}; remove or replace it"


def _strings(path: list, fields: dict) -> list[tuple[list, str]]:
    out = []
    for key, value in fields.items():
        if isinstance(value, str):
            out.append((path + [key], value))
        elif isinstance(value, list):
            out += [(path + [key, i], v) for i, v in enumerate(value) if isinstance(v, str)]
    return out


def _rules_problems(
    spec: Spec, sound: bool | None = None, built: list[Game] | None = None
) -> Iterator[tuple[list, str] | tuple[str, list, str]]:
    """The rule parameters' problems, then (when the structure is `sound`: None, find out) what the
    rules engine finds in the game built with every module (appended to `built`)."""
    rules = spec.data["rules"]
    players = rules["players"]
    if players["min"] > players["max"]:
        yield ["rules", "players"], f"players.min ({players['min']}) is above players.max ({players['max']})"
    if rules["hand_size"] < 2:
        yield ["rules", "hand_size"], "a hand of fewer than 2 cards cannot take the discard-two action"
    if sound is None:
        sound = not any(True for _ in _structural(spec))
    if not sound:
        return
    game = printed_game(spec)
    if built is not None:
        built.append(game)
    for item in rule_problems(game):
        yield (_OWN, ["rules"], item) if isinstance(item, str) else item


def _topic_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    # lazy: -421 ms on a no-op pnp build (docs/decisions.md "Plumbing only where it pays")
    from pnp.pipeline.textfit import topic_problems

    yield from topic_problems(spec, _all_kinds(spec))


def _structural(spec: Spec) -> Iterator[tuple[list, str]]:
    for check in (_kind_problems, _id_problems, _count_problems, _topic_problems, _folder_problems):
        yield from check(spec)


def _folder_problems(spec: Spec) -> Iterator[tuple[list, str]]:
    """A template folder that cannot be used (reported by _template_problems) keeps the game unbuilt."""
    try:
        template_dirs(spec)
    except OutsideLink as exc:
        yield ["templates"], str(exc)
