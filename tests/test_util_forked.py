"""ForkedCall: a function run in a forked child, its result pickled back (fstune/util/forked.py)."""

from __future__ import annotations

import os
import pickle
import signal
import time

import pytest

from fstune.devices import Inventory
from fstune.util.forked import ForkedCall, ForkedCallFailed
from tests.test_tui_wizard import fixture_inventory


def slow() -> str:
    time.sleep(30)
    return "too late"


def killed() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def reaped(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        return True
    return False


def test_the_result_comes_from_another_process_and_the_child_is_reaped():
    call = ForkedCall("os:getpid")
    assert call.result(timeout=10) == call.pid != os.getpid()
    assert reaped(call.pid)
    with pytest.raises(ForkedCallFailed, match="already taken"):
        call.result(timeout=1)


def test_ready_once_the_child_has_finished():
    call = ForkedCall("tests.test_util_forked:slow")
    try:
        assert not call.ready()
    finally:
        call.cancel()
    assert reaped(call.pid) and not call.ready()
    done = ForkedCall("os:getcwd")
    deadline = time.monotonic() + 10
    while not done.ready() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert done.ready() and done.result(timeout=1) == os.getcwd()


def test_an_error_in_the_child_says_what_it_was():
    call = ForkedCall("json:loads")  # called without its argument
    with pytest.raises(ForkedCallFailed, match="json:loads failed: TypeError: .*missing"):
        call.result(timeout=10)
    assert reaped(call.pid)


def test_a_child_that_takes_too_long_is_killed_and_reaped():
    call = ForkedCall("tests.test_util_forked:slow")
    started = time.monotonic()
    with pytest.raises(ForkedCallFailed, match="took longer than 0.3 s"):
        call.result(timeout=0.3)
    assert time.monotonic() - started < 5 and reaped(call.pid)


def test_a_child_that_dies_sends_no_result():
    call = ForkedCall("tests.test_util_forked:killed")
    with pytest.raises(ForkedCallFailed, match="sent no result"):
        call.result(timeout=10)
    assert reaped(call.pid)


def test_an_inventory_comes_back_whole():
    """What the wizard's first scan sends: every device with its verdict, as the scan made it."""
    inventory = fixture_inventory()
    again = pickle.loads(pickle.dumps(inventory))
    assert again.to_json() == inventory.to_json() and again.warnings == inventory.warnings
    assert [d.verdict for d in again.usable()] == [d.verdict for d in inventory.usable()]
    device = inventory.usable()[0]  # the facts came along: the later steps' checks still work
    assert again.verdict_for(again.get(device.path), "xfs", "journal") == inventory.verdict_for(device, "xfs", "journal")
    scanned = ForkedCall("fstune.devices:scan").result(timeout=60)  # this machine, in a child
    assert isinstance(scanned, Inventory) and all(device.verdict.status for device in scanned.devices)
