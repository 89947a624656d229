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
# Workloads: metadata, smallfiles; repeats per configuration: 3

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

# ── Configuration 1/4 (baseline): defaults — Btrfs, default mount options ──

# [3] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'defaults': Btrfs, default mount options. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t btrfs /dev/sdb1 /run/fstune/golden/defaults

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/defaults; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [8] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 010-dbench-with-8-clients-for-60-s-repeat-1.log

# [11] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [12] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [13] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [14] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 014-untar-unpack-the-tree-repeat-1.log

# [15] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 017-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [18] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [19] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 020-read-read-every-file-repeat-1.log

# [21] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [22] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 023-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [24] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [25] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [26] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 026-ls-flr-list-the-tree-unsorted-repeat-1.log

# [27] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [28] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 029-find-walk-the-tree-repeat-1.log

# [30] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 032-rm-delete-the-tree-repeat-1.log

# [33] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [34] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [35] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 036-dbench-with-8-clients-for-60-s-repeat-2.log

# [37] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [38] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [39] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [40] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 040-untar-unpack-the-tree-repeat-2.log

# [41] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [42] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [43] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 043-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [44] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [45] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [46] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 046-read-read-every-file-repeat-2.log

# [47] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [48] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 049-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [50] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [51] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [52] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 052-ls-flr-list-the-tree-unsorted-repeat-2.log

# [53] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [54] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 055-find-walk-the-tree-repeat-2.log

# [56] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [57] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [58] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 058-rm-delete-the-tree-repeat-2.log

# [59] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [60] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [61] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [62] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 062-dbench-with-8-clients-for-60-s-repeat-3.log

# [63] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [64] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/defaults; } 2>&1 | fstune_keep 066-untar-unpack-the-tree-repeat-3.log

# [67] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/defaults/smallfiles-out.tar -C /run/fstune/golden/defaults tree; } 2>&1 | fstune_keep 069-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [70] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [71] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [72] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 072-read-read-every-file-repeat-3.log

# [73] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [74] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 075-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [76] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [77] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [78] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/defaults/tree > /dev/null; } 2>&1 | fstune_keep 078-ls-flr-list-the-tree-unsorted-repeat-3.log

# [79] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [80] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [81] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/defaults/tree -print > /dev/null; } 2>&1 | fstune_keep 081-find-walk-the-tree-repeat-3.log

# [82] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [83] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [84] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/defaults/tree; } 2>&1 | fstune_keep 084-rm-delete-the-tree-repeat-3.log

# [85] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/defaults/smallfiles-out.tar

# [86] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [87] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Configuration 2/4 (variant): noatime — Btrfs, noatime ──

# [88] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'noatime': Btrfs, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [89] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [90] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [91] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/noatime; } 2>&1 | fstune_keep 091-show-how-the-filesystem-was-made.log

# [92] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [93] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [94] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [95] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 095-dbench-with-8-clients-for-60-s-repeat-1.log

# [96] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [97] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [98] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [99] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 099-untar-unpack-the-tree-repeat-1.log

# [100] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [101] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [102] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 102-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [103] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [104] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [105] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 105-read-read-every-file-repeat-1.log

# [106] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [107] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 108-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [109] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [110] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [111] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 111-ls-flr-list-the-tree-unsorted-repeat-1.log

# [112] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [113] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 114-find-walk-the-tree-repeat-1.log

# [115] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [116] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [117] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 117-rm-delete-the-tree-repeat-1.log

# [118] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [119] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [120] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [121] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 121-dbench-with-8-clients-for-60-s-repeat-2.log

# [122] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [123] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [124] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [125] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 125-untar-unpack-the-tree-repeat-2.log

# [126] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [127] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [128] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 128-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [129] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [130] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [131] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 131-read-read-every-file-repeat-2.log

# [132] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [133] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [134] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 134-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [135] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [136] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [137] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 137-ls-flr-list-the-tree-unsorted-repeat-2.log

# [138] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [139] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [140] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 140-find-walk-the-tree-repeat-2.log

# [141] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [142] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [143] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 143-rm-delete-the-tree-repeat-2.log

# [144] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [145] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [146] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [147] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 147-dbench-with-8-clients-for-60-s-repeat-3.log

