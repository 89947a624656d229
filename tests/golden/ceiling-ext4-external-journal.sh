#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-external-journal': ext4: journal inside vs on a second device
# Today's ext4 with its journal inside or on a separate device, under dbench and a tiobench-
# style fio job.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: ext4, internal journal, mount -o defaults
#   2. external: ext4, external journal/log, mount -o journal_path=/dev/sdc1
# Workloads: metadata, throughput; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: internal, external
#   block 2/5: external, internal
#   block 3/5: internal, external
#   block 4/5: external, internal
#   block 5/5: internal, external
# Looks: `fstune run` judges metadata:dbench.throughput_mbs after 5, 10 and 15 blocks and adds
# blocks while it is undecided, never more than 15 in all (the cap, --max-blocks); this script
# runs the 5 planned blocks only.
# Before the first mkfs: the ceiling, a short pass of fio's phases on the raw device /dev/sdb1
# itself (direct I/O, once), which its figures are shown against.

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

# ── The ceiling: the raw device, once, before the first mkfs ──

# [2] Raw device: write fio's stretch of /dev/sdb1 in full  (DESTROYS DATA)
#     the raw reads then read data that was really written; the device is formatted next anyway
fstune_check_device /dev/sdb1 size=21474836480
{ fio --eta=always --filename=/dev/sdb1 --ioengine=psync --direct=1 --numjobs=4 --size=256m --offset_increment=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write; } 2>&1 | fstune_keep 002-raw-device-write-fio-s-stretch-of-dev-sdb1-in-fu.log

# [3] Raw device: fio write, then rewrite at random on /dev/sdb1 (5 s a phase)  (DESTROYS DATA)
#     what the device itself can do, before any filesystem: the ceiling each configuration's
#     rates are shown against
fstune_check_device /dev/sdb1 size=21474836480
{ fio --output=/var/tmp/fstune/golden/ceiling-fio-writes.json --output-format=json --eta=always --filename=/dev/sdb1 --ioengine=psync --direct=1 --numjobs=4 --size=256m --offset_increment=256m --group_reporting --bs=4k --time_based --runtime=5 --ramp_time=1 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 003-raw-device-fio-write-then-rewrite-at-random-on-d.log

# [4] Raw device: fio read, then read at random on /dev/sdb1 (5 s a phase)
#     what the device itself can do, before any filesystem: the ceiling each configuration's
#     rates are shown against
{ fio --output=/var/tmp/fstune/golden/ceiling-fio-reads.json --output-format=json --eta=always --filename=/dev/sdb1 --ioengine=psync --direct=1 --numjobs=4 --size=256m --offset_increment=256m --group_reporting --bs=4k --time_based --runtime=5 --ramp_time=1 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 004-raw-device-fio-read-then-read-at-random-on-dev-s.log

# ── Block 1/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [5] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [6] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [7] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [8] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 008-show-how-the-filesystem-was-made.log

# [9] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [10] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [11] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [12] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 012-dbench-with-8-clients-for-60-s-repeat-1.log

# [13] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [14] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [15] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [16] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [17] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 017-fio-write-then-rewrite-at-random-repeat-1.log

# [18] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [20] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 020-fio-read-then-read-at-random-repeat-1.log

# [21] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [23] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [24] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [25] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [26] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [27] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [28] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 028-show-how-the-filesystem-was-made.log

# [29] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [30] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [31] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [32] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 032-dbench-with-8-clients-for-60-s-repeat-1.log

# [33] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [34] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [35] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [36] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [37] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 037-fio-write-then-rewrite-at-random-repeat-1.log

# [38] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [39] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [40] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 040-fio-read-then-read-at-random-repeat-1.log

# [41] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [42] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [43] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 2/5, 1/2 (variant): external — ext4, journal on the spare device ──

# [44] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [45] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [46] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [47] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [48] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 048-show-how-the-filesystem-was-made.log

# [49] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [50] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [51] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [52] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 052-dbench-with-8-clients-for-60-s-repeat-2.log

# [53] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [54] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [55] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [56] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [57] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 057-fio-write-then-rewrite-at-random-repeat-2.log

# [58] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [59] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [60] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 060-fio-read-then-read-at-random-repeat-2.log

# [61] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [62] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [63] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 2/5, 2/2 (baseline): internal — ext4, journal inside the filesystem ──

# [64] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [65] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [66] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [67] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 067-show-how-the-filesystem-was-made.log

# [68] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [69] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [70] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [71] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 071-dbench-with-8-clients-for-60-s-repeat-2.log

# [72] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [73] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [74] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [75] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [76] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 076-fio-write-then-rewrite-at-random-repeat-2.log

# [77] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [78] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [79] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 079-fio-read-then-read-at-random-repeat-2.log

# [80] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [81] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [82] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [83] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [84] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [85] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [86] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 086-show-how-the-filesystem-was-made.log

# [87] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [88] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [89] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [90] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 090-dbench-with-8-clients-for-60-s-repeat-3.log

# [91] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [92] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [93] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [94] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [95] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 095-fio-write-then-rewrite-at-random-repeat-3.log

# [96] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [97] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [98] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 098-fio-read-then-read-at-random-repeat-3.log

# [99] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [100] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [101] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 3/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [102] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [103] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [104] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [105] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [106] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 106-show-how-the-filesystem-was-made.log

# [107] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [108] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [109] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [110] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 110-dbench-with-8-clients-for-60-s-repeat-3.log

# [111] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [112] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [113] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [114] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [115] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 115-fio-write-then-rewrite-at-random-repeat-3.log

# [116] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [117] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [118] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 118-fio-read-then-read-at-random-repeat-3.log

# [119] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [120] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [121] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 4/5, 1/2 (variant): external — ext4, journal on the spare device ──

# [122] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [123] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [125] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 126-show-how-the-filesystem-was-made.log

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 130-dbench-with-8-clients-for-60-s-repeat-4.log

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [132] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [133] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [134] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [135] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 135-fio-write-then-rewrite-at-random-repeat-4.log

# [136] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [137] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [138] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 138-fio-read-then-read-at-random-repeat-4.log

# [139] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [140] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [141] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 4/5, 2/2 (baseline): internal — ext4, journal inside the filesystem ──

# [142] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [143] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [144] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [145] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 145-show-how-the-filesystem-was-made.log

# [146] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [147] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [148] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [149] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 149-dbench-with-8-clients-for-60-s-repeat-4.log

# [150] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [151] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [152] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [154] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 154-fio-write-then-rewrite-at-random-repeat-4.log

# [155] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [156] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [157] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 157-fio-read-then-read-at-random-repeat-4.log

# [158] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [159] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [160] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [161] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [162] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [163] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [164] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 164-show-how-the-filesystem-was-made.log

# [165] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [166] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [167] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [168] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 168-dbench-with-8-clients-for-60-s-repeat-5.log

# [169] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [170] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [171] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [172] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [173] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 173-fio-write-then-rewrite-at-random-repeat-5.log

# [174] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [175] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext4 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [176] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 176-fio-read-then-read-at-random-repeat-5.log

# [177] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [178] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [179] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [180] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [181] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [182] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [183] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [184] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 184-show-how-the-filesystem-was-made.log

# [185] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [186] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [187] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [188] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 188-dbench-with-8-clients-for-60-s-repeat-5.log

# [189] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [190] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [191] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [192] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [193] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 193-fio-write-then-rewrite-at-random-repeat-5.log

# [194] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [195] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [196] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 196-fio-read-then-read-at-random-repeat-5.log

# [197] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [198] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [199] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Finish ──

# [200] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [201] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
