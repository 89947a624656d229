"""The saved script's guard rails: the real run's checks before a write, in bash.

A script saved from a dry run is reviewed on one day and may run on another, after the disks
were renumbered: ``/dev/sdb1`` may then be another disk. So before anything else, and again
right before every step that writes to a device, the script checks that the device is still the
one reviewed (its size in bytes, its major:minor, its PARTUUID, a loop device's backing file),
that nothing uses it (not mounted, no holders such as device-mapper or md, not swap) and takes
the lock fstune's own run takes (``flock`` on the whole disk, docs/safety.md): another fstune
holding it stops the script too. Whatever fails, the script stops before that write, saying why.

Each mountpoint directory is made immutable right after the script creates it (``chattr +i``)
and made writable again right before it removes it, as fstune's own run does
(``fstune.runner.mountguard``): a benchmark whose filesystem was unmounted under it cannot write
into the filesystem below.

It also keeps what each measuring tool prints (and how each filesystem was made) in a results
directory of its own, named at the end: the tools' figures no longer scroll past and vanish.

``fstune.plan.render_script`` calls these at its hooks: ``functions()`` before its cleanup trap,
``start(plan)`` after the root check, ``before_write(choices, step)`` before a step that
writes to a device, ``around_mountpoint(step)`` before and after a step that makes or removes a
mountpoint, ``keep_output(step, number, line)`` for each command line, ``closing()``
at the end; ``RELEASE`` is the line its cleanup runs on exit, ``UNSEAL`` what it runs before it
removes a mountpoint.
"""

from __future__ import annotations

import re
import shlex

from fstune import steps as kinds
from fstune.devlock import LOCK_DIR

# how long to wait for the lock while the disk is only being read (udev probes a disk for a
# moment after every change), as fstune itself does (fstune/devlock.py)
LOCK_WAIT_SECONDS = 10
KEPT_KINDS = (kinds.MEASURE, kinds.RECORD, kinds.CEILING)  # the steps whose output is kept in the results directory
RELEASE = "declare -F fstune_release_disks >/dev/null && fstune_release_disks"
UNSEAL = 'declare -F fstune_unseal >/dev/null && fstune_unseal "$mp"'

