"""smallfiles (a tree of small files through tar, ls, find, rm): its contract, and its presets."""

from __future__ import annotations

import pytest

from fstune import workloads
from fstune.figures import LOWER
from wlcontract import Contract, Recorded

PHASES = ("untar", "tar", "read", "ls-lR", "ls-flR", "find", "rm")

CONTRACTS = {
    "smallfiles": Contract(
        params={"preset": "default", "file_size": 1024},
        wizard=("preset", "file_size"),
        duration_param="preset",
        estimate=6 ** 3 * 100 * 6 / 1000 + 6 * 3,  # 21,600 files, ~1 ms each in 6 phases, and the flushes
        metrics={f"{phase}.seconds": ("s", LOWER, "ratio") for phase in PHASES},
        primary=None,
        secondary=(),
        steering=tuple(f"{phase}.seconds" for phase in PHASES),
        packages={"tar": "tar", "find": "findutils", "ls": "coreutils", "rm": "coreutils"},
        recorded=Recorded(phase="untar", seconds=12.345),  # timed by the runner's clock
        reported=("untar.seconds",),
        progress=None,
    ),
}


@pytest.mark.parametrize("preset, seconds", [("quick", 4 ** 3 * 40 * 6 / 1000 + 18),
                                             ("seed", 10 ** 3 * 1000 * 6 / 1000 + 18)])
def test_the_estimate_follows_the_preset_s_tree(preset, seconds):
    smallfiles = workloads.get("smallfiles")
    assert smallfiles.estimate_seconds(smallfiles.resolve({"preset": preset})) == pytest.approx(seconds)
