"""bench/bench_seeds.py's decisions, without booting a VM: when it refuses TCG, which studies it
runs, how it bounds them, the manifest it writes and how a guest's run reaches the host store."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from fstune.results.store import DB_NAME, Store
from fstune.studies import load_studies
from test_compare_blocked import run

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_seeds.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_seeds", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tcg_is_refused_unless_forced(bench):
    assert bench.tcg_refusal("kvm", force_tcg=False) is None
    assert "--force-tcg" in bench.tcg_refusal("tcg", force_tcg=False)
    assert bench.tcg_refusal("tcg", force_tcg=True) is None


def test_without_kvm_the_bench_refuses_before_booting_unless_forced(bench):
    assert bench.accel_to_request(kvm_usable=False, force_tcg=False) is None
    assert bench.accel_to_request(kvm_usable=False, force_tcg=True) == "tcg"
    # with KVM the lab may still fall back to TCG: boot with auto, then check what ran
    assert bench.accel_to_request(kvm_usable=True, force_tcg=False) == "auto"


def test_main_refuses_without_kvm_and_boots_nothing(bench, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(bench.os, "geteuid", lambda: 0)
    monkeypatch.setattr(bench.vmlab, "kvm_unusable", lambda: "there is no /dev/kvm")

    def no_boot(*args, **kwargs):
        raise AssertionError("booted a VM although it had to refuse")

    monkeypatch.setattr(bench.vmlab, "vm_up", no_boot)
    assert bench.main(["--state", str(tmp_path / "state")]) == 2
    said = capsys.readouterr().err
    assert "TCG" in said and "there is no /dev/kvm" in said
    assert not (tmp_path / "state").exists()


def test_main_refuses_a_lab_that_fell_back_to_tcg_and_takes_it_down(bench, monkeypatch, tmp_path):
    from fstune import vmlab

    monkeypatch.setattr(bench.os, "geteuid", lambda: 0)
    monkeypatch.setattr(bench.vmlab, "kvm_unusable", lambda: None)
    downs = []
    lab = vmlab.VmLab(directory=tmp_path / "lab", token="0123abcd", pid=0, accel="tcg", kernel="6.1", disks=[],
                      seek_ms=None, boot_seconds=1.0, state="ready")
    monkeypatch.setattr(bench.vmlab, "vm_up", lambda **kwargs: lab)
    monkeypatch.setattr(bench.vmlab, "vm_down", lambda directory: downs.append(directory))
    assert bench.main(["--state", str(tmp_path / "state"), "--lab-dir", str(tmp_path / "lab")]) == 2
    assert downs == [tmp_path / "lab"]


def test_seed_studies_are_the_tagged_ones_and_only_picks_among_them(bench):
    studies = load_studies(extra_dirs=[])
    seeds = bench.seed_studies(studies)
    assert seeds and all("seed" in s.tags for s in seeds)
    assert {s.name for s in seeds} == {name for name, s in studies.items() if "seed" in s.tags}
    picked = bench.seed_studies(studies, ["reiserfs-external-log", "ext3-external-journal", "reiserfs-external-log"])
    assert [s.name for s in picked] == ["reiserfs-external-log", "ext3-external-journal"]
    untagged = next(name for name, s in studies.items() if "seed" not in s.tags)
    with pytest.raises(ValueError, match="not a seed study"):
        bench.seed_studies(studies, [untagged])


def test_max_blocks_bounds_the_planned_blocks_too(bench):
    study = load_studies(extra_dirs=[])["reiserfs-external-log"]
    assert bench.block_args(study, None) == []
    assert bench.block_args(study, 2) == ["--blocks", "2", "--max-blocks", "2"]
    assert bench.block_args(study, 50) == ["--blocks", str(study.repeats), "--max-blocks", "50"]


def test_the_manifest_names_each_study_and_its_run(bench, tmp_path):
    path = tmp_path / "sub" / "seed-runs.json"
    runs = [{"study": "ext3-external-journal", "run": 4, "seconds": 900}]
    bench.write_manifest(path, runs, accel="tcg", failed=[])
    bench.write_manifest(path, runs + [{"study": "jfs-external-log", "run": 5, "seconds": 600}], accel="tcg",
                         failed=[])
    data = json.loads(path.read_text())
    assert [(r["study"], r["run"]) for r in data["runs"]] == [("ext3-external-journal", 4), ("jfs-external-log", 5)]
    assert data["accel"] == "tcg"
    assert [p.name for p in path.parent.iterdir()] == ["seed-runs.json"]


def test_a_later_sitting_keeps_the_runs_of_studies_it_does_not_run_again(bench, tmp_path):
    path = tmp_path / "seed-runs.json"
    state = tmp_path / "state"
    assert bench.earlier_runs(path, state, []) == []  # no manifest yet
    bench.write_manifest(path, [{"study": "ext3-external-journal", "run": 1}, {"study": "jfs-external-log", "run": 2}],
                         state=str(state))
    assert bench.earlier_runs(path, state, ["jfs-external-log"]) == [{"study": "ext3-external-journal", "run": 1}]
    # another store's ids mean nothing here
    assert bench.earlier_runs(path, tmp_path / "other", []) == []
    path.write_text("not json")
    assert bench.earlier_runs(path, state, []) == []


def test_a_guest_run_is_stored_in_the_host_store_with_its_raw_outputs(bench, tmp_path):
    record = run({"a": 1.0, "b": 1.1}, blocks=3)
    record.environment = {"lab": {"lab": "vm", "accel": "tcg", "disk_model": {"name": "deskstar-7k250"}}}
    record.results[0].raw = {"dbench": "Throughput 100 MB/sec"}
    with Store(tmp_path / "guest") as guest:
        guest.save_run(run({"a": 1.0}, blocks=3))  # the host's ids are its own, not the guest's
        guest_id = guest.save_run(record)
    host_id = bench.copy_run(tmp_path / "guest" / DB_NAME, guest_id, tmp_path / "host")
    with Store(tmp_path / "host") as host:
        copied = host.load_run(host_id)
    assert host_id == 1 and guest_id == 2
    assert copied.environment["lab"]["accel"] == "tcg"
    assert len(copied.results) == len(record.results) and copied.results[0].raw == {"dbench": "Throughput 100 MB/sec"}


def test_a_dilated_lab_may_run_under_tcg_without_forcing(bench):
    assert bench.tcg_refusal("tcg", force_tcg=False, dilated=True) is None
    assert bench.accel_to_request(kvm_usable=False, force_tcg=False, dilated=True) == "tcg"
    assert bench.accel_to_request(kvm_usable=True, force_tcg=False, dilated=True) == "auto"
