#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-journal-writes': ext4: megabytes written with and without a journal
# Count what a populate, build and clean cycle writes to disk on ext4 with and without its
# journal.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. journal: ext4, internal journal, mount -o strictatime
#   2. no-journal: ext4, no journal, mount -o strictatime
# Workloads: writes; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: journal, no-journal
#   block 2/5: no-journal, journal
#   block 3/5: journal, no-journal
#   block 4/5: no-journal, journal
#   block 5/5: journal, no-journal
# Looks: `fstune run` judges writes:build.mb_written after 5, 10 and 15 blocks and adds blocks
# while it is undecided, never more than 15 in all (the cap, --max-blocks); this script runs the
# 5 planned blocks only.

set -euo pipefail

# ── Guard rails: the device must still be the one reviewed, and unused ──
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
    record=/run/fstune/.locks/$majmin.json
    if [ -r "$record" ]; then
      pid=$(sed -n 's/.*"pid": \([0-9]*\).*/\1/p' "$record")
      if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        holder="$(sed -n 's/.*"purpose": "\([^"]*\)".*/\1/p' "$record") (pid $pid)"
      fi
    fi
    if [ -n "$holder" ] || ! flock -x -w 10 "$fd"; then
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

# Whatever happens (an error, Ctrl-C), unmount what this script mounted and remove its
# mountpoints, newest first.
FSTUNE_MOUNTPOINTS=()
fstune_cleanup() {
  local status=$?
  trap - EXIT
  local i mp
  for ((i=${#FSTUNE_MOUNTPOINTS[@]}-1; i>=0; i--)); do
    mp=${FSTUNE_MOUNTPOINTS[i]}
    if mountpoint -q "$mp"; then
      umount "$mp" || echo "fstune: could not unmount $mp; unmount it by hand" >&2
    fi
    declare -F fstune_unseal >/dev/null && fstune_unseal "$mp"
    rmdir "$mp" 2>/dev/null || true
  done
  declare -F fstune_release_disks >/dev/null && fstune_release_disks
  exit "$status"
}
trap fstune_cleanup EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" -ne 0 ]; then echo "fstune: this script formats and mounts devices; run it as root." >&2; exit 2; fi
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden)  # the run directory: removed last, if empty

# where each tool's output is kept (one directory per run of this script)
FSTUNE_RESULTS=/var/tmp/fstune/golden/script-output-$(date +%Y%m%d-%H%M%S)
# /dev/sdb1: only the size was known when the plan was made (planned by path, not seen on that machine)
fstune_check_device /dev/sdb1 size=21474836480

fstune_check_contents() {
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
}
# a device that holds a filesystem is written only when that filesystem was confirmed
fstune_check_contents /dev/sdb1

# ── Inputs, made once ──

# [1] Make the scratch directory for inputs and results
#     generated inputs and tool reports live outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/inputs

# [2] Generate a source tree of 2000 files
#     made once, outside the filesystem under test, so every configuration builds the same tree
fstune workload-helper make-tree --kind source --files 2000 --top src /var/tmp/fstune/golden/inputs/source-2000.tar

# ── Block 1/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal
fstune_seal /run/fstune/golden/journal

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [8] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal; } 2>&1 | fstune_keep 010-populate-unpack-the-source-tree-like-git-clone-r.log

# [11] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 011-build-read-every-source-file-and-its-headers-wri.log

# [12] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 012-clean-read-the-makefiles-look-at-every-file-dele.log

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [14] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [15] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/journal
rmdir /run/fstune/golden/journal

# ── Block 1/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [16] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [17] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal
fstune_seal /run/fstune/golden/no-journal

# [18] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [19] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 019-show-how-the-filesystem-was-made.log

# [20] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [21] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/no-journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [23] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal; } 2>&1 | fstune_keep 023-populate-unpack-the-source-tree-like-git-clone-r.log

# [24] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 024-build-read-every-source-file-and-its-headers-wri.log

# [25] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 025-clean-read-the-makefiles-look-at-every-file-dele.log

# [26] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [27] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [28] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/no-journal
rmdir /run/fstune/golden/no-journal

# ── Block 2/5, 1/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [29] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [30] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal
fstune_seal /run/fstune/golden/no-journal

# [31] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [32] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 032-show-how-the-filesystem-was-made.log

# [33] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [34] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [35] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/no-journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [36] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal; } 2>&1 | fstune_keep 036-populate-unpack-the-source-tree-like-git-clone-r.log

# [37] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 037-build-read-every-source-file-and-its-headers-wri.log

# [38] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 038-clean-read-the-makefiles-look-at-every-file-dele.log

# [39] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [40] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [41] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/no-journal
rmdir /run/fstune/golden/no-journal

# ── Block 2/5, 2/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [42] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal
fstune_seal /run/fstune/golden/journal

# [44] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 045-show-how-the-filesystem-was-made.log

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [47] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [49] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal; } 2>&1 | fstune_keep 049-populate-unpack-the-source-tree-like-git-clone-r.log

# [50] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 050-build-read-every-source-file-and-its-headers-wri.log

# [51] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 051-clean-read-the-makefiles-look-at-every-file-dele.log

# [52] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [53] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [54] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/journal
rmdir /run/fstune/golden/journal

# ── Block 3/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [55] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [56] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal
fstune_seal /run/fstune/golden/journal

# [57] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [58] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 058-show-how-the-filesystem-was-made.log

# [59] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [60] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [62] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal; } 2>&1 | fstune_keep 062-populate-unpack-the-source-tree-like-git-clone-r.log

# [63] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 063-build-read-every-source-file-and-its-headers-wri.log

# [64] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 064-clean-read-the-makefiles-look-at-every-file-dele.log

# [65] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [67] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/journal
rmdir /run/fstune/golden/journal

# ── Block 3/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal
fstune_seal /run/fstune/golden/no-journal

# [70] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 071-show-how-the-filesystem-was-made.log

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [73] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/no-journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [75] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal; } 2>&1 | fstune_keep 075-populate-unpack-the-source-tree-like-git-clone-r.log

# [76] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 076-build-read-every-source-file-and-its-headers-wri.log

# [77] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 077-clean-read-the-makefiles-look-at-every-file-dele.log

# [78] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [79] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [80] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/no-journal
rmdir /run/fstune/golden/no-journal

# ── Block 4/5, 1/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [81] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [82] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal
fstune_seal /run/fstune/golden/no-journal

# [83] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [84] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 084-show-how-the-filesystem-was-made.log

# [85] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [86] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/no-journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [88] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal; } 2>&1 | fstune_keep 088-populate-unpack-the-source-tree-like-git-clone-r.log

# [89] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 089-build-read-every-source-file-and-its-headers-wri.log

# [90] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 090-clean-read-the-makefiles-look-at-every-file-dele.log

# [91] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [92] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [93] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/no-journal
rmdir /run/fstune/golden/no-journal

# ── Block 4/5, 2/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [94] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [95] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal
fstune_seal /run/fstune/golden/journal

# [96] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [97] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 097-show-how-the-filesystem-was-made.log

# [98] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [99] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [100] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [101] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal; } 2>&1 | fstune_keep 101-populate-unpack-the-source-tree-like-git-clone-r.log

# [102] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 102-build-read-every-source-file-and-its-headers-wri.log

# [103] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 103-clean-read-the-makefiles-look-at-every-file-dele.log

# [104] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [105] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [106] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/journal
rmdir /run/fstune/golden/journal

# ── Block 5/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [107] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [108] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal
fstune_seal /run/fstune/golden/journal

# [109] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [110] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 110-show-how-the-filesystem-was-made.log

# [111] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [112] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [113] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [114] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal; } 2>&1 | fstune_keep 114-populate-unpack-the-source-tree-like-git-clone-r.log

# [115] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 115-build-read-every-source-file-and-its-headers-wri.log

# [116] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src; } 2>&1 | fstune_keep 116-clean-read-the-makefiles-look-at-every-file-dele.log

# [117] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [118] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [119] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/journal
rmdir /run/fstune/golden/journal

# ── Block 5/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [120] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal
fstune_seal /run/fstune/golden/no-journal

# [122] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 123-show-how-the-filesystem-was-made.log

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [125] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/no-journal --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [127] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal; } 2>&1 | fstune_keep 127-populate-unpack-the-source-tree-like-git-clone-r.log

# [128] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 128-build-read-every-source-file-and-its-headers-wri.log

# [129] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src; } 2>&1 | fstune_keep 129-clean-read-the-makefiles-look-at-every-file-dele.log

# [130] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [131] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [132] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/no-journal
rmdir /run/fstune/golden/no-journal

# ── Finish ──

# [133] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [134] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
