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
# Workloads: smallfiles; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: ext3-no-index, ext3-dir-index, ext2-noatime, ext3-noatime
#   block 2/5: ext2-noatime, ext3-no-index, ext3-noatime, ext3-dir-index
#   block 3/5: ext3-dir-index, ext3-noatime, ext3-no-index, ext2-noatime
#   block 4/5: ext3-noatime, ext2-noatime, ext3-dir-index, ext3-no-index
#   block 5/5: ext3-dir-index, ext3-noatime, ext3-no-index, ext2-noatime
# Looks: `fstune run` judges smallfiles:untar.seconds after 5, 10 and 15 blocks and adds blocks
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

# [2] Generate the small-file tarball (3×3×3 dirs × 1000 files)
#     made once, outside the filesystem under test, so every configuration unpacks the same tree
fstune workload-helper make-tree --levels 3 --dirs 3 --files 1000 --file-size 1024 --top tree /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar

# ── Block 1/5, 1/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index
fstune_seal /run/fstune/golden/ext3-no-index

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [8] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 010-untar-unpack-the-tree-repeat-1.log

# [11] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [12] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [13] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 013-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [14] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [15] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [16] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-1.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 016-read-read-every-file-repeat-1.log

# [17] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [18] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [19] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 019-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [20] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [21] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [22] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 022-ls-flr-list-the-tree-unsorted-repeat-1.log

# [23] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [24] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [25] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-1.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 025-find-walk-the-tree-repeat-1.log

# [26] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [27] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [28] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 028-rm-delete-the-tree-repeat-1.log

# [29] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [30] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [31] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-no-index
rmdir /run/fstune/golden/ext3-no-index

# ── Block 1/5, 2/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [32] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [33] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index
fstune_seal /run/fstune/golden/ext3-dir-index

# [34] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [35] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 035-show-how-the-filesystem-was-made.log

# [36] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [37] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [38] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [39] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 039-untar-unpack-the-tree-repeat-1.log

# [40] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [42] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 042-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [43] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [44] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [45] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-1.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 045-read-read-every-file-repeat-1.log

# [46] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [47] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [48] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 048-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [49] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [50] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [51] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 051-ls-flr-list-the-tree-unsorted-repeat-1.log

# [52] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [53] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [54] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-1.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 054-find-walk-the-tree-repeat-1.log

# [55] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [56] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [57] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 057-rm-delete-the-tree-repeat-1.log

# [58] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [59] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [60] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-dir-index
rmdir /run/fstune/golden/ext3-dir-index

# ── Block 1/5, 3/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [61] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [62] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime
fstune_seal /run/fstune/golden/ext2-noatime

# [63] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [64] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 064-show-how-the-filesystem-was-made.log

# [65] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [66] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [67] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [68] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 068-untar-unpack-the-tree-repeat-1.log

# [69] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [70] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [71] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 071-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [72] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [73] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [74] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-1.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 074-read-read-every-file-repeat-1.log

# [75] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [76] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [77] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 077-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [78] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [79] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [80] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 080-ls-flr-list-the-tree-unsorted-repeat-1.log

# [81] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [82] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [83] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-1.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 083-find-walk-the-tree-repeat-1.log

# [84] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [86] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 086-rm-delete-the-tree-repeat-1.log

# [87] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [89] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext2-noatime
rmdir /run/fstune/golden/ext2-noatime

# ── Block 1/5, 4/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [90] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime
fstune_seal /run/fstune/golden/ext3-noatime

# [92] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 093-show-how-the-filesystem-was-made.log

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [95] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [97] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 097-untar-unpack-the-tree-repeat-1.log

# [98] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [99] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [100] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 100-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [101] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [102] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [103] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-1.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 103-read-read-every-file-repeat-1.log

# [104] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [105] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [106] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 106-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [107] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [108] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [109] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 109-ls-flr-list-the-tree-unsorted-repeat-1.log

# [110] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [111] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [112] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-1.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 112-find-walk-the-tree-repeat-1.log

# [113] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [114] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [115] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 115-rm-delete-the-tree-repeat-1.log

# [116] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [117] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [118] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-noatime
rmdir /run/fstune/golden/ext3-noatime

# ── Block 2/5, 1/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [119] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [120] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime
fstune_seal /run/fstune/golden/ext2-noatime

# [121] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [122] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 122-show-how-the-filesystem-was-made.log

# [123] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [124] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [125] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [126] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 126-untar-unpack-the-tree-repeat-2.log

# [127] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [128] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [129] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 129-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [130] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [131] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [132] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-2.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 132-read-read-every-file-repeat-2.log

# [133] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [134] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [135] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 135-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [136] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [137] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [138] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 138-ls-flr-list-the-tree-unsorted-repeat-2.log

