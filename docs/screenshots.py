"""Make the teacher's page screenshots: the real wizard, guided, through a short study on a lab.

    sudo .venv/bin/python docs/screenshots.py            # writes docs/images/*.svg
    sudo .venv/bin/python docs/screenshots.py --out /tmp/shots --size 80x24

Every picture is the app's own SVG export (``App.save_screenshot``) of what it showed at that
moment: a practice lab it builds in a temporary directory (and removes), real mkfs and mounts,
real benchmarks. Other disks on this machine that fstune could use are left out of the Disks
step, so the pictures show what a workshop machine with no spare disk shows. Takes about two
minutes; needs root, udev, and the tools .ci/setup.sh installs.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

HERE = Path(__file__).resolve().parent
STUDY = "ext4-external-journal"

# name → what it shows; docs/teaching.md shows them in this order
SHOTS = {
    "01-lab-offer": "Disks: nothing usable, so the practice lab is offered",
    "02-disks": "Disks: the lab built, its partitions marked 'lab'",
    "03-study": "Study: the experiments, with what each needs",
    "04-devices": "Devices: the lab target and the spare on the other disk",
    "05-options": "Options: mkfs and mount options per configuration",
    "06-workloads": "Workloads: benchmarks, parameters and repeats",
    "07-review": "Review: every command, and the typed confirmation",
    "08-guided-pause": "Guided: the command, what it does and why, before it runs",
    "09-guided-typed": "Guided: a command typed with a mistake is not run",
    "10-run": "Run: the steps, the tool's own output, progress",
    "11-look-for": "Guided: what to look for, after a configuration",
    "12-summary": "Guided: what the measurements say, and the honest caveats",
    "13-results": "Results: before and after, with the verdicts",
    "14-remove-lab": "Quitting: remove the practice lab?",
}


def short_studies():
    """The shipped studies; the one shown measures dbench for 5 s and the MB a build writes."""
    from fstune.studies import load_studies

    studies = load_studies()
    studies[STUDY] = dataclasses.replace(
        studies[STUDY], workloads=("metadata", "writes"), repeats=3,
        workload_params={"metadata": {"clients": 2, "seconds": 5}, "writes": {"files": 200}})
    return studies


def services(lab_dir: Path, work: Path):
    from fstune.devices import scan_lab_only
    from fstune.runner import Runner
    from fstune.screens.state import LabControl, Services
    from fstune.results.store import Store

    def make_runner(plan, **options):
        options.pop("extend", None)  # exactly three repeats: the pictures, not the statistics
        return Runner(plan, log_dir=work / "logs", **options)

    return Services(scan=partial(scan_lab_only, lab_dir), studies=short_studies, make_runner=make_runner,
                    open_store=lambda: Store(work / "state"), is_root=True, guided=True,
                    lab=LabControl(lab_dir))


async def until(pilot, condition, what: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise SystemExit(f"screenshots: timed out waiting for {what}")
        await pilot.pause(0.05)


async def idle(pilot) -> None:
    """Until no worker runs (scans, study loading), then a few frames for the repaint."""
    await until(pilot, lambda: not any(w.is_running for w in pilot.app.workers), "the app to settle", 30)
    for _ in range(4):
        await pilot.pause()


async def shoot(out: Path, size: tuple[int, int], lab_dir: Path, work: Path) -> list[Path]:
    from textual.widgets import Input, Select

    from fstune import steps as kinds
    from fstune.screens.app import make_app
    from fstune.screens.guide import GuideSummaryScreen
    from fstune.screens.lab import RemoveLabDialog
    from fstune.screens.results import ResultsScreen
    from fstune.screens.run import RunScreen

    app = make_app(services(lab_dir, work))
    saved: list[Path] = []

    def save(name: str) -> None:
        saved.append(Path(app.save_screenshot(filename=f"{name}.svg", path=str(out))))

    async with app.run_test(size=size) as pilot:
        app.state.run_id = "workshop"
        app.state.order_seed = 33  # the order the pictures show (the golden scripts' seed)
        await idle(pilot)
        save("01-lab-offer")
        await pilot.press("l")
        await until(pilot, lambda: app.lab_built and any(app.services.lab.owns(d) for d in app.inventory.devices),
                    "the lab", 90)
        await idle(pilot)
        await pilot.pause(9)  # the "lab ready" notice fades; the picture shows the table
        save("02-disks")
        await pilot.press("enter")  # the cursor is on the lab's first data partition
        await idle(pilot)
        studies = app.screen.query_one("#study-list")
        studies.highlighted = studies.get_option_index(STUDY)
        await idle(pilot)
        save("03-study")
        await pilot.press("ctrl+n")
        await idle(pilot)
        target = app.screen.query_one("#target", Select).value
        spare = app.screen.query_one("#log", Select).value
        save("04-devices")
        for name in ("05-options", "06-workloads", "07-review"):
            await pilot.press("ctrl+n")
            await idle(pilot)
            if name == "07-review":
                app.screen.query_one("#confirm-target", Input).value = str(target)
                app.screen.query_one("#confirm-log", Input).value = str(spare)
                await idle(pilot)
            save(name)
        await pilot.press("ctrl+n")
        await until(pilot, lambda: isinstance(app.screen, RunScreen), "the run screen")
        run = app.screen
        shot_pause = shot_typed = shot_run = shot_note = False
        while True:
            await until(pilot, lambda: run.waiting is not None or run.ended, "a pause", 300)
            if run.waiting is None:
                break
            await pilot.pause(0.3)
            step = run.waiting.step
            note = run.query_one("#guide-note")
            if step.kind == kinds.MKFS and not shot_pause:
                save("08-guided-pause")
                shot_pause = True
                await pilot.press("t")
                run.query_one("#guide-typed", Input).value = " ".join(step.argv).replace("4096", "1024")
                await pilot.press("enter")
                await pilot.pause(0.5)
                save("09-guided-typed")
                shot_typed = True
                run.query_one("#guide-typed", Input).value = " ".join(step.argv)
                await pilot.press("enter")
                continue
            if not note.has_class("hidden") and not shot_note:
                save("11-look-for")
                shot_note = True
            if step.repeat == 2 and run.check_action("guide_rest", ()) is True:
                await pilot.press("a")
                if not shot_run:
                    await pilot.pause(2.0)  # a benchmark in full flow
                    save("10-run")
                    shot_run = True
                continue
            await pilot.press("enter")
        if run.outcome.status != "finished":
            raise SystemExit(f"screenshots: the run did not finish: {run.outcome.reason}")
        if not (shot_pause and shot_typed and shot_run and shot_note):
            raise SystemExit("screenshots: the guided run never showed one of its panels")
        await until(pilot, lambda: isinstance(app.screen, GuideSummaryScreen)
                    and bool(app.screen.query("#summary-text")), "the guided summary")
        await idle(pilot)
        save("12-summary")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
        await idle(pilot)
        await pilot.pause(1.0)
        save("13-results")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: isinstance(app.screen, RemoveLabDialog), "the remove-lab question")
        await idle(pilot)
        save("14-remove-lab")
        await pilot.press("r")
        await until(pilot, lambda: not app.is_running, "the wizard to quit", 60)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=HERE / "images", help="where the SVGs go (default docs/images)")
    parser.add_argument("--size", default="100x30", help="terminal size COLSxROWS (default 100x30)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("screenshots: needs root (it builds a practice lab and formats it).", file=sys.stderr)
        return 2
    cols, rows = (int(n) for n in args.size.lower().split("x"))
    args.out.mkdir(parents=True, exist_ok=True)
    from fstune import lab as labmod

    with tempfile.TemporaryDirectory(prefix="fstune-shots-") as temp:
        work = Path(temp)
        lab_dir = work / "lab"
        started = time.monotonic()
        try:
            saved = asyncio.run(shoot(args.out, (cols, rows), lab_dir, work))
        finally:
            labmod.lab_down(lab_dir)  # whatever happened, the lab goes
    missing = [name for name in SHOTS if not (args.out / f"{name}.svg").is_file()]
    for path in saved:
        print(f"wrote {path}")
    print(f"{len(saved)} screenshots in {time.monotonic() - started:.0f} s")
    if missing:
        print(f"screenshots: missing {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
