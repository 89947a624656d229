#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'coldread-filesystems': Cold start: reading a mixed tree on ext3, XFS and ReiserFS
# Time a read-only start-up (many small files, a few large ones, cold cache) on three
# filesystems.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3: ext3, internal journal, mount -o defaults
#   2. xfs: xfs, internal journal, mount -o defaults
#   3. reiserfs: reiserfs, internal journal, mount -o defaults
# Workloads: coldread; repeats per configuration: 5

set -euo pipefail

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
  exit "$status"
}
trap fstune_cleanup EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" -ne 0 ]; then echo "fstune: this script formats and mounts devices; run it as root." >&2; exit 2; fi
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden)  # the run directory: removed last, if empty

# ── Inputs, made once ──

# [1] Make the scratch directory for inputs and results
#     generated inputs and tool reports live outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/inputs

# [2] Generate a start-up tree of 3000 files of mixed sizes
#     made once so every configuration reads the same files
fstune workload-helper make-tree --kind mixed --files 3000 --top startup --order /var/tmp/fstune/golden/inputs/startup-3000.order /var/tmp/fstune/golden/inputs/startup-3000.tar

# ── Configuration 1/3 (baseline): ext3 — ext3, defaults ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [5] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [8] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [9] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [10] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [11] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [12] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [13] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [14] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [15] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [18] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [19] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [21] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [22] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [24] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [25] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Configuration 2/3 (variant): xfs — XFS, defaults ──

# [26] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [27] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [28] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [29] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [30] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [31] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [32] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [33] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [35] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [36] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [38] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [39] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [40] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [41] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [42] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [43] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [44] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [45] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [46] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [47] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [48] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Configuration 3/3 (variant): reiserfs — ReiserFS, defaults ──

# [49] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [50] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [51] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [52] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [53] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [54] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [55] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [58] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [61] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [62] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [63] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [64] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [67] Flush dirty data
#     so that the start-up read does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [70] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [71] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Finish ──

# [72] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [73] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