_FUNCTIONS = r"""# ── Guard rails: the device must still be the one reviewed, and unused ──
# Before anything else, and again right before each step that writes to a device, the script
# checks that the device is the one this plan was made for (size in bytes, major:minor,
# PARTUUID, a loop device's backing file), that it is not mounted, held (device-mapper, md)
# or used as swap, and takes the lock fstune takes on its whole disk (flock), so that no
# other fstune writes there meanwhile. If anything differs it stops before writing.
declare -A FSTUNE_LOCKS=()
FSTUNE_RESULTS=
# util-linux tools told to lock would wait for ever on the lock this script holds
export LOCK_BLOCK_DEVICE=0
fstune_refuse() {
  echo "fstune: refusing to write to $1: $2." >&2
  echo "fstune: stopped before this step wrote anything to it. If the disks changed, make the plan" >&2
  echo "fstune: again for the devices as they are now (fstune plan, or the wizard)." >&2
  exit 3
}
fstune_majmin() {
  echo "$((16#$(stat -Lc %t "$1"))):$((16#$(stat -Lc %T "$1")))"
}
fstune_mounted_from() {
  # where the device node $1 is mounted as the source: btrfs shows an anonymous 0:NN device
  # number in mountinfo, so only the source names its device (as fstune's inventory does)
  local node=$1 where source
  while read -r where source; do
    [[ $source == /dev/* ]] || continue
    if [ "$source" = "$node" ] || [ "$(readlink -f "$source")" = "$node" ]; then
      echo "$where"
      return
    fi
  done < <(awk '{ for (i = 7; i < NF; i++) if ($i == "-") { print $5, $(i + 2); break } }' /proc/self/mountinfo)
}
fstune_in_use() {
  # why the device (its sysfs directory) or a partition on it is in use; nothing if unused
  local sys=$1 part majmin swap where held
  for part in "$sys" "$sys"/*/; do
    part=${part%/}
    [ "$part" = "$sys" ] || [ -e "$part/partition" ] || continue
    majmin=$(<"$part/dev")
    where=$(awk -v mm="$majmin" '$3 == mm { print $5; exit }' /proc/self/mountinfo)
    [ -n "$where" ] || where=$(fstune_mounted_from "/dev/${part##*/}")
    if [ -n "$where" ]; then echo "${part##*/} is mounted on $where"; return; fi
    held=("$part"/holders/*)
    if [ -e "${held[0]}" ]; then
      echo "${part##*/} is held by ${held[*]##*/} (device-mapper, md or similar)"
      return
    fi
    while read -r swap _; do
      if [ -b "$swap" ] && [ "$(fstune_majmin "$swap")" = "$majmin" ]; then
        echo "${part##*/} is in use as swap"
        return
      fi
    done < <(tail -n +2 /proc/swaps)
  done
}
fstune_lock_disk() {
  # take the whole disk's lock (the one fstune takes) and keep it until the script ends
  local dev=$1 disk=$2 majmin=$3 fd record pid holder=""
  [ -n "${FSTUNE_LOCKS[$disk]:-}" ] && return 0
  exec {fd}<"$disk"
  if ! flock -x -n "$fd"; then
    # fstune's owner record says who (when its process still runs); only udev's brief probe
    # (a shared lock) is worth waiting for
    record=LOCK_DIR/$majmin.json
    if [ -r "$record" ]; then
      pid=$(sed -n 's/.*"pid": \([0-9]*\).*/\1/p' "$record")
      if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        holder="$(sed -n 's/.*"purpose": "\([^"]*\)".*/\1/p' "$record") (pid $pid)"
      fi
    fi
    if [ -n "$holder" ] || ! flock -x -w LOCK_WAIT "$fd"; then
      fstune_refuse "$dev" "its disk $disk is locked by ${holder:-another process}; wait until that has finished"
    fi
  fi
  FSTUNE_LOCKS[$disk]=$fd
}
fstune_release_disks() {
  # unlock, then ask udev to look at the disks again: it skipped them while they were locked
  local disk fd
  for disk in "${!FSTUNE_LOCKS[@]}"; do
    fd=${FSTUNE_LOCKS[$disk]}
    exec {fd}<&-
    echo change > "/sys/class/block/${disk#/dev/}/uevent" 2>/dev/null || true
  done
  FSTUNE_LOCKS=()
}
fstune_check_device() {
  # fstune_check_device DEVICE size=BYTES [majmin=MAJ:MIN] [partuuid=UUID] [backing=FILE]
  local dev=$1 arg size="" majmin="" partuuid="" backing="" now sys disk reason
  shift
  for arg in "$@"; do
    case $arg in
      size=*) size=${arg#size=} ;;
      majmin=*) majmin=${arg#majmin=} ;;
      partuuid=*) partuuid=${arg#partuuid=} ;;
      backing=*) backing=${arg#backing=} ;;
    esac
  done
  [ -e "$dev" ] || fstune_refuse "$dev" "it is gone (no such device)"
  [ -b "$dev" ] || fstune_refuse "$dev" "it is not a block device"
  now=$(fstune_majmin "$dev")
  if [ -n "$majmin" ] && [ "$now" != "$majmin" ]; then
    fstune_refuse "$dev" "it is now device $now; the plan was made for device $majmin"
  fi
  sys=$(readlink -f "/sys/dev/block/$now")
  disk=$sys
  [ -e "$sys/partition" ] && disk=${sys%/*}
  if [ -n "$size" ] && [ "$(blockdev --getsize64 "$dev")" != "$size" ]; then
    fstune_refuse "$dev" "it now holds $(blockdev --getsize64 "$dev") bytes; the plan was made for $size bytes"
  fi
  if [ -n "$partuuid" ]; then
    now=$(blkid -p -s PART_ENTRY_UUID -o value "$dev" || true)
    if [ "${now,,}" != "${partuuid,,}" ]; then
      fstune_refuse "$dev" "its partition UUID is now '${now:-none}'; the plan was made for $partuuid"
    fi
  fi
  if [ -n "$backing" ]; then
    now=$(cat "$disk/loop/backing_file" 2>/dev/null || true)
    if [ "$now" != "$backing" ]; then
      fstune_refuse "$dev" "it is now backed by '${now:-nothing}'; the plan was made for $backing"
    fi
  fi
  reason=$(fstune_in_use "$sys")
  [ -z "$reason" ] || fstune_refuse "$dev" "$reason"
  if [ "$(cat "$disk/loop/autoclear" 2>/dev/null)" = 1 ]; then
    # losetup -d on a loop device someone holds open only marks it to go away at the last close
    fstune_refuse "$dev" "it is gone (its loop device was detached, and goes away once nothing holds it open)"
  fi
  fstune_lock_disk "$dev" "/dev/${disk##*/}" "$(<"$disk/dev")"
}
fstune_seal() {
  # the directory under a mountpoint accepts nothing while the script uses it: should the
  # filesystem stop being mounted during a step, a benchmark's writes are refused there instead
  # of landing on the filesystem below (docs/safety.md, "Nothing lands below a mountpoint")
  chattr +i "$1" 2>/dev/null ||
    echo "fstune: note: $1 cannot be made immutable here; if its filesystem is unmounted during a step, what is written there lands below it" >&2
}
fstune_unseal() {
  if [ -d "$1" ] && ! mountpoint -q "$1"; then chattr -i "$1" 2>/dev/null || true; fi
}
fstune_keep() {
  # show a tool's output and keep it in the results directory
  mkdir -p "$FSTUNE_RESULTS"
  tee "$FSTUNE_RESULTS/$1"
}
""".replace("LOCK_WAIT", str(LOCK_WAIT_SECONDS)).replace("LOCK_DIR", str(LOCK_DIR))


