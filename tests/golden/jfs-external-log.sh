#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'jfs-external-log': JFS: log inside vs on a second disk (at mkfs time or later with jfs_tune)
# Put the JFS log on another device, either when formatting or afterwards, and compare under
# dbench.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: jfs, internal journal, mount -o defaults
#   2. external-mkfs: jfs, external journal/log, mount -o defaults
#   3. external-tune: jfs, external journal/log, mount -o defaults
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

# ── Configuration 1/3 (baseline): internal — JFS, log inside the volume ──

# [2] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 009-dbench-with-8-clients-for-60-s-repeat-1.log

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 013-dbench-with-8-clients-for-60-s-repeat-2.log

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 017-dbench-with-8-clients-for-60-s-repeat-3.log

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Configuration 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [21] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [22] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [23] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [24] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [25] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 025-show-how-the-filesystem-was-made.log

# [26] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [27] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [28] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 029-dbench-with-8-clients-for-60-s-repeat-1.log

# [30] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [31] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [32] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [33] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 033-dbench-with-8-clients-for-60-s-repeat-2.log

# [34] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [35] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [36] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 037-dbench-with-8-clients-for-60-s-repeat-3.log

# [38] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [39] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [40] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Configuration 3/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [41] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [42] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [43] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [44] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [45] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [46] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 046-show-how-the-filesystem-was-made.log

# [47] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [48] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [49] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [50] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 050-dbench-with-8-clients-for-60-s-repeat-1.log

# [51] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [52] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 054-dbench-with-8-clients-for-60-s-repeat-2.log

# [55] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [56] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [57] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [58] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 058-dbench-with-8-clients-for-60-s-repeat-3.log

# [59] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [60] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [61] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Finish ──

# [62] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [63] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
