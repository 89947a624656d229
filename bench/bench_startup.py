"""How long `fstune` takes to show what a user waits for, against an empty Textual app that shows its rows.

Each launch is a fresh process in a fresh tmux session of 80×24; the clock stops when
`tmux capture-pane` first shows a device row: a size such as "1.0 GiB" in the Disks table
(fstune's step bar, painted before any disk is read, does not count), and in the empty app the
same kind of row in its DataTable of five. The two are launched alternately, so a pair shares the machine's
state of that moment, and the figure is the ratio fstune / empty app per pair: its median, with a
95 % bootstrap interval of that median and a 95 % t interval of the geometric mean (on the
logarithms of the ratios). Load compresses the ratio (both get slower by the same absolute
amount): judge it on a quiet machine.

    python bench/bench_startup.py [pairs] [--against DIR] [--lab-only]

30 pairs by default, after 2 warm-up pairs, which also fill a bytecode cache of the bench's own
(PYTHONPYCACHEPREFIX; PYTHONDONTWRITEBYTECODE, if set, is unset for the launches): both programs
then start from .pyc files, as an installed one does, and no source tree gets a __pycache__.
``--against DIR`` also launches the fstune whose source tree is DIR (e.g. an older commit,
``git archive COMMIT | tar -x -C DIR``, with ``DIR/fstune/screens`` a link to ``../screens``) in
every round, so a before-and-after comparison shares one run of the machine.

The empty app is a Header, a DataTable of five device rows made in its on_mount, and a Footer.
fstune runs with --dry-run on this machine's disks (``--lab-only``: FSTUNE_LAB_ONLY=1, only the
practice lab's, which must then be up).
"""

from __future__ import annotations

import math
import os
import random
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POLL = 0.004  # seconds between two looks at the pane
TIMEOUT = 30.0
TMUX = ["tmux", "-L", f"fstune-bench-{os.getpid()}"]  # a server of its own: no one else's sessions

ROW = re.compile(r"\b\d+(\.\d+)? [KMGT]iB\b")  # a size in a device row: the table has its rows

EMPTY_APP = """
from textual.app import App
from textual.widgets import DataTable, Footer, Header

class Empty(App):
    BINDINGS = [("ctrl+q", "quit", "Quit")]

    def compose(self):
        yield Header()
        yield DataTable()
        yield Footer()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("device", "size", "type", "verdict")
        for number in range(5):
            table.add_row(f"sd{'abcde'[number]}", f"{number + 1}.0 GiB", "disk", "usable")

Empty().run()
"""

def commands(empty_file: Path, against: Path | None) -> list[tuple[str, list[str], re.Pattern, Path]]:
    """(name, command, what says its first row is up, where it runs)."""
    fstune = [sys.executable, "-m", "fstune", "--dry-run"]  # -m: the source in the working directory
    found = [("fstune", fstune, ROW, ROOT), ("empty app", [sys.executable, str(empty_file)], ROW, ROOT)]
    if against is not None:
        found.append((f"fstune in {against.name}", fstune, ROW, against))
    return found


def launch(argv: list[str], marker: re.Pattern, session: str, cwd: Path, lab_only: bool, pycache: Path) -> float:
    """Seconds from starting ``argv`` in a new 80×24 tmux session until ``marker`` shows."""
    # tmux gives a new session the environment its server started with, not the client's: what
    # differs between launches is said in the command
    unset = ["--unset=PYTHONDONTWRITEBYTECODE", *([] if lab_only else ["--unset=FSTUNE_LAB_ONLY"])]
    settings = ["TERM=xterm-256color", f"PYTHONPYCACHEPREFIX={pycache}", *(["FSTUNE_LAB_ONLY=1"] if lab_only else [])]
    env = {**os.environ, "TERM": "xterm-256color"}
    command = shlex.join(["env", *unset, *settings, *argv])
    start = time.perf_counter()
    subprocess.run([*TMUX, "new-session", "-d", "-x", "80", "-y", "24", "-s", session, command],
                   check=True, env=env, cwd=cwd)
    try:
        while True:
            pane = subprocess.run([*TMUX, "capture-pane", "-p", "-t", session], capture_output=True,
                                  text=True).stdout
            if marker.search(pane):
                return time.perf_counter() - start
            if time.perf_counter() - start > TIMEOUT:
                raise SystemExit(f"no row ({marker.pattern}) appeared within {TIMEOUT:.0f} s:\n{pane}")
            time.sleep(POLL)
    finally:
        subprocess.run([*TMUX, "kill-session", "-t", session], capture_output=True)


