#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext3-external-journal': ext3: journal inside the filesystem vs on a second disk
# Move the ext3 journal to its own device: bulk I/O should not notice, metadata-heavy work may.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: ext3, internal journal, mount -o defaults
#   2. external: ext3, external journal/log, mount -o journal_path=/dev/sdc1
# Workloads: throughput, metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order (drawn with seed 33; --order-seed 33 draws it again):
#   block 1/5: internal, external
#   block 2/5: external, internal
#   block 3/5: internal, external
#   block 4/5: external, internal
#   block 5/5: internal, external
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

# ── Block 1/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [7] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [8] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [10] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 010-fio-write-then-rewrite-at-random-repeat-1.log

# [11] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [12] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [13] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 013-fio-read-then-read-at-random-repeat-1.log

# [14] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [15] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [16] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 017-dbench-with-8-clients-for-60-s-repeat-1.log

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [20] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [21] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [22] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [23] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [24] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [25] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 025-show-how-the-filesystem-was-made.log

# [26] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [27] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [28] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [29] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [30] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 030-fio-write-then-rewrite-at-random-repeat-1.log

# [31] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [32] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [33] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 033-fio-read-then-read-at-random-repeat-1.log

# [34] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [35] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [36] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [37] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 037-dbench-with-8-clients-for-60-s-repeat-1.log

# [38] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [39] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [40] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 2/5, 1/2 (variant): external — ext3, journal on the spare device ──

# [41] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [42] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [44] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 045-show-how-the-filesystem-was-made.log

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [47] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [48] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [49] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [50] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 050-fio-write-then-rewrite-at-random-repeat-2.log

# [51] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [53] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 053-fio-read-then-read-at-random-repeat-2.log

# [54] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [55] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [56] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [57] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 057-dbench-with-8-clients-for-60-s-repeat-2.log

# [58] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [59] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [60] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 2/5, 2/2 (baseline): internal — ext3, journal inside the filesystem ──

# [61] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [62] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [63] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [64] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 064-show-how-the-filesystem-was-made.log

# [65] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [66] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [67] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [68] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [69] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 069-fio-write-then-rewrite-at-random-repeat-2.log

# [70] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [71] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [72] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 072-fio-read-then-read-at-random-repeat-2.log

# [73] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [74] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [75] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [76] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 076-dbench-with-8-clients-for-60-s-repeat-2.log

# [77] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [78] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [79] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [80] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [81] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [82] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [83] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 083-show-how-the-filesystem-was-made.log

# [84] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [85] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [86] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [88] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 088-fio-write-then-rewrite-at-random-repeat-3.log

# [89] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [90] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [91] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 091-fio-read-then-read-at-random-repeat-3.log

# [92] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [93] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [94] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [95] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 095-dbench-with-8-clients-for-60-s-repeat-3.log

# [96] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [97] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [98] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 3/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [99] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [100] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [101] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [102] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [103] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 103-show-how-the-filesystem-was-made.log

# [104] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [105] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [106] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [107] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [108] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 108-fio-write-then-rewrite-at-random-repeat-3.log

# [109] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [110] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [111] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 111-fio-read-then-read-at-random-repeat-3.log

# [112] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [113] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [114] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [115] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 115-dbench-with-8-clients-for-60-s-repeat-3.log

# [116] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [117] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [118] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 4/5, 1/2 (variant): external — ext3, journal on the spare device ──

# [119] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [120] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [122] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 123-show-how-the-filesystem-was-made.log

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [125] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [126] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [127] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [128] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 128-fio-write-then-rewrite-at-random-repeat-4.log

# [129] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [130] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [131] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 131-fio-read-then-read-at-random-repeat-4.log

# [132] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [133] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [134] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [135] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 135-dbench-with-8-clients-for-60-s-repeat-4.log

# [136] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [137] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [138] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Block 4/5, 2/2 (baseline): internal — ext3, journal inside the filesystem ──

# [139] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [140] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [141] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [142] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 142-show-how-the-filesystem-was-made.log

# [143] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [144] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [145] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [146] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [147] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 147-fio-write-then-rewrite-at-random-repeat-4.log

# [148] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [149] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [150] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 150-fio-read-then-read-at-random-repeat-4.log

# [151] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [152] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [154] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 154-dbench-with-8-clients-for-60-s-repeat-4.log

# [155] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [156] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [157] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [158] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [159] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal
fstune_seal /run/fstune/golden/internal

# [160] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [161] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 161-show-how-the-filesystem-was-made.log

# [162] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [163] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [164] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [165] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [166] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 166-fio-write-then-rewrite-at-random-repeat-5.log

# [167] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [168] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [169] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 169-fio-read-then-read-at-random-repeat-5.log

# [170] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [171] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [172] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/internal --flushbufs /dev/sdb1 -- mount -t ext3 /dev/sdb1 /run/fstune/golden/internal || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [173] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 173-dbench-with-8-clients-for-60-s-repeat-5.log

# [174] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [175] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [176] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/internal
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [177] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [178] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [179] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external
fstune_seal /run/fstune/golden/external

# [180] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [181] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 181-show-how-the-filesystem-was-made.log

# [182] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [183] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [184] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [185] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's writes reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [186] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall; } 2>&1 | fstune_keep 186-fio-write-then-rewrite-at-random-repeat-5.log

# [187] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [188] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that fio's reads reads from the device, not from memory: the filesystem is unmounted,
#     its devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [189] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
{ fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 189-fio-read-then-read-at-random-repeat-5.log

# [190] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [191] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [192] Evict the filesystem under test from memory: unmount, drop its buffers, mount again
#     so that dbench reads from the device, not from memory: the filesystem is unmounted, its
#     devices' buffer cache flushed and it is mounted again as before. Only its cache goes;
#     dropping the whole machine's would evict every other program's and disturb other
#     measurements beside this one
fstune workload-helper cold-cache --umount /run/fstune/golden/external --flushbufs /dev/sdb1 --flushbufs /dev/sdc1 -- mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external || echo 'fstune: warning: the filesystem under test could not be evicted from memory; the next figures are from a warm cache' >&2

# [193] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 193-dbench-with-8-clients-for-60-s-repeat-5.log

# [194] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [195] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [196] Remove the mountpoint
#     leave nothing behind
fstune_unseal /run/fstune/golden/external
rmdir /run/fstune/golden/external

# ── Finish ──

# [197] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [198] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
