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
# Workloads: metadata; repeats per configuration: 3

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

# ── Configuration 1/4 (baseline): ordered — ext4, data=ordered (the default), commit every 5 s ──

# [2] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'ordered': ext4, data=ordered (the default), commit every 5 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

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

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/ordered -t 60 -c /usr/share/dbench/client.txt 8

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/ordered/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ordered

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ordered

# ── Configuration 2/4 (variant): writeback — ext4, data=writeback ──

# [21] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback': ext4, data=writeback. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

# [22] Make the mountpoint /run/fstune/golden/writeback
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback)
mkdir -p /run/fstune/golden/writeback

# [23] Mount /dev/sdb1 (data=writeback)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback /dev/sdb1 /run/fstune/golden/writeback

# [24] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [25] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback

# [26] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [29] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [30] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [33] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [34] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [35] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback -t 60 -c /usr/share/dbench/client.txt 8

# [37] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback/clients

# [38] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback

# [39] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback

# ── Configuration 3/4 (variant): commit-30 — ext4, data=ordered, commit every 30 s ──

# [40] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'commit-30': ext4, data=ordered, commit every 30 s. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

# [41] Make the mountpoint /run/fstune/golden/commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/commit-30)
mkdir -p /run/fstune/golden/commit-30

# [42] Mount /dev/sdb1 (commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o commit=30 /dev/sdb1 /run/fstune/golden/commit-30

# [43] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [44] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/commit-30

# [45] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [48] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [49] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [50] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [51] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [52] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [53] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [54] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [56] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/commit-30/clients

# [57] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/commit-30

# [58] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/commit-30

# ── Configuration 4/4 (variant): writeback-commit-30 — ext4, data=writeback, commit every 30 s ──

# [59] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'writeback-commit-30': ext4, data=writeback, commit every 30 s. The force
#     flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

# [60] Make the mountpoint /run/fstune/golden/writeback-commit-30
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/writeback-commit-30)
mkdir -p /run/fstune/golden/writeback-commit-30

# [61] Mount /dev/sdb1 (data=writeback,commit=30)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o data=writeback,commit=30 /dev/sdb1 /run/fstune/golden/writeback-commit-30

# [62] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [63] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/writeback-commit-30

# [64] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [67] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [68] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [69] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [70] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [71] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [72] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [73] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [74] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/writeback-commit-30 -t 60 -c /usr/share/dbench/client.txt 8

# [75] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/writeback-commit-30/clients

# [76] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/writeback-commit-30

# [77] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/writeback-commit-30

# ── Finish ──

# [78] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [79] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
