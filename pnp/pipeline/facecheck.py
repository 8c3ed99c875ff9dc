"""`pnp validate` draws every face in memory, so what `pnp render` would refuse (text that does not
fit its box, a field a template needs, a colour or art that is not there) is found before any
output is made: placed at the card's line in the spec, naming the card and the template."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.core.errors import PnpError, Problem, SpecError, display_path
from pnp.face.layout import FaceError, layout_card
from pnp.face.template import Template, load_template
from pnp.game.build import expand_cards
from pnp.game.model import Card, Game
from pnp.rules.rulestext import printed_game
from pnp.spec.load import Spec


def face_problems(spec: Spec) -> list[Problem]:
    """A problem for each face (every module included) that cannot be drawn; [] when all can."""
    game = printed_game(spec)
    where = card_paths(spec)
    templates: dict[str, Template | None] = {}
    problems: list[Problem] = []
    failed: dict[tuple, list[str]] = {}  # (template, element) → the cards it failed for
    arts: dict = {}  # each art file found and read once for all the faces (layout_card)
    for card, side, name in drawn_faces(game):
        if name not in templates:
            templates[name] = _template(game, name, problems)
        template = templates[name]
        if template is None:
            continue
        try:
            layout_card(card, template, game, side, arts)
        except PnpError as exc:
            cards = failed.setdefault((name, getattr(exc, "where", str(exc))), [])
            cards.append(card.id)
            if len(cards) <= SHOWN_PER_ELEMENT:
                problems.append(spec.problem(where.get(card.id, []), _sentence(card, side, name, exc)))
    return problems + _more(spec, where, failed)


SHOWN_PER_ELEMENT = 3  # a box too small for a whole kind's text is said three times, not eighty


def _more(spec: Spec, where: dict[str, list], failed: dict[tuple, list[str]]) -> list[Problem]:
    """One line for the cards past the first few that fail at the same template element."""
    out = []
    for (name, element), cards in failed.items():
        rest = cards[SHOWN_PER_ELEMENT:]
        if rest:
            listed = ", ".join(rest[:5]) + (", …" if len(rest) > 5 else "")
            out.append(
                spec.problem(
                    where.get(rest[0], []),
                    f"the same element of template {name!r} ({element}) fails for {len(rest)} more cards too: {listed}",
                )
            )
    return out


def drawn_faces(game: Game) -> Iterator[tuple[Card, str, str]]:
    """Every front, and each back once (from the first card that has it), as render_faces draws them."""
    backs: set[str] = set()
    for card in game.cards:
        yield card, "front", card.template
        if card.back_face_id not in backs:
            backs.add(card.back_face_id)
            yield card, "back", card.back.template


def _template(game: Game, name: str, problems: list[Problem]) -> Template | None:
    try:
        return load_template(game, name)
    except SpecError as exc:
        problems.extend(exc.problems)
    except PnpError as exc:
        problems.append(Problem(display_path(game.spec_file), 0, 0, "$", str(exc)))
    return None


def _sentence(card: Card, side: str, name: str, exc: PnpError) -> str:
    whose = f"card {card.id}" if side == "front" else f"the back {card.back_face_id!r} (first used by card {card.id})"
    if isinstance(exc, FaceError):
        return f"{whose} cannot be drawn with template {name!r}: {exc.where}: {exc.reason}"
    return f"{whose} cannot be drawn with template {name!r}: {exc}"


def card_paths(spec: Spec) -> dict[str, list]:
    """The JSON path in the merged spec of the entry each card comes from: its item of `cards`, or its kind."""
    kinds = [(["kinds", i], kind) for i, kind in enumerate(spec.data["kinds"])]
    for m, module in enumerate(spec.data.get("modules", [])):
        kinds += [(["modules", m, "kinds", i], kind) for i, kind in enumerate(module.get("kinds", []))]
    paths: dict[str, list] = {}
    for path, kind in kinds:
        for index, (card_id, _) in enumerate(expand_cards(kind)):
            paths[card_id] = path + ["cards", index] if "cards" in kind else path
    return paths
