#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-atime-writes': ext4: megabytes written with strictatime, relatime and noatime
# How much of a build's disk writes come from recording access times, on journalled ext4.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. strictatime: ext4, internal journal, mount -o strictatime
#   2. relatime: ext4, internal journal, mount -o relatime
#   3. noatime: ext4, internal journal, mount -o noatime
# Workloads: writes; repeats per configuration: 3

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

# [2] Generate a source tree of 2000 files
#     made once, outside the filesystem under test, so every configuration builds the same tree
fstune workload-helper make-tree --kind source --files 2000 --top src /var/tmp/fstune/golden/inputs/source-2000.tar

# ── Configuration 1/3 (baseline): strictatime — ext4, access time written on every read ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [8] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-1.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 010-populate-unpack-the-source-tree-like-git-clone-r.log

# [11] build: read every source file and write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 011-build-read-every-source-file-and-write-its-objec.log

# [12] clean: delete the object files (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-1.json --device /dev/sdb1 -- find /run/fstune/golden/strictatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 012-clean-delete-the-object-files-like-make-clean-re.log

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [14] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-2.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 016-populate-unpack-the-source-tree-like-git-clone-r.log

# [17] build: read every source file and write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 017-build-read-every-source-file-and-write-its-objec.log

# [18] clean: delete the object files (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-2.json --device /dev/sdb1 -- find /run/fstune/golden/strictatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 018-clean-delete-the-object-files-like-make-clean-re.log

# [19] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [20] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-3.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 022-populate-unpack-the-source-tree-like-git-clone-r.log

# [23] build: read every source file and write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 023-build-read-every-source-file-and-write-its-objec.log

# [24] clean: delete the object files (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-3.json --device /dev/sdb1 -- find /run/fstune/golden/strictatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 024-clean-delete-the-object-files-like-make-clean-re.log

# [25] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [26] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [27] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Configuration 2/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [28] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -F /dev/sdb1

# [29] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [30] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [31] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 031-show-how-the-filesystem-was-made.log

# [32] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [33] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-1.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/relatime; } 2>&1 | fstune_keep 035-populate-unpack-the-source-tree-like-git-clone-r.log

# [36] build: read every source file and write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 036-build-read-every-source-file-and-write-its-objec.log

# [37] clean: delete the object files (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-1.json --device /dev/sdb1 -- find /run/fstune/golden/relatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 037-clean-delete-the-object-files-like-make-clean-re.log

# [38] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [39] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-2.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/relatime; } 2>&1 | fstune_keep 041-populate-unpack-the-source-tree-like-git-clone-r.log

# [42] build: read every source file and write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 042-build-read-every-source-file-and-write-its-objec.log

# [43] clean: delete the object files (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-2.json --device /dev/sdb1 -- find /run/fstune/golden/relatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 043-clean-delete-the-object-files-like-make-clean-re.log

# [44] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [45] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-3.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/relatime; } 2>&1 | fstune_keep 047-populate-unpack-the-source-tree-like-git-clone-r.log

# [48] build: read every source file and write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 048-build-read-every-source-file-and-write-its-objec.log

# [49] clean: delete the object files (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-3.json --device /dev/sdb1 -- find /run/fstune/golden/relatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 049-clean-delete-the-object-files-like-make-clean-re.log

# [50] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [51] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [52] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Configuration 3/3 (variant): noatime — ext4, noatime ──

# [53] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -F /dev/sdb1

# [54] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [55] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [56] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 056-show-how-the-filesystem-was-made.log

# [57] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [58] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-1.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 060-populate-unpack-the-source-tree-like-git-clone-r.log

# [61] build: read every source file and write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 061-build-read-every-source-file-and-write-its-objec.log

# [62] clean: delete the object files (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-1.json --device /dev/sdb1 -- find /run/fstune/golden/noatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 062-clean-delete-the-object-files-like-make-clean-re.log

# [63] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [64] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-2.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 066-populate-unpack-the-source-tree-like-git-clone-r.log

# [67] build: read every source file and write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 067-build-read-every-source-file-and-write-its-objec.log

# [68] clean: delete the object files (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-2.json --device /dev/sdb1 -- find /run/fstune/golden/noatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 068-clean-delete-the-object-files-like-make-clean-re.log

# [69] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [70] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [71] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [72] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-3.json --device /dev/sdb1 -- tar -xf /var/tmp/fstune/golden/inputs/source-2000.tar -C /run/fstune/golden/noatime; } 2>&1 | fstune_keep 072-populate-unpack-the-source-tree-like-git-clone-r.log

# [73] build: read every source file and write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 073-build-read-every-source-file-and-write-its-objec.log

# [74] clean: delete the object files (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-3.json --device /dev/sdb1 -- find /run/fstune/golden/noatime/src -name '*.o' -delete; } 2>&1 | fstune_keep 074-clean-delete-the-object-files-like-make-clean-re.log

# [75] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [76] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [77] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Finish ──

# [78] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [79] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
