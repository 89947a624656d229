"""How fast is the inventory? Build it for 10, 100 and 1,000 devices, then time `fstune disks`.

    python3 bench/bench_inventory.py            # the figures, and the checks that they hold
    python3 bench/bench_inventory.py --big      # also 10,000 devices

The device sets are generated from the recorded server fixture (tests/fixtures/udev/server.json:
md RAID, LVM, an external XFS log and ext4 journal, bcache, fstab/crypttab references): the
machine is copied as often as needed, every copy renamed and renumbered (names, device numbers,
UUIDs, links, mountpoints), so each copy brings its own holders, mounts, swaps and fstab lines.
Timed: SystemState parsing + build_inventory, best of several runs, in this interpreter (no
start-up). Checked: growth is linear (per-device cost at 1,000 within 1.5× of that at 100) and
1,000 devices take less than 0.2 s. Then, end to end in fresh processes and on this machine,
`fstune disks --json` next to `lsblk -J -O`.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fstune.devices import SystemState, build_inventory  # noqa: E402
from fstune.devices.udev import load  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
SIZES = (10, 100, 1000)
LIMIT_1000 = 0.2  # seconds
UNIT = 10_000  # device-number stride between copies


def _template() -> tuple[list[dict], dict[str, str]]:
    records = load(FIXTURES / "udev" / "server.json")
    texts = {name: (FIXTURES / "system" / "server" / name).read_text()
             for name in ("mountinfo", "swaps", "fstab", "crypttab")}
    return records, texts


def _rename(name: str | None, copy_no: int) -> str | None:
    return None if name is None else (name if copy_no == 0 else f"{name}u{copy_no}")


def _suffix_uuid(value: str, copy_no: int) -> str:
    return value if copy_no == 0 else f"{value}-{copy_no:04d}"


def _copy_records(template: list[dict], copy_no: int) -> list[dict]:
    out = []
    for record in template:
        item = copy.deepcopy(record)
        item["name"] = _rename(record["name"], copy_no)
        item["parent"] = _rename(record["parent"], copy_no)
        item["holders"] = [_rename(h, copy_no) for h in record["holders"]]
        item["minor"] = record["minor"] + UNIT * copy_no
        props = item["properties"]
        props["DEVNAME"] = f"/dev/{item['name']}"
        props["MINOR"] = str(item["minor"])
        for key in ("ID_FS_UUID", "ID_FS_UUID_ENC", "ID_PART_ENTRY_UUID", "ID_FS_LOGUUID"):
            if key in props:
                props[key] = _suffix_uuid(props[key], copy_no)
        if copy_no and "ID_FS_LABEL" in props:
            props["ID_FS_LABEL"] += f"u{copy_no}"
            props["ID_FS_LABEL_ENC"] = props.get("ID_FS_LABEL_ENC", "") + f"u{copy_no}"
        if copy_no and props.get("DEVLINKS"):
            props["DEVLINKS"] = " ".join(f"{link}-u{copy_no}" for link in props["DEVLINKS"].split())
        item["probed"] = {k: _suffix_uuid(v, copy_no) for k, v in item["probed"].items()}
        out.append(item)
    return out


def _copy_texts(texts: dict[str, str], template: list[dict], copy_no: int) -> dict[str, str]:
    if copy_no == 0:
        return dict(texts)
    names = sorted({r["name"] for r in template}, key=len, reverse=True)
    name_re = re.compile(r"/dev/(" + "|".join(map(re.escape, names)) + r")\b")
    uuid_re = re.compile(r"(UUID=\"?)([0-9a-fA-F-]{36})")
    out = {}
    lines = []
    for line in texts["mountinfo"].splitlines():
        fields = line.split()
        major, minor = fields[2].split(":")
        if major == "0":
            fields[2] = f"0:{int(minor) + UNIT * copy_no}"
        else:
            fields[2] = f"{major}:{int(minor) + UNIT * copy_no}"
        fields[4] = f"/copies/{copy_no}{fields[4].rstrip('/')}"  # not a system mount in copies
        fields[0] = str(int(fields[0]) + UNIT * copy_no)
        lines.append(name_re.sub(lambda m: f"/dev/{m.group(1)}u{copy_no}", " ".join(fields)))
    out["mountinfo"] = "\n".join(lines) + "\n"
    swaps = texts["swaps"].splitlines()
    out["swaps"] = "\n".join(name_re.sub(lambda m: f"/dev/{m.group(1)}u{copy_no}", s) for s in swaps[1:]) + "\n"
    for key in ("fstab", "crypttab"):
        body = uuid_re.sub(lambda m: m.group(1) + _suffix_uuid(m.group(2), copy_no), texts[key])
        body = re.sub(r"(/dev/(?:disk|mapper|md)/\S+)", lambda m: f"{m.group(1)}-u{copy_no}", body)
        out[key] = body
    return out


def generate(count: int) -> tuple[list[dict], dict[str, str]]:
    """``count`` device records (whole copies of the server, the last one cut) and system texts."""
    template, texts = _template()
    records: list[dict] = []
    merged = {"mountinfo": "", "swaps": texts["swaps"].splitlines()[0] + "\n", "fstab": "", "crypttab": ""}
    copy_no = 0
    while len(records) < count:
        records += _copy_records(template, copy_no)
        part = _copy_texts(texts, template, copy_no)
        merged["mountinfo"] += part["mountinfo"]
        merged["swaps"] += part["swaps"] if copy_no else "\n".join(texts["swaps"].splitlines()[1:]) + "\n"
        merged["fstab"] += part["fstab"]
        merged["crypttab"] += part["crypttab"]
        copy_no += 1
    return records[:count], merged


def time_build(records: list[dict], texts: dict[str, str], repeats: int) -> tuple[float, object]:
    best = float("inf")
    inventory = None
    for _ in range(repeats):
        start = time.perf_counter()
        state = SystemState.from_texts(**texts)
        inventory = build_inventory(records, state)
        best = min(best, time.perf_counter() - start)
    return best, inventory


def time_command(argv: list[str], runs: int, env: dict | None = None) -> tuple[float, float, int]:
    """Median and min wall time of ``argv`` over ``runs`` runs, and its output size."""
    times = []
    size = 0
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(argv, capture_output=True, env=env, check=True)
        times.append(time.perf_counter() - start)
        size = len(result.stdout)
    return statistics.median(times), min(times), size


def main() -> int:
    sizes = SIZES + ((10_000,) if "--big" in sys.argv else ())
    print(f"fstune inventory benchmark — Python {sys.version.split()[0]}, {os.uname().release}, "
          f"{os.cpu_count()} CPUs")
    print()
    print(f"{'devices':>8} {'build (best)':>13} {'per device':>11} {'locked':>7} {'confirm':>8} {'usable':>7}")
    timings = {}
    for count in sizes:
        records, texts = generate(count)
        repeats = 30 if count <= 100 else (10 if count <= 1000 else 3)
        seconds, inventory = time_build(records, texts, repeats)
        assert len(inventory.devices) == count, (len(inventory.devices), count)
        counts = {s: sum(1 for d in inventory.devices if d.verdict.status == s) for s in ("locked", "confirm", "usable")}
        timings[count] = seconds
        print(f"{count:>8} {seconds * 1000:>10.2f} ms {seconds / count * 1e6:>8.1f} µs "
              f"{counts['locked']:>7} {counts['confirm']:>8} {counts['usable']:>7}")

    per_100 = timings[100] / 100
    per_1000 = timings[1000] / 1000
    growth = timings[1000] / timings[100]
    print()
    print(f"100 → 1,000 devices: time × {growth:.1f} (linear would be × 10); "
          f"per-device cost × {per_1000 / per_100:.2f}")
    failures = []
    if per_1000 > 1.5 * per_100:
        failures.append(f"growth is not linear: {per_1000 * 1e6:.1f} µs/device at 1,000 vs "
                        f"{per_100 * 1e6:.1f} µs/device at 100")
    if timings[1000] >= LIMIT_1000:
        failures.append(f"1,000 devices took {timings[1000]:.3f} s (limit {LIMIT_1000} s)")

    print()
    print("end to end on this machine (fresh process each run; median / best of runs):")
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    runs = 10
    rows = [("fstune disks --json", [sys.executable, "-m", "fstune", "disks", "--json"], env)]
    lsblk = shutil.which("lsblk")
    if lsblk:
        rows.append(("lsblk -J -O", [lsblk, "-J", "-O"], None))
    rows.append(("python3 -c pass (start-up)", [sys.executable, "-c", "pass"], None))
    for title, argv, run_env in rows:
        try:
            median, best, size = time_command(argv, runs, run_env)
        except (subprocess.CalledProcessError, OSError) as error:
            print(f"  {title:<28} failed: {error}")
            continue
        print(f"  {title:<28} {median * 1000:7.1f} ms  (best {best * 1000:6.1f} ms, {size:,} bytes out, n={runs})")
    try:
        from fstune.devices import scan

        best = min(_timed(scan) for _ in range(10))
        print(f"  {'scan() in process':<28} {best * 1000:7.1f} ms  (best of 10; udev + /proc + /etc)")
    except Exception as error:  # a machine without udev: the figures above still stand
        print(f"  scan() in process failed: {error}")

    if failures:
        print()
        for failure in failures:
            print(f"FAIL: {failure}")
        return 1
    print()
    print(f"OK: linear growth, and 1,000 devices in {timings[1000] * 1000:.1f} ms (< {LIMIT_1000 * 1000:.0f} ms).")
    return 0


def _timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


if __name__ == "__main__":
    raise SystemExit(main())
