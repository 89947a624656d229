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
# Workloads: metadata; repeats per configuration: 3

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
# /dev/sdb1 and /dev/sdc1: only the size was known when the plan was made (planned by path, not seen on that machine)
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912

# ── Inputs, made once ──

# [1] Make the scratch directory for inputs and results
#     generated inputs and tool reports live outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/inputs

# ── Configuration 1/3 (baseline): defaults — XFS, log inside, default mount options ──

# [2] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/defaults; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 009-dbench-with-8-clients-for-60-s-repeat-1.log

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 013-dbench-with-8-clients-for-60-s-repeat-2.log

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 017-dbench-with-8-clients-for-60-s-repeat-3.log

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Configuration 2/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [21] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.xfs -f /dev/sdb1

# [22] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [23] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [24] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/log-buffers; } 2>&1 | fstune_keep 024-show-how-the-filesystem-was-made.log

# [25] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [26] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 028-dbench-with-8-clients-for-60-s-repeat-1.log

# [29] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [30] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 032-dbench-with-8-clients-for-60-s-repeat-2.log

# [33] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [34] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [35] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 036-dbench-with-8-clients-for-60-s-repeat-3.log

# [37] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [38] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [39] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Configuration 3/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [40] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [41] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [42] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [43] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ xfs_info /run/fstune/golden/external-log; } 2>&1 | fstune_keep 043-show-how-the-filesystem-was-made.log

# [44] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [45] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 047-dbench-with-8-clients-for-60-s-repeat-1.log

# [48] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [49] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [50] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [51] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 051-dbench-with-8-clients-for-60-s-repeat-2.log

# [52] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [53] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [54] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 055-dbench-with-8-clients-for-60-s-repeat-3.log

# [56] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [57] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [58] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Finish ──

# [59] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [60] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
