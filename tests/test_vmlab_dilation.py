"""Time dilation in a real VM lab (slow: boots the session's VM): the served disk really runs the
factor slower, the environment carries the factor, and the factor is measured on dbench."""

from __future__ import annotations

import json

import pytest

from fstune import diskmodel, vmlab
from fstune.diskmodel.dilation import Dilation
from fstune.errors import UsageError
from fstune.vmlab import dilation as measuring
from fstune.vmlab import servers

# scattered 4 KiB reads with O_DIRECT: every one a miss of the model (the head moves each time)
READS = ("import os, random; fd = os.open({dev!r}, os.O_RDONLY | os.O_DIRECT); import mmap; "
         "buf = mmap.mmap(-1, 4096); r = random.Random(7); size = os.lseek(fd, 0, 2); "
         "[os.preadv(fd, [buf], r.randrange(size // 4096 - 1) * 4096) for _ in range(40)]")


def _misses(vm, index: int) -> dict:
    # the plugin writes its statistics every quarter second
    import time

    time.sleep(0.6)
    return (servers.read_stats(vm.directory, index) or {}).get("by_kind", {}).get("miss", {})


def _read_scattered(vm, disk) -> None:
    dev = f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_{vmlab.DISK_MODEL}_{disk.serial}"
    status, out, err = vmlab.vm_run_capture(vm, ["python3", "-c", READS.format(dev=dev)], timeout=300)
    assert status == 0, out + err


def test_a_dilated_disk_serves_factor_times_slower_and_every_run_knows(vm):
    disk = vm.disks[0]
    try:
        vmlab.set_disk_model(vm, diskmodel.DEFAULT_PRESET)
        _read_scattered(vm, disk)
        native = _misses(vm, disk.index)
        vmlab.set_dilation(vm, Dilation.given(4))
        stats = servers.read_stats(vm.directory, disk.index)
        assert stats["dilation"] == 4 and stats["model"]["name"] == "deskstar-7k250"  # the native disk, stretched
        assert json.loads(servers.model_file(vm.directory, disk.index).read_text())["dilation"] == 4
        _read_scattered(vm, disk)
        slow = _misses(vm, disk.index)
        assert native["n"] >= 30 and slow["n"] >= 30
        # the same kind of request, modelled 4 × as long, and served so (lateness is small beside it)
        assert slow["modelled_ms"] / native["modelled_ms"] == pytest.approx(4, rel=0.15)
        assert slow["took_ms"] / native["took_ms"] == pytest.approx(4, rel=0.3)
        env = vmlab.environment(vmlab.load_vm(vm.directory))
        assert env["dilation"]["factor"] == 4 and env["dilation"]["how"] == "given"
        # a command in the guest sees it: fstune records it with every run it makes there
        status, out, _ = vmlab.vm_run_capture(vm, ["sh", "-c", f"echo ${vmlab.ENVIRONMENT_VAR}"], timeout=60)
        assert json.loads(out)["dilation"]["factor"] == 4
        # switching the model keeps the factor
        vmlab.set_disk_model(vm, diskmodel.DEFAULT_PRESET)
        assert servers.read_stats(vm.directory, disk.index)["dilation"] == 4
    finally:
        vmlab.set_disk_model(vm, None)
        vmlab.set_dilation(vm, None)
    assert vmlab.load_vm(vm.directory).dilation is None
    with pytest.raises(UsageError, match="disks have none"):
        vmlab.set_dilation(vm, Dilation.given(2))  # no model to slow
    vmlab.set_dilation(vm, None)  # nothing to undo: fine


def test_the_factor_is_measured_on_dbench_in_the_guest_and_on_the_host(vm):
    lines = []
    found = measuring.measure(vm, clients=2, seconds=3, pairs=2, say=lines.append)
    assert found.how == "measured" and len(found.ratios) == 2 and found.unit == "MB/s"
    assert [line.split()[1] for line in lines] == ["host", "guest", "guest", "host"]
    assert all(v > 0 for v in found.host + found.guest)
    assert found.low <= found.factor <= found.high
    # under TCG the guest's CPU is many times slower; under KVM about as fast
    assert found.factor > (3 if vm.accel == "tcg" else 1) - 1e-9
    assert "dbench 2 clients 3 s" in found.describe()
    # each side unmounted the tmpfs it made
    with open("/proc/mounts") as mounts:
        assert "fstune-dilation" not in mounts.read()
    status, out, _ = vmlab.vm_run_capture(vm, ["cat", "/proc/mounts"], timeout=60)
    assert status == 0 and "fstune-dilation" not in out


def test_the_guest_s_timers_are_stretched_by_the_factor_and_read_back(vm):
    def read() -> dict[str, int]:
        status, out, err = vmlab.vm_run_capture(vm, ["sh", "-c", measuring.read_sysctls_script()], timeout=120)
        assert status == 0, out + err
        return measuring.parse_sysctls(out)

    native = read()
    assert {"vm.dirty_expire_centisecs", "vm.dirty_writeback_centisecs", "fs.xfs.xfssyncd_centisecs"} <= set(native)
    try:
        clocks = measuring.stretch_guest_clocks(vm, 2.0)
        assert {c.name: (c.native, c.dilated) for c in clocks} == {name: (value, 2 * value)
                                                                     for name, value in native.items()}
        assert read() == {name: 2 * value for name, value in native.items()}
    finally:  # the session's VM goes on with its kernel's own timers
        back = measuring.write_sysctls_script(measuring.guest_sysctls(native, 1))
        status, out, err = vmlab.vm_run_capture(vm, ["sh", "-c", back], timeout=120)
        assert status == 0, out + err
    assert read() == native
