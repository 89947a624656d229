#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'smallfiles-filesystems': Small-file tree on ext3, ext2, ext4, XFS, ReiserFS and JFS
# Unpack, pack, read, list, find and delete the same tree of 1 KiB files on six filesystems.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3: ext3, internal journal, mount -o defaults
#   2. ext2: ext2, no journal, mount -o defaults
#   3. ext4: ext4, internal journal, mount -o defaults
#   4. xfs: xfs, internal journal, mount -o defaults
#   5. reiserfs: reiserfs, internal journal, mount -o defaults
#   6. jfs: jfs, internal journal, mount -o defaults
# Workloads: smallfiles; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: ext3, ext2, jfs, ext4, reiserfs, xfs
#   block 2/5: ext2, ext4, ext3, xfs, jfs, reiserfs
#   block 3/5: ext4, xfs, ext2, reiserfs, ext3, jfs
#   block 4/5: xfs, reiserfs, ext4, jfs, ext2, ext3
#   block 5/5: reiserfs, jfs, xfs, ext3, ext4, ext2

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

# [2] Generate the small-file tarball (3×3×3 dirs × 1000 files)
#     made once, outside the filesystem under test, so every configuration unpacks the same tree
fstune workload-helper make-tree --levels 3 --dirs 3 --files 1000 --file-size 1024 --top tree /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar

# ── Block 1/5, 1/6 (baseline): ext3 — ext3, defaults ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

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

# [8] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [11] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [12] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [14] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [15] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-1.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [17] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [18] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [19] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [20] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [21] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [23] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [24] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-1.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [26] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [27] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3/tree

# [29] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [30] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [31] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 1/5, 2/6 (variant): ext2 — ext2, no journal ──

# [32] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [33] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [34] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [35] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [36] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [37] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [38] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [39] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [40] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [42] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [43] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [44] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [45] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-1.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [46] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [47] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [48] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [49] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [50] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [51] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [52] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [53] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-1.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [55] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [56] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext2/tree

# [58] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [59] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [60] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 1/5, 3/6 (variant): jfs — JFS, defaults ──

# [61] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [62] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [63] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [64] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [65] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [66] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [67] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [68] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [69] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [70] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [71] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [72] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [73] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [74] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-1.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [75] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [76] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [77] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [78] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [79] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [80] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [81] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [82] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-1.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [84] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/jfs/tree

# [87] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [89] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Block 1/5, 4/6 (variant): ext4 — ext4, defaults ──

# [90] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [92] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [95] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [97] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [98] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [99] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [100] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [101] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [102] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [103] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-1.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [104] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [105] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [106] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [107] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [108] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [109] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [110] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [111] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [112] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-1.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [113] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [114] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [115] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext4/tree

# [116] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [117] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [118] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Block 1/5, 5/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [119] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [120] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [121] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [122] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [123] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [124] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [125] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [126] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [127] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [128] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [129] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [130] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [131] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [132] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-1.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [133] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [134] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [135] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [136] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [137] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [138] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [139] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [141] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-1.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [142] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [143] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [144] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/reiserfs/tree

# [145] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [146] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [147] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 1/5, 6/6 (variant): xfs — XFS, defaults ──

# [148] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [149] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [150] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [151] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [152] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [153] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [154] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [155] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [156] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [157] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [158] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [159] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [160] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [161] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-1.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [162] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [163] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [164] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [165] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [166] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [167] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [168] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [169] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [170] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-1.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [171] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [172] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [173] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/xfs/tree

# [174] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [175] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [176] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 2/5, 1/6 (variant): ext2 — ext2, no journal ──

# [177] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [178] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [179] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [180] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [181] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [182] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [183] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [184] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [185] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [186] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [187] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [188] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [189] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-2.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [191] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [192] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [194] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [195] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [196] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [197] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [198] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [199] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-2.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [200] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [201] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [202] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext2/tree

# [203] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [204] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [205] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 2/5, 2/6 (variant): ext4 — ext4, defaults ──

# [206] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [207] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [208] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [209] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [210] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [211] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [212] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [213] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [214] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [215] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [216] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [217] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [218] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [219] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-2.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [220] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [221] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [222] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [223] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [224] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [225] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [226] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [227] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [228] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-2.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [229] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [230] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [231] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext4/tree

# [232] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [233] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [234] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Block 2/5, 3/6 (baseline): ext3 — ext3, defaults ──

# [235] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [236] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [237] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [238] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [239] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [240] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [241] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [242] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [243] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [244] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [245] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [246] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [247] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [248] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-2.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [249] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [250] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [251] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [252] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [253] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [254] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [255] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [256] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [257] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-2.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [258] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [259] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [260] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3/tree

# [261] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [262] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [263] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 2/5, 4/6 (variant): xfs — XFS, defaults ──

