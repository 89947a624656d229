"""A measured configuration as fstab lines and a systemd .mount unit, and the careful fstab writer.

What fstune measured on one server is turned into what an admin keeps: a mount that comes back
after a reboot. Everything here names devices by something that survives a reboot or a
re-cabling: the filesystem by ``UUID=``, its external journal/log by a ``/dev/disk/by-uuid/`` (or
``by-partuuid``) path in the option the filesystem takes it from (``journal_path=``,
``logdev=``, ``jdev=``). The kernel itself follows the symlink when it opens the journal.

Each output carries a comment saying what the configuration was measured to do (study, run,
date, the figures against the baseline), so whoever finds the line in a year knows why it is
there.

``write_fstab`` is the only code in fstune that edits an fstab, and only when asked: it refuses
a second entry for the same mountpoint or device, keeps a backup, writes a temp file next to
the target, fsyncs it and renames it over (docs/ARCHITECTURE.md, "Before anything is written").
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fstune import filesystems
from fstune.errors import DeviceError, UsageError
from fstune.filesystems import EXTERNAL, join_options
from fstune.results.compare import BETTER, NO_DATA, NOISE, WORSE, ConfigDescription
from fstune.results.compare import compare_runs
from fstune.results.formatting import direction, fmt_change, fmt_p, fmt_summary, fmt_time
from fstune.results.records import RunRecord
from fstune.results.views import describe_config

DEFAULT_FSTAB = "/etc/fstab"
BY_UUID, BY_PARTUUID = "/dev/disk/by-uuid", "/dev/disk/by-partuuid"


def default_mountpoint(config: str) -> str:
    return f"/srv/fstune-{config}"


# --- the configuration in a run --------------------------------------------------------------


def find_config(run: RunRecord, name: str) -> ConfigDescription:
    for config in run.configs:
        if config.name == name:
            return config
    names = ", ".join(c.name for c in run.configs)
    raise UsageError(f"run {run.id} has no configuration '{name}'; it has: {names}.")


def measured_target(run: RunRecord, config: ConfigDescription) -> str | None:
    """The target device path on the measured machine: the run's target, else the last word of
    the configuration's last mkfs command (the device mkfs formatted)."""
    for device in run.devices:
        if device.role == "target":
            return device.path
    argvs = run.mkfs_argv.get(config.name) or []
    return argvs[-1][-1] if argvs else None


def measured_journal(run: RunRecord, config: ConfigDescription) -> str | None:
    if config.journal != EXTERNAL:
        return None
    if config.log_device:
        return config.log_device
    return next((d.path for d in run.devices if d.role == "journal"), None)


# --- what the configuration was measured to do -------------------------------------------------


def measured_lines(run: RunRecord, config_name: str) -> list[str]:
    """Plain sentences (no comment markers): study, run, date, and the figures against the baseline."""
    config = find_config(run, config_name)
    lines = [f"fstune {run.study} ({run.title}), run {run.id if run.id is not None else '?'} of "
             f"{fmt_time(run.started)} on {run.environment.get('hostname') or '?'}, "
             f"configuration '{config.name}': {describe_config(config)}."]
    if run.status != "finished":
        lines.append(f"The run {run.status}" + (f" ({run.reason})" if run.reason else "") +
                     "; the figures come only from the repeats that completed.")
    if config.name == run.baseline:
        lines.append("This is the study's baseline: the configuration the variants were measured against.")
        return lines
    comparison = compare_runs([run])
    rows = comparison.rows_for(config.name)
    if not rows:
        lines.append("measured: no figures for it (no repeat produced a measurement).")
        return lines
    decided = [r for r in rows if r.verdict in (BETTER, WORSE)]
    for row in decided:
        p = fmt_p(row.p_value)
        lines.append(f"measured: {fmt_change(row.change_pct).replace('%', ' %')} {row.workload} {row.metric}"
                     f" ({row.unit}, {direction(row.better)}) against the baseline '{comparison.baseline}'"
                     f" ({fmt_summary(row.baseline)} -> {fmt_summary(row.variant)}): {row.verdict}"
                     + (f", {p}" if p else "") + ".")
    for verdict, words in ((NOISE, "within noise on"), (NO_DATA, "not enough data on")):
        names = [f"{r.workload} {r.metric} ({fmt_change(r.change_pct).replace('%', ' %')})"
                 for r in rows if r.verdict == verdict]
        if names:
            lines.append(f"{'measured: ' if not decided and verdict == NOISE else ''}{words}: {', '.join(names)}.")
    if comparison.warm:
        lines.append("Some repeats ran with warm caches; their read figures may flatter the disk.")
    return lines


