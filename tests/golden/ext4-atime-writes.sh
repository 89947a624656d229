#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-atime-writes': ext4: megabytes written with strictatime, relatime and noatime
# How much of a build's disk writes come from recording access times, on journalled ext4.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. strictatime: ext4, internal journal, mount -o strictatime
#   2. relatime: ext4, internal journal, mount -o relatime
#   3. noatime: ext4, internal journal, mount -o noatime
# Workloads: writes; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: strictatime, relatime, noatime
#   block 2/5: relatime, noatime, strictatime
#   block 3/5: noatime, strictatime, relatime
#   block 4/5: noatime, relatime, strictatime
#   block 5/5: strictatime, noatime, relatime

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

# [2] Generate a source tree of 2000 files
#     made once, outside the filesystem under test, so every configuration builds the same tree
fstune workload-helper make-tree --kind source --files 2000 --top src /var/tmp/fstune/golden/inputs/source-2000.tar

# ── Block 1/5, 1/3 (baseline): strictatime — ext4, access time written on every read ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [8] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime

# [11] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src

# [12] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [14] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [15] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Block 1/5, 2/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [16] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [17] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [18] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [19] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [20] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [21] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime

# [24] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src

# [25] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src

# [26] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [27] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [28] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Block 1/5, 3/3 (variant): noatime — ext4, noatime ──

# [29] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [30] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [31] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [32] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [33] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [34] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [35] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime

# [37] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src

# [38] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src

# [39] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [40] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [41] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Block 2/5, 1/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [42] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [44] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [47] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime

# [50] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src

# [51] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src

# [52] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [53] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [54] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Block 2/5, 2/3 (variant): noatime — ext4, noatime ──

# [55] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [56] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [57] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [58] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [59] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [60] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [62] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime

# [63] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src

# [64] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src

# [65] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Block 2/5, 3/3 (baseline): strictatime — ext4, access time written on every read ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [70] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [73] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime

# [76] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src

# [77] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src

# [78] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [79] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [80] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Block 3/5, 1/3 (variant): noatime — ext4, noatime ──

# [81] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [82] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [83] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [84] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [85] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [86] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [88] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime

# [89] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src

# [90] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src

# [91] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [92] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [93] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Block 3/5, 2/3 (baseline): strictatime — ext4, access time written on every read ──

# [94] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [95] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [96] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [97] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [98] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [99] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [100] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime

# [102] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src

# [103] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src

# [104] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [105] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [106] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Block 3/5, 3/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [107] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [108] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [109] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [110] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [111] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [112] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [113] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime

# [115] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src

# [116] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src

# [117] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [118] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [119] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Block 4/5, 1/3 (variant): noatime — ext4, noatime ──

# [120] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [122] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [125] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime

# [128] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src

# [129] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src

# [130] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [131] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [132] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Block 4/5, 2/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [133] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [134] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [135] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [136] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [137] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [138] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [139] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [140] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime

# [141] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src

# [142] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src

# [143] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [144] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [145] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Block 4/5, 3/3 (baseline): strictatime — ext4, access time written on every read ──

# [146] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [147] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [148] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [149] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [150] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [151] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [152] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [153] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime

# [154] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src

# [155] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src

# [156] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [157] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [158] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Block 5/5, 1/3 (baseline): strictatime — ext4, access time written on every read ──

# [159] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'strictatime': ext4, access time written on every read. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [160] Make the mountpoint /run/fstune/golden/strictatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/strictatime)
mkdir -p /run/fstune/golden/strictatime

# [161] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/strictatime

# [162] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [163] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/strictatime

# [164] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [165] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [166] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/strictatime

# [167] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/strictatime/src

# [168] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/strictatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/strictatime/src

# [169] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/strictatime/src

# [170] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/strictatime

# [171] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/strictatime

# ── Block 5/5, 2/3 (variant): noatime — ext4, noatime ──

# [172] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'noatime': ext4, noatime. The force flag is passed once because you
#     confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [173] Make the mountpoint /run/fstune/golden/noatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/noatime)
mkdir -p /run/fstune/golden/noatime

# [174] Mount /dev/sdb1 (noatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o noatime /dev/sdb1 /run/fstune/golden/noatime

# [175] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [176] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/noatime

# [177] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [178] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [179] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/noatime

# [180] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/noatime/src

# [181] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/noatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/noatime/src

# [182] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/noatime/src

# [183] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/noatime

# [184] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/noatime

# ── Block 5/5, 3/3 (variant): relatime — ext4, relatime (the kernel default) ──

# [185] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'relatime': ext4, relatime (the kernel default). The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [186] Make the mountpoint /run/fstune/golden/relatime
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/relatime)
mkdir -p /run/fstune/golden/relatime

# [187] Mount /dev/sdb1 (relatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o relatime /dev/sdb1 /run/fstune/golden/relatime

# [188] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [189] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/relatime

# [190] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [191] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [192] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/relatime

# [193] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/relatime/src

# [194] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/relatime/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/relatime/src

# [195] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/relatime/src

# [196] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/relatime

# [197] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/relatime

# ── Finish ──

# [198] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [199] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
