#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'smallfiles-ext-tuning': ext3 on a small-file tree: directory index, noatime, no journal
# From 2005-style ext3 to dir_index, to noatime, to ext2 without a journal, on a tree of 1 KiB
# files.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3-no-index: ext3, internal journal, mount -o strictatime
#   2. ext3-dir-index: ext3, internal journal, mount -o strictatime
#   3. ext3-noatime: ext3, internal journal, mount -o noatime
#   4. ext2-noatime: ext2, no journal, mount -o noatime
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

# ── Configuration 1/4 (baseline): ext3-no-index — ext3 as in 2005: no directory index, atime written on every read ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-no-index': ext3 as in 2005: no directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O '^dir_index' -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3-no-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-no-index)
mkdir -p /run/fstune/golden/ext3-no-index

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-no-index

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-no-index

# [8] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index

# [11] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree

# [14] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-1.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null

# [17] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [18] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [19] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [20] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [23] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [24] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-1.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null

# [26] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-no-index/tree

# [29] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [30] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index

# [33] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree

# [36] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [37] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [38] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-2.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null

# [39] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [42] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [43] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [44] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [45] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-2.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null

# [48] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [49] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [50] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-no-index/tree

# [51] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [52] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-no-index

# [55] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar -C /run/fstune/golden/ext3-no-index tree

# [58] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [59] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-read-3.json -- find /run/fstune/golden/ext3-no-index/tree -type f -exec cat '{}' + > /dev/null

# [61] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [62] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [63] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [64] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-no-index/tree > /dev/null

# [67] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-find-3.json -- find /run/fstune/golden/ext3-no-index/tree -print > /dev/null

# [70] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [71] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [72] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-no-index --result /var/tmp/fstune/golden/ext3-no-index/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-no-index/tree

# [73] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-no-index/smallfiles-out.tar

# [74] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-no-index

# [75] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-no-index

# ── Configuration 2/4 (variant): ext3-dir-index — ext3 with the directory index, atime written on every read ──

# [76] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-dir-index': ext3 with the directory index, atime written on every
#     read. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O dir_index -F /dev/sdb1

# [77] Make the mountpoint /run/fstune/golden/ext3-dir-index
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-dir-index)
mkdir -p /run/fstune/golden/ext3-dir-index

# [78] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3-dir-index

# [79] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [80] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-dir-index

# [81] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [82] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index

# [84] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [85] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree

# [87] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [88] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [89] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-1.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null

# [90] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [91] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [92] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [93] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [94] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [95] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [96] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [97] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [98] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-1.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null

# [99] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [100] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-dir-index/tree

# [102] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [103] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [104] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [105] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index

# [106] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [107] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree

# [109] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [110] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [111] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-2.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null

# [112] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [113] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [115] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [116] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [117] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [118] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [119] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [120] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-2.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null

# [121] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [122] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [123] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-dir-index/tree

# [124] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [125] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [126] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-dir-index

# [128] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [129] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar -C /run/fstune/golden/ext3-dir-index tree

# [131] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [132] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [133] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-read-3.json -- find /run/fstune/golden/ext3-dir-index/tree -type f -exec cat '{}' + > /dev/null

# [134] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [135] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [136] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [137] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [138] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [139] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-dir-index/tree > /dev/null

# [140] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [141] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [142] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-find-3.json -- find /run/fstune/golden/ext3-dir-index/tree -print > /dev/null

# [143] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [144] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [145] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-dir-index --result /var/tmp/fstune/golden/ext3-dir-index/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-dir-index/tree

# [146] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-dir-index/smallfiles-out.tar

# [147] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-dir-index

# [148] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-dir-index

# ── Configuration 3/4 (variant): ext3-noatime — ext3 without the directory index, mounted noatime ──

# [149] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3-noatime': ext3 without the directory index, mounted noatime. The force
#     flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O '^dir_index' -F /dev/sdb1

# [150] Make the mountpoint /run/fstune/golden/ext3-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3-noatime)
mkdir -p /run/fstune/golden/ext3-noatime

# [151] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o noatime /dev/sdb1 /run/fstune/golden/ext3-noatime

# [152] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [153] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3-noatime

# [154] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [155] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [156] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime

# [157] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [158] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [159] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree

# [160] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [161] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [162] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-1.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null

# [163] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [164] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [165] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [166] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [167] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [168] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [169] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [170] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [171] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-1.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null

# [172] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [173] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [174] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext3-noatime/tree

# [175] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [176] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [177] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [178] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime

# [179] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [180] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [181] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree

# [182] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [183] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [184] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-2.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null

# [185] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [186] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [187] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [188] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [189] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [191] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [192] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-2.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null

# [194] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [195] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [196] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext3-noatime/tree

# [197] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [198] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [199] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [200] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext3-noatime

# [201] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [202] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [203] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar -C /run/fstune/golden/ext3-noatime tree

