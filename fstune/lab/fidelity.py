"""Was the modelled disk in control? Fidelity of a modelled lab disk over one stretch of a run.

The disk model knows what each request should have cost (the plugin's cumulative ``modelled_s``
and its lateness past the model's completion times); the block layer knows what the device's
requests did cost (``io_ticks``, the milliseconds in which the loop device had a request in
flight). Between two snapshots:

    share = modelled time / device busy time

On a quiet host nearly all of a busy device's time is the model's (the path adds a fraction of a
millisecond per request); when the host is busy, the loop worker, FUSE and nbdfuse wait for a CPU
and the share falls: the host, not the modelled disk, set the pace. docs/modelled-lab.md has the
figures behind the thresholds below.

The rule (``RULE``) is declared before any run and reads only these timing figures and the
kernel's counts of page-cache drops and of other processes' sync() calls, never a workload's
result. A stretch is "host-paced" when another process dropped the page cache while the
workloads ran (any rise of the count is another's: fstune's own cold cache unmounts the
filesystem under test instead, which the count does not see. The disk is then asked to read
again what the workload had cached, which on a 2003 disk costs more than the workload itself;
docs/modelled-lab.md), when one process outside the run spent more than ``SYNC_SHARE_MAX`` of
that time inside sync() (since ``model-in-control/2``: a loop of them forces the filesystem's
dirty data and journal out when it chooses, on the modelled disk's time), or when, on a
modelled device busy at least ``MIN_BUSY_MS``, the model accounted for less than ``SHARE_MIN`` of
its busy time *and* the time it did not account for came to more than ``PATH_MS_MAX`` per request. Both, because the path has
a fixed cost per request (0.1 to 0.4 ms measured on a quiet host) that is a large share of a
cheap request (a 4 KiB write into the drive's cache costs the model 0.13 ms) but says nothing
about the host; what a busy host adds is milliseconds per request. The model's own lateness past
its completion times is recorded beside (its mean and 99th percentile): it is part of the time
the model did not account for, so the share already holds it.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

RULES = ("model-in-control/1", "model-in-control/2")  # /2 added the sync() criterion; stored runs keep theirs
RULE = RULES[-1]
SHARE_MIN = 0.5
PATH_MS_MAX = 1.0
MIN_BUSY_MS = 500
# /2: the share of the turn one process outside the run spent inside sync() (a loop of them;
# fstune/measure/syncwatch.py counts it). Beside stress-ng --io 2 one worker was inside it 96-100 %
# of every turn; the longest one-off syncs of a quiet turn (sfdisk's two at its exit on a busy
# host) 56 %, another fstune user's one sync() 69 % (docs/modelled-lab.md, "Other processes' sync()")
SYNC_SHARE_MAX = 0.8
# … over at least this many calls: a loop (it called again after sync() returned), not one slow
# call on a busy host (the quiet turns' longest made 1 or 2, stress-ng's workers 5 to 141)
SYNC_LOOP_CALLS = 3
FRESH_WAIT_S = 0.6  # the plugin writes its counters every 0.25 s: wait at most this for a fresh copy
SYS = Path("/sys")


def modelled_disk(path: str) -> tuple[str, Path] | None:
    """(the whole loop disk's name, its plugin's statistics file) when ``path`` is a modelled lab
    disk or a partition of one; else None."""
    from fstune.devices.labdisk import lab_disk_model, loop_backing
    from fstune.lab.files import disk_index_of
    from fstune.lab.served import stats_file

    backing = loop_backing(path, SYS)
    if backing is None or not backing.lab:
        return None
    if not lab_disk_model(backing.backing_file):
        return None
    lab_dir = Path(backing.backing_file).parent
    name = os.path.basename(os.path.realpath(path))
    node = SYS / "class" / "block" / name
    disk = node.resolve().parent.name if (node / "partition").exists() else name
    return disk, stats_file(lab_dir, disk_index_of(backing.backing_file))


def _disk_stat(disk: str) -> dict | None:
    try:
        words = (SYS / "block" / disk / "stat").read_text().split()
    except OSError:
        return None
    if len(words) < 11:
        return None
    return {"io_ticks_ms": int(words[9]), "queue_ms": int(words[10])}


def _read_stats(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def snapshot(devices: dict[str, str], clock=time.time) -> dict:
    """{role: {"disk", "io_ticks_ms", "queue_ms", "stats"}} for the modelled lab disks among
    ``devices`` (role → path); the others are left out. Waits briefly for counters written after
    this call, so that a stretch's last requests are in them."""
    found = {}
    asked = clock()
    for role, path in devices.items():
        where = modelled_disk(path)
        if where is None:
            continue
        disk, stats_path = where
        deadline = time.monotonic() + FRESH_WAIT_S
        stats = _read_stats(stats_path)
        while (stats is None or stats.get("written", 0) < asked) and time.monotonic() < deadline:
            time.sleep(0.05)
            stats = _read_stats(stats_path)
        stat = _disk_stat(disk)
        if stats is None or stat is None:
            continue
        keep = ("generation", "pid", "requests", "modelled_s", "took_s", "late_sum_s", "late_hist", "late_edges_us",
                "written")
        found[role] = {"disk": disk, **stat, "stats": {k: stats.get(k) for k in keep}}
    return found