# [139] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [141] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-2.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 141-find-walk-the-tree-repeat-2.log

# [142] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [143] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [144] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 144-rm-delete-the-tree-repeat-2.log

# [145] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [146] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [147] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext2-noatime
rmdir /run/fstune/golden/ext2-noatime

# ── Block 2/5, 2/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [148] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [149] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index
fstune_seal /run/fstune/golden/ext3-no-index

# [150] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [151] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 151-show-how-the-filesystem-was-made.log

# [152] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [153] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [154] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [155] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 155-untar-unpack-the-tree-repeat-2.log

# [156] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [157] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [158] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 158-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [159] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [160] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [161] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-2.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 161-read-read-every-file-repeat-2.log

# [162] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [163] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [164] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 164-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [165] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [166] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [167] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 167-ls-flr-list-the-tree-unsorted-repeat-2.log

# [168] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [169] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [170] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-2.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 170-find-walk-the-tree-repeat-2.log

# [171] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [172] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [173] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 173-rm-delete-the-tree-repeat-2.log

# [174] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [175] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [176] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-no-index
rmdir /run/fstune/golden/ext3-no-index

# ── Block 2/5, 3/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [177] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [178] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime
fstune_seal /run/fstune/golden/ext3-noatime

# [179] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [180] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 180-show-how-the-filesystem-was-made.log

# [181] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [182] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [183] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [184] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 184-untar-unpack-the-tree-repeat-2.log

# [185] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [186] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [187] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 187-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [188] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [189] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [190] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-2.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 190-read-read-every-file-repeat-2.log

# [191] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [192] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [193] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 193-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [194] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [195] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [196] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 196-ls-flr-list-the-tree-unsorted-repeat-2.log

# [197] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [198] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [199] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-2.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 199-find-walk-the-tree-repeat-2.log

# [200] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [201] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [202] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 202-rm-delete-the-tree-repeat-2.log

# [203] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [204] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [205] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-noatime
rmdir /run/fstune/golden/ext3-noatime

# ── Block 2/5, 4/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [206] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [207] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index
fstune_seal /run/fstune/golden/ext3-dir-index

# [208] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [209] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 209-show-how-the-filesystem-was-made.log

# [210] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [211] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [212] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [213] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 213-untar-unpack-the-tree-repeat-2.log

# [214] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [215] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [216] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 216-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [217] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [218] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [219] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-2.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 219-read-read-every-file-repeat-2.log

# [220] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [221] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [222] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 222-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [223] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [224] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [225] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 225-ls-flr-list-the-tree-unsorted-repeat-2.log

# [226] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [227] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [228] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-2.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 228-find-walk-the-tree-repeat-2.log

# [229] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [230] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [231] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 231-rm-delete-the-tree-repeat-2.log

# [232] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [233] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [234] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-dir-index
rmdir /run/fstune/golden/ext3-dir-index

# ── Block 3/5, 1/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [235] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [236] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index
fstune_seal /run/fstune/golden/ext3-dir-index

# [237] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [238] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 238-show-how-the-filesystem-was-made.log

# [239] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [240] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [241] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [242] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 242-untar-unpack-the-tree-repeat-3.log

# [243] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [244] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [245] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 245-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [246] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [247] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [248] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-3.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 248-read-read-every-file-repeat-3.log

# [249] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [250] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [251] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 251-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [252] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [253] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [254] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 254-ls-flr-list-the-tree-unsorted-repeat-3.log

# [255] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [256] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [257] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-3.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 257-find-walk-the-tree-repeat-3.log

# [258] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [259] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [260] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 260-rm-delete-the-tree-repeat-3.log

# [261] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [262] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [263] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-dir-index
rmdir /run/fstune/golden/ext3-dir-index

# ── Block 3/5, 2/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [264] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [265] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime
fstune_seal /run/fstune/golden/ext3-noatime

# [266] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [267] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 267-show-how-the-filesystem-was-made.log

# [268] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [269] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [270] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [271] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 271-untar-unpack-the-tree-repeat-3.log

# [272] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [273] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [274] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 274-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [275] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [276] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [277] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-3.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 277-read-read-every-file-repeat-3.log

# [278] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [279] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [280] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 280-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [281] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [282] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [283] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 283-ls-flr-list-the-tree-unsorted-repeat-3.log

# [284] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [285] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [286] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-3.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 286-find-walk-the-tree-repeat-3.log

# [287] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [288] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [289] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 289-rm-delete-the-tree-repeat-3.log

# [290] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [291] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [292] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-noatime
rmdir /run/fstune/golden/ext3-noatime

# ── Block 3/5, 3/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [293] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [294] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index
fstune_seal /run/fstune/golden/ext3-no-index

# [295] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [296] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 296-show-how-the-filesystem-was-made.log

