"""The runner's engine on ordinary commands (no block devices): output, progress, questions,
redirects, failures, cancels, cleanup, the audit log and leftovers.

Each test runs real processes in real pseudo-terminals; none needs a disk.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from fstune import steps as kinds
from fstune.runner import mountguard
from fstune.runner.audit import default_log_dir, read_log
from fstune.plan import Choices, DeviceChoice, Plan, check_run_id, new_run_id
from fstune.runner import (
    CANCELLED, DECLINED, FAIL_DECLINED, FAIL_STEP, FAILED, FINISHED, OK, STATE_FILE, WARNING,
    LineAssembler, Notice, OutputLine, Progress, Prompt, RunCancelled, RunFailed,
    RunFinished, Runner, StepStarted, clean_leftovers, find_leftovers, handle_signals, match_prompt,
    progress_parser_for,
)
from fstune.filesystems.ext import Mke2fsProgress
from fstune.steps import Step
from fstune.studies import parse_study
from fstune.workloads.metadata import DbenchProgress  # the runner asks the workloads for their tools' parsers
from fstune.workloads.throughput import FioProgress

PY = sys.executable

STUDY = parse_study(textwrap.dedent('''\
    title = "engine"
    summary = "s"
    explanation = "e"
    [[configurations]]
    name = "a"
    title = "a"
    filesystem = "ext4"
    [[configurations]]
    name = "b"
    title = "b"
    filesystem = "ext4"
    mount_options = "noatime"
'''), "engine.toml")


def make_plan(tmp_path: Path, steps, finish=(), run_id: str = "engine") -> Plan:
    choices = Choices(STUDY, DeviceChoice("/dev/fstune-test-none", 10**9), run_id=run_id,
                      mount_root=str(tmp_path / "run"), work_root=str(tmp_path / "work"))
    return Plan(choices, tuple(steps), (), tuple(finish), (), (), 1)


def step(*argv: str, **kwargs) -> Step:
    kwargs.setdefault("title", " ".join(argv)[:40])
    kwargs.setdefault("why", "test")
    kwargs.setdefault("kind", kinds.PREPARE)
    return Step(tuple(argv), **kwargs)


def python(code: str, **kwargs) -> Step:
    return step(PY, "-c", textwrap.dedent(code), **kwargs)


def run(tmp_path, steps, finish=(), **kwargs):
    events = []
    runner = Runner(make_plan(tmp_path, steps, finish), identities={}, log_dir=tmp_path / "logs", **kwargs)
    outcome = runner.run(events.append)
    return outcome, events


def final_lines(events, index=None):
    """Replay OutputLine events as a terminal log would: updates replace, the rest append."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, OutputLine) and (index is None or event.index == index):
            if event.update:
                assert lines, "an update arrived before any line"
                lines[-1] = event.text
            else:
                lines.append(event.text)
    return lines


# --- terminal output → lines ---------------------------------------------------------------


def assemble(chunks):
    out = []
    assembler = LineAssembler(lambda text, update, partial, _rewritten: out.append((text, update, partial)))
    for chunk in chunks:
        assembler.feed(chunk)
    assembler.close()
    return out


def replay(out):
    lines = []
    for text, update, _partial in out:
        if update:
            lines[-1] = text
        else:
            lines.append(text)
    return lines


MKE2FS_RECORDED = (
    "mke2fs 1.47.0 (5-Feb-2023)\n"
    "Discarding device blocks:      0/307200\b\b\b\b\b\b\b\b\b\b\b\b\b             \b\b\b\b\b\b\b\b\b\b\b\b\bdone"
    "                            \n"
    "Allocating group tables:  0/38\b\b\b\b\b     \b\b\b\b\b 1/38\b\b\b\b\b     \b\b\b\b\bdone                            \n"
    "Writing inode tables:  0/38\b\b\b\b\b     \b\b\b\b\bdone                            \n"
)


def test_backspace_progress_is_one_line_in_its_final_state():
    lines = replay(assemble([MKE2FS_RECORDED]))
    assert lines == ["mke2fs 1.47.0 (5-Feb-2023)", "Discarding device blocks: done",
                     "Allocating group tables: done", "Writing inode tables: done"]