# [204] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [205] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [206] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-read-3.json -- find /run/fstune/golden/ext3-noatime/tree -type f -exec cat '{}' + > /dev/null

# [207] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [208] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [209] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [210] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [211] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [212] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext3-noatime/tree > /dev/null

# [213] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [214] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [215] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-find-3.json -- find /run/fstune/golden/ext3-noatime/tree -print > /dev/null

# [216] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [217] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [218] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext3-noatime --result /var/tmp/fstune/golden/ext3-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext3-noatime/tree

# [219] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext3-noatime/smallfiles-out.tar

# [220] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3-noatime

# [221] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3-noatime

# ── Configuration 4/4 (variant): ext2-noatime — ext2 (no journal), no directory index, mounted noatime ──

# [222] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2-noatime': ext2 (no journal), no directory index, mounted noatime. The
#     force flag is passed once because you confirmed this device.
mkfs.ext2 -b 4096 -O '^dir_index' -F /dev/sdb1

# [223] Make the mountpoint /run/fstune/golden/ext2-noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2-noatime)
mkdir -p /run/fstune/golden/ext2-noatime

# [224] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o noatime /dev/sdb1 /run/fstune/golden/ext2-noatime

# [225] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [226] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2-noatime

# [227] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [228] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [229] untar: unpack the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-1.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime

# [230] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [231] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [232] tar: pack the tree into a tarball outside the filesystem (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-1.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree

# [233] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [234] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [235] read: read every file (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-1.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null

# [236] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [237] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [238] ls-lR: list the tree with details, sorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-1.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [239] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [240] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [241] ls-flR: list the tree unsorted (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-1.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [242] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [243] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [244] find: walk the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-1.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null

# [245] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [246] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [247] rm: delete the tree (repeat 1)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-1.json -- rm -r /run/fstune/golden/ext2-noatime/tree

# [248] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [249] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [250] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [251] untar: unpack the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-2.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime

# [252] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [253] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [254] tar: pack the tree into a tarball outside the filesystem (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-2.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree

# [255] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [256] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [257] read: read every file (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-2.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null

# [258] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [259] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [260] ls-lR: list the tree with details, sorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-2.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [261] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [262] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [263] ls-flR: list the tree unsorted (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-2.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [264] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [265] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [266] find: walk the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-2.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null

# [267] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [268] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [269] rm: delete the tree (repeat 2)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-2.json -- rm -r /run/fstune/golden/ext2-noatime/tree

# [270] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [271] Flush dirty data
#     so that 'untar' does not pay for writes left over from earlier steps
sync

# [272] Drop the page cache
#     so that 'untar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [273] untar: unpack the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-untar-3.json -- tar -xf /var/tmp/fstune/golden/inputs/smallfiles-spool-1024.tar -C /run/fstune/golden/ext2-noatime

# [274] Flush dirty data
#     so that 'tar' does not pay for writes left over from earlier steps
sync

# [275] Drop the page cache
#     so that 'tar' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [276] tar: pack the tree into a tarball outside the filesystem (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-tar-3.json -- tar -cf /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar -C /run/fstune/golden/ext2-noatime tree

# [277] Flush dirty data
#     so that 'read' does not pay for writes left over from earlier steps
sync

# [278] Drop the page cache
#     so that 'read' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [279] read: read every file (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-read-3.json -- find /run/fstune/golden/ext2-noatime/tree -type f -exec cat '{}' + > /dev/null

# [280] Flush dirty data
#     so that 'ls-lR' does not pay for writes left over from earlier steps
sync

# [281] Drop the page cache
#     so that 'ls-lR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [282] ls-lR: list the tree with details, sorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-lR-3.json -- ls -lR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [283] Flush dirty data
#     so that 'ls-flR' does not pay for writes left over from earlier steps
sync

# [284] Drop the page cache
#     so that 'ls-flR' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [285] ls-flR: list the tree unsorted (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-ls-flR-3.json -- ls -flR /run/fstune/golden/ext2-noatime/tree > /dev/null

# [286] Flush dirty data
#     so that 'find' does not pay for writes left over from earlier steps
sync

# [287] Drop the page cache
#     so that 'find' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [288] find: walk the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-find-3.json -- find /run/fstune/golden/ext2-noatime/tree -print > /dev/null

# [289] Flush dirty data
#     so that 'rm' does not pay for writes left over from earlier steps
sync

# [290] Drop the page cache
#     so that 'rm' reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [291] rm: delete the tree (repeat 3)
#     timed from a cold cache, flush included, as in the seed's small-file test
fstune workload-helper timed --flush /run/fstune/golden/ext2-noatime --result /var/tmp/fstune/golden/ext2-noatime/smallfiles-rm-3.json -- rm -r /run/fstune/golden/ext2-noatime/tree

# [292] Remove the packed tarball
#     it is only needed for timing the tar phase
rm -f /var/tmp/fstune/golden/ext2-noatime/smallfiles-out.tar

# [293] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2-noatime

# [294] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2-noatime

# ── Finish ──

# [295] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [296] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
