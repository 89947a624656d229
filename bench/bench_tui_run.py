"""Is the Run screen responsive while a step prints 20,000 lines a second?

Runs ``RunScreen`` headless (``App.run_test``) over a real Runner whose only step prints
20,000 lines a second (80 characters each) for a few seconds, and meanwhile presses a key
("f", which toggles following the log and changes the pane's subtitle) every 100 ms. For each
press it measures the time from posting the key to the first frame composed after the key's
action ran: key-to-repaint. Target (issue 5): under 100 ms.

    python bench/bench_tui_run.py [--seconds 6] [--rate 20000]

Prints the key-to-repaint figures (median, p95, max), the lines that went through, how many
RunEvents messages carried them (the coalescing), and the UI thread's event-loop lag.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from textual import events  # noqa: E402
from textual.app import App  # noqa: E402
from textual.widgets import Log  # noqa: E402

from fstune import steps as kinds  # noqa: E402
from fstune.plan import Choices, DeviceChoice, Plan  # noqa: E402
from fstune.runner import Runner  # noqa: E402
from fstune.screens import run as runmod  # noqa: E402
from fstune.screens.state import Services  # noqa: E402
from fstune.steps import Step  # noqa: E402
from fstune.studies import load_studies  # noqa: E402

FLOOD = textwrap.dedent("""\
    import sys, time
    start = time.monotonic()
    n = 0
    while time.monotonic() - start < {seconds}:
        due = int((time.monotonic() - start) * {rate})
        if n < due:
            sys.stdout.write("".join(f"flood line {{i:>8}} " + "x" * 60 + "\\n" for i in range(n, due)))
            sys.stdout.flush()
            n = due
        time.sleep(0.005)
    print(f"flood done: {{n}} lines")
""")


class Host(App):
    def __init__(self, screen) -> None:
        super().__init__()
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def bench(seconds: float, rate: int, workdir: Path) -> int:
    study = load_studies()["ext4-external-journal"]
    choices = Choices(study, DeviceChoice("/dev/fstune-bench-none", 10**9), run_id="bench",
                      mount_root=str(workdir / "run"), work_root=str(workdir / "work"))
    flood = Step((sys.executable, "-c", FLOOD.format(seconds=seconds, rate=rate)), title="flood", why="bench",
                 kind=kinds.PREPARE)
    plan = Plan(choices, (flood,), (), (), (), (), 1)
    services = Services(scan=lambda: None, studies=load_studies, open_store=None,
                        make_runner=lambda plan, **kw: Runner(plan, identities={}, log_dir=workdir / "logs", **kw))
    screen = runmod.RunScreen(plan, services)
    app = Host(screen)

    # count the RunEvents messages (the coalescing): Textual dispatches handlers through the
    # class, so count the messages as they are made
    wakes = [0]
    original_init = runmod.RunEvents.__init__

    def counting_init(self, *args, **kwargs):
        wakes[0] += 1
        original_init(self, *args, **kwargs)

    runmod.RunEvents.__init__ = counting_init

    painted: list[float] = []
    acted: list[float] = []
    original_display = app._display
    original_action = screen.action_toggle_follow

    def display(*args, **kwargs):
        painted.append(time.perf_counter())
        return original_display(*args, **kwargs)

    def action():
        original_action()
        acted.append(time.perf_counter())

    app._display = display
    screen.action_toggle_follow = action

    delays: list[float] = []
    lags: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while len(screen.query_one("#output", Log).lines) < 500:
            await pilot.pause(0.01)
        flood_started = time.perf_counter()
        while not screen.ended and time.perf_counter() - flood_started < seconds - 0.5:
            acted.clear()
            pressed = time.perf_counter()
            app.post_message(events.Key("f", "f"))
            while time.perf_counter() - pressed < 5:
                before = time.perf_counter()
                await asyncio.sleep(0.001)
                lags.append(time.perf_counter() - before - 0.001)
                if acted and any(t >= acted[0] for t in painted):
                    break
            if not acted:
                print("a key press was not handled within 5 s")
                return 1
            delays.append(min(t for t in painted if t >= acted[0]) - pressed)
            await asyncio.sleep(0.1)
        while not screen.ended:
            await pilot.pause(0.05)
        lines = screen.query_one("#output", Log).lines
        done = [line for line in lines if line.startswith("flood done")]
        count = int(done[0].split()[2]) if done else 0

    runmod.RunEvents.__init__ = original_init
    ms = [d * 1000 for d in delays]
    print(f"flood: {count} lines in {seconds:.1f} s ({count / seconds:,.0f} lines/s), "
          f"carried by {wakes[0]} RunEvents messages ({count / max(1, wakes[0]):,.0f} lines each)")
    print(f"key-to-repaint over {len(ms)} presses: median {statistics.median(ms):.1f} ms, "
          f"p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms (target < 100 ms)")
    print(f"event-loop lag while flooding: median {statistics.median(lags) * 1000:.2f} ms, "
          f"max {max(lags) * 1000:.1f} ms")
    print(f"run outcome: {screen.outcome.status}")
    return 0 if max(ms) < 100 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--rate", type=int, default=20000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="fstune-bench-") as directory:
        return asyncio.run(bench(args.seconds, args.rate, Path(directory)))


if __name__ == "__main__":
    sys.exit(main())