# [148] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/noatime/clients

# [149] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [150] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [151] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 151-untar-unpack-the-tree-repeat-3.log

# [152] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [153] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [154] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/noatime/smallfiles-out.tar -C /run/fstune/golden/noatime tree; } 2>&1 | fstune_keep 154-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [155] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [156] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [157] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 157-read-read-every-file-repeat-3.log

# [158] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [159] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [160] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 160-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [161] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [162] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [163] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/noatime/tree > /dev/null; } 2>&1 | fstune_keep 163-ls-flr-list-the-tree-unsorted-repeat-3.log

# [164] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [165] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [166] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 166-find-walk-the-tree-repeat-3.log

# [167] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [168] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [169] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/noatime/tree; } 2>&1 | fstune_keep 169-rm-delete-the-tree-repeat-3.log

# [170] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/noatime/smallfiles-out.tar

# [171] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [172] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Configuration 3/4 (variant): zstd-noatime — Btrfs, compress=zstd:1 and noatime ──

# [173] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'zstd-noatime': Btrfs, compress=zstd:1 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [174] Make the mountpoint /run/fstune/golden/zstd-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/zstd-noatime)
mkdir -p /run/fstune/golden/zstd-noatime

# [175] Mount /dev/sdb1 (compress=zstd:1,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o compress=zstd:1,noatime /dev/sdb1 /run/fstune/golden/zstd-noatime

# [176] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 176-show-how-the-filesystem-was-made.log

# [177] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/zstd-noatime

# [178] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [179] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [180] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 180-dbench-with-8-clients-for-60-s-repeat-1.log

# [181] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [182] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [183] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [184] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 184-untar-unpack-the-tree-repeat-1.log

# [185] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [186] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [187] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 187-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [188] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [189] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 190-read-read-every-file-repeat-1.log

# [191] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [192] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 193-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [194] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [195] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [196] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 196-ls-flr-list-the-tree-unsorted-repeat-1.log

# [197] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [198] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [199] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 199-find-walk-the-tree-repeat-1.log

# [200] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [201] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [202] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 202-rm-delete-the-tree-repeat-1.log

# [203] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [204] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [205] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [206] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 206-dbench-with-8-clients-for-60-s-repeat-2.log

# [207] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [208] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [209] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [210] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 210-untar-unpack-the-tree-repeat-2.log

# [211] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [212] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [213] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 213-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [214] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [215] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [216] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 216-read-read-every-file-repeat-2.log

# [217] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [218] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [219] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 219-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [220] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [221] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [222] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 222-ls-flr-list-the-tree-unsorted-repeat-2.log

# [223] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [224] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [225] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 225-find-walk-the-tree-repeat-2.log

# [226] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [227] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [228] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 228-rm-delete-the-tree-repeat-2.log

# [229] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [230] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [231] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [232] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/zstd-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 232-dbench-with-8-clients-for-60-s-repeat-3.log

# [233] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/zstd-noatime/clients

# [234] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [235] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [236] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/zstd-noatime; } 2>&1 | fstune_keep 236-untar-unpack-the-tree-repeat-3.log

# [237] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [238] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [239] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar -C /run/fstune/golden/zstd-noatime tree; } 2>&1 | fstune_keep 239-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [240] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [241] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [242] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 242-read-read-every-file-repeat-3.log

# [243] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [244] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [245] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 245-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [246] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [247] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [248] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/zstd-noatime/tree > /dev/null; } 2>&1 | fstune_keep 248-ls-flr-list-the-tree-unsorted-repeat-3.log

# [249] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [250] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [251] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/zstd-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 251-find-walk-the-tree-repeat-3.log

# [252] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [253] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [254] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/zstd-noatime/tree; } 2>&1 | fstune_keep 254-rm-delete-the-tree-repeat-3.log

# [255] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/zstd-noatime/smallfiles-out.tar

# [256] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/zstd-noatime

# [257] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/zstd-noatime

# ── Configuration 4/4 (variant): commit-60-noatime — Btrfs, commit=60 and noatime ──

