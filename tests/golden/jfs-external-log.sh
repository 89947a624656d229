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
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: internal, external-mkfs, external-tune
#   block 2/5: external-mkfs, external-tune, internal
#   block 3/5: external-tune, internal, external-mkfs
#   block 4/5: external-tune, external-mkfs, internal
#   block 5/5: internal, external-tune, external-mkfs

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

# ── Block 1/5, 1/3 (baseline): internal — JFS, log inside the volume ──

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

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 009-dbench-with-8-clients-for-60-s-repeat-1.log

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [12] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [13] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [14] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [15] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [16] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [17] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 017-show-how-the-filesystem-was-made.log

# [18] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [19] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [20] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [21] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 021-dbench-with-8-clients-for-60-s-repeat-1.log

# [22] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [23] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [24] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 1/5, 3/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [25] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [26] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [27] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [28] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [29] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [30] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 030-show-how-the-filesystem-was-made.log

# [31] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [32] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [33] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 034-dbench-with-8-clients-for-60-s-repeat-1.log

# [35] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [36] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [37] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 1/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [38] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [39] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [40] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [41] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [42] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 042-show-how-the-filesystem-was-made.log

# [43] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [44] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [45] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [46] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 046-dbench-with-8-clients-for-60-s-repeat-2.log

# [47] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [48] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [49] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 2/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [50] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [51] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [52] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [53] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [54] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [55] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 055-show-how-the-filesystem-was-made.log

# [56] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [57] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [58] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [59] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 059-dbench-with-8-clients-for-60-s-repeat-2.log

# [60] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [61] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [62] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [63] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [64] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [65] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [66] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 066-show-how-the-filesystem-was-made.log

# [67] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [68] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [69] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [70] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 070-dbench-with-8-clients-for-60-s-repeat-2.log

# [71] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [72] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [73] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [74] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [75] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [76] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [77] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [78] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [79] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 079-show-how-the-filesystem-was-made.log

# [80] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [81] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [82] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 083-dbench-with-8-clients-for-60-s-repeat-3.log

# [84] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [85] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [86] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 3/5, 2/3 (baseline): internal — JFS, log inside the volume ──

# [87] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [88] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [89] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [90] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 090-show-how-the-filesystem-was-made.log

# [91] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [92] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [93] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [94] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 094-dbench-with-8-clients-for-60-s-repeat-3.log

# [95] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [96] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [97] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [98] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [99] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [100] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [101] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [102] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 102-show-how-the-filesystem-was-made.log

# [103] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [104] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [105] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [106] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 106-dbench-with-8-clients-for-60-s-repeat-3.log

# [107] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [108] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [109] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 4/5, 1/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [110] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [111] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [112] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [114] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 115-show-how-the-filesystem-was-made.log

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 119-dbench-with-8-clients-for-60-s-repeat-4.log

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [122] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 4/5, 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [123] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [124] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [125] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [126] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [127] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 127-show-how-the-filesystem-was-made.log

# [128] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [129] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [130] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [131] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 131-dbench-with-8-clients-for-60-s-repeat-4.log

# [132] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [133] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [134] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 4/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [135] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [137] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 138-show-how-the-filesystem-was-made.log

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [140] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [141] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [142] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 142-dbench-with-8-clients-for-60-s-repeat-4.log

# [143] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [145] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/3 (baseline): internal — JFS, log inside the volume ──

# [146] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [148] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 149-show-how-the-filesystem-was-made.log

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [151] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [152] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [153] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 153-dbench-with-8-clients-for-60-s-repeat-5.log

# [154] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [155] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [156] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [157] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [158] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [159] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [160] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [161] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [162] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 162-show-how-the-filesystem-was-made.log

# [163] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [164] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [165] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [166] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 166-dbench-with-8-clients-for-60-s-repeat-5.log

# [167] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [168] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [169] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 5/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [170] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [171] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [172] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [173] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [174] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 174-show-how-the-filesystem-was-made.log

# [175] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [176] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [177] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [178] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 178-dbench-with-8-clients-for-60-s-repeat-5.log

# [179] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [180] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [181] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Finish ──

# [182] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [183] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
