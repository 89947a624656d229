#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'xfs-log-tuning': XFS: default log, bigger log buffers, then the log on a second disk
# XFS under dbench with default log settings, with logbufs=8,logbsize=32k, and with an external
# log as well.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. defaults: xfs, internal journal, mount -o defaults
#   2. log-buffers: xfs, internal journal, mount -o logbufs=8,logbsize=32k
#   3. external-log: xfs, external journal/log, mount -o logbufs=8,logbsize=32k,logdev=/dev/sdc1
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: log-buffers, defaults, external-log
#   block 2/5: defaults, external-log, log-buffers
#   block 3/5: log-buffers, external-log, defaults
#   block 4/5: defaults, external-log, log-buffers
#   block 5/5: log-buffers, external-log, defaults
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
# /dev/sdb1 and /dev/sdc1: only the size was known when the plan was made (planned by path, not seen on that machine)
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912

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
fstune_check_contents /dev/sdc1

# ── Inputs, made once ──

# [1] Make the scratch directory for inputs and results
#     generated inputs and tool reports live outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/inputs

# ── Block 1/5, 1/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [2] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers
fstune_seal /run/fstune/golden/log-buffers

# [4] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/log-buffers --flushbufs /dev/sdb1 -- mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 009-dbench-with-8-clients-for-60-s-repeat-1.log

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [12] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/log-buffers
rmdir /run/fstune/golden/log-buffers

# ── Block 1/5, 2/3 (baseline): defaults — XFS, log inside, default mount options ──

# [13] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [14] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [15] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [16] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 016-show-how-the-filesystem-was-made.log

# [17] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [18] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [20] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 020-dbench-with-8-clients-for-60-s-repeat-1.log

# [21] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [23] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 1/5, 3/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [24] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [25] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log
fstune_seal /run/fstune/golden/external-log

# [26] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [27] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 027-show-how-the-filesystem-was-made.log

# [28] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [29] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [30] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-log --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [31] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 031-dbench-with-8-clients-for-60-s-repeat-1.log

# [32] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [33] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [34] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-log
rmdir /run/fstune/golden/external-log

# ── Block 2/5, 1/3 (baseline): defaults — XFS, log inside, default mount options ──

# [35] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [36] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [37] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [38] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 038-show-how-the-filesystem-was-made.log

# [39] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [40] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [42] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 042-dbench-with-8-clients-for-60-s-repeat-2.log

# [43] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [44] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [45] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 2/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [46] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log
fstune_seal /run/fstune/golden/external-log

# [48] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 049-show-how-the-filesystem-was-made.log

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [51] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-log --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [53] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 053-dbench-with-8-clients-for-60-s-repeat-2.log

# [54] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [55] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [56] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-log
rmdir /run/fstune/golden/external-log

# ── Block 2/5, 3/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [57] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [58] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers
fstune_seal /run/fstune/golden/log-buffers

# [59] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [60] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 060-show-how-the-filesystem-was-made.log

# [61] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [62] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [63] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/log-buffers --flushbufs /dev/sdb1 -- mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [64] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 064-dbench-with-8-clients-for-60-s-repeat-2.log

# [65] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [67] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/log-buffers
rmdir /run/fstune/golden/log-buffers

# ── Block 3/5, 1/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [68] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers
fstune_seal /run/fstune/golden/log-buffers

# [70] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 071-show-how-the-filesystem-was-made.log

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [73] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/log-buffers --flushbufs /dev/sdb1 -- mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [75] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 075-dbench-with-8-clients-for-60-s-repeat-3.log

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [78] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/log-buffers
rmdir /run/fstune/golden/log-buffers

# ── Block 3/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [79] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [80] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log
fstune_seal /run/fstune/golden/external-log

# [81] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [82] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 082-show-how-the-filesystem-was-made.log

# [83] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [84] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-log --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [86] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 086-dbench-with-8-clients-for-60-s-repeat-3.log

# [87] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [89] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-log
rmdir /run/fstune/golden/external-log

# ── Block 3/5, 3/3 (baseline): defaults — XFS, log inside, default mount options ──

# [90] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [92] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 093-show-how-the-filesystem-was-made.log

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [95] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [97] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 097-dbench-with-8-clients-for-60-s-repeat-3.log

# [98] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [99] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [100] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 4/5, 1/3 (baseline): defaults — XFS, log inside, default mount options ──

# [101] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [102] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [103] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [104] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 104-show-how-the-filesystem-was-made.log

# [105] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [106] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [107] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [108] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 108-dbench-with-8-clients-for-60-s-repeat-4.log

# [109] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [110] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [111] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Block 4/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [112] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log
fstune_seal /run/fstune/golden/external-log

# [114] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 115-show-how-the-filesystem-was-made.log

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-log --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 119-dbench-with-8-clients-for-60-s-repeat-4.log

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [122] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-log
rmdir /run/fstune/golden/external-log

# ── Block 4/5, 3/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [123] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers
fstune_seal /run/fstune/golden/log-buffers

# [125] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 126-show-how-the-filesystem-was-made.log

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/log-buffers --flushbufs /dev/sdb1 -- mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 130-dbench-with-8-clients-for-60-s-repeat-4.log

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [133] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/log-buffers
rmdir /run/fstune/golden/log-buffers

# ── Block 5/5, 1/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [134] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [135] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers
fstune_seal /run/fstune/golden/log-buffers

# [136] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [137] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 137-show-how-the-filesystem-was-made.log

# [138] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [139] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/log-buffers --flushbufs /dev/sdb1 -- mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [141] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 141-dbench-with-8-clients-for-60-s-repeat-5.log

# [142] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [143] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [144] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/log-buffers
rmdir /run/fstune/golden/log-buffers

# ── Block 5/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [145] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [146] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log
fstune_seal /run/fstune/golden/external-log

# [147] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [148] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 148-show-how-the-filesystem-was-made.log

# [149] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [150] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [151] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-log --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [152] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 152-dbench-with-8-clients-for-60-s-repeat-5.log

# [153] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [154] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [155] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-log
rmdir /run/fstune/golden/external-log

# ── Block 5/5, 3/3 (baseline): defaults — XFS, log inside, default mount options ──

# [156] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [157] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults
fstune_seal /run/fstune/golden/defaults

# [158] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [159] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 159-show-how-the-filesystem-was-made.log

# [160] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [161] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [162] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/defaults --flushbufs /dev/sdb1 -- mount -t xfs /dev/sdb1 /run/fstune/golden/defaults || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [163] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 163-dbench-with-8-clients-for-60-s-repeat-5.log

# [164] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [165] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [166] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/defaults
rmdir /run/fstune/golden/defaults

# ── Finish ──

# [167] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [168] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