# [297] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [298] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [299] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [300] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 300-untar-unpack-the-tree-repeat-3.log

# [301] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [302] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [303] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 303-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [304] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [305] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [306] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-3.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 306-read-read-every-file-repeat-3.log

# [307] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [308] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [309] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 309-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [310] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [311] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [312] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 312-ls-flr-list-the-tree-unsorted-repeat-3.log

# [313] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [314] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [315] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-3.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 315-find-walk-the-tree-repeat-3.log

# [316] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [317] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [318] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 318-rm-delete-the-tree-repeat-3.log

# [319] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [320] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [321] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-no-index
rmdir /run/fstune/golden/ext3-no-index

# ── Block 3/5, 4/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [322] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [323] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime
fstune_seal /run/fstune/golden/ext2-noatime

# [324] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [325] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 325-show-how-the-filesystem-was-made.log

# [326] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [327] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [328] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [329] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 329-untar-unpack-the-tree-repeat-3.log

# [330] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [331] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [332] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 332-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [333] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [334] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [335] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-3.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 335-read-read-every-file-repeat-3.log

# [336] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [337] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [338] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 338-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [339] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [340] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [341] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 341-ls-flr-list-the-tree-unsorted-repeat-3.log

# [342] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [343] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [344] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-3.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 344-find-walk-the-tree-repeat-3.log

# [345] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [346] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [347] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 347-rm-delete-the-tree-repeat-3.log

# [348] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [349] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [350] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext2-noatime
rmdir /run/fstune/golden/ext2-noatime

# ── Block 4/5, 1/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [351] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [352] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime
fstune_seal /run/fstune/golden/ext3-noatime

# [353] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [354] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 354-show-how-the-filesystem-was-made.log

# [355] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [356] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [357] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [358] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 358-untar-unpack-the-tree-repeat-4.log

# [359] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [360] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [361] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 361-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [362] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [363] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [364] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-4.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 364-read-read-every-file-repeat-4.log

# [365] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [366] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [367] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 367-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [368] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [369] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [370] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 370-ls-flr-list-the-tree-unsorted-repeat-4.log

# [371] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [372] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [373] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-4.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 373-find-walk-the-tree-repeat-4.log

# [374] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [375] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [376] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 376-rm-delete-the-tree-repeat-4.log

# [377] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [378] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [379] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-noatime
rmdir /run/fstune/golden/ext3-noatime

# ── Block 4/5, 2/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [380] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [381] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime
fstune_seal /run/fstune/golden/ext2-noatime

# [382] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [383] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 383-show-how-the-filesystem-was-made.log

# [384] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [385] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [386] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [387] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 387-untar-unpack-the-tree-repeat-4.log

# [388] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [389] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [390] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 390-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [391] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [392] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [393] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-4.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 393-read-read-every-file-repeat-4.log

# [394] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [395] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [396] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 396-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [397] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [398] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [399] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 399-ls-flr-list-the-tree-unsorted-repeat-4.log

# [400] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [401] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [402] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-4.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 402-find-walk-the-tree-repeat-4.log

# [403] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [404] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [405] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 405-rm-delete-the-tree-repeat-4.log

# [406] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [407] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [408] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext2-noatime
rmdir /run/fstune/golden/ext2-noatime

# ── Block 4/5, 3/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [409] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [410] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index
fstune_seal /run/fstune/golden/ext3-dir-index

# [411] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [412] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 412-show-how-the-filesystem-was-made.log

# [413] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [414] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [415] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [416] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 416-untar-unpack-the-tree-repeat-4.log

# [417] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [418] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [419] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 419-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [420] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [421] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [422] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-4.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 422-read-read-every-file-repeat-4.log

# [423] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [424] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [425] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 425-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [426] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [427] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [428] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 428-ls-flr-list-the-tree-unsorted-repeat-4.log

# [429] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [430] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [431] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-4.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 431-find-walk-the-tree-repeat-4.log

# [432] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [433] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [434] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 434-rm-delete-the-tree-repeat-4.log

# [435] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [436] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [437] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-dir-index
rmdir /run/fstune/golden/ext3-dir-index

# ── Block 4/5, 4/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [438] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [439] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index
fstune_seal /run/fstune/golden/ext3-no-index

# [440] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [441] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 441-show-how-the-filesystem-was-made.log

# [442] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [443] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [444] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [445] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 445-untar-unpack-the-tree-repeat-4.log

# [446] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [447] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [448] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 448-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [449] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [450] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [451] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-4.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 451-read-read-every-file-repeat-4.log

# [452] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [453] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [454] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 454-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [455] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [456] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [457] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 457-ls-flr-list-the-tree-unsorted-repeat-4.log

# [458] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [459] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [460] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-4.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 460-find-walk-the-tree-repeat-4.log

