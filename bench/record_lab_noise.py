"""Record how noisy the loop-device lab is, metric by metric, for the verdict simulation.

tests/test_verdict_simulation.py draws simulated studies from the spreads this script measures
(docs/verdicts.md, "How the design was checked"). It builds a lab of its own in a temporary
directory, runs one study whose configurations are all the *same* ext4 filesystem (so every
difference between them is noise), with the real workloads through the real `fstune run`, and
takes the lab down again even when the run fails or is interrupted.

Each configuration is one "instance": mkfs, mount, then every workload ``--repeats`` times. The
instances run one after another, so their order is time order. Per metric it records:

- ``fresh_log_sd``: the spread of the first measurement after mkfs across instances (after a
  straight-line trend is removed), on the log scale: what one block's single measurement of a
  configuration varies by. This is the figure the simulation uses;
- ``fresh_log_sd_successive``: the same from successive differences (robust to slow drift);
- ``within_log_sd`` (repeat to repeat on one filesystem) and ``between_log_sd`` (instance means);
- ``drift_per_instance``: the straight-line trend of the log values per instance, with its
  standard error and Spearman's rho against time;
- tail shape: excess kurtosis of the detrended log values and the share beyond 3 robust
  standard deviations (MAD);
- how often the value was 0 and whether every value was identical (exact byte counts).

Run as root (about 45 s per instance on the 2-core lab machine; the file records how long it took):

    .venv/bin/python bench/record_lab_noise.py --instances 16 -o tests/fixtures/noise/lab.json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = "metadata,throughput,writes"
# small enough that 16 instances of 3 repeats take about 13 minutes on the lab
PARAMS = ("metadata.seconds=5", "metadata.clients=4", "throughput.runtime=2", "throughput.size=64M",
          "throughput.threads=2", "writes.files=500")


def study_toml(instances: int) -> str:
    lines = ['title = "A/A noise: the same ext4 filesystem, made again and again"',
             'summary = "every configuration is identical; their differences are noise"',
             'explanation = "Written by bench/record_lab_noise.py."',
             f'workloads = {json.dumps(WORKLOADS.split(","))}', "repeats = 3", ""]
    for index in range(1, instances + 1):
        lines += ["[[configurations]]", f'name = "i{index:02d}"', f'title = "ext4, instance {index}"',
                  'filesystem = "ext4"', ""]
    return "\n".join(lines)


def fstune(*args: str, env: dict[str, str], check: bool = True) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "fstune", *args]
    print("+", shlex.join(command[2:]), flush=True)
    return subprocess.run(command, env=env, check=check, stdin=subprocess.DEVNULL)


def quiet(*argv: str) -> str:
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return ""


def environment(lab_dir: Path, started: float) -> dict:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    return {
        "kernel": platform.release(),
        "date": datetime.fromtimestamp(started, timezone.utc).isoformat(timespec="seconds"),
        "machine": {"virtualisation": quiet("systemd-detect-virt") or "unknown", "cpu": cpu,
                    "cores": os.cpu_count(), "memory_mib": os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") >> 20,
                    "load_average_at_start": os.getloadavg()[0],
                    "note": "shared with other engineers' test runs (noisy neighbours)"},
        "lab": {"kind": "loop-device lab (fstune lab up): 2 sparse file-backed disks of 1G, direct I/O",
                "backing_filesystem": quiet("findmnt", "-no", "FSTYPE", "--target", str(lab_dir.parent)),
                "backing_device": quiet("findmnt", "-no", "SOURCE", "--target", str(lab_dir.parent))},
        "tools": {"dbench": quiet("sh", "-c", "dbench --help 2>&1 | head -1"), "fio": quiet("fio", "--version"),
                  "mkfs.ext4": quiet("sh", "-c", "mke2fs -V 2>&1 | head -1")},
        "fstune_commit": quiet("git", "-C", str(ROOT), "rev-parse", "HEAD"),
    }


# --- the figures ------------------------------------------------------------------------------


def detrend(values: list[float]) -> tuple[list[float], float, float]:
    """Residuals from a least-squares line over the index, its slope and the slope's standard error."""
    n = len(values)
    xs = list(range(n))
    x_mean, y_mean = (n - 1) / 2, sum(values) / n
    sxx = sum((x - x_mean) ** 2 for x in xs)
    slope = sum((x - x_mean) * (y - y_mean) for x, y in zip(xs, values)) / sxx
    residuals = [y - (y_mean + slope * (x - x_mean)) for x, y in zip(xs, values)]
    slope_se = math.sqrt(sum(r * r for r in residuals) / (n - 2) / sxx) if n > 2 else math.nan
    return residuals, slope, slope_se


def sd(values: list[float], ddof: int = 1) -> float:
    if len(values) <= ddof:
        return math.nan
    centre = sum(values) / len(values)
    return math.sqrt(sum((v - centre) ** 2 for v in values) / (len(values) - ddof))