@pytest.mark.parametrize("seed", range(40))
def test_any_chunking_gives_the_same_lines(seed):
    text = ("a\r\nplain line\nx 10%\rx 20%\rx 30%\n" + MKE2FS_RECORDED + "\x1b[1mbold\x1b[0m\n"
            + "wipe me\r\x1b[Kclean\nprompt? ")
    rng = random.Random(seed)
    cuts = sorted(rng.sample(range(1, len(text)), 12))
    chunks = [text[i:j] for i, j in zip([0, *cuts], [*cuts, len(text)])]
    expected = replay(assemble([text]))
    assert replay(assemble(chunks)) == expected
    assert expected[:4] == ["a", "plain line", "x 30%", "mke2fs 1.47.0 (5-Feb-2023)"]
    assert expected[-3:] == ["bold", "clean", "prompt? "]


def test_unfinished_line_is_partial_then_finished_once():
    out = assemble(["Proceed anyway? (y,N) ", "y\n", "next\n"])
    assert out[0] == ("Proceed anyway? (y,N) ", False, True)
    assert out[1] == ("Proceed anyway? (y,N) y", True, False)
    assert out[2] == ("next", False, False)
    assert sum(1 for _t, _u, partial in out if not partial) == 2


# --- progress and questions, on recorded tool output --------------------------------------------


def test_mke2fs_progress():
    parser = Mke2fsProgress()
    assert parser.parse("Writing inode tables: 12/64") == (12 / 64, None, "Writing inode tables")
    fraction, _eta, label = parser.parse("Checking for bad blocks (read-only test):  25.00% done, 0:03 elapsed. (0/0/0 errors)")
    assert (fraction, label) == (0.25, "Checking for bad blocks")
    assert parser.parse("Creating journal (4096 blocks): done") is None


def test_the_filesystems_name_their_tools_progress_parser_and_package():
    from fstune import filesystems

    assert isinstance(filesystems.progress_parser("/sbin/mkfs.ext3"), Mke2fsProgress)
    assert isinstance(filesystems.progress_parser("mke2fs"), Mke2fsProgress)
    assert filesystems.progress_parser("mkfs.xfs") is None and filesystems.progress_parser("fio") is None
    assert filesystems.package_of("tune2fs") == "e2fsprogs" and filesystems.package_of("fio") is None


def test_fio_progress_reads_percent_and_eta():
    parser = FioProgress()
    assert parser.parse("Jobs: 4 (f=4): [W(4)][45.0%][w=812MiB/s][w=208k IOPS][eta 00m:11s]") == (0.45, 11.0, "fio")
    assert parser.parse("Jobs: 1 (f=1): [R(1)][10.0%][r=1MiB/s][eta 01h:02m:03s]")[1] == 3723.0
    assert parser.parse("Jobs: 1 (f=1)") is None


def test_dbench_progress_counts_warmup_then_execute():
    parser = progress_parser_for(["dbench", "-D", "/mnt", "-t", "10", "8"])
    assert isinstance(parser, DbenchProgress)
    assert parser.parse("Running for 10 seconds with load 'client.txt' and minimum warmup 2 secs") is None
    assert parser.parse("   8       363    42.40 MB/sec  warmup   1 sec  latency 22.146 ms") == (1 / 12, 11.0, "dbench warmup")
    assert parser.parse("   8    195351  1042.60 MB/sec  execute   5 sec  latency 8.131 ms") == (7 / 12, 5.0, "dbench execute")
    # the workload helper's wrapper is looked through
    wrapped = progress_parser_for(["fstune", "workload-helper", "count-writes", "--result", "r", "--", "fio", "x"])
    assert isinstance(wrapped, FioProgress)


@pytest.mark.parametrize("text, kind", [
    ("Proceed anyway? (y,N) ", "known"),
    ("Continue? (Y/N) ", "known"),
    ("ALL DATA WILL BE LOST ON '/dev/x'!\nContinue (y/n):", "known"),
    ("Really wipe it [y/N]: ", "generic"),
    ("Do you want to continue? ", "generic"),
    ("Writing inode tables: 3/8", None),
    ("done", None),
])
def test_questions_are_recognised(text, kind):
    assert match_prompt(text.split("\n")[-1]) == kind


# --- running real commands ---------------------------------------------------------------------