def _late_p99_ms(hist: list[int], edges_us: list[float]) -> float | None:
    """The upper edge (ms) of the bucket holding the 99th percentile; inf past the last edge."""
    total = sum(hist)
    if total <= 0:
        return None
    need = 0.99 * total
    seen = 0
    for i, count in enumerate(hist):
        seen += count
        if seen >= need:
            return edges_us[i] / 1000 if i < len(edges_us) else float("inf")
    return float("inf")


def delta(before: dict, after: dict) -> dict:
    """One device's fidelity between two of its snapshots (JSON-shaped)."""
    a, b = before["stats"], after["stats"]
    if (a.get("pid"), a.get("generation")) != (b.get("pid"), b.get("generation")):
        return {"disk": after["disk"], "error": "the disk's server restarted or its model changed in between"}
    busy = after["io_ticks_ms"] - before["io_ticks_ms"]
    requests = (b.get("requests") or 0) - (a.get("requests") or 0)
    modelled = ((b.get("modelled_s") or 0) - (a.get("modelled_s") or 0)) * 1000
    served = ((b.get("took_s") or 0) - (a.get("took_s") or 0)) * 1000
    late_sum = ((b.get("late_sum_s") or 0) - (a.get("late_sum_s") or 0)) * 1000
    edges = b.get("late_edges_us") or []
    hist = [y - x for x, y in zip(a.get("late_hist") or [], b.get("late_hist") or [])]
    p99 = _late_p99_ms(hist, edges) if hist else None
    return {
        "disk": after["disk"], "busy_ms": busy, "queue_ms": after["queue_ms"] - before["queue_ms"],
        "requests": requests, "modelled_ms": round(modelled, 1), "served_ms": round(served, 1),
        "share": round(modelled / busy, 4) if busy > 0 else None,
        # the busy time the model did not give, per request: the path's cost and the model's lateness
        "path_ms": round((busy - modelled) / requests, 3) if requests > 0 else None,
        "late_mean_ms": round(late_sum / requests, 3) if requests > 0 else None,
        "late_p99_ms": p99 if p99 is None or p99 != float("inf") else None,
        "late_p99_over_ms": edges[-1] / 1000 if p99 == float("inf") and edges else None,
    }


def cache_drops() -> int | None:
    """How often the page cache was dropped since boot, by anyone (/proc/vmstat drop_pagecache)."""
    try:
        for line in Path("/proc/vmstat").read_text().splitlines():
            key, _, value = line.partition(" ")
            if key == "drop_pagecache":
                return int(value)
    except (OSError, ValueError):
        pass
    return None


def foreign_sync_rate(foreign_syncs: dict | None) -> float | None:
    """Other processes' sync() calls per second over a turn's ``foreign_syncs`` (None: not counted)."""
    if not foreign_syncs or foreign_syncs.get("not_counted") or not foreign_syncs.get("seconds"):
        return None
    span = foreign_syncs.get("covered_s") or foreign_syncs["seconds"]
    return (foreign_syncs.get("sync") or 0) / span if span else None


