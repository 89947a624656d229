#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'btrfs-options': Btrfs: noatime, zstd compression and a longer commit interval
# Btrfs has no journal to move; tune its own knobs instead and measure dbench and the small-file
# tree.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. defaults: btrfs, internal journal, mount -o defaults
#   2. noatime: btrfs, internal journal, mount -o noatime
#   3. zstd-noatime: btrfs, internal journal, mount -o compress=zstd:1,noatime
#   4. commit-60-noatime: btrfs, internal journal, mount -o commit=60,noatime
# Workloads: metadata, smallfiles; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: defaults, noatime, commit-60-noatime, zstd-noatime
#   block 2/5: commit-60-noatime, defaults, zstd-noatime, noatime
#   block 3/5: noatime, zstd-noatime, defaults, commit-60-noatime
#   block 4/5: zstd-noatime, commit-60-noatime, noatime, defaults
#   block 5/5: noatime, zstd-noatime, defaults, commit-60-noatime
# Looks: `fstune run` judges metadata:dbench.throughput_mbs after 5, 10 and 15 blocks and adds
# blocks while it is undecided, never more than 15 in all (the cap, --max-blocks); this script
# runs the 5 planned blocks only.

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

# [2] Generate the small-file tarball (6×6×6 dirs × 100 files)
#     made once, outside the filesystem under test, so every configuration unpacks the same tree
fstune workload-helper make-tree --levels 3 --dirs 6 --files 100 --file-size 1024 --top tree /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar

# ── Block 1/5, 1/4 (baseline): defaults — Btrfs, default mount options ──

# [3] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [8] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 010-dbench-with-8-clients-for-60-s-repeat-1.log

# [11] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [12] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [13] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [14] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 014-untar-unpack-the-tree-repeat-1.log

# [15] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [16] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [17] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 017-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [18] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [20] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-read-1.json -- find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 020-read-read-every-file-repeat-1.log

# [21] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [23] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 023-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [24] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [25] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [26] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 026-ls-flr-list-the-tree-unsorted-repeat-1.log

# [27] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [28] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [29] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-find-1.json -- find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 029-find-walk-the-tree-repeat-1.log

# [30] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [31] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [32] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-rm-1.json -- rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 032-rm-delete-the-tree-repeat-1.log

# [33] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [34] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [35] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 1/5, 2/4 (variant): noatime — Btrfs, noatime ──

# [36] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [37] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [38] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [39] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 039-show-how-the-filesystem-was-made.log

# [40] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [41] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [42] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [43] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 043-dbench-with-8-clients-for-60-s-repeat-1.log

# [44] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [45] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [46] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [47] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 047-untar-unpack-the-tree-repeat-1.log

# [48] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [49] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [50] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 050-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [51] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [53] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-read-1.json -- find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 053-read-read-every-file-repeat-1.log

# [54] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [55] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [56] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 056-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [57] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [58] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [59] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 059-ls-flr-list-the-tree-unsorted-repeat-1.log

# [60] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [62] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-find-1.json -- find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 062-find-walk-the-tree-repeat-1.log

# [63] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [64] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [65] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 065-rm-delete-the-tree-repeat-1.log

# [66] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [67] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [68] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 1/5, 3/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [69] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [70] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime
fstune_seal /run/fstune/golden/commit-60-noatime

# [71] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [72] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 072-show-how-the-filesystem-was-made.log

# [73] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [74] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [75] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [76] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 076-dbench-with-8-clients-for-60-s-repeat-1.log

# [77] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [78] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [79] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [80] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 080-untar-unpack-the-tree-repeat-1.log

# [81] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [82] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [83] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 083-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [84] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [86] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-read-1.json -- find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 086-read-read-every-file-repeat-1.log

# [87] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [88] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [89] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 089-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [90] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [91] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [92] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 092-ls-flr-list-the-tree-unsorted-repeat-1.log

# [93] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [94] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [95] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-find-1.json -- find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 095-find-walk-the-tree-repeat-1.log

# [96] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [97] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [98] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 098-rm-delete-the-tree-repeat-1.log

# [99] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [100] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [101] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-60-noatime
rmdir /run/fstune/golden/commit-60-noatime

# ── Block 1/5, 4/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [102] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [103] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime
fstune_seal /run/fstune/golden/zstd-noatime