def test_many_lines_and_progress_arrive_in_order_and_complete(tmp_path):
    code = """
        import sys
        for i in range(30000):
            print(f"line {i}")
            if i % 3000 == 0:
                for pct in range(0, 101, 20):
                    sys.stdout.write(f"\\rworking {pct}%"); sys.stdout.flush()
                sys.stdout.write("\\n")
            if i % 7000 == 0:
                print(f"to stderr {i}", file=sys.stderr, flush=True)
    """
    outcome, events = run(tmp_path, [python(code)])
    assert outcome.status == FINISHED, outcome.reason
    expected = []
    for i in range(30000):
        expected.append(f"line {i}")
        if i % 3000 == 0:
            expected.append("working 100%")
        if i % 7000 == 0:
            expected.append(f"to stderr {i}")
    assert final_lines(events) == expected
    finished = [e.text for e in events if isinstance(e, OutputLine) and not e.partial]
    assert finished == expected, "every line must arrive exactly once in its final form"
    progress = [e for e in events if isinstance(e, Progress)]
    assert progress and progress[-1].fraction == 1.0
    # the audit log keeps every finished line too, in order
    log = read_log(outcome.audit_path)
    assert [r["text"] for r in log if r["event"] == "output"] == expected


def test_event_order_for_a_run(tmp_path):
    outcome, events = run(tmp_path, [step("echo", "one"), step("echo", "two")])
    names = [type(e).__name__ for e in events]
    assert names == ["RunStarted", "StepStarted", "OutputLine", "StepFinished",
                     "StepStarted", "OutputLine", "StepFinished", "RunFinished"]
    assert isinstance(events[-1], RunFinished) and outcome.exit_code == 0


def test_stdout_goes_to_the_file_and_stderr_to_the_terminal(tmp_path):
    out = tmp_path / "out.txt"
    script = "echo to-file; echo to-pty >&2; test -t 1 || echo fd1-is-no-tty; test -t 2 && echo fd2-is-tty >&2"
    outcome, events = run(tmp_path, [step("sh", "-c", script, stdout=str(out))])
    assert outcome.status == FINISHED
    assert out.read_text() == "to-file\nfd1-is-no-tty\n"
    assert final_lines(events) == ["to-pty", "fd2-is-tty"]


def test_cwd_and_environment(tmp_path):
    (tmp_path / "here").mkdir()
    outcome, events = run(tmp_path, [step("sh", "-c", 'pwd; tty >/dev/null && echo has-tty; echo "$LC_ALL"',
                                          cwd=str(tmp_path / "here"))])
    assert outcome.status == FINISHED
    assert final_lines(events) == [str(tmp_path / "here"), "has-tty", "C"]


def test_allowed_failure_is_a_warning_and_the_run_goes_on(tmp_path):
    outcome, events = run(tmp_path, [step("sh", "-c", "echo nope >&2; exit 3", allow_failure="could not frob"),
                                     step("echo", "after")])
    assert outcome.status == FINISHED
    assert outcome.results[0].status == WARNING and outcome.results[0].exit_status == 3
    assert "could not frob" in outcome.warnings[0]
    assert any(isinstance(e, Notice) and e.level == "warning" for e in events)
    assert final_lines(events)[-1] == "after"


def test_a_failed_step_stops_the_run_and_cleanup_steps_still_run(tmp_path):
    made = tmp_path / "run" / "engine" / "mp"
    scratch = tmp_path / "scratch"
    steps = [
        step("mkdir", "-p", str(made), kind=kinds.MKDIR, mountpoint=str(made)),
        step("mkdir", "-p", str(scratch)),
        step("sh", "-c", "echo first; echo 'it broke' >&2; exit 4", title="Break"),
        step("echo", "never"),
        step("rmdir", str(made), kind=kinds.RMDIR, cleanup=True, mountpoint=str(made)),
    ]
    finish = [step("rmdir", str(tmp_path / "run" / "engine"), kind=kinds.RMDIR, cleanup=True,
                   mountpoint=str(tmp_path / "run" / "engine"), allow_failure="not empty"),
              step("rm", "-rf", str(scratch), kind=kinds.RMDIR, cleanup=True)]
    outcome, events = run(tmp_path, steps, finish)
    assert outcome.status == FAILED and outcome.kind == FAIL_STEP and outcome.exit_code == 1
    assert "Step 3 (Break) failed" in outcome.reason and "it broke" in outcome.reason
    assert "never" not in final_lines(events)
    cleanup = [e.step.argv[0] for e in events if isinstance(e, StepStarted) and e.cleanup]
    assert cleanup == ["rmdir", "rmdir", "rm"]
    assert not made.exists() and not scratch.exists() and not (tmp_path / "run" / "engine").exists()
    assert isinstance(events[-1], RunFailed) and events[-1].index == 2


