"""What was around each block, and the declared rule that drops a disturbed one.

Around every configuration's turn the run records the host's conditions (times, device counters,
load, pressure, steal, what processes outside the run read and wrote; on a modelled lab disk how
much of its busy time the model gave): ``host_snapshot`` before, ``host_delta`` after. The drop
rule (docs/verdicts.md, "Dropped blocks") reads them block by block; ``outside_drop`` is the one
function the run and the simulation (bench/stress_verdicts.py) both call.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fstune.lab import fidelity
from fstune.util import procfs

# The declared drop rule (docs/verdicts.md, "Dropped blocks"): a block is dropped only for what
# processes outside the run did during it, never for anything the run's own I/O could cause: when
# user-space processes that are not fstune's read or wrote more than OUTSIDE_MIB_S MiB/s over the
# block above the level of the blocks just before it (dropped ones included, so a lasting rise
# becomes the level after a block or two). One rule drops at most a third of the cap: past that
# the blocks are kept, marked, and the looks happen as planned.
OUTSIDE_MIB_S = 8.0
OUTSIDE_MIB_FLOOR = 64.0  # and this much in all: a block that lasted a moment is not dropped for a few MiB
DROP_RULE_REFERENCE_BLOCKS = 3  # the level: the median of this many blocks before (dropped included)
DROP_RULE_MIN_BLOCKS = 2  # blocks seen before the rule can call one a spike
DROP_RULE_SHARE = 1 / 3  # of the cap: the most blocks the rule may drop in one run
DROP_RULE = "outside-io/2"
# On a modelled lab disk, a block whose turn the host rather than the model paced is dropped too:
# fidelity.RULE (fstune/lab/fidelity.py declares it and its thresholds; docs/modelled-lab.md)


@dataclass(frozen=True)
class DropCall:
    """The rule's answer for one block: why it is disturbed, and whether it is dropped (False: the
    rule has dropped its limit and the block is kept, marked)."""

    reason: str
    drop: bool


def drop_limit(cap: int) -> int:
    """The most blocks the declared rule may drop in a run with this cap (a third, at least 1)."""
    return max(1, int(cap * DROP_RULE_SHARE))


def outside_rate(hosts: Sequence[Mapping]) -> tuple[float, float] | None:
    """(MiB/s, MiB) read or written by processes outside the run over a block's turns (None: not
    measured)."""
    measured = [h for h in hosts if "outside_io" in h and h.get("seconds")]
    if not measured:
        return None
    seconds = sum(h["seconds"] for h in measured)
    mib = sum(h["outside_io"]["bytes"] for h in measured) / 2**20
    return mib / seconds, mib


def outside_drop(hosts: Mapping[int, Sequence[Mapping]], dropped: Mapping[int, str], block: int,
                  limit: int | None = None) -> DropCall | None:
    """Whether the declared rule drops ``block``: ``hosts`` maps each finished block to its turns'
    host conditions (``host_delta``), ``dropped`` the blocks dropped so far, ``limit`` the most
    blocks the rule may drop. One function, so the simulation (bench/stress_verdicts.py) runs the
    rule the run runs. The I/O pressure is recorded but decides nothing: it counts the run's own
    stalls too, and a rule that drops them drops the very figures being judged."""
    rates = {number: outside_rate(turns) for number, turns in hosts.items()}
    if rates.get(block) is None:
        return None
    mine, volume = rates[block]
    earlier = [rates[n][0] for n in sorted(rates) if n < block and rates[n] is not None]
    if len(earlier) < DROP_RULE_MIN_BLOCKS:
        return None
    usual = statistics.median(earlier[-DROP_RULE_REFERENCE_BLOCKS:])
    if mine - usual <= OUTSIDE_MIB_S or volume <= OUTSIDE_MIB_FLOOR:
        return None
    names = sorted({name for turn in hosts[block] for name in turn.get("outside_io", {}).get("top", ())})
    who = f" ({', '.join(names)})" if names else ""
    reason = (f"processes outside the run{who} read or wrote {mine:.1f} MiB/s during the block against "
              f"{usual:.1f} MiB/s in the blocks before (rule {DROP_RULE}: more than {OUTSIDE_MIB_S:g} MiB/s above)")
    if limit is not None and sum(1 for why in dropped.values() if DROP_RULE in why) >= limit:
        return DropCall(f"{reason}; kept: the rule has dropped its limit of {limit} blocks", False)
    return DropCall(reason, True)



def host_snapshot(devices: dict[str, str]) -> dict:
    return {"time": time.time(), "monotonic": time.monotonic(), "load": procfs.loadavg(),
            "io": procfs.pressure("io"), "cpu": procfs.pressure("cpu"), "ticks": procfs.cpu_ticks(),
            "outside": procfs.process_io(os.getpid()),
            "devices": {role: procfs.block_stat(path) for role, path in devices.items()},
            # a modelled lab disk's own counters: how much of its busy time the model gave
            "model": fidelity.snapshot(devices)}


def host_delta(before: dict, after: dict) -> dict:
    """What changed between two snapshots, JSON-shaped (RepeatResult.conditions["host"])."""
    wall = max(after["monotonic"] - before["monotonic"], 1e-9)
    found: dict = {"start": before["time"], "end": after["time"], "seconds": round(wall, 3),
                   "load": after["load"]}
    for resource in ("io", "cpu"):
        for kind in ("some", "full"):
            start, end = before[resource].get(kind), after[resource].get(kind)
            if start and end and "total" in start and "total" in end:
                micro = end["total"] - start["total"]
                found[f"{resource}_{kind}"] = {"avg10": end.get("avg10"), "total_us": micro,
                                               "share": round(micro / 1e6 / wall, 4)}
    if "outside" in before and "outside" in after:
        found["outside_io"] = outside_io(before["outside"], after["outside"])
    ticks_before, ticks_after = before["ticks"], after["ticks"]
    if ticks_before and ticks_after and ticks_after["total"] > ticks_before["total"]:
        found["steal_share"] = round((ticks_after["steal"] - ticks_before["steal"])
                                     / (ticks_after["total"] - ticks_before["total"]), 4)
    found["devices"] = {role: {key: after["devices"][role].get(key, 0) - value for key, value in counters.items()}
                        for role, counters in before["devices"].items() if counters and after["devices"].get(role)}
    models = {role: fidelity.delta(start, after["model"][role]) for role, start in (before.get("model") or {}).items()
              if role in (after.get("model") or {})}
    if models:
        found["model"] = {"devices": models, "rule": fidelity.RULE, "host_paced": fidelity.judge(models)}
    return found


def outside_io(before: dict, after: dict) -> dict:
    """Bytes read or written by processes outside the run between two ``procfs.process_io``
    readings: a process seen twice adds what it did since, one that started in between all it
    did (a parent's counters take in its reaped children, so a short job still counts), and the
    three that did most are named. A child seen before that has gone hands its whole life's
    counters to its parent; what it had done by the first reading is taken off the parent's
    rise, so a long job that ends is not charged to this one block."""
    handed: dict[int, int] = {}
    for pid, (_name, _start, total, parent) in before.items():
        if pid not in after:
            handed[parent] = handed.get(parent, 0) + total
    done: dict[str, int] = {}
    for pid, (name, start, total, _parent) in after.items():
        earlier = before.get(pid)
        moved = (total - earlier[2] - handed.get(pid, 0) if earlier is not None and earlier[1] == start else total)
        if moved > 0:
            done[name] = done.get(name, 0) + moved
    top = sorted(done, key=lambda name: -done[name])[:3]
    return {"bytes": sum(done.values()), "top": [name for name in top if done[name] >= 2**20]}

