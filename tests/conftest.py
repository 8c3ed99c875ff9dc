"""Fixtures shared by the test modules."""

from __future__ import annotations

import logging

import pytest

from imaging import SvglibMessages


@pytest.fixture
def svglib_messages():
    """What svglib warned about or silently dropped while the test ran."""
    logger = logging.getLogger("svglib")
    handler, level = SvglibMessages(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.messages
    logger.removeHandler(handler)
    logger.setLevel(level)
