"""The disk model, measured with fio against its own formulas, in the VM lab or the modelled lab.

Boots a VM lab (2 disks of 1 GiB, the default disk model) in a temporary directory and, in the
guest, with fio (O_DIRECT, so the guest's page cache is out of the way); with --host, makes a
modelled lab on this kernel instead (nbdkit → nbdfuse → loop, docs/modelled-lab.md) and runs
the same fio jobs on its loop devices (where the tables say "guest", read "the loop device"):

- the seek curve: 4 KiB reads at set distances (fio's rw=read:SKIP), iodepth 1, median latency
  against the model's formula (command + seek(distance) + half a turn + transfer);
- sequential 1 MiB reads against random 4 KiB reads over the whole disk (MB/s);
- random 4 KiB reads over a journal-sized span (32 MiB) against the whole disk;
- random 4 KiB reads at iodepth 4 against iodepth 1 (one spindle: no faster);
- a cache flush: random 4 KiB writes with an fsync every 8 (fio's sync latency) against the
  model's cost for those flushes;

and on the host, from each disk server's statistics: the plugin's own time per request, and how
late requests completed against the model (the jitter). The round trip through the guest, QEMU
and nbdkit that the model does not contain is measured on read-ahead hits (whose modelled cost
is known) and shown beside the raw figures. The lab is always taken down. Needs root.

    sudo .venv/bin/python bench/bench_diskmodel.py [--host] [--runtime S] [--json]

The host is shared: the load average is printed, and figures move with it. docs/vmlab.md
explains the model and quotes a run.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fstune import diskmodel, vmlab  # noqa: E402

DISTANCES_MIB = (1, 4, 16, 64, 256, 512, 896)
SHORT_SPAN_MIB = 32       # a journal's size
SPAN_START_MIB = 256      # where the short span lies
FSYNC_EVERY = 8


class VmTarget:
    """fio in the VM lab's guest, the plugin's statistics from the VM lab's files."""

    def __init__(self, lab):
        self.lab = lab
        self.size = lab.disks[0].size

    def device(self, disk: int) -> str:
        return guest_device(self.lab, disk)

    def fio(self, device: str, runtime: float, *args: str) -> dict:
        return fio(self.lab, device, runtime, *args)

    def fresh(self, model: diskmodel.DiskParams) -> None:
        fresh(self.lab, model)

    def plugin(self, disk: int) -> dict:
        return plugin(self.lab, disk)


class HostTarget:
    """fio on the modelled lab's loop devices, on this kernel."""

    def __init__(self, lab):
        self.lab = lab
        self.size = lab.size

    def device(self, disk: int) -> str:
        return self.lab.disks[disk - 1].loop

    def fio(self, device: str, runtime: float, *args: str) -> dict:
        import subprocess

        readonly = ["--readonly"] if not any("write" in a for a in args) else []
        argv = ["fio", "--name=m", f"--filename={device}", "--direct=1", "--time_based", f"--runtime={runtime:g}",
                "--ioengine=psync", "--output-format=json", *readonly, *args]
        done = subprocess.run(argv, capture_output=True, text=True, timeout=runtime * 4 + 120)
        if done.returncode != 0:
            raise SystemExit(f"fio {' '.join(args)} failed ({done.returncode}): {done.stderr[-1500:]}")
        return json.loads(done.stdout[done.stdout.index("{"):])["jobs"][0]

    def fresh(self, model: diskmodel.DiskParams) -> None:
        from fstune.lab import served

        indexes = [disk.index for disk in self.lab.disks]
        generation = served.set_model(self.lab.directory, indexes, model)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(
                (served.read_stats(self.lab.directory, i) or {}).get("generation") != generation for i in indexes):
            time.sleep(0.05)

    def plugin(self, disk: int) -> dict:
        from fstune.lab import served

        time.sleep(0.5)  # the servers write their statistics every quarter second
        return served.read_stats(self.lab.directory, disk) or {}


def guest_device(lab, disk: int) -> str:
    serial = lab.disks[disk - 1].serial
    status, out, err = vmlab.vm_run_capture(lab, ["readlink", "-f", f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_"
                                                  f"{vmlab.DISK_MODEL}_{serial}"])
    if status != 0:
        raise SystemExit(f"no guest device for disk {disk}: {err}")
    return out.strip()


