"""The dry-run script, run for real on lab disks: what it builds is what the plan said.

ext4 with an external journal and XFS with an external log are made by the generated bash
script alone; the test then reads the result back with the filesystems' own tools and the
kernel's mount table, and checks nothing is left mounted.
"""

import os
import re
import sys
from pathlib import Path

import pytest

from fstune.devices import scan
from fstune.plan import Choices, DeviceChoice, OptionOverride, build_plan, render_script
from fstune.studies import parse_study

pytestmark = pytest.mark.loopdev

STUDY = '''title = "real script"
summary = "s"
explanation = "e"
[[configurations]]
name = "internal"
title = "log inside"
filesystem = "{fs}"
[[configurations]]
name = "external"
title = "log outside"
filesystem = "{fs}"
journal = "external"
mount_options = "{options}"
'''


def device_choice(path: str) -> DeviceChoice:
    # as the wizard and `fstune plan` record it: the script checks all of it again before mkfs
    device = scan().find(path)
    return DeviceChoice(path, device.size, disk=device.disk, majmin=device.majmin, partuuid=device.partuuid,
                        backing_file=device.backing_file)


def run_script(tmp_path, run_destructive, fs, options, lab):
    data, spare = lab.pairs()[0]
    study = parse_study(STUDY.format(fs=fs, options=options), "real.toml")
    mount_root = tmp_path / "mnt"
    # the `command` workload runs inside each mounted filesystem: let it show the mount table
    choices = Choices(study, device_choice(data), device_choice(spare), workloads=("command",),
                      workload_params={"command": {"command": "cat /proc/self/mountinfo"}},
                      repeats=1, run_id="real", mount_root=str(mount_root), work_root=str(tmp_path / "work"))
    plan = build_plan(choices)
    script = tmp_path / "plan.sh"
    script.write_text(render_script(plan))
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    result = run_destructive(["bash", str(script)], [data, spare], env=env, timeout=300)
    return plan, result, data, spare, mount_root


def mount_lines(output: str, mountpoint: str) -> list[str]:
    """The /proc/self/mountinfo lines of ``mountpoint`` the command workload printed (the
    cold-cache step's own "+ mount … MOUNTPOINT" lines name it too, but have no " - ")."""
    return [line for line in output.splitlines() if f" {mountpoint} " in line and " - " in line]


def assert_nothing_left(mount_root: Path, data: str, spare: str):
    mounts = Path("/proc/self/mountinfo").read_text()
    assert str(mount_root) not in mounts
    assert not mount_root.exists() or not any(mount_root.iterdir())
    for device in (data, spare):
        assert f" {device} " not in mounts


def test_ext4_external_journal_script(tmp_path, run_destructive, lab):
    plan, result, data, spare, mount_root = run_script(tmp_path, run_destructive, "ext4", "noatime,commit=15", lab)
    external = plan.configs[1]
    lines = mount_lines(result.stdout, external.mountpoint)
    assert lines, "the command workload did not see the external configuration mounted"
    fields = lines[0].split(" - ")[1].split()
    assert fields[0] == "ext4" and fields[1] == data
    mount_opts = lines[0].split()[5] + "," + fields[2]
    assert "noatime" in mount_opts and "commit=15" in mount_opts
    # the filesystem on the data partition uses the spare as its journal
    dumpe2fs = os.popen(f"dumpe2fs -h {data} 2>/dev/null").read()
    assert re.search(r"^Journal UUID:\s+\S+", dumpe2fs, re.M), dumpe2fs
    assert re.search(r"^Journal device:\s+0x", dumpe2fs, re.M)
    assert "has_journal" in dumpe2fs
    journal = os.popen(f"dumpe2fs -h {spare} 2>/dev/null").read()
    assert "journal_dev" in journal  # the spare is a journal device, block size 4096
    assert re.search(r"^Block size:\s+4096", journal, re.M)
    assert_nothing_left(mount_root, data, spare)
    # each measuring step's output is kept in the results directory the script names at the end
    kept = re.search(r"each tool's output is kept in (\S+)", result.stdout)
    assert kept, result.stdout[-2000:]
    logs = sorted(Path(kept.group(1)).iterdir())
    assert [p.name.split("-", 1)[1] for p in logs if "your-command" in p.name] == ["your-command-repeat-1.log"] * 2
    assert any(mount_lines(p.read_text(), external.mountpoint) for p in logs)


def test_xfs_external_log_script(tmp_path, run_destructive, lab):
    plan, result, data, spare, mount_root = run_script(
        tmp_path, run_destructive, "xfs", "logbufs=8,logbsize=32k", lab)
    external = plan.configs[1]
    lines = mount_lines(result.stdout, external.mountpoint)
    assert lines
    super_opts = lines[0].split(" - ")[1].split()[2]
    assert f"logdev={spare}" in super_opts
    assert "logbufs=8" in super_opts and "logbsize=32k" in super_opts
    # the record steps printed xfs_info while mounted: baseline log inside, variant's on the spare
    assert re.search(rf"^log\s+={re.escape(spare)}\s", result.stdout, re.M), result.stdout[-3000:]
    assert re.search(r"^log\s+=internal", result.stdout, re.M)
    baseline = mount_lines(result.stdout, plan.configs[0].mountpoint)
    assert baseline and "logdev" not in baseline[0]
    assert_nothing_left(mount_root, data, spare)


def test_script_cleans_up_when_a_step_fails(tmp_path, run_destructive, lab):
    data, spare = lab.pairs()[0]
    study = parse_study(STUDY.format(fs="ext4", options=""), "real.toml")
    mount_root = tmp_path / "mnt"
    # 'dax' is a valid ext4 option, but a loop device cannot do DAX: the second mount fails
    # after the first configuration was mounted and unmounted, and after mkdir of its mountpoint.
    choices = Choices(study, device_choice(data), device_choice(spare), workloads=(),
                      options=(OptionOverride("dax", None, "external"),),
                      run_id="fail", mount_root=str(mount_root), work_root=str(tmp_path / "work"))
    script = tmp_path / "plan.sh"
    script.write_text(render_script(build_plan(choices)))
    result = run_destructive(["bash", str(script)], [data, spare], check=False, timeout=300)
    assert result.returncode != 0
    assert "mount" in result.stderr.lower() or "dax" in result.stderr.lower()
    assert_nothing_left(mount_root, data, spare)