# [104] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [105] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 105-show-how-the-filesystem-was-made.log

# [106] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [107] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [108] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [109] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 109-dbench-with-8-clients-for-60-s-repeat-1.log

# [110] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [111] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [112] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [113] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 113-untar-unpack-the-tree-repeat-1.log

# [114] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [115] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [116] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 116-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [117] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [119] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-read-1.json -- find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 119-read-read-every-file-repeat-1.log

# [120] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [121] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [122] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 122-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [123] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [124] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [125] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 125-ls-flr-list-the-tree-unsorted-repeat-1.log

# [126] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [127] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [128] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-find-1.json -- find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 128-find-walk-the-tree-repeat-1.log

# [129] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [130] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [131] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 131-rm-delete-the-tree-repeat-1.log

# [132] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [133] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [134] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/zstd-noatime
rmdir /run/fstune/golden/zstd-noatime

# ── Block 2/5, 1/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [135] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime
fstune_seal /run/fstune/golden/commit-60-noatime

# [137] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 138-show-how-the-filesystem-was-made.log

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [140] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [141] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [142] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 142-dbench-with-8-clients-for-60-s-repeat-2.log

# [143] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [144] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [145] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [146] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 146-untar-unpack-the-tree-repeat-2.log

# [147] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [148] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [149] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 149-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [150] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [151] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [152] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-read-2.json -- find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 152-read-read-every-file-repeat-2.log

# [153] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [154] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [155] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 155-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [156] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [157] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [158] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 158-ls-flr-list-the-tree-unsorted-repeat-2.log

# [159] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [160] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [161] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-find-2.json -- find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 161-find-walk-the-tree-repeat-2.log

# [162] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [163] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [164] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 164-rm-delete-the-tree-repeat-2.log

# [165] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [166] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [167] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-60-noatime
rmdir /run/fstune/golden/commit-60-noatime

# ── Block 2/5, 2/4 (baseline): defaults — Btrfs, default mount options ──

# [168] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [169] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [170] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [171] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 171-show-how-the-filesystem-was-made.log

# [172] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [173] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [174] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [175] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 175-dbench-with-8-clients-for-60-s-repeat-2.log

# [176] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [177] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [178] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [179] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 179-untar-unpack-the-tree-repeat-2.log

# [180] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [181] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [182] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 182-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [183] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [184] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [185] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-read-2.json -- find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 185-read-read-every-file-repeat-2.log

# [186] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [187] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [188] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 188-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [189] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [190] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [191] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 191-ls-flr-list-the-tree-unsorted-repeat-2.log

# [192] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [193] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [194] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-find-2.json -- find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 194-find-walk-the-tree-repeat-2.log

# [195] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [196] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [197] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-rm-2.json -- rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 197-rm-delete-the-tree-repeat-2.log

# [198] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [199] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [200] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 2/5, 3/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [201] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [202] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime
fstune_seal /run/fstune/golden/zstd-noatime

# [203] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [204] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 204-show-how-the-filesystem-was-made.log

# [205] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [206] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [207] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [208] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 208-dbench-with-8-clients-for-60-s-repeat-2.log

# [209] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [210] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [211] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [212] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 212-untar-unpack-the-tree-repeat-2.log

# [213] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [214] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [215] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 215-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [216] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [217] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [218] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-read-2.json -- find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 218-read-read-every-file-repeat-2.log

# [219] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [220] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [221] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 221-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [222] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [223] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [224] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 224-ls-flr-list-the-tree-unsorted-repeat-2.log

# [225] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [226] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [227] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-find-2.json -- find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 227-find-walk-the-tree-repeat-2.log

# [228] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [229] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [230] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 230-rm-delete-the-tree-repeat-2.log

# [231] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [232] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [233] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/zstd-noatime
rmdir /run/fstune/golden/zstd-noatime

# ── Block 2/5, 4/4 (variant): noatime — Btrfs, noatime ──

# [234] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [235] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [236] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [237] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 237-show-how-the-filesystem-was-made.log

# [238] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [239] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [240] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [241] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 241-dbench-with-8-clients-for-60-s-repeat-2.log

# [242] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [243] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [244] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [245] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 245-untar-unpack-the-tree-repeat-2.log

# [246] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [247] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [248] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 248-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [249] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [250] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [251] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-read-2.json -- find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 251-read-read-every-file-repeat-2.log

