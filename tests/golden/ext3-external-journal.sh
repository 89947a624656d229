#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext3-external-journal': ext3: journal inside the filesystem vs on a second disk
# Move the ext3 journal to its own device: bulk I/O should not notice, metadata-heavy work may.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: ext3, internal journal, mount -o defaults
#   2. external: ext3, external journal/log, mount -o journal_path=/dev/sdc1
# Workloads: throughput, metadata; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
#   block 1/5: internal, external
#   block 2/5: external, internal
#   block 3/5: internal, external
#   block 4/5: external, internal
#   block 5/5: internal, external

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

# ── Block 1/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [6] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [7] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [8] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [9] fio: write, rewrite at random, read, read at random (repeat 1)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-1.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [10] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [11] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [12] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [14] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [15] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [16] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [17] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [18] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [19] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [20] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [21] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [22] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [23] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [24] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] fio: write, rewrite at random, read, read at random (repeat 1)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-1.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [26] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [27] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [28] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [30] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [31] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [32] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 2/5, 1/2 (variant): external — ext3, journal on the spare device ──

# [33] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [34] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [35] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [36] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [37] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [38] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [39] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [40] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] fio: write, rewrite at random, read, read at random (repeat 2)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-2.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [42] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [43] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [44] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [45] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [46] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [47] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [48] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 2/5, 2/2 (baseline): internal — ext3, journal inside the filesystem ──

# [49] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [50] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [51] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [52] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [53] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [54] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [55] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [56] fio: write, rewrite at random, read, read at random (repeat 2)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-2.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [57] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [58] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [59] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [60] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [61] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [62] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [63] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [64] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [65] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [66] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [67] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [68] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [69] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [70] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [71] fio: write, rewrite at random, read, read at random (repeat 3)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-3.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [72] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [73] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [74] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [75] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [76] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [77] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [78] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [79] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [80] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [81] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [82] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [83] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [84] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [85] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [86] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [87] fio: write, rewrite at random, read, read at random (repeat 3)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-3.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [88] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [89] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [90] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [91] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [92] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [93] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [94] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 1/2 (variant): external — ext3, journal on the spare device ──

# [95] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [96] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [97] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [98] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [99] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [100] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [101] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [102] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [103] fio: write, rewrite at random, read, read at random (repeat 4)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-4.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [104] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [105] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [106] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [107] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [108] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [109] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [110] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 2/2 (baseline): internal — ext3, journal inside the filesystem ──

# [111] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [112] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [113] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [114] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [115] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [116] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [117] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [118] fio: write, rewrite at random, read, read at random (repeat 4)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-4.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [119] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [120] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [121] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [122] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [123] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [124] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [125] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [126] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [127] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [128] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext3 /dev/sdb1 /run/fstune/golden/internal

# [129] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [130] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [131] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [132] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [133] fio: write, rewrite at random, read, read at random (repeat 5)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/internal/throughput-5.json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [134] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [135] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [136] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [137] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [138] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [139] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [140] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/2 (variant): external — ext3, journal on the spare device ──

# [141] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [142] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [143] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [144] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [145] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [146] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [147] Flush dirty data and wait until it is written
#     so that the fio run does not pay for writes left over from earlier steps
fstune workload-helper settle

# [148] Drop the page cache
#     so that the fio run reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [149] fio: write, rewrite at random, read, read at random (repeat 5)
#     measures bulk data throughput and latency the way tiobench did
fio --output-format=json --output=/var/tmp/fstune/golden/external/throughput-5.json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --bs=4k --numjobs=4 --size=256m --runtime=30 --group_reporting --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall --name=seqread --rw=read --stonewall --name=randread --rw=randread --stonewall

# [150] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [151] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [152] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [153] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [154] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [155] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [156] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Finish ──

# [157] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [158] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
