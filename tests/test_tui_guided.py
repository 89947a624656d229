"""Guided mode in the run screen: every step waits for Enter (or the typed command), later
repeats may run unattended, cancel still cleans up; and the whole wizard on a lab, guided.

The first tests run harmless hand-made plans (as test_tui_run.py does); the loop-device test
drives the real wizard through one study on a lab disk pair, pressing Enter at each pause.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from fstune import steps as kinds
from fstune.stats.verdict import Verdict
from fstune.runner import CANCELLED, FINISHED, OK
from fstune.screens.guide import GuidePanel, GuideSummaryScreen
from fstune.screens.run import WAITING, ConfirmCancel, RunScreen
from test_tui_run import HostApp, log_lines, make_plan, plain, services, step, wait_for


async def next_pause(pilot, screen: RunScreen, timeout: float = 30.0):
    await wait_for(pilot, lambda: screen.waiting is not None or screen.ended, timeout=timeout, what="a pause")
    return screen.waiting


def guided(tmp_path):
    return dataclasses.replace(services(tmp_path), guided=True)


def panel_text(screen: RunScreen) -> str:
    panel = screen.query_one("#guide", GuidePanel)
    return "\n".join(plain(widget) for widget in panel.query(Static) if widget.display)


async def test_no_step_runs_before_enter_and_a_wrong_command_never_runs(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    plan = make_plan(tmp_path, [
        step("touch", str(first), title="make the first file"),
        step("touch", str(second), title="make the second file"),
    ])
    screen = RunScreen(plan, guided(tmp_path))
    async with HostApp(screen).run_test(size=(100, 30)) as pilot:
        waiting = await next_pause(pilot, screen)
        assert waiting.index == 0
        await pilot.pause(0.3)
        assert not first.exists(), "the step ran before Enter"
        assert screen.step_states()[0] == WAITING
        shown = panel_text(screen)
        assert f"$ touch {first}" in shown and "What:" in shown and "Why:" in shown
        await pilot.press("enter")
        waiting = await next_pause(pilot, screen)
        assert waiting.index == 1 and first.exists() and not second.exists()
        # typed by hand, wrong: the difference is shown, nothing runs
        await pilot.press("t")
        panel = screen.query_one("#guide", GuidePanel)
        assert screen.focused is panel.typed
        panel.typed.value = f"touch {tmp_path}/other"
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert "Not the same command" in panel_text(screen) and "Nothing ran" in panel_text(screen)
        assert not second.exists() and not (tmp_path / "other").exists()
        assert screen.waiting is not None and screen.waiting.index == 1
        # typed right (extra spaces do not matter): it runs
        panel.typed.value = f"  touch   {second} "
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.ended, what="the run to end")
        assert second.exists()
        assert screen.outcome.status == FINISHED and screen.step_states() == [OK, OK]
        assert any("you typed the command" in line for line in log_lines(screen))


async def test_cancel_while_waiting_runs_the_cleanup(tmp_path):
    mountpoint = tmp_path / "mp"
    plan = make_plan(tmp_path, [
        step("mkdir", str(mountpoint), title="make a directory"),
        step("true", title="never runs"),
    ], finish=[step("rmdir", str(mountpoint), title="remove it", kind=kinds.RMDIR, cleanup=True,
                    mountpoint=str(mountpoint))])
    screen = RunScreen(plan, guided(tmp_path))
    async with HostApp(screen).run_test(size=(100, 30)) as pilot:
        await next_pause(pilot, screen)
        await pilot.press("enter")
        waiting = await next_pause(pilot, screen)
        assert waiting.index == 1 and mountpoint.is_dir()
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmCancel), what="the cancel question")
        await pilot.press("y")
        await wait_for(pilot, lambda: screen.ended, what="the cancelled run to end")
        assert screen.outcome.status == CANCELLED
        assert not mountpoint.exists(), "the cleanup did not run"
        assert not screen.query_one("#guide", GuidePanel).has_class("shown")
        assert screen.waiting is None and screen.check_action("guide_go", ()) is False
        assert screen.step_states()[1] == "skipped"


async def test_not_guided_runs_straight_through(tmp_path):
    marker = tmp_path / "marker"
    plan = make_plan(tmp_path, [step("touch", str(marker), title="touch")])
    screen = RunScreen(plan, services(tmp_path))
    async with HostApp(screen).run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: screen.ended, what="the run to end")
        assert marker.exists() and not screen.query("#guide")


# --- the whole wizard, guided, on a lab -----------------------------------------------------------

STUDY = "ext4-external-journal"


def quick_guided_studies():
    """The shipped studies; the one under test measures dbench (5 s, 2 clients) and MB written."""
    from fstune.studies import load_studies

    studies = load_studies()
    studies[STUDY] = dataclasses.replace(
        studies[STUDY], workloads=("metadata", "writes"), repeats=3,
        workload_params={"metadata": {"clients": 2, "seconds": 5}, "writes": {"files": 200}})
    return studies


def guided_lab_services(tmp_path):
    from fstune.devices import scan
    from fstune.runner import Runner
    from fstune.screens.state import Services
    from fstune.results.store import Store

    def make_runner(plan, **options):
        options.pop("extend", None)  # exactly the planned 3 repeats: keeps the test short
        return Runner(plan, log_dir=tmp_path / "logs", **options)

    return Services(scan=scan, studies=quick_guided_studies, make_runner=make_runner,
                    open_store=lambda: Store(tmp_path / "state"), is_root=True, guided=True)


def fs_type(device: str) -> str:
    import subprocess

    return subprocess.run(["blkid", "-p", "-o", "value", "-s", "TYPE", device], capture_output=True,
                          text=True).stdout.strip()


@pytest.mark.loopdev
async def test_guided_mode_driven_by_pilot_through_one_study_on_a_lab(lab, tmp_path):
    from fstune.screens.app import make_app
    from fstune.screens.results import ResultsScreen
    from test_tui_wizard import pick_devices, settle, to_devices

    data, spare = lab.pairs()[0]
    app = make_app(guided_lab_services(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        app.state.run_id = f"tui-guided-{os.getpid()}"  # another suite on the machine may run it too
        await to_devices(pilot, STUDY)
        await pick_devices(pilot, data, spare)
        for _ in range(3):  # Devices → Options → Workloads → Review
            await pilot.press("ctrl+n")
            await settle(pilot)
        app.screen.query_one("#confirm-target", Input).value = data
        app.screen.query_one("#confirm-log", Input).value = spare
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), what="the run screen")
        screen = app.screen
        typed_wrong = typed_right = ran_unattended = False
        notes: list[str] = []
        pauses = 0
        while True:
            waiting = await next_pause(pilot, screen, timeout=120)
            if waiting is None:
                break
            pauses += 1
            step = waiting.step
            shown = panel_text(screen)
            assert step.title in screen.query_one("#current", Static).content.plain
            if "What to look for" in shown:
                notes.append(shown)
            if step.kind == kinds.MKFS and not typed_wrong:
                # the baseline's mkfs: a wrong command first (it must not run), then the right one
                assert fs_type(data) != "ext4"
                await pilot.press("t")
                panel = screen.query_one("#guide", GuidePanel)
                panel.typed.value = " ".join(step.argv).replace("4096", "1024")
                await pilot.press("enter")
                await pilot.pause(0.5)
                assert "word 3 is '1024'; the step has '4096'" in panel_text(screen)
                assert screen.waiting is waiting and fs_type(data) != "ext4", "a wrong command ran"
                panel.typed.value = "   ".join(step.argv)
                await pilot.press("enter")
                typed_wrong = typed_right = True
                continue
            if step.repeat == 2 and screen.check_action("guide_rest", ()) is True:
                await pilot.press("a")
                ran_unattended = True
                continue
            await pilot.press("enter")
        assert screen.outcome.status == FINISHED, screen.outcome.reason
        assert typed_wrong and typed_right and ran_unattended
        # later repeats ran without a pause: far fewer pauses than steps
        assert pauses < len(screen.step_states()) - 10
        # a look-for note after each configuration, from the study's own notes
        study = screen.plan.study
        assert len(notes) == 2
        assert "Configuration 'internal' is measured" in notes[0]
        assert " ".join(study.configuration("internal").look_for.split())[:40] in " ".join(notes[0].split())
        assert "Configuration 'external' is measured" in notes[1]
        # the end: what the measurements say, with the lab caveat
        await wait_for(pilot, lambda: isinstance(app.screen, GuideSummaryScreen)
                       and bool(app.screen.query("#summary-text")), what="the guided summary")
        summary = " ".join(plain(app.screen.query_one("#summary-text", Static)).split())
        assert "against the baseline 'internal'" in summary
        assert "dbench throughput (external):" in summary
        assert "Honest caveats" in summary and "One physical disk" in summary
        assert "whose backing files lie on one host filesystem" in summary  # the stored run's own caveat
        # the primary metric's verdict, in the words of the method (docs/verdicts.md)
        assert any(f"1 {verdict}" in summary for verdict in Verdict)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results screen")
    assert f" {data} " not in Path("/proc/self/mountinfo").read_text()


# --- snapshot: the pause panel before the baseline's mkfs, at 80×24 ----------------------------------


class PausedRunner:
    """Announces the first step at the gate and waits there, as the real Runner does."""

    def __init__(self, plan, gate=None, **kwargs) -> None:
        self.plan = plan
        self.steps = list(plan.steps)
        self.gate = gate

    def cancel(self, reason: str = "cancelled") -> None:
        self.gate.abort()

    def run(self, on_event):
        from fstune.runner import RunOutcome, RunStarted, StepWaiting

        on_event(RunStarted("snap", len(self.steps), self.plan.run_dir, "/var/log/fstune/snap.jsonl", 0.0))
        on_event(StepWaiting(0, len(self.steps), self.steps[0]))
        self.gate.wait(0)
        return RunOutcome(CANCELLED, "stopped", None, (), 0.0, None)


def test_snapshot_guided_pause(snap_compare, tmp_path):
    from fstune.plan import Choices, DeviceChoice, build_plan
    from fstune.studies import load_studies

    study = load_studies()["ext4-external-journal"]
    plan = build_plan(Choices(study, DeviceChoice("/dev/sdz1", 10**10, "/dev/sdz", assumed=True),
                              DeviceChoice("/dev/sdy1", 2**28, "/dev/sdy", assumed=True), workloads=(),
                              run_id="snap", mount_root="/run/fstune"))  # as a user's, whatever the suite's root
    services = dataclasses.replace(guided(tmp_path), make_runner=PausedRunner, open_store=None)
    app = HostApp(RunScreen(plan, services))

    async def until_paused(pilot):
        screen = pilot.app.screen
        await next_pause(pilot, screen)
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=until_paused)
