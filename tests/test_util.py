"""The helpers every layer shares: tool lookup, atomic writes, /proc reads, durations, exit codes."""

from __future__ import annotations

import os

import pytest

from fstune.errors import DeviceError, ExitCode, UnsafeDeviceError, UsageError
from fstune.units import format_elapsed, format_estimate, format_span
from fstune.util import files, paths, procfs


def test_search_path_keeps_the_callers_path_first_then_sbin():
    assert paths.search_path({"PATH": "/opt/mine"}).split(":")[:4] == ["/opt/mine", "/usr/local/sbin", "/usr/sbin", "/sbin"]
    assert paths.search_path({}).startswith("/usr/local/sbin")


def test_which_finds_a_sbin_tool_from_a_path_without_sbin():
    assert paths.which("losetup", {"PATH": "/nonexistent"}) in ("/usr/sbin/losetup", "/sbin/losetup")
    assert paths.which("no-such-tool-fstune", {"PATH": ""}) is None


def test_atomic_write_replaces_the_whole_file_with_its_mode(tmp_path):
    target = tmp_path / "manifest.json"
    target.write_text("old and longer than the new one\n")
    files.atomic_write(target, "new\n", mode=0o600)
    assert target.read_text() == "new\n"
    assert target.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.json"]


def test_a_failed_atomic_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "state.json"
    target.write_bytes(b"old")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        files.atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_write_output_names_the_file_it_could_not_write(tmp_path):
    report = tmp_path / "report.md"
    files.write_output(report, "# figures\n")
    assert report.read_text() == "# figures\n" and report.stat().st_mode & 0o777 == 0o644
    with pytest.raises(UsageError, match=r"cannot write .*missing/report.md: No such file or directory\.") as caught:
        files.write_output(tmp_path / "missing" / "report.md", "x")
    assert caught.value.hint == "Choose another --output."


def test_procfs_read_text_of_a_vanished_file_is_the_default(tmp_path):
    assert procfs.read_text(str(tmp_path / "gone"), "x") == "x"
    assert "MemTotal" in procfs.read_text("/proc/meminfo")


@pytest.mark.parametrize("seconds, elapsed, estimate, span", [
    (4.2149, "4.21 s", "4 s", "4 s"),
    (37.52, "37.5 s", "38 s", "38 s"),
    (125, "2:05", "2 min", "2 min 05 s"),
    (3725, "1:02:05", "62 min", "1 h 02 min"),
    (6 * 3600, "6:00:00", "6 h 00 min", "6 h 00 min"),
])
def test_durations_read_as_each_place_needs(seconds, elapsed, estimate, span):
    assert (format_elapsed(seconds), format_estimate(seconds), format_span(seconds)) == (elapsed, estimate, span)


def test_exit_codes_are_the_documented_numbers():
    assert [int(c) for c in ExitCode] == [0, 1, 2, 3, 130]
    assert UsageError("x").exit_code == DeviceError("x").exit_code == ExitCode.USAGE == 2
    assert UnsafeDeviceError("x").exit_code == ExitCode.UNSAFE == 3


def test_process_io_counts_a_process_outside_the_run_and_never_the_run_s_own(tmp_path):
    """A writer the run started is the run's own I/O; one that left the run's process tree (a
    double fork, as a daemon or another user's job) is counted, by name, with what it wrote."""
    import subprocess
    import sys
    import time

    from fstune.measure.conditions import outside_io

    writer = ("import os, sys, time\n"
              "fd = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT)\n"
              "for _ in range(16): os.write(fd, b'x' * 2**20)\n"
              "os.fsync(fd); os.close(fd); open(sys.argv[1] + '.done', 'w').close(); time.sleep(30)\n")
    script = tmp_path / "writer.py"
    script.write_text(writer)
    before = procfs.process_io(os.getpid())
    own = subprocess.Popen([sys.executable, str(script), str(tmp_path / "own")])
    # the outside writer: started through a shell that exits at once, so it is nobody's child here
    subprocess.run(["setsid", "sh", "-c", f"{sys.executable} {script} {tmp_path / 'outside'} "
                    "</dev/null >/dev/null 2>&1 &"], check=True)
    outsider = None
    try:
        deadline = time.monotonic() + 20
        while not ((tmp_path / "own.done").exists() and (tmp_path / "outside.done").exists()):
            assert time.monotonic() < deadline, "the writers did not finish"
            time.sleep(0.05)
        after = procfs.process_io(os.getpid())
        outsider = next(pid for pid, (_name, _start, _bytes, _parent) in after.items()
                        if (tmp_path / "outside").as_posix() in procfs.read_text(f"/proc/{pid}/cmdline"))
        assert own.pid not in after and os.getpid() not in after
        assert after[outsider][2] >= 16 * 2**20
        moved = outside_io(before, after)
        assert moved["bytes"] >= 16 * 2**20 and after[outsider][0] in moved["top"]
    finally:
        own.kill()
        own.wait()
        for pid in [outsider] if outsider is not None else procfs.process_io(os.getpid()):
            if (tmp_path / "outside").as_posix() in procfs.read_text(f"/proc/{pid}/cmdline"):
                os.kill(pid, 9)
