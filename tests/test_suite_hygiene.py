"""The suite cleans up after itself on a shared machine, also when a test does not.

A test stopped by pytest-timeout in the middle of its lab's teardown would leave loop devices
behind; the session's last fixture (``no_lab_outlives_the_session`` in conftest.py) takes down
any lab still standing below the session's temporary directory, and says so. Here a test that
makes a lab and never takes it down runs in a pytest of its own, with this suite's conftest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.loopdev

TESTS = Path(__file__).resolve().parent

LEAKING_TEST = '''
from fstune import lab as labmod

def test_forgets_its_lab(udevd, tmp_path):
    labmod.lab_up(disks=1, size="400M", directory=tmp_path / "lab", spare_size="64M", disk_model="none")
'''


def _loops_below(directory: Path) -> list[str]:
    listing = subprocess.run(["losetup", "--list", "--noheadings", "--output", "NAME,BACK-FILE"],
                             capture_output=True, text=True, check=True).stdout
    return [line.split()[0] for line in listing.splitlines()
            if len(line.split()) > 1 and line.split()[1].startswith(str(directory))]


def test_a_lab_a_test_forgot_is_taken_down_at_the_sessions_end(tmp_path):
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_leak.py").write_text(LEAKING_TEST)
    base = tmp_path / "basetemp"
    try:
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                                 f"--basetemp={base}", "--rootdir", str(tmp_path), str(tmp_path / "test_leak.py")],
                                cwd=TESTS.parent, capture_output=True, text=True, timeout=240)
        assert result.returncode == 0, result.stdout + result.stderr
        assert "a lab outlived its test and was taken down at the session's end" in result.stdout
        assert _loops_below(base) == []
    finally:
        for loop in _loops_below(base):  # the net itself failed: do not leave it to the machine
            subprocess.run(["losetup", "-d", loop], check=False)


def test_the_mount_root_of_a_killed_session_is_cleared_by_the_next(tmp_path):
    from fstune.runner import mountguard

    gone = subprocess.Popen(["true"])
    gone.wait()  # a pid that no longer runs: the killed session's
    root = Path(f"/run/fstune-tests-{gone.pid}")
    run_dir = root / "20261128-000000-1"
    sealed = run_dir / "noatime"
    sealed.mkdir(parents=True)
    (run_dir / ".fstune-run.json").write_text(f'{{"pid": {gone.pid}, "run_id": "20261128-000000-1"}}')
    mountguard.seal(str(sealed))
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_nothing.py").write_text("def test_nothing():\n    pass\n")
    try:
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                                 f"--basetemp={tmp_path / 'basetemp'}", "--rootdir", str(tmp_path),
                                 str(tmp_path / "test_nothing.py")],
                                cwd=TESTS.parent, capture_output=True, text=True, timeout=240)
        assert result.returncode == 0, result.stdout + result.stderr
        assert not root.exists(), f"{root} was left: " + result.stdout
    finally:
        if sealed.exists():
            mountguard.unseal(str(sealed))
        shutil.rmtree(root, ignore_errors=True)


def test_the_mount_root_of_a_live_session_is_left_alone_even_where_its_pid_is_not_seen(tmp_path):
    """A session in another PID namespace has a pid this one cannot see: its lock says it lives."""
    import fcntl

    gone = subprocess.Popen(["true"])
    gone.wait()  # the pid as seen from here: no such process
    root = Path(f"/run/fstune-tests-{gone.pid}")
    lock_path = Path(f"{root}.lock")
    (root / "20261128-000000-2").mkdir(parents=True)
    lock = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(lock, fcntl.LOCK_EX)  # the live session's lock
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_nothing.py").write_text("def test_nothing():\n    pass\n")
    try:
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", "-p", "no:cacheprovider",
                                 f"--basetemp={tmp_path / 'basetemp'}", "--rootdir", str(tmp_path),
                                 str(tmp_path / "test_nothing.py")],
                                cwd=TESTS.parent, capture_output=True, text=True, timeout=240)
        assert result.returncode == 0, result.stdout + result.stderr
        assert (root / "20261128-000000-2").is_dir() and lock_path.exists(), result.stdout
    finally:
        os.close(lock)
        lock_path.unlink(missing_ok=True)
        shutil.rmtree(root, ignore_errors=True)
