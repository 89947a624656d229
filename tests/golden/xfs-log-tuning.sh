#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'xfs-log-tuning': XFS: default log, bigger log buffers, then the log on a second disk
# XFS under dbench with default log settings, with logbufs=8,logbsize=32k, and with an external
# log as well.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. defaults: xfs, internal journal, mount -o defaults
#   2. log-buffers: xfs, internal journal, mount -o logbufs=8,logbsize=32k
#   3. external-log: xfs, external journal/log, mount -o logbufs=8,logbsize=32k,logdev=/dev/sdc1
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

# ── Configuration 1/3 (baseline): defaults — XFS, log inside, default mount options ──

# [2] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/defaults

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Configuration 2/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [21] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [22] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [23] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [24] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [25] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [26] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [29] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [30] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [33] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [34] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [35] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [37] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [38] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [39] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Configuration 3/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [40] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [41] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [42] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [43] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [44] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [45] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [48] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [49] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [50] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [51] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [52] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [53] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [54] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [56] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [57] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [58] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Finish ──

# [59] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [60] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
