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
# Workloads: metadata, throughput; repeats per configuration: 3

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

# ── Configuration 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
mkfs.ext4 -b 4096 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 005-show-how-the-filesystem-was-made.log

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
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] fio: write, rewrite at random, read, read at random (repeat 1)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-1.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 013-fio-write-rewrite-at-random-read-read-at-random.log

# [14] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 017-dbench-with-8-clients-for-60-s-repeat-2.log

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Flush dirty data
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [20] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [21] fio: write, rewrite at random, read, read at random (repeat 2)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-2.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 021-fio-write-rewrite-at-random-read-read-at-random.log

# [22] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [23] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [24] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 025-dbench-with-8-clients-for-60-s-repeat-3.log

# [26] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [27] Flush dirty data
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [28] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] fio: write, rewrite at random, read, read at random (repeat 3)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-3.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 029-fio-write-rewrite-at-random-read-read-at-random.log

# [30] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [31] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [32] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Configuration 2/2 (variant): external — ext4, journal on the spare device ──

# [33] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -O journal_dev -F /dev/sdc1

# [34] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
fstune_check_device /dev/sdb1 size=21474836480
fstune_check_device /dev/sdc1 size=536870912
mkfs.ext4 -b 4096 -J device=/dev/sdc1 -F /dev/sdb1

# [35] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [36] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [37] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
{ dumpe2fs -h /dev/sdb1; } 2>&1 | fstune_keep 037-show-how-the-filesystem-was-made.log

# [38] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [39] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 041-dbench-with-8-clients-for-60-s-repeat-1.log

# [42] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [43] Flush dirty data
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [44] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [45] fio: write, rewrite at random, read, read at random (repeat 1)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-1.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 045-fio-write-rewrite-at-random-read-read-at-random.log

# [46] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [47] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [48] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 049-dbench-with-8-clients-for-60-s-repeat-2.log

# [50] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [51] Flush dirty data
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [52] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [53] fio: write, rewrite at random, read, read at random (repeat 2)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-2.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 053-fio-write-rewrite-at-random-read-read-at-random.log

# [54] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [55] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
{ dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8; } 2>&1 | fstune_keep 057-dbench-with-8-clients-for-60-s-repeat-3.log

# [58] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [59] Flush dirty data
#     so that the fio run does not pay for writes left over from earlier steps
sync

# [60] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [61] fio: write, rewrite at random, read, read at random (repeat 3)
#     measures bulk data throughput and latency the way tiobench did
{ fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-3.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall; } 2>&1 | fstune_keep 061-fio-write-rewrite-at-random-read-read-at-random.log

# [62] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [63] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [64] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Finish ──

# [65] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [66] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
if [ -d "$FSTUNE_RESULTS" ]; then echo "fstune: each tool's output is kept in $FSTUNE_RESULTS"; fi