# [258] Format /dev/sdb1 as Btrfs  (DESTROYS DATA)
#     configuration 'commit-60-noatime': Btrfs, commit=60 and noatime. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.btrfs -f /dev/sdb1

# [259] Make the mountpoint /run/fstune/golden/commit-60-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-60-noatime)
mkdir -p /run/fstune/golden/commit-60-noatime

# [260] Mount /dev/sdb1 (commit=60,noatime)
#     the workloads run inside the freshly made filesystem
mount -t btrfs -o commit=60,noatime /dev/sdb1 /run/fstune/golden/commit-60-noatime

# [261] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ btrfs filesystem show /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 261-show-how-the-filesystem-was-made.log

# [262] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-60-noatime

# [263] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [264] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [265] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 265-dbench-with-8-clients-for-60-s-repeat-1.log

# [266] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [267] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [268] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [269] untar: unpack the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 269-untar-unpack-the-tree-repeat-1.log

# [270] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [271] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [272] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 272-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [273] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [274] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [275] read: read every file (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 275-read-read-every-file-repeat-1.log

# [276] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [277] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [278] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 278-ls-lr-list-the-tree-with-details-sorted-repeat-1.log

# [279] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [280] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [281] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 281-ls-flr-list-the-tree-unsorted-repeat-1.log

# [282] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [283] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [284] find: walk the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 284-find-walk-the-tree-repeat-1.log

# [285] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [286] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [287] rm: delete the tree (repeat 1)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 287-rm-delete-the-tree-repeat-1.log

# [288] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [289] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [290] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [291] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 291-dbench-with-8-clients-for-60-s-repeat-2.log

# [292] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [293] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [294] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [295] untar: unpack the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 295-untar-unpack-the-tree-repeat-2.log

# [296] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [297] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [298] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 298-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [299] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [300] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [301] read: read every file (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 301-read-read-every-file-repeat-2.log

# [302] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [303] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [304] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 304-ls-lr-list-the-tree-with-details-sorted-repeat-2.log

# [305] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [306] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [307] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 307-ls-flr-list-the-tree-unsorted-repeat-2.log

# [308] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [309] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [310] find: walk the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 310-find-walk-the-tree-repeat-2.log

# [311] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [312] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [313] rm: delete the tree (repeat 2)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 313-rm-delete-the-tree-repeat-2.log

# [314] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [315] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [316] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [317] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-60-noatime -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 317-dbench-with-8-clients-for-60-s-repeat-3.log

# [318] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-60-noatime/clients

# [319] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [320] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [321] untar: unpack the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -xf /var/tmp/fstune/golden/inputs/smallfiles-default-1024.tar -C /run/fstune/golden/commit-60-noatime; } 2>&1 | fstune_keep 321-untar-unpack-the-tree-repeat-3.log

# [322] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [323] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [324] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ tar -cf /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar -C /run/fstune/golden/commit-60-noatime tree; } 2>&1 | fstune_keep 324-tar-pack-the-tree-into-a-tarball-outside-the-fil.log

# [325] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [326] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [327] read: read every file (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -type f -exec cat '{}' + > /dev/null; } 2>&1 | fstune_keep 327-read-read-every-file-repeat-3.log

# [328] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [329] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [330] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -lR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 330-ls-lr-list-the-tree-with-details-sorted-repeat-3.log

# [331] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [332] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [333] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ ls -flR /run/fstune/golden/commit-60-noatime/tree > /dev/null; } 2>&1 | fstune_keep 333-ls-flr-list-the-tree-unsorted-repeat-3.log

# [334] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [335] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [336] find: walk the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ find /run/fstune/golden/commit-60-noatime/tree -print > /dev/null; } 2>&1 | fstune_keep 336-find-walk-the-tree-repeat-3.log

# [337] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [338] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [339] rm: delete the tree (repeat 3)
#     timed from a cold cache, as in the seed's small-file test
{ rm -r /run/fstune/golden/commit-60-noatime/tree; } 2>&1 | fstune_keep 339-rm-delete-the-tree-repeat-3.log

# [340] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/commit-60-noatime/smallfiles-out.tar

# [341] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-60-noatime

# [342] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/commit-60-noatime

# ── Finish ──

# [343] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [344] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