def bootstrap_median(values: list[float], rounds: int = 10000, seed: int = 1) -> tuple[float, float]:
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(rounds))
    return medians[int(0.025 * rounds)], medians[int(0.975 * rounds) - 1]


def t_quantile_975(df: int) -> float:
    """The 97.5 % point of Student's t (a table to 30, the normal beyond): no SciPy needed."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
             10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}
    for limit in sorted(table):
        if df <= limit:
            return table[limit]
    return 1.960


def main() -> None:
    args = sys.argv[1:]
    against = None
    if "--against" in args:
        at = args.index("--against")
        against = Path(args[at + 1]).resolve()
        del args[at:at + 2]
    lab_only = "--lab-only" in args
    if lab_only:
        args.remove("--lab-only")
    pairs = int(args[0]) if args else 30
    if shutil.which("tmux") is None:
        raise SystemExit("bench_startup needs tmux")
    # the last launches may still be writing bytecode as their sessions go
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        pycache = Path(tmp) / "pycache"
        empty = Path(tmp) / "empty_app.py"
        empty.write_text(EMPTY_APP)
        cmds = commands(empty, against)
        session = f"fstune-bench-{os.getpid()}"
        # a session that lives through the whole bench: without it the server exits with each
        # launch's session, and the next launch can meet it shutting down
        subprocess.run([*TMUX, "new-session", "-d", "-s", "keep", "sleep 86400"], check=True)
        for _ in range(2):  # warm the page cache and the .pyc files
            for _name, argv, marker, cwd in cmds:
                launch(argv, marker, session, cwd, lab_only, pycache)
        times: dict[str, list[float]] = {name: [] for name, *_ in cmds}
        for index in range(pairs):
            order = cmds if index % 2 == 0 else cmds[::-1]  # none always goes first
            for name, argv, marker, cwd in order:
                times[name].append(launch(argv, marker, session, cwd, lab_only, pycache))
        subprocess.run([*TMUX, "kill-server"], capture_output=True)
    load = os.getloadavg()
    print(f"{pairs} alternating rounds at 80x24 in tmux; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"at the end, {os.cpu_count()} CPUs")
    width = max(map(len, times))
    for name, values in times.items():
        print(f"  {name:{width}}  median {statistics.median(values) * 1000:6.0f} ms  "
              f"(min {min(values) * 1000:.0f}, max {max(values) * 1000:.0f})")
    for name in times:
        if name != "empty app":
            print(f"  {name:{width}}  / empty app: {ratio_line(times[name], times['empty app'])}")


def ratio_line(slow: list[float], base: list[float]) -> str:
    """The paired ratios' median with its bootstrap interval, and their geometric mean with its t interval."""
    ratios = [a / b for a, b in zip(slow, base)]
    logs = [math.log(r) for r in ratios]
    mean, sd = statistics.fmean(logs), statistics.stdev(logs)
    half = t_quantile_975(len(logs) - 1) * sd / math.sqrt(len(logs))
    low, high = bootstrap_median(ratios)
    return (f"median {statistics.median(ratios):.2f}x (95 % bootstrap CI {low:.2f}-{high:.2f}x), "
            f"geometric mean {math.exp(mean):.2f}x (95 % t CI {math.exp(mean - half):.2f}-{math.exp(mean + half):.2f}x)")


if __name__ == "__main__":
    main()
