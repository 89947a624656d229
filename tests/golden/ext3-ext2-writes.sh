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
# Workloads: writes; repeats per configuration: 3

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

# ── Configuration 1/2 (baseline): ext3 — ext3 with its journal, mounted strictatime ──

# [3] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'ext3': ext3 with its journal, mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -F /dev/sdb1

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

# [8] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

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

# [14] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [17] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [18] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [19] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [20] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext3

# [23] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext3/src

# [24] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext3/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext3/src

# [25] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext3/src

# [26] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext3

# [27] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext3

# ── Configuration 2/2 (variant): ext2 — ext2 (no journal), mounted strictatime ──

# [28] Format /dev/sdb1 as ext2 (no journal)  (DESTROYS DATA)
#     configuration 'ext2': ext2 (no journal), mounted strictatime. The force flag is passed
#     once because you confirmed this device.
mkfs.ext2 -b 4096 -F /dev/sdb1

# [29] Make the mountpoint /run/fstune/golden/ext2
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/ext2)
mkdir -p /run/fstune/golden/ext2

# [30] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext2 -o strictatime /dev/sdb1 /run/fstune/golden/ext2

# [31] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [32] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/ext2

# [33] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [36] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [37] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [38] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [39] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [42] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [43] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [44] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [45] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/ext2

# [48] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/ext2/src

# [49] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/ext2/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/ext2/src

# [50] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/ext2/src

# [51] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/ext2

# [52] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/ext2

# ── Finish ──

# [53] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [54] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
