#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-writeback-commit': ext4: data=writeback and a longer commit interval
# Relax ext4's data ordering, its commit interval, or both, and weigh the gain against crash
# safety.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ordered: ext4, internal journal, mount -o data=ordered
#   2. writeback: ext4, internal journal, mount -o data=writeback
#   3. commit-30: ext4, internal journal, mount -o commit=30
#   4. writeback-commit-30: ext4, internal journal, mount -o data=writeback,commit=30
# Workloads: metadata; blocks: 3, each making, measuring and unmounting every configuration once, in this order:
#   block 1/3: ordered, writeback, writeback-commit-30, commit-30
#   block 2/3: writeback, commit-30, ordered, writeback-commit-30
#   block 3/3: commit-30, writeback-commit-30, writeback, ordered

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

# ── Block 1/3, 1/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [2] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered

# [4] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [12] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ordered

# ── Block 1/3, 2/4 (variant): writeback — ext4, data=writeback ──

# [13] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [14] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback

# [15] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [16] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [17] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [18] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [19] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [21] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [23] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback

# ── Block 1/3, 3/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [24] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [25] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30

# [26] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [27] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [28] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [29] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [30] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [31] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [32] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [33] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [34] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 1/3, 4/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [35] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [36] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30

# [37] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [38] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [39] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [40] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [41] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [42] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [43] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [44] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [45] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/commit-30

# ── Block 2/3, 1/4 (variant): writeback — ext4, data=writeback ──

# [46] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback

# [48] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [51] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [52] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [53] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [54] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [55] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [56] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback

# ── Block 2/3, 2/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [57] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [58] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30

# [59] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [60] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [61] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [62] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [63] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [64] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [65] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/commit-30

# ── Block 2/3, 3/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered

# [70] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [73] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [74] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [78] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ordered

# ── Block 2/3, 4/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [79] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [80] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30

# [81] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [82] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [83] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [84] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [85] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [87] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [89] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 3/3, 1/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [90] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30

# [92] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [95] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [96] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [97] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [98] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [99] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [100] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/commit-30

# ── Block 3/3, 2/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [101] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [102] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30

# [103] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [104] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [105] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [106] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [107] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [109] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [110] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [111] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback-commit-30

# ── Block 3/3, 3/4 (variant): writeback — ext4, data=writeback ──

# [112] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback

# [114] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [117] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [118] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [122] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback

# ── Block 3/3, 4/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [123] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/ordered
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ordered)
mkdir -p /run/fstune/golden/ordered

# [125] Mount /dev/sdb1 (data=ordered)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=ordered /dev/sdb1 /run/fstune/golden/ordered

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ordered

# [128] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [129] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [133] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ordered

# ── Finish ──

# [134] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [135] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