def comment(lines: list[str], prefix: str = "# ") -> str:
    import textwrap

    out = []
    for line in lines:
        out += [prefix + part for part in textwrap.wrap(line, 96 - len(prefix), break_on_hyphens=False)] or [prefix]
    return "\n".join(out) + "\n"


# --- systemd unit names ------------------------------------------------------------------------

_UNIT_SAFE = re.compile(r"[A-Za-z0-9:_.]")


def normalize_mountpoint(path: str) -> str:
    """An absolute, normalized path, as fstab and systemd want it; refuse anything else."""
    if not path.startswith("/"):
        raise UsageError(f"the mountpoint '{path}' is not an absolute path.", "Give it from the root, e.g. /srv/data.")
    parts = [p for p in path.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise UsageError(f"the mountpoint '{path}' has '.' or '..' in it; give the plain path.")
    if any(c.isspace() for c in path) or "\\" in path:
        # fstab would need \040 escapes and the unit name \x20: legal but a trap for whoever edits it next
        raise UsageError(f"the mountpoint '{path}' contains white space or a backslash; choose a plainer path.")
    return "/" + "/".join(parts)


def systemd_escape_path(path: str) -> str:
    """``systemd-escape --path``: /srv/data → srv-data, / → -, /srv/my-data → srv-my\\x2ddata.

    The rules (systemd.unit(5), "String Escaping for Inclusion in Unit Names"): the path is
    normalized (duplicate and surrounding slashes dropped), "/" becomes "-", the characters
    [A-Za-z0-9:_.] stay (but a leading "." is escaped), every other byte becomes \\xNN.
    """
    parts = [p for p in path.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise UsageError(f"'{path}' is not a normalized path; systemd cannot name a unit after it.")
    if not parts:
        return "-"
    out = []
    for index, char in enumerate("/".join(parts)):
        if char == "/":
            out.append("-")
        elif _UNIT_SAFE.fullmatch(char) and not (index == 0 and char == "."):
            out.append(char)
        else:
            out.extend(f"\\x{byte:02x}" for byte in char.encode("utf-8"))
    return "".join(out)


def mount_unit_name(mountpoint: str) -> str:
    return systemd_escape_path(normalize_mountpoint(mountpoint)) + ".mount"


def device_unit_name(device_path: str) -> str:
    return systemd_escape_path(device_path) + ".device"


# --- the mount, resolved against the devices as they are now -----------------------------------


@dataclass(frozen=True)
class MountSpec:
    """One mount as fstab and systemd need it."""

    source: str  # UUID=…
    mountpoint: str
    fstype: str
    options: tuple[tuple[str, str | None], ...]  # the exact options, the journal's stable path included
    journal_path: str | None = None  # /dev/disk/by-uuid/… of the external journal/log
    target_device: str = ""
    journal_device: str | None = None

    @property
    def option_text(self) -> str:
        return join_options(list(self.options)) or "defaults"

    @property
    def fstab_options(self) -> str:
        """The options plus ``x-systemd.requires=``: systemd must wait for the journal's device
        node before it mounts, or a boot can race udev and fail to find the journal."""
        extra = [("x-systemd.requires", self.journal_path)] if self.journal_path else []
        return join_options(list(self.options) + extra) or "defaults"


def mount_options(config: ConfigDescription, journal_path: str | None) -> list[tuple[str, str | None]]:
    """The configuration's measured mount options plus the journal option fstune manages itself
    (the store keeps them without it, see ``fstune.results.collection.config_descriptions``), the same way
    ``fstune.plan`` adds it when it mounts."""
    fs = filesystems.get(config.filesystem)
    options = [(n, v) for n, v in config.mount_options if n not in fs.managed_options]
    if config.journal == EXTERNAL:
        options += fs.journal_mount_options(journal_path)
    return options


def probe(device: str, run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> dict[str, str]:
    """``blkid -p -o export DEVICE`` as a dict; {} for a blank device. Read-only."""
    try:
        done = run(["blkid", "-p", "-o", "export", device], capture_output=True, text=True, timeout=30)
    except FileNotFoundError:
        raise DeviceError("blkid is not installed; it is needed to read the devices' UUIDs.",
                          "Install util-linux.") from None
    if done.returncode == 2:  # blkid: nothing found
        return {}
    if done.returncode != 0:
        raise DeviceError(f"blkid could not read {device}: {(done.stderr or done.stdout).strip() or 'no reason given'}.")
    values = {}
    for line in done.stdout.splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key] = value
    return values


def stable_path(device: str, info: dict[str, str], dev_root: str = "/") -> str:
    """The /dev/disk/by-uuid (else by-partuuid) link that points at ``device`` right now."""
    real = os.path.realpath(device)
    for directory, key in ((BY_UUID, "UUID"), (BY_PARTUUID, "PART_ENTRY_UUID")):
        value = info.get(key)
        if not value:
            continue
        link = f"{directory}/{value}"
        if os.path.realpath(os.path.join(dev_root, link.lstrip("/"))) == real:
            return link
    raise DeviceError(f"{device} has no /dev/disk/by-uuid or by-partuuid link, so it cannot be named in a way "
                      "that survives a reboot.", "Run 'udevadm trigger && udevadm settle' and try again.")


def resolve_mount(run: RunRecord, config_name: str, mountpoint: str, device: str | None = None,
                  log_device: str | None = None,
                  probe: Callable[[str], dict[str, str]] = probe,
                  stable: Callable[[str, dict[str, str]], str] = stable_path) -> MountSpec:
    """The mount of ``config_name`` on ``device`` (default: the run's target), checked against
    what the devices hold now: the filesystem must be the one the configuration makes, and its
    external journal/log must be the one named."""
    config = find_config(run, config_name)
    mountpoint = normalize_mountpoint(mountpoint)
    target = device or measured_target(run, config)
    if not target:
        raise UsageError(f"run {run.id} does not say which device it formatted.", "Name it with --device DEV.")
    journal = None
    if config.journal == EXTERNAL:
        journal = log_device or measured_journal(run, config)
        if not journal:
            raise UsageError(f"configuration '{config.name}' keeps its journal on another device and the run does "
                             "not say which.", "Name it with --log-device DEV.")
        if os.path.realpath(journal) == os.path.realpath(target):
            raise DeviceError(f"the journal/log device cannot be the target itself ({target}).")
    info = probe(target)
    fs = filesystems.get(config.filesystem)
    found = info.get("TYPE")
    if found != config.filesystem:
        raise DeviceError(
            f"{target} holds {found or 'no filesystem'}, not the {fs.title} of configuration '{config.name}'.",
            "Make it first (e.g. with the playbook from 'fstune export RUN --config NAME --ansible DIR'), "
            "then export the mount; or name the right device with --device.")
    if not info.get("UUID"):
        raise DeviceError(f"{target} holds {fs.title} without a UUID; fstab cannot name it stably.")
    journal_link = None
    if journal:
        jinfo = probe(journal)
        expected = fs.external.blkid_type if fs.external else None
        if expected and jinfo.get("TYPE") != expected:
            raise DeviceError(f"{journal} is not an external {fs.journal_noun} "
                              f"(blkid says {jinfo.get('TYPE') or 'nothing'}).", "Name the right one with --log-device.")
        mismatch = fs.journal_mismatch(target, journal, info, jinfo)
        if mismatch:
            raise DeviceError(mismatch, "Name the right one with --log-device.")
        journal_link = stable(journal, jinfo)
    return MountSpec(source=f"UUID={info['UUID']}", mountpoint=mountpoint, fstype=config.filesystem,
                     options=tuple(mount_options(config, journal_link)), journal_path=journal_link,
                     target_device=target, journal_device=journal)


# --- the outputs -------------------------------------------------------------------------------


def fsck_pass(fstype: str) -> int:
    """fstab's sixth field: what the filesystem says, 0 (never checked at boot) for one fstune does not know."""
    fs = filesystems.find(fstype)
    return fs.fsck_pass if fs else 0


def fstab_line(spec: MountSpec) -> str:
    return f"{spec.source}\t{spec.mountpoint}\t{spec.fstype}\t{spec.fstab_options}\t0\t{fsck_pass(spec.fstype)}"


def fstab_text(spec: MountSpec, lines: list[str]) -> str:
    return comment(lines) + fstab_line(spec) + "\n"


def unit_text(spec: MountSpec, lines: list[str]) -> str:
    name = mount_unit_name(spec.mountpoint)
    out = [f"# {name}: install as /etc/systemd/system/{name}, then",
           f"#   systemctl daemon-reload && systemctl enable --now {name}",
           comment(lines).rstrip("\n"), "", "[Unit]",
           f"Description=fstune: {spec.fstype} on {spec.mountpoint}"]
    if spec.journal_path:
        # the journal/log must be there before the mount is tried, and a mount without it fails
        device = device_unit_name(spec.journal_path)
        out += [f"Requires={device}", f"After={device}"]
    out += ["", "[Mount]", f"What={spec.source}", f"Where={spec.mountpoint}", f"Type={spec.fstype}",
            f"Options={spec.option_text}", "", "[Install]", "WantedBy=local-fs.target", ""]
    return "\n".join(out)


# --- writing /etc/fstab, carefully ---------------------------------------------------------------


def _unescape(field: str) -> str:
    # fstab escapes white space as octal (\040)
    return re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), field)