def metric_figures(series: list[list[float]]) -> dict:
    """``series[i]`` holds instance i's repeats in the order they ran."""
    from scipy import stats  # the script is not part of fstune's import path

    flat = [v for repeats in series for v in repeats]
    figures: dict = {"instances": len(series), "repeats_per_instance": [len(r) for r in series],
                     "mean": sum(flat) / len(flat), "zero_share": sum(v == 0 for v in flat) / len(flat),
                     "all_identical": len(set(flat)) == 1, "values": series}
    if figures["all_identical"]:
        figures["suggested_scale"] = "exact"
        return figures
    if min(flat) <= 0:  # counts that can be 0 are compared as differences, in their own unit
        figures["suggested_scale"] = "difference"
        firsts = [r[0] for r in series if r]
        residuals, slope, slope_se = detrend(firsts)
        figures.update(fresh_sd=sd(residuals, ddof=2), drift_per_instance=slope, drift_se=slope_se)
        return figures
    figures["suggested_scale"] = "ratio"
    logs = [[math.log(v) for v in repeats] for repeats in series]
    firsts = [r[0] for r in logs if r]
    residuals, slope, slope_se = detrend(firsts)
    instance_means = [sum(r) / len(r) for r in logs if r]
    within = [v - sum(r) / len(r) for r in logs if len(r) > 1 for v in r]
    within_df = sum(len(r) - 1 for r in logs if len(r) > 1)
    # all values in time order, detrended, for the tail shape
    tail_residuals, _slope, _se = detrend([v for r in logs for v in r])
    centre = sorted(tail_residuals)[len(tail_residuals) // 2]
    mad_sd = 1.4826 * sorted(abs(r - centre) for r in tail_residuals)[len(tail_residuals) // 2]
    rho, rho_p = stats.spearmanr(range(len(instance_means)), instance_means)
    successive = [b - a for a, b in zip(firsts, firsts[1:])]
    figures.update(
        fresh_log_sd=sd(residuals, ddof=2),
        # the same spread from successive differences: slow drift hardly touches it
        fresh_log_sd_successive=math.sqrt(sum(d * d for d in successive) / (2 * len(successive))),
        within_log_sd=math.sqrt(sum(w * w for w in within) / within_df) if within_df else math.nan,
        between_log_sd=sd(instance_means),
        drift_per_instance=slope, drift_se=slope_se,
        drift_spearman_rho=float(rho), drift_spearman_p=float(rho_p),
        excess_kurtosis=float(stats.kurtosis(tail_residuals)),
        share_beyond_3_mad_sd=(sum(abs(r - centre) > 3 * mad_sd for r in tail_residuals) / len(tail_residuals)
                               if mad_sd > 0 else 0.0),
        first_repeat_log_offset=sum(r[0] - sum(r[1:]) / len(r[1:]) for r in logs if len(r) > 1) / len(logs),
    )
    return figures


def collect(export: dict) -> dict[str, list[list[float]]]:
    """(workload.metric) → per instance, in the order the instances ran, the values by repeat."""
    by_metric: dict[str, dict[str, dict[int, float]]] = {}
    results = [result for run in export["runs"] for result in run["repeats"]]
    for result in results:
        if result.get("failed"):
            continue
        for sample in result["samples"]:
            key = f"{sample['workload']}.{sample['metric']}"
            by_metric.setdefault(key, {}).setdefault(result["config"], {})[result["repeat"]] = sample["value"]
    order = sorted({result["config"] for result in results})
    return {key: [[repeats[r] for r in sorted(repeats)] for config in order if (repeats := configs.get(config))]
            for key, configs in sorted(by_metric.items())}


def _interrupted(signum, frame):
    """SIGTERM (a CI timeout) must still take the lab down: raise what the finally blocks see."""
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instances", type=int, default=16, help="identical configurations, made one after another")
    parser.add_argument("--repeats", type=int, default=3, help="repeats of each workload per instance (at least 3)")
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "tests/fixtures/noise/lab.json")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        parser.error("needs root: it attaches loop devices and formats them")

    started = time.time()
    tmp = Path(tempfile.mkdtemp(prefix="fstune-noise-", dir="/var/tmp"))
    lab_dir = tmp / "lab"
    env = {**os.environ, "FSTUNE_STATE_DIR": str(tmp / "state"), "XDG_STATE_HOME": str(tmp / "xdg"),
           "FSTUNE_LAB_ONLY": "1", "PYTHONPATH": str(ROOT)}
    study = tmp / "aa-noise.toml"
    study.write_text(study_toml(args.instances))
    run_command = ["run", "--study", str(study), "--lab", str(lab_dir), "--workloads", WORKLOADS,
                   *(word for param in PARAMS for word in ("--workload-param", param)),
                   "--repeats", str(args.repeats), "--max-repeats", str(args.repeats), "--yes", "--run-id", "noise"]
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        try:
            fstune("lab", "up", "--dir", str(lab_dir), "--disks", "2", "--size", "1G", env=env)
            env_record = environment(lab_dir, started)
            run = fstune(*run_command, env=env, check=False)
            export_file = tmp / "run.json"
            fstune("results", "export", "last", "--format", "json", "-o", str(export_file), env=env)
            export = json.loads(export_file.read_text())
        finally:
            fstune("lab", "down", "--dir", str(lab_dir), env=env, check=False)
    finally:
        subprocess.run(["rm", "-rf", "--one-file-system", str(tmp)], check=False)
    metrics = {key: metric_figures(series) for key, series in collect(export).items()}
    record = {
        "what": "A/A noise of the loop-device lab: identical ext4 configurations, made and measured one "
                "after another; see bench/record_lab_noise.py for the meaning of every figure",
        "command": "sudo .venv/bin/python bench/record_lab_noise.py " + shlex.join(argv if argv is not None else sys.argv[1:]),
        "fstune_run": "fstune " + shlex.join(run_command).replace(str(tmp), "$TMP"),
        "run_exit_status": run.returncode,
        "duration_seconds": round(time.time() - started),
        "instances": args.instances, "repeats": args.repeats,
        "environment": {**env_record, "load_average_at_end": os.getloadavg()[0]},
        "metrics": metrics,
    }
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(record, indent=1, sort_keys=False) + "\n")
    print(f"wrote {args.output} after {record['duration_seconds']} s (fstune run exit status {run.returncode})")
    for key, figures in metrics.items():
        print(f"  {key:40s} {figures['suggested_scale']:10s} fresh sd {figures.get('fresh_log_sd', figures.get('fresh_sd', 0)):.4f}")
    return 0 if run.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
