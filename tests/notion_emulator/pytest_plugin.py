"""Pytest fixture: ``notion_emulator`` — a started :class:`NotionEmulator` per test.

Enable with ``pytest_plugins = ["tests.notion_emulator.pytest_plugin"]`` in ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .server import NotionEmulator


@pytest.fixture
def notion_emulator() -> Iterator[NotionEmulator]:
    """A fresh emulator (token ``secret_test_token``, seed 0, no faults, no rate limit).

    Reconfigure at will: ``notion_emulator.faults = FaultConfig(...)``,
    ``notion_emulator.rate_limit = 3.0``. Base URL: ``notion_emulator.base_url``.
    """
    with NotionEmulator() as emulator:
        yield emulator
