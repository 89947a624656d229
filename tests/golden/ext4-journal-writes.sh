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
# Workloads: writes; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: journal, no-journal
#   block 2/5: no-journal, journal
#   block 3/5: journal, no-journal
#   block 4/5: no-journal, journal
#   block 5/5: journal, no-journal

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

# ── Block 1/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [3] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

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

# [8] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

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

# [14] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [15] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Block 1/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [16] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [17] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [18] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [19] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [20] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [21] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [22] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [23] populate: unpack the source tree (like git clone) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-1.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [24] build: read every source file and its headers, write its object file (like make) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-1.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [25] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 1)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-1.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [26] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [27] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [28] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Block 2/5, 1/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [29] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [30] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [31] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [32] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [33] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [34] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [35] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [36] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [37] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [38] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [39] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [40] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [41] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Block 2/5, 2/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [42] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal

# [44] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [47] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] populate: unpack the source tree (like git clone) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-2.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [50] build: read every source file and its headers, write its object file (like make) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-2.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [51] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 2)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-2.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [52] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [53] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [54] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Block 3/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [55] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [56] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal

# [57] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [58] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [59] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [60] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [61] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [62] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [63] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [64] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [65] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [66] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [67] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Block 3/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [68] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [69] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [70] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [71] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [72] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [73] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] populate: unpack the source tree (like git clone) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-3.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [76] build: read every source file and its headers, write its object file (like make) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-3.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [77] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 3)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-3.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [78] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [79] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [80] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Block 4/5, 1/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [81] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [82] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [83] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [84] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [85] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [86] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [87] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [88] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [89] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [90] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [91] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [92] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [93] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Block 4/5, 2/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [94] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [95] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal

# [96] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [97] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [98] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [99] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [100] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [101] populate: unpack the source tree (like git clone) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-4.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [102] build: read every source file and its headers, write its object file (like make) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-4.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [103] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 4)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-4.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [104] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [105] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [106] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Block 5/5, 1/2 (baseline): journal — ext4 with its journal, mounted strictatime ──

# [107] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'journal': ext4 with its journal, mounted strictatime. The force flag is
#     passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [108] Make the mountpoint /run/fstune/golden/journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/journal)
mkdir -p /run/fstune/golden/journal

# [109] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/journal

# [110] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [111] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/journal

# [112] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [113] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [114] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/journal

# [115] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/journal/src

# [116] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/journal/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/journal/src

# [117] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/journal/src

# [118] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/journal

# [119] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/journal

# ── Block 5/5, 2/2 (variant): no-journal — ext4 without a journal (-O ^has_journal), mounted strictatime ──

# [120] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'no-journal': ext4 without a journal (-O ^has_journal), mounted strictatime.
#     The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -O '^has_journal' -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/no-journal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/no-journal)
mkdir -p /run/fstune/golden/no-journal

# [122] Mount /dev/sdb1 (strictatime)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o strictatime /dev/sdb1 /run/fstune/golden/no-journal

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/no-journal

# [125] Flush dirty data and wait until it is written
#     so that the build does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Drop the page cache
#     so that the build reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] populate: unpack the source tree (like git clone) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-populate-5.json --device /dev/sdb1 -- fstune workload-helper unpack --spread 12 /var/tmp/fstune/golden/inputs/source-2000.tar /run/fstune/golden/no-journal

# [128] build: read every source file and its headers, write its object file (like make) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-build-5.json --device /dev/sdb1 -- fstune workload-helper build --spread 12 /run/fstune/golden/no-journal/src

# [129] clean: read the Makefiles, look at every file, delete the objects (like make clean) (repeat 5)
#     counts the sectors this phase writes to every device under test
fstune workload-helper count-writes --result /var/tmp/fstune/golden/no-journal/writes-clean-5.json --device /dev/sdb1 -- fstune workload-helper clean --spread 12 /run/fstune/golden/no-journal/src

# [130] Remove the source tree
#     each repeat starts from an empty filesystem
rm -r /run/fstune/golden/no-journal/src

# [131] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/no-journal

# [132] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/no-journal

# ── Finish ──

# [133] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [134] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
