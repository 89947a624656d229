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


# as the kernel writes it for a program named "a) (S 1 2 3": the name may hold ") (" and spaces
STAT_OF_A_TRICKY_NAME = ("4242 (a) (S 1 2 3) S 17 4242 4240 34816 4242 4194560 112 0 0 0 0 0 0 0 20 0 1 0 "
                         "987654 8192000 245 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n")


def test_proc_stat_finds_the_fields_after_the_last_parenthesis():
    stat = procfs.parse_stat(4242, STAT_OF_A_TRICKY_NAME)
    assert stat == procfs.ProcStat(pid=4242, comm="a) (S 1 2 3", state="S", ppid=17, pgrp=4242,
                                   flags=4194560, start=987654)
    assert not stat.kernel_thread
    assert procfs.parse_stat(7, "2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 0 0 0 0 20 0 1 0 5 0 0 "
                                "18446744073709551615 0 0 0 0 0 0 0 2147483647 0 1 0 0 17 0 0 0 0 0 0").kernel_thread
    # a read cut short (the process left while it was read) is no process, never a wrong field
    assert procfs.parse_stat(4242, STAT_OF_A_TRICKY_NAME[:40]) is None
    assert procfs.parse_stat(4242, "") is None


def test_the_process_table_shows_a_live_child_with_a_tricky_name(tmp_path):
    """A real process whose command name holds ") (" and spaces (the kernel names it after the
    link it was started through) is read with its parent, group and start time, and found in
    the table as this process's descendant."""
    import shutil
    import subprocess

    link = tmp_path / "a) (S 1 2 3"
    link.symlink_to(shutil.which("sleep"))
    child = subprocess.Popen([str(link), "30"])
    try:
        stat = procfs.proc_stat(child.pid)
        assert stat is not None and stat.comm == "a) (S 1 2 3" and stat.ppid == os.getpid()
        assert stat.pgrp == os.getpgid(child.pid) and stat.state in "RS"
        assert procfs.process_start(child.pid) == str(stat.start)
        assert procfs.comm(child.pid) == stat.comm
        assert child.pid in procfs.pids()
        assert [(found.comm, found.start) for found in procfs.processes() if found.pid == child.pid] \
            == [(stat.comm, stat.start)]
        assert child.pid in [found.pid for found in procfs.descendants(os.getpid(), procfs.processes())]
        assert child.pid not in [found.pid for found in procfs.descendants(child.pid, procfs.processes())]
    finally:
        child.kill()
        child.wait()
    assert procfs.proc_stat(child.pid) is None and procfs.comm(child.pid) is None
    assert procfs.process_start(child.pid) is None


def test_descendants_walk_a_table_read_while_pids_were_reused_without_looping():
    def row(pid, ppid):
        return procfs.ProcStat(pid, "x", "S", ppid, pid, 0, 1)

    assert [stat.pid for stat in procfs.descendants(1, [row(2, 1), row(3, 2), row(2, 3), row(4, 9)])] == [2, 3]


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