def test_missing_tool_fails_with_the_package_to_install(tmp_path):
    outcome, _ = run(tmp_path, [step("fstune-no-such-tool-xyz")])
    assert outcome.status == FAILED and "not installed" in outcome.reason
    steps = [step("mkfs.xfs", "-V")]
    outcome, _ = run(tmp_path, steps, environ={"PATH": str(tmp_path)})
    # EXTRA_PATH still finds sbin tools when they are installed; otherwise the package is named
    assert outcome.status == FINISHED or "xfsprogs" in outcome.reason


# --- questions ------------------------------------------------------------------------------------


ASKS = 'printf "Do you want to continue? "; read answer; echo "answer=$answer"'


def test_a_question_waits_for_the_consumer_and_gets_its_answer(tmp_path):
    runner = Runner(make_plan(tmp_path, [step("sh", "-c", ASKS)]), identities={}, log_dir=tmp_path / "logs")
    seen = []
    for event in runner.events():
        seen.append(event)
        if isinstance(event, Prompt):
            assert event.text == "Do you want to continue?" and event.tool == "sh" and not event.known
            event.reply("yes please")
    assert runner.outcome.status == FINISHED
    assert final_lines(seen)[-1] == "answer=yes please"
    log = read_log(runner.outcome.audit_path)
    assert [r["text"] for r in log if r["event"] == "answer"] == ["yes please"]


def test_declining_stops_the_step_and_fails_the_run(tmp_path):
    marker = tmp_path / "went-on"
    outcome, events = run(tmp_path, [step("sh", "-c", f'printf "Proceed anyway? (y,N) "; read a; touch {marker}')],
                          answer=lambda prompt: None)
    assert outcome.status == FAILED and outcome.kind == FAIL_DECLINED
    assert "you declined" in outcome.reason and "Proceed anyway? (y,N)" in outcome.reason
    assert outcome.results[0].status == DECLINED
    assert not marker.exists()
    # "n" is a no as well: nothing is sent (mkfs.jfs would take "n" and exit 0 as if done)
    outcome, _ = run(tmp_path, [step("sh", "-c", f'printf "Continue? (Y/N) "; read a; touch {marker}')],
                     answer=lambda prompt: "n")
    assert outcome.kind == FAIL_DECLINED and not marker.exists()


def test_a_busy_tool_ending_in_a_question_mark_is_not_asked_about(tmp_path):
    code = 'import time; print("is it ready?", end="", flush=True); time.sleep(1.2); print(" yes")'
    asked = []
    outcome, events = run(tmp_path, [python(code)], answer=lambda prompt: asked.append(prompt) or "x")
    assert outcome.status == FINISHED and not asked
    assert final_lines(events) == ["is it ready? yes"]


# --- cancelling -----------------------------------------------------------------------------------


def test_cancel_stops_the_process_group_and_runs_cleanup(tmp_path):
    made = tmp_path / "mp"
    pidfile = tmp_path / "pids"
    steps = [step("mkdir", str(made), kind=kinds.MKDIR, mountpoint=str(made)),
             step("sh", "-c", f"sleep 30 & echo $! > {pidfile}; echo started; wait", title="Sleep"),
             step("rmdir", str(made), kind=kinds.RMDIR, cleanup=True, mountpoint=str(made))]
    runner = Runner(make_plan(tmp_path, steps), identities={}, log_dir=tmp_path / "logs")
    events = []

    def on_event(event):
        events.append(event)
        if isinstance(event, OutputLine) and event.text == "started":
            runner.cancel("test says stop")

    started = time.monotonic()
    outcome = runner.run(on_event)
    assert time.monotonic() - started < 5
    assert outcome.status == CANCELLED and outcome.exit_code == 130 and outcome.reason == "test says stop"
    assert outcome.results[1].status == CANCELLED and outcome.results[1].signal == signal.SIGINT
    assert isinstance(events[-1], RunCancelled)
    assert not made.exists()
    sleeper = int(pidfile.read_text())
    time.sleep(0.2)
    assert not Path(f"/proc/{sleeper}").exists() or "Z" in Path(f"/proc/{sleeper}/stat").read_text().split()[2]


