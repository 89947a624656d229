"""``fstune run``: refusals before anything runs, pre-flight, leftovers, and a real run on a lab."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fstune.cli.run as cli_run
from conftest import study_text, settle_devices
from fstune import filesystems
from fstune.runner.audit import read_log
from fstune.cli import main
from fstune.runner import STATE_FILE, find_leftovers, package_hint
from fstune.plan import default_mount_root
from fstune.util import paths

def study_file(tmp_path: Path, fs: str = "ext4", second: str = 'mount_options = "noatime"') -> str:
    path = tmp_path / f"cli-{fs}.toml"
    path.write_text(study_text(fs, title="cli run", second=second))
    return str(path)


def blkid(device: str, tag: str) -> str:
    return subprocess.run(["blkid", "-p", "-o", "value", "-s", tag, device], capture_output=True,
                          text=True).stdout.strip()


@pytest.fixture
def state_home(tmp_path, monkeypatch):
    """Audit logs go under the test's directory, not /var/log/fstune."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "fstune" / "logs"


# --- refusals that need no device ------------------------------------------------------------------


def test_not_root_is_one_clear_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(cli_run, "geteuid", lambda: 1000)
    code = main(["run", "--study", "anything", "--device", "/dev/sdz1", "--yes"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "needs root" in err and "sudo" in err


def test_no_yes_and_no_terminal_is_one_line_and_exit_2(monkeypatch, capsys):
    monkeypatch.setattr(cli_run, "geteuid", lambda: 0)
    monkeypatch.setattr(cli_run, "stdin_is_interactive", lambda: False)
    code = main(["run", "--study", "anything", "--device", "/dev/sdz1"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "--yes" in err


def test_assumed_sizes_are_for_dry_runs_only(monkeypatch, capsys):
    monkeypatch.setattr(cli_run, "geteuid", lambda: 0)
    code = main(["run", "--study", "x", "--device", "/dev/sdz1", "--assume-size", "10G", "--yes"])
    assert code == 2 and "dry runs" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["run", "plan"])
def test_a_run_id_with_a_path_in_it_is_refused_before_anything_is_written(tmp_path, monkeypatch, capsys, command):
    state = tmp_path / "a" / "b"
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    monkeypatch.setattr(cli_run, "geteuid", lambda: 0)
    # --lab would build a lab first: the run id must be refused before that too
    monkeypatch.setattr("fstune.lab.lab_up", lambda **_: pytest.fail("a lab was built"))
    yes = ["--yes"] if command == "run" else []
    code = main([command, "--study", "ext4-writeback-commit", "--lab", str(tmp_path / "lab"), "--workloads", "none",
                 *yes, "--run-id", "../../x"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "--run-id '../../x' cannot name a run" in err and "Traceback" not in err
    assert list(tmp_path.rglob("*")) == [], "nothing may be written anywhere"


@pytest.mark.parametrize("option", [["--max-blocks", "0"], ["--max-repeats", "0"]])
def test_a_repeat_policy_that_makes_no_sense_is_refused(monkeypatch, capsys, option):
    monkeypatch.setattr(cli_run, "geteuid", lambda: 0)
    code = main(["run", "--study", "x", "--device", "/dev/sdz1", "--yes", *option])
    err = capsys.readouterr().err
    assert code == 2 and "--max-blocks must be at least 1" in err


def test_missing_tools_name_their_debian_package():
    assert "xfsprogs" in package_hint("mkfs.xfs")
    assert "btrfs-progs" in package_hint("/usr/sbin/mkfs.btrfs")
    assert "jfsutils" in package_hint("jfs_tune") and "reiserfsprogs" in package_hint("debugreiserfs")
    assert "e2fsprogs" in package_hint("dumpe2fs") and "dbench" in package_hint("dbench")


# --- on a lab -----------------------------------------------------------------------------------------


@pytest.mark.loopdev
def test_a_full_small_run_on_the_lab(tmp_path, lab, state_home, capsys):
    data, spare = lab.pairs()[0]
    path = study_file(tmp_path, "ext4", 'journal = "external"\nmount_options = "noatime"')
    run_id = f"clitest-{os.getpid()}"
    code = main(["run", "--study", path, "--device", data, "--log-device", spare, "--workloads", "none",
                 "--yes", "--run-id", run_id])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    assert "Done:" in out and "Audit log" in out
    for title in ("Format", "Mount", "Unmount"):
        assert title in out  # the summary lists every step
    logs = list(state_home.glob(f"{run_id}*.jsonl"))
    assert len(logs) == 1
    log = read_log(logs[0])
    assert log[-1]["status"] == "finished"
    starts = [r["argv"] for r in log if r["event"] == "step-start"]
    assert ["mkfs.ext4", "-b", "4096", "-O", "journal_dev", "-E", "lazy_journal_init=0,nodiscard", "-F", spare] \
        in starts
    assert all(r["ok"] for r in log if r["event"] == "safety") and any(r["event"] == "safety" for r in log)
    assert blkid(spare, "TYPE") == "jbd" and blkid(data, "TYPE") == "ext4"
    assert f"{default_mount_root()}/{run_id}" not in Path("/proc/self/mountinfo").read_text()
    assert not Path(f"{default_mount_root()}/{run_id}").exists()


DEBUG_STUDY = study_text(title="debug log", head="""\
workloads = ["command"]
repeats = 3
[workload_params.command]
command = "sh -c 'head -c 100000 /dev/zero > f'"
""")


@pytest.mark.loopdev
def test_debug_writes_a_log_for_a_bug_report_and_says_where(tmp_path, lab, state_home, capsys):
    """``fstune --debug run`` logs what a bug report needs: versions, the plan's steps, every
    step's command, exit status and time, the locks, the checks, the cleanup; stderr says where."""
    data = lab.disks[0].data
    study = tmp_path / "debug.toml"
    study.write_text(DEBUG_STUDY)
    run_id = f"dbg-{os.getpid()}"
    code = main(["--debug", "run", "--study", str(study), "--device", data, "--yes", "--max-repeats", "3",
                 "--run-id", run_id])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    path = state_home / f"debug-{run_id}.log"
    assert f"fstune: the debug log is {path} (attach it to a bug report)." in err
    text = path.read_text()
    for expected in ("fstune.cli: fstune 0.1.0: fstune --debug run", "fstune.cli: Python ", "libraries: textual ",
                     "fstune.session: plan: study debug, run id " + run_id, "plan step 1: ",
                     "fstune.runner.engine: locked /dev/", "step 1 start: ", "step 1 end: ok, exit status 0, ",
                     "safety check step ", "mount check before step ", "mount check after step ",
                     "stored as run ", "fstune.runner.engine: unlocked /dev/", f"run {run_id}: finished after "):
        assert expected in text, (expected, text[-3000:])
    assert "DEBUG" in text and "Traceback" not in text
    # without --debug: no log file, and nothing logged on stderr for a run that went well
    code = main(["run", "--study", str(study), "--device", data, "--workloads", "none", "--yes",
                 "--run-id", f"quiet-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0 and err == "", err
    assert [p.name for p in state_home.glob("debug-*.log")] == [path.name]


@pytest.mark.loopdev
def test_the_progress_a_headless_run_prints_goes_back_only_to_a_new_total(tmp_path, lab, state_home, capsys):
    """Each block's line says which block of how many, the share of the run and the time left;
    blocks added while the study is undecided give a new total, and only then may the share drop."""
    import re

    data = lab.disks[0].data
    study = tmp_path / "progress.toml"
    study.write_text(DEBUG_STUDY)
    code = main(["run", "--study", str(study), "--device", data, "--yes", "--blocks", "3", "--max-blocks", "4",
                 "--run-id", f"eta-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    lines = re.findall(r"^── block (\d+) of (\d+)(?: \(up to \d+\))?: .* · ([\d.]+)% of the run · (.+)$", out,
                       re.MULTILINE)
    assert [int(block) for block, _, _, _ in lines][:3] == [1, 2, 3], out
    assert "block 1 of 3 (up to 4)" in out
    totals = [int(total) for _, total, _, _ in lines]
    fractions = [float(share) for _, _, share, _ in lines]
    assert all(b >= a for (a, b), (n, m) in zip(zip(fractions, fractions[1:]), zip(totals, totals[1:]))
               if m == n), lines
    assert all(0 <= share < 100 for share in fractions)
    assert all(re.match(r"(about .+ left|finishing)", text) for _, _, _, text in lines), lines
    assert "if it needs all 4 blocks" in lines[0][3]  # while undecided: what the cap could add


@pytest.mark.loopdev
def test_a_run_whose_workloads_declare_no_primary_is_refused_before_it_writes(tmp_path, lab, state_home,
                                                                                capsys, monkeypatch):
    """A user's study stopping on dbench, run with only the writes workload: refused before anything
    is formatted, naming --primary; with it, the run stops on that figure and records it."""
    monkeypatch.setenv("FSTUNE_STATE_DIR", str(tmp_path / "state"))
    data = lab.disks[0].data
    study = tmp_path / "dbench.toml"
    study.write_text(study_text(head='workloads = ["metadata"]\nprimary = "metadata:dbench.throughput_mbs"'))
    args = ["run", "--study", str(study), "--device", data, "--yes", "--workloads", "writes", "--workload-param",
            "writes.files=50", "--max-blocks", "3"]
    code = main([*args, "--run-id", f"noprimary-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 2, err + out
    assert "none of the chosen workloads (writes) declares a primary metric" in err and "--primary" in err
    assert blkid(data, "TYPE") == ""  # nothing was formatted
    code = main([*args, "--primary", "writes:build.mb_written", "--run-id", f"primary-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    exported = tmp_path / "run.json"
    assert main(["results", "export", "last", "--format", "json", "-o", str(exported)]) == 0
    (run,) = json.loads(exported.read_text())["runs"]
    assert run["design"]["primary"] == {"workload": "writes", "metric": "build.mb_written"}


@pytest.mark.loopdev
@pytest.mark.parametrize("lost", ["store", "record"])
def test_a_run_whose_figures_cannot_be_kept_says_so_in_its_exit_status(tmp_path, lab, state_home, capsys,
                                                                        monkeypatch, lost):
    """A script that runs fstune must not read "0" when the measurements were lost: the store
    cannot be written, or (a bug) the run's record cannot even be put together."""
    import fstune.session

    data = lab.disks[0].data
    study = tmp_path / "debug.toml"
    study.write_text(DEBUG_STUDY)
    if lost == "store":
        (tmp_path / "not-a-directory").write_text("")
        monkeypatch.setenv("FSTUNE_STATE_DIR", str(tmp_path / "not-a-directory" / "state"))
        why = "not-a-directory"
    else:
        def broken(*args, **kwargs):
            raise AttributeError("a bug in putting the record together")

        monkeypatch.setattr(fstune.session, "run_record", broken)
        why = "a bug in putting the record together"
    code = main(["run", "--study", str(study), "--device", data, "--yes", "--max-blocks", "3",
                 "--run-id", f"unkept-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 1, err + out
    assert "stored as run" not in out + err and why in out + err


@pytest.mark.loopdev
@pytest.mark.skipif(filesystems.MachineCapabilities.probe().kernel_has("jfs"), reason="this kernel can mount JFS")
def test_a_filesystem_the_kernel_lacks_is_refused_before_formatting(tmp_path, lab, state_home, capsys):
    data = lab.disks[0].data
    before = blkid(data, "TYPE")
    path = study_file(tmp_path, "jfs", "")
    code = main(["run", "--study", path, "--device", data, "--workloads", "none", "--yes"])
    err = capsys.readouterr().err
    assert code == 2
    assert "has no jfs driver" in err and "nothing was done" in err and "--allow-unmountable" in err
    assert blkid(data, "TYPE") == before
    assert not list(state_home.glob("*.jsonl")) if state_home.exists() else True

    # with --allow-unmountable mkfs.jfs runs for real and the run stops, clearly, at the mount
    code = main(["run", "--study", path, "--device", data, "--workloads", "none", "--yes",
                 "--allow-unmountable", "--run-id", f"jfs-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 1
    assert blkid(data, "TYPE") == "jfs"
    assert "has no jfs driver" in out and "cannot be mounted here" in out
    assert "wrong fs type" not in out


@pytest.mark.loopdev
@pytest.mark.skipif(filesystems.MachineCapabilities.probe().kernel_has("reiserfs"),
                    reason="this kernel can mount ReiserFS")
def test_configs_leaves_out_a_filesystem_the_kernel_lacks(tmp_path, lab, state_home, capsys):
    """coldread-filesystems compares ext3 (the baseline) with XFS and ReiserFS: on a kernel
    without ReiserFS the whole study is refused, but ext3 against XFS alone runs."""
    data = lab.disks[0].data
    args = ["run", "--study", "coldread-filesystems", "--device", data, "--workloads", "none", "--yes"]
    code = main(args)
    err = capsys.readouterr().err
    assert code == 2 and "has no reiserfs driver" in err and blkid(data, "TYPE") == ""
    code = main([*args, "--configs", "xfs", "--run-id", f"configs-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    assert "reiserfs" not in (err + out).lower()
    starts = [r["argv"][0] for r in read_log(next(state_home.glob("configs-*.jsonl"))) if r["event"] == "step-start"]
    assert "mkfs.ext3" in starts and "mkfs.xfs" in starts and "mkreiserfs" not in starts
    assert blkid(data, "TYPE") == "xfs"


@pytest.mark.loopdev
def test_a_safety_stop_is_an_error_on_stderr(tmp_path, udevd, state_home):
    """Exit 3 is reported like every other error: on stderr, with the reason."""
    # a loop device of the test's own that is not a lab disk: with FSTUNE_LAB_ONLY=1 the
    # runner's check before mkfs refuses it, a real safety stop
    image = tmp_path / "plain.img"
    with open(image, "wb") as handle:
        handle.truncate(400 * 1024 * 1024)
    subprocess.run(["sfdisk", "-q", str(image)], input="label: gpt\n,\n", text=True, check=True)
    loop = subprocess.run(["losetup", "--find", "--show", "--partscan", str(image)], capture_output=True,
                          text=True, check=True).stdout.strip()
    try:
        part = f"{loop}p1"
        settle_devices(loop, timeout=30)  # this loop's events, no other disk's
        if not Path(part).exists():
            subprocess.run(["partx", "--add", loop], capture_output=True, check=False)
            settle_devices(loop, part, timeout=30)
        env = {**os.environ, "FSTUNE_LAB_ONLY": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
        result = subprocess.run([sys.executable, "-m", "fstune", "run", "--study", study_file(tmp_path), "--device",
                                 part, "--workloads", "none", "--yes", "--run-id", f"safety-{os.getpid()}"],
                                capture_output=True, text=True, env=env, timeout=300)
        assert result.returncode == 3, result.stdout + result.stderr
        assert "a safety check stopped the run" in result.stderr and "not an fstune lab disk" in result.stderr
        assert "not an fstune lab disk" not in result.stdout and "Failed:" not in result.stdout
        assert "Audit log" in result.stdout  # the report itself stays on stdout
        assert blkid(part, "TYPE") == ""
    finally:
        subprocess.run(["losetup", "--detach", loop], check=False)


@pytest.mark.loopdev
def test_leftovers_of_an_interrupted_run_are_offered_first(tmp_path, lab, state_home, capsys, monkeypatch):
    root = tmp_path / "leftover-root"
    dead = root / "old-run"
    (dead / "base").mkdir(parents=True)
    (dead / STATE_FILE).write_text(json.dumps({"run_id": "old-run", "pid": 4194001, "study": "x"}))
    # something still mounted under it, as a killed run leaves its filesystem
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "fstune-test", str(dead / "base")], check=True)
    try:
        # look for leftovers in the test's own directory, not in the machine's /run/fstune
        monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: find_leftovers(str(root)))
        data = lab.disks[0].data
        args = ["run", "--study", study_file(tmp_path), "--device", data, "--workloads", "none", "--yes"]
        code = main(args)
        err = capsys.readouterr().err
        assert code == 2 and "--clean-leftovers" in err and "old-run" in err and "1 mount(s)" in err
        assert dead.exists() and blkid(data, "TYPE") == ""
        code = main([*args, "--clean-leftovers", "--run-id", f"after-clean-{os.getpid()}"])
        out, err = capsys.readouterr()
        assert code == 0, err + out
        assert f"unmounted {dead / 'base'}" in err
        assert not dead.exists()
    finally:
        if os.path.ismount(dead / "base"):
            subprocess.run(["umount", str(dead / "base")], check=False)


@pytest.mark.loopdev
def test_an_interrupted_run_with_nothing_mounted_is_tidied_without_asking(tmp_path, lab, state_home, capsys,
                                                                         monkeypatch):
    """A dead run's directory with nothing mounted risks nothing: the next run removes it (and
    what a benchmark wrote into a mountpoint while nothing was mounted there), says so, goes on."""
    root = tmp_path / "leftover-root"
    dead = root / "old-run"
    (dead / "base").mkdir(parents=True)
    (dead / "base" / "data").write_bytes(b"\0" * 8192)
    (dead / STATE_FILE).write_text(json.dumps({"run_id": "old-run", "pid": 4194001, "study": "x"}))
    live = root / "live-run"  # a running fstune's directory is never touched
    live.mkdir()
    (live / STATE_FILE).write_text(json.dumps({"run_id": "live-run", "pid": os.getpid()}))
    monkeypatch.setattr("fstune.session.find_leftovers", lambda _root: find_leftovers(str(root)))
    data = lab.disks[0].data
    code = main(["run", "--study", study_file(tmp_path), "--device", data, "--workloads", "none", "--yes",
                 "--run-id", f"after-tidy-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    assert (f"removed {dead}, left with nothing mounted by an interrupted run, and 8.0 KiB (8192 bytes in 1 "
            f"file(s)) in {dead / 'base'}, written while nothing was mounted there") in err
    assert not dead.exists() and (live / STATE_FILE).exists()
    assert blkid(data, "TYPE") == "ext4"


@pytest.mark.loopdev
def test_typed_confirmation_on_a_terminal(tmp_path, lab, state_home):
    """The real program in a pty: it asks for each device's name; a wrong name stops everything."""
    import sys

    import pexpect

    data, spare = lab.pairs()[0]
    path = study_file(tmp_path, "ext4", 'journal = "external"')
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "TERM": "xterm"}
    args = ["-m", "fstune", "run", "--study", path, "--device", data, "--log-device", spare, "--workloads", "none"]

    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=60, dimensions=(30, 100))
    child.expect(f"Type its name \\({data}\\) to confirm: ")
    child.sendline(data + "x")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2 and "nothing was done" in child.before
    assert blkid(data, "TYPE") == ""

    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=60, dimensions=(30, 100))
    child.expect(f"Type its name \\({data}\\) to confirm: ")
    child.sendline(data)
    child.expect(f"Type its name \\({spare}\\) to confirm: ")
    child.sendline(spare)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "Done:" in child.before and "steps" in child.before  # the live bar and the summary
    assert blkid(data, "TYPE") == "ext4" and blkid(spare, "TYPE") == "jbd"


@pytest.mark.loopdev
def test_a_journal_device_detached_at_the_prompt_is_gone_and_never_written(tmp_path, lab, state_home):
    """Its loop device detached while fstune asks for the names: fstune's lock holds the disk
    open, so the kernel only marks it to go away; the run stops before the journal is made,
    saying the device is gone (exit 3), and the loop device goes once fstune lets go of it."""
    import pexpect

    data, spare = lab.pairs()[0]
    loop = next(d.loop for d in lab.disks if spare.startswith(d.loop + "p"))
    path = study_file(tmp_path, "ext4", 'journal = "external"')
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "TERM": "xterm"}
    args = ["-m", "fstune", "run", "--study", path, "--device", data, "--log-device", spare, "--workloads", "none",
            "--run-id", f"gone-{os.getpid()}"]
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=120, dimensions=(30, 200))
    child.expect(f"Type its name \\({data}\\) to confirm: ")
    subprocess.run(["losetup", "-d", loop], check=True)
    child.sendline(data)
    child.expect(f"Type its name \\({spare}\\) to confirm: ")
    child.sendline(spare)
    child.expect(pexpect.EOF)
    child.close()
    shown = " ".join(child.before.split())
    assert child.exitstatus == 3, shown
    assert f"{spare} is gone (its loop device was detached; only fstune still holds it open)" in shown, shown
    assert "cannot be locked" not in shown and "No such file or directory" not in shown
    [log] = state_home.glob("gone-*.jsonl")
    journal = [r for r in read_log(log) if r["event"] == "step-start" and spare in " ".join(r["argv"])]
    assert journal == []  # no step that writes to it started
    assert not Path(f"/sys/block/{Path(loop).name}/loop").exists()  # gone for good once released


def _run_until_hangup(argv: list[str], env: dict, marker: str, stderr) -> tuple[int, str]:
    """Run ``argv`` with a pty as its controlling terminal (stdin, stdout, and stderr unless it
    is given); once ``marker`` shows, close the terminal as a dropped SSH session does.
    Returns fstune's exit status and what it showed."""
    import fcntl
    import pty
    import select
    import struct
    import termios
    import time

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    child = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave if stderr is None else stderr, env=env,
                             start_new_session=True, preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
    os.close(slave)
    shown = b""
    try:
        deadline = time.monotonic() + 240
        while marker.encode() not in shown:
            assert time.monotonic() < deadline and child.poll() is None, shown.decode(errors="replace")[-3000:]
            if select.select([master], [], [], 0.5)[0]:
                with contextlib.suppress(OSError):
                    shown += os.read(master, 65536)
    finally:
        os.close(master)  # the terminal is gone: SIGHUP, and every later write to it fails (EIO)
    try:
        return child.wait(timeout=240), shown.decode(errors="replace")
    finally:
        if child.poll() is None:
            child.kill()


HANGUP_STUDY = study_text(title="hang-up", head="""\
workloads = ["command"]
[workload_params.command]
command = "sh -c 'head -c 1000000 /dev/zero > f; sync; sleep 1'"
""")


@pytest.mark.loopdev
@pytest.mark.slow
@pytest.mark.parametrize("stderr", ["terminal", "file"])
def test_a_lost_terminal_ends_the_run_like_ctrl_c_and_keeps_it(tmp_path, lab, stderr):
    """The terminal closes mid-run (second repeat): the run is cancelled and cleaned up, stored
    with what it measured, the audit log says why, and fstune exits 130 without a traceback,
    its summary to the dead terminal going nowhere."""
    from fstune.results.store import Store

    data = lab.disks[0].data
    study = tmp_path / "hangup.toml"
    study.write_text(HANGUP_STUDY)
    state = tmp_path / "state"
    env = {**os.environ, "XDG_STATE_HOME": str(state), "TERM": "xterm", "FSTUNE_LAB_ONLY": "1"}
    run_id = f"hangup-{os.getpid()}"
    argv = [sys.executable, "-m", "fstune", "run", "--study", str(study), "--device", data, "--yes",
            "--run-id", run_id]
    errors = tmp_path / "stderr.txt"
    try:
        with open(errors, "w") as err:
            code, shown = _run_until_hangup(argv, env, "(repeat 2)", None if stderr == "terminal" else err)
    finally:
        shutil.rmtree(paths.reports_root(env) / run_id, ignore_errors=True)  # the run's tool reports
    said = errors.read_text()
    assert code == 130, (code, said, shown[-2000:])
    assert "Traceback" not in said and "Error" not in said, said
    assert f"{default_mount_root()}/{run_id}" not in Path("/proc/self/mountinfo").read_text()
    assert not Path(f"{default_mount_root()}/{run_id}").exists()
    log = read_log(next((state / "fstune" / "logs").glob(f"{run_id}*.jsonl")))
    assert log[-1]["event"] == "run-end" and log[-1]["status"] == "cancelled"
    assert log[-1]["reason"] == "the terminal was lost (SIGHUP)"
    with Store(state / "fstune") as store:
        [stored] = store.list_runs()
        record = store.load_run(stored.id)
    assert stored.status == "cancelled" and stored.repeats_ok >= 1
    assert [r.repeat for r in record.results if r.config == "base" and not r.failed][:1] == [1]


@pytest.mark.loopdev
def test_yes_answers_a_tools_question_for_the_confirmed_device(tmp_path, lab, state_home, capsys,
                                                               run_destructive):
    data = lab.disks[0].data
    run_destructive(["mkfs.ext4", "-q", "-F", data], data)
    old = blkid(data, "UUID")
    code = main(["run", "--study", study_file(tmp_path), "--device", data, "--workloads", "none", "--yes",
                 "--no-force", "--run-id", f"noforce-{os.getpid()}"])
    out, err = capsys.readouterr()
    assert code == 0, err + out
    assert "Proceed anyway? (y,N) y" in out  # mke2fs asked (no -F) and got the answer for the named device
    assert blkid(data, "UUID") not in ("", old)


@pytest.mark.loopdev
def test_a_tools_question_is_asked_at_the_terminal(tmp_path, lab, state_home, run_destructive):
    """Without --yes the person answers mke2fs's own question (here: --no-force on an ext4)."""
    import sys

    import pexpect

    data = lab.disks[0].data
    run_destructive(["mkfs.ext4", "-q", "-F", data], data)
    old = blkid(data, "UUID")
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "fstune", "run", "--study", study_file(tmp_path), "--device", data,
                                           "--workloads", "none", "--no-force"],
                          env=env, encoding="utf-8", timeout=60, dimensions=(30, 100))
    child.expect("to confirm: ")
    child.sendline(data)
    child.expect("mkfs.ext4 asks: Proceed anyway\\? \\(y,N\\)")
    child.expect("Your answer")
    child.sendline("")  # an empty answer declines
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1 and "you declined" in child.before
    assert blkid(data, "UUID") == old


def test_the_display_prints_what_the_run_view_holds(monkeypatch, capsys):
    """The CLI draws the session's RunView and nothing else: a played run (no root, no devices)
    printed as plain lines: each block's line, the looks before the block after them and the last
    in the summary, why the blocks ended."""
    from fstune.cli.run import Display
    from tests.test_measure import pressure_clock
    from tests.test_run_view import NOISY, played_session

    monkeypatch.setattr("fstune.measure.measurement.host_snapshot", pressure_clock()[1])
    plan, session, _ = played_session(NOISY)
    display = Display(plan, session.view, interactive_answers=False)
    assert not display.live_mode  # captured: plain lines
    with display:
        session.run(display.changed)
    display.summary()
    out = capsys.readouterr().out
    blocks = [line for line in out.splitlines() if line.startswith("── block")]
    assert blocks[0].startswith("── block 1 of 3 (up to 6): ") and "% of the run · about" in blocks[0]
    assert blocks[3].startswith("── block 4 of 6: ")  # the new total once blocks were added
    first_look = out.index("── Look at 3 blocks: ")
    assert out.index("── block 3 of 3") < first_look < out.index("── block 4 of 6")
    assert "\nLook at 6 blocks: " in out and "\nBlocks: 6 (" in out
    assert out.count("    Throughput ") == 12  # every output line of every measured step, once
    assert f"Done: {len(session.view.snapshot().rows)} steps in " in out
