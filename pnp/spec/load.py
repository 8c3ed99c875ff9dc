"""Load a spec file and resolve its `extends` chain into one merged spec.

Override semantics (docs/spec-format.md, "Variants"):
- objects merge key by key, recursively; a key set to null in the variant removes it;
- `kinds` and `modules` (and a module's `kinds`) merge by `id`: an entry with a known id is merged
  into the parent's entry, `"remove": true` drops it, an unknown id is appended;
- every other value (numbers, strings, other arrays) replaces the parent's.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem, SpecError, display_path, quoted
from pnp.core.jsonsrc import KeyPath, Source, json_path, read_json
from pnp.core.locate import available_games, schema_dir, spec_roots
from pnp.core.names import unknown_game, unknown_key
from pnp.spec.table.resolve import with_sheet_cards
from pnp.spec.variant_ids import is_covered, unknown_id_problems

MAX_EXTENDS_DEPTH = 8
MERGED_BY_ID = ("kinds", "modules")


@dataclass(frozen=True)
class Spec:
    """A spec with its `extends` chain resolved. `sources` runs from the file itself to the base game."""

    id: str
    path: Path
    data: dict
    sources: tuple[Source, ...]
    parent: Spec | None = None

    @property
    def chain(self) -> tuple[str, ...]:
        return tuple(s.data.get("id", "?") for s in self.sources)

    def problem(self, parts: list, message: str) -> Problem:
        """A problem at a JSON path of the merged spec, placed in the file that sets that value
        (with the path as it is in that file: kinds merged by id may sit at another index)."""
        for source in self.sources:
            own = _path_in(source.data, self.data, list(parts))
            if own is not None and _pointer(own) in source.positions:
                return source.problem(KeyPath(own) if isinstance(parts, KeyPath) else own, message)
        return self.sources[0].problem(parts, message)


def _pointer(parts: list) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _path_in(own: Any, merged: Any, parts: list) -> list | None:
    """Translate a merged path into the same value's path in one file of the chain, or None."""
    out: list = []
    for i, part in enumerate(parts):
        if isinstance(part, int) and i and parts[i - 1] in MERGED_BY_ID:
            wanted = (
                merged[part].get("id")
                if isinstance(merged, list) and part < len(merged) and isinstance(merged[part], dict)
                else None
            )
            ids = [item.get("id") if isinstance(item, dict) else None for item in own] if isinstance(own, list) else []
            if wanted is None or wanted not in ids:
                return None
            index = ids.index(wanted)
        else:
            index = part
        try:
            own, merged = own[index], merged[part]
        except (KeyError, IndexError, TypeError):
            return None
        out.append(index)
    return out


def load_spec(path: Path) -> Spec:
    """Read a spec file and everything it extends; raise SpecError listing every schema problem."""
    return _load(Path(path), ())


def load_spec_with_problems(path: Path) -> tuple[Spec, list[Problem]]:
    """The spec even when its own file breaks the schema, with those problems, so that `validate`
    can add the semantic ones in the same round. Raises SpecError when the file does not parse,
    is not an object, or what it extends cannot be loaded."""
    problems: list[Problem] = []
    return _load(Path(path), (), problems), problems


def _load(path: Path, seen: tuple[Path, ...], collect: list[Problem] | None = None) -> Spec:
    """`collect`: schema problems of this file go there instead of being raised."""
    keep = _raise_if if collect is None else collect.extend
    source = read_json(path)
    data = source.data
    if not isinstance(data, dict):
        raise SpecError([source.problem([], "expected a JSON object describing a game or variant")])
    parent_name = data.get("extends")
    if parent_name is None:
        keep(_schema_check(source, data, partial=False))
        return _with_sheets(Spec(str(data.get("id", path.stem)), path, data, (source,)), keep)
    own = _schema_check(source, _without_nulls(data), partial=True)
    if not isinstance(parent_name, str) or any(p.path == "$.extends" for p in own):
        _raise_if(own)
    parent = _load_parent(source, path, parent_name, seen + (path.resolve(),))
    merged = merge(parent.data, data)
    spec = Spec(str(data.get("id", path.stem)), path, merged, (source,) + parent.sources, parent)
    unknown = unknown_id_problems(source, parent.data, parent.id)
    keep(own + unknown + [p for p in _merged_check(spec) if not is_covered(p, unknown)])
    return _with_sheets(spec, keep)