def test_a_tool_ignoring_sigint_gets_sigterm(tmp_path):
    code = """
        import signal, time
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("ready", flush=True)
        time.sleep(30)
    """
    runner = Runner(make_plan(tmp_path, [python(code)]), identities={}, log_dir=tmp_path / "logs",
                    grace=(0.5, 0.5))

    def on_event(event):
        if isinstance(event, OutputLine) and event.text == "ready":
            runner.cancel("stop")

    outcome = runner.run(on_event)
    assert outcome.status == CANCELLED
    assert outcome.results[0].signal == signal.SIGTERM


def test_sigint_to_fstune_cancels_cleanly(tmp_path):
    steps = [step("sh", "-c", "echo go; sleep 30"), step("echo", "never")]
    runner = Runner(make_plan(tmp_path, steps), identities={}, log_dir=tmp_path / "logs")
    notes = []

    def on_event(event):
        if isinstance(event, OutputLine) and event.text == "go":
            os.kill(os.getpid(), signal.SIGINT)  # as Ctrl-C would

    # whatever handled SIGINT before comes back: Python's own, or SIG_IGN when the suite was
    # started as a background job
    before = signal.getsignal(signal.SIGINT)
    with handle_signals(runner, on_signal=notes.append):
        outcome = runner.run(on_event)
    assert outcome.status == CANCELLED and notes == ["interrupted (Ctrl-C)"]
    assert [r.status for r in outcome.results] == [CANCELLED]
    assert signal.getsignal(signal.SIGINT) is before


def test_leaving_the_event_loop_cancels_the_run(tmp_path):
    runner = Runner(make_plan(tmp_path, [step("sh", "-c", "echo go; sleep 30")]), identities={},
                    log_dir=tmp_path / "logs")
    started = time.monotonic()
    for event in runner.events():
        if isinstance(event, OutputLine):
            break
    assert time.monotonic() - started < 5
    assert runner.outcome.status == CANCELLED


# --- audit log, leftovers ----------------------------------------------------------------------------


def test_audit_log_records_every_command(tmp_path):
    outcome, _ = run(tmp_path, [step("echo", "hello"), step("sh", "-c", "exit 2", title="Two")])
    log = read_log(outcome.audit_path)
    kinds_seen = [r["event"] for r in log]
    assert kinds_seen[0] == "run-start" and kinds_seen[-1] == "run-end"
    starts = [r for r in log if r["event"] == "step-start"]
    assert [r["argv"] for r in starts] == [["echo", "hello"], ["sh", "-c", "exit 2"]]
    ends = [r for r in log if r["event"] == "step-end"]
    assert [(r["status"], r["exit_status"]) for r in ends] == [(OK, 0), (FAILED, 2)]
    assert all(r["duration"] >= 0 and r["time"] > 1e9 for r in ends)
    assert log[-1]["status"] == FAILED and "Two" in log[-1]["reason"]
    assert Path(outcome.audit_path).parent == tmp_path / "logs"


def test_log_directory_rules(tmp_path):
    assert default_log_dir(0, {}) == Path("/var/log/fstune")
    assert default_log_dir(1000, {"HOME": "/home/u"}) == Path("/home/u/.local/state/fstune/logs")
    assert default_log_dir(1000, {"XDG_STATE_HOME": "/x/state"}) == Path("/x/state/fstune/logs")
    assert default_log_dir(0, {"XDG_STATE_HOME": str(tmp_path)}) == tmp_path / "fstune" / "logs"


def test_state_file_exists_during_the_run_and_is_gone_after(tmp_path):
    state = tmp_path / "run" / "engine" / STATE_FILE
    outcome, _ = run(tmp_path, [step("sh", "-c", f"cat {state}")])
    assert outcome.status == FINISHED
    log = read_log(outcome.audit_path)
    text = "".join(r["text"] for r in log if r["event"] == "output")
    assert json.loads(text)["pid"] == os.getpid()
    assert not state.exists() and not state.parent.exists()


