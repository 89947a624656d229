#!/usr/bin/env bash
# fstune 0.1.0 plan for study 'ext4-external-journal': ext4: journal inside vs on a second device
# Today's ext4 with its journal inside or on a separate device, under dbench and a tiobench-
# style fio job.
#
# Target:      /dev/sdb1 (20 GiB)
# Journal/log: /dev/sdc1 (512 MiB)
# WARNING: this script ERASES everything on /dev/sdb1 and /dev/sdc1.
# Configurations (the first is the baseline the others are compared with):
#   1. internal: ext4, internal journal, mount -o defaults
#   2. external: ext4, external journal/log, mount -o journal_path=/dev/sdc1
# Workloads: metadata, throughput; blocks: 5, each making, measuring and unmounting every configuration once, in this order:
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

# ── Block 1/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [3] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [4] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [5] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

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

# [11] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [12] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [13] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [14] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [15] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [16] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [18] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [19] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [20] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 1/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [21] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [22] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [23] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [24] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [25] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [26] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

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

# [31] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [32] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [33] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [35] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [36] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [38] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [39] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [40] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 2/5, 1/2 (variant): external — ext4, journal on the spare device ──

# [41] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [42] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [43] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [44] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [45] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [46] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [47] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [48] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [49] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [50] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [51] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [52] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [53] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [55] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [56] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [58] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [59] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [60] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 2/5, 2/2 (baseline): internal — ext4, journal inside the filesystem ──

# [61] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [62] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [63] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [64] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [65] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [66] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [67] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [68] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [69] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [70] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [71] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [72] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [73] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [74] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [75] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [76] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [77] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [78] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [79] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [80] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [81] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [82] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [83] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [84] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [85] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [86] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [87] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [88] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [89] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [90] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [91] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [92] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [93] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [94] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [95] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [96] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [97] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [98] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 3/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [99] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [100] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [101] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [102] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [103] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [104] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [105] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [106] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [107] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [108] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [109] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [110] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [111] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [112] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [113] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [114] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [115] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [116] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [117] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [118] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 1/2 (variant): external — ext4, journal on the spare device ──

# [119] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [120] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [121] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [122] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [123] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [124] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [125] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [126] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [127] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [128] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [129] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [130] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [131] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [132] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [133] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [134] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [135] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [136] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [137] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [138] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Block 4/5, 2/2 (baseline): internal — ext4, journal inside the filesystem ──

# [139] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [140] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [141] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [142] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [143] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [144] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [145] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [146] dbench with 8 clients for 60 s (repeat 4)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [147] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [148] Write fio's files in full (repeat 4)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [149] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [150] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [151] fio: write, then rewrite at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [152] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [153] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [154] fio: read, then read at random (repeat 4)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-4.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [155] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [156] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [157] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 1/2 (baseline): internal — ext4, journal inside the filesystem ──

# [158] Format /dev/sdb1 as ext4  (DESTROYS DATA)
#     configuration 'internal': ext4, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -F /dev/sdb1

# [159] Make the mountpoint /run/fstune/golden/internal
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/internal)
mkdir -p /run/fstune/golden/internal

# [160] Mount /dev/sdb1 (defaults)
#     the workloads run inside the freshly made filesystem
mount -t ext4 /dev/sdb1 /run/fstune/golden/internal

# [161] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [162] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/internal

# [163] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [164] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [165] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [166] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [167] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [168] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [169] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [170] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [171] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [172] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [173] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [174] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3

# [175] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [176] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Block 5/5, 2/2 (variant): external — ext4, journal on the spare device ──

# [177] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext4 -b 4096 -O journal_dev -E lazy_journal_init=0 -F /dev/sdc1

# [178] Format /dev/sdb1 as ext4 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext4, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext4 -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 -J device=/dev/sdc1 -F /dev/sdb1

# [179] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [180] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext4 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [181] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [182] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [183] Flush dirty data and wait until it is written
#     so that dbench does not pay for writes left over from earlier steps
fstune workload-helper settle

# [184] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [185] dbench with 8 clients for 60 s (repeat 5)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [186] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [187] Write fio's files in full (repeat 5)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [188] Flush dirty data and wait until it is written
#     so that fio's writes does not pay for writes left over from earlier steps
fstune workload-helper settle

# [189] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [190] fio: write, then rewrite at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [191] Flush dirty data and wait until it is written
#     so that fio's reads does not pay for writes left over from earlier steps
fstune workload-helper settle

# [192] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [193] fio: read, then read at random (repeat 5)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-5.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=1 --numjobs=4 --size=256m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [194] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3

# [195] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [196] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Finish ──

# [197] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [198] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
