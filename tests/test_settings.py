"""Runs carry the settings they were measured with, and merges and comparisons refuse to mix them.

The three "machines" here are three results stores. Each run's settings come from a real plan of
a shipped study (``run_settings``), the runs are saved by the real store, exported by the real
CLI and merged or compared by the real CLI; one machine ran dbench for 5 s instead of 10 s.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.measure.measurement import Measurement
from fstune.stats.sequential import METHOD
from fstune.results.settings import (LOOP_LAB, REAL_DEVICES, describe_settings, lab_kind, machine_id, run_settings,
                                     settings_differences)
from fstune.results.store import Store
from fstune.studies import load_studies
from test_results_cli import assert_clean_error, fstune
from test_store import realistic_run

GiB = 1024**3
TARGET = DeviceChoice("/dev/sdb1", 20 * GiB, disk="sdb")
LOG = DeviceChoice("/dev/sdc1", 512 * 1024**2, disk="sdc")


def settings(seconds: int = 10, *, max_blocks: int = 15, machine: Path | None = None) -> dict:
    study = load_studies()["ext3-external-journal"]
    plan = build_plan(Choices(study, TARGET, LOG, workload_params={"metadata": {"seconds": seconds}}))
    return run_settings(plan, Measurement(plan, max_blocks=max_blocks),
                        machine_id_path=machine or "/nonexistent")


def test_settings_name_every_parameter_with_defaults_filled_in(tmp_path):
    (tmp_path / "machine-id").write_text("0123456789abcdef0123456789abcdef\n")
    found = settings(machine=tmp_path / "machine-id")
    assert found["workload_params"]["metadata"]["seconds"] == 10
    assert found["workload_params"]["metadata"]["clients"] == 8  # the default, written out
    assert found["workload_params"]["throughput"]["block_size"] == "4k"
    assert found["repeat_rules"] == {"planned": 5, "max": 15, "looks": [5, 10, 15], "method": METHOD}
    assert len(found["study_version"]) == 12
    assert found["lab_kind"] == REAL_DEVICES
    assert found["device_roles"] == {"/dev/sdb1": "data", "/dev/sdc1": "journal"}
    # hashed: stable, and not the id itself
    assert found["machine_id"] == machine_id(tmp_path / "machine-id") and "0123456789abcdef" not in found["machine_id"]
    assert settings_differences(found, settings()) == []  # the machine is where, not how


def test_differences_are_named_in_words():
    assert settings_differences(settings(10), settings(5)) == ["workload metadata parameter seconds: 10 vs 5"]
    assert settings_differences(settings(), settings(max_blocks=10)) == [
        f"repeat rules: 5 blocks, up to 15 (looks after 5, 10, 15; {METHOD}) vs "
        f"5 blocks, up to 10 (looks after 5, 10; {METHOD})"]
    assert "cannot be checked" in settings_differences({}, settings())[0]
    assert "seconds=10" in describe_settings(settings())


@pytest.mark.loopdev
def test_a_lab_partition_is_called_the_loop_lab(lab):
    assert lab_kind(lab.disks[0].data) == LOOP_LAB


def _machine(tmp_path: Path, name: str, seconds: int, started: float) -> Path:
    """A run saved in its own store (one machine) and exported as JSON by the real CLI."""
    state = tmp_path / name
    run = realistic_run(hostname="vm", started=started, seed=int(started) % 97)
    run.settings = settings(seconds)
    store = Store(state)
    store.save_run(run)
    store.close()
    path = tmp_path / f"{name}.json"
    done = fstune(state, "export", "last", "--format", "json", "-o", str(path))
    assert done.returncode == 0, done.stderr
    return path


def test_a_merge_refuses_other_settings_by_name_and_marks_them_when_allowed(tmp_path):
    files = [str(_machine(tmp_path, "alice", 10, 1.7e9)), str(_machine(tmp_path, "bob", 10, 1.7e9 + 60)),
             str(_machine(tmp_path, "carol", 5, 1.7e9 + 120))]
    document = json.loads(Path(files[2]).read_text())
    assert document["runs"][0]["settings"]["workload_params"]["metadata"]["seconds"] == 5

    refused = fstune(tmp_path, "merge", *files)
    assert_clean_error(refused, "carol.json", "workload metadata parameter seconds: 10 vs 5",
                       "--allow-different-params")

    merged = fstune(tmp_path, "merge", *files, "--allow-different-params", "--label", "carol.json=Carol")
    assert merged.returncode == 0, merged.stderr
    marked = [line for line in merged.stdout.splitlines() if line.startswith("| Carol")]
    assert marked and all("(other settings)" in line for line in marked)
    assert not any("(other settings)" in line for line in merged.stdout.splitlines() if line.startswith("| vm"))
    assert "seconds: 10 vs 5" in merged.stderr

    # the same rule for runs compared side by side from one store
    store = Store(tmp_path / "one")
    for seconds, started in ((10, 1.7e9), (5, 1.7e9 + 60)):
        run = realistic_run(started=started)
        run.settings = settings(seconds)
        store.save_run(run)
    store.close()
    refused = fstune(tmp_path / "one", "compare", "1", "2")
    assert_clean_error(refused, "run 2", "seconds: 10 vs 5")
    allowed = fstune(tmp_path / "one", "compare", "1", "2", "--allow-different-params")
    assert allowed.returncode == 0, allowed.stderr
    assert "other settings than run 1" in " ".join(allowed.stdout.split())
    # and for an export of runs side by side: refused, or listed in the report's own notes
    refused = fstune(tmp_path / "one", "export", "1", "2", "--format", "md")
    assert_clean_error(refused, "run 2", "seconds: 10 vs 5", "--allow-different-params")
    for fmt in ("md", "json", "html", "csv"):
        exported = fstune(tmp_path / "one", "export", "1", "2", "--format", fmt, "--allow-different-params")
        assert exported.returncode == 0, exported.stderr
        assert "Measured with other settings than run 1: run 2: workload metadata parameter seconds: 10 vs 5" \
            in exported.stdout, fmt


def test_every_export_format_carries_the_settings(tmp_path):
    state = tmp_path / "state"
    run = realistic_run()
    run.settings = settings(7)
    store = Store(state)
    store.save_run(run)
    store.close()
    for fmt in ("md", "csv", "html"):
        done = fstune(state, "export", "last", "--format", fmt)
        assert done.returncode == 0, done.stderr
        assert "seconds=7" in done.stdout, fmt


def test_the_class_preset_fixes_the_settings_and_refuses_options_that_would_change_them():
    from fstune.cli import build_parser
    from fstune.cli.run import apply_class_preset
    from fstune.errors import UsageError
    from fstune.studies.presets import load_preset
    from fstune.studies import find_study

    args = build_parser().parse_args(["run", "--class", "--study", "ext4-atime-writes", "--lab", "--yes"])
    apply_class_preset(args)
    assert (args.workloads, args.workload_param, args.repeats, args.max_blocks, args.primary) == (
        "writes", ["writes.files=200"], 3, 3, "writes:build.mb_written") == tuple(load_preset("class").settings().values())
    # the class study named by its file is the class study
    args = build_parser().parse_args(["run", "--class", "--study", find_study(load_preset("class").study).path, "--lab"])
    apply_class_preset(args)
    for extra, named in ((["--repeats", "5", "--workload-param", "writes.files=100"], "--workload-param, --blocks"),
                         (["--option", "noatime"], "--option"), (["--configs", "noatime"], "--configs"),
                         (["--option", "relatime:lazytime", "--max-blocks", "9"], "--option, --max-blocks")):
        args = build_parser().parse_args(["run", "--class", "--study", "ext4-atime-writes", *extra])
        with pytest.raises(UsageError, match=f"leave out {named}\\. "):
            apply_class_preset(args)
    args = build_parser().parse_args(["run", "--class", "--study", "xfs-log-tuning"])
    with pytest.raises(UsageError, match=r"runs a class study.*: ext4-atime-writes or ext4-external-journal; not "
                       r"xfs-log-tuning\. "):
        apply_class_preset(args)
    # the external journal's class run: its own preset, refusing the same flags
    args = build_parser().parse_args(["run", "--class", "--study", "ext4-external-journal", "--lab", "--yes"])
    apply_class_preset(args)
    assert (args.study, args.workloads, args.workload_param, args.repeats, args.max_blocks, args.primary) == (
        "ext4-external-journal", "metadata", ["metadata.seconds=20"], 5, 5, "metadata:dbench.throughput_mbs")
    args = build_parser().parse_args(["run", "--class", "--study", "ext4-external-journal",
                                      "--workload-param", "metadata.seconds=60"])
    with pytest.raises(UsageError, match=r"fixes the study \(ext4-external-journal\).*leave out --workload-param\. "):
        apply_class_preset(args)


def test_a_machine_without_etc_machine_id_is_still_told_apart(tmp_path, monkeypatch):
    # a container or a fresh chroot has an empty /etc/machine-id: the next file that has an id counts
    from fstune.results import settings as settings_module

    empty, dbus = tmp_path / "machine-id", tmp_path / "dbus-machine-id"
    empty.write_text("\n")
    dbus.write_text("fedcba9876543210\n")
    monkeypatch.setattr(settings_module, "MACHINE_ID_FILES", (str(empty), str(tmp_path / "missing"), str(dbus)))
    assert machine_id() == machine_id(dbus) != "" and machine_id(empty) == ""
    monkeypatch.setattr(settings_module, "MACHINE_ID_FILES", (str(empty),))
    assert machine_id() == ""