def test_leftovers_of_a_dead_run_are_found_but_a_live_run_is_not(tmp_path):
    root = tmp_path / "run"
    dead = root / "dead-run"
    (dead / "cfg").mkdir(parents=True)
    (dead / STATE_FILE).write_text(json.dumps({"run_id": "dead-run", "pid": 2**22 + 7, "study": "s"}))
    live = root / "live-run"
    live.mkdir()
    (live / STATE_FILE).write_text(json.dumps({"run_id": "live-run", "pid": os.getpid(),
                                               "start": Path(f"/proc/{os.getpid()}/stat").read_text().rsplit(")", 1)[1].split()[19]}))
    hand = root / "by-hand"  # a dry-run script's directory has no state file: never touched
    hand.mkdir()
    found = find_leftovers(str(root))
    assert [leftover.run_id for leftover in found] == ["dead-run"]
    assert found[0].mounts == ()
    report = clean_leftovers(found)
    assert report.ok and not dead.exists() and live.exists() and hand.exists()


def test_a_dead_run_s_mountpoints_are_unsealed_and_what_landed_below_is_removed_and_said(tmp_path):
    """A killed run leaves its mountpoint directories immutable (mountguard); one that stopped
    being a mount may hold what a benchmark wrote. The next start finds both and clears them."""
    root = tmp_path / "run"
    dead = root / "dead-run"
    (dead / "sealed").mkdir(parents=True)
    assert mountguard.seal(str(dead / "sealed")) is None
    stray = dead / "written"
    (stray / "fio").mkdir(parents=True)
    (stray / "data").write_bytes(b"\0" * 1048576)
    (stray / "fio" / "job.0.0").write_bytes(b"\0" * 4096)
    (stray / "fio" / "link").symlink_to("/etc/hostname")  # removed, never followed
    (dead / STATE_FILE).write_text(json.dumps({"run_id": "dead-run", "pid": 2**22 + 7, "study": "s"}))
    [found] = find_leftovers(str(root))
    assert [(s.directory, s.files, s.directories, s.size) for s in found.strays] == [(str(stray), 3, 1, 1052672)]
    assert (f"a run directory; 1.0 MiB (1052672 bytes in 3 file(s) and 1 directory) in {stray}, written while "
            "nothing was mounted there") in found.describe()
    report = clean_leftovers([found])
    assert report.ok, report.failed
    assert report.cleared == [f"1.0 MiB (1052672 bytes in 3 file(s) and 1 directory) in {stray}, written while "
                              "nothing was mounted there"]
    assert not dead.exists() and Path("/etc/hostname").exists()


def test_a_dead_run_whose_mountpoint_cannot_be_cleared_stays_findable(tmp_path):
    """What cannot be removed (here a file someone made immutable below a mountpoint) keeps the
    run's state file, so the next start finds the leftover again (docs/safety.md)."""
    root = tmp_path / "run"
    dead = root / "dead-run"
    (dead / "written").mkdir(parents=True)
    stuck = dead / "written" / "stuck"
    stuck.write_bytes(b"\0" * 4096)
    (dead / STATE_FILE).write_text(json.dumps({"run_id": "dead-run", "pid": 2**22 + 7, "study": "s"}))
    if subprocess.run(["chattr", "+i", str(stuck)], capture_output=True).returncode != 0:
        pytest.skip("this filesystem does not take the immutable flag")
    try:
        report = clean_leftovers(find_leftovers(str(root)))
        assert not report.ok and (dead / STATE_FILE).exists()
        assert [leftover.run_id for leftover in find_leftovers(str(root))] == ["dead-run"]
    finally:
        subprocess.run(["chattr", "-i", str(stuck)], check=False)


def test_of_two_runs_claiming_one_directory_at_once_exactly_one_wins(tmp_path):
    run_dir = tmp_path / "run" / "same"
    go = tmp_path / "go"
    script = ("import os, sys, time\n"
              "from fstune.errors import FstuneError\n"
              "from fstune.runner.leftovers import claim_run_dir\n"
              "while not os.path.exists(sys.argv[2]): time.sleep(0.001)\n"
              "try:\n"
              "    claim_run_dir(sys.argv[1], run_id='same', study='s', audit=None)\n"
              "except FstuneError as error:\n"
              "    print('refused', error, flush=True); sys.exit(0)\n"
              "print('won', flush=True); time.sleep(60)\n")
    racers = [subprocess.Popen([sys.executable, "-c", script, str(run_dir), str(go)], stdout=subprocess.PIPE,
                               text=True) for _ in range(4)]
    try:
        go.touch()
        answers = [racer.stdout.readline().split()[0] for racer in racers]
        assert sorted(answers) == ["refused"] * 3 + ["won"], answers
    finally:
        for racer in racers:
            racer.kill()
            racer.wait()