def _with_sheets(spec: Spec, keep: Callable[[list[Problem]], None]) -> Spec:
    """The spec with the cards of the sheets it names (`"cards": {"from": …}`) in place (pnp/spec/table/)."""
    data, problems = with_sheet_cards(spec.path, spec.data)
    keep(problems)
    return spec if data is spec.data else dataclasses.replace(spec, data=data)


def _raise_if(problems: list[Problem]) -> None:
    if problems:
        raise SpecError(problems)


def _load_parent(source: Source, path: Path, name: str, seen: tuple[Path, ...]) -> Spec:
    if len(seen) > MAX_EXTENDS_DEPTH:
        raise SpecError([source.problem(["extends"], f"extends chain is deeper than {MAX_EXTENDS_DEPTH} specs")])
    parent_path = find_parent(path, name)
    if parent_path is None and name in (source.data.get("id"), Path(path).stem):
        raise SpecError([source.problem(["extends"], f"extends forms a cycle: {display_path(path)} extends itself")])
    if parent_path is None:
        raise SpecError([source.problem(["extends"], unknown_game(name, available_games(), " to extend"))])
    if parent_path.resolve() in seen:
        cycle = " → ".join(display_path(p) for p in seen + (parent_path,))
        raise SpecError([source.problem(["extends"], f"extends forms a cycle: {cycle}")])
    return _load(parent_path, seen)


def find_parent(path: Path, name: str) -> Path | None:
    """The parent spec: beside the variant first, then the usual spec folders."""
    here = path.resolve().parent
    candidates = [here / f"{name}.json", here.parent / f"{name}.json"]
    candidates += [root / f"{name}.json" for root in spec_roots()]
    for candidate in candidates:
        if candidate.is_file() and candidate.resolve() != path.resolve():
            return candidate
    return None


def merge(parent: Any, child: Any, key: str | None = None) -> Any:
    """The override semantics described in the module docstring."""
    if isinstance(parent, dict) and isinstance(child, dict):
        out = copy.deepcopy(parent)
        for k, v in child.items():
            if v is None:
                out.pop(k, None)
            elif k in out:
                out[k] = merge(out[k], v, k)
            else:
                out[k] = copy.deepcopy(v)
        return out
    if key in MERGED_BY_ID and isinstance(parent, list) and isinstance(child, list):
        return _merge_by_id(parent, child)
    return copy.deepcopy(child)


def _merge_by_id(parent: list, child: list) -> list:
    out = [copy.deepcopy(item) for item in parent]
    for item in child:
        ids = [p.get("id") if isinstance(p, dict) else None for p in out]
        item_id = item.get("id") if isinstance(item, dict) else None
        if item_id is not None and item_id in ids:
            at = ids.index(item_id)
            if item.get("remove") is True:
                del out[at]
            else:
                out[at] = merge(out[at], item)
        elif not (isinstance(item, dict) and item.get("remove") is True):
            out.append(copy.deepcopy(item))
    return out


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_nulls(v) for v in value]
    return value


def _schema_check(source: Source, data: dict, partial: bool) -> list[Problem]:
    errors = spec_validator(partial).iter_errors(data)
    return [source.problem(path, message) for path, message in schema_problems(errors)]


def _merged_check(spec: Spec) -> list[Problem]:
    errors = spec_validator(False).iter_errors(spec.data)
    return [spec.problem(path, message) for path, message in schema_problems(errors)]


def schema_problems(errors) -> list[tuple[list, str]]:
    """(JSON path parts, sentence) for each jsonschema error; an unknown key points at the key."""
    out: list[tuple[list, str]] = []
    for error in errors:
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            allowed = sorted(error.schema.get("properties", {}))
            for key in sorted(set(error.instance) - set(allowed)):
                out.append((KeyPath([*path, key]), unknown_key(key, allowed)))
        else:
            out.append((path, describe(error)))
    return out


@lru_cache(maxsize=2)
def spec_validator(partial: bool):
    """The Draft 2020-12 validator of the spec schema (jsonschema is imported on first use).

    The schema is always the bundled one, so that it is itself a valid Draft 2020-12 schema is a
    test (tests/test_spec_validation.py), not a check on every run (it cost 0.1 s)."""
    # lazy: -109 ms on pnp build --help, a no-op build (docs/decisions.md "Plumbing only where it pays")
    from jsonschema import Draft202012Validator

    schema = _drop_required(spec_schema()) if partial else spec_schema()
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