# [252] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [253] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [254] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 254-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [255] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [256] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [257] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 257-ls-flr-list-the-tree-unsorted-repeat-2.log

# [258] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [259] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [260] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-find-2.json -- find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 260-find-walk-the-tree-repeat-2.log

# [261] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [262] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [263] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 263-rm-delete-the-tree-repeat-2.log

# [264] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [265] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [266] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 3/5, 1/4 (variant): noatime — Btrfs, noatime ──

# [267] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [268] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [269] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [270] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 270-show-how-the-filesystem-was-made.log

# [271] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [272] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [273] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [274] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 274-dbench-with-8-clients-for-60-s-repeat-3.log

# [275] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [276] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [277] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [278] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 278-untar-unpack-the-tree-repeat-3.log

# [279] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [280] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [281] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 281-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [282] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [283] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [284] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-read-3.json -- find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 284-read-read-every-file-repeat-3.log

# [285] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [286] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [287] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 287-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [288] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [289] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [290] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 290-ls-flr-list-the-tree-unsorted-repeat-3.log

# [291] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [292] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [293] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-find-3.json -- find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 293-find-walk-the-tree-repeat-3.log

# [294] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [295] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [296] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 296-rm-delete-the-tree-repeat-3.log

# [297] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [298] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [299] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 3/5, 2/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [300] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [301] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime
fstune_seal /run/fstune/golden/zstd-noatime

# [302] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [303] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 303-show-how-the-filesystem-was-made.log

# [304] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [305] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [306] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [307] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 307-dbench-with-8-clients-for-60-s-repeat-3.log

# [308] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [309] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [310] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [311] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 311-untar-unpack-the-tree-repeat-3.log

# [312] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [313] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [314] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 314-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [315] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [316] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [317] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-read-3.json -- find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 317-read-read-every-file-repeat-3.log

# [318] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [319] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [320] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 320-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [321] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [322] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [323] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 323-ls-flr-list-the-tree-unsorted-repeat-3.log

# [324] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [325] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [326] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-find-3.json -- find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 326-find-walk-the-tree-repeat-3.log

# [327] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [328] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [329] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 329-rm-delete-the-tree-repeat-3.log

# [330] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [331] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [332] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/zstd-noatime
rmdir /run/fstune/golden/zstd-noatime

# ── Block 3/5, 3/4 (baseline): defaults — Btrfs, default mount options ──

# [333] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [334] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [335] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [336] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 336-show-how-the-filesystem-was-made.log

# [337] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [338] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [339] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [340] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 340-dbench-with-8-clients-for-60-s-repeat-3.log

# [341] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [342] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [343] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [344] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 344-untar-unpack-the-tree-repeat-3.log

# [345] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [346] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [347] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 347-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [348] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [349] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [350] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-read-3.json -- find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 350-read-read-every-file-repeat-3.log

# [351] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [352] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [353] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 353-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [354] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [355] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [356] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 356-ls-flr-list-the-tree-unsorted-repeat-3.log

# [357] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [358] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [359] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-find-3.json -- find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 359-find-walk-the-tree-repeat-3.log

# [360] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [361] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [362] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-rm-3.json -- rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 362-rm-delete-the-tree-repeat-3.log

# [363] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [364] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [365] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 3/5, 4/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [366] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [367] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime
fstune_seal /run/fstune/golden/commit-60-noatime

# [368] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [369] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 369-show-how-the-filesystem-was-made.log

# [370] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [371] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [372] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [373] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 373-dbench-with-8-clients-for-60-s-repeat-3.log

# [374] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [375] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [376] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [377] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 377-untar-unpack-the-tree-repeat-3.log

# [378] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [379] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [380] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 380-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [381] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [382] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [383] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-read-3.json -- find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 383-read-read-every-file-repeat-3.log

# [384] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [385] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [386] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 386-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [387] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [388] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [389] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 389-ls-flr-list-the-tree-unsorted-repeat-3.log

# [390] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [391] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [392] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-find-3.json -- find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 392-find-walk-the-tree-repeat-3.log

# [393] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [394] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [395] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 395-rm-delete-the-tree-repeat-3.log

# [396] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [397] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [398] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-60-noatime
rmdir /run/fstune/golden/commit-60-noatime

