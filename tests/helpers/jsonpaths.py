"""Every path into a JSON document, for the fuzz tests that mutate specs and state files."""

from __future__ import annotations


def json_paths(value, prefix: tuple = ()):
    """The path of `value` itself (`prefix`) and of everything inside it, depth first."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from json_paths(v, prefix + (i,))
