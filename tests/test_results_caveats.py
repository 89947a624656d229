"""caveats(record): what a reader must know, from the record alone; and a blocked run through the
store and ``fstune results show/compare --pair`` as a user runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from fstune.figures import HIGHER, Sample
from fstune.reports import caveats as cv
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.results.store import Store
from test_compare_blocked import dbench, run
from test_results_cli import assert_fits_80_columns, fstune

LOOP_PLACEMENT = {
    "/dev/loop0p1": {"disk": "loop0", "backing_file": "/var/tmp/lab/fstune-lab-disk0.img", "backing_device": "sda2",
                     "backing_dev": 2050, "lab": True},
    "/dev/loop1p1": {"disk": "loop1", "backing_file": "/var/tmp/lab/fstune-lab-disk1.img", "backing_device": "sda2",
                     "backing_dev": 2050, "lab": True},
}


def journal_run(devices, environment=None) -> RunRecord:
    record = run({"a": 1.0, "b": 1.10})
    record.configs[1] = ConfigDescription("b", "ext4", journal="external", log_device=devices[1].path)
    record.devices = devices
    record.environment = environment or {}
    return record


def kinds(record) -> dict[str, str]:
    return {c.kind: c.text for c in cv.caveats(record)}


def test_the_loop_lab_names_its_backing_device_and_one_disk():
    devices = [DeviceRecord("/dev/loop0p1", "target", transport="loop", rotational=True),
               DeviceRecord("/dev/loop1p1", "journal", transport="loop", rotational=True)]
    found = kinds(journal_run(devices, {"placement": LOOP_PLACEMENT}))
    assert "One-disk loop lab" in found[cv.ENVIRONMENT] and "host device sda2" in found[cv.ENVIRONMENT]
    assert "rotating" not in found[cv.ENVIRONMENT]  # a loop device is never a rotating disk
    assert cv.ONE_DISK_TEXT in found[cv.ONE_DISK] and "device sda2" in found[cv.ONE_DISK]
    assert cv.LEGACY not in found


def test_a_real_disk_and_partitions_of_one_disk():
    devices = [DeviceRecord("/dev/sdb1", "target", model="WDC WD5000", rotational=True),
               DeviceRecord("/dev/sdb2", "journal", model="WDC WD5000", rotational=True)]
    placement = {"/dev/sdb1": {"disk": "sdb"}, "/dev/sdb2": {"disk": "sdb"}}
    found = kinds(journal_run(devices, {"placement": placement}))
    assert found[cv.ENVIRONMENT] == "Real rotating disk: /dev/sdb1 (WDC WD5000)."
    assert "partitions of one disk (sdb)" in found[cv.ONE_DISK]
    separate = {"/dev/sdb1": {"disk": "sdb"}, "/dev/sdb2": {"disk": "sdc"}}
    assert cv.ONE_DISK not in kinds(journal_run(devices, {"placement": separate}))


def test_the_vm_lab_says_its_disk_model_and_accelerator():
    lab = {"lab": "vm", "disk_model": {"name": "Deskstar 7K250"}, "disk_serving": "nbdkit", "accel": "tcg"}
    found = kinds(journal_run([DeviceRecord("/dev/vdb", "target"), DeviceRecord("/dev/vdc", "journal")],
                              {"lab": lab}))
    assert "VM lab: disk model Deskstar 7K250" in found[cv.ENVIRONMENT] and "TCG" in found[cv.ENVIRONMENT]
    assert "the guest's CPU rather than the modelled disk may set the pace" in found[cv.ENVIRONMENT]
    kvm = kinds(journal_run([DeviceRecord("/dev/vdb", "target"), DeviceRecord("/dev/vdc", "journal")],
                            {"lab": {**lab, "accel": "kvm"}}))[cv.ENVIRONMENT]
    assert "KVM" in kvm and "TCG" not in kvm and "emulated" not in kvm


def test_a_stored_tcg_run_says_tcg_wherever_its_figures_are_shown(tmp_path):
    lab = {"lab": "vm", "disk_model": {"name": "deskstar-7k250"}, "disk_serving": "nbdkit", "accel": "tcg"}
    state = tmp_path / "state"
    with Store(state) as store:
        run_id = store.save_run(journal_run([DeviceRecord("/dev/sda1", "target"),
                                             DeviceRecord("/dev/sdb2", "journal")], {"lab": lab}))
    shown = fstune(state, "show", str(run_id))
    exported = fstune(state, "export", str(run_id), "--format", "json")
    for text in (shown.stdout, exported.stdout):
        assert "TCG (software-emulated CPU" in " ".join(text.split())


def test_dropped_blocks_cap_drift_warm_and_legacy_are_said():
    def scaled(factor):
        record = run({"a": 1.0, "b": 1.0})
        for result in record.results:
            if result.config == "b":
                result.samples[0] = Sample("metadata", "dbench.throughput_mbs",
                                           result.samples[0].value * factor(result.block), "MB/s", HIGHER)
        return record

    noisy = scaled(lambda block: 1.25 if block % 2 else 0.8)
    # a 16th block, dropped: the cap still counts the 15 that count
    noisy.results += [dbench(name, 16, 90.0, dropped="io pressure 40 % during the block") for name in "ab"]
    noisy.results[0].warm_cache = True
    found = kinds(noisy)
    assert "block 16: io pressure" in found[cv.DROPPED]
    assert "Cap reached while undecided" in found[cv.CAP] and cv.DRIFT not in found
    assert "Warm cache" in found[cv.WARM]
    rising = kinds(scaled(lambda block: 1 + 0.03 * block))
    assert "b, metadata dbench.throughput_mbs: Drift:" in rising[cv.DRIFT] and cv.CAP not in rising
    legacy = run({"a": 1.0, "b": 1.0}, method="")
    assert "not comparable by the current method" in kinds(legacy)[cv.LEGACY]
    assert all(isinstance(line, str) for line in cv.caveat_lines(legacy))


def test_a_blocked_run_through_the_store_and_the_command_line(tmp_path):
    state = tmp_path / "state"
    record = run({"a": 1.0, "b": 1.10, "c": 1.20})
    record.devices = [DeviceRecord("/dev/loop0p1", "target", transport="loop", rotational=True)]
    record.environment = {"placement": {"/dev/loop0p1": LOOP_PLACEMENT["/dev/loop0p1"]}}
    record.results.append(dbench("c", 16, 120.0, dropped="cpu steal during the block"))
    with Store(state) as store:
        store.save_run(record)
    shown = fstune(state, "show", "1")
    assert shown.returncode == 0, shown.stderr
    words = " ".join(shown.stdout.split())
    assert "better" in words and "detectable ±" in words and "One-disk loop lab" in words
    assert "Every pair on the primary metric" in words and "block 16: cpu steal" in words
    assert "Welch" not in words
    assert_fits_80_columns(shown.stdout)
    pair = fstune(state, "compare", "1", "--pair", "b", "c")
    assert pair.returncode == 0, pair.stderr
    words = " ".join(pair.stdout.split())
    assert "Pair: c against b" in words and "Described, not judged" in words
    wrong = fstune(state, "compare", "1", "--pair", "b", "zz")
    assert wrong.returncode == 2 and "no configuration 'zz'" in wrong.stderr and "Traceback" not in wrong.stderr


@pytest.mark.loopdev
def test_placement_read_from_a_real_lab_gives_the_one_disk_caveat(shared_lab):
    """Read-only: where the lab's partitions write, as the run's record keeps it."""
    from fstune.results.environment import device_placement

    data, spare = shared_lab.pairs()[0]
    placement = device_placement([data, spare])
    backing = {Path(disk.backing_file).name for disk in shared_lab.disks}
    assert {Path(placement[p]["backing_file"]).name for p in (data, spare)} <= backing
    assert placement[data]["lab"] is True and placement[data]["backing_dev"] == placement[spare]["backing_dev"]
    devices = [DeviceRecord(data, "target", transport="loop", rotational=True),
               DeviceRecord(spare, "journal", transport="loop", rotational=True)]
    found = kinds(journal_run(devices, {"placement": placement}))
    assert "One-disk loop lab" in found[cv.ENVIRONMENT] and placement[data]["backing_device"] in found[cv.ENVIRONMENT]
    assert cv.ONE_DISK_TEXT in found[cv.ONE_DISK]


def test_blocks_kept_past_the_drop_rule_s_limit_are_a_caveat():
    from test_compare_blocked import run

    from fstune.reports.caveats import caveats

    record = run({"a": 1.0, "b": 1.1})
    record.design["disturbed_blocks"] = {"9": "processes outside the run …; kept: the rule has dropped its limit of 5 blocks"}
    said = [caveat.text for caveat in caveats(record)]
    assert any("1 block(s) disturbed from outside the run were kept and compared" in text and "block 9" in text
               for text in said)


def test_a_run_measured_under_an_older_method_says_which_and_is_judged_by_today_s():
    """Stored runs keep the version they ran under; what is shown is today's judgement, and says so
    (docs/verdicts.md, "Method versions")."""
    from fstune.results.compare import compare_runs
    from fstune.results.recompute import recompute
    from fstune.stats.sequential import METHOD

    older = run({"a": 1.0, "b": 1.10}, method="paired-gs-obf/1")
    found = kinds(older)
    assert "Measured under paired-gs-obf/1" in found[cv.METHOD_VERSION] and METHOD in found[cv.METHOD_VERSION]
    comparison = compare_runs([older])
    assert comparison.method == METHOD and the_row(comparison).judgement.method == METHOD
    assert older.method == "paired-gs-obf/1"  # the record is not rewritten
    assert cv.METHOD_VERSION not in kinds(run({"a": 1.0, "b": 1.10}))
    again = recompute(older)
    assert again.record.method == METHOD
    assert f"Judged by {METHOD}; the run was judged by paired-gs-obf/1 when it was measured." in again.notes


def the_row(comparison):
    [row] = [r for r in comparison.rows if r.config == "b" and r.metric == "dbench.throughput_mbs"]
    return row
