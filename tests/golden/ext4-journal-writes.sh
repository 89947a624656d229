#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-journal-writes': ext4: megabytes written with and without a journal
# Count what a populate, build and clean cycle writes to disk on ext4 with and without its
# journal.
#
# Target:      /dev/sdb1 (20 GiB)
# WARNING: this script ERASES everything on /dev/sdb1.
# Configurations (the first is the baseline the others are compared with):
#   1. journal: ext4, internal journal, mount -o strictatime
#   2. no-journal: ext4, no journal, mount -o strictatime
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

# ── Configuration 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -F /dev/sdb1

# [4] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal

# [5] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [6] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [7] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [8] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [11] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [12] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [13] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [14] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [15] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [16] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [17] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [18] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [19] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [20] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [23] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [24] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [25] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [26] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [27] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Configuration 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [28] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O '^has_journal' -F /dev/sdb1

# [29] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [30] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [31] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [32] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [33] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [34] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [35] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [36] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [37] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [38] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [39] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [42] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [43] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [44] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [45] Flush dirty data
#     so that the build does not pay for writes left over from earlier steps
sync

# [46] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [47] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [48] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [49] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [50] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [51] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [52] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Finish ──

# [53] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [54] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
