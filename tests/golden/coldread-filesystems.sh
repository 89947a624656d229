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
# Workloads: coldread; repeats per configuration: 5

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
fstune_in_use() {
  # why the device (its sysfs directory) or a partition on it is in use; nothing if unused
  local sys=$1 part majmin swap where held
  for part in "$sys" "$sys"/*/; do
    part=${part%/}
    [ "$part" = "$sys" ] || [ -e "$part/partition" ] || continue
    majmin=$(<"$part/dev")
    where=$(awk -v mm="$majmin" '$3 == mm { print $5; exit }' /proc/self/mountinfo)
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
  [ -b "$dev" ] || fstune_refuse "$dev" "it is not a block device (any more)"
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
  fstune_lock_disk "$dev" "/dev/${disk##*/}" "$(<"$disk/dev")"
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

# ── Inputs, made once ──

# [1] Make the scratch directory for inputs and results
#     generated inputs and tool reports live outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/inputs

# [2] Generate a start-up tree of 3000 files of mixed sizes
#     made once so every configuration reads the same files
fstune workload-helper make-tree --kind mixed --files 3000 --top startup /var/tmp/fstune/golden/inputs/startup-3000.tar

# ── Configuration 1/3 (baseline): ext3 — ext3, defaults ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [8] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [9] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [10] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [11] Read the whole tree (repeat 1)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/ext3/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 011-read-the-whole-tree-repeat-1.log

# [12] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [13] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [14] Read the whole tree (repeat 2)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/ext3/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 014-read-the-whole-tree-repeat-2.log

# [15] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] Read the whole tree (repeat 3)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/ext3/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 017-read-the-whole-tree-repeat-3.log

# [18] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [19] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] Read the whole tree (repeat 4)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/ext3/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 020-read-the-whole-tree-repeat-4.log

# [21] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [22] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] Read the whole tree (repeat 5)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/ext3/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 023-read-the-whole-tree-repeat-5.log

# [24] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [25] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Configuration 2/3 (variant): xfs — XFS, defaults ──

# [26] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [27] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [28] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [29] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/xfs; } 2>&1 | fstune_keep 029-show-how-the-filesystem-was-made.log

# [30] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [31] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [32] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [33] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] Read the whole tree (repeat 1)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/xfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 034-read-the-whole-tree-repeat-1.log

# [35] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [36] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] Read the whole tree (repeat 2)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/xfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 037-read-the-whole-tree-repeat-2.log

# [38] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [39] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [40] Read the whole tree (repeat 3)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/xfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 040-read-the-whole-tree-repeat-3.log

# [41] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [42] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [43] Read the whole tree (repeat 4)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/xfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 043-read-the-whole-tree-repeat-4.log

# [44] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [45] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [46] Read the whole tree (repeat 5)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/xfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 046-read-the-whole-tree-repeat-5.log

# [47] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [48] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Configuration 3/3 (variant): reiserfs — ReiserFS, defaults ──

# [49] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkreiserfs -f /dev/sdb1

# [50] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [51] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [52] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ debugreiserfs /dev/sdb1; } 2>&1 | fstune_keep 052-show-how-the-filesystem-was-made.log

# [53] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [54] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [55] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] Read the whole tree (repeat 1)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/reiserfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 057-read-the-whole-tree-repeat-1.log

# [58] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] Read the whole tree (repeat 2)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/reiserfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 060-read-the-whole-tree-repeat-2.log

# [61] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [62] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [63] Read the whole tree (repeat 3)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/reiserfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 063-read-the-whole-tree-repeat-3.log

# [64] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] Read the whole tree (repeat 4)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/reiserfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 066-read-the-whole-tree-repeat-4.log

# [67] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] Read the whole tree (repeat 5)
#     timed from a cold cache, like a program start
{ find /run/fstune/golden/reiserfs/startup -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 069-read-the-whole-tree-repeat-5.log

# [70] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [71] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Finish ──

# [72] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [73] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
