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
# Workloads: throughput, metadata; repeats per configuration: 3

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

# ── Configuration 1/2 (baseline): internal — ext3, journal inside the filesystem ──

# [2] Format /dev/sdb1 as ext3  (DESTROYS DATA)
#     configuration 'internal': ext3, journal inside the filesystem. The force flag is passed
#     once because you confirmed this device.
mkfs.ext3 -b 4096 -F /dev/sdb1

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

# [7] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [8] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [9] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [10] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [11] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [12] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [13] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [14] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [15] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [16] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [17] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [18] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [19] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [20] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [21] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [22] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [23] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [24] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [25] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [26] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [27] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [28] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [29] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [30] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [31] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [32] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [33] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [34] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [35] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [36] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [37] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/internal/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/internal '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [38] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/internal/fstune-fio.0 /run/fstune/golden/internal/fstune-fio.1 /run/fstune/golden/internal/fstune-fio.2 /run/fstune/golden/internal/fstune-fio.3 /run/fstune/golden/internal/fstune-fio.4 /run/fstune/golden/internal/fstune-fio.5 /run/fstune/golden/internal/fstune-fio.6 /run/fstune/golden/internal/fstune-fio.7 /run/fstune/golden/internal/fstune-fio.8 /run/fstune/golden/internal/fstune-fio.9 /run/fstune/golden/internal/fstune-fio.10 /run/fstune/golden/internal/fstune-fio.11 /run/fstune/golden/internal/fstune-fio.12 /run/fstune/golden/internal/fstune-fio.13 /run/fstune/golden/internal/fstune-fio.14 /run/fstune/golden/internal/fstune-fio.15 /run/fstune/golden/internal/fstune-fio.16 /run/fstune/golden/internal/fstune-fio.17 /run/fstune/golden/internal/fstune-fio.18 /run/fstune/golden/internal/fstune-fio.19 /run/fstune/golden/internal/fstune-fio.20 /run/fstune/golden/internal/fstune-fio.21 /run/fstune/golden/internal/fstune-fio.22 /run/fstune/golden/internal/fstune-fio.23 /run/fstune/golden/internal/fstune-fio.24 /run/fstune/golden/internal/fstune-fio.25 /run/fstune/golden/internal/fstune-fio.26 /run/fstune/golden/internal/fstune-fio.27 /run/fstune/golden/internal/fstune-fio.28 /run/fstune/golden/internal/fstune-fio.29 /run/fstune/golden/internal/fstune-fio.30 /run/fstune/golden/internal/fstune-fio.31

# [39] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [40] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [41] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/internal -t 60 -c /usr/share/dbench/client.txt 8

# [42] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/internal/clients

# [43] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/internal

# [44] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/internal

# ── Configuration 2/2 (variant): external — ext3, journal on the spare device ──

# [45] Make /dev/sdc1 an external journal (4096-byte blocks)  (DESTROYS DATA)
#     the journal device must exist before the filesystem that uses it, with the same block
#     size. The force flag is passed once because you confirmed this device.
mkfs.ext3 -b 4096 -O journal_dev -F /dev/sdc1

# [46] Format /dev/sdb1 as ext3 with its journal on /dev/sdc1  (DESTROYS DATA)
#     configuration 'external': ext3, journal on the spare device. The force flag is passed once
#     because you confirmed this device.
mkfs.ext3 -b 4096 -J device=/dev/sdc1 -F /dev/sdb1

# [47] Make the mountpoint /run/fstune/golden/external
#     a private, temporary mountpoint that fstune removes afterwards
FSTUNE_MOUNTPOINTS+=(/run/fstune/golden/external)
mkdir -p /run/fstune/golden/external

# [48] Mount /dev/sdb1 (journal_path=/dev/sdc1)
#     the workloads run inside the freshly made filesystem
mount -t ext3 -o journal_path=/dev/sdc1 /dev/sdb1 /run/fstune/golden/external

# [49] Show how the filesystem was made
#     the record proves the journal placement and options the figures belong to
dumpe2fs -h /dev/sdb1

# [50] Make the directory for this configuration's results
#     tool reports are kept outside the filesystem under test
mkdir -p /var/tmp/fstune/golden/external

