"""From one server to the fleet: a measured configuration as playbook, fstab line and .mount unit.

The runs exported here are built the way the runner records them: the plan fstune makes for the
lab's devices gives the mkfs commands (``mkfs_argv``) and ``config_descriptions`` the
configurations; the figures are the seed's (``realistic_run``); everything goes through the
Store and comes back with ``load_run``.

The real tests run the generated playbook with ``connection: local`` against lab loop devices,
with its mountpoint under tmp_path and its fstab a copy in tmp_path (the playbook's
``fstune_fstab`` variable); the real /etc/fstab is never written.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fstune.deploy import ansible as an
from fstune.deploy import fstab as ft
from fstune.deploy import measured, mount, systemd
from fstune.errors import UsageError
from fstune.plan import Choices, DeviceChoice, build_plan
from fstune.measure.record import config_descriptions
from fstune.results.compare import compare_runs
from fstune.results.records import DeviceRecord
from fstune.results.store import Store
from fstune.studies import parse_study
from test_store import realistic_run

ROOT = Path(__file__).resolve().parent.parent

STUDY = '''title = "fleet export"
summary = "s"
explanation = "e"
[[configurations]]
name = "internal"
title = "as shipped"
filesystem = "{fs}"
[[configurations]]
name = "tuned"
title = "tuned"
filesystem = "{fs}"
journal = "{journal}"
mount_options = "{options}"
'''

EXT4 = ("ext4", "external", "noatime,commit=15")
XFS = ("xfs", "external", "noatime,logbufs=8,logbsize=64k")
BTRFS = ("btrfs", "internal", "noatime,compress=zstd:1")


def _device(path: str, size: int | None = None) -> DeviceChoice:
    if size is None:
        size = int(Path(f"/sys/class/block/{Path(path).name}/size").read_text()) * 512
    return DeviceChoice(path, size, disk=Path(path).name.rsplit("p", 1)[0])


def stored_run(tmp_path: Path, kind: tuple[str, str, str], data: str, spare: str | None,
               sizes: tuple[int, int] | None = None):
    """A run of the ``kind`` study on ``data`` (+ ``spare``), saved and loaded through the Store."""
    fs, journal, options = kind
    study = parse_study(STUDY.format(fs=fs, journal=journal, options=options), "fleet.toml")
    target = _device(data, sizes[0] if sizes else None)
    log = _device(spare, sizes[1] if sizes else None) if spare and journal == "external" else None
    plan = build_plan(Choices(study, target, log, workloads=(), repeats=3, run_id="fleet"))
    run = realistic_run()  # the seed's figures: dbench +11.7 %, fio within noise
    run.study, run.title = "fleet-" + fs, f"{fs}: as shipped vs tuned"
    run.configs = config_descriptions(plan)
    run.results = [dataclasses.replace(r, config="tuned" if r.config == "external" else r.config)
                   for r in run.results]
    run.mkfs_argv = {cp.config.name: [s.argv for s in cp.steps if s.destructive] for cp in plan.configs}
    run.devices = [DeviceRecord(data, "target", "lab disk", target.size, "loop", False, "none")]
    if log:
        run.devices.append(DeviceRecord(spare, "journal", "lab disk", log.size, "loop", False, "none"))
    state = tmp_path / "state"
    with Store(state) as store:
        run_id = store.save_run(run)
        return store.load_run(run_id), state


def fstune(*args: str, state: Path, check: bool = True) -> subprocess.CompletedProcess:
    env = {**os.environ, "FSTUNE_STATE_DIR": str(state), "COLUMNS": "100"}
    result = subprocess.run([sys.executable, "-m", "fstune", *args], capture_output=True, text=True, env=env,
                            timeout=120)
    if check:
        assert result.returncode == 0, result.stderr
    return result


# --- pure: names, comments, templating, the writer ------------------------------------------------


@pytest.mark.parametrize("path, expected", [
    ("/srv/data", "srv-data"), ("/", "-"), ("//srv//data/", "srv-data"), ("/srv/my-data", "srv-my\\x2ddata"),
    ("/srv/.hidden", "srv-.hidden"), ("/.dot", "\\x2edot"), ("/mnt/données", "mnt-donn\\xc3\\xa9es"),
    ("/srv/a b", "srv-a\\x20b"), ("/srv/x:y_z.1", "srv-x:y_z.1"),
])
def test_unit_names_follow_systemd_escape(path, expected):
    assert systemd.systemd_escape_path(path) == expected
    if shutil.which("systemd-escape"):
        assert subprocess.run(["systemd-escape", "--path", path], capture_output=True, text=True,
                              check=True).stdout.strip() == expected


def test_mountpoints_must_be_plain_absolute_paths():
    assert systemd.mount_unit_name("/srv/data/") == "srv-data.mount"
    for bad in ("srv/data", "/srv/../etc", "/srv/a b"):
        with pytest.raises(UsageError):
            mount.normalize_mountpoint(bad)


def test_comment_says_what_was_measured():
    run = realistic_run()
    run.id = 4
    lines = measured.measured_lines(run, "external")
    text = "\n".join(lines)
    assert "run 4" in lines[0] and "ext3-external-journal" in lines[0] and "2024-05-02" in lines[0]
    rows = {r.metric: r for r in compare_runs([run]).rows_for("external")}
    dbench = rows["dbench.throughput_mbs"]  # the seed: 15.44 → 17.25 MB/s, about +11 %
    assert dbench.verdict == "better" and 8 < dbench.change_pct < 15
    assert re.search(rf"measured: \+{dbench.change_pct:.1f} % metadata dbench\.throughput_mbs \(MB/s, higher is "
                     r"better\) against the baseline 'internal' \(15\.\d+ ± [\d.]+ \(n=5\) -> 17\.\d+ .*\): better "
                     r"\(p<0\.001\)\.", text), text  # a legacy run: its verdict with its p value
    noise = [m for m, r in rows.items() if r.verdict == "within noise"]
    assert noise and all(f"throughput {m} (" in text.split("within noise on:")[1] for m in noise)
    assert "baseline" in measured.measured_lines(run, "internal")[1]
    with pytest.raises(UsageError, match="has no configuration 'nope'; it has: internal, external"):
        measured.measured_lines(run, "nope")


def test_mkfs_commands_become_variables():
    run = realistic_run()  # ext3, journal on /dev/sdc1, target /dev/sdb1
    commands = an.mkfs_commands(run, measured.find_config(run, "external"))
    assert [(c.role, c.argv) for c in commands] == [
        ("journal", ("mkfs.ext3", "-b", "4096", "-O", "journal_dev", "-F", an.JOURNAL_VAR)),
        ("target", ("mkfs.ext3", "-b", "4096", "-J", "device=" + an.JOURNAL_VAR, "-F", an.TARGET_VAR))]
    run.mkfs_argv["external"] = [("mkfs.ext3", "-F", "/dev/sdz9")]
    with pytest.raises(UsageError, match="formats neither"):
        an.mkfs_commands(run, measured.find_config(run, "external"))
    del run.mkfs_argv["external"]
    with pytest.raises(UsageError, match="did not record how"):
        an.build_export(run, "external", "/srv/x")


def _spec(tmp_path: Path) -> mount.MountSpec:
    return mount.MountSpec("UUID=1111-2222", "/srv/fstune-external", "ext4",
                        (("noatime", None), ("journal_path", "/dev/disk/by-uuid/3333")),
                        "/dev/disk/by-uuid/3333", "/dev/sdb1", "/dev/sdc1")


def test_write_fstab_backs_up_and_refuses_duplicates(tmp_path):
    fstab = tmp_path / "fstab"
    original = "# /etc/fstab\nUUID=aaaa / ext4 errors=remount-ro 0 1\n"
    fstab.write_text(original)
    fstab.chmod(0o644)
    spec = _spec(tmp_path)
    text = ft.fstab_text(spec, ["measured: something"])
    backup = ft.write_fstab(spec, text, fstab, now=lambda: 1714650000.0)
    assert backup.name.startswith("fstab.fstune-backup-2024") and backup.read_text() == original
    assert fstab.read_text() == original + text and fstab.stat().st_mode & 0o777 == 0o644
    assert not list(tmp_path.glob(".fstab.fstune-*"))  # no temp file left behind
    assert ft.fstab_line(spec) in fstab.read_text().splitlines()
    # the same mountpoint, the same filesystem, the same journal: each refused, nothing changed
    for clash in (mount.MountSpec("UUID=9999", spec.mountpoint, "xfs", ()),
                  mount.MountSpec("UUID=1111-2222", "/srv/other", "ext4", ()),
                  mount.MountSpec("UUID=9999", "/srv/other", "ext4", (), "/dev/disk/by-uuid/3333", "/dev/sdx", "/dev/sdy")):
        before = fstab.read_text()
        with pytest.raises(UsageError, match="already has an entry"):
            ft.write_fstab(clash, ft.fstab_text(clash, ["x"]), fstab, now=lambda: 1714650001.0)
        assert fstab.read_text() == before
    with pytest.raises(UsageError, match="does not exist"):
        ft.write_fstab(spec, text, tmp_path / "missing")


def test_cli_errors_are_one_clear_line(tmp_path):
    with Store(tmp_path / "state") as store:
        run_id = store.save_run(realistic_run())
    state = tmp_path / "state"
    result = fstune("export", str(run_id), "--config", "external", state=state, check=False)
    assert result.returncode == 2 and "say what to export" in result.stderr and "Traceback" not in result.stderr
    result = fstune("export", str(run_id), "--config", "nope", "--fstab", state=state, check=False)
    assert result.returncode == 2 and "has no configuration 'nope'" in result.stderr
    result = fstune("export", "99", "--config", "external", "--fstab", state=state, check=False)
    assert result.returncode == 2 and "there is no run 99" in result.stderr
    # the run's /dev/sdb1 holds no ext3 here: the fstab line would not mount, so none is printed
    if Path("/dev/sdb1").exists():
        return
    result = fstune("export", str(run_id), "--config", "external", "--fstab", state=state, check=False)
    assert result.returncode == 2 and "/dev/sdb1" in result.stderr


def test_ansible_files_are_written_once(tmp_path):
    with Store(tmp_path / "state") as store:
        run_id = store.save_run(realistic_run())
    out = tmp_path / "fleet"
    fstune("export", str(run_id), "--config", "external", "--ansible", str(out), state=tmp_path / "state")
    assert sorted(p.name for p in out.iterdir()) == ["README.md", "inventory.ini", "site.yml"]
    inventory = (out / "inventory.ini").read_text()
    assert "fstune_target=/dev/sdb1 fstune_journal=/dev/sdc1 fstune_mountpoint=/srv/fstune-external" in inventory
    site = (out / "site.yml").read_text()
    assert re.search(r"measured: \+1\d\.\d % metadata dbench\.throughput_mbs", " ".join(site.replace("# ", "").split()))
    again = fstune("export", str(run_id), "--config", "external", "--ansible", str(out), state=tmp_path / "state",
                   check=False)
    assert again.returncode == 2 and "already has" in again.stderr and "--replace" in again.stderr
    # --force allows a configuration not measured better; it does not replace files
    forced = fstune("export", str(run_id), "--config", "external", "--ansible", str(out), "--force",
                    state=tmp_path / "state", check=False)
    assert forced.returncode == 2 and "already has" in forced.stderr
    replaced = fstune("export", str(run_id), "--config", "external", "--ansible", str(out), "--replace",
                      state=tmp_path / "state")
    assert replaced.returncode == 0


# --- the playbook passes Ansible's own checks -------------------------------------------------------

# the test extras install Ansible into this interpreter's environment (a venv whose bin/ need
# not be on PATH): look there first
TOOL_PATH = f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"
ANSIBLE = shutil.which("ansible-playbook", path=TOOL_PATH)
if ANSIBLE is None and os.environ.get("CI"):
    raise RuntimeError("ansible-playbook is missing in CI: .ci/setup.sh must install the test extras")
needs_ansible = pytest.mark.skipif(ANSIBLE is None, reason="ansible is not installed (pip install ansible)")
# Debian's ansible-core alone (what .ci/setup.sh installs): no collection at all next to it
CORE_ANSIBLE = "/usr/bin/ansible-playbook" if os.access("/usr/bin/ansible-playbook", os.X_OK) else None
# the real runs use ansible-core alone when it is there: proof the playbook needs nothing else
PLAY_ANSIBLE = CORE_ANSIBLE or ANSIBLE
ANSIBLE_ENV = {"ANSIBLE_NOCOLOR": "1", "ANSIBLE_FORCE_COLOR": "0", "ANSIBLE_DEPRECATION_WARNINGS": "0",
               "ANSIBLE_RETRY_FILES_ENABLED": "0", "ANSIBLE_LOCALHOST_WARNING": "0"}


def _exported(tmp_path: Path, kind, data="/dev/sdb1", spare="/dev/sdc1", name="tuned") -> Path:
    run, _ = stored_run(tmp_path / kind[0], kind, data, spare, sizes=(1 << 30, 256 << 20))
    directory = tmp_path / f"ansible-{kind[0]}"
    directory.mkdir()
    for file, text in an.build_export(run, name, f"/srv/fstune-{name}").files.items():
        (directory / file).write_text(text)
    return directory


def assert_ansible_accepts(playbooks: list[Path], cwd: Path) -> None:
    """Each playbook passes --syntax-check with every Ansible here (Debian's ansible-core alone
    included), then ansible-lint's production profile when it is installed."""
    env = {**os.environ, **ANSIBLE_ENV}
    for playbook in playbooks:
        for binary in filter(None, (ANSIBLE, CORE_ANSIBLE)):
            done = subprocess.run([binary, "-i", "inventory.ini", playbook.name, "--syntax-check"], cwd=playbook.parent,
                                  capture_output=True, text=True, env=env, timeout=120)
            assert done.returncode == 0, binary + ": " + done.stdout + done.stderr
    lint = shutil.which("ansible-lint", path=TOOL_PATH)
    if lint is None:
        pytest.skip("ansible-lint is not installed (pip install ansible-lint)")
    done = subprocess.run([lint, "--offline", "--profile", "production", "--nocolor", *map(str, playbooks)],
                          capture_output=True, text=True, env=env, timeout=300, cwd=cwd)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 failure(s), 0 warning(s)" in done.stdout + done.stderr


