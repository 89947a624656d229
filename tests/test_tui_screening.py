"""The wizard's "Which options matter?" path (docs/screening.md): choosing the factors, a refused
pair greyed with its rule, the Review's design table and a script byte for byte the one
``fstune screen --dry-run`` writes for the same choices, the results with the Pareto chart and
the confirmation; and snapshots of the factor choice and the Review at 80×24."""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input, Select, SelectionList

from fstune.screens.app import make_app
from fstune.screens.study import SCREENING_ID
from test_tui_wizard import SIZE, fixture_inventory, pick_devices, services, settle, to_devices

TARGET = "/dev/sdm3"
SPARE = "/dev/sdd3"  # on another disk: the shipped studies screen the journal's place


async def wait(pilot, condition, what: str, seconds: float = 30) -> None:
    """Until ``condition()`` (a worker's plan lands), or fail saying ``what``."""
    for _ in range(int(seconds / 0.05)):
        if condition():
            return
        await pilot.pause(0.05)
    raise AssertionError(f"timed out waiting for {what}")


async def to_factors(pilot, *, run_id: str = "tui-test") -> None:
    """Disks → Study ("Which options matter?") → Devices (the target, and the spare the shipped
    study's journal place asks for) → the factors."""
    app = pilot.app
    app.state.run_id = run_id
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    study_list = app.screen.query_one("#study-list")
    study_list.highlighted = study_list.get_option_index(SCREENING_ID)
    await pilot.press("ctrl+n")
    await wait(pilot, lambda: app.screen.STEP == "Devices", "the Devices step")
    await settle(pilot)
    await pick_devices(pilot, TARGET, SPARE)
    await pilot.press("ctrl+n")
    await wait(pilot, lambda: type(app.screen).__name__ == "FactorsScreen", "the factors' step")
    await wait(pilot, lambda: not app.screen.refusal, "the plan of the shipped factors")
    await settle(pilot)


def plain(widget, width: int = 98) -> str:
    """A widget's Rich content as text, at ``width``."""
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(widget.content)
    return console.export_text()


def why(screen) -> str:
    return str(screen.query_one("#factor-why").render())


async def highlight(pilot, name: str) -> None:
    factors = pilot.app.screen.query_one("#factors", SelectionList)
    factors.highlighted = factors.get_option_index(name)
    await settle(pilot)


async def test_choosing_factors_offers_the_filesystems_own_and_greys_a_refused_pair():
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        screen = app.screen
        assert screen.STEP == "Options" and screen.filesystem == "ext4"
        factors = screen.query_one("#factors", SelectionList)
        from fstune.screening import offered

        assert [option.value for option in factors.options] == [f.name for f in offered("ext4")]
        # the shipped ext4 screening's factors, workload and budget
        assert set(factors.selected) == {"journal", "data", "atime", "commit", "barrier", "lazytime", "auto_da_alloc"}
        assert screen.query_one("#budget", Input).value == "40m"
        # data (its data=journal level) is chosen: delalloc is refused beside it, never combined
        assert "✗" in str(factors.get_option("delalloc").prompt)
        await highlight(pilot, "delalloc")
        assert "cannot be screened together" in why(screen) and "data=journal" in why(screen)
        design = str(screen.query_one("#design-line").render())
        assert "fractional factorial, resolution IV: 16 runs" in design
        await pilot.press("space")  # chosen all the same: refused, and the rule said
        await settle(pilot)
        assert "delalloc" not in factors.selected and "data" in factors.selected
        assert why(screen).startswith("✗ Refused") and "data=journal and delalloc" in why(screen)
        # without data, delalloc may be chosen
        factors.deselect("data")
        await settle(pilot)
        assert "✗" not in str(factors.get_option("delalloc").prompt)
        factors.select("delalloc")
        await settle(pilot)
        assert "✗" in str(factors.get_option("data").prompt)  # now data is the one refused beside it
        # a factor of one's own, typed as fstune screen --factor takes it
        typed = screen.query_one("#typed", Input)
        typed.value = "discard"
        typed.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert "discard" in factors.selected
        await wait(pilot, lambda: not screen.refusal, "the plan of the new choice")
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        request = app.state.screening
        assert "delalloc" in request.factors and "data" not in request.factors and "discard" in request.factors
        assert app.state.study.name == "screen-ext4"
        assert len(app.state.screened.plan.factors) == 8


