#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'jfs-external-log': JFS: log inside vs on a second disk (at mkfs time or later with jfs_tune)
# Put the JFS log on another device, either when formatting or afterwards, and compare under
# dbench.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdc1 and /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: jfs, internal journal, mount -o defaults
#   2. external-mkfs: jfs, external journal/log, mount -o defaults
#   3. external-tune: jfs, external journal/log, mount -o defaults
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: external-mkfs, internal, external-tune
#   block 2/5: internal, external-tune, external-mkfs
#   block 3/5: external-mkfs, external-tune, internal
#   block 4/5: internal, external-tune, external-mkfs
#   block 5/5: external-mkfs, external-tune, internal
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

# ── Block 1/5, 1/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [2] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [3] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs
fstune_seal /run/fstune/golden/external-mkfs

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 006-show-how-the-filesystem-was-made.log

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [8] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-mkfs --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 010-dbench-with-8-clients-for-60-s-repeat-1.log

# [11] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [12] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [13] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-mkfs
rmdir /run/fstune/golden/external-mkfs

# ── Block 1/5, 2/3 (baseline): internal — JFS, log inside the volume ──

# [14] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [15] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [16] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [17] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 017-show-how-the-filesystem-was-made.log

# [18] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [19] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [20] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [21] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 021-dbench-with-8-clients-for-60-s-repeat-1.log

# [22] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [23] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [24] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

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
fstune_seal /run/fstune/golden/external-tune

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

# [33] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-tune --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

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
fstune_unseal /run/fstune/golden/external-tune
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 1/3 (baseline): internal — JFS, log inside the volume ──

# [38] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [39] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [40] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [41] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 041-show-how-the-filesystem-was-made.log

# [42] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [43] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [44] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [45] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 045-dbench-with-8-clients-for-60-s-repeat-2.log

# [46] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [47] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [48] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 2/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [49] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [50] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [51] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [52] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune
fstune_seal /run/fstune/golden/external-tune

# [53] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [54] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 054-show-how-the-filesystem-was-made.log

# [55] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [56] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [57] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-tune --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [58] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 058-dbench-with-8-clients-for-60-s-repeat-2.log

# [59] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [60] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [61] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-tune
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [62] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [63] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [64] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs
fstune_seal /run/fstune/golden/external-mkfs

# [65] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [66] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 066-show-how-the-filesystem-was-made.log

# [67] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [68] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [69] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-mkfs --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [70] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 070-dbench-with-8-clients-for-60-s-repeat-2.log

# [71] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [72] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [73] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-mkfs
rmdir /run/fstune/golden/external-mkfs

# ── Block 3/5, 1/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [74] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [75] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [76] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs
fstune_seal /run/fstune/golden/external-mkfs

# [77] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [78] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 078-show-how-the-filesystem-was-made.log

# [79] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [80] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [81] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-mkfs --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [82] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 082-dbench-with-8-clients-for-60-s-repeat-3.log

# [83] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [84] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [85] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-mkfs
rmdir /run/fstune/golden/external-mkfs

# ── Block 3/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [86] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [87] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [88] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [89] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune
fstune_seal /run/fstune/golden/external-tune

# [90] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [91] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 091-show-how-the-filesystem-was-made.log

# [92] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [93] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [94] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-tune --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [95] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 095-dbench-with-8-clients-for-60-s-repeat-3.log

# [96] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [97] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [98] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-tune
rmdir /run/fstune/golden/external-tune

# ── Block 3/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [99] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [100] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [101] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [102] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 102-show-how-the-filesystem-was-made.log

# [103] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [104] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [105] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [106] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 106-dbench-with-8-clients-for-60-s-repeat-3.log

# [107] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [108] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [109] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 4/5, 1/3 (baseline): internal — JFS, log inside the volume ──

# [110] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [111] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [112] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [113] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 113-show-how-the-filesystem-was-made.log

# [114] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [115] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [116] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [117] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 117-dbench-with-8-clients-for-60-s-repeat-4.log

# [118] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [119] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [120] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 4/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [121] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [122] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [123] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune
fstune_seal /run/fstune/golden/external-tune

# [125] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 126-show-how-the-filesystem-was-made.log

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-tune --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 130-dbench-with-8-clients-for-60-s-repeat-4.log

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [133] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-tune
rmdir /run/fstune/golden/external-tune

# ── Block 4/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [134] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [135] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs
fstune_seal /run/fstune/golden/external-mkfs

# [137] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 138-show-how-the-filesystem-was-made.log

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [140] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [141] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-mkfs --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [142] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 142-dbench-with-8-clients-for-60-s-repeat-4.log

# [143] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [145] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-mkfs
rmdir /run/fstune/golden/external-mkfs

# ── Block 5/5, 1/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [146] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [147] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [148] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs
fstune_seal /run/fstune/golden/external-mkfs

# [149] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [150] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 150-show-how-the-filesystem-was-made.log

# [151] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [152] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-mkfs --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [154] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 154-dbench-with-8-clients-for-60-s-repeat-5.log

# [155] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [156] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [157] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-mkfs
rmdir /run/fstune/golden/external-mkfs

# ── Block 5/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [158] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.jfs -q -J journal_dev /dev/sdc1

# [159] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [160] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [161] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune
fstune_seal /run/fstune/golden/external-tune

# [162] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [163] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 163-show-how-the-filesystem-was-made.log

# [164] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [165] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [166] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external-tune --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [167] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 167-dbench-with-8-clients-for-60-s-repeat-5.log

# [168] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [169] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [170] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external-tune
rmdir /run/fstune/golden/external-tune

# ── Block 5/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [171] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.jfs -q /dev/sdb1

# [172] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [173] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [174] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ jfs_tune -l /dev/sdb1; } 2>&1 | fstune_keep 174-show-how-the-filesystem-was-made.log

# [175] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [176] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [177] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t jfs /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [178] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 178-dbench-with-8-clients-for-60-s-repeat-5.log

# [179] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [180] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [181] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Finish ──

# [182] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [183] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
