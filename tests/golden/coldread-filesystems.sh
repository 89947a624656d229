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
# Workloads: coldread; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: ext3, xfs, reiserfs
#   block 2/5: xfs, reiserfs, ext3
#   block 3/5: reiserfs, ext3, xfs
#   block 4/5: reiserfs, xfs, ext3
#   block 5/5: ext3, reiserfs, xfs

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

# ── Block 1/5, 1/3 (baseline): ext3 — ext3, defaults ──

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

# [8] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [9] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [10] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [11] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [12] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [13] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 1/5, 2/3 (variant): xfs — XFS, defaults ──

# [14] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [15] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [16] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [17] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [18] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [19] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [20] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [21] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [23] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [24] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 1/5, 3/3 (variant): reiserfs — ReiserFS, defaults ──

# [25] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [26] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [27] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [28] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [29] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [30] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [31] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [32] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [33] Read the whole tree in a start-up's scattered order (repeat 1)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [34] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [35] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 2/5, 1/3 (variant): xfs — XFS, defaults ──

# [36] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [37] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [38] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [39] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [40] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [41] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [42] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [43] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [44] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [45] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [46] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 2/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [47] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [48] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [49] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [50] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [51] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [52] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [53] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [54] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [56] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [57] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 2/5, 3/3 (baseline): ext3 — ext3, defaults ──

# [58] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [59] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [60] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [61] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [62] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [63] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [64] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [65] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] Read the whole tree in a start-up's scattered order (repeat 2)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [67] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [68] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 3/5, 1/3 (variant): reiserfs — ReiserFS, defaults ──

# [69] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [70] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [71] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [72] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [73] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [74] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [75] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [76] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [77] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [78] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [79] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 3/5, 2/3 (baseline): ext3 — ext3, defaults ──

# [80] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [81] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [82] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [83] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [84] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [85] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [86] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [88] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [89] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [90] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 3/5, 3/3 (variant): xfs — XFS, defaults ──

# [91] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [92] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [93] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [94] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [95] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [96] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [97] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [98] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [99] Read the whole tree in a start-up's scattered order (repeat 3)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [100] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [101] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 4/5, 1/3 (variant): reiserfs — ReiserFS, defaults ──

# [102] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [103] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [104] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [105] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [106] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [107] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [108] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [109] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [110] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [111] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [112] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 4/5, 2/3 (variant): xfs — XFS, defaults ──

# [113] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [114] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [115] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [116] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [117] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [118] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [119] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [120] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [121] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [122] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [123] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Block 4/5, 3/3 (baseline): ext3 — ext3, defaults ──

# [124] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [125] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [126] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [127] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [128] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [129] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [130] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [131] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [132] Read the whole tree in a start-up's scattered order (repeat 4)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [133] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [134] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 1/3 (baseline): ext3 — ext3, defaults ──

# [135] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [137] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/ext3

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [140] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/ext3

# [141] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [142] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [143] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/ext3 && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [145] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 2/3 (variant): reiserfs — ReiserFS, defaults ──

# [146] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'reiserfs': ReiserFS, defaults. The force flag is passed once because you
#     confirmed this device.
mkreiserfs -f /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/reiserfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/reiserfs)
mkdir -p /run/fstune/golden/reiserfs

# [148] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/reiserfs

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/reiserfs

# [151] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/reiserfs

# [152] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [154] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/reiserfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [155] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/reiserfs

# [156] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/reiserfs

# ── Block 5/5, 3/3 (variant): xfs — XFS, defaults ──

# [157] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'xfs': XFS, defaults. The force flag is passed once because you confirmed
#     this device.
mkfs.xfs -f /dev/sdb1

# [158] Make the mountpoint /run/fstune/golden/xfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/xfs)
mkdir -p /run/fstune/golden/xfs

# [159] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/xfs

# [160] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/xfs

# [161] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/xfs

# [162] Unpack the start-up tree
#     the files a start-up reads; unpacked once, read in every repeat
tar -xf /var/tmp/fstune/golden/inputs/startup-3000.tar -C /run/fstune/golden/xfs

# [163] Flush dirty data and wait until it is written
#     so that the start-up read does not pay for writes left over from earlier steps
fstune workload-helper settle

# [164] Drop the page cache
#     so that the start-up read reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [165] Read the whole tree in a start-up's scattered order (repeat 5)
#     timed from a cold cache, like a program start
(cd /run/fstune/golden/xfs && xargs -d '\n' -a /var/tmp/fstune/golden/inputs/startup-3000.order cat) > /dev/null

# [166] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/xfs

# [167] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/xfs

# ── Finish ──

# [168] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [169] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