def functions() -> list[str]:
    """The shell functions the checks use (no side effects: defined before the root check)."""
    return _FUNCTIONS.splitlines()


def _check_args(choice) -> str:
    """``size=… majmin=… partuuid=… backing=…`` of a reviewed device: what is known of it."""
    parts = [f"size={choice.size}"]
    for key, value in (("majmin", choice.majmin), ("partuuid", choice.partuuid),
                       ("backing", (choice.backing_file or "").removesuffix(" (deleted)") or None)):
        if value:
            parts.append(f"{key}={value}")
    return " ".join(shlex.quote(p) for p in parts)


def _reviewed(choices) -> dict[str, object]:
    return {c.path: c for c in (choices.target, choices.log_device) if c is not None}


def _written(plan) -> dict[str, object]:
    """The reviewed devices the plan writes: a journal/log device it does not use is neither
    checked nor locked (``Plan.written_choices``)."""
    return {c.path: c for c in plan.written_choices()}


def check_line(choices, path: str) -> str:
    """The call that checks ``path`` against what was reviewed of it."""
    choice = _reviewed(choices).get(path)
    args = _check_args(choice) if choice is not None else ""
    return f"fstune_check_device {shlex.quote(path)}{' ' + args if args else ''}"


def start(plan) -> list[str]:
    """After the root check: name the results directory, then check every device the plan
    writes once, so a swapped device stops the script before it has done anything at all."""
    choices, written = plan.choices, _written(plan)
    lines = ["# where each tool's output is kept (one directory per run of this script)",
             f"FSTUNE_RESULTS={shlex.quote(plan.work_dir)}/script-output-$(date +%Y%m%d-%H%M%S)"]
    unknown = [c.path for c in written.values() if not c.majmin]
    if unknown:
        lines.append(f"# {' and '.join(unknown)}: only the size was known when the plan was made "
                     "(planned by path, not seen on that machine)")
    lines += [check_line(choices, path) for path in written]
    return lines + [""]


def before_write(choices, step) -> list[str]:
    """The checks before a step that writes to devices (one line per device it writes)."""
    if not step.destructive:
        return []
    return [check_line(choices, path) for path in step.written_devices]


def around_mountpoint(step) -> tuple[list[str], list[str]]:
    """Lines before and after a step that makes or removes a configuration's mountpoint."""
    if step.kind == kinds.MKDIR and step.mountpoint:
        return [], [f"fstune_seal {shlex.quote(step.mountpoint)}"]
    if step.kind == kinds.RMDIR and step.mountpoint and step.config:
        return [f"fstune_unseal {shlex.quote(step.mountpoint)}"], []
    return [], []


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48].rstrip("-")


def keep_output(step, number: int, line: str) -> str:
    """A measuring (or recording) step's line with its output also kept in a file."""
    if step.kind not in KEPT_KINDS:
        return line
    return f"{{ {line}; }} 2>&1 | fstune_keep {shlex.quote(f'{number:03d}-{_slug(step.title)}.log')}"


def closing() -> list[str]:
    return ['if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool\'s output is kept in $FSTUNE_RESULTS"; fi']


__all__ = ["RELEASE", "UNSEAL", "around_mountpoint", "before_write", "check_line", "closing", "functions",
           "keep_output", "start"]
