"""The whole wizard, for real, on lab disks: Disks → Study → Devices → Options → Workloads →
Review → typed confirmation → the run → the before-and-after tables, with figures that come
from the results store. And the dry run of the same choices, identical to `fstune plan`."""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
import sys

import pytest
from textual.widgets import Input, Static

from fstune.results.store import Store
from fstune.screens.app import make_app
from fstune.screens.results import ResultsScreen
from fstune.screens.run import RunScreen
from fstune.screens.state import Services
from fstune.studies import load_studies
from test_tui_results import plain
from test_tui_run import wait_for
from test_tui_wizard import pick_devices, settle, to_devices

pytestmark = pytest.mark.loopdev
# its own per process: two suites on one machine must not share /run/fstune/<run id> (CI shares it)
RUN_ID = f"tui-e2e-{os.getpid()}"
STUDY = "ext4-external-journal"


def quick_studies():
    """The shipped studies, with the one under test shortened to 5-second dbench runs."""
    studies = load_studies()
    study = studies[STUDY]
    studies[STUDY] = dataclasses.replace(study, workloads=("metadata",), repeats=3,
                                         workload_params={"metadata": {"clients": 2, "seconds": 5}})
    return studies


def lab_services(tmp_path, *, dry_run=False) -> Services:
    from fstune.devices import scan
    from fstune.runner import Runner

    def make_runner(plan, **options):
        options.pop("extend", None)  # exactly the planned 3 repeats: keeps the test short
        return Runner(plan, log_dir=tmp_path / "logs", **options)

    return Services(scan=scan, studies=quick_studies, make_runner=None if dry_run else make_runner,
                    open_store=lambda: Store(tmp_path / "state"), is_root=True, dry_run=dry_run)


async def choose(pilot, data, spare):
    pilot.app.state.run_id = RUN_ID
    await to_devices(pilot, STUDY)
    await pick_devices(pilot, data, spare)
    for _ in range(3):  # Devices → Options → Workloads → Review
        await pilot.press("ctrl+n")
        await settle(pilot)
    assert pilot.app.screen.STEP == "Review"


async def test_the_whole_wizard_runs_a_study_on_lab_disks(lab, tmp_path):
    data, spare = lab.pairs()[0]
    app = make_app(lab_services(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        await choose(pilot, data, spare)
        app.screen.query_one("#confirm-target", Input).value = data
        app.screen.query_one("#confirm-log", Input).value = spare
        await pilot.press("ctrl+n")
        await wait_for(pilot, lambda: isinstance(app.screen, RunScreen), what="the run screen")
        run_screen = app.screen
        await wait_for(pilot, lambda: run_screen.ended, timeout=240, what="the run to end")
        assert run_screen.outcome.status == "finished", run_screen.outcome.reason
        assert run_screen.stored_id is not None
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), what="the results screen")
        await settle_results(pilot)
        shown = plain(app.screen.query_one("#table-0", Static))
        said = " ".join(plain(app.screen.query_one("#headline", Static)).split())
    with Store(tmp_path / "state") as store:
        stored = store.load_run(run_screen.stored_id)
    from fstune.results.compare import compare_runs
    from fstune.reports.formatting import fmt_summary

    comparison = compare_runs([stored])
    row = next(r for r in comparison.rows if r.metric == "dbench.throughput_mbs")
    assert row.baseline.n == 3 and row.variant.n == 3
    # the tables on screen show the stored figures
    assert fmt_summary(row.baseline, n=False) in shown and fmt_summary(row.variant, n=False) in shown
    assert row.verdict in shown
    # the answer first: the headline says the same verdict, and that the lab is one disk
    assert said.startswith(f"In short — each variant against {comparison.baseline}")
    assert f"{row.config}: dbench throughput" in said and row.verdict in said and "One-disk" in said
    assert f" {data} " not in open("/proc/self/mountinfo").read()


async def settle_results(pilot):
    for _ in range(5):
        await pilot.pause()


async def test_dry_run_on_lab_disks_saves_exactly_what_fstune_plan_prints(lab, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    data, spare = lab.pairs()[0]
    app = make_app(lab_services(tmp_path, dry_run=True))
    async with app.run_test(size=(100, 32)) as pilot:
        await choose(pilot, data, spare)
        await pilot.press("ctrl+n")  # the dry run saves the script and ends
        await wait_for(pilot, lambda: app.return_code is not None or not app.is_running, what="the script")
    saved = next(tmp_path.glob("fstune-plan-*.sh")).read_text()
    # the block order is drawn from a seed the script names: fstune plan draws it again from that seed
    seed = re.search(r"--order-seed (\d+) draws it again", saved).group(1)
    cli = subprocess.run([sys.executable, "-m", "fstune", "plan", "--study", STUDY, "--device", data,
                          "--log-device", spare, "--workloads", "metadata", "--workload-param", "metadata.clients=2",
                          "--workload-param", "metadata.seconds=5", "--repeats", "3", "--run-id", RUN_ID,
                          "--order-seed", seed],
                         capture_output=True, text=True, check=True).stdout
    assert saved == cli
