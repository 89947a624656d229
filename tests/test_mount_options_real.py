"""fstune's mount-option knowledge against the running kernel, on a real loop device.

Every option fstune accepts alone must mount; every combination it refuses
(``Filesystem.option_rules``) must be one the kernel refuses too, or undoes without a word; and
adding what a rule's ``unless`` names must make it mount. The filesystems are made the way a run
makes them (``Filesystem.mkfs_steps``, no discard on a loop device). A table that drifts from the
kernel fails here, instead of at a user's mount after the format.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from conftest import LAB_DISK_SIZE, LAB_SPARE_SIZE
from fstune import filesystems
from fstune import lab as labmod
from fstune.devices.system import Mount, parse_mountinfo
from fstune.errors import UsageError
from fstune.filesystems import NONE, MkfsJob
from fstune.measure.applied import missing_mount_option as _missing_mount_option

CHECKED = ("ext2", "ext3", "ext4", "xfs", "btrfs")
# Options that are right but cannot mount on a plain loop device of this lab; the kernel's own
# words are asserted, so anything else failing still fails the test.
NEEDS_MORE = {
    ("ext4", "dax"): "DAX unsupported by block device",  # needs persistent memory
    ("ext4", "prjquota"): "Project quota feature not enabled",  # needs mkfs -O quota,project
    # btrfs-progs 5.15 and later make the free-space tree, which a mount cannot switch off
    ("btrfs", "nospace_cache"): "cannot disable free-space-tree",
}
XFS_QUOTA = {"quota", "uquota", "usrquota", "gquota", "grpquota", "pquota", "prjquota",
             "uqnoenforce", "gqnoenforce", "pqnoenforce", "qnoenforce"}
NO_QUOTA_KERNEL = "quota support not available in this kernel"  # CONFIG_XFS_QUOTA off
# a value each kind can take on a fresh filesystem of this lab (example() favours the minimum)
VALUES = {("xfs", "allocsize"): "64k", ("ext4", "stripe"): "16", ("ext3", "sb"): "131072",
          ("ext4", "sb"): "131072", ("ext2", "sb"): "131072"}  # sb: the first backup of a 4 KiB fs


@pytest.fixture(scope="module")
def scratch(udevd: bool, tmp_path_factory: pytest.TempPathFactory):
    """One lab disk this module formats again and again; taken down even when a test fails."""
    directory = tmp_path_factory.mktemp("options-lab") / "lab"
    try:
        lab = labmod.lab_up(disks=1, size=LAB_DISK_SIZE, directory=directory, spare_size=LAB_SPARE_SIZE)
        yield lab.disks[0].data, tmp_path_factory.mktemp("options-mnt")
    finally:
        labmod.lab_down(directory)


def make(fs_name: str, device: str, run_destructive) -> None:
    fs = filesystems.get(fs_name)
    job = MkfsJob(config="probe", title="probe", target=device, journal=fs.placements[0], discard=False)
    for step in fs.mkfs_steps(job):
        run_destructive(list(step.argv), device, input="", timeout=300)


def mount(fs_name: str, device: str, mountpoint: Path, options: str) -> tuple[str | None, str]:
    """Mount and unmount; (the filesystem's options as the kernel shows them, or None, the kernel log)."""
    before = set(kernel_log())  # never cleared: other tests on this machine read it too
    result = subprocess.run(["mount", "-t", fs_name, "-o", options, device, str(mountpoint)],
                            capture_output=True, text=True, timeout=60)
    log = "\n".join(line for line in kernel_log() if line not in before)
    if result.returncode != 0:
        return None, result.stderr + log  # the kernel's own words last
    try:
        mine = [m for m in parse_mountinfo(Path("/proc/self/mountinfo").read_text())
                if m.mountpoint == str(mountpoint)]
        return ",".join(f"{m.options},{m.super_options}" for m in mine), log
    finally:
        subprocess.run(["umount", str(mountpoint)], check=True, timeout=60)


def kernel_log() -> list[str]:
    return subprocess.run(["dmesg"], capture_output=True, text=True, timeout=60).stdout.splitlines()


def accepted_alone(fs_name: str) -> list[str]:
    """Each option fstune takes on its own for ``fs_name``, with a value where it needs one."""
    fs = filesystems.get(fs_name)
    shown = []
    for name, option in fs.mount_options.items():
        if option.removed or option.managed or option.kind in ("path", "text"):
            continue  # paths name other devices; free text has no one right example
        if option.kind == "flag":
            text = name
        else:
            value = VALUES.get((fs_name, name))
            text = f"{name}={value}" if value else option.example()
        try:
            filesystems.check_mount_options(fs_name, text)
        except UsageError:
            continue  # refused alone by a rule: checked below
        shown.append(text)
    return shown


@pytest.mark.parametrize("fs_name", CHECKED)
def test_every_option_fstune_takes_alone_mounts(fs_name, scratch, run_destructive):
    device, mountpoint = scratch
    make(fs_name, device, run_destructive)
    failed = []
    for text in accepted_alone(fs_name):
        name = text.partition("=")[0]
        applied, log = mount(fs_name, device, mountpoint, text)
        expected = NEEDS_MORE.get((fs_name, name))
        if fs_name == "xfs" and name in XFS_QUOTA and applied is None and NO_QUOTA_KERNEL in log:
            continue
        if expected:
            assert applied is None and expected in log, f"{fs_name} {text}: expected '{expected}'"
        elif applied is None:
            failed.append(f"{text}: {log.strip().splitlines()[-1:]}")
    assert not failed, f"{fs_name}: fstune accepts options this kernel refuses: {failed}"


# a value the kernel refuses in each "name=" item of a rule (commit=5, the default, it lets by)
FILL = {"data=": "data=ordered", "commit=": "commit=30"}


def filled(item: str) -> str:
    return FILL.get(item, item)


@pytest.mark.parametrize("fs_name", [name for name in CHECKED if filesystems.get(name).journal_options
                                     and NONE in filesystems.get(name).placements])
def test_without_a_journal_the_journals_options_are_refused_as_the_kernel_does(fs_name, scratch, run_destructive):
    device, mountpoint = scratch
    fs = filesystems.get(fs_name)
    job = MkfsJob(config="probe", title="probe", target=device, journal=NONE, discard=False)
    for step in fs.mkfs_steps(job):
        run_destructive(list(step.argv), device, input="", timeout=300)
    for item in fs.journal_options:
        options = filled(item) + (",data=writeback" if item == "journal_async_commit" else "")
        with pytest.raises(UsageError, match="without a journal"):
            filesystems.check_mount_options(fs_name, options, journal=NONE)
        applied, _log = mount(fs_name, device, mountpoint, options)
        assert applied is None, f"the kernel mounted {fs_name} without a journal with {options}: {applied}"
    applied, log = mount(fs_name, device, mountpoint, "noatime,nobarrier")
    assert applied is not None, log.strip().splitlines()[-1:]


def second_names(fs_name: str) -> dict[str, str]:
    """The names fstune refuses because they only alias another: {alias: the name to write}."""
    return {name: option.removed.split("'")[1] for name, option in filesystems.get(fs_name).mount_options.items()
            if option.removed and "another name for" in option.removed}


@pytest.mark.parametrize("fs_name", [name for name in CHECKED if second_names(name)])
def test_a_second_name_mounts_exactly_as_the_name_fstune_asks_for(fs_name, scratch, run_destructive):
    """The kernel shows an alias and the name it points to the same way."""
    device, mountpoint = scratch
    aliases = second_names(fs_name)
    make(fs_name, device, run_destructive)
    for name, canonical in aliases.items():
        assert mount(fs_name, device, mountpoint, name)[0] == mount(fs_name, device, mountpoint, canonical)[0], name


def rule_cases():
    for fs_name in CHECKED:
        for rule in filesystems.get(fs_name).option_rules:
            yield pytest.param(fs_name, rule, id=f"{fs_name}-{'+'.join(rule.together)}")


@pytest.mark.parametrize("fs_name, rule", list(rule_cases()))
def test_every_refused_combination_is_one_the_kernel_refuses_or_undoes(fs_name, rule, scratch, run_destructive):
    device, mountpoint = scratch
    make(fs_name, device, run_destructive)
    options = [filled(item) for item in rule.together]
    with pytest.raises(UsageError):
        filesystems.check_mount_options(fs_name, ",".join(options))
    applied, log = mount(fs_name, device, mountpoint, ",".join(options))
    if applied is not None:  # mounted: then one of the options must be gone without a word …
        shown = applied.split(",")
        assert any(option not in shown for option in options), f"the kernel took {options} as given: {applied}"
        # … and where the kernel shows the opposite, a run past the plan's check fails the repeat
        if any(filesystems.negation(option) in shown for option in options):
            seen = Mount(0, 0, "/", str(mountpoint), fs_name, device, options=applied, super_options="")
            assert "was undone" in _missing_mount_option(filesystems.split_options(options),
                                                         filesystems.get(fs_name), seen)
    for extra in rule.unless:  # what the rule says makes it right does
        fixed = ",".join([*options, extra])
        filesystems.check_mount_options(fs_name, fixed)
        applied, log = mount(fs_name, device, mountpoint, fixed)
        assert applied is not None, f"{fixed} was refused: {log.strip().splitlines()[-1:]}"
        assert all(option in applied.split(",") for option in [*options, extra])
