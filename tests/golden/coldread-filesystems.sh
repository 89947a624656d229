#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'coldread-filesystems': Cold start: reading a mixed tree on ext3, XFS and ReiserFS
# Time a read-only start-up (many small files, a few large ones, cold cache) on three
# filesystems.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3: ext3, internal journal, mount -o defaults
#   2. xfs: xfs, internal journal, mount -o defaults
#   3. reiserfs: reiserfs, internal journal, mount -o defaults
# Workloads: coldread; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: xfs, ext3, reiserfs
#   block 2/5: ext3, reiserfs, xfs
#   block 3/5: xfs, reiserfs, ext3
#   block 4/5: ext3, reiserfs, xfs
#   block 5/5: xfs, reiserfs, ext3
# Looks: `fstune run` judges coldread:read.seconds after 5, 10 and 15 blocks and adds blocks
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

# [2] Generate a start-up tree of 3000 files of mixed sizes
#     made once so every configuration reads the same files
fstune workload-helper make-tree --kind mixed --files 3000 --top startup --order /var/tmp/fstune/golden/inputs/startup-3000.order /var/tmp/fstune/golden/inputs/startup-3000.tar

# ── Block 1/5, 1/3 (variant): xfs — XFS, defaults ──

# [3] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs
fstune_seal /run/fstune/golden/xfs

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [8] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [9] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [10] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/xfs --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/xfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [11] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 011-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [12] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [13] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/xfs
rmdir /run/fstune/golden/xfs

# ── Block 1/5, 2/3 (baseline): ext3 — ext3, defaults ──

# [14] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [15] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3
fstune_seal /run/fstune/golden/ext3

# [16] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [17] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 017-show-how-the-filesystem-was-made.log

# [18] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [19] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [20] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [21] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3 --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [22] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 022-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [23] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [24] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3
rmdir /run/fstune/golden/ext3

# ── Block 1/5, 3/3 (variant): reiserfs — ReiserFS, defaults ──

# [25] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [26] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs
fstune_seal /run/fstune/golden/reiserfs

# [27] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [28] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 028-show-how-the-filesystem-was-made.log

# [29] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [30] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [31] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [32] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/reiserfs --flushbufs /dev/sdb1 -- mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [33] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 033-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [34] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [35] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/reiserfs
rmdir /run/fstune/golden/reiserfs

# ── Block 2/5, 1/3 (baseline): ext3 — ext3, defaults ──

# [36] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [37] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3
fstune_seal /run/fstune/golden/ext3

# [38] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [39] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 039-show-how-the-filesystem-was-made.log

# [40] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [41] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [42] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [43] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3 --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [44] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 044-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [45] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [46] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3
rmdir /run/fstune/golden/ext3

# ── Block 2/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [47] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [48] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs
fstune_seal /run/fstune/golden/reiserfs

# [49] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [50] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 050-show-how-the-filesystem-was-made.log

# [51] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [52] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [53] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [54] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/reiserfs --flushbufs /dev/sdb1 -- mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [55] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 055-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [56] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [57] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/reiserfs
rmdir /run/fstune/golden/reiserfs

# ── Block 2/5, 3/3 (variant): xfs — XFS, defaults ──

# [58] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [59] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs
fstune_seal /run/fstune/golden/xfs

# [60] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [61] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 061-show-how-the-filesystem-was-made.log

# [62] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [63] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [64] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [65] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/xfs --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/xfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [66] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 066-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [67] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [68] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/xfs
rmdir /run/fstune/golden/xfs

# ── Block 3/5, 1/3 (variant): xfs — XFS, defaults ──

# [69] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [70] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs
fstune_seal /run/fstune/golden/xfs

# [71] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [72] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 072-show-how-the-filesystem-was-made.log

# [73] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [74] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [75] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [76] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/xfs --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/xfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [77] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 077-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [78] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [79] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/xfs
rmdir /run/fstune/golden/xfs

# ── Block 3/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [80] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [81] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs
fstune_seal /run/fstune/golden/reiserfs

# [82] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [83] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 083-show-how-the-filesystem-was-made.log

# [84] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [85] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [86] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/reiserfs --flushbufs /dev/sdb1 -- mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [88] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 088-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [89] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [90] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/reiserfs
rmdir /run/fstune/golden/reiserfs

# ── Block 3/5, 3/3 (baseline): ext3 — ext3, defaults ──

# [91] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [92] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3
fstune_seal /run/fstune/golden/ext3

# [93] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [94] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 094-show-how-the-filesystem-was-made.log

# [95] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [96] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [97] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [98] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3 --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [99] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 099-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [100] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [101] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3
rmdir /run/fstune/golden/ext3

# ── Block 4/5, 1/3 (baseline): ext3 — ext3, defaults ──

# [102] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [103] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3
fstune_seal /run/fstune/golden/ext3

# [104] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [105] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 105-show-how-the-filesystem-was-made.log

# [106] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [107] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [108] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [109] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3 --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [110] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 110-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [111] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [112] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3
rmdir /run/fstune/golden/ext3

# ── Block 4/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [113] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [114] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs
fstune_seal /run/fstune/golden/reiserfs

# [115] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [116] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 116-show-how-the-filesystem-was-made.log

# [117] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [118] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [119] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [120] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/reiserfs --flushbufs /dev/sdb1 -- mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [121] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 121-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [122] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [123] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/reiserfs
rmdir /run/fstune/golden/reiserfs

# ── Block 4/5, 3/3 (variant): xfs — XFS, defaults ──

# [124] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [125] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs
fstune_seal /run/fstune/golden/xfs

# [126] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [127] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 127-show-how-the-filesystem-was-made.log

# [128] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [129] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [130] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [131] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/xfs --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/xfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [132] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 132-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [133] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [134] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/xfs
rmdir /run/fstune/golden/xfs

# ── Block 5/5, 1/3 (variant): xfs — XFS, defaults ──

# [135] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs
fstune_seal /run/fstune/golden/xfs

# [137] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 138-show-how-the-filesystem-was-made.log

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [140] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [141] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [142] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/xfs --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/xfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [143] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 143-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [145] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/xfs
rmdir /run/fstune/golden/xfs

# ── Block 5/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [146] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs
fstune_seal /run/fstune/golden/reiserfs

# [148] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 149-show-how-the-filesystem-was-made.log

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [151] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [152] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/reiserfs --flushbufs /dev/sdb1 -- mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [154] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 154-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [155] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [156] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/reiserfs
rmdir /run/fstune/golden/reiserfs

# ── Block 5/5, 3/3 (baseline): ext3 — ext3, defaults ──

# [157] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [158] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3
fstune_seal /run/fstune/golden/ext3

# [159] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [160] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 160-show-how-the-filesystem-was-made.log

# [161] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [162] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [163] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [164] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the start-up read reads from the device, not from memory: the filesystem is
#     unmounted, its devices' buffer cache flushed and it is mounted again as before. Only its
#     cache goes; dropping the whole machine's would evict every other program's and disturb
#     other measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3 --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [165] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
{ (cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null; } 2>&1 | fstune_keep 165-read-the-whole-tree-in-a-start-up-s-scattered-or.log

# [166] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [167] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3
rmdir /run/fstune/golden/ext3

# ── Finish ──

# [168] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [169] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
