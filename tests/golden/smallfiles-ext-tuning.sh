#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'smallfiles-ext-tuning': ext3 on a small-file tree: directory index, noatime, no journal
# From 2005-style ext3 to dir_index, to noatime, to ext2 without a journal, on a tree of 1 KiB
# files.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3-no-index: ext3, internal journal, mount -o strictatime
#   2. ext3-dir-index: ext3, internal journal, mount -o strictatime
#   3. ext3-noatime: ext3, internal journal, mount -o noatime
#   4. ext2-noatime: ext2, no journal, mount -o noatime
# Workloads: smallfiles; repeats per configuration: 3

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

# [2] Generate the small-file tarball (6×6×6 dirs × 100 files)
#     made once, outside the filesystem under test, so every configuration unpacks the same tree
fstune workload-helper make-tree --levels 3 --dirs 6 --files 100 --file-size 1024 --top tree /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar

# ── Configuration 1/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [8] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 010-untar-unpack-the-tree-repeat-1.log

# [11] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 013-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [14] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 016-read-read-every-file-repeat-1.log

# [17] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [18] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [19] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 019-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [20] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 022-ls-flr-list-the-tree-unsorted-repeat-1.log

# [23] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [24] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 025-find-walk-the-tree-repeat-1.log

# [26] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 028-rm-delete-the-tree-repeat-1.log

# [29] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [30] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 032-untar-unpack-the-tree-repeat-2.log

# [33] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 035-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [36] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [37] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [38] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 038-read-read-every-file-repeat-2.log

# [39] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 041-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [42] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [43] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [44] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 044-ls-flr-list-the-tree-unsorted-repeat-2.log

# [45] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 047-find-walk-the-tree-repeat-2.log

# [48] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [49] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [50] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 050-rm-delete-the-tree-repeat-2.log

# [51] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [52] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 054-untar-unpack-the-tree-repeat-3.log

# [55] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 057-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [58] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 060-read-read-every-file-repeat-3.log

# [61] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [62] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [63] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 063-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [64] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 066-ls-flr-list-the-tree-unsorted-repeat-3.log

# [67] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 069-find-walk-the-tree-repeat-3.log

# [70] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [71] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [72] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 072-rm-delete-the-tree-repeat-3.log

# [73] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [74] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [75] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-no-index

# ── Configuration 2/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [76] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -F /dev/sdb1

# [77] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index

# [78] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [79] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 079-show-how-the-filesystem-was-made.log

# [80] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [81] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [82] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 083-untar-unpack-the-tree-repeat-1.log

# [84] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [85] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 086-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [87] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [88] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [89] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 089-read-read-every-file-repeat-1.log

# [90] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [91] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [92] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 092-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [93] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [94] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [95] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 095-ls-flr-list-the-tree-unsorted-repeat-1.log

# [96] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [97] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [98] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 098-find-walk-the-tree-repeat-1.log

# [99] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [100] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 101-rm-delete-the-tree-repeat-1.log

# [102] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [103] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [104] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [105] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 105-untar-unpack-the-tree-repeat-2.log

# [106] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [107] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 108-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [109] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [110] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [111] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 111-read-read-every-file-repeat-2.log

# [112] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [113] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 114-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [115] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [116] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [117] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 117-ls-flr-list-the-tree-unsorted-repeat-2.log

# [118] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [119] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [120] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 120-find-walk-the-tree-repeat-2.log

# [121] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [122] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [123] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 123-rm-delete-the-tree-repeat-2.log

# [124] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [125] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [126] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 127-untar-unpack-the-tree-repeat-3.log

# [128] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [129] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 130-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [131] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [132] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [133] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 133-read-read-every-file-repeat-3.log

# [134] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [135] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [136] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 136-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [137] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [138] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [139] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 139-ls-flr-list-the-tree-unsorted-repeat-3.log

# [140] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [141] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [142] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 142-find-walk-the-tree-repeat-3.log

# [143] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [144] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [145] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 145-rm-delete-the-tree-repeat-3.log

# [146] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [147] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [148] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-dir-index

# ── Configuration 3/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [149] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -F /dev/sdb1

# [150] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime

# [151] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [152] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 152-show-how-the-filesystem-was-made.log

# [153] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [154] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [155] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [156] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 156-untar-unpack-the-tree-repeat-1.log

# [157] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [158] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [159] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 159-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [160] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [161] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [162] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 162-read-read-every-file-repeat-1.log

# [163] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [164] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [165] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 165-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [166] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [167] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [168] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 168-ls-flr-list-the-tree-unsorted-repeat-1.log

# [169] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [170] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [171] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 171-find-walk-the-tree-repeat-1.log

# [172] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [173] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [174] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 174-rm-delete-the-tree-repeat-1.log

# [175] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [176] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [177] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [178] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 178-untar-unpack-the-tree-repeat-2.log

# [179] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [180] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [181] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 181-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [182] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [183] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [184] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 184-read-read-every-file-repeat-2.log

# [185] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [186] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [187] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 187-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [188] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [189] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 190-ls-flr-list-the-tree-unsorted-repeat-2.log

# [191] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [192] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 193-find-walk-the-tree-repeat-2.log

# [194] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [195] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [196] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 196-rm-delete-the-tree-repeat-2.log

# [197] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [198] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [199] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [200] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 200-untar-unpack-the-tree-repeat-3.log

# [201] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [202] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [203] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 203-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [204] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [205] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [206] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 206-read-read-every-file-repeat-3.log

# [207] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [208] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [209] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 209-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [210] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [211] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [212] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 212-ls-flr-list-the-tree-unsorted-repeat-3.log

# [213] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [214] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [215] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 215-find-walk-the-tree-repeat-3.log

# [216] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [217] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [218] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 218-rm-delete-the-tree-repeat-3.log

# [219] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [220] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [221] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-noatime

# ── Configuration 4/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [222] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [223] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime

# [224] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [225] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 225-show-how-the-filesystem-was-made.log

# [226] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [227] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [228] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [229] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 229-untar-unpack-the-tree-repeat-1.log

# [230] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [231] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [232] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 232-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [233] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [234] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [235] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 235-read-read-every-file-repeat-1.log

# [236] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [237] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [238] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 238-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [239] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [240] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [241] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 241-ls-flr-list-the-tree-unsorted-repeat-1.log

# [242] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [243] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [244] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 244-find-walk-the-tree-repeat-1.log

# [245] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [246] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [247] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 247-rm-delete-the-tree-repeat-1.log

# [248] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [249] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [250] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [251] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 251-untar-unpack-the-tree-repeat-2.log

# [252] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [253] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [254] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 254-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [255] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [256] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [257] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 257-read-read-every-file-repeat-2.log

# [258] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [259] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [260] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 260-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [261] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [262] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [263] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 263-ls-flr-list-the-tree-unsorted-repeat-2.log

# [264] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [265] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [266] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 266-find-walk-the-tree-repeat-2.log

# [267] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [268] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [269] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 269-rm-delete-the-tree-repeat-2.log

# [270] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [271] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [272] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [273] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 273-untar-unpack-the-tree-repeat-3.log

# [274] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [275] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [276] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 276-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [277] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [278] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [279] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 279-read-read-every-file-repeat-3.log

# [280] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [281] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [282] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 282-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [283] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [284] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [285] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 285-ls-flr-list-the-tree-unsorted-repeat-3.log

# [286] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [287] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [288] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 288-find-walk-the-tree-repeat-3.log

# [289] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [290] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [291] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 291-rm-delete-the-tree-repeat-3.log

# [292] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [293] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [294] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2-noatime

# ── Finish ──

# [295] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [296] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