# [461] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [462] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [463] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 463-rm-delete-the-tree-repeat-4.log

# [464] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [465] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [466] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-no-index
rmdir /run/fstune/golden/ext3-no-index

# ── Block 5/5, 1/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [467] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O dir_index -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [468] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index
fstune_seal /run/fstune/golden/ext3-dir-index

# [469] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [470] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 470-show-how-the-filesystem-was-made.log

# [471] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [472] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [473] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [474] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index; } 2>&1 | fstune_keep 474-untar-unpack-the-tree-repeat-5.log

# [475] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [476] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [477] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree; } 2>&1 | fstune_keep 477-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [478] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [479] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [480] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-5.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 480-read-read-every-file-repeat-5.log

# [481] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [482] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [483] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 483-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [484] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [485] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [486] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null; } 2>&1 | fstune_keep 486-ls-flr-list-the-tree-unsorted-repeat-5.log

# [487] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [488] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [489] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-5.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null; } 2>&1 | fstune_keep 489-find-walk-the-tree-repeat-5.log

# [490] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [491] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-dir-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [492] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext3-dir-index/tree; } 2>&1 | fstune_keep 492-rm-delete-the-tree-repeat-5.log

# [493] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [494] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [495] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-dir-index
rmdir /run/fstune/golden/ext3-dir-index

# ── Block 5/5, 2/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [496] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [497] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime
fstune_seal /run/fstune/golden/ext3-noatime

# [498] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [499] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 499-show-how-the-filesystem-was-made.log

# [500] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [501] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [502] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [503] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime; } 2>&1 | fstune_keep 503-untar-unpack-the-tree-repeat-5.log

# [504] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [505] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [506] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree; } 2>&1 | fstune_keep 506-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [507] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [508] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [509] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-5.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 509-read-read-every-file-repeat-5.log

# [510] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [511] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [512] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 512-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [513] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [514] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [515] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null; } 2>&1 | fstune_keep 515-ls-flr-list-the-tree-unsorted-repeat-5.log

# [516] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [517] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [518] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-5.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 518-find-walk-the-tree-repeat-5.log

# [519] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [520] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-noatime --flushbufs /dev/sdb1 -- mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [521] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext3-noatime/tree; } 2>&1 | fstune_keep 521-rm-delete-the-tree-repeat-5.log

# [522] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [523] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [524] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-noatime
rmdir /run/fstune/golden/ext3-noatime

# ── Block 5/5, 3/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [525] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -O '^dir_index' -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [526] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index
fstune_seal /run/fstune/golden/ext3-no-index

# [527] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [528] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 528-show-how-the-filesystem-was-made.log

# [529] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [530] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [531] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [532] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index; } 2>&1 | fstune_keep 532-untar-unpack-the-tree-repeat-5.log

# [533] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [534] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [535] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree; } 2>&1 | fstune_keep 535-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [536] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [537] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [538] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-5.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 538-read-read-every-file-repeat-5.log

# [539] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [540] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [541] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 541-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [542] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [543] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [544] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null; } 2>&1 | fstune_keep 544-ls-flr-list-the-tree-unsorted-repeat-5.log

# [545] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [546] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [547] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-5.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null; } 2>&1 | fstune_keep 547-find-walk-the-tree-repeat-5.log

# [548] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [549] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext3-no-index --flushbufs /dev/sdb1 -- mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [550] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext3-no-index/tree; } 2>&1 | fstune_keep 550-rm-delete-the-tree-repeat-5.log

# [551] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [552] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [553] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext3-no-index
rmdir /run/fstune/golden/ext3-no-index

# ── Block 5/5, 4/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [554] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [555] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime
fstune_seal /run/fstune/golden/ext2-noatime

# [556] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [557] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 557-show-how-the-filesystem-was-made.log

# [558] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [559] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [560] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [561] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime; } 2>&1 | fstune_keep 561-untar-unpack-the-tree-repeat-5.log

# [562] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [563] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [564] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree; } 2>&1 | fstune_keep 564-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [565] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [566] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [567] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-5.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 567-read-read-every-file-repeat-5.log

# [568] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [569] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [570] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 570-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [571] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [572] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [573] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null; } 2>&1 | fstune_keep 573-ls-flr-list-the-tree-unsorted-repeat-5.log

# [574] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [575] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [576] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-5.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 576-find-walk-the-tree-repeat-5.log

# [577] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [578] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ext2-noatime --flushbufs /dev/sdb1 -- mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [579] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext2-noatime/tree; } 2>&1 | fstune_keep 579-rm-delete-the-tree-repeat-5.log

# [580] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [581] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [582] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ext2-noatime
rmdir /run/fstune/golden/ext2-noatime

# ── Finish ──

# [583] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [584] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
