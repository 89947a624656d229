"""The settings a run was measured with: what must be equal before two runs are set side by side.

A 5-second dbench beside a 10-second one, three repeats beside ten, a loop lab beside real disks:
each is a different measurement, and a table that mixes them says nothing. ``run_settings``
records, when a run ends, every workload's parameters (defaults filled in, so "10 s by default"
equals "10 s given"), the repeat rules, the study file's version (a hash of its text), what kind
of devices were measured (``lab_kind``), which roles the devices played, and a stable machine id
(a hash of /etc/machine-id, never the id itself) beside the hostname. ``settings_differences``
names, in words, each difference that matters; ``fstune results merge`` and ``compare`` refuse
runs that differ unless told to mix them (docs/teaching.md).

The machine id and the hostname say *where* a run was measured, not *how*: they are never a
difference.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

LOOP_LAB, VM_LAB, LOOP_DEVICES, REAL_DEVICES = "loop lab", "VM lab", "loop devices", "real devices"
MODELLED_LAB = "modelled lab"  # the loop lab with its disks served through the disk model
# what says where, not how: shown, never compared
WHERE = ("machine_id", "hostname")


def _digest(data: bytes, length: int = 16) -> str:
    return hashlib.sha256(data).hexdigest()[:length]


# Where an install keeps its id: systemd's file first, then D-Bus's copy, then the firmware's
# UUID of the machine (root-only), and last this boot's id, which every Linux kernel has: a
# container or a fresh chroot may have an empty /etc/machine-id and a VM no firmware UUID, and two
# machines must still never look like one (docs/teaching.md, "The class run").
MACHINE_ID_FILES = ("/etc/machine-id", "/var/lib/dbus/machine-id", "/sys/class/dmi/id/product_uuid",
                    "/proc/sys/kernel/random/boot_id")


def machine_id(path: str | os.PathLike | None = None) -> str:
    """A hash of the machine's id (``path``, or the first of ``MACHINE_ID_FILES`` that has one):
    different on every install and useless for tracking the machine elsewhere; stable across
    reboots and renames, except where only the boot id was found. "" when there is none."""
    for candidate in (path,) if path is not None else MACHINE_ID_FILES:
        try:
            text = Path(candidate).read_text(encoding="ascii", errors="replace").strip()
        except OSError:
            continue
        if text:
            return _digest(("fstune:" + text).encode())
    return ""


def study_version(path: str, fallback: str = "") -> str:
    """A hash of the study file's text: two runs of the same file agree, an edited file does not."""
    try:
        return _digest(Path(path).read_bytes(), 12) if path else fallback
    except OSError:
        return fallback


def lab_kind(path: str) -> str:
    """What kind of device ``path`` is: a partition of fstune's loop lab (plain or modelled), a VM
    lab disk, another loop device, or a real device."""
    from fstune import lab
    from fstune.devices.labdisk import lab_disk_model
    from fstune.errors import FstuneError

    try:
        backing = lab.assert_lab_device(path)
    except FstuneError:
        name = os.path.basename(os.path.realpath(path))
        return LOOP_DEVICES if name.startswith("loop") else REAL_DEVICES
    if str(backing).startswith("/dev/"):
        return VM_LAB
    return MODELLED_LAB if lab_disk_model(backing) is not None else LOOP_LAB


def run_settings(plan, measurement=None, *, machine_id_path: str | os.PathLike | None = None,
                 kind=lab_kind) -> dict:
    """What ``plan`` (and ``measurement``'s repeat rules) fixed for this run; see the module docstring."""
    from fstune.workloads import get as workload

    params = {}
    contexts = plan.configs[0].contexts if plan.configs else {}
    for name in plan.workloads:
        given = dict(contexts[name].params) if name in contexts else dict(plan.study.workload_params.get(name, {}))
        params[name] = {key: value for key, value in sorted(workload(name).resolve(given).items())}
    # blocks before the first look, the cap, the looks and the decision method (docs/verdicts.md)
    rules = {"planned": plan.repeats}
    if measurement is not None:
        from fstune.stats.sequential import METHOD

        rules.update(max=measurement.max_blocks, looks=list(measurement.looks), method=METHOD)
    roles = {plan.choices.target.path: "data"}
    if plan.choices.log_device is not None and plan.study.needs_journal_device:
        roles[plan.choices.log_device.path] = "journal"
    fallback = _digest(repr((plan.study.name, plan.study.configurations)).encode(), 12)
    return {
        "workload_params": params,
        "repeat_rules": rules,
        "study_version": study_version(plan.study.path, fallback),
        "lab_kind": kind(plan.choices.target.path),
        "device_roles": roles,
        "machine_id": machine_id(machine_id_path),
        "hostname": os.uname().nodename,
        # what the original experiment found, as the study said when this ran (fstune/reports/expected.py)
        "expected": [expectation.as_json() for expectation in plan.study.expected],
    }


