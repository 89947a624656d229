"""coldread (a start-up's reads from a cold cache): its contract."""

from __future__ import annotations

from fstune.figures import LOWER
from wlcontract import Contract, Recorded

CONTRACTS = {
    "coldread": Contract(
        params={"files": 3000},
        wizard=("files",),
        duration_param="files",
        estimate=3000 * 2 / 1000 + 2 * 3,
        metrics={"read.seconds": ("s", LOWER, "ratio")},
        primary="read.seconds",
        secondary=(),
        steering=("read.seconds",),
        packages={"tar": "tar", "find": "findutils", "cat": "coreutils"},
        recorded=Recorded(phase="read", seconds=3.25),
        reported=("read.seconds",),
        progress=None,
    ),
}