async def test_the_step_list_shows_the_workloads_step_done_on_the_screening_path():
    """The factors' step chooses the workload and Next skips the Workloads step: it reads done,
    as it does on the ordinary path once its step is passed."""
    from fstune.screens.widgets import StepList

    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        steps = str(app.screen.query_one(StepList).render())
        assert "✓ Workloads" in steps and "4 Options" in steps and "6 Review" in steps


async def test_help_on_the_factors_step_explains_factors():
    from test_tui_help import check_help

    app = make_app(services())
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        await check_help(pilot, "Factors")


async def test_a_refused_choice_stays_on_the_step_and_says_why():
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        screen = app.screen
        screen.query_one("#budget", Input).value = "2m"
        await wait(pilot, lambda: screen.refusal and "planning" not in screen.refusal, "the refusal")
        assert "does not fit one replicate" in str(screen.query_one("#design-line").render())
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen is screen  # not on to the Review


async def test_the_run_cap_is_offered_as_fstune_screen_max_runs_takes_it():
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        screen = app.screen
        assert "fractional factorial, resolution IV: 16 runs" in str(screen.query_one("#design-line").render())
        cap = screen.query_one("#max-runs", Input)
        cap.value = "4"
        await wait(pilot, lambda: screen.refusal and "planning" not in screen.refusal, "the refusal")
        assert "7 factors need at least 8 distinct runs; --max-runs 4 allows 4" in screen.refusal
        cap.value = "8"
        await wait(pilot, lambda: not screen.refusal, "the plan within 8 runs")
        assert "resolution III: 8 runs" in str(screen.query_one("#design-line").render())
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        assert app.state.screening.max_runs == 8 and app.state.screened.plan.design.base.runs == 8
        assert app.state.screened.plan.max_runs == 8  # stored with the run, as fstune screen stores it
        for step in ("Options",):
            await pilot.press("ctrl+b")
            await wait(pilot, lambda: app.screen.STEP == step, step)
        assert app.screen.query_one("#max-runs", Input).value == "8"  # kept when coming back


async def test_without_a_spare_the_screening_goes_on_and_the_journals_place_must_be_left_out():
    """No spare on the Devices step: the screening path goes on all the same (only the journal's
    place needs one, and the next step may drop it), and the factors' step refuses the place
    until it is left out."""
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        app.state.run_id = "tui-test"
        await to_devices(pilot, SCREENING_ID)
        await pick_devices(pilot, TARGET, None)
        assert "leave that factor out on the next step" in str(app.screen.query_one("#log-checks").render())
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: type(app.screen).__name__ == "FactorsScreen", "the factors' step")
        await wait(pilot, lambda: not app.screen.refusal, "the plan of the shipped factors")
        screen = app.screen
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen is screen
        assert "puts the journal on a spare partition" in " ".join(n.message for n in app._notifications)
        screen.query_one("#factors", SelectionList).deselect("journal")
        await settle(pilot)
        await wait(pilot, lambda: not screen.refusal, "the plan without the journal's place")
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        await wait(pilot, lambda: app.screen.plan is not None, "the plan")
        assert app.state.log_device is None and not app.state.plan.choices.log_device


