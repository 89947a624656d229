#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-writeback-commit': ext4: data=writeback and a longer commit interval
# Relax ext4's data ordering, its commit interval, or both, and weigh the gain against crash
# safety.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ordered: ext4, internal journal, mount -o data=ordered
#   2. writeback: ext4, internal journal, mount -o data=writeback
#   3. commit-30: ext4, internal journal, mount -o commit=30
#   4. writeback-commit-30: ext4, internal journal, mount -o data=writeback,commit=30
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: ordered, writeback, writeback-commit-30, commit-30
#   block 2/5: writeback-commit-30, ordered, commit-30, writeback
#   block 3/5: writeback, commit-30, ordered, writeback-commit-30
#   block 4/5: commit-30, writeback-commit-30, writeback, ordered
#   block 5/5: writeback, commit-30, ordered, writeback-commit-30
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

# ── Block 1/5, 1/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [2] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered
fstune_seal /run/fstune/golden/ordered

# [4] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ordered --flushbufs /dev/sdb1 -- mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 009-dbench-with-8-clients-for-60-s-repeat-1.log

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [12] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ordered
rmdir /run/fstune/golden/ordered

# ── Block 1/5, 2/4 (variant): writeback — ext4, data=writeback ──

# [13] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [14] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback
fstune_seal /run/fstune/golden/writeback

# [15] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [16] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 016-show-how-the-filesystem-was-made.log

# [17] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [18] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [20] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 020-dbench-with-8-clients-for-60-s-repeat-1.log

# [21] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [23] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback
rmdir /run/fstune/golden/writeback

# ── Block 1/5, 3/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [24] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [25] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30
fstune_seal /run/fstune/golden/writeback-commit-30

# [26] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [27] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 027-show-how-the-filesystem-was-made.log

# [28] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [29] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [30] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback-commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [31] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 031-dbench-with-8-clients-for-60-s-repeat-1.log

# [32] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [33] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [34] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback-commit-30
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 1/5, 4/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [35] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [36] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30
fstune_seal /run/fstune/golden/commit-30

# [37] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [38] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 038-show-how-the-filesystem-was-made.log

# [39] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [40] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [42] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 042-dbench-with-8-clients-for-60-s-repeat-1.log

# [43] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [44] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [45] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-30
rmdir /run/fstune/golden/commit-30

# ── Block 2/5, 1/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [46] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30
fstune_seal /run/fstune/golden/writeback-commit-30

# [48] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 049-show-how-the-filesystem-was-made.log

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [51] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback-commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [53] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 053-dbench-with-8-clients-for-60-s-repeat-2.log

# [54] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [55] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [56] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback-commit-30
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 2/5, 2/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [57] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [58] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered
fstune_seal /run/fstune/golden/ordered

# [59] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [60] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 060-show-how-the-filesystem-was-made.log

# [61] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [62] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [63] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ordered --flushbufs /dev/sdb1 -- mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [64] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 064-dbench-with-8-clients-for-60-s-repeat-2.log

# [65] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [67] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ordered
rmdir /run/fstune/golden/ordered

# ── Block 2/5, 3/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30
fstune_seal /run/fstune/golden/commit-30

# [70] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 071-show-how-the-filesystem-was-made.log

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [73] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [75] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 075-dbench-with-8-clients-for-60-s-repeat-2.log

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [78] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-30
rmdir /run/fstune/golden/commit-30

# ── Block 2/5, 4/4 (variant): writeback — ext4, data=writeback ──

# [79] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [80] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback
fstune_seal /run/fstune/golden/writeback

# [81] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [82] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 082-show-how-the-filesystem-was-made.log

# [83] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [84] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [86] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 086-dbench-with-8-clients-for-60-s-repeat-2.log

# [87] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [89] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback
rmdir /run/fstune/golden/writeback

# ── Block 3/5, 1/4 (variant): writeback — ext4, data=writeback ──

# [90] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback
fstune_seal /run/fstune/golden/writeback

# [92] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 093-show-how-the-filesystem-was-made.log

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [95] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [97] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 097-dbench-with-8-clients-for-60-s-repeat-3.log

# [98] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [99] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [100] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback
rmdir /run/fstune/golden/writeback

# ── Block 3/5, 2/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [101] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [102] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30
fstune_seal /run/fstune/golden/commit-30