def _value(value) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _rules_words(rules: dict) -> str:
    if not rules:
        return "?"
    if "looks" not in rules:  # an older run: repeats of one configuration after another
        text = f"{rules.get('planned', '?')} repeats"
        if rules.get("adaptive"):
            threshold = rules.get("rsd_threshold")
            limit = f"{threshold * 100:g} %" if isinstance(threshold, (int, float)) else "?"
            text += f", more (up to {rules.get('max', '?')}) while the spread is above {limit}"
        return text
    looks = ", ".join(str(n) for n in rules.get("looks") or ()) or "none"
    return (f"{rules.get('planned', '?')} blocks, up to {rules.get('max', '?')} (looks after {looks}; "
            f"{rules.get('method', '?')})")


def describe_settings(settings: dict) -> str:
    """One line: "metadata: time_s=10, …; 3 repeats, more (up to 10) …; study a1b2…; loop lab; devices: data, journal"."""
    if not settings:
        return "not recorded (made by an older fstune)"
    parts = ["; ".join(f"{name}: " + ", ".join(f"{k}={_value(v)}" for k, v in values.items())
                       for name, values in (settings.get("workload_params") or {}).items()) or "no workloads"]
    parts.append(_rules_words(settings.get("repeat_rules") or {}))
    parts.append(f"study version {settings.get('study_version') or '?'}")
    parts.append(settings.get("lab_kind") or "?")
    parts.append("devices: " + ", ".join(sorted((settings.get("device_roles") or {}).values())))
    where = settings.get("machine_id")
    if where:
        parts.append(f"machine {where}")
    return "; ".join(parts)


def settings_differences(a: dict, b: dict) -> list[str]:
    """Each way ``b`` was measured differently from ``a``, in words ("dbench time_s: 10 here, 5 there").

    Runs that do not record their settings (an older fstune) cannot be checked: that is said
    once, as a difference of its own."""
    if not a or not b:
        if not a and not b:
            return []
        return ["one of the runs does not record its settings (made by an older fstune), so they cannot be checked"]
    out = []
    pa, pb = a.get("workload_params") or {}, b.get("workload_params") or {}
    for name in sorted(set(pa) ^ set(pb)):
        out.append(f"workload {name} was run in only one of them")
    for name in sorted(set(pa) & set(pb)):
        for key in sorted(set(pa[name]) | set(pb[name])):
            va, vb = pa[name].get(key, "unset"), pb[name].get(key, "unset")
            if va != vb:
                out.append(f"workload {name} parameter {key}: {_value(va)} vs {_value(vb)}")
    ra, rb = a.get("repeat_rules") or {}, b.get("repeat_rules") or {}
    if ra != rb:
        out.append(f"repeat rules: {_rules_words(ra)} vs {_rules_words(rb)}")
    if a.get("study_version") != b.get("study_version"):
        out.append(f"study file version: {a.get('study_version') or '?'} vs {b.get('study_version') or '?'} "
                   "(the study file was edited)")
    if a.get("lab_kind") != b.get("lab_kind"):
        out.append(f"devices measured: {a.get('lab_kind') or '?'} vs {b.get('lab_kind') or '?'}")
    roles_a = sorted((a.get("device_roles") or {}).values())
    roles_b = sorted((b.get("device_roles") or {}).values())
    if roles_a != roles_b:
        out.append(f"device roles: {', '.join(roles_a) or 'none'} vs {', '.join(roles_b) or 'none'}")
    return out


__all__ = ["LOOP_DEVICES", "LOOP_LAB", "MODELLED_LAB", "REAL_DEVICES", "VM_LAB", "WHERE", "describe_settings", "lab_kind",
           "machine_id", "run_settings", "settings_differences", "study_version"]
