"""Fixtures for the print tests: synthetic games whose faces can be recognised from pixels."""

from __future__ import annotations

import pytest
from helpers.printkit import ascent_like_game, island_game


@pytest.fixture(scope="session")
def islands_shared_backs():
    """10 distinct 70 mm islands with one shared back, and 3 identical borders with their own back."""
    return island_game(10, 3)


@pytest.fixture(scope="session")
def islands_own_backs():
    """10 distinct 70 mm islands, each with its own back (so every back can be told apart)."""
    return island_game(10, 0, per_card_backs=True)


@pytest.fixture(scope="session")
def panorama_and_goats():
    """5 panorama triangles (legs 70 mm, per-card backs) and 3 goat tokens (25 mm circles)."""
    return ascent_like_game(5, 3)
