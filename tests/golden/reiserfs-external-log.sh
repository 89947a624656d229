#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'reiserfs-external-log': ReiserFS: journal inside vs on a second disk, then notail
# Move the ReiserFS journal to another device, then stop packing file tails, under dbench with
# 15 clients.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: reiserfs, internal journal, mount -o defaults
#   2. external: reiserfs, external journal/log, mount -o jdev=/dev/sdc1
#   3. external-notail: reiserfs, external journal/log, mount -o notail,jdev=/dev/sdc1
# Workloads: metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: internal, external, external-notail
#   block 2/5: external, external-notail, internal
#   block 3/5: external-notail, internal, external
#   block 4/5: external-notail, external, internal
#   block 5/5: internal, external-notail, external

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

# ── Block 1/5, 1/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'internal': ReiserFS, journal inside the filesystem. The force flag is
#     passed once because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [7] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [12] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/3 (variant): external — ReiserFS, journal on the spare device ──

# [13] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [14] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [15] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [16] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [17] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [18] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [19] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [20] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [21] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [22] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [23] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 1/5, 3/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [24] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [25] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [26] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [27] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [28] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [29] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [30] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [31] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [32] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [33] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [34] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Block 2/5, 1/3 (variant): external — ReiserFS, journal on the spare device ──

# [35] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [36] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [37] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [38] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [39] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [40] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [41] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [42] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [43] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [44] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [45] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 2/5, 2/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [46] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [48] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [51] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [52] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [53] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [54] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [55] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [56] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Block 2/5, 3/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

# [57] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'internal': ReiserFS, journal inside the filesystem. The force flag is
#     passed once because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [58] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [59] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/internal

# [60] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [61] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [62] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [63] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [64] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [65] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [68] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [70] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [73] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [78] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Block 3/5, 2/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

# [79] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'internal': ReiserFS, journal inside the filesystem. The force flag is
#     passed once because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [80] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [81] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/internal

# [82] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [83] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [84] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [85] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [86] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [87] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [88] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [89] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 3/3 (variant): external — ReiserFS, journal on the spare device ──

# [90] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [91] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [92] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [93] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [94] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [95] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [96] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [97] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [98] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [99] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [100] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 1/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [101] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [102] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [103] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [104] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [105] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [106] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [107] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [108] dbench with 15 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [109] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [110] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [111] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Block 4/5, 2/3 (variant): external — ReiserFS, journal on the spare device ──

# [112] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [113] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [114] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [115] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [116] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [117] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [118] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [119] dbench with 15 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [120] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [121] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [122] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 3/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

# [123] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'internal': ReiserFS, journal inside the filesystem. The force flag is
#     passed once because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [124] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [125] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/internal

# [126] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [127] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [128] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [129] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [130] dbench with 15 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [131] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [132] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [133] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

# [134] Format /dev/sdb1 as ReiserFS  (DESTROYS DATA)
#     configuration 'internal': ReiserFS, journal inside the filesystem. The force flag is
#     passed once because you confirmed this device.
mkreiserfs -f /dev/sdb1

# [135] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [136] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs /dev/sdb1 /run/fstune/golden/internal

# [137] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [138] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [139] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [140] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [141] dbench with 15 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [142] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [143] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [144] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [145] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [146] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [147] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [148] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [149] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [150] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [151] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [152] dbench with 15 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [153] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [154] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [155] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Block 5/5, 3/3 (variant): external — ReiserFS, journal on the spare device ──

# [156] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [157] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [158] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [159] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [160] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [161] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [162] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [163] dbench with 15 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [164] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [165] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [166] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Finish ──

# [167] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [168] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