@lru_cache(maxsize=1)
def spec_schema() -> dict:
    """The bundled spec schema (card_specs/schema/spec.schema.json), read once; not to be changed."""
    return json.loads((schema_dir() / "spec.schema.json").read_text(encoding="utf-8"))


def rule_keys(engine: str) -> tuple[str, ...]:
    """The keys a spec's `rules` may hold under an engine, as the schema says (the `then` of its case
    in `$defs/rules`), without `$comment` and `engine` itself: what `--set rules.KEY` may change."""
    defs = spec_schema()["$defs"]
    for case in defs["rules"]["allOf"]:
        if case["if"]["properties"]["engine"].get("const") == engine:
            shape = defs[case["then"]["$ref"].rsplit("/", 1)[-1]]
            return tuple(sorted(k for k in shape["properties"] if k not in ("$comment", "engine")))
    return ()


def _drop_required(schema: Any) -> Any:
    """The variant schema: the same shapes with nothing required (an override may set anything).

    Conditions (`if`) keep theirs, so `if engine is "ascent"` does not hold vacuously.
    """
    if isinstance(schema, dict):
        return {k: (v if k == "if" else _drop_required(v)) for k, v in schema.items() if k != "required"}
    if isinstance(schema, list):
        return [_drop_required(v) for v in schema]
    return schema


def describe(error) -> str:
    """A jsonschema error as a sentence saying what was expected."""
    v = error.validator
    if v == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        known = sorted(error.schema.get("properties", {}))
        if len(extra) == 1:
            return unknown_key(extra[0], known)
        return f"unknown key {', '.join(map(quoted, extra[:5]))} (expected one of: {', '.join(known) or 'none'})"
    if v == "required":
        return error.message.replace("is a required property", "is required here")
    if v == "enum":
        choices = ", ".join(json.dumps(x) for x in error.validator_value)
        return f"expected one of {choices}, got {_short(error.instance)}"
    if v == "type":
        return (
            f"expected {_type_words(error.validator_value)}, got {_json_type(error.instance)} {_short(error.instance)}"
        )
    if v == "pattern":
        return f"{_short(error.instance)} does not have the expected form ({_pattern_words(error)})"
    if v in ("oneOf", "anyOf"):
        return _describe_alternatives(error)
    if v in ("minimum", "maximum"):
        word = "at least" if v == "minimum" else "at most"
        return f"expected {word} {error.validator_value}, got {_short(error.instance)}"
    if v in ("minItems", "maxItems", "maxProperties", "minProperties", "maxLength", "minLength"):
        return f"{_bounded_message(error)} ({v} {error.validator_value})"
    if v == "const":
        return f"expected {json.dumps(error.validator_value)}, got {_short(error.instance)}"
    return _bounded_message(error)


def _bounded_message(error, limit: int = 160) -> str:
    """jsonschema's sentence, with the value it quotes cut to about 80 characters (it quotes it whole)."""
    message, shown = error.message, repr(error.instance)
    if len(message) <= limit or len(shown) <= 80:
        return message if len(message) <= limit else message[: limit - 1] + "…"
    size = f"{len(error.instance)} {'characters' if isinstance(error.instance, str) else 'entries'}"
    return message.replace(shown, f"{shown[:60]}… ({size})", 1)


def _describe_alternatives(error) -> str:
    leaves = sorted({describe(e) for e in error.context if e.validator not in ("oneOf", "anyOf")})
    if not leaves:
        return error.message
    return "expected one of these forms: " + "; or ".join(leaves[:4])


def _pattern_words(error) -> str:
    pattern = error.validator_value
    if "mm|cm|in" in pattern:
        return "a length with a unit, such as '70mm', '2.5in' or '18pt'"
    if pattern.startswith("^#"):
        return "a colour such as '#1f2a38'"
    if "[Cc][Ss][Vv]" in pattern:
        return "a .csv, .xlsx or .ods file, relative to the spec's folder"
    if "a-z0-9-" in pattern:
        return "lower-case letters, digits and '-', up to 48 characters"
    return f"pattern {pattern}"


def _type_words(types: Any) -> str:
    names = {
        "object": "an object",
        "array": "an array",
        "string": "a string",
        "integer": "an integer",
        "number": "a number",
        "boolean": "true or false",
        "null": "null",
    }
    if isinstance(types, list):
        return " or ".join(names.get(t, str(t)) for t in types)
    return names.get(types, str(types))


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    return {str: "string", list: "array", dict: "object", type(None): "null"}.get(type(value), "value")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["Spec", "describe", "json_path", "load_spec", "merge", "rule_keys"]