def fio(lab, device: str, runtime: float, *args: str) -> dict:
    # read jobs open the disk read-only: a disk closed after being open for writing makes udev
    # probe it again, and those reads would land among the measured ones
    readonly = ["--readonly"] if not any("write" in a for a in args) else []
    argv = ["fio", "--name=m", f"--filename={device}", "--direct=1", "--time_based", f"--runtime={runtime:g}",
            "--ioengine=psync", "--output-format=json", *readonly, *args]
    status, out, err = vmlab.vm_run_capture(lab, argv, timeout=runtime * 4 + 120)
    if status != 0:
        raise SystemExit(f"fio {' '.join(args)} failed ({status}): {err[-1500:]}")
    return json.loads(out[out.index("{"):])["jobs"][0]


def median_ms(side: dict) -> float:
    return side["clat_ns"]["percentile"]["50.000000"] / 1e6


def skip_read_formula(model: diskmodel.DiskParams, size: int, stride: int) -> tuple[int, float]:
    """The formula for fio's rw=read:SKIP with 4 KiB reads ``stride`` bytes apart from offset 0
    (wrapping to 0 at the end): the median over the seeks that sequence makes, as tracks and ms."""
    disk = diskmodel.Disk(model, size)
    offsets = [k * stride for k in range(max(2, size // stride))]
    offsets.append(0)  # fio wraps to the start
    seeks = sorted(abs(disk.track_of(b) - disk.track_of(a)) for a, b in zip(offsets, offsets[1:]))
    tracks = seeks[len(seeks) // 2]
    return tracks, model.random_read_ms(4096, tracks, disk.tracks)


def fresh(lab, model: diskmodel.DiskParams) -> None:
    """The model again from the start (head at 0, buffers empty) and its statistics zeroed."""
    vmlab.set_disk_model(lab, model)


def plugin(lab, disk: int) -> dict:
    time.sleep(1.3)  # the servers write their statistics every second
    return vmlab.disk_stats(lab)[disk] or {}


def measure(target, model: diskmodel.DiskParams, runtime: float, say) -> dict:
    size = target.size
    dev1, dev2 = target.device(1), target.device(2)
    result: dict = {"model": model.to_dict(), "load_before": round(os.getloadavg()[0], 2)}

    # the round trip the model does not contain: read-ahead hits cost overhead + transfer
    target.fresh(model)
    job = target.fio(dev1, runtime, "--rw=read", "--bs=4k")
    stats = target.plugin(1)
    hit = stats.get("by_kind", {}).get("readahead", {})
    path_ms = median_ms(job["read"]) - hit.get("modelled_ms", 0.0)
    result["path"] = {"seq4k_median_ms": round(median_ms(job["read"]), 3), "readahead_modelled_ms": hit.get("modelled_ms"),
                      "readahead_plugin_ms": hit.get("took_ms"), "round_trip_ms": round(path_ms, 3),
                      "plugin_cpu_us": stats.get("model_cpu_us_per_request"), "late_us": stats.get("late_us")}
    say(f"Round trip outside the model (guest + QEMU + nbdkit), from 4 KiB read-ahead hits: {path_ms:.2f} ms "
        f"(median {median_ms(job['read']):.2f} ms in the guest, {hit.get('modelled_ms')} ms modelled); "
        f"plugin {stats.get('model_cpu_us_per_request')} µs of model per request")

    # the seek curve
    say(f"\nSeek curve: 4 KiB reads, iodepth 1, each {{distance}} beyond the last (fio rw=read:SKIP)")
    say(f"{'distance':>9} {'tracks':>6} {'formula':>8} {'guest':>8} {'guest-rt':>8} {'error':>7} {'raw err':>7} "
        f"{'plugin':>8}  (ms; guest: median in the guest, guest-rt: less the round trip; plugin: mean of its misses)")
    curve = []
    for mib in DISTANCES_MIB:
        skip = mib * 1024 * 1024 - 4096
        tracks, formula = skip_read_formula(model, size, mib * 1024 * 1024)
        target.fresh(model)
        job = target.fio(dev1, runtime, f"--rw=read:{skip}", "--bs=4k")
        stats = target.plugin(1)
        miss = stats.get("by_kind", {}).get("miss", {})
        guest = median_ms(job["read"])
        error = (guest - path_ms) / formula - 1
        raw_error = guest / formula - 1
        curve.append({"distance_mib": mib, "tracks": tracks, "formula_ms": round(formula, 3), "guest_median_ms": round(guest, 3),
                      "guest_less_round_trip_ms": round(guest - path_ms, 3), "error": round(error, 4), "raw_error": round(raw_error, 4),
                      "plugin_miss_took_ms": miss.get("took_ms"), "plugin_miss_modelled_ms": miss.get("modelled_ms")})
        say(f"{mib:>6} MiB {tracks:>6} {formula:>7.2f}  {guest:>7.2f}  {guest - path_ms:>7.2f}  {error:>+6.1%}  {raw_error:>+6.1%} "
            f"{miss.get('took_ms', 0):>7.2f} ({miss.get('modelled_ms', 0):.2f} modelled, {miss.get('n', 0)} misses)")
    result["curve"] = curve

    # sequential against random, short span against full span, iodepth 4 against 1
    runs = {
        "seq_1m": (dev1, ["--rw=read", "--bs=1M"]),
        "rand_4k_full": (dev1, ["--rw=randread", "--bs=4k"]),
        "rand_4k_short": (dev1, ["--rw=randread", "--bs=4k", f"--offset={SPAN_START_MIB}m", f"--size={SHORT_SPAN_MIB}m"]),
        "rand_4k_full_qd4": (dev1, ["--rw=randread", "--bs=4k", "--ioengine=libaio", "--iodepth=4"]),
    }
    figures = {}
    for name, (device, args) in runs.items():
        target.fresh(model)
        job = target.fio(device, runtime * 2, *args)
        stats = target.plugin(1)
        figures[name] = {"mbs": job["read"]["bw"] / 1024, "iops": job["read"]["iops"],
                         "median_ms": median_ms(job["read"]), "late_us": stats.get("late_us"),
                         "plugin_cpu_us": stats.get("model_cpu_us_per_request")}
    predicted_full = diskmodel.mean_random_read_ms(model, size)
    predicted_short = diskmodel.mean_random_read_ms(model, size, SHORT_SPAN_MIB << 20, SPAN_START_MIB << 20)
    seq_ratio = figures["seq_1m"]["mbs"] / figures["rand_4k_full"]["mbs"]
    span_ratio = figures["rand_4k_short"]["iops"] / figures["rand_4k_full"]["iops"]
    qd_ratio = figures["rand_4k_full_qd4"]["iops"] / figures["rand_4k_full"]["iops"]
    one_spindle_iops = 1000 / predicted_full
    result["throughput"] = {k: {kk: (round(vv, 3) if isinstance(vv, float) else vv) for kk, vv in v.items()}
                            for k, v in figures.items()}
    result["ratios"] = {"seq_1m_over_rand_4k": round(seq_ratio, 1), "short_over_full_span": round(span_ratio, 2),
                        "model_short_over_full_span": round(predicted_full / predicted_short, 2),
                        "qd4_over_qd1": round(qd_ratio, 2),
                        "qd4_iops_over_one_spindle": round(figures["rand_4k_full_qd4"]["iops"] / one_spindle_iops, 2)}
    say("\nThroughput (fio, O_DIRECT):")
    for name, f in figures.items():
        say(f"  {name:17} {f['mbs']:8.2f} MB/s {f['iops']:8.1f} IOPS  median {f['median_ms']:6.2f} ms")
    say(f"  sequential 1 MiB / random 4 KiB:      {seq_ratio:6.1f}x  (requirement: at least 20x)")
    say(f"  {SHORT_SPAN_MIB} MiB span / whole disk (random 4 KiB): {span_ratio:5.2f}x  (the model's own figure: "
        f"{predicted_full / predicted_short:.2f}x = {predicted_full:.2f} / {predicted_short:.2f} ms; requirement: 3x)")
    say(f"  iodepth 4 / iodepth 1 (random 4 KiB): {qd_ratio:6.2f}x  (one spindle: the model serves "
        f"{one_spindle_iops:.1f} IOPS at most; iodepth 4 got {figures['rand_4k_full_qd4']['iops']:.1f})")

    # a cache flush
    target.fresh(model)
    job = target.fio(dev2, runtime * 2, "--rw=randwrite", "--bs=4k", f"--fsync={FSYNC_EVERY}")
    stats = target.plugin(2)
    flushes = [f for f in stats.get("flushes", []) if f["destaged"] > 0]
    sync_ms = job["sync"]["lat_ns"]["mean"] / 1e6 if job.get("sync") else None
    modelled = sum(f["modelled_ms"] for f in flushes) / len(flushes) if flushes else None
    took = sum(f["took_ms"] for f in flushes) / len(flushes) if flushes else None
    destaged = sum(f["destaged"] for f in flushes) / len(flushes) if flushes else None
    result["flush"] = {"guest_fsync_mean_ms": sync_ms, "modelled_mean_ms": modelled, "plugin_took_mean_ms": took,
                       "destaged_per_flush": destaged, "flushes": len(flushes)}
    say(f"\nFlush: random 4 KiB writes, fsync every {FSYNC_EVERY}: the guest's fsync took {sync_ms:.2f} ms on average; "
        f"the model charged {modelled:.2f} ms ({destaged:.1f} extents destaged per flush; the plugin returned after "
        f"{took:.2f} ms): {sync_ms / modelled - 1:+.1%} in the guest")

    lates = [f["late_us"] for f in figures.values() if f.get("late_us")]
    result["load_after"] = round(os.getloadavg()[0], 2)
    say(f"\nJitter (requests completing later than the model said, µs): "
        + "; ".join(f"{name} p50 {f['late_us']['p50']} p90 {f['late_us']['p90']} p99 {f['late_us']['p99']}"
                    for name, f in figures.items() if f.get("late_us")))
    say(f"Host load average: {result['load_before']} before, {result['load_after']} after (2 cores)")
    del lates
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", type=float, default=3.0, help="seconds per fio run (default 3; throughput runs twice that)")
    parser.add_argument("--disk-model", default=diskmodel.DEFAULT_PRESET, help="the model to measure")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--host", action="store_true", help="the modelled lab on this kernel instead of the VM lab")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("bench_diskmodel: run as root (the VM lab needs it)", file=sys.stderr)
        return 2
    model = diskmodel.parse_spec(args.disk_model)
    if model is None:
        print("bench_diskmodel: measure a model, not none", file=sys.stderr)
        return 2
    say = (lambda *a: None) if args.json else print
    if args.host:
        return measure_host(model, args, say)
    with tempfile.TemporaryDirectory(prefix="fstune-bench-diskmodel-") as base:
        directory = Path(base) / "vm"
        try:
            started = time.monotonic()
            lab = vmlab.vm_up(disks=2, size="1G", directory=directory, disk_model=model)
            say(f"VM lab up in {time.monotonic() - started:.1f} s ({lab.accel}, kernel {lab.kernel}); "
                f"disk model {model.describe()}")
            result = measure(VmTarget(lab), model, args.runtime, say)
            result["environment"] = vmlab.environment(lab)
        finally:
            report = vmlab.vm_down(directory)
            if directory.exists():
                print(f"bench_diskmodel: the lab left files behind: {report}", file=sys.stderr)
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


def measure_host(model: diskmodel.DiskParams, args, say) -> int:
    from fstune import lab as labmod

    with tempfile.TemporaryDirectory(prefix="fstune-bench-diskmodel-", dir="/var/tmp") as base:
        directory = Path(base) / "lab"
        try:
            started = time.monotonic()
            lab = labmod.lab_up(disks=2, size="1G", directory=directory, spare_size="64M", disk_model=args.disk_model)
            say(f"Modelled lab up in {time.monotonic() - started:.1f} s ({lab.path}); disk model {model.describe()}")
            result = measure(HostTarget(lab), model, args.runtime, say)
            result["environment"] = {"lab": "modelled", "path": lab.path, "kernel": os.uname().release}
        finally:
            labmod.lab_down(directory)
    if args.json:
        print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
