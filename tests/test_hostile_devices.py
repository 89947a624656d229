"""One set of device rules for every path that writes (issue 30): a table of hostile devices gives
the same answer from ``fstune disks --check``, ``fstune run --yes``, a saved plan's script,
``site.yml`` (check mode and real) and ``study.yml``.

The devices are loop devices this module makes itself on files under a temporary directory
(not lab disks: a lab disk needs no overwrite confirmation), shared by every path since every
path must refuse every row; after each path, nothing on them has changed (their blkid). Each
row gets its own fstab copy (``FSTUNE_FSTAB`` for fstune, ``fstune_fstab`` for the playbooks);
/etc/fstab is never read for a row's answer nor written.

Rows: a labelled filesystem nobody confirmed; a confirmed filesystem named in fstab by LABEL=,
by PARTUUID= and by /dev/disk/by-label; a kernel name renumbered after it was confirmed (the
loop devices detached and attached the other way round); an ext4's external journal with its
owner unmounted; a mounted target; a device-mapper holder (skipped without dmsetup).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from test_export_fleet import ANSIBLE_ENV, PLAY_ANSIBLE, needs_ansible, stored_run
from test_fleet_study import _recorded_run
from test_merge import STUDY

from fstune.deploy import ansible as an
from fstune.deploy import fleet_study
from fstune.results.store import Store

pytestmark = pytest.mark.loopdev
ROOT = Path(__file__).resolve().parent.parent
PART = 80 << 20  # bytes a hostile partition has: more than ext4's and the journal's minimum
STUDY_NAME = "ext4-journal-writes"


def sh(*argv: str, check: bool = True, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(list(argv), capture_output=True, text=True, check=check, timeout=120, **kwargs)


def blkid(device: str) -> dict[str, str]:
    """What is on ``device``, read from the device itself (not udev's cache)."""
    done = sh("blkid", "-p", "-o", "export", device, check=False)
    return dict(line.split("=", 1) for line in done.stdout.splitlines() if "=" in line)


def refresh(*devices: str) -> None:
    """Let udev describe ``devices`` again and wait for exactly those events (never a plain settle)."""
    sh("udevadm", "trigger", "--action=change", "--settle", *devices, check=False)


class Disks:
    """Loop devices on files under one directory; every one detached at the end, whatever happened."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.attached: dict[str, Path] = {}  # /dev/loopN → its image
        self.tables: dict[Path, list[str]] = {}  # image → its partitions' names
        self.maps: list[str] = []
        self.mounts: list[str] = []  # devices mounted here

    def image(self, name: str, partitions: int) -> Path:
        path = self.directory / f"{name}.img"
        with open(path, "wb") as handle:
            handle.truncate((partitions * PART) + (4 << 20))
        table = "label: gpt\n" + "".join(f"size={PART // 1024}KiB, name={name}{i}\n" for i in range(1, partitions + 1))
        sh("sfdisk", "--quiet", str(path), input=table)  # the file, before any device exists
        self.tables[path] = [f"{name}{i}" for i in range(1, partitions + 1)]
        return path

    def attach(self, image: Path, at: str | None = None) -> str:
        argv = ["losetup", "--show", "--partscan"] + ([at] if at else ["--find"]) + [str(image)]
        device = sh(*argv).stdout.strip()
        assert device.startswith("/dev/loop"), device
        self.attached[device] = image
        sh("partx", "-a", device, check=False)  # some kernels only show the partitions after it
        name = Path(device).name
        count = len(self.tables[image])
        parts = [f"{device}p{i}" for i in range(1, count + 1)]
        deadline = time.monotonic() + 30
        # the kernel's view first (a node of the detached device may linger in /dev a moment)
        while time.monotonic() < deadline and not all(Path(f"/sys/block/{name}/{Path(p).name}").exists()
                                                      for p in parts):
            time.sleep(0.1)
        sh("udevadm", "wait", "--timeout=30", device, *parts, check=False)
        refresh(device, *parts)
        return device

    def detach(self, device: str) -> None:
        sh("losetup", "-d", device, check=False)
        self.attached.pop(device, None)
        # the kernel detaches once the last opener (udev's probe) has closed it
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and Path(f"/sys/block/{Path(device).name}/loop/backing_file").exists():
            time.sleep(0.1)

    def ours(self, path: str) -> str:
        """``path`` itself, once it is sure to be a partition of a loop device made here.

        Waits for the node first: the kernel removes and re-adds a disk's partitions whenever the
        table is read again (``partx``, udev handling a change of the whole disk), and on a loaded
        machine a write could come in that gap (seen: "/dev/loop5p1 does not exist")."""
        deadline = time.monotonic() + 30
        while not os.path.exists(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        real = os.path.realpath(path)
        disk = re.sub(r"p\d+$", "", real)
        backing = Path(f"/sys/block/{Path(disk).name}/loop/backing_file")
        assert disk in self.attached and backing.read_text().strip() == str(self.attached[disk]), \
            f"refusing to write to {path}: this test did not make it"
        return path

    def close(self) -> None:
        for device in reversed(self.mounts):
            sh("umount", device, check=False)
        for name in reversed(self.maps):
            sh("dmsetup", "remove", "--retry", name, check=False)
        for device in list(self.attached):
            self.detach(device)


@dataclass
class Row:
    name: str
    device: str  # as every path names it
    fact: str  # what every refusal must say: the fact that decides it
    # a path that decides on another fact first: the saved script compares the device number it
    # was made for, before what the device holds
    facts: dict[str, str] = field(default_factory=dict)
    overwrite: list[str] = field(default_factory=list)  # UUID=… the row confirms (the refusal is another)
    fstab: str = ""  # the row's fstab copy
    script: str = ""  # the saved plan, made before the row turned hostile (the renumbered row)


@dataclass
class Table:
    rows: list[Row]
    before: dict[str, dict[str, str]]  # device → blkid at the start
    skipped: dict[str, str]
    work: Path

    def unchanged(self) -> None:
        for device, seen in self.before.items():
            assert blkid(device) == seen, f"{device} changed"


def _fstab(work: Path, name: str, line: str = "") -> str:
    path = work / f"fstab-{name}"
    # the machine's own entries plus the row's: the checks see both, as on a real host
    path.write_text(Path("/etc/fstab").read_text() + (line + "\n" if line else ""))
    return str(path)


def _by_partuuid(device: str) -> str:
    return f"/dev/disk/by-partuuid/{blkid(device)['PART_ENTRY_UUID']}"


def _plan_script(work: Path, name: str, device: str, overwrite: list[str]) -> str:
    script = work / f"{name}.sh"
    done = fstune("plan", "--study", STUDY_NAME, "--device", device, "--workloads", "none", "--blocks", "1",
                  *[f"--overwrite={u}" for u in overwrite], "-o", str(script), fstab=None, work=work)
    assert done.returncode == 0, done.stderr
    return str(script)


def fstune(*args: str, fstab: str | None, work: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": "200", "XDG_STATE_HOME": str(work / "state")}
    if fstab:
        env["FSTUNE_FSTAB"] = fstab
    return subprocess.run([sys.executable, "-m", "fstune", *args], capture_output=True, text=True, env=env,
                          timeout=180, cwd=ROOT)


@pytest.fixture(scope="module")
def table(udevd) -> Table:
    # a directory of its own, not pytest's: every pytest run as root prunes old numbered base
    # directories, and one of another session's could take the backing files and mountpoint away
    work = Path(tempfile.mkdtemp(prefix="fstune-hostile-"))
    disks = Disks(work)
    try:
        yield _build(disks, work)
    finally:
        disks.close()
        shutil.rmtree(work, ignore_errors=True)


def _build(disks: Disks, work: Path) -> Table:
    loop = disks.attach(disks.image("hostile", 6))
    part = [f"{loop}p{i}" for i in range(1, 7)]
    mkfs = lambda *argv: sh(*argv[:-1], disks.ours(argv[-1]))  # noqa: E731
    rows: list[Row] = []
    skipped: dict[str, str] = {}

    # 1. a labelled filesystem, confirmed by nobody
    mkfs("mkfs.ext4", "-q", "-F", "-L", "precious", part[0])
    # 2-4. a filesystem the user confirmed, but named in fstab: by LABEL=, by PARTUUID=, by by-label
    mkfs("mkfs.ext4", "-q", "-F", "-L", "tabbed", part[1])
    # 5. an ext4 whose external journal is on another partition, the owner unmounted
    mkfs("mkfs.ext4", "-q", "-F", "-O", "journal_dev", "-L", "ownedjournal", part[2])
    mkfs("mkfs.ext4", "-q", "-F", "-J", f"device={part[2]}", "-L", "owner", part[3])
    # 6. a mounted target
    mkfs("mkfs.ext4", "-q", "-F", "-L", "inuse", part[4])
    refresh(*part)
    mountpoint = work / "mounted"
    mountpoint.mkdir()
    sh("mount", part[4], str(mountpoint))
    disks.mounts.append(part[4])
    # 7. a device-mapper holder
    dm_name = f"fstune-hostile-{uuid.uuid4().hex[:6]}"
    if shutil.which("dmsetup"):
        sectors = PART // 512
        made = sh("dmsetup", "create", dm_name, "--table", f"0 {sectors} linear {disks.ours(part[5])} 0", check=False)
        if made.returncode == 0:
            disks.maps.append(dm_name)
            refresh(part[5])
        else:
            skipped["holder"] = f"dmsetup create failed: {made.stderr.strip()}"
    else:
        skipped["holder"] = "dmsetup is not installed (no device-mapper)"

    ids = {p: blkid(p) for p in part}
    rows.append(Row("labelled filesystem", _by_partuuid(part[0]), f"UUID={ids[part[0]]['UUID']}",
                    fstab=_fstab(work, "labelled")))
    tabbed = {"UUID": ids[part[1]]["UUID"], "PARTUUID": ids[part[1]]["PART_ENTRY_UUID"]}
    for name, spec in (("fstab LABEL=", "LABEL=tabbed"), ("fstab PARTUUID=", f"PARTUUID={tabbed['PARTUUID']}"),
                       ("fstab by-label", "/dev/disk/by-label/tabbed")):
        rows.append(Row(name, _by_partuuid(part[1]), spec, overwrite=[f"UUID={tabbed['UUID']}"],
                        fstab=_fstab(work, re.sub(r"\W+", "-", name), f"{spec} /srv/tabbed ext4 defaults 0 2")))
    rows.append(Row("unmounted journal owner", _by_partuuid(part[2]), Path(part[3]).name,
                    overwrite=[f"UUID={ids[part[2]]['UUID']}"], fstab=_fstab(work, "journal")))
    rows.append(Row("mounted target", _by_partuuid(part[4]), str(mountpoint),
                    overwrite=[f"UUID={ids[part[4]]['UUID']}"], fstab=_fstab(work, "mounted")))
    if "holder" not in skipped:
        rows.append(Row("holder", _by_partuuid(part[5]), dm_name, fstab=_fstab(work, "holder")))

    # 8. a kernel name, confirmed with its filesystem's UUID and planned for; then the loop
    # devices are detached and attached the other way round, so the name is another device's
    chosen_image, stranger_image = disks.image("chosen", 1), disks.image("stranger", 1)
    chosen = disks.attach(chosen_image)
    mkfs("mkfs.ext4", "-q", "-F", "-L", "chosen", f"{chosen}p1")
    stranger = disks.attach(stranger_image)
    mkfs("mkfs.ext4", "-q", "-F", "-L", "stranger", f"{stranger}p1")
    refresh(f"{chosen}p1", f"{stranger}p1")
    confirmed = [f"UUID={blkid(f'{chosen}p1')['UUID']}"]
    script = _plan_script(work, "renumbered", f"{chosen}p1", confirmed)
    disks.detach(chosen)
    disks.detach(stranger)
    for _ in range(20):  # another process may take the free number first: then try the next pair
        try:
            disks.attach(stranger_image, at=chosen)
            break
        except subprocess.CalledProcessError:
            chosen = sh("losetup", "--find").stdout.strip()
            script = ""
    else:
        pytest.fail("could not attach a loop device at a known number")
    disks.attach(chosen_image)
    renamed = f"{chosen}p1"
    assert blkid(renamed).get("LABEL") == "stranger", (renamed, sh("losetup", "-l").stdout)
    rows.append(Row("renumbered kernel name", renamed, f"UUID={blkid(renamed)['UUID']}", overwrite=confirmed,
                    fstab=_fstab(work, "renumbered"), script=script,
                    facts={"script": "; the plan was made for "} if script else {}))

    return Table(rows, {d: blkid(d) for d in [*part, renamed]}, skipped, work)


ROW_NAMES = ["labelled filesystem", "fstab LABEL=", "fstab PARTUUID=", "fstab by-label", "unmounted journal owner",
             "mounted target", "holder", "renumbered kernel name"]


def _expect(table: Table, done_by_row: dict[str, tuple[int, str]], path: str = "") -> None:
    """Every row refused, its fact named; nothing on any device changed."""
    for name in ROW_NAMES:
        if name in table.skipped:
            continue
        row = next(r for r in table.rows if r.name == name)
        code, output = done_by_row[name]
        assert code != 0, f"{name}: not refused\n{output[-3000:]}"
        fact = row.facts.get(path, row.fact)
        assert fact in output, f"{name}: the refusal does not name {fact}\n{output[-3000:]}"
        assert "Traceback" not in output, output
    table.unchanged()


def _disks_check(table: Table) -> dict[str, tuple[int, str]]:
    answers = {}
    for row in table.rows:
        done = fstune("disks", "--check", row.device, *[f"--overwrite={u}" for u in row.overwrite],
                      fstab=row.fstab, work=table.work)
        answers[row.name] = (done.returncode, done.stdout + done.stderr)
        assert done.returncode in (0, 2)
    return answers


def _run_yes(table: Table) -> dict[str, tuple[int, str]]:
    answers = {}
    for row in table.rows:
        done = fstune("run", "--study", STUDY_NAME, "--device", row.device, "--workloads", "none", "--blocks", "1",
                      "--yes", *[f"--overwrite={u}" for u in row.overwrite], fstab=row.fstab, work=table.work)
        # refused by the rules before anything ran (2), not stopped later by a safety check (3)
        assert done.returncode == 2, done.stderr[-3000:]
        answers[row.name] = (done.returncode, done.stderr)
    return answers


def _saved_script(table: Table) -> dict[str, tuple[int, str]]:
    answers = {}
    for row in table.rows:
        script = row.script
        if not script:
            script = str(table.work / f"{re.sub(r'[^a-z]+', '-', row.name)}.sh")
            made = fstune("plan", "--study", STUDY_NAME, "--device", row.device, "--workloads", "none",
                          "--blocks", "1", *[f"--overwrite={u}" for u in row.overwrite], "-o", script,
                          fstab=row.fstab, work=table.work)
            if made.returncode != 0:  # the plan itself refuses: no script to run
                answers[row.name] = (made.returncode, made.stderr)
                continue
        done = sh("bash", script, check=False, env={**os.environ, "FSTUNE_FSTAB": row.fstab})
        answers[row.name] = (done.returncode, done.stdout + done.stderr)
    return answers


def test_the_same_answer_from_disks_check(table):
    answers = _disks_check(table)
    _expect(table, answers)
    # the answer names the option to add, and with it the labelled filesystem may be written
    labelled = table.rows[0]
    assert f"add --overwrite {labelled.fact}" in answers[labelled.name][1]
    done = fstune("disks", "--check", labelled.device, f"--overwrite={labelled.fact}", "--json",
                  fstab=labelled.fstab, work=table.work)
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["may_write"] and answer["overwrite"] == labelled.fact
    assert "'precious'" in answer["holds"]


def test_disks_check_of_a_journal_for_its_own_target_asks_as_fstune_run_does(table):
    """A rerun of a journal study (the fleet study's second play): the journal belongs to the very
    filesystem the run reformats. With --partner it is asked about (its UUID), not refused."""
    row = next(r for r in table.rows if r.name == "unmounted journal owner")
    owner = f"/dev/{row.fact}"
    alone = fstune("disks", "--check", row.device, "--role", "journal", fstab=row.fstab, work=table.work)
    assert alone.returncode == 2 and row.fact in alone.stderr
    asked = fstune("disks", "--check", row.device, "--role", "journal", "--partner", owner, fstab=row.fstab,
                   work=table.work)
    assert asked.returncode == 2 and f"add --overwrite {row.overwrite[0]}" in asked.stderr
    allowed = fstune("disks", "--check", row.device, "--role", "journal", "--partner", owner,
                     f"--overwrite={row.overwrite[0]}", fstab=row.fstab, work=table.work)
    assert allowed.returncode == 0, allowed.stderr
    table.unchanged()


def test_the_same_answer_from_run_yes(table):
    _expect(table, _run_yes(table))


def test_the_same_answer_from_the_saved_script(table):
    _expect(table, _saved_script(table), "script")


# --- the playbooks: every row a host of one inventory, so one play answers for all of them ---------


def _hosts(table: Table, extra: dict | None = None) -> dict[str, dict]:
    """One inventory host per row (a local connection each), with the row's device, fstab and overwrite."""
    hosts = {}
    for index, row in enumerate(table.rows):
        variables = {"ansible_connection": "local", "ansible_python_interpreter": sys.executable,
                     "fstune_target": row.device, "fstune_fstab": row.fstab,
                     "fstune_mountpoint": str(table.work / "mnt" / f"row{index}")}
        if row.overwrite:
            variables["fstune_overwrite"] = row.overwrite
        hosts[f"row{index}"] = {**variables, **(extra or {})}
    return hosts


def _per_host(table: Table, output: str) -> dict[str, tuple[int, str]]:
    """Each row's answer from one play's output: its host's failures (or rescue) and their messages."""
    answers = {}
    for index, row in enumerate(table.rows):
        host = f"row{index}"
        lines = [line for line in output.splitlines() if f"[{host}]" in line or f"{host} " in line]
        failed = [line for line in lines if line.startswith(("fatal:", "failed:"))]
        said = [line for line in output.split("\n\n") if f"[{host}]" in line and "is not measured" in line]
        recap = re.search(rf"^{host}\s+: ok=\d+\s+changed=(\d+)\s+unreachable=0\s+failed=(\d+)\s+skipped=\d+\s+"
                          rf"rescued=(\d+)", output, re.M)
        assert recap, output[-3000:]
        refused = int(recap.group(2)) + int(recap.group(3))
        answers[row.name] = (refused, "\n".join(failed + said))
    return answers


def _play(table: Table, directory: Path, playbook: str, hosts: dict, *extra: str) -> tuple[int, str]:
    inventory = {"all": {"children": {"fstune": {"hosts": hosts}, "fstune_study": {"hosts": hosts},
                                      "fstune_shared": {"hosts": dict.fromkeys(hosts)}}}}
    (directory / "hosts.json").write_text(json.dumps(inventory))
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, **ANSIBLE_ENV, "PATH": f"{bin_dir}:{os.environ['PATH']}", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([PLAY_ANSIBLE, "-i", "hosts.json", playbook, *extra], capture_output=True, text=True,
                          cwd=directory, env=env, timeout=900)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture(scope="module")
def site(table, tmp_path_factory) -> Path:
    """The exported site.yml of an ext4 configuration (internal journal), measured on a loop device."""
    work = tmp_path_factory.mktemp("site")
    run, _ = stored_run(work, ("ext4", "internal", "noatime"), os.path.realpath(table.rows[0].device), None)
    directory = work / "ansible"
    directory.mkdir()
    for name, text in an.build_export(run, "tuned", "/srv/fstune-tuned").files.items():
        (directory / name).write_text(text)
    return directory


def _site_facts(table: Table) -> None:
    # site.yml refuses a kernel name with no fstune_target_id before it looks at what is on it
    renumbered = next(r for r in table.rows if r.name == "renumbered kernel name")
    renumbered.facts.update({"site": "is a kernel name", "study": "is a kernel name"})


@needs_ansible
@pytest.mark.parametrize("mode", ["check", "real"])
def test_the_same_answer_from_site_yml(table, site, mode):
    _site_facts(table)
    code, output = _play(table, site, "site.yml", _hosts(table), *(["--check", "--diff"] if mode == "check" else []))
    assert code != 0
    _expect(table, _per_host(table, output), "site")
    # the kernel name's refusal says which stable names the device has now
    renumbered = next(r for r in table.rows if r.name == "renumbered kernel name")
    assert f"/dev/disk/by-uuid/{renumbered.fact.removeprefix('UUID=')}" in output
    assert "/dev/disk/by-label/stranger" in output
    assert not (table.work / "mnt").exists()  # refused before it made even a mountpoint


@needs_ansible
def test_site_yml_takes_a_filesystem_not_a_path_in_fstune_overwrite(table, site):
    labelled = table.rows[0]
    hosts = {"row0": {**_hosts(table)["row0"], "fstune_overwrite": [os.path.realpath(labelled.device)]}}
    code, output = _play(table, site, "site.yml", hosts, "--check")
    assert code != 0 and "it names the filesystems you agree to destroy, as UUID=<uuid>, not devices by path" in output
    assert f'holds a filesystem: write \\"{labelled.fact}\\"' in output  # (quotes escaped in the JSON result)
    table.unchanged()


@needs_ansible
def test_the_same_answer_from_study_yml_and_the_other_host_is_measured(table, lab, tmp_path):
    """Every hostile row a host of the fleet study, all in fstune_shared (one at a time), and a lab
    host last: each row is refused before any write, the lab host is measured, and the merge
    names every missing host with its reason."""
    _site_facts(table)
    study = tmp_path / "class-atime.toml"
    study.write_text(STUDY)
    data = lab.disks[0].data
    run = _recorded_run(study, data, 600 << 20)
    with Store(tmp_path / "state") as store:
        run.id = store.save_run(run)
    out = tmp_path / "fleet"
    out.mkdir()
    for name, text in fleet_study.build_study_export(run).files.items():
        (out / name).write_text(text)
    bin_dir = str(Path(sys.executable).parent)
    common = {"fstune_study": str(study), "fstune_work_dir": str(tmp_path / "work"),
              "fstune_environment": {"FSTUNE_LAB_ONLY": "1", "PATH": f"{bin_dir}:{os.environ['PATH']}",
                                     "PYTHONPATH": str(ROOT)}}
    hosts = _hosts(table, common)
    hosts["measured"] = {**common, "ansible_connection": "local", "ansible_python_interpreter": sys.executable,
                         "fstune_target": _by_partuuid(data)}
    code, output = _play(table, out, "study.yml", hosts)
    assert code == 0, output[-6000:]
    _expect(table, _per_host(table, output), "study")
    merged = (out / "results" / "merged.md").read_text()
    assert "| measured |" in merged and "row0" not in merged
    missing = (out / "results" / "missing.txt").read_text().splitlines()
    assert [line.split(":")[0] for line in missing] == [f"row{i}" for i in range(len(table.rows))]
    assert "missing " + str(len(table.rows)) in output  # the play's last word names them too
