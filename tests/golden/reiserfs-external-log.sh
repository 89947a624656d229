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

# ── Configuration 1/3 (baseline): internal — ReiserFS, journal inside the filesystem ──

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

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 15

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Configuration 2/3 (variant): external — ReiserFS, journal on the spare device ──

# [21] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ReiserFS, journal on the spare device. The force flag is passed
#     once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [22] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [23] Mount /dev/sdb1 (jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [24] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [25] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [26] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [27] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [28] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [29] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [30] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [31] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [32] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [33] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [34] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [35] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 15

# [37] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [38] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [39] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Configuration 3/3 (variant): external-notail — ReiserFS, journal on the spare device, mounted notail ──

# [40] Format /dev/sdb1 as ReiserFS with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-notail': ReiserFS, journal on the spare device, mounted notail.
#     The force flag is passed once because you confirmed this device.
mkreiserfs -f -j /dev/sdc1 /dev/sdb1

# [41] Make the mountpoint /run/fstune/golden/external-notail
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-notail)
mkdir -p /run/fstune/golden/external-notail

# [42] Mount /dev/sdb1 (notail,jdev=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t reiserfs -o notail,jdev=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external-notail

# [43] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
debugreiserfs /dev/sdb1

# [44] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-notail

# [45] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] dbench with 15 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [48] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [49] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [50] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [51] dbench with 15 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [52] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [53] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [54] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [55] dbench with 15 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-notail -t 60 -c /usr/share/dbench/client.txt 15

# [56] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-notail/clients

# [57] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-notail

# [58] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-notail

# ── Finish ──

# [59] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [60] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
