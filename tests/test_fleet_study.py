"""A study measured across hosts through Ansible: ``fstune export RUN --ansible-study DIR``.

The real test plays two "hosts" on this machine: two inventory names with a local connection,
each with its own lab partition, label, results store and work folder. They share this
machine's disk (and its machine id), so both are in the shared group and run one after the
other. The playbook checks each host's device with fstune's rules, measures the study with the
settings the exported run recorded, fetches both exports and merges them into one table.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

import pytest

from fstune.deploy import fleet_study, mount
from fstune.errors import UsageError
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.measure.measurement import Measurement
from fstune.measure.record import config_descriptions
from fstune.results.settings import run_settings
from fstune.results.store import Store
from fstune.studies import parse_study
from test_export_fleet import ANSIBLE_ENV, PLAY_ANSIBLE, assert_ansible_accepts, fstune, needs_ansible
from test_merge import STUDY
from test_store import realistic_run


def _recorded_run(study_path: Path, target: str, size: int):
    """A run of the class study whose settings come from a real plan: the writes workload with
    50 files, 3 blocks and no more."""
    study = parse_study(study_path.read_text(), str(study_path))
    study = dataclasses.replace(study, path=str(study_path)).with_primary("writes:build.mb_written", ("writes",))
    plan = build_plan(Choices(study, DeviceChoice(target, size, disk="x"), workloads=("writes",),
                              workload_params={"writes": {"files": 50}}, repeats=3))
    run = realistic_run()
    run.study, run.configs, run.baseline, run.results = study.name, config_descriptions(plan), study.baseline.name, []
    run.mkfs_argv = {}
    measurement = Measurement(plan, max_blocks=3)
    run.settings, run.design = run_settings(plan, measurement), measurement.design("finished")
    return run


def by_partuuid(device: str) -> str:
    return f"/dev/disk/by-partuuid/{mount.probe(device)['PART_ENTRY_UUID']}"


def test_the_study_command_repeats_the_recorded_settings(tmp_path):
    (tmp_path / "class.toml").write_text(STUDY)
    run = _recorded_run(tmp_path / "class.toml", "/dev/sdb1", 1 << 30)
    args = fleet_study.settings_arguments(run)
    assert args[:2] == ["--workloads", "writes"] and "writes.files=50" in args
    assert args[args.index("--blocks") + 1] == "3" and args[args.index("--max-blocks") + 1] == "3"
    assert args[args.index("--configs") + 1] == "strictatime,noatime"
    assert args[args.index("--primary") + 1] == "writes:build.mb_written"  # the hosts stop on the same figure
    run.settings = {}
    with pytest.raises(UsageError, match="does not record the settings"):
        fleet_study.settings_arguments(run)


@needs_ansible
def test_the_study_playbook_passes_syntax_check_and_ansible_lint(tmp_path):
    (tmp_path / "class.toml").write_text(STUDY)
    run = _recorded_run(tmp_path / "class.toml", "/dev/sdb1", 1 << 30)
    run.id = 1
    for name, text in fleet_study.build_study_export(run).files.items():
        (tmp_path / name).write_text(text)
    assert_ansible_accepts([tmp_path / "study.yml"], tmp_path)


@needs_ansible
@pytest.mark.loopdev
def test_two_hosts_measured_one_after_the_other_merge_into_one_table(tmp_path, lab, run_destructive):
    study = tmp_path / "class-atime.toml"
    study.write_text(STUDY)
    data = [disk.data for disk in lab.disks]
    run = _recorded_run(study, data[0], 600 << 20)
    state = tmp_path / "state"
    with Store(state) as store:
        run_id = store.save_run(run)
    out = tmp_path / "fleet"
    fstune("export", str(run_id), "--ansible-study", str(out), state=state)
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "inventory.ini", "measure.yml", "study.yml"]

    bin_dir = str(Path(sys.executable).parent)
    common = {"ansible_connection": "local", "ansible_python_interpreter": sys.executable, "fstune_study": str(study),
              "fstune_environment": {"FSTUNE_LAB_ONLY": "1", "PATH": f"{bin_dir}:{os.environ['PATH']}",
                                     "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}}
    # named for good (a kernel name without fstune_target_id is refused): the lab's by-partuuid links
    hosts = {name: {**common, "fstune_target": by_partuuid(device), "fstune_host_label": name,
                    "fstune_work_dir": str(tmp_path / "work")} for name, device in zip(("alpha", "beta"), data)}
    # they share this machine's disk: the shared group runs them one at a time; the fleet sets one
    # workload parameter (the others stay the recorded run's)
    inventory = {"all": {"children": {
        "fstune_study": {"hosts": hosts, "vars": {"fstune_workload_params": ["writes.files=60"]}},
        "fstune_shared": {"hosts": dict.fromkeys(hosts)}}}}
    (out / "hosts.json").write_text(json.dumps(inventory))

    def play(*args: str) -> str:
        done = run_destructive([PLAY_ANSIBLE, "-i", "hosts.json", "study.yml", *args], data, check=False, cwd=out,
                               timeout=600, env={**os.environ, **ANSIBLE_ENV, "PATH": f"{bin_dir}:{os.environ['PATH']}"})
        assert done.returncode == 0, (done.stdout + done.stderr)[-6000:]
        return done.stdout + done.stderr

    output = play()
    # one at a time: alpha's measurement ends before beta's starts
    assert output.index("TASK [Measure the study (fstune run)]") < output.rindex("changed: [alpha]") \
        < output.rindex("changed: [beta]")

    merged = (out / "results" / "merged.md").read_text()
    print(merged)  # the sample table for the report
    assert merged.startswith("# fstune fleet results: class-atime")  # a fleet's table, not a class's
    assert "2 machines ran the study; baseline: strictatime; variants: noatime." in merged
    assert "| alpha |" in merged and "| beta |" in merged
    document = json.loads((out / "results" / "merged.json").read_text())
    assert [m["label"] for m in document["machines"]] == ["alpha", "beta"]
    # the fleet's variable, through fstune plan and run: 60 files, the spread the recorded run's
    recorded = run.settings["workload_params"]["writes"]
    assert all(m["settings"]["workload_params"]["writes"] == {**recorded, "files": 60} for m in document["machines"])
    seconds = next(t for t in document["tables"] if t["metric"] == "build.seconds")
    pooled = seconds["columns"][1]["pooled"]
    assert pooled["k"] == 2 and pooled["low"] <= pooled["estimate"] <= pooled["high"]
    assert (out / "results" / "merged.html").read_text().startswith("<!DOCTYPE html>")

    # a rerun for alpha alone keeps beta's results; beside them in the results directory: a file
    # that is no export, an export of another study and one measured with other blocks
    results = out / "results"
    (results / "notes.json").write_text('{"todo": 1}')
    beta = json.loads((results / "beta.json").read_text())
    beta["runs"][0]["study"] = "xfs-log-tuning"
    (results / "gamma.json").write_text(json.dumps(beta, indent=2))
    beta["runs"][0]["study"] = "class-atime"
    beta["runs"][0]["settings"]["repeat_rules"]["max"] = 9
    (results / "delta.json").write_text(json.dumps(beta, indent=2))
    first_beta = (results / "beta.json").read_bytes()
    refused = run_destructive([PLAY_ANSIBLE, "-i", "hosts.json", "study.yml", "--limit", "alpha"], data, check=False,
                              cwd=out, timeout=600, env={**os.environ, **ANSIBLE_ENV})
    assert refused.returncode != 0 and "--limit alpha leaves out localhost, where the hosts' results are merged: " \
        "add it (--limit 'alpha,localhost'). Nothing was measured." in refused.stdout, refused.stdout[-3000:]
    output = play("--limit", "alpha,localhost")
    assert "changed: [beta]" not in output and (results / "beta.json").read_bytes() == first_beta
    merged = (results / "merged.md").read_text()
    assert "| alpha |" in merged, output[-6000:]
    assert "2 machines ran the study" in merged and "| alpha |" in merged and "| beta (earlier play) |" in merged
    assert f"from an earlier play: {results / 'beta.json'} (fetched " in output
    assert f"{results / 'notes.json'}: not the export of one fstune run" in output
    assert f"{results / 'gamma.json'}: an export of study xfs-log-tuning, not class-atime" in output
    assert f"{results / 'delta.json'}: measured with other settings" in output
    assert (results / "missing.txt").read_text() == ""

    # a setting fstune does not accept: fstune plan refuses it on the host with its own message,
    # before anything is written; beta is not measured now, and its earlier results are said so
    for name in ("notes.json", "gamma.json", "delta.json"):
        (results / name).unlink()
    output = play("--limit", "beta,localhost", "-e", json.dumps({"fstune_workload_params": ["writes.nonsense=1"]}))
    assert "'nonsense' is not a parameter of workload writes; it has: files, spread." in output
    assert "TASK [Measure the study (fstune run)]" not in output
    assert "not measured by this play (its earlier results are merged): beta: 'nonsense' is not a parameter" in output
    assert "| alpha (earlier play) |" in (results / "merged.md").read_text()