# [264] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [265] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [266] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [267] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [268] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [269] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [270] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [271] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [272] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [273] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [274] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [275] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [276] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [277] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-2.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [278] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [279] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [280] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [281] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [282] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [283] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [284] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [285] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [286] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-2.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [287] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [288] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [289] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/xfs/tree

# [290] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [291] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [292] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 2/5, 5/6 (variant): jfs — JFS, defaults ──

# [293] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [294] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [295] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [296] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [297] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [298] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [299] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [300] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [301] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [302] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [303] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [304] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [305] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [306] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-2.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [307] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [308] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [309] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [310] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [311] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [312] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [313] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [314] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [315] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-2.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [316] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [317] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [318] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/jfs/tree

# [319] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [320] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [321] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Block 2/5, 6/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [322] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [323] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [324] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [325] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [326] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [327] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [328] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [329] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [330] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [331] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [332] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [333] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [334] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [335] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-2.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [336] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [337] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [338] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [339] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [340] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [341] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [342] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [343] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [344] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-2.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [345] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [346] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [347] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/reiserfs/tree

# [348] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [349] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [350] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 3/5, 1/6 (variant): ext4 — ext4, defaults ──

# [351] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [352] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [353] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [354] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [355] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [356] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [357] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [358] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [359] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [360] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [361] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [362] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [363] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [364] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-3.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [365] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [366] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [367] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [368] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [369] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [370] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [371] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [372] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [373] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-3.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [374] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [375] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [376] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext4/tree

# [377] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [378] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [379] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Block 3/5, 2/6 (variant): xfs — XFS, defaults ──

# [380] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [381] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [382] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [383] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [384] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [385] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [386] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [387] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [388] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [389] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [390] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [391] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [392] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [393] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-3.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [394] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [395] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [396] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [397] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [398] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [399] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [400] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [401] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [402] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-3.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [403] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [404] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [405] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/xfs/tree

# [406] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [407] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [408] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 3/5, 3/6 (variant): ext2 — ext2, no journal ──

# [409] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [410] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [411] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [412] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [413] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [414] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [415] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [416] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [417] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [418] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [419] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [420] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [421] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [422] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-3.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [423] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [424] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [425] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [426] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [427] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [428] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [429] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [430] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [431] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-3.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [432] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [433] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [434] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext2/tree

# [435] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [436] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [437] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 3/5, 4/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [438] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [439] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [440] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [441] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [442] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [443] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [444] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [445] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [446] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [447] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [448] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [449] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [450] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [451] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-3.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [452] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [453] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [454] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [455] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [456] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [457] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [458] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [459] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [460] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-3.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [461] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [462] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [463] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/reiserfs/tree

# [464] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [465] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [466] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 3/5, 5/6 (baseline): ext3 — ext3, defaults ──

# [467] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [468] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [469] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [470] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [471] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [472] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [473] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [474] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [475] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [476] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [477] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [478] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [479] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [480] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-3.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [481] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [482] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [483] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [484] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [485] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [486] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [487] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [488] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [489] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-3.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [490] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [491] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [492] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3/tree

# [493] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [494] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [495] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 3/5, 6/6 (variant): jfs — JFS, defaults ──

# [496] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [497] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [498] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [499] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [500] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [501] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [502] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [503] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [504] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [505] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [506] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [507] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [508] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [509] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-3.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [510] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [511] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [512] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [513] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [514] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [515] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [516] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [517] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [518] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-3.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [519] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [520] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [521] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/jfs/tree

# [522] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [523] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [524] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Block 4/5, 1/6 (variant): xfs — XFS, defaults ──

# [525] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [526] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [527] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [528] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [529] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [530] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [531] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [532] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [533] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [534] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [535] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [536] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [537] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [538] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-4.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [539] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [540] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [541] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [542] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [543] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [544] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [545] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [546] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [547] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-4.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [548] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [549] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [550] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-4.json -- rm -r /run/fstune/golden/xfs/tree

# [551] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [552] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [553] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 4/5, 2/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [554] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [555] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [556] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [557] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [558] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [559] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [560] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [561] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [562] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [563] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [564] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [565] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [566] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [567] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-4.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [568] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [569] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [570] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [571] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [572] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [573] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [574] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [575] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [576] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-4.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [577] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [578] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [579] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-4.json -- rm -r /run/fstune/golden/reiserfs/tree

# [580] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [581] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [582] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 4/5, 3/6 (variant): ext4 — ext4, defaults ──

# [583] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [584] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [585] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [586] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [587] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [588] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [589] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [590] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [591] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [592] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [593] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [594] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [595] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [596] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-4.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [597] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [598] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [599] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [600] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [601] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [602] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [603] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [604] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [605] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-4.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [606] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [607] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [608] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext4/tree

# [609] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [610] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [611] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Block 4/5, 4/6 (variant): jfs — JFS, defaults ──

