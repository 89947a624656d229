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
# Workloads: writes; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: relatime, strictatime, noatime
#   block 2/5: strictatime, noatime, relatime
#   block 3/5: relatime, noatime, strictatime
#   block 4/5: strictatime, noatime, relatime
#   block 5/5: relatime, noatime, strictatime
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

# ── Block 1/5, 1/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime
fstune_seal /run/fstune/golden/relatime

# [5] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [8] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/relatime --flushbufs /dev/sdb1 -- mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime; } 2>&1 | fstune_keep 010-populate-unpack-the-source-tree-like-git-clone-r.log

# [11] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 011-build-read-every-source-file-and-its-headers-wri.log

# [12] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 012-clean-read-the-makefiles-look-at-every-file-dele.log

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [14] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [15] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/relatime
rmdir /run/fstune/golden/relatime

# ── Block 1/5, 2/3 (baseline): strictatime — ext4, access time written on every read ──

# [16] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [17] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime
fstune_seal /run/fstune/golden/strictatime

# [18] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [19] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 019-show-how-the-filesystem-was-made.log

# [20] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [21] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/strictatime --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [23] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 023-populate-unpack-the-source-tree-like-git-clone-r.log

# [24] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 024-build-read-every-source-file-and-its-headers-wri.log

# [25] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 025-clean-read-the-makefiles-look-at-every-file-dele.log

# [26] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [27] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [28] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/strictatime
rmdir /run/fstune/golden/strictatime

# ── Block 1/5, 3/3 (variant): noatime — ext4, noatime ──

# [29] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [30] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [31] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [32] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 032-show-how-the-filesystem-was-made.log

# [33] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [34] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [35] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [36] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime; } 2>&1 | fstune_keep 036-populate-unpack-the-source-tree-like-git-clone-r.log

# [37] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 037-build-read-every-source-file-and-its-headers-wri.log

# [38] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 038-clean-read-the-makefiles-look-at-every-file-dele.log

# [39] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [40] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [41] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 2/5, 1/3 (baseline): strictatime — ext4, access time written on every read ──

# [42] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime
fstune_seal /run/fstune/golden/strictatime

# [44] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 045-show-how-the-filesystem-was-made.log

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [47] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/strictatime --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [49] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 049-populate-unpack-the-source-tree-like-git-clone-r.log

# [50] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 050-build-read-every-source-file-and-its-headers-wri.log

# [51] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 051-clean-read-the-makefiles-look-at-every-file-dele.log

# [52] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [53] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [54] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/strictatime
rmdir /run/fstune/golden/strictatime

# ── Block 2/5, 2/3 (variant): noatime — ext4, noatime ──

# [55] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [56] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [57] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [58] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 058-show-how-the-filesystem-was-made.log

# [59] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [60] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [62] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime; } 2>&1 | fstune_keep 062-populate-unpack-the-source-tree-like-git-clone-r.log

# [63] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 063-build-read-every-source-file-and-its-headers-wri.log

# [64] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 064-clean-read-the-makefiles-look-at-every-file-dele.log

# [65] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [67] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 2/5, 3/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime
fstune_seal /run/fstune/golden/relatime

# [70] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 071-show-how-the-filesystem-was-made.log

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [73] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/relatime --flushbufs /dev/sdb1 -- mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [75] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime; } 2>&1 | fstune_keep 075-populate-unpack-the-source-tree-like-git-clone-r.log

# [76] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 076-build-read-every-source-file-and-its-headers-wri.log

# [77] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 077-clean-read-the-makefiles-look-at-every-file-dele.log

# [78] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [79] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [80] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/relatime
rmdir /run/fstune/golden/relatime

# ── Block 3/5, 1/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [81] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [82] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime
fstune_seal /run/fstune/golden/relatime

# [83] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [84] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 084-show-how-the-filesystem-was-made.log

# [85] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [86] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/relatime --flushbufs /dev/sdb1 -- mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [88] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime; } 2>&1 | fstune_keep 088-populate-unpack-the-source-tree-like-git-clone-r.log

# [89] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 089-build-read-every-source-file-and-its-headers-wri.log

# [90] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 090-clean-read-the-makefiles-look-at-every-file-dele.log

# [91] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [92] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [93] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/relatime
rmdir /run/fstune/golden/relatime

# ── Block 3/5, 2/3 (variant): noatime — ext4, noatime ──

# [94] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [95] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [96] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [97] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 097-show-how-the-filesystem-was-made.log

# [98] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [99] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [100] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [101] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime; } 2>&1 | fstune_keep 101-populate-unpack-the-source-tree-like-git-clone-r.log

# [102] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 102-build-read-every-source-file-and-its-headers-wri.log

