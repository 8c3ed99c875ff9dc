"""Rules of The Ascent (RULES.md §2) and its modules, each a pure function of a state's Facts."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.rules.ascent.engine import ascent_deck, table_from_state
from pnp.rules.ascent.modules import coloured, path_rows, sequence_found
from pnp.rules.ascent.params import AscentRules
from pnp.rules.facts import Facts, Put, Rule, Violation, card_counter, filled, rule, slot_label
from pnp.rules.state.model import State

ENGINE = "ascent"
AsFacts = Facts[AscentRules]  # what this engine's rules read


def grid(f: AsFacts) -> list[list]:
    """The mountain as rows of (kind, number, colour) or None, for the module goal functions."""
    out = []
    for row in f.mountain.rows:
        cells = []
        for c in row:
            p = f.piece(c)
            cells.append(
                None
                if c is None
                else (
                    p.kind if p else "unknown",
                    p.number if p and p.number is not None else -1,
                    (p.colour or "") if p else "",
                )
            )
        out.append(cells)
    return out


def _filled(f: AsFacts):
    """(row, slot, card, piece) of every filled slot, 1-based."""
    for r, row in enumerate(f.mountain.rows, 1):
        for i, c in enumerate(row, 1):
            if c is not None:
                yield r, i, c, f.piece(c)


def _summit_down(f: AsFacts) -> bool:
    return f.mountain.summit is not None


@rule(
    "as-base",
    "The mountain stands on base + 1 panorama triangles in a row; the Panorama module turns "
    "exactly its number of them to the numbered side (none without it).",
    ENGINE,
)
def as_base(f: AsFacts) -> Iterator[Violation]:
    m, r = f.mountain, f.rules
    if len(m.base) != r.base_pieces:
        yield Violation(
            "as-base",
            f"the base has {len(m.base)} panorama triangles; a row of {r.base} slots needs {r.base_pieces}",
            m.base,
        )
    want = r.panorama.revealed if r.panorama else 0
    if len(set(m.revealed)) != want:
        yield Violation(
            "as-base", f"{len(set(m.revealed))} panorama triangles are revealed; the rules reveal {want}", m.revealed
        )
    twice = tuple(dict.fromkeys(t for t in m.revealed if m.revealed.count(t) > 1))
    for t in twice:
        times = m.revealed.count(t)
        yield Violation("as-base", f"{t} is revealed {'twice' if times == 2 else f'{times} times'} in the list", (t,))
    stray = tuple(t for t in m.revealed if t not in m.base)
    if stray:
        yield Violation("as-base", "a revealed panorama triangle is not in the base", stray)


@rule("as-box", "The box holds the spare panorama triangles and goats, and no card of the deck.", ENGINE)
def as_box(f: AsFacts) -> Iterator[Violation]:
    kinds = card_counter(f.state.box, f)
    spare = max(0, f.count("panorama") - f.rules.base_pieces)
    if kinds["panorama"] != spare:
        yield Violation("as-box", f"the box holds {kinds['panorama']} panorama triangle(s); it should hold {spare}")
    goats = f.rules.goats.goats if f.rules.goats else 0
    if kinds["goat"] != max(0, f.count("goat") - goats):
        yield Violation("as-box", f"the box holds {kinds['goat']} goat(s); {goats} should be in play")


@rule("as-rows", "The mountain has one list per terrain row with base, base − 1, … slots.", ENGINE)
def as_rows(f: AsFacts) -> Iterator[Violation]:
    rows, r = f.mountain.rows, f.rules
    if len(rows) != r.rows:
        yield Violation("as-rows", f"the mountain lists {len(rows)} rows; the rules have {r.rows}")
    for n, row in enumerate(rows[: r.rows], 1):
        if len(row) != r.width(n):
            yield Violation("as-rows", f"row {n} lists {len(row)} slots; it has {r.width(n)}")


@rule("as-fill", "Each row is filled from the left without gaps.", ENGINE)
def as_fill(f: AsFacts) -> Iterator[Violation]:
    for r, row in enumerate(f.mountain.rows, 1):
        gaps = [i for i in range(1, len(row)) if row[i] is not None and row[i - 1] is None]
        if gaps:
            yield Violation(
                "as-fill",
                f"row {r} has a card after an empty slot",
                filled((row[gaps[0]],)),
                (slot_label(r, gaps[0]), slot_label(r, gaps[0] + 1)),
            )


@rule("as-support", "A card above row 1 rests on the two cards below it.", ENGINE)
def as_support(f: AsFacts) -> Iterator[Violation]:
    rows = f.mountain.rows
    for r, i, c, _ in _filled(f):
        if r == 1:
            continue
        below = rows[r - 2] if r - 2 < len(rows) else []
        missing = [slot_label(r - 1, j) for j in (i, i + 1) if j > len(below) or below[j - 1] is None]
        if missing:
            yield Violation(
                "as-support",
                f"the card in {slot_label(r, i)} does not rest on two cards",
                (c,),
                (slot_label(r, i), *missing),
            )


@rule("as-row-minimum", "A terrain card's number is at least its row number.", ENGINE)
def as_row_minimum(f: AsFacts) -> Iterator[Violation]:
    if not f.rules.row_minimum:
        return
    for r, i, c, p in _filled(f):
        if p is not None and p.kind == "terrain" and p.number is not None and p.number < r:
            yield Violation("as-row-minimum", f"a {p.number} cannot stand in row {r}", (c,), (slot_label(r, i),))


@rule("as-colours", "No two cards of one colour stand side by side in a row (campfires count by their colour).", ENGINE)
def as_colours(f: AsFacts) -> Iterator[Violation]:
    if f.rules.same_colour_in_row:
        return
    for r, row in enumerate(grid(f), 1):
        for i in range(1, len(row)):
            a, b = row[i - 1], row[i]
            if (
                a
                and b
                and a[2]
                and a[2] == b[2]
                and a[0] in ("terrain", "campfire")
                and b[0] in ("terrain", "campfire")
            ):
                cards = filled((f.mountain.rows[r - 1][i - 1], f.mountain.rows[r - 1][i]))
                yield Violation(
                    "as-colours",
                    f"two {a[2]} cards stand side by side in row {r}",
                    cards,
                    (slot_label(r, i), slot_label(r, i + 1)),
                )


@rule("as-bridge-end", "A bridge never stands at either end of a row.", ENGINE)
def as_bridge_end(f: AsFacts) -> Iterator[Violation]:
    for r, i, c, p in _filled(f):
        if p is not None and p.kind == "bridge" and i in (1, f.rules.width(r)):
            yield Violation("as-bridge-end", f"a bridge stands at the end of row {r}", (c,), (slot_label(r, i),))


@rule(
    "as-summit",
    "The summit goes on top only when every terrain slot holds a terrain card or campfire "
    "and no bridge is left uncovered.",
    ENGINE,
)
def as_summit(f: AsFacts) -> Iterator[Violation]:
    if not _summit_down(f):
        return
    open_slots = tuple(
        slot_label(r, i)
        for r, row in enumerate(f.mountain.rows, 1)
        for i, c in enumerate(row, 1)
        if c is None or f.kind(c) == "bridge"
    )
    if open_slots:
        yield Violation(
            "as-summit",
            f"the summit is down with {len(open_slots)} slot(s) empty or bridged",
            filled((f.mountain.summit,)),
            open_slots,
        )


@rule("as-won", "The game is won exactly when the summit is down.", ENGINE)
def as_won(f: AsFacts) -> Iterator[Violation]:
    s = f.state
    if (s.status == "won") != _summit_down(f):
        what = "is marked won without the summit" if s.status == "won" else f"has its summit but is {s.status}"
        yield Violation("as-won", f"the game {what}")


@rule(
    "as-lost",
    "The game is lost exactly when the player whose turn it is can neither play a card nor discard two.",
    ENGINE,
)
def as_lost(f: AsFacts) -> Iterator[Violation]:
    s = f.state
    if s.status == "won" or not 1 <= s.current_player <= len(s.hands):
        return
    stuck = _stuck(f)
    if stuck is None:
        return
    if s.status == "lost" and not stuck:
        yield Violation(
            "as-lost",
            f"the game is marked lost, but player {s.current_player} can still act",
            s.hands[s.current_player - 1],
        )
    if s.status == "playing" and stuck:
        yield Violation(
            "as-lost",
            f"player {s.current_player} can neither play nor discard two, so the game is lost",
            s.hands[s.current_player - 1],
        )


def _stuck(f: AsFacts) -> bool | None:
    """Whether the current player has no action; None when the state is too broken to tell."""
    if len(f.state.hands[f.state.current_player - 1]) >= 2:
        return False
    try:
        table = table_from_state(ascent_deck(f.game), f.state)
        return not table.has_action(f.state.current_player - 1)
    except (KeyError, IndexError, ValueError):
        return None


@rule("as-setup", "Before the first turn the mountain is empty and every goat waits at the foot.", ENGINE)
def as_setup(f: AsFacts) -> Iterator[Violation]:
    m = f.mountain
    if f.state.turn != 0:
        return
    placed = tuple(c for row in m.rows for c in row if c) + ((m.summit,) if m.summit else ())
    if placed:
        yield Violation("as-setup", "cards are on the mountain before the first turn", placed)
    climbing = tuple(g for g, at in m.goats if at is not None)
    if climbing:
        yield Violation("as-setup", "goats are on the mountain before the first turn", climbing)


@rule(
    "green-path",
    "The Green Path: the summit goes down only over a chain of path-colour cards from row 1 to "
    "the top terrain row, each resting on the one before.",
    ENGINE,
    "green-path",
)
def green_path(f: AsFacts) -> Iterator[Violation]:
    if f.rules.green_path is None:
        return  # the module is not chosen
    colour = f.rules.green_path.colour
    if _summit_down(f) and path_rows(grid(f), colour) < f.rules.rows:
        yield Violation(
            "green-path",
            f"the summit is down but no chain of {colour} cards climbs from row 1 to row {f.rules.rows}",
            filled((f.mountain.summit,)),
        )


@rule(
    "panorama",
    "The Panorama: the summit goes down only once each revealed sequence stands as three terrain "
    "cards side by side, left to right, in one row.",
    ENGINE,
    "panorama",
)
def panorama(f: AsFacts) -> Iterator[Violation]:
    if not _summit_down(f):
        return
    view = grid(f)
    fields = {c.id: c.fields for c in f.game.cards}
    for t in dict.fromkeys(f.mountain.revealed):  # each triangle once, however often listed
        piece = f.piece(t)
        seq = fields[piece.card].get("sequence") if piece else None
        if isinstance(seq, (list, tuple)) and sequence_found(view, seq) is None:
            yield Violation(
                "panorama",
                f"the summit is down but the sequence {'-'.join(map(str, seq))} of {t} is not on the mountain",
                (t,),
            )


def lay_out(state: State, put: Put) -> None:
    """Every piece on the mountain with its area and label (pnp/rules/facts.py's `locate`)."""
    m = state.mountain
    if m is None:
        return
    for i, base in enumerate(m.base, 1):
        put(base, "base", f"base {i}")
    for r, row in enumerate(m.rows, 1):
        for i, slot in enumerate(row, 1):
            put(slot, "slot", slot_label(r, i))
    put(m.summit, "summit", "the summit")
    for goat, _ in m.goats:
        put(goat, "goats", "the goats")


RULES: tuple[Rule, ...] = (  # checked in this order (the Mountain Goats' rules are in goats.py)
    as_base,
    as_box,
    as_rows,
    as_fill,
    as_support,
    as_row_minimum,
    as_colours,
    as_bridge_end,
    as_summit,
    as_won,
    as_lost,
    as_setup,
    green_path,
    panorama,
)

__all__ = ["RULES", "coloured", "grid"]
