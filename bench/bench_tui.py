"""Time from process start to the Disks screen being interactive, with a fixture inventory.

Each figure is a fresh interpreter (so imports count), run headless; "interactive" means the
Disks table holds the inventory and the app has processed its messages. The floor is the same
measurement for an empty Textual App: what importing and starting Textual costs by itself.

    python bench/bench_tui.py [runs]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time

FLOOR = """
import time, sys
from textual.app import App
async def ready(pilot):
    await pilot.pause()
    print(time.time()); pilot.app.exit()
App().run(headless=True, size=(80, 24), auto_pilot=ready)
"""

WIZARD = """
import sys, time
sys.path.insert(0, "tests")
from test_tui_wizard import services
from fstune.screens.app import make_app
async def ready(pilot):
    while pilot.app.inventory is None or not pilot.app.screen.query("#disks-table").first().row_count:
        await pilot.pause(0.005)
    await pilot.pause()
    print(time.time()); pilot.app.exit()
make_app(services(dry_run=True)).run(headless=True, size=(80, 24), auto_pilot=ready)
"""


def once(code: str) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return float(out.strip().splitlines()[-1]) - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    for name, code in (("textual floor (empty App)", FLOOR), ("fstune Disks screen", WIZARD)):
        once(code)  # warm the page cache and .pyc files
        times = [once(code) for _ in range(runs)]
        print(f"{name:28s} median {statistics.median(times) * 1000:6.0f} ms  "
              f"min {min(times) * 1000:6.0f} ms  max {max(times) * 1000:6.0f} ms  (n={runs})")


if __name__ == "__main__":
    main()
