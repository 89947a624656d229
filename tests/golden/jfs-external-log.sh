#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'jfs-external-log': JFS: log inside vs on a second disk (at mkfs time or later with jfs_tune)
# Put the JFS log on another device, either when formatting or afterwards, and compare under
# dbench.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: jfs, internal journal, mount -o defaults
#   2. external-mkfs: jfs, external journal/log, mount -o defaults
#   3. external-tune: jfs, external journal/log, mount -o defaults
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: internal, external-mkfs, external-tune
#   block 2/5: external-mkfs, external-tune, internal
#   block 3/5: external-tune, internal, external-mkfs
#   block 4/5: external-tune, external-mkfs, internal
#   block 5/5: internal, external-tune, external-mkfs

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

# ── Block 1/5, 1/3 (baseline): internal — JFS, log inside the volume ──

# [2] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [12] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [13] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [14] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [15] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [16] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [17] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [18] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [19] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [20] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [21] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [22] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [23] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [24] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 1/5, 3/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [25] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [26] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [27] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [28] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [29] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [30] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [31] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [32] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [33] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [35] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [36] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [37] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 1/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [38] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [39] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [40] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [41] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [42] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [43] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [44] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [45] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [46] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [47] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [48] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [49] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 2/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [50] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [51] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [52] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [53] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [54] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [55] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [56] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [57] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [58] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [59] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [60] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [61] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [62] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 2/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [63] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [64] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [65] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [66] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [67] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [68] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [69] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [70] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [71] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [72] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [73] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [74] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [75] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [76] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [77] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [78] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [79] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [80] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [81] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [82] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [83] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [84] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [85] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [86] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 3/5, 2/3 (baseline): internal — JFS, log inside the volume ──

# [87] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [88] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [89] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [90] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [91] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [92] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [93] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [94] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [95] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [96] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [97] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [98] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [99] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [100] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [101] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [102] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [103] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [104] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [105] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [106] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [107] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [108] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [109] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 4/5, 1/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [110] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [111] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [112] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [114] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [119] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [122] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 4/5, 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [123] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [124] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [125] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [126] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [127] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [128] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [129] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [130] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [131] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [132] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [133] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [134] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Block 4/5, 3/3 (baseline): internal — JFS, log inside the volume ──

# [135] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [136] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [137] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [138] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [139] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [140] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [141] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [142] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [143] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [145] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/3 (baseline): internal — JFS, log inside the volume ──

# [146] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'internal': JFS, log inside the volume. The force flag is passed once
#     because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [148] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/internal

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [151] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [152] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [153] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [154] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [155] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [156] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [157] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [158] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [159] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [160] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [161] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [162] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [163] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [164] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [165] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [166] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [167] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [168] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [169] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Block 5/5, 3/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [170] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [171] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [172] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [173] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [174] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [175] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [176] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [177] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [178] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [179] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [180] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [181] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Finish ──

# [182] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [183] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