# ── Block 4/5, 1/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [399] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [400] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime
fstune_seal /run/fstune/golden/zstd-noatime

# [401] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [402] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 402-show-how-the-filesystem-was-made.log

# [403] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [404] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [405] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [406] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 406-dbench-with-8-clients-for-60-s-repeat-4.log

# [407] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [408] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [409] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [410] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 410-untar-unpack-the-tree-repeat-4.log

# [411] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [412] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [413] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 413-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [414] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [415] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [416] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-read-4.json -- find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 416-read-read-every-file-repeat-4.log

# [417] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [418] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [419] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 419-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [420] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [421] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [422] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 422-ls-flr-list-the-tree-unsorted-repeat-4.log

# [423] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [424] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [425] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-find-4.json -- find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 425-find-walk-the-tree-repeat-4.log

# [426] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [427] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [428] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-rm-4.json -- rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 428-rm-delete-the-tree-repeat-4.log

# [429] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [430] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [431] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/zstd-noatime
rmdir /run/fstune/golden/zstd-noatime

# ── Block 4/5, 2/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [432] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [433] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime
fstune_seal /run/fstune/golden/commit-60-noatime

# [434] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [435] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 435-show-how-the-filesystem-was-made.log

# [436] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [437] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [438] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [439] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 439-dbench-with-8-clients-for-60-s-repeat-4.log

# [440] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [441] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [442] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [443] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 443-untar-unpack-the-tree-repeat-4.log

# [444] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [445] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [446] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 446-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [447] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [448] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [449] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-read-4.json -- find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 449-read-read-every-file-repeat-4.log

# [450] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [451] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [452] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 452-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [453] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [454] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [455] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 455-ls-flr-list-the-tree-unsorted-repeat-4.log

# [456] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [457] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [458] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-find-4.json -- find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 458-find-walk-the-tree-repeat-4.log

# [459] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [460] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [461] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-rm-4.json -- rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 461-rm-delete-the-tree-repeat-4.log

# [462] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [463] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [464] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-60-noatime
rmdir /run/fstune/golden/commit-60-noatime

# ── Block 4/5, 3/4 (variant): noatime — Btrfs, noatime ──

# [465] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [466] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [467] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [468] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 468-show-how-the-filesystem-was-made.log

# [469] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [470] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [471] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [472] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 472-dbench-with-8-clients-for-60-s-repeat-4.log

# [473] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [474] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [475] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [476] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 476-untar-unpack-the-tree-repeat-4.log

# [477] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [478] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [479] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 479-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [480] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [481] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [482] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-read-4.json -- find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 482-read-read-every-file-repeat-4.log

# [483] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [484] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [485] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 485-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [486] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [487] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [488] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 488-ls-flr-list-the-tree-unsorted-repeat-4.log

# [489] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [490] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [491] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-find-4.json -- find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 491-find-walk-the-tree-repeat-4.log

# [492] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [493] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [494] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-rm-4.json -- rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 494-rm-delete-the-tree-repeat-4.log

# [495] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [496] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [497] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 4/5, 4/4 (baseline): defaults — Btrfs, default mount options ──

# [498] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [499] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [500] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [501] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 501-show-how-the-filesystem-was-made.log

# [502] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [503] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [504] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [505] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 505-dbench-with-8-clients-for-60-s-repeat-4.log

# [506] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [507] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [508] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [509] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 509-untar-unpack-the-tree-repeat-4.log

# [510] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [511] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [512] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 512-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [513] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [514] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [515] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-read-4.json -- find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 515-read-read-every-file-repeat-4.log

# [516] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [517] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [518] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 518-ls-lr-list-the-tree-with-details-sorted-repeat-4.log

# [519] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [520] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [521] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 521-ls-flr-list-the-tree-unsorted-repeat-4.log

# [522] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [523] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [524] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-find-4.json -- find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 524-find-walk-the-tree-repeat-4.log

# [525] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [526] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [527] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-rm-4.json -- rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 527-rm-delete-the-tree-repeat-4.log

# [528] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [529] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [530] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 5/5, 1/4 (variant): noatime — Btrfs, noatime ──

# [531] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [532] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [533] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [534] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 534-show-how-the-filesystem-was-made.log

# [535] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [536] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [537] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [538] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 538-dbench-with-8-clients-for-60-s-repeat-5.log