# [612] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [613] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [614] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [615] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [616] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [617] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [618] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [619] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [620] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [621] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [622] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [623] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [624] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [625] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-4.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [626] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [627] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [628] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [629] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [630] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [631] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [632] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [633] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [634] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-4.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [635] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [636] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [637] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-4.json -- rm -r /run/fstune/golden/jfs/tree

# [638] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [639] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [640] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Block 4/5, 5/6 (variant): ext2 — ext2, no journal ──

# [641] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [642] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [643] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [644] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [645] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [646] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [647] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [648] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [649] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [650] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [651] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [652] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [653] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [654] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-4.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [655] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [656] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [657] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [658] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [659] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [660] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [661] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [662] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [663] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-4.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [664] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [665] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [666] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext2/tree

# [667] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [668] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [669] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 4/5, 6/6 (baseline): ext3 — ext3, defaults ──

# [670] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [671] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [672] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [673] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [674] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [675] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [676] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [677] untar: unpack the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-4.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [678] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [679] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [680] tar: pack the tree into a tarball outside the filesystem (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-4.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [681] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [682] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [683] read: read every file (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-4.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [684] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [685] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [686] ls-lR: list the tree with details, sorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-4.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [687] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [688] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [689] ls-flR: list the tree unsorted (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-4.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [690] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [691] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [692] find: walk the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-4.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [693] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [694] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [695] rm: delete the tree (repeat 4)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-4.json -- rm -r /run/fstune/golden/ext3/tree

# [696] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [697] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [698] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 1/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [699] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [700] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [701] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [702] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [703] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [704] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [705] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [706] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [707] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [708] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [709] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [710] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [711] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [712] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-5.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [713] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [714] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [715] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [716] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [717] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [718] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [719] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [720] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [721] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-5.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [722] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [723] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [724] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-5.json -- rm -r /run/fstune/golden/reiserfs/tree

# [725] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [726] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [727] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 5/5, 2/6 (variant): jfs — JFS, defaults ──

# [728] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [729] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [730] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [731] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [732] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [733] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [734] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [735] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [736] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [737] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [738] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [739] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [740] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [741] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-5.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [742] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [743] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [744] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [745] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [746] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [747] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [748] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [749] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [750] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-5.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [751] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [752] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [753] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-5.json -- rm -r /run/fstune/golden/jfs/tree

# [754] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [755] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [756] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Block 5/5, 3/6 (variant): xfs — XFS, defaults ──

# [757] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [758] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [759] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [760] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [761] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [762] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [763] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [764] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [765] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [766] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [767] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [768] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [769] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [770] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-5.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [771] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [772] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [773] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [774] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [775] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [776] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [777] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [778] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [779] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-5.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [780] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [781] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [782] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-5.json -- rm -r /run/fstune/golden/xfs/tree

# [783] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [784] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [785] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 5/5, 4/6 (baseline): ext3 — ext3, defaults ──

# [786] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [787] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [788] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [789] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [790] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [791] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [792] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [793] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [794] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [795] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [796] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [797] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [798] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [799] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-5.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [800] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [801] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [802] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [803] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [804] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [805] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [806] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [807] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [808] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-5.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [809] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [810] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [811] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext3/tree

# [812] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [813] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [814] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 5/6 (variant): ext4 — ext4, defaults ──

# [815] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [816] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [817] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [818] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [819] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [820] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [821] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [822] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [823] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [824] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [825] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [826] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [827] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [828] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-5.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [829] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [830] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [831] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [832] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [833] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [834] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [835] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [836] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [837] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-5.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [838] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [839] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [840] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext4/tree

# [841] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [842] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [843] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Block 5/5, 6/6 (variant): ext2 — ext2, no journal ──

# [844] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [845] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [846] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [847] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [848] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [849] Flush dirty data and wait until it is written
#     so that 'untar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [850] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [851] untar: unpack the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-5.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [852] Flush dirty data and wait until it is written
#     so that 'tar' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [853] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [854] tar: pack the tree into a tarball outside the filesystem (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-5.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [855] Flush dirty data and wait until it is written
#     so that 'read' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [856] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [857] read: read every file (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-5.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [858] Flush dirty data and wait until it is written
#     so that 'ls-lR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [859] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [860] ls-lR: list the tree with details, sorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-5.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [861] Flush dirty data and wait until it is written
#     so that 'ls-flR' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [862] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [863] ls-flR: list the tree unsorted (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-5.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [864] Flush dirty data and wait until it is written
#     so that 'find' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [865] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [866] find: walk the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-5.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [867] Flush dirty data and wait until it is written
#     so that 'rm' does not pay for writes left over from earlier steps
fstune workload-helper settle

# [868] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [869] rm: delete the tree (repeat 5)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-5.json -- rm -r /run/fstune/golden/ext2/tree

# [870] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [871] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [872] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Finish ──

# [873] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [874] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
