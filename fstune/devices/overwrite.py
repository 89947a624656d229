"""Overwrite confirmations: a filesystem the user agreed to destroy, named by its UUID.

A device whose verdict is "confirm" (it holds a filesystem, an inactive swap area, the journal of
the filesystem being reformatted …) is written only with a confirmation that names *what it
holds*, never only its path: a path may name another device tomorrow (docs/safety.md, "Holding a
filesystem"). Interactively that is the typed device name after fstune showed what it holds;
without a terminal (``fstune run --yes``, ``fstune plan``'s saved script, ``fstune disks
--check``, the playbooks' ``fstune_overwrite``) it is ``UUID=<uuid>`` of that filesystem.

A lab disk (``Device.lab``, fstune's own practice disk) needs none: what is on it is fstune's.
"""

from __future__ import annotations

import shlex

from fstune.devices.model import CONFIRM, Device, Verdict
from fstune.devices.rules import filesystem_words
from fstune.errors import UsageError

PREFIX = "UUID="


def parse(items) -> tuple[str, ...]:
    """``--overwrite UUID=…`` values → the confirmed UUIDs (lower case); a path is refused."""
    uuids = []
    for item in items or ():
        text = str(item).strip()
        tag, sep, value = text.partition("=")
        value = value.strip().strip("\"'")
        if not sep or tag.strip().upper() != "UUID" or not value:
            raise UsageError(f"--overwrite '{text}' names no filesystem: it takes the UUID of the filesystem you "
                             "agree to destroy, as UUID=<uuid>, not a device path (a path may name another "
                             "device after disks are renumbered).",
                             "'fstune disks --check DEV' prints the exact --overwrite to add.")
        uuids.append(value.lower())
    return tuple(dict.fromkeys(uuids))


def holding(device: Device) -> str:
    """``ext4 'precious' (UUID 1234…)``: what a person recognises the filesystem by, the UUID
    written as the confirmation writes it."""
    return filesystem_words(device, uuid_word="UUID")


def needs_confirmation(device: Device, verdict: Verdict) -> bool:
    """True when writing ``device`` destroys something only an explicit confirmation allows."""
    return verdict.status == CONFIRM and not device.lab


def confirmed(device: Device, uuids) -> bool:
    return bool(device.fs_uuid) and device.fs_uuid.lower() in {u.lower() for u in uuids}


def unconfirmed(device: Device, verdict: Verdict, uuids, option: str = "--overwrite") -> str | None:
    """Why ``device`` may not be written without a terminal, or None when it may.

    ``option`` is how the caller's user confirms (``--overwrite``, or ``fstune_overwrite`` in
    the playbooks); the message names the exact value to add.
    """
    if not needs_confirmation(device, verdict) or confirmed(device, uuids):
        return None
    if not device.fs_uuid:
        return (f"{device.path} holds {holding(device)}, which has no UUID to confirm it by; erase it yourself "
                f"(`wipefs --all {device.path}`) if it is not needed")
    return (f"{device.path} holds {holding(device)}; it is destroyed only when you confirm that filesystem: "
            f"add {option} {PREFIX}{device.fs_uuid}")


# The saved script's form of the rule (``fstune plan -o``): checked once before its first write,
# since from then on the device holds the filesystems the script made itself. ``fstune_refuse``
# is the script's own refusal (fstune/plan/script_guard.py).
_SCRIPT_FUNCTION = r"""fstune_check_contents() {
  # fstune_check_contents DEVICE [UUID…]: a device that holds a filesystem (any signature blkid
  # knows) is written only when its UUID is one this plan was told to overwrite (--overwrite)
  local dev=$1 type uuid label ok
  shift
  type=$(blkid -p -s TYPE -o value "$dev" 2>/dev/null || true)
  [ -n "$type" ] || return 0
  uuid=$(blkid -p -s UUID -o value "$dev" 2>/dev/null || true)
  label=$(blkid -p -s LABEL -o value "$dev" 2>/dev/null || true)
  for ok in "$@"; do
    if [ -n "$uuid" ] && [ "${uuid,,}" = "${ok,,}" ]; then return 0; fi
  done
  if [ -z "$uuid" ]; then
    fstune_refuse "$dev" "it holds $type${label:+ '$label'}, which has no UUID to confirm it by"
  fi
  fstune_refuse "$dev" "it holds $type${label:+ '$label'} (UUID $uuid), which this plan was not told to destroy; make the plan again with --overwrite UUID=$uuid if it may be"
}"""


def script_lines(devices, uuids) -> list[str]:
    """Bash for the saved script: check each ``(path, lab)`` of ``devices`` against ``uuids``."""
    checked = [path for path, lab in devices if not lab]
    if not checked:
        return []
    lines = [*_SCRIPT_FUNCTION.splitlines(),
             "# a device that holds a filesystem is written only when that filesystem was confirmed"]
    lines += [" ".join(["fstune_check_contents", shlex.quote(path), *map(shlex.quote, uuids)]) for path in checked]
    return lines + [""]


__all__ = ["PREFIX", "script_lines", "confirmed", "holding", "needs_confirmation", "parse", "unconfirmed"]