# [103] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 103-clean-read-the-makefiles-look-at-every-file-dele.log

# [104] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [105] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [106] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 3/5, 3/3 (baseline): strictatime — ext4, access time written on every read ──

# [107] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [108] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime
fstune_seal /run/fstune/golden/strictatime

# [109] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [110] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 110-show-how-the-filesystem-was-made.log

# [111] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [112] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [113] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/strictatime --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [114] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 114-populate-unpack-the-source-tree-like-git-clone-r.log

# [115] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 115-build-read-every-source-file-and-its-headers-wri.log

# [116] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 116-clean-read-the-makefiles-look-at-every-file-dele.log

# [117] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [118] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [119] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/strictatime
rmdir /run/fstune/golden/strictatime

# ── Block 4/5, 1/3 (baseline): strictatime — ext4, access time written on every read ──

# [120] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime
fstune_seal /run/fstune/golden/strictatime

# [122] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 123-show-how-the-filesystem-was-made.log

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [125] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/strictatime --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [127] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 127-populate-unpack-the-source-tree-like-git-clone-r.log

# [128] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 128-build-read-every-source-file-and-its-headers-wri.log

# [129] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 129-clean-read-the-makefiles-look-at-every-file-dele.log

# [130] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [131] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [132] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/strictatime
rmdir /run/fstune/golden/strictatime

# ── Block 4/5, 2/3 (variant): noatime — ext4, noatime ──

# [133] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [134] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [135] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [136] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 136-show-how-the-filesystem-was-made.log

# [137] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [138] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [139] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [140] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime; } 2>&1 | fstune_keep 140-populate-unpack-the-source-tree-like-git-clone-r.log

# [141] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 141-build-read-every-source-file-and-its-headers-wri.log

# [142] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 142-clean-read-the-makefiles-look-at-every-file-dele.log

# [143] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [145] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 4/5, 3/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [146] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime
fstune_seal /run/fstune/golden/relatime

# [148] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 149-show-how-the-filesystem-was-made.log

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [151] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [152] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/relatime --flushbufs /dev/sdb1 -- mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [153] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime; } 2>&1 | fstune_keep 153-populate-unpack-the-source-tree-like-git-clone-r.log

# [154] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 154-build-read-every-source-file-and-its-headers-wri.log

# [155] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 155-clean-read-the-makefiles-look-at-every-file-dele.log

# [156] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [157] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [158] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/relatime
rmdir /run/fstune/golden/relatime

# ── Block 5/5, 1/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [159] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [160] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime
fstune_seal /run/fstune/golden/relatime

# [161] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [162] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 162-show-how-the-filesystem-was-made.log

# [163] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [164] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [165] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/relatime --flushbufs /dev/sdb1 -- mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [166] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime; } 2>&1 | fstune_keep 166-populate-unpack-the-source-tree-like-git-clone-r.log

# [167] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 167-build-read-every-source-file-and-its-headers-wri.log

# [168] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src; } 2>&1 | fstune_keep 168-clean-read-the-makefiles-look-at-every-file-dele.log

# [169] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [170] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [171] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/relatime
rmdir /run/fstune/golden/relatime

# ── Block 5/5, 2/3 (variant): noatime — ext4, noatime ──

# [172] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [173] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime
fstune_seal /run/fstune/golden/noatime

# [174] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [175] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 175-show-how-the-filesystem-was-made.log

# [176] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [177] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [178] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/noatime --flushbufs /dev/sdb1 -- mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [179] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime; } 2>&1 | fstune_keep 179-populate-unpack-the-source-tree-like-git-clone-r.log

# [180] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 180-build-read-every-source-file-and-its-headers-wri.log

# [181] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src; } 2>&1 | fstune_keep 181-clean-read-the-makefiles-look-at-every-file-dele.log

# [182] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [183] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [184] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/noatime
rmdir /run/fstune/golden/noatime

# ── Block 5/5, 3/3 (baseline): strictatime — ext4, access time written on every read ──

# [185] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [186] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime
fstune_seal /run/fstune/golden/strictatime

# [187] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [188] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 188-show-how-the-filesystem-was-made.log

# [189] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [190] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [191] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that the build reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/strictatime --flushbufs /dev/sdb1 -- mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [192] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime; } 2>&1 | fstune_keep 192-populate-unpack-the-source-tree-like-git-clone-r.log

# [193] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 193-build-read-every-source-file-and-its-headers-wri.log

# [194] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
{ fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src; } 2>&1 | fstune_keep 194-clean-read-the-makefiles-look-at-every-file-dele.log

# [195] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [196] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [197] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/strictatime
rmdir /run/fstune/golden/strictatime

# ── Finish ──

# [198] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [199] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
