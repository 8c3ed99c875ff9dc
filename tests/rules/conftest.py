"""Fixtures for the rules tests (helpers live in rulekit.py)."""

from __future__ import annotations

import pytest
from helpers.rulekit import game_named

from pnp.game.model import Game


@pytest.fixture(scope="session")
def tranquility() -> Game:
    return game_named("tranquility")


@pytest.fixture(scope="session")
def ascent() -> Game:
    """The Ascent with no module."""
    return game_named("ascent", None)


@pytest.fixture(scope="session")
def ascent_all() -> Game:
    """The Ascent with all three modules."""
    return game_named("ascent", "all")