def foreign_sync_share(foreign_syncs: dict | None, one: bool = False) -> float | None:
    """The seconds other processes spent inside sync() per second of the turn (of the stretch the
    figures cover), summed over them (two always inside it make 2.0); ``one``: the one process
    that spent longest inside it. None: not counted (or recorded before the time was)."""
    if not foreign_syncs or foreign_syncs.get("not_counted") or "sync_s" not in foreign_syncs:
        return None
    span = foreign_syncs.get("covered_s") or foreign_syncs.get("seconds")
    seconds = (foreign_syncs.get("longest") or {}).get("sync_s", 0.0) if one else foreign_syncs["sync_s"]
    return seconds / span if span else None


def syncs_paced(foreign_syncs: dict | None) -> str | None:
    """Why other processes' sync() calls set a turn's pace (one of them spent more than
    ``SYNC_SHARE_MAX`` of the turn inside sync(), over at least ``SYNC_LOOP_CALLS`` calls: a loop
    of them), or None. The rule and the caveat every run gets both read it."""
    share = foreign_sync_share(foreign_syncs, one=True)
    longest = (foreign_syncs or {}).get("longest") or {}
    if share is None or share <= SYNC_SHARE_MAX or (longest.get("calls") or 0) < SYNC_LOOP_CALLS:
        return None
    return (f"{longest['name']} (outside the run) was inside sync() {share:.0%} of the time its workloads ran "
            f"({longest['calls']} calls; over {SYNC_SHARE_MAX:.0%}), so the filesystem's dirty data and journal "
            "went out when it chose")


def judge(devices: dict[str, dict], foreign_drops: int | None = None, foreign_syncs: dict | None = None,
          rule: str = RULE) -> str | None:
    """Why, by ``rule`` (today's, or a stored run's own), the host and not the modelled disk set the
    pace over the stretch these device records cover; None when the model was in control (or
    nothing was busy enough). ``foreign_drops``: page-cache drops by other processes while the
    workloads ran; ``foreign_syncs``: their sync() calls (fstune/measure/syncwatch.py), which
    ``model-in-control/1`` did not read."""
    if rule not in RULES:
        raise ValueError(f"unknown fidelity rule {rule!r} (known: {', '.join(RULES)})")
    reasons = []
    if foreign_drops:
        reasons.append(f"another process dropped the page cache {foreign_drops} time(s) while the workloads ran, "
                       "so the disk was asked to read again what they had cached")
    syncing = syncs_paced(foreign_syncs) if rule != RULES[0] else None
    if syncing:
        reasons.append(syncing)
    for role, record in sorted(devices.items()):
        if record.get("error") or (record.get("busy_ms") or 0) < MIN_BUSY_MS:
            continue
        share, path = record.get("share"), record.get("path_ms")
        if share is not None and path is not None and share < SHARE_MIN and path > PATH_MS_MAX:
            reasons.append(f"{role} {record['disk']}: the model accounted for {share:.0%} of its "
                           f"{record['busy_ms'] / 1000:.1f} s busy (under {SHARE_MIN:.0%}), the rest "
                           f"{path:.2f} ms per request (over {PATH_MS_MAX:g} ms)")
    if not reasons:
        return None
    return "the host, not the modelled disk, set the pace: " + "; ".join(reasons) + f" (rule {rule})"


def describe(record: dict) -> str:
    """"model 97 % of 12.3 s busy, late p99 ≤ 0.25 ms" for one device's record."""
    if record.get("error"):
        return record["error"]
    if not record.get("busy_ms"):
        return "idle"
    share = record.get("share")
    text = f"model {share:.0%} of {record['busy_ms'] / 1000:.1f} s busy" if share is not None else "no share"
    if record.get("path_ms") is not None:
        text += f", +{record['path_ms']:.2f} ms per request"
    if record.get("late_p99_over_ms") is not None:
        text += f", late p99 > {record['late_p99_over_ms']:g} ms"
    elif record.get("late_p99_ms") is not None:
        text += f", late p99 ≤ {record['late_p99_ms']:g} ms"
    return text
