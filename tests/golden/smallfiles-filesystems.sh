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
# Workloads: smallfiles; repeats per configuration: 3

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

# ── Configuration 1/6 (baseline): ext3 — ext3, defaults ──

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

# [8] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [11] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [14] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-1.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [17] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [18] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [19] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [20] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [23] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [24] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-1.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [26] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3/tree

# [29] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [30] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [33] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [36] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [37] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [38] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-2.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [39] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [42] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [43] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [44] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [45] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-2.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [48] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [49] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [50] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3/tree

# [51] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [52] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3

# [55] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3/smallfiles-out.tar -C /run/fstune/golden/ext3 tree

# [58] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-read-3.json -- find /run/fstune/golden/ext3/tree -type f -exec cat '{}' + > /dev/null

# [61] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [62] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [63] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3/tree > /dev/null

# [64] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3/tree > /dev/null

# [67] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-find-3.json -- find /run/fstune/golden/ext3/tree -print > /dev/null

# [70] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [71] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [72] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3 --result /var/tmp/fstune/golden/ext3/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3/tree

# [73] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3/smallfiles-out.tar

# [74] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [75] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Configuration 2/6 (variant): ext2 — ext2, no journal ──

# [76] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2, no journal. The force flag is passed once because you
#     confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [77] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [78] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext2 /dev/sdb1 /run/fstune/golden/ext2

# [79] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [80] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [81] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [82] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [84] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [85] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [87] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [88] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [89] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-1.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [90] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [91] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [92] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [93] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [94] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [95] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [96] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [97] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [98] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-1.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [99] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [100] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext2/tree

# [102] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [103] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [104] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [105] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [106] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [107] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [109] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [110] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [111] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-2.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [112] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [113] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [115] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [116] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [117] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [118] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [119] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [120] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-2.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [121] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [122] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [123] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext2/tree

# [124] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [125] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [126] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2

# [128] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [129] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext2/smallfiles-out.tar -C /run/fstune/golden/ext2 tree

# [131] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [132] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [133] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-read-3.json -- find /run/fstune/golden/ext2/tree -type f -exec cat '{}' + > /dev/null

# [134] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [135] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [136] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext2/tree > /dev/null

# [137] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [138] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [139] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext2/tree > /dev/null

# [140] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [141] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [142] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-find-3.json -- find /run/fstune/golden/ext2/tree -print > /dev/null

# [143] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [144] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [145] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2 --result /var/tmp/fstune/golden/ext2/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext2/tree

# [146] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2/smallfiles-out.tar

# [147] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [148] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Configuration 3/6 (variant): ext4 — ext4, defaults ──

# [149] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ext4': ext4, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

# [150] Make the mountpoint /run/fstune/golden/ext4
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext4)
mkdir -p /run/fstune/golden/ext4

# [151] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/ext4

# [152] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [153] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext4

# [154] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [155] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [156] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [157] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [158] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [159] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [160] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [161] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [162] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-1.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [163] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [164] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [165] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [166] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [167] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [168] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [169] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [170] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [171] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-1.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [172] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [173] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [174] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext4/tree

# [175] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [176] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [177] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [178] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [179] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [180] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [181] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [182] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [183] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [184] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-2.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [185] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [186] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [187] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [188] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [189] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [191] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [192] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-2.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [194] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [195] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [196] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext4/tree

# [197] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [198] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [199] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [200] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext4

# [201] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [202] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [203] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext4/smallfiles-out.tar -C /run/fstune/golden/ext4 tree

# [204] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [205] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [206] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-read-3.json -- find /run/fstune/golden/ext4/tree -type f -exec cat '{}' + > /dev/null

# [207] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [208] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [209] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext4/tree > /dev/null

# [210] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [211] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [212] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext4/tree > /dev/null

# [213] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [214] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [215] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-find-3.json -- find /run/fstune/golden/ext4/tree -print > /dev/null

# [216] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [217] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [218] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext4 --result /var/tmp/fstune/golden/ext4/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext4/tree

# [219] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext4/smallfiles-out.tar

# [220] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext4

# [221] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext4

# ── Configuration 4/6 (variant): xfs — XFS, defaults ──

# [222] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [223] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [224] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [225] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [226] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [227] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [228] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [229] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [230] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [231] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [232] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [233] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [234] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [235] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-1.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [236] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [237] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [238] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [239] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [240] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [241] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [242] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [243] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [244] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-1.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [245] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [246] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [247] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/xfs/tree

