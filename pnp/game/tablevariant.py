"""A starter variant whose card lists are spreadsheets (`pnp variant new NAME --from GAME --table
FORMAT`): each kind that lists its cards (`each` or `cards`) is written out as a sheet, one card a
row with a `count` column, and the variant reads it back with `"cards": {"from": …}`. Built as it is
written, the variant makes the same cards as its parent."""

from __future__ import annotations

import json
from typing import Any

from pnp.game.build import expand_cards
from pnp.game.variants import starter_variant
from pnp.spec.load import Spec
from pnp.spec.table.write import Sheet, card_rows, write_table

FORMATS = ("csv", "xlsx", "ods")


def table_variant(name: str, parent: Spec, fmt: str) -> tuple[str, dict[str, bytes]]:
    """(the variant spec's text, {file name beside it: bytes}) for a starter variant with sheets."""
    starter = json.loads(starter_variant(name, parent))
    listed = [kind for kind in parent.data["kinds"] if "each" in kind or "cards" in kind]
    sheets: list[tuple[dict, Sheet, dict[str, str]]] = []
    for kind in listed:
        copies = kind.get("count", 1)
        rows, types = card_rows([(cid, fields, fields.get("count", copies)) for cid, fields in expand_cards(kind)])
        sheets.append((kind, (kind["id"], rows), types))
    files = _files(name, fmt, [sheet for _, sheet, _ in sheets])
    by_id = {k["id"]: k for k in starter["kinds"]}
    for kind, (sheet_name, _), types in sheets:
        table: dict[str, Any] = {"from": f"{name}-{kind['id']}.csv" if fmt == "csv" else f"{name}.{fmt}"}
        if fmt != "csv":
            table["sheet"] = sheet_name
        table["columns"] = types
        by_id[kind["id"]] = {"id": kind["id"], **_removed(kind), "cards": table}
    starter["kinds"] = [by_id[k["id"]] for k in parent.data["kinds"] if k["id"] in by_id]
    return json.dumps(starter, indent=2, ensure_ascii=False) + "\n", files


def _removed(kind: dict) -> dict[str, None]:
    """What the sheet replaces in the parent's kind: its ranges, derived fields and count (null removes)."""
    return {key: None for key in ("each", "derive", "count") if key in kind}


def _files(name: str, fmt: str, sheets: list[Sheet]) -> dict[str, bytes]:
    if fmt == "csv":
        return {f"{name}-{sheet[0]}.csv": write_table("csv", [sheet]) for sheet in sheets}
    return {f"{name}.{fmt}": write_table(fmt, sheets)}
