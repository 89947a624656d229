"""bench/seed_table.py: the seed experiments' table, recomputed from a store's raw outputs.

The store is built through the real store API with blocked runs whose repeats keep a recorded
dbench output (the figure in its Throughput line set per repeat, as a run would print it), so
the script's recompute path parses them again; the script runs as a subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fstune.figures import HIGHER, RepeatResult, Sample
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.stats.sequential import METHOD
from fstune.results.store import Store
from test_compare_blocked import DESIGN, SHARED

ROOT = Path(__file__).resolve().parent.parent
DBENCH = (ROOT / "tests" / "fixtures" / "tools" / "dbench-4.00.txt").read_text()


def dbench_output(mbs: float) -> str:
    return DBENCH.replace("Throughput 1119.17 MB/sec", f"Throughput {mbs:.4f} MB/sec")


def blocked(study: str, means: dict[str, float], environment: dict, devices: list[DeviceRecord],
            configs: list[ConfigDescription], blocks: int = 10) -> RunRecord:
    results = []
    for block in range(1, blocks + 1):
        for position, (name, mean) in enumerate(means.items(), 1):
            value = round(mean * SHARED[block - 1], 4)
            # stored as an older parser read it (half the figure): the table must parse again
            results.append(RepeatResult(name, "metadata", block,
                                        [Sample("metadata", "dbench.throughput_mbs", value / 2, "MB/s", HIGHER)],
                                        raw={"dbench": dbench_output(value)}, block=block, position=position))
    return RunRecord(study, study, 1.0, "finished", configs, results, method=METHOD, design=dict(DESIGN),
                     environment={"kernel": "6.1.0-21-amd64", **environment}, devices=devices)


def loop_lab() -> tuple[dict, list[DeviceRecord]]:
    where = {"disk": "loop3", "backing_file": "/var/tmp/fstune-lab/disk0.img", "backing_device": "/dev/sda3",
             "backing_dev": "8:3", "lab": True}
    return ({"placement": {"/dev/loop3p1": where, "/dev/loop3p2": where}},
            [DeviceRecord("/dev/loop3p1", "target", transport="loop"),
             DeviceRecord("/dev/loop3p2", "journal", transport="loop")])


def vm_lab(model: dict | None) -> tuple[dict, list[DeviceRecord]]:
    return ({"lab": {"lab": "vm", "disk_model": model, "disk_serving": "nbdkit", "accel": "KVM",
                     "guest_kernel": "6.1.0-28-amd64"},
             "placement": {"/dev/vdb1": {"disk": "vdb"}, "/dev/vdc1": {"disk": "vdc"}}},
            [DeviceRecord("/dev/vdb1", "target", transport="virtio"),
             DeviceRecord("/dev/vdc1", "journal", transport="virtio")])


def make_store(state: Path) -> dict[str, int]:
    ext3 = [ConfigDescription("internal", "ext3"), ConfigDescription("external", "ext3", journal="external",
                                                                     log_device="/dev/loop3p2")]
    reiser = [ConfigDescription("internal", "reiserfs"),
              ConfigDescription("external", "reiserfs", journal="external", log_device="/dev/vdc1"),
              ConfigDescription("external-notail", "reiserfs", journal="external", log_device="/dev/vdc1",
                                mount_options=(("notail", None),))]
    xfs = [ConfigDescription("defaults", "xfs"),
           ConfigDescription("log-buffers", "xfs", mount_options=(("logbufs", "8"), ("logbsize", "32k"))),
           ConfigDescription("external-log", "xfs", journal="external", log_device="/dev/vdc1")]
    ids = {}
    with Store(state) as store:
        ids["ext3-external-journal"] = store.save_run(blocked(
            "ext3-external-journal", {"internal": 15.44, "external": 17.25}, *loop_lab(), configs=ext3))
        ids["reiserfs-external-log"] = store.save_run(blocked(
            "reiserfs-external-log", {"internal": 20.0, "external": 21.72, "external-notail": 25.88},
            *vm_lab({"name": "deskstar-7k250"}), configs=reiser))
        ids["xfs-log-tuning"] = store.save_run(blocked(
            "xfs-log-tuning", {"defaults": 10.0, "log-buffers": 10.0, "external-log": 14.0}, *vm_lab(None),
            configs=xfs))
    return ids


def table(state: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "seed_table.py"), "--state", str(state), *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def rows(markdown: str) -> list[list[str]]:
    lines = [line for line in markdown.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split(" | ")] for line in lines[1:]]


def test_the_table_is_recomputed_from_the_stored_outputs_with_the_agreement_said(tmp_path):
    state = tmp_path / "state"
    ids = make_store(state)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"runs": [{"study": study, "run": run} for study, run in ids.items()]}))
    done = table(state, "--manifest", str(manifest))
    assert done.returncode == 0, done.stderr
    found = rows(done.stdout)
    assert done.stdout.startswith("| seed | experiment | seed's result | fstune (interval) | verdict | agreement | "
                                  "environment | blocks |")
    by = {(row[1].split(" (run")[0], row[1].split(": ", 1)[1]): row for row in found}
    ext3 = by[("ext3-external-journal", "external against internal, dbench throughput")]
    assert ext3[0] == "000" and ext3[2] == "+11.7%, 15.44 → 17.25 MB/s"
    assert ext3[3].startswith("+11.7 % [") and ext3[4] == "better"  # today's parse, not the stored half figures
    assert ext3[5] == ("cannot show here: one-disk loop lab: the journal and the data share one physical disk, so "
                       "seek benefits cannot show; loop lab: loop devices write into files through the host's page "
                       "cache, so no head moves (the verdict alone: agrees (+11.7 % against +11.7 %))")
    assert ext3[6] == "loop lab on /dev/sda3, kernel 6.1.0-21-amd64"
    assert ext3[7] == "10 compared"  # no fidelity rule off the modelled lab, and nothing dropped
    # fio never ran in these runs: the seed's fio rows cannot be told
    fio = by[("ext3-external-journal", "external against internal, sequential write rate")]
    assert fio[3] == "not measured" and fio[5] == "not measured: the throughput workload did not run"
    notail = by[("reiserfs-external-log", "external-notail against external, dbench throughput")]
    # a pair of two variants is beyond the run's error budget (docs/verdicts.md, "Every comparison
    # shown"): the seed's notail row is described, and its agreement cannot be told
    assert notail[4] == "described, no verdict"
    assert notail[5] == "cannot tell: described only: a pair of two variants is beyond the run's error budget"
    assert notail[6] == "VM lab, disk model deskstar-7k250, KVM, kernel 6.1.0-28-amd64"
    buffers = by[("xfs-log-tuning", "log-buffers against defaults, dbench throughput")]
    # an interval around 0 that falls far short of the seed's +35.4 %: smaller, whatever its direction
    assert buffers[4] == "no detectable difference"
    assert buffers[5] == "much smaller, no change found (+0.0 % against +35.4 %)"
    external = by[("xfs-log-tuning", "external-log against defaults, dbench throughput")]
    assert external[5].startswith("cannot show here: VM lab without a disk model: a flat cost per request has no "
                                  "head to move")
    assert external[6].startswith("VM lab, no disk model (flat disks), KVM")
    assert len(found) == 5 + 1 + 2


def test_without_a_manifest_the_newest_run_of_each_seed_study_is_used_and_json_is_structured(tmp_path):
    state = tmp_path / "state"
    ids = make_store(state)
    with Store(state) as store:  # a newer run of the same study replaces the older one in the table
        newer = store.load_run(ids["xfs-log-tuning"])
        newer.id = None
        ids["xfs-log-tuning"] = store.save_run(newer)
    done = table(state, "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert {row["experiment"].split(" (")[0] for row in found} == set(ids)
    assert all(f"(run {ids['xfs-log-tuning']})" in row["experiment"] for row in found
               if row["experiment"].startswith("xfs"))
    notail = next(row for row in found if "external-notail" in row["experiment"])
    assert notail["outcome"]["agreement"] == "cannot tell" and notail["outcome"]["original"]["before"] == 21.72


def test_a_bad_manifest_or_store_is_refused_with_the_reason(tmp_path):
    state = tmp_path / "state"
    ids = make_store(state)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"runs": [{"study": "xfs-log-tuning", "run": ids["ext3-external-journal"]}]}))
    done = table(state, "--manifest", str(manifest))
    assert done.returncode == 2
    assert f"run {ids['ext3-external-journal']} is a run of ext3-external-journal, not of xfs-log-tuning" in done.stderr
    manifest.write_text('{"runs": [{"study": "xfs-log-tuning"}]}')
    assert "runs[0] must be" in table(state, "--manifest", str(manifest)).stderr
    assert "no results store" in table(tmp_path / "nothing").stderr


def test_a_bundle_gives_the_same_table_as_the_store_and_names_what_ran_elsewhere(tmp_path):
    state = tmp_path / "state"
    ids = make_store(state)
    manifest = tmp_path / "manifest.json"
    manifest.write_text(json.dumps({"runs": [{"study": "ext3-external-journal", "run": ids["ext3-external-journal"]}],
                                    "kernel": "6.18.0-test",
                                    "elsewhere": [{"study": "jfs-external-log", "why": "no jfs here"}]}))
    bundle = tmp_path / "seeds.json.xz"
    from_store = table(state, "--manifest", str(manifest), "--save-bundle", str(bundle))
    assert from_store.returncode == 0, from_store.stderr
    from_bundle = subprocess.run([sys.executable, str(ROOT / "bench" / "seed_table.py"), "--bundle", str(bundle)],
                                 capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert from_bundle.returncode == 0, from_bundle.stderr
    assert from_bundle.stdout == from_store.stdout
    jfs = [row for row in rows(from_bundle.stdout) if row[1].startswith("jfs-external-log")]
    assert len(jfs) == 1 and jfs[0][0] == "000" and jfs[0][3] == "–"
    assert jfs[0][5].startswith("not measured: this kernel (6.18.0-test) has no jfs; it needs the VM lab with time "
                                "dilation")
    bundle.write_bytes(b"not xz")
    refused = subprocess.run([sys.executable, str(ROOT / "bench" / "seed_table.py"), "--bundle", str(bundle)],
                             capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert refused.returncode == 2 and "not a readable bundle" in refused.stderr


def test_a_later_sitting_replaces_an_earlier_run_of_the_same_study(tmp_path):
    state = tmp_path / "state"
    ids = make_store(state)
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps({"runs": [{"study": "xfs-log-tuning", "run": ids["ext3-external-journal"]},
                                          {"study": "reiserfs-external-log", "run": ids["reiserfs-external-log"]}],
                                 "command": "first"}))
    second.write_text(json.dumps({"runs": [{"study": "xfs-log-tuning", "run": ids["xfs-log-tuning"]}],
                                  "command": "second"}))
    bundle = tmp_path / "both.json.xz"
    done = table(state, "--manifest", str(first), "--manifest", str(second), "--save-bundle", str(bundle), "--json")
    assert done.returncode == 0, done.stderr  # the first sitting's wrong xfs entry is replaced, not read
    studies = [row["experiment"].split(" (")[0] for row in json.loads(done.stdout)]
    assert studies.index("reiserfs-external-log") < studies.index("xfs-log-tuning")
    import lzma

    with lzma.open(bundle, "rt") as source:
        manifest = json.load(source)["manifest"]
    assert [s["command"] for s in manifest["sittings"]] == ["first", "second"]