def conflicts(text: str, spec: MountSpec) -> list[str]:
    """The fstab lines that already mount this mountpoint or name this filesystem or its devices."""
    names = {spec.source, spec.source.replace("UUID=", f"{BY_UUID}/"), spec.target_device,
             os.path.realpath(spec.target_device) if spec.target_device else ""}
    if spec.journal_device:
        names |= {spec.journal_device, os.path.realpath(spec.journal_device)}
    if spec.journal_path:
        names.add(spec.journal_path)
    names.discard("")
    found = []
    for line in text.splitlines():
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        mountpoint = _unescape(fields[1]) if len(fields) > 1 else ""
        option_values = {v for _, v in filesystems.split_options(fields[3])} if len(fields) > 3 else set()
        if mountpoint.rstrip("/") == spec.mountpoint.rstrip("/") or _unescape(fields[0]) in names \
                or names & option_values:
            found.append(line.strip())
    return found


def write_fstab(spec: MountSpec, text: str, path: str | os.PathLike = DEFAULT_FSTAB,
                now: Callable[[], float] = time.time) -> Path:
    """Append ``text`` (comment + line) to the fstab at ``path``; returns the backup's path.

    Refuses when an entry for the mountpoint or the devices exists. The new file is written
    next to the old one, fsynced, and renamed over it, so a crash leaves either the old fstab
    or the new one, never half of one; the directory is fsynced so the rename itself is durable.
    """
    path = Path(path)
    try:
        old = path.read_bytes()
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        raise UsageError(f"{path} does not exist; fstune only adds to an existing fstab.") from None
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}.") from None
    clash = conflicts(old.decode("utf-8", "surrogateescape"), spec)
    if clash:
        raise UsageError(f"{path} already has an entry for {spec.mountpoint} or its devices: {clash[0]!r}; "
                         "nothing was changed.", "Remove or edit that entry yourself, or choose another --mountpoint.")
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now()))
    backup = path.with_name(f"{path.name}.fstune-backup-{stamp}")
    new = old + (b"" if not old or old.endswith(b"\n") else b"\n") + text.encode("utf-8")
    temp = path.with_name(f".{path.name}.fstune-{os.getpid()}")
    try:
        _write_synced(backup, old, mode, exclusive=True)
        _write_synced(temp, new, mode, exclusive=True)
        os.replace(temp, path)
        directory = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except FileExistsError as error:
        # O_EXCL: never overwrite an older backup, nor the temp file of another fstune at work
        raise UsageError(f"{error.filename} exists already; another fstune may be writing {path}; "
                         "it was not changed.", "Try again in a moment.") from None
    except OSError as error:
        temp.unlink(missing_ok=True)
        raise UsageError(f"could not write {path}: {error.strerror}; it was not changed.") from None
    return backup


def _write_synced(path: Path, data: bytes, mode: int, exclusive: bool) -> None:
    flags = os.O_WRONLY | os.O_CREAT | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = os.open(path, flags, mode)
    try:
        with os.fdopen(fd, "wb", closefd=False) as file:
            file.write(data)
            file.flush()
            os.fsync(fd)
    finally:
        os.close(fd)


__all__ = [
    "MountSpec", "comment", "conflicts", "default_mountpoint", "find_config", "fstab_line", "fstab_text",
    "measured_lines", "mount_options", "mount_unit_name", "normalize_mountpoint", "probe", "resolve_mount",
    "systemd_escape_path", "unit_text", "write_fstab",
]
