"""I/O pressure from outside a run: bursts of writes at random moments, on a seeded schedule.

`bench/bench_aa.py --pressure-mib N` starts it beside its runs (a child of the bench, never of
fstune, so the run counts it as outside I/O: docs/verdicts.md, "Dropped blocks"). It sleeps a
gap drawn from an exponential distribution (mean --every seconds, seeded by --seed), writes
--mib MiB to a file under --dir with an fsync, deletes it, and draws the next gap, until --until
(a Unix time) or a SIGTERM. --dir should be on the disk that backs the lab's loop devices, so the
bursts slow the lab's I/O for real. Each burst's start, end and size go to --log, one JSON object
per line, so the bench can say which blocks a burst fell into.

    .venv/bin/python bench/io_pressure.py --dir /var/tmp/x --mib 512 --every 75 --seed 7 --log bursts.jsonl
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import signal
import sys
import time
from pathlib import Path

NAME = b"io-pressure"  # the name the drop rule's reason shows for this process
CHUNK = 2**20


def bursts(seed: int, every: float, shortest: float = 5.0):
    """The gaps before each burst, in seconds: exponential, mean ``every``, never below ``shortest``."""
    draw = random.Random(seed)
    while True:
        yield max(shortest, draw.expovariate(1 / every))


def burst(directory: Path, mib: int) -> None:
    path = directory / f"burst-{os.getpid()}"
    block = os.urandom(CHUNK)  # incompressible, so no layer below can shortcut it
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for _ in range(mib):
            os.write(fd, block)
        os.fsync(fd)
    finally:
        os.close(fd)
        path.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, required=True, help="where the burst's file is written (and deleted)")
    parser.add_argument("--mib", type=int, required=True, help="MiB written per burst")
    parser.add_argument("--every", type=float, default=75.0, help="mean seconds between bursts (default 75)")
    parser.add_argument("--seed", type=int, required=True, help="seeds the gaps between bursts")
    parser.add_argument("--until", type=float, default=float("inf"), help="stop at this Unix time")
    parser.add_argument("--log", type=Path, required=True, help="one JSON line per burst is appended here")
    args = parser.parse_args(argv)
    if args.mib < 1 or args.every <= 0:
        parser.error("--mib and --every must be positive")
    try:
        ctypes.CDLL(None).prctl(15, NAME, 0, 0, 0)  # PR_SET_NAME: named in the rule's reason
    except (OSError, AttributeError):
        pass
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    args.dir.mkdir(parents=True, exist_ok=True)
    for gap in bursts(args.seed, args.every):
        if time.time() + gap >= args.until:
            break
        time.sleep(gap)
        start = time.time()
        burst(args.dir, args.mib)
        with args.log.open("a") as log:
            log.write(json.dumps({"start": round(start, 3), "end": round(time.time(), 3), "mib": args.mib}) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