# [51] Write fio's files in full (repeat 1)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [52] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [53] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [54] fio: write, then rewrite at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [55] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [56] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [57] fio: read, then read at random (repeat 1)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-1.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [58] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [59] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [60] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [61] dbench with 8 clients for 60 s (repeat 1)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [62] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [63] Write fio's files in full (repeat 2)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [64] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [65] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [66] fio: write, then rewrite at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [67] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [68] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [69] fio: read, then read at random (repeat 2)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-2.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [70] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [71] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [72] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [73] dbench with 8 clients for 60 s (repeat 2)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [74] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [75] Write fio's files in full (repeat 3)
#     every block the measured phases read holds data that was really written
fio --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=1m --end_fsync=1 --name=layout --rw=write

# [76] Flush dirty data
#     so that fio's writes does not pay for writes left over from earlier steps
sync

# [77] Drop the page cache
#     so that fio's writes reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [78] fio: write, then rewrite at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-writes-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --end_fsync=1 --name=seqwrite --rw=write --name=randwrite --rw=randwrite --stonewall

# [79] Flush dirty data
#     so that fio's reads does not pay for writes left over from earlier steps
sync

# [80] Drop the page cache
#     so that fio's reads reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [81] fio: read, then read at random (repeat 3)
#     bulk data throughput and latency the way tiobench measured them, each phase until its rate
#     is steady
fio --output=/var/tmp/fstune/golden/external/throughput-fio-reads-3.json --output-format=json --eta=always --directory=/run/fstune/golden/external '--filename_format=fstune-fio.$jobnum' --ioengine=psync --direct=0 --numjobs=32 --size=480m --group_reporting --bs=4k --time_based --runtime=30 --ramp_time=2 --steadystate=bw_slope:2% --ss_dur=5 --name=seqread --rw=read --name=randread --rw=randread --stonewall

# [82] Remove fio's test files
#     each repeat starts from an empty filesystem
rm -f /run/fstune/golden/external/fstune-fio.0 /run/fstune/golden/external/fstune-fio.1 /run/fstune/golden/external/fstune-fio.2 /run/fstune/golden/external/fstune-fio.3 /run/fstune/golden/external/fstune-fio.4 /run/fstune/golden/external/fstune-fio.5 /run/fstune/golden/external/fstune-fio.6 /run/fstune/golden/external/fstune-fio.7 /run/fstune/golden/external/fstune-fio.8 /run/fstune/golden/external/fstune-fio.9 /run/fstune/golden/external/fstune-fio.10 /run/fstune/golden/external/fstune-fio.11 /run/fstune/golden/external/fstune-fio.12 /run/fstune/golden/external/fstune-fio.13 /run/fstune/golden/external/fstune-fio.14 /run/fstune/golden/external/fstune-fio.15 /run/fstune/golden/external/fstune-fio.16 /run/fstune/golden/external/fstune-fio.17 /run/fstune/golden/external/fstune-fio.18 /run/fstune/golden/external/fstune-fio.19 /run/fstune/golden/external/fstune-fio.20 /run/fstune/golden/external/fstune-fio.21 /run/fstune/golden/external/fstune-fio.22 /run/fstune/golden/external/fstune-fio.23 /run/fstune/golden/external/fstune-fio.24 /run/fstune/golden/external/fstune-fio.25 /run/fstune/golden/external/fstune-fio.26 /run/fstune/golden/external/fstune-fio.27 /run/fstune/golden/external/fstune-fio.28 /run/fstune/golden/external/fstune-fio.29 /run/fstune/golden/external/fstune-fio.30 /run/fstune/golden/external/fstune-fio.31

# [83] Flush dirty data
#     so that dbench does not pay for writes left over from earlier steps
sync

# [84] Drop the page cache
#     so that dbench reads from the device, not from memory
sysctl -q vm.drop_caches=3 || echo 'fstune: warning: caches could not be dropped; the next figures are from a warm cache' >&2

# [85] dbench with 8 clients for 60 s (repeat 3)
#     a metadata-heavy load: the journal's placement matters most here
dbench -D /run/fstune/golden/external -t 60 -c /usr/share/dbench/client.txt 8

# [86] Remove dbench's files
#     each repeat starts from an empty filesystem
rm -rf /run/fstune/golden/external/clients

# [87] Unmount /dev/sdb1
#     the next configuration reformats the device
umount /run/fstune/golden/external

# [88] Remove the mountpoint
#     leave nothing behind
rmdir /run/fstune/golden/external

# ── Finish ──

# [89] Remove fstune's run directory
#     leave nothing behind
rmdir /run/fstune/golden || echo 'fstune: warning: the run directory was not empty' >&2

# [90] Remove the generated inputs
#     only the tools' reports are kept, in /var/tmp/fstune/golden
rm -rf /var/tmp/fstune/golden/inputs

echo 'fstune: plan finished; tool reports are in /var/tmp/fstune/golden'
