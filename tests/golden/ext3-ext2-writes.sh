#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext3-ext2-writes': ext3 vs ext2: megabytes written by a build
# What ext3's journal adds to the disk writes of a populate, build and clean cycle, compared
# with ext2.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. ext3: ext3, internal journal, mount -o strictatime
#   2. ext2: ext2, no journal, mount -o strictatime
# Workloads: writes; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: ext3, ext2
#   block 2/5: ext2, ext3
#   block 3/5: ext3, ext2
#   block 4/5: ext2, ext3
#   block 5/5: ext3, ext2

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

# ── Block 1/5, 1/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [8] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [9] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [11] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [12] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [14] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [15] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 1/5, 2/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [16] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [17] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [18] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [19] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [20] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [21] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [24] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [25] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [26] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [27] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [28] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 2/5, 1/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [29] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [30] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [31] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [32] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [33] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [34] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [35] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [37] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [38] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [39] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [40] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [41] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 2/5, 2/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [42] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [44] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [47] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [50] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [51] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [52] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [53] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [54] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 3/5, 1/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [55] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [56] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [57] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3

# [58] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [59] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [60] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [62] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [63] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [64] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [65] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 3/5, 2/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [68] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [70] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [73] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [76] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [77] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [78] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [79] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [80] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 4/5, 1/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [81] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [82] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [83] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [84] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [85] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [86] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [88] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [89] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [90] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [91] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [92] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [93] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Block 4/5, 2/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [94] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [95] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [96] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3

# [97] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [98] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [99] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [100] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [102] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [103] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [104] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [105] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [106] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 1/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [107] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [108] Make the mountpoint /run/fstune/golden/ext3
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext3)
mkdir -p /run/fstune/golden/ext3

# [109] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o strictatime /dev/sdb1 /run/fstune/golden/ext3

# [110] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [111] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext3

# [112] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [113] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [115] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [116] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [117] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [118] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [119] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Block 5/5, 2/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [120] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [122] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [125] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [128] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [129] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [130] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [131] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [132] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Finish ──

# [133] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [134] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