def test_the_default_run_id_names_the_process_so_two_started_at_once_differ():
    # the wizard and `fstune run` both name a run this way; the pid tells two in one second apart
    run_id = new_run_id()
    assert check_run_id(run_id) == run_id and run_id.endswith(f"-{os.getpid()}")
    child = subprocess.run([sys.executable, "-c", "from fstune.plan import new_run_id; print(new_run_id())"],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert child != run_id and check_run_id(child) == child


@pytest.mark.parametrize("number, reason", [(signal.SIGTERM, "stopped by SIGTERM"),
                                            (signal.SIGHUP, "the terminal was lost (SIGHUP)")])
def test_sigterm_and_a_lost_terminal_cancel_cleanly(tmp_path, number, reason):
    made = tmp_path / "mp"
    steps = [step("mkdir", str(made), kind=kinds.MKDIR, mountpoint=str(made)),
             step("sh", "-c", "echo go; sleep 30"),
             step("rmdir", str(made), kind=kinds.RMDIR, cleanup=True, mountpoint=str(made))]
    runner = Runner(make_plan(tmp_path, steps), identities={}, log_dir=tmp_path / "logs")

    def on_event(event):
        if isinstance(event, OutputLine) and event.text == "go":
            os.kill(os.getpid(), number)

    with handle_signals(runner):
        outcome = runner.run(on_event)
    assert outcome.status == CANCELLED and outcome.reason == reason
    assert not made.exists()
    assert read_log(outcome.audit_path)[-1]["status"] == CANCELLED


SECOND_CTRL_C = """
import os, signal, sys, threading
sys.path.insert(0, {root!r})
from tests.test_runner_engine import make_plan, step
from fstune.runner import OutputLine, Runner, handle_signals
from pathlib import Path
tmp = Path({tmp!r})
pidfile = tmp / "child.pid"
# the step ignores the first SIGINT, so the first Ctrl-C alone cannot stop it within the grace
runner = Runner(make_plan(tmp, [step("sh", "-c", f"trap '' INT; echo $$ > {{pidfile}}; echo go; sleep 30")]),
                identities={{}}, log_dir=tmp / "logs", grace=(20, 20))
def on_event(event):
    if isinstance(event, OutputLine) and event.text == "go":
        os.kill(os.getpid(), signal.SIGINT)
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
with handle_signals(runner):
    runner.run(on_event)
print("not reached")
"""


def test_a_second_ctrl_c_stops_at_once(tmp_path):
    import subprocess

    code = SECOND_CTRL_C.format(root=str(Path(__file__).resolve().parent.parent), tmp=str(tmp_path))
    started = time.monotonic()
    result = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=30)
    assert result.returncode == 130, result.stderr
    assert time.monotonic() - started < 10
    assert "stopped at once" in result.stderr and "not reached" not in result.stdout
    child = int((tmp_path / "child.pid").read_text())
    time.sleep(0.2)
    assert not Path(f"/proc/{child}").exists() or " Z " in Path(f"/proc/{child}/stat").read_text()
    log = read_log(next((tmp_path / "logs").glob("*.jsonl")))
    assert log[-1]["event"] == "run-end" and "second Ctrl-C" in log[-1]["reason"]


def test_yes_answers_only_for_a_confirmed_device():
    from fstune.devices.model import Identity
    from fstune.runner import confirmed_device_answerer

    # any block device node will do: only its number is looked at (stat), nothing is opened
    nodes = sorted(f"/dev/{p.name}" for p in Path("/sys/class/block").iterdir() if Path(f"/dev/{p.name}").exists())
    if len(nodes) < 2:
        pytest.skip("needs two block device nodes")
    mine, theirs = nodes[:2]
    st = os.stat(mine)
    identities = {mine: Identity(mine, os.major(st.st_rdev), os.minor(st.st_rdev), 0)}
    answer = confirmed_device_answerer(identities)
    confirmed = Prompt(0, Step(("mkfs.ext4", mine), "t", "w", kinds.MKFS, destructive=True,
                               device=mine), "Proceed anyway? (y,N)", "mkfs.ext4", True)
    other = Prompt(0, Step(("mkfs.ext4", theirs), "t", "w", kinds.MKFS, destructive=True,
                           device=theirs), "Proceed anyway? (y,N)", "mkfs.ext4", True)
    no_device = Prompt(0, Step(("sh",), "t", "w", kinds.PREPARE), "Sure?", "sh", False)
    assert answer(confirmed) == "y"
    assert answer(other) is None and answer(no_device) is None


