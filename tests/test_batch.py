"""The collector pause around large export batches leaves the process as it found it."""

from __future__ import annotations

import gc

import pytest

from digest2notes import collector_paused


def test_the_collector_rests_in_the_block_and_runs_again_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block is still running
    assert gc.isenabled()


def test_an_error_in_the_block_still_restores_the_collector() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_a_collector_the_caller_disabled_stays_disabled() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