# [248] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [249] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [250] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [251] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [252] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [253] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [254] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [255] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [256] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [257] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-2.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [258] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [259] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [260] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [261] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [262] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [263] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [264] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [265] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [266] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-2.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [267] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [268] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [269] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/xfs/tree

# [270] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [271] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [272] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [273] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/xfs

# [274] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [275] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [276] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/xfs/smallfiles-out.tar -C /run/fstune/golden/xfs tree

# [277] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [278] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [279] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-read-3.json -- find /run/fstune/golden/xfs/tree -type f -exec cat '{}' + > /dev/null

# [280] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [281] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [282] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/xfs/tree > /dev/null

# [283] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [284] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [285] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/xfs/tree > /dev/null

# [286] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [287] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [288] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-find-3.json -- find /run/fstune/golden/xfs/tree -print > /dev/null

# [289] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [290] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [291] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/xfs --result /var/tmp/fstune/golden/xfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/xfs/tree

# [292] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/xfs/smallfiles-out.tar

# [293] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [294] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Configuration 5/6 (variant): reiserfs — ReiserFS, defaults (tails packed) ──

# [295] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults (tails packed). The force flag is passed once
#     because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [296] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [297] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [298] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [299] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [300] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [301] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [302] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [303] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [304] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [305] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [306] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [307] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [308] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-1.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [309] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [310] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [311] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [312] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [313] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [314] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [315] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [316] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [317] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-1.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [318] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [319] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [320] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/reiserfs/tree

# [321] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [322] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [323] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [324] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [325] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [326] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [327] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [328] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [329] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [330] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-2.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [331] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [332] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [333] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [334] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [335] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [336] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [337] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [338] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [339] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-2.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [340] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [341] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [342] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/reiserfs/tree

# [343] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [344] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [345] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [346] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/reiserfs

# [347] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [348] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [349] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar -C /run/fstune/golden/reiserfs tree

# [350] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [351] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [352] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-read-3.json -- find /run/fstune/golden/reiserfs/tree -type f -exec cat '{}' + > /dev/null

# [353] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [354] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [355] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/reiserfs/tree > /dev/null

# [356] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [357] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [358] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/reiserfs/tree > /dev/null

# [359] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [360] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [361] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-find-3.json -- find /run/fstune/golden/reiserfs/tree -print > /dev/null

# [362] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [363] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [364] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/reiserfs --result /var/tmp/fstune/golden/reiserfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/reiserfs/tree

# [365] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/reiserfs/smallfiles-out.tar

# [366] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [367] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Configuration 6/6 (variant): jfs — JFS, defaults ──

# [368] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'jfs': JFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.jfs -q /dev/sdb1

# [369] Make the mountpoint /run/fstune/golden/jfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/jfs)
mkdir -p /run/fstune/golden/jfs

# [370] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/jfs

# [371] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [372] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/jfs

# [373] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [374] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [375] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [376] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [377] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [378] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [379] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [380] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [381] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-1.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [382] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [383] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [384] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [385] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [386] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [387] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [388] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [389] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [390] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-1.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [391] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [392] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [393] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-1.json -- rm -r /run/fstune/golden/jfs/tree

# [394] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [395] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [396] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [397] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [398] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [399] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [400] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [401] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [402] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [403] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-2.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [404] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [405] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [406] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [407] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [408] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [409] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [410] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [411] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [412] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-2.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [413] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [414] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [415] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-2.json -- rm -r /run/fstune/golden/jfs/tree

# [416] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [417] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [418] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [419] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/jfs

# [420] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [421] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [422] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/jfs/smallfiles-out.tar -C /run/fstune/golden/jfs tree

# [423] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [424] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [425] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-read-3.json -- find /run/fstune/golden/jfs/tree -type f -exec cat '{}' + > /dev/null

# [426] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [427] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [428] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/jfs/tree > /dev/null

# [429] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [430] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [431] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/jfs/tree > /dev/null

# [432] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [433] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [434] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-find-3.json -- find /run/fstune/golden/jfs/tree -print > /dev/null

# [435] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [436] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [437] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/jfs --result /var/tmp/fstune/golden/jfs/smallfiles-rm-3.json -- rm -r /run/fstune/golden/jfs/tree

# [438] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/jfs/smallfiles-out.tar

# [439] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/jfs

# [440] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/jfs

# ── Finish ──

# [441] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [442] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