# [103] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [104] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 104-show-how-the-filesystem-was-made.log

# [105] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [106] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [107] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [108] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 108-dbench-with-8-clients-for-60-s-repeat-3.log

# [109] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [110] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [111] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-30
rmdir /run/fstune/golden/commit-30

# ── Block 3/5, 3/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [112] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered
fstune_seal /run/fstune/golden/ordered

# [114] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 115-show-how-the-filesystem-was-made.log

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ordered --flushbufs /dev/sdb1 -- mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 119-dbench-with-8-clients-for-60-s-repeat-3.log

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [122] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ordered
rmdir /run/fstune/golden/ordered

# ── Block 3/5, 4/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [123] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30
fstune_seal /run/fstune/golden/writeback-commit-30

# [125] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 126-show-how-the-filesystem-was-made.log

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback-commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 130-dbench-with-8-clients-for-60-s-repeat-3.log

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [133] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback-commit-30
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 4/5, 1/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [134] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [135] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30
fstune_seal /run/fstune/golden/commit-30

# [136] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [137] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 137-show-how-the-filesystem-was-made.log

# [138] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [139] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [141] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 141-dbench-with-8-clients-for-60-s-repeat-4.log

# [142] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [143] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [144] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-30
rmdir /run/fstune/golden/commit-30

# ── Block 4/5, 2/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [145] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [146] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30
fstune_seal /run/fstune/golden/writeback-commit-30

# [147] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [148] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 148-show-how-the-filesystem-was-made.log

# [149] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [150] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [151] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback-commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [152] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 152-dbench-with-8-clients-for-60-s-repeat-4.log

# [153] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [154] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [155] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback-commit-30
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 4/5, 3/4 (variant): writeback — ext4, data=writeback ──

# [156] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [157] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback
fstune_seal /run/fstune/golden/writeback

# [158] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [159] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 159-show-how-the-filesystem-was-made.log

# [160] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [161] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [162] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [163] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 163-dbench-with-8-clients-for-60-s-repeat-4.log

# [164] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [165] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [166] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback
rmdir /run/fstune/golden/writeback

# ── Block 4/5, 4/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [167] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [168] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered
fstune_seal /run/fstune/golden/ordered

# [169] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [170] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 170-show-how-the-filesystem-was-made.log

# [171] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [172] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [173] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ordered --flushbufs /dev/sdb1 -- mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [174] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 174-dbench-with-8-clients-for-60-s-repeat-4.log

# [175] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [176] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [177] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ordered
rmdir /run/fstune/golden/ordered

# ── Block 5/5, 1/4 (variant): writeback — ext4, data=writeback ──

# [178] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [179] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback
fstune_seal /run/fstune/golden/writeback

# [180] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [181] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 181-show-how-the-filesystem-was-made.log

# [182] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [183] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [184] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [185] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 185-dbench-with-8-clients-for-60-s-repeat-5.log

# [186] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [187] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [188] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback
rmdir /run/fstune/golden/writeback

# ── Block 5/5, 2/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [189] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [190] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30
fstune_seal /run/fstune/golden/commit-30

# [191] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [192] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 192-show-how-the-filesystem-was-made.log

# [193] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [194] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [195] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [196] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 196-dbench-with-8-clients-for-60-s-repeat-5.log

# [197] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [198] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [199] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/commit-30
rmdir /run/fstune/golden/commit-30

# ── Block 5/5, 3/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [200] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [201] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered
fstune_seal /run/fstune/golden/ordered

# [202] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [203] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 203-show-how-the-filesystem-was-made.log

# [204] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [205] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [206] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/ordered --flushbufs /dev/sdb1 -- mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [207] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 207-dbench-with-8-clients-for-60-s-repeat-5.log

# [208] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [209] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [210] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/ordered
rmdir /run/fstune/golden/ordered

# ── Block 5/5, 4/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [211] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [212] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30
fstune_seal /run/fstune/golden/writeback-commit-30

# [213] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [214] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 214-show-how-the-filesystem-was-made.log

# [215] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [216] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [217] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/writeback-commit-30 --flushbufs /dev/sdb1 -- mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30 || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [218] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 218-dbench-with-8-clients-for-60-s-repeat-5.log

# [219] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [220] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [221] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/writeback-commit-30
rmdir /run/fstune/golden/writeback-commit-30

# ── Finish ──

# [222] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [223] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