@needs_ansible
def test_playbooks_pass_syntax_check_and_ansible_lint(tmp_path):
    assert_ansible_accepts([_exported(tmp_path, kind) / "site.yml" for kind in (EXT4, XFS, BTRFS)], tmp_path)


@needs_ansible
def test_playbook_refuses_missing_and_identical_devices(tmp_path):
    directory = _exported(tmp_path, EXT4)
    env = {**os.environ, **ANSIBLE_ENV}
    fstab = tmp_path / "fstab"
    fstab.write_text("")
    for variables, message in (
            ({"fstune_target": "/dev/fstune-no-such-disk", "fstune_journal": "/dev/fstune-no-such-log"},
             "/dev/fstune-no-such-disk does not exist or is not a block device"),
            ({"fstune_target": "/dev/null", "fstune_journal": "/dev/null"},
             "set fstune_target and fstune_journal (a different device)"),
            ({"fstune_target": "/dev/null", "fstune_journal": "/dev/zero"},
             "/dev/null does not exist or is not a block device")):
        (directory / "vars.json").write_text(json.dumps({**variables, "fstune_fstab": str(fstab)}))
        # check mode: even if an assert were wrong, nothing could be written
        done = subprocess.run([ANSIBLE, "-i", "inventory.ini", "site.yml", "--check", "-e", "@vars.json"],
                              cwd=directory, capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode != 0 and message in done.stdout + done.stderr, done.stdout[-3000:]


def test_playbooks_use_ansible_builtin_only_and_the_measured_commands(tmp_path):
    ext = (_exported(tmp_path, EXT4) / "site.yml").read_text()
    modules = set(re.findall(r"^\s+-? ?([a-z_]+\.[a-z_]+\.[a-z_]+):", ext, re.M))
    assert modules and all(m.startswith("ansible.builtin.") for m in modules), modules
    assert '- "device={{ fstune_journal }}"' in ext and '- "journal_dev"' in ext
    assert "journal_path={{ fstune_journal_stable }}" in ext and "x-systemd.requires=" in ext
    assert "x-systemd.device-timeout=30s" in ext and "fstune_nofail" in ext
    assert " ext4 {{ fstune_fstab_opts }} 0 0" in ext  # no boot fsck before the journal's device exists
    assert "fstune_mkfs_force" not in ext
    btrfs = (_exported(tmp_path, BTRFS) / "site.yml").read_text()
    assert "community." not in btrfs and "fstune_journal" not in btrfs.split("tasks:")[1]
    assert '- "mkfs.btrfs"' in btrfs


# --- for real, on lab loop devices -----------------------------------------------------------------


def blank(device: str) -> bool:
    """No filesystem or journal signature (the partition table entry does not count)."""
    done = subprocess.run(["blkid", "-p", "-o", "export", "-s", "TYPE", device], capture_output=True, text=True)
    return "TYPE=" not in done.stdout


def blkid(device: str) -> dict[str, str]:
    return mount.probe(device)


def mountinfo(mountpoint: Path) -> tuple[list[str], str, str] | None:
    """(mount options, fs type, super options) of what is mounted at ``mountpoint``."""
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        head, _, tail = line.partition(" - ")
        fields = head.split()
        if fields[4] == str(mountpoint):
            fstype, _source, super_options = tail.split()[:3]
            return fields[5].split(","), fstype, super_options
    return None


def unmount_all(*mountpoints: Path) -> None:
    for mountpoint in mountpoints:
        while mountinfo(mountpoint) is not None:
            if subprocess.run(["umount", str(mountpoint)], capture_output=True).returncode != 0:
                subprocess.run(["umount", "-l", str(mountpoint)], capture_output=True)
                break


class Playbook:
    """The exported project for one lab, run with connection: local; remembers what it mounted."""

    def __init__(self, tmp_path: Path, run, config: str, data: str, spare: str | None, run_destructive):
        self.directory = tmp_path / "fleet"
        self.directory.mkdir()
        self.mountpoint = tmp_path / "mnt" / config
        self.fstab = tmp_path / "fstab"
        # a copy of the real one, so the checks see the machine's own entries; only the copy changes
        shutil.copyfile("/etc/fstab", self.fstab)
        for name, text in an.build_export(run, config, "/srv/fstune-" + config).files.items():
            (self.directory / name).write_text(text)
        variables = {"fstune_target": data, "fstune_mountpoint": str(self.mountpoint), "fstune_fstab": str(self.fstab)}
        if spare:
            variables["fstune_journal"] = spare
        (self.directory / "lab.json").write_text(json.dumps(variables))
        self.devices = [d for d in (data, spare) if d]
        self.run_destructive = run_destructive

    def play(self, *extra: str, refused: str | None = None) -> tuple[int, str]:
        """Run it; with ``refused``, expect it to stop with that message and change nothing."""
        argv = [PLAY_ANSIBLE, "-i", "inventory.ini", "site.yml", "-e", "@lab.json", *extra]
        done = self.run_destructive(argv, self.devices, check=False, cwd=self.directory, timeout=240,
                                    env={**os.environ, **ANSIBLE_ENV})
        output = done.stdout + done.stderr
        if refused is not None:
            assert done.returncode != 0 and refused in output, output[-6000:]
            assert re.search(r"^localhost\s+: ok=\d+\s+changed=0\s+unreachable=0\s+failed=1", output, re.M)
            return 0, output
        assert done.returncode == 0, output[-6000:]
        recap = re.search(r"^localhost\s+: ok=\d+\s+changed=(\d+)\s+unreachable=0\s+failed=0", output, re.M)
        assert recap, output[-3000:]
        return int(recap.group(1)), output


@pytest.fixture
def cleanup_mounts():
    mountpoints: list[Path] = []
    yield mountpoints
    unmount_all(*mountpoints)


def fstab_mount(tmp_path: Path, fstab_text: str, mountpoint: Path) -> None:
    """Mount from the generated line alone, the way boot would (util-linux reads the given fstab)."""
    table = tmp_path / "generated.fstab"
    table.write_text(fstab_text)
    mountpoint.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "--fstab", str(table), str(mountpoint)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr + fstab_text


def verify_unit(tmp_path: Path, unit: str, mountpoint: Path) -> None:
    name = systemd.mount_unit_name(str(mountpoint))
    assert f"Where={mountpoint}\n" in unit and name.endswith(".mount")
    sections = re.findall(r"^\[(\w+)\]$", unit, re.M)
    assert sections == ["Unit", "Mount", "Install"]
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        return
    path = tmp_path / "units" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(unit)
    done = subprocess.run([analyze, "verify", "--man=no", str(path)], capture_output=True, text=True, timeout=60)
    # verify complains about the unit file's name if escaping is wrong ("Where= ... does not match unit name")
    problems = [line for line in (done.stdout + done.stderr).splitlines()
                if name in line or "Where=" in line or "What=" in line or "Options=" in line]
    assert not problems, done.stdout + done.stderr


def export_mount(state: Path, run_id: int, mountpoint: Path, data: str, spare: str | None) -> tuple[str, str]:
    args = ["export", str(run_id), "--config", "tuned", "--mountpoint", str(mountpoint), "--device", data]
    if spare:
        args += ["--log-device", spare]
    return (fstune(*args, "--fstab", state=state).stdout, fstune(*args, "--systemd", state=state).stdout)


@needs_ansible
@pytest.mark.loopdev
def test_ext4_external_journal_playbook_for_real(tmp_path, lab, run_destructive, cleanup_mounts):
    data, spare = lab.pairs()[0]
    run, state = stored_run(tmp_path, EXT4, data, spare)
    book = Playbook(tmp_path, run, "tuned", data, spare, run_destructive)
    cleanup_mounts.append(book.mountpoint)

    # the inventory names the lab's partitions by PARTUUID (loop devices have no by-id name) and
    # says what each one is
    inventory = (book.directory / "inventory.ini").read_text()
    assert f"fstune_target=/dev/disk/by-partuuid/{blkid(data)['PART_ENTRY_UUID']}" in inventory
    assert f'"partuuid":"{blkid(spare)["PART_ENTRY_UUID"]}"' in inventory

    # check mode on the fresh lab: reports the changes, makes none, and --diff shows the fstab line
    changed, output = book.play("--check", "--diff")
    # the lab run's mkfs as it ran, the lab's no-discard flag included
    assert changed >= 1 and "mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0,nodiscard -F" in output
    shown = re.search(rf"^\+(UUID=\(made-by-mkfs\) {re.escape(str(book.mountpoint))} ext4 noatime,commit=15,"
                      r"journal_path=\S+,x-systemd\.requires=\S+,x-systemd\.device-timeout=30s 0 0)$", output, re.M)
    assert shown, output[-4000:]
    assert blank(data) and blank(spare) and mountinfo(book.mountpoint) is None
    assert book.fstab.read_text() == Path("/etc/fstab").read_text()

    changed, _ = book.play()
    assert changed >= 3  # journal, filesystem, mount
    # the same filesystem fstune measured: ext4 whose journal is the spare, 4 KiB blocks on both
    target, journal = blkid(data), blkid(spare)
    assert target["TYPE"] == "ext4" and journal["TYPE"] == "jbd" and target["EXT_JOURNAL"] == journal["UUID"]
    header = run_destructive(["dumpe2fs", "-h", data], data).stdout
    assert re.search(rf"^Journal UUID:\s+{journal['UUID']}$", header, re.M)
    assert re.search(r"^Block size:\s+4096$", header, re.M)
    assert "journal_dev" in run_destructive(["dumpe2fs", "-h", spare], spare).stdout
    options, fstype, super_options = mountinfo(book.mountpoint)
    assert fstype == "ext4" and "noatime" in options and "commit=15" in super_options.split(",")
    line = [entry for entry in book.fstab.read_text().splitlines() if str(book.mountpoint) in entry]
    assert line and line[0].split()[0] == f"UUID={target['UUID']}"
    # the journal partition by its PARTUUID, which mkfs does not change: check mode showed this
    # very line, but for the filesystem's UUID that mkfs made
    stable = f"/dev/disk/by-partuuid/{journal['PART_ENTRY_UUID']}"
    assert f"journal_path={stable}," in line[0].split()[3] and f"x-systemd.requires={stable}," in line[0].split()[3]
    assert line[0] == shown.group(1).replace("UUID=(made-by-mkfs)", f"UUID={target['UUID']}")

    changed, _ = book.play()
    assert changed == 0, "a second run must change nothing"
    # the same devices for another mountpoint: they are in use now, and the playbook says so
    book.play("-e", f"fstune_mountpoint={tmp_path / 'elsewhere'}",
              refused=f"{data} already holds this configuration, mounted on {book.mountpoint} and not on "
                      f"{tmp_path / 'elsewhere'}; nothing was changed")
    # a renumbered disk: the path exists, and names another device than the inventory describes
    other = lab.disks[1].data
    book.play("-e", f"fstune_target={other}", refused=f"{other} exists but is not the expected device")

    unmount_all(book.mountpoint)
    # the journal is still the live journal of the (now unmounted) filesystem on the data
    # partition: refused for another target even when the host lists it for overwriting
    # refused for another target even when the host confirms overwriting its filesystem (by UUID)
    book.play("-e", json.dumps({"fstune_target": other, "fstune_target_id": {},
                                "fstune_overwrite": [f"UUID={blkid(spare)['UUID']}"],
                                "fstune_mountpoint": str(tmp_path / "elsewhere")}),
              refused=f"{spare} is the external journal/log (jbd) of the filesystem on {data}, mounted or not")
    assert blkid(spare)["TYPE"] == "jbd" and blank(other)

    # the fstab line and the unit fstune prints for this machine mount it the same way
    fstab_text, unit = export_mount(state, run.id, book.mountpoint, data, spare)
    assert re.search(r"^# measured: \+1\d\.\d % metadata dbench\.throughput_mbs", fstab_text, re.M), fstab_text
    generated = [entry for entry in fstab_text.splitlines() if not entry.startswith("#")]
    assert generated[0].split()[:3] == [f"UUID={target['UUID']}", str(book.mountpoint), "ext4"]
    assert generated[0].split()[3] == line[0].split()[3]  # the same options the playbook wrote
    fstab_mount(tmp_path, fstab_text, book.mountpoint)
    options, fstype, super_options = mountinfo(book.mountpoint)
    assert fstype == "ext4" and "noatime" in options and "commit=15" in super_options.split(",")
    verify_unit(tmp_path, unit, book.mountpoint)
    assert f"What=UUID={target['UUID']}" in unit and "Requires=dev-disk-by\\x2dpartuuid-" in unit


@needs_ansible
@pytest.mark.loopdev
def test_xfs_external_log_playbook_for_real(tmp_path, lab, run_destructive, cleanup_mounts):
    data, spare = lab.pairs()[0]
    run, state = stored_run(tmp_path, XFS, data, spare)
    book = Playbook(tmp_path, run, "tuned", data, spare, run_destructive)
    cleanup_mounts.append(book.mountpoint)

    changed, _ = book.play("--check")
    assert changed >= 1 and blank(data) and blank(spare) and mountinfo(book.mountpoint) is None

    changed, _ = book.play()
    assert changed >= 2
    target, log = blkid(data), blkid(spare)
    assert target["TYPE"] == "xfs" and log["TYPE"] == "xfs_external_log" and log["LOGUUID"] == target["UUID"]
    options, fstype, super_options = mountinfo(book.mountpoint)
    stable = f"/dev/disk/by-partuuid/{log['PART_ENTRY_UUID']}"  # an XFS log has no UUID of its own
    assert fstype == "xfs" and "noatime" in options
    assert {"logbufs=8", "logbsize=64k", f"logdev={stable}"} <= set(super_options.split(","))
    info = run_destructive(["xfs_info", str(book.mountpoint)], data).stdout
    assert re.search(r"^log\s+=(?!internal)\S+", info, re.M), info

    changed, _ = book.play()
    assert changed == 0, "a second run must change nothing"

    unmount_all(book.mountpoint)
    # the log names its filesystem (LOGUUID): found, unmounted, and refused for another target
    other = lab.disks[1].data
    book.play("-e", json.dumps({"fstune_target": other, "fstune_target_id": {},
                                "fstune_overwrite": [f"UUID={blkid(spare).get('UUID') or blkid(spare).get('LOGUUID')}"],
                                "fstune_mountpoint": str(tmp_path / "elsewhere")}),
              refused=f"{spare} is the external journal/log (xfs_external_log) of the filesystem on {data}")
    fstab_text, unit = export_mount(state, run.id, book.mountpoint, data, spare)
    generated = [entry for entry in fstab_text.splitlines() if not entry.startswith("#")]
    assert f"logdev={stable}" in generated[0] and generated[0].split()[0] == f"UUID={target['UUID']}"
    fstab_mount(tmp_path, fstab_text, book.mountpoint)
    options, fstype, super_options = mountinfo(book.mountpoint)
    assert fstype == "xfs" and f"logdev={stable}" in super_options and "logbufs=8" in super_options
    verify_unit(tmp_path, unit, book.mountpoint)
    assert "Options=noatime,logbufs=8,logbsize=64k,logdev=/dev/disk/by-partuuid/" in unit


@needs_ansible
@pytest.mark.loopdev
def test_btrfs_playbook_fstab_and_unit_for_real(tmp_path, lab, run_destructive, cleanup_mounts):
    data, _spare = lab.pairs()[0]
    run, state = stored_run(tmp_path, BTRFS, data, None)
    book = Playbook(tmp_path, run, "tuned", data, None, run_destructive)
    cleanup_mounts.append(book.mountpoint)
    changed, _ = book.play()  # community.general.filesystem makes it
    assert changed >= 2 and blkid(data)["TYPE"] == "btrfs"
    assert book.play()[0] == 0
    unmount_all(book.mountpoint)

    mountpoint = tmp_path / "by-line"
    cleanup_mounts.append(mountpoint)
    fstab_text, unit = export_mount(state, run.id, mountpoint, data, None)
    generated = [entry for entry in fstab_text.splitlines() if not entry.startswith("#")]
    assert generated == [f"UUID={blkid(data)['UUID']}\t{mountpoint}\tbtrfs\tnoatime,compress=zstd:1\t0\t0"]
    fstab_mount(tmp_path, fstab_text, mountpoint)
    options, fstype, super_options = mountinfo(mountpoint)
    assert fstype == "btrfs" and "noatime" in options and "compress=zstd:1" in super_options
    verify_unit(tmp_path, unit, mountpoint)
    unmount_all(mountpoint)

    # --write-fstab: into a copy only, once; a second time it is refused and nothing changes
    copy = tmp_path / "etc-fstab"
    shutil.copyfile("/etc/fstab", copy)
    args = ["export", str(run.id), "--config", "tuned", "--mountpoint", str(mountpoint), "--device", data,
            "--fstab", "--write-fstab", "--fstab-path", str(copy)]
    fstune(*args, state=state)
    assert copy.read_text() == Path("/etc/fstab").read_text().rstrip("\n") + "\n" + fstab_text \
        or copy.read_text() == Path("/etc/fstab").read_text() + fstab_text
    assert list(tmp_path.glob("etc-fstab.fstune-backup-*"))
    before = copy.read_text()
    again = fstune(*args, state=state, check=False)
    assert again.returncode == 2 and "already has an entry" in again.stderr and copy.read_text() == before


# --- exports that cannot mislead ------------------------------------------------------------------


def test_a_configuration_not_measured_better_needs_force_and_says_why(tmp_path):
    with Store(tmp_path / "state") as store:
        run_id = store.save_run(realistic_run(dbench=(15.4, 15.4)))  # the same dbench figure twice: no gain
    state = tmp_path / "state"
    out = tmp_path / "fleet"
    refused = fstune("export", str(run_id), "--config", "external", "--ansible", str(out), state=state, check=False)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "was not measured better: verdict on the primary metric metadata dbench.throughput_mbs: within noise" \
        in " ".join(refused.stderr.split()) and "--force" in refused.stderr
    assert not out.exists()
    forced = fstune("export", str(run_id), "--config", "external", "--ansible", str(out), "--force", state=state)
    assert "warning" in forced.stderr
    for name in ("site.yml", "README.md"):
        text = " ".join((out / name).read_text().replace("# ", "").split())
        assert "Verdict on the primary metric metadata dbench.throughput_mbs: within noise" in text, name
        assert "95 % interval" in text, name


def test_every_header_carries_the_verdict_its_interval_and_the_caveats():
    run = realistic_run()
    run.id = 4
    lines = measured.header_lines(run, "external", measured.environment_caveats(run))
    text = "\n".join(lines)
    assert re.search(r"^Verdict on the primary metric metadata dbench\.throughput_mbs: better, \+1\d\.\d % "
                     r"\(95 % interval \+\d+\.\d % to \+\d+\.\d %\)", text, re.M), text
    assert "Caveat: Real rotating disk: /dev/sdb1" in text  # where it was measured (fstune.reports.caveats)
    assert "Caveat: Legacy: measured before blocks" in text
    assert "Caveat: 1 repeat(s) failed" in text  # the comparison's own notes are caveats too
    assert measured.header_lines(run, "external", ["one", "two"])[-2:] == ["Caveat: one", "Caveat: two"]
    files = an.build_export(run, "external", "/srv/x", caveats=["the disks were cold"]).files
    assert all("Caveat: the disks were cold" in files[name] for name in ("site.yml", "README.md"))
    spec = _spec(None)
    assert "# Caveat: the disks were cold" in ft.fstab_text(spec, measured.header_lines(run, "external",
                                                                                          ["the disks were cold"]))


def test_boot_options_wait_for_the_journal_and_nofail_is_a_choice():
    spec = dataclasses.replace(_spec(None), nofail=True)
    line = ft.fstab_line(spec)
    assert line.split("\t")[3] == ("noatime,journal_path=/dev/disk/by-uuid/3333,x-systemd.requires=/dev/disk/by-uuid/3333,"
                                   "x-systemd.device-timeout=30s,nofail")
    assert line.endswith("\t0\t0")  # no boot fsck that could start before the journal's device
    unit = systemd.unit_text(spec, ["measured"])
    assert "Options=noatime,journal_path=/dev/disk/by-uuid/3333,nofail" in unit
    assert "Requires=dev-disk-by\\x2duuid-3333.device" in unit
    plain = mount.MountSpec("UUID=1", "/srv/x", "ext4", (("noatime", None),))
    assert ft.fstab_line(plain) == "UUID=1\t/srv/x\text4\tnoatime\t0\t2"