async def test_the_journals_place_chosen_without_a_spare_sends_back_to_the_devices_step():
    """The Devices step comes before the factors: a design that screens without the journal's
    place picks no spare there, and choosing the place afterwards is refused at the factors, with
    where to pick one."""
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        factors = app.screen.query_one("#factors", SelectionList)
        factors.deselect("journal")
        await settle(pilot)
        await wait(pilot, lambda: not app.screen.refusal, "the plan without the journal's place")
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        for step in ("Options", "Devices"):
            await pilot.press("ctrl+b")
            await wait(pilot, lambda: app.screen.STEP == step, step)
        await settle(pilot)
        assert not app.screen.query_one("#log", Select).display  # no run puts the journal there
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Options", "the factors")
        await settle(pilot)
        assert app.state.log_device is None
        screen = app.screen
        screen.query_one("#factors", SelectionList).select("journal")
        await settle(pilot)
        await wait(pilot, lambda: not screen.refusal, "the plan with the journal's place")
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen is screen  # not on to the Review
        said = " ".join(n.message for n in app._notifications)
        assert "the factor journal (internal journal / external journal) puts the journal on a spare partition" \
            in said and "pick one on the Devices step" in said, said


def cli_screen(tmp_path: Path, *args: str) -> str:
    out = tmp_path / "cli.sh"
    done = subprocess.run([sys.executable, "-m", "fstune", "screen", *args, "--run-id", "tui-test", "--dry-run",
                           "--output", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return out.read_text()


async def test_the_review_shows_the_design_and_saves_the_script_fstune_screen_writes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        await wait(pilot, lambda: app.screen.plan is not None, "the plan")
        await settle(pilot)
        review = app.screen
        design = review.query_one("#design")
        assert design.display
        shown = plain(design, 78)
        planned = app.state.screened
        assert "The design: 16 runs × 7 factors" in shown
        assert "D data: − data=ordered, + data=journal" in shown
        assert "Main effects are not confounded with two-factor interactions" in shown
        assert f"fits {planned.plan.design.replicates} replicates" in shown
        assert "is called \"matters\" in at least 80 %" in shown
        rows = [line.split() for line in shown.splitlines() if re.match(r"^\d\d ", line)]
        assert [[code == "+" for code in row[1:]] for row in rows] == [
            [code > 0 for code in codes] for codes in planned.plan.design.base.rows]
        assert review.query_one("#save-path", Input).value == "./fstune-plan-screen-ext4.sh"
        await pilot.press("ctrl+n")
        await settle(pilot)
    saved = (tmp_path / "fstune-plan-screen-ext4.sh").read_text()
    request = app.state.screening
    chosen = app.state.to_choices(fixture_inventory())
    size, log_size = chosen.target.size, chosen.log_device.size
    args = ["--filesystem", "ext4"]
    for factor in request.factors:
        args += ["--factor", factor]
    args += ["--budget", request.budget, "--workloads", ",".join(request.workloads), "--primary", request.primary,
             "--order-seed", str(request.seed), "--device", TARGET, "--assume-size", str(size),
             "--log-device", SPARE, "--assume-log-size", str(log_size)]
    if request.max_runs:
        args += ["--max-runs", str(request.max_runs)]
    for workload, values in request.workload_params.items():
        for key, value in values.items():
            args += ["--workload-param", f"{workload}.{key}={value}"]
    cli = cli_screen(tmp_path, *args)
    # the command line marks the assumed device and knows only its size (the wizard recorded what
    # the script checks again before mkfs); everything else is the same bytes
    strip = lambda text: [re.sub(r" (majmin|partuuid|backing)=\S+", "", line) for line in text.splitlines()
                          if not line.startswith(("# Target:", "# Journal/log:", "# /dev/"))]
    assert strip(saved) == strip(cli)
    assert f"drawn with seed {request.seed}" in saved


async def test_start_hands_the_run_a_session_whose_record_keeps_the_design(monkeypatch):
    """A real run (not a dry run): after the typed confirmation the run screen gets the session of
    this plan with the screening's measurement — judged once by the model, no looks — whose
    record keeps the design (``design["screening"]``), as ``fstune screen`` runs it."""
    from fstune.screening.record import KEY

    app = make_app(services())
    started = []
    monkeypatch.setattr(app, "start_run", lambda plan, session=None: started.append((plan, session)))
    async with app.run_test(size=SIZE) as pilot:
        await to_factors(pilot)
        await pilot.press("ctrl+n")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review")
        await wait(pilot, lambda: app.screen.plan is not None, "the plan")
        await settle(pilot)
        app.screen.query_one("#confirm-target", Input).value = "sdm3"
        app.screen.query_one("#confirm-log", Input).value = "sdd3"  # the journal's place writes the spare too
        await pilot.press("ctrl+n")
        await settle(pilot)
    [(plan, session)] = started
    assert plan is app.state.plan and session.plan is plan
    measurement = session.measurement
    assert not measurement.sequential
    design = measurement.design("finished")
    assert design[KEY]["seed"] == app.state.screening.seed and design[KEY]["kind"] == "fractional factorial"
    session.close()


# --- the results --------------------------------------------------------------------------------------


async def test_the_results_show_the_effects_and_the_chart_and_c_confirms_the_proposal(monkeypatch):
    from test_screening_record import Run, make_plan, measured, stored

    from fstune.screening.record import CONFIRMS, KEY
    from fstune.screens.screening_results import ScreeningResultsScreen

    plan = make_plan()
    run = Run({KEY: stored(plan)}, measured(plan, {"barrier": math.log(1.3), "data": math.log(0.7)}))
    run.study, run.title = "screen-ext4", "Screening: which of the options matter on ext4"
    app = make_app(services(dry_run=True, is_root=False))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.state.target = TARGET
        screen = ScreeningResultsScreen(run, run.id)
        await app.push_screen(screen)
        await settle(pilot)
        effects = plain(screen.query_one("#effects"))
        assert "barrier" in effects and "matters" in effects
        pareto = plain(screen.query_one("#pareto"))
        assert "Effects, largest first" in pareto and "barrier" in pareto
        assert "barrier" in plain(screen.query_one("#proposal"))
        from test_tui_help import check_help

        await check_help(pilot, "Screening")
        await pilot.press("c")
        await wait(pilot, lambda: app.screen.STEP == "Review", "the Review of the confirmation")
        await wait(pilot, lambda: app.screen.plan is not None, "the confirmation's plan")
        state = app.state
        assert state.screening is None and state.study.name == f"confirm-screen-{run.id}"
        assert state.record_extra[CONFIRMS]["run"] == run.id and state.paired
        assert app.screen.plan.looks == (5, 10, 15)  # today's paired group-sequential study


# --- snapshots ------------------------------------------------------------------------------------------


def steady(step):
    async def run(pilot):
        await step(pilot)
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False
        await settle(pilot, 5)
    return run


async def at_factors(pilot):
    pilot.app.state.screening = None
    await to_factors(pilot)
    await highlight(pilot, "delalloc")


async def at_review(pilot):
    from dataclasses import replace

    from test_plan import GOLDEN_ORDER_SEED

    await to_factors(pilot)
    # the drawn seed fixed, so the picture is the same on every run
    pilot.app.state.choose_screening(replace(pilot.app.state.screening, seed=GOLDEN_ORDER_SEED))
    pilot.app.screen.query_one("#budget", Input).value = pilot.app.state.screening.budget
    await pilot.press("ctrl+n")
    await wait(pilot, lambda: pilot.app.screen.STEP == "Review", "the Review")
    await wait(pilot, lambda: pilot.app.screen.plan is not None, "the plan")


@pytest.mark.parametrize("step", ["factors", "review"])
def test_snapshot(snap_compare, step):
    app = make_app(services())
    assert snap_compare(app, terminal_size=(80, 24), run_before=steady({"factors": at_factors,
                                                                        "review": at_review}[step]))
