"""A JSON path as problems show it: `$.cards[3].name`, a long key shortened."""

from __future__ import annotations

import json

MAX_KEY_SHOWN = 60  # characters of a key shown in a JSON path


def json_path(parts: list | tuple) -> str:
    out = "$"
    for p in parts:
        if isinstance(p, int):
            out += f"[{p}]"
        elif str(p).isidentifier() and len(str(p)) <= MAX_KEY_SHOWN:
            out += f".{p}"
        elif len(str(p)) <= MAX_KEY_SHOWN:
            out += "[" + json.dumps(str(p)) + "]"
        else:  # a 10 KB key is shown by its start and length
            out += "[" + json.dumps(str(p)[: MAX_KEY_SHOWN - 20])[:-1] + f'…" ({len(str(p))} characters)]'

    return out