# [539] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [540] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [541] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [542] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 542-untar-unpack-the-tree-repeat-5.log

# [543] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [544] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [545] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 545-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [546] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [547] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [548] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-read-5.json -- find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 548-read-read-every-file-repeat-5.log

# [549] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [550] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [551] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 551-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [552] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [553] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [554] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 554-ls-flr-list-the-tree-unsorted-repeat-5.log

# [555] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [556] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [557] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-find-5.json -- find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 557-find-walk-the-tree-repeat-5.log

# [558] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [559] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [560] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/noatime --result /var/tmp/fstune/golden/noatime/smallfiles-rm-5.json -- rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 560-rm-delete-the-tree-repeat-5.log

# [561] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [562] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [563] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 5/5, 2/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [564] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [565] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime
fstune_seal /run/fstune/golden/zstd-noatime

# [566] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [567] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 567-show-how-the-filesystem-was-made.log

# [568] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [569] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [570] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [571] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 571-dbench-with-8-clients-for-60-s-repeat-5.log

# [572] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [573] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [574] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [575] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 575-untar-unpack-the-tree-repeat-5.log

# [576] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [577] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [578] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 578-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [579] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [580] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [581] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-read-5.json -- find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 581-read-read-every-file-repeat-5.log

# [582] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [583] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [584] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 584-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [585] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [586] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [587] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 587-ls-flr-list-the-tree-unsorted-repeat-5.log

# [588] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [589] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [590] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-find-5.json -- find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 590-find-walk-the-tree-repeat-5.log

# [591] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [592] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/zstd-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [593] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/zstd-noatime --result /var/tmp/fstune/golden/zstd-noatime/smallfiles-rm-5.json -- rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 593-rm-delete-the-tree-repeat-5.log

# [594] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [595] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [596] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/zstd-noatime
rmdir /run/fstune/golden/zstd-noatime

# ── Block 5/5, 3/4 (baseline): defaults — Btrfs, default mount options ──

# [597] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [598] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [599] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [600] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 600-show-how-the-filesystem-was-made.log

# [601] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [602] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [603] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [604] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 604-dbench-with-8-clients-for-60-s-repeat-5.log

# [605] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [606] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [607] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [608] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 608-untar-unpack-the-tree-repeat-5.log

# [609] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [610] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [611] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 611-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [612] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [613] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [614] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-read-5.json -- find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 614-read-read-every-file-repeat-5.log

# [615] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [616] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [617] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 617-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [618] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [619] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [620] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 620-ls-flr-list-the-tree-unsorted-repeat-5.log

# [621] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [622] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [623] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-find-5.json -- find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 623-find-walk-the-tree-repeat-5.log

# [624] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [625] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [626] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/defaults --result /var/tmp/fstune/golden/defaults/smallfiles-rm-5.json -- rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 626-rm-delete-the-tree-repeat-5.log

# [627] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [628] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [629] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 5/5, 4/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [630] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [631] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime
fstune_seal /run/fstune/golden/commit-60-noatime

# [632] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [633] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 633-show-how-the-filesystem-was-made.log

# [634] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [635] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [636] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [637] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 637-dbench-with-8-clients-for-60-s-repeat-5.log

# [638] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [639] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [640] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'untar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [641] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 641-untar-unpack-the-tree-repeat-5.log

# [642] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [643] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'tar' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [644] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 644-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [645] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [646] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'read' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [647] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-read-5.json -- find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 647-read-read-every-file-repeat-5.log

# [648] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [649] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-lR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [650] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 650-ls-lr-list-the-tree-with-details-sorted-repeat-5.log

# [651] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [652] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'ls-flR' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [653] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 653-ls-flr-list-the-tree-unsorted-repeat-5.log

# [654] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [655] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'find' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [656] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-find-5.json -- find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 656-find-walk-the-tree-repeat-5.log

# [657] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [658] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that 'rm' reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-60-noatime --flushbufs /dev/sdb1 -- mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [659] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
{ fstune workload-helper timed --flush /run/fstune/golden/commit-60-noatime --result /var/tmp/fstune/golden/commit-60-noatime/smallfiles-rm-5.json -- rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 659-rm-delete-the-tree-repeat-5.log

# [660] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [661] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [662] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-60-noatime
rmdir /run/fstune/golden/commit-60-noatime

# ── Finish ──

# [663] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [664] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
