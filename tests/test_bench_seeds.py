"""bench/bench_seeds.py's decisions, without booting a VM: when it refuses TCG, which studies it
runs, how it bounds them, the manifest it writes and how a guest's run reaches the host store."""

from __future__ import annotations

import importlib.util
import json
import os
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
    assert bench.main(["--where", "vm", "--state", str(tmp_path / "state")]) == 2
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
    assert bench.main(["--where", "vm", "--state", str(tmp_path / "state"), "--lab-dir", str(tmp_path / "lab")]) == 2
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


def test_on_the_host_a_filesystem_the_kernel_lacks_is_left_out_and_a_lacking_baseline_needs_the_vm(bench):
    studies = load_studies(extra_dirs=[])
    without = {"reiserfs", "jfs"}.__contains__
    assert bench.host_configs(studies["ext3-external-journal"], lambda fs: not without(fs)) == (None, [])
    assert bench.host_configs(studies["smallfiles-filesystems"], lambda fs: not without(fs)) == (
        ["ext3", "ext2", "ext4", "xfs"], ["reiserfs", "jfs"])
    assert bench.host_configs(studies["coldread-filesystems"], lambda fs: not without(fs)) == (
        ["ext3", "xfs"], ["reiserfs"])
    # only what the seed table compares: smallfiles-filesystems's ext4 has no expected outcome
    assert bench.host_configs(studies["smallfiles-filesystems"], lambda fs: not without(fs), expected_only=True) == (
        ["ext3", "ext2", "xfs"], ["ext4", "reiserfs", "jfs"])
    assert bench.host_configs(studies["smallfiles-ext-tuning"], lambda fs: True, expected_only=True) == (
        ["ext3-no-index", "ext3-dir-index"], ["ext3-noatime", "ext2-noatime"])
    assert bench.host_configs(studies["xfs-log-tuning"], lambda fs: True, expected_only=True) == (None, [])
    configs, left_out = bench.host_configs(studies["jfs-external-log"], lambda fs: not without(fs))
    assert configs == [] and left_out == [c.name for c in studies["jfs-external-log"].configurations]


def test_a_workload_setting_reaches_only_the_studies_that_run_that_workload(bench):
    studies = load_studies(extra_dirs=[])
    params = ["metadata.seconds=20", "throughput.runtime=10"]
    assert bench.workload_params(studies["xfs-log-tuning"], params) == ["--workload-param", "metadata.seconds=20"]
    assert bench.workload_params(studies["ext3-external-journal"], params) == [
        "--workload-param", "metadata.seconds=20", "--workload-param", "throughput.runtime=10"]
    assert bench.workload_params(studies["ext4-journal-writes"], params) == []


def test_the_host_run_is_the_real_fstune_run_on_the_bench_lab_in_a_private_run_dir(bench, tmp_path):
    study = load_studies(extra_dirs=[])["smallfiles-filesystems"]
    argv = bench.host_run_argv(study, tmp_path / "lab", ["ext3", "xfs"], ["smallfiles.preset=quick"], 3,
                               "seeds-1-x", private_run_dir=False)
    assert argv[1:] == ["-m", "fstune", "run", "--study", "smallfiles-filesystems", "--lab", str(tmp_path / "lab"),
                        "--configs", "ext3,xfs", "--workload-param", "smallfiles.preset=quick", "--blocks", "3",
                        "--max-blocks", "3", "--yes", "--run-id", "seeds-1-x"]
    private = bench.host_run_argv(study, tmp_path / "lab", None, [], None, "seeds-1-x", private_run_dir=True)
    # a mount root of its own, never a mount namespace that would hold every other mount alive
    plain = bench.host_run_argv(study, tmp_path / "lab", None, [], None, "seeds-1-x", private_run_dir=False)
    assert private == ["env", f"FSTUNE_MOUNT_ROOT=/run/fstune-bench-{os.getpid()}", *plain]
    assert "--configs" not in private


def test_the_host_bench_records_each_run_and_takes_every_lab_down_also_when_interrupted(bench, monkeypatch, tmp_path):
    monkeypatch.setattr(bench.os, "geteuid", lambda: 0)
    labs: list[str] = []

    def host_lab(action, env):
        labs.append(action[0])
        lab_dir = Path(action[action.index("--dir") + 1])
        if action[0] == "up":  # what `lab up` leaves: its manifest in the bench's own directory
            assert str(lab_dir).startswith("/var/tmp/fstune-seeds-") and env["FSTUNE_LAB_DIR"] == str(lab_dir)
            lab_dir.mkdir(parents=True, exist_ok=True)
            (lab_dir / bench.MANIFEST_NAME).write_text("{}")
        elif lab_dir.exists():
            (lab_dir / bench.MANIFEST_NAME).unlink()
        return bench.subprocess.CompletedProcess(action, 0, "")

    studies = iter([(0, "fstune: stored as run 7: 'fstune results show 7'", None),
                    (130, "Cancelled\nfstune: stored as run 8: 'fstune results show 8'", "signal 15")])
    monkeypatch.setattr(bench, "host_lab", host_lab)
    monkeypatch.setattr(bench, "run_host_study", lambda argv, env, log: next(studies))
    state = tmp_path / "state"
    status = bench.main(["--where", "host", "--state", str(state), "--only", "ext4-journal-writes",
                         "--only", "jfs-external-log", "--only", "ext3-ext2-writes", "--only", "xfs-log-tuning"])
    assert status == 130
    assert labs == ["up", "down", "up", "down"]  # jfs: no lab; xfs-log-tuning: never started
    manifest = json.loads((state / "seed-runs.json").read_text())
    assert [(run["study"], run["run"]) for run in manifest["runs"]] == [("ext4-journal-writes", 7),
                                                                        ("ext3-ext2-writes", 8)]
    assert manifest["runs"][1]["stopped_by"] == "signal 15" and manifest["stopped_by"] == "signal 15"
    assert [entry["study"] for entry in manifest["elsewhere"]] == ["jfs-external-log"]
    assert manifest["where"] == "host" and manifest["kernel"]


def test_a_dilated_lab_may_run_under_tcg_without_forcing(bench):
    assert bench.tcg_refusal("tcg", force_tcg=False, dilated=True) is None
    assert bench.accel_to_request(kvm_usable=False, force_tcg=False, dilated=True) == "tcg"
    assert bench.accel_to_request(kvm_usable=True, force_tcg=False, dilated=True) == "auto"


def test_dilation_picks_the_vm_lab_and_is_refused_on_the_host(bench, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(bench.os, "geteuid", lambda: 0)
    monkeypatch.setattr(bench, "run_host", lambda *args: pytest.fail("ran on the host although --dilate was given"))
    monkeypatch.setattr(bench.vmlab, "kvm_unusable", lambda: "there is no /dev/kvm")
    monkeypatch.setattr(bench.vmlab, "vm_up", lambda **kwargs: (_ for _ in ()).throw(SystemExit(7)))
    with pytest.raises(SystemExit) as booted:
        bench.main(["--state", str(tmp_path / "state"), "--dilate", "auto", "--only", "jfs-external-log"])
    assert booted.value.code == 7  # it went on to boot the VM lab
    with pytest.raises(SystemExit) as refused:
        bench.main(["--where", "host", "--state", str(tmp_path / "state"), "--dilate", "auto"])
    assert refused.value.code == 2 and "--where vm" in capsys.readouterr().err
