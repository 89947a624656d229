"""The contract of a filesystem module, checked for every registered filesystem.

Two kinds of checks run for each one: its exact commands and facts, as its own test file
declares them (``CONTRACTS`` in ``tests/test_fs_<module>.py``, see ``tests/fscontract.py``), and
the rules every filesystem obeys whatever its commands (the force flag once, the journal device
made first, an impossible placement refused, the plan running exactly what the module says).
A new module without a contract fails here, by name.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from contracts import contract_for, gather
from fscontract import JOURNAL_LINK, LOG, MOUNTPOINT, TARGET, Contract, job
from fstune import filesystems
from fstune import steps as kinds
from fstune.deploy import ansible as an
from fstune.deploy import fstab as ft
from fstune.deploy.mount import MountSpec, mount_options
from fstune.errors import UsageError
from fstune.filesystems import EXTERNAL, PLACEMENTS, Filesystem, MkfsJob
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.results.records import ConfigDescription
from fstune.studies import parse_study

NOATIME = [("noatime", None)]
CONTRACTS = gather("test_fs_")


@pytest.fixture(params=filesystems.all(), ids=lambda fs: fs.name)
def fs(request) -> Filesystem:
    return request.param


@pytest.fixture
def contract(fs) -> Contract:
    return contract_for(CONTRACTS, fs, "test_fs_")


def argvs(steps) -> list[tuple[str, ...]]:
    return [step.argv for step in steps]


def description(fs: Filesystem, journal: str) -> ConfigDescription:
    return ConfigDescription(name="tuned", filesystem=fs.name, journal=journal,
                             log_device=LOG if journal == EXTERNAL else None, mount_options=tuple(NOATIME))


# --- the registry ------------------------------------------------------------------------------


def test_every_contract_belongs_to_a_registered_filesystem():
    assert set(CONTRACTS) <= set(filesystems.FILESYSTEMS)


def test_the_registry_lists_every_filesystem_once_in_a_fixed_order():
    assert [fs.name for fs in filesystems.all()] == list(filesystems.FILESYSTEMS)
    assert list(filesystems.FILESYSTEMS)[:7] == ["ext2", "ext3", "ext4", "xfs", "btrfs", "reiserfs", "jfs"]
    assert filesystems.get("xfs") is filesystems.find("xfs") is filesystems.FILESYSTEMS["xfs"]
    assert filesystems.find("zfs") is None
    with pytest.raises(UsageError, match="'zfs' is not a filesystem fstune knows; known: ext2, ext3"):
        filesystems.get("zfs")


def test_register_refuses_an_incomplete_class_and_a_second_name():
    class Half(Filesystem):
        name = "half"
        title = "Half"

    with pytest.raises(TypeError, match="Half does not set mkfs, package"):
        filesystems.register(Half)

    class Again(type(filesystems.get("xfs"))):
        pass

    with pytest.raises(TypeError, match="'xfs' is registered already"):
        filesystems.register(Again)
    assert "half" not in filesystems.FILESYSTEMS and type(filesystems.get("xfs")).__name__ == "Xfs"


# --- exact commands, as the module's test file declares them --------------------------------------


def test_mkfs_argv_with_the_default_placement(fs, contract):
    assert argvs(fs.mkfs_steps(job(fs.placements[0]))) == contract.mkfs


def test_mkfs_argv_with_an_external_journal_or_a_clear_refusal(fs, contract):
    if contract.mkfs_external is None:
        assert EXTERNAL not in fs.placements and fs.external is None
        with pytest.raises(UsageError) as caught:
            fs.mkfs_steps(job(EXTERNAL))
        assert f'{fs.title} cannot have journal = "external"' in caught.value.message
        return
    assert argvs(fs.mkfs_steps(job(EXTERNAL))) == contract.mkfs_external


def test_mount_argv(fs, contract):
    assert fs.mount_argv(TARGET, MOUNTPOINT, NOATIME) == contract.mount
    if contract.mount_external is None:
        assert fs.journal_mount_options(LOG) == []
        return
    assert fs.mount_argv(TARGET, MOUNTPOINT, NOATIME + fs.journal_mount_options(LOG)) == contract.mount_external


def test_record_command(fs, contract):
    assert fs.record_argv(TARGET, MOUNTPOINT) == contract.record


def test_fstab_line(fs, contract):
    spec = MountSpec("UUID=FS-UUID", "/srv/fstune-tuned", fs.name, tuple(NOATIME))
    assert ft.fstab_line(spec) == contract.fstab_line
    if contract.fstab_line_external is None:
        return
    options = mount_options(description(fs, EXTERNAL), JOURNAL_LINK)
    spec = MountSpec("UUID=FS-UUID", "/srv/fstune-tuned", fs.name, tuple(options), journal_path=JOURNAL_LINK)
    assert ft.fstab_line(spec) == contract.fstab_line_external


def test_ansible_facts(fs, contract):
    assert fs.ansible_filesystem_module == contract.ansible_module
    match, _ = an._done_expression(description(fs, EXTERNAL), external=fs.external is not None)
    assert match == (contract.ansible_journal_match or f"fstune_t_type == '{fs.name}'")


def test_packages_modules_and_sizes(fs, contract):
    assert (fs.package, fs.tools, fs.kernel_names, fs.modules, fs.kernel_log_words) == (
        contract.package, contract.tools, contract.kernel_names, contract.modules, contract.kernel_log_words)
    assert filesystems.minimum_size(fs.name) == fs.min_bytes == contract.min_bytes
    journal_min = fs.external.min_bytes if fs.external else None
    assert journal_min == contract.journal_min_bytes
    assert fs.journal_noun == contract.journal_noun


# --- rules every filesystem obeys --------------------------------------------------------------


def test_facts_are_complete_and_consistent(fs):
    assert fs.name and fs.title and fs.mkfs and fs.package and fs.kernel_names and fs.modules
    assert fs.min_bytes > 0 and fs.force_flag.startswith("-")
    assert fs.placements and set(fs.placements) <= set(PLACEMENTS)
    assert (EXTERNAL in fs.placements) == (fs.external is not None)
    assert fs.mkfs in fs.tools
    assert fs.fsck_pass in (0, 1, 2)
    if fs.external and fs.external.mount_option:
        # the journal option is fstune's to set: a user typing it would fight the placement
        assert fs.external.mount_option in fs.managed_options
        with pytest.raises(UsageError, match="set by fstune"):
            filesystems.check_mount_options(fs.name, f"{fs.external.mount_option}={LOG}")
        filesystems.check_mount_options(fs.name, f"{fs.external.mount_option}={LOG}", allow_managed=True)
    if fs.journal_attach_tool:
        assert fs.journal_attach_tool in fs.tools


@pytest.mark.parametrize("force", [True, False], ids=["forced", "unforced"])
def test_mkfs_steps_make_the_journal_first_and_pass_the_force_flag_once(fs, force):
    for journal in fs.placements:
        steps = fs.mkfs_steps(job(journal, force=force))
        assert all(step.destructive and step.config == "tuned" for step in steps)
        made = [step for step in steps if step.kind == kinds.MKFS]
        assert len(made) == 1 and made[0].argv[0] == fs.mkfs and made[0].argv[-1] == TARGET
        for step in steps:
            if step.kind in (kinds.MKFS, kinds.JOURNAL):
                assert step.argv.count(fs.force_flag) == (1 if force else 0), step.argv
        journal_steps = [i for i, step in enumerate(steps) if step.kind == kinds.JOURNAL]
        assert all(i < steps.index(made[0]) for i in journal_steps)
        written = {device for step in steps for device in step.written_devices}
        assert written == ({TARGET, LOG} if journal == EXTERNAL else {TARGET})


def test_impossible_jobs_are_refused_by_name(fs):
    for journal in set(PLACEMENTS) - set(fs.placements):
        with pytest.raises(UsageError, match=re.escape(f"{fs.title} cannot have journal")):
            fs.mkfs_steps(job(journal))
    if fs.external:
        with pytest.raises(UsageError, match="needs a device"):
            fs.mkfs_steps(MkfsJob(config="tuned", title="t", target=TARGET, journal=EXTERNAL))
    if not fs.journal_attach_tool:
        with pytest.raises(UsageError, match="after mkfs"):
            fs.mkfs_steps(job(fs.placements[0], attach="tune"))


def test_mkfs_options_fstune_passes_itself_are_refused(fs):
    with pytest.raises(UsageError, match=re.escape(f"not allowed for {fs.title}")):
        filesystems.check_mkfs_options(fs.name, [fs.force_flag], fs.placements[0])
    filesystems.check_mkfs_options(fs.name, [], fs.placements[0])


def test_the_plan_runs_exactly_what_the_module_says(fs):
    placements = list(fs.placements)
    configs = "".join(f'''
[[configurations]]
name = "{p}"
title = "{p}"
filesystem = "{fs.name}"
journal = "{p}"
mount_options = "noatime"
''' for p in placements) if len(placements) > 1 else f'''
[[configurations]]
name = "plain"
title = "plain"
filesystem = "{fs.name}"
[[configurations]]
name = "noatime"
title = "noatime"
filesystem = "{fs.name}"
mount_options = "noatime"
'''
    study = parse_study(f'title = "t"\nsummary = "s"\nexplanation = "e"\n{configs}', "contract.toml")
    target = DeviceChoice(TARGET, 20 * 1024**3, disk="sdb")
    log = DeviceChoice(LOG, 512 * 1024**2, disk="sdc") if study.needs_journal_device else None
    plan = build_plan(Choices(study, target, log, workloads=()))
    for cp in plan.configs:
        expected_job = dataclasses.replace(job(cp.config.journal), config=cp.config.name, title=cp.config.title)
        # the plan adds only where the step runs in the design (its block and position)
        assert [dataclasses.replace(s, block=None, position=None) for s in cp.steps if s.destructive] \
            == fs.mkfs_steps(expected_job)
        mount = next(s for s in cp.steps if s.kind == kinds.MOUNT)
        assert mount.argv == fs.mount_argv(TARGET, cp.mountpoint, list(cp.mount_options))
        records = [s.argv for s in cp.steps if s.kind == kinds.RECORD]
        expected = fs.record_argv(TARGET, cp.mountpoint)
        assert records == ([expected] if expected else [])


def test_a_journal_blkid_can_tell_is_recognised_and_its_owner_found(fs):
    # the device rules refuse another filesystem's journal only if they recognise it
    from fstune.devices import rules

    external = fs.external
    if external is None or external.blkid_type is None:
        assert all(fs not in kind.filesystems for kind in filesystems.journal_kinds().values())
        return
    kind = filesystems.journal_kind(external.blkid_type)
    assert fs in kind.filesystems and rules.journal_types()[external.blkid_type] == f"external {fs.journal_noun}"
    assert kind.family.split(" ")[0] in ("a", "an") and external.owner_command
    link = external.uuid_link
    assert link is not None, f"{fs.name}: blkid types its journal, so say how blkid links the two"
    if link.reader is not None:
        # the scan reads the side that names the other: the journal itself, or this filesystem
        assert (external.blkid_type if link.holder == "journal" else fs.name) in link.reader.types
        assert link.reader.read(bytes(link.reader.length)) is None  # zeros name nothing


def test_a_version_command_runs_the_tool_it_is_for(fs):
    if fs.version_argv:
        assert fs.mkfs in fs.version_argv  # the tool every run of it records
    for tool, argv in fs.version_argv.items():
        assert argv[0] == tool and len(argv) == 2, (fs.name, tool)
        assert filesystems.version_argv(tool) == argv  # no other filesystem says otherwise
