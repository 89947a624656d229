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

# ── Configuration 1/3 (baseline): internal — JFS, log inside the volume ──

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

# [7] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [8] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [10] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [11] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Configuration 2/3 (variant): external-mkfs — JFS, log on the spare device, attached by mkfs.jfs ──

# [21] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [22] Format /dev/sdb1 as JFS with its log on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external-mkfs': JFS, log on the spare device, attached by mkfs.jfs. The
#     force flag is passed once because you confirmed this device.
mkfs.jfs -q -J device=/dev/sdc1 /dev/sdb1

# [23] Make the mountpoint /run/fstune/golden/external-mkfs
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-mkfs)
mkdir -p /run/fstune/golden/external-mkfs

# [24] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-mkfs

# [25] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [26] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-mkfs

# [27] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [28] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [30] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [31] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [32] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [33] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [34] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [35] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [36] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-mkfs -t 60 -c /usr/share/dbench/client.txt 8

# [38] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-mkfs/clients

# [39] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-mkfs

# [40] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-mkfs

# ── Configuration 3/3 (variant): external-tune — JFS, log moved to the spare device afterwards with jfs_tune ──

# [41] Make /dev/sdc1 an external JFS log  (DESTROYS DATA)
#     the log device must exist before it is attached. The force flag is passed once because you
#     confirmed this device.
mkfs.jfs -q -J journal_dev /dev/sdc1

# [42] Format /dev/sdb1 as JFS  (DESTROYS DATA)
#     configuration 'external-tune': JFS, log moved to the spare device afterwards with
#     jfs_tune. The force flag is passed once because you confirmed this device.
mkfs.jfs -q /dev/sdb1

# [43] Move the JFS log of /dev/sdb1 to /dev/sdc1  (DESTROYS DATA)
#     shows the other way to get an external log: attach it to an existing filesystem
jfs_tune -J device=/dev/sdc1 /dev/sdb1

# [44] Make the mountpoint /run/fstune/golden/external-tune
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external-tune)
mkdir -p /run/fstune/golden/external-tune

# [45] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t jfs /dev/sdb1 /run/fstune/golden/external-tune

# [46] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
jfs_tune -l /dev/sdb1

# [47] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external-tune

# [48] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [49] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [50] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [51] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [52] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [55] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [56] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [57] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [58] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external-tune -t 60 -c /usr/share/dbench/client.txt 8

# [59] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external-tune/clients

# [60] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external-tune

# [61] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external-tune

# ── Finish ──

# [62] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [63] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