def test_a_consumer_that_breaks_stops_the_run_safely(tmp_path):
    made = tmp_path / "mp"
    steps = [step("mkdir", str(made), kind=kinds.MKDIR, mountpoint=str(made)),
             step("sh", "-c", "echo go; sleep 30"),
             step("rmdir", str(made), kind=kinds.RMDIR, cleanup=True, mountpoint=str(made))]

    def broken(event):
        if isinstance(event, OutputLine) and event.text == "go":
            raise ValueError("widget gone")

    runner = Runner(make_plan(tmp_path, steps), identities={}, log_dir=tmp_path / "logs")
    started = time.monotonic()
    outcome = runner.run(broken)
    assert time.monotonic() - started < 5
    assert outcome.status == CANCELLED and "widget gone" in outcome.reason
    assert not made.exists()


def test_fio_placeholder_eta_is_dropped():
    parser = FioProgress()
    found = parser.parse("Jobs: 0 (f=0): [_(2),w(2),P(4)][0.0%][w=102MiB/s][w=26.0k IOPS][eta 74565d:09h:42m:21s]")
    assert found == (0.0, None, "fio")


def test_a_failure_quotes_the_first_complaint_even_after_many_more_lines(tmp_path):
    # a full disk: one "No space left on device", then a flood of consequences
    script = ("echo 'tar: d1/f1: Cannot write: No space left on device'; "
              "for i in $(seq 100); do echo \"tar: d2/f$i: Cannot open: No such file or directory\"; done; exit 2")
    runner = Runner(make_plan(tmp_path, [step("sh", "-c", script)]), identities={}, log_dir=tmp_path / "logs")
    outcome = runner.run(lambda event: None)
    assert outcome.status == FAILED
    assert outcome.reason.endswith("sh exited with status 2: tar: d1/f1: Cannot write: No space left on device")


@pytest.mark.parametrize("raw, shown", [
    ("EXT4-fs: EXT4-fs: inode_readahead_blks must be 0", "EXT4-fs: inode_readahead_blks must be 0"),
    ("EXT4-fs (loop0p1): EXT4-fs (loop0p1): x", "EXT4-fs (loop0p1): x"),
    ("ext4: Unknown parameter 'x'", "ext4: Unknown parameter 'x'"),
    ("XFS (loop3p1): Filesystem has duplicate UUID", "XFS (loop3p1): Filesystem has duplicate UUID"),
])
def test_a_kernel_prefix_said_twice_is_shown_once(raw, shown):
    from fstune.runner.kernellog import _REPEATED_PREFIX

    assert _REPEATED_PREFIX.sub(r"\1", raw) == shown


def test_cancel_also_stops_what_the_step_started_in_sessions_of_its_own(tmp_path):
    """fio's job processes each call setsid(): a signal to the step's process group misses them,
    and once the leader is killed they would run on, unwatched. The step here ignores SIGINT and
    SIGTERM, so it ends by SIGKILL, as a tool slow to stop does."""
    pidfile = tmp_path / "escaped"
    script = (f"trap '' INT TERM; setsid sleep 300 & echo $! > {pidfile}; "
              "echo started; while :; do sleep 0.1; done")
    runner = Runner(make_plan(tmp_path, [step("bash", "-c", script, title="Escape")]), identities={},
                    log_dir=tmp_path / "logs", grace=(0.3, 0.3))

    def on_event(event):
        if isinstance(event, OutputLine) and event.text == "started":
            runner.cancel("test says stop")

    escaped = None
    try:
        outcome = runner.run(on_event)
        escaped = int(pidfile.read_text())
        assert outcome.status == CANCELLED and outcome.results[0].signal == signal.SIGKILL
        deadline = time.monotonic() + 5
        while Path(f"/proc/{escaped}").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not Path(f"/proc/{escaped}").exists(), "the step's own-session child kept running"
    finally:
        if escaped is not None and Path(f"/proc/{escaped}").exists():
            os.kill(escaped, signal.SIGKILL)
