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
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: defaults, log-buffers, external-log
#   block 2/5: log-buffers, external-log, defaults
#   block 3/5: external-log, defaults, log-buffers
#   block 4/5: external-log, log-buffers, defaults
#   block 5/5: defaults, external-log, log-buffers

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

# ── Block 1/5, 1/3 (baseline): defaults — XFS, log inside, default mount options ──

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

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [12] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Block 1/5, 2/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [13] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [14] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [15] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [16] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [17] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [18] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [21] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [23] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Block 1/5, 3/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [24] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [25] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [26] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [27] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [28] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [29] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [30] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [31] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [32] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [33] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [34] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Block 2/5, 1/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [35] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [36] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [37] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [38] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [39] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [40] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [42] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [43] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [44] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [45] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Block 2/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [46] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [48] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [51] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [53] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [54] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [55] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [56] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Block 2/5, 3/3 (baseline): defaults — XFS, log inside, default mount options ──

# [57] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [58] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [59] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [60] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/defaults

# [61] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [62] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [63] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [64] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [65] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Block 3/5, 1/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [68] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [70] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [73] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [78] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Block 3/5, 2/3 (baseline): defaults — XFS, log inside, default mount options ──

# [79] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [80] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [81] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [82] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/defaults

# [83] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [84] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [87] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [89] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Block 3/5, 3/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [90] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [92] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [95] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [97] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [98] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [99] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [100] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Block 4/5, 1/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [101] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [102] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [103] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [104] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [105] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [106] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [107] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [109] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [110] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [111] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Block 4/5, 2/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [112] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [114] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [122] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Block 4/5, 3/3 (baseline): defaults — XFS, log inside, default mount options ──

# [123] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [125] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/defaults

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [133] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Block 5/5, 1/3 (baseline): defaults — XFS, log inside, default mount options ──

# [134] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'defaults': XFS, log inside, default mount options. The force flag is passed
#     once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [135] Make the mountpoint /run/fstune/golden/defaults
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/defaults)
mkdir -p /run/fstune/golden/defaults

# [136] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t xfs /dev/sdb1 /run/fstune/golden/defaults

# [137] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/defaults

# [138] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/defaults

# [139] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [141] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/defaults -t 60 -c /usr/share/dbench/client.txt 8

# [142] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/defaults/clients

# [143] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/defaults

# [144] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/defaults

# ── Block 5/5, 2/3 (variant): external-log — XFS, log on the spare device, mounted logbufs=8,logbsize=32k ──

# [145] Format /dev/sdb1 as XFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-log': XFS, log on the spare device, mounted
#     logbufs=8,logbsize=32k. The force flag is passed once because you confirmed this device.
mkfs.xfs -f -l logdev=/dev/sdc1 /dev/sdb1

# [146] Make the mountpoint /run/fstune/golden/external-log
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-log)
mkdir -p /run/fstune/golden/external-log

# [147] Mount /dev/sdb1 (logbufs=8,logbsize=32k,logdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k,logdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-log

# [148] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/external-log

# [149] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-log

# [150] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [151] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [152] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-log -t 60 -c /usr/share/dbench/client.txt 8

# [153] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-log/clients

# [154] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-log

# [155] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-log

# ── Block 5/5, 3/3 (variant): log-buffers — XFS, log inside, mounted logbufs=8,logbsize=32k ──

# [156] Format /dev/sdb1 as XFS  (DESTROYS DATA)
#     configuration 'log-buffers': XFS, log inside, mounted logbufs=8,logbsize=32k. The force
#     flag is passed once because you confirmed this device.
mkfs.xfs -f /dev/sdb1

# [157] Make the mountpoint /run/fstune/golden/log-buffers
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/log-buffers)
mkdir -p /run/fstune/golden/log-buffers

# [158] Mount /dev/sdb1 (logbufs=8,logbsize=32k)
#     the workloads run inside the freshly made filesystem
mount -t xfs -o logbufs=8,logbsize=32k /dev/sdb1 /run/fstune/golden/log-buffers

# [159] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
xfs_info /run/fstune/golden/log-buffers

# [160] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/log-buffers

# [161] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [162] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [163] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/log-buffers -t 60 -c /usr/share/dbench/client.txt 8

# [164] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/log-buffers/clients

# [165] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/log-buffers

# [166] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/log-buffers

# ── Finish ──

# [167] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [168] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
