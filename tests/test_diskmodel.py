"""The VM lab's disk model: its arithmetic on known request sequences (pure and fast), and one
check inside the VM that the served disks behave like a spindle (see docs/vmlab.md)."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from fstune import diskmodel, vmlab
from fstune.vmlab import guestdisks
from fstune.diskmodel import DESKSTAR_7K250 as P

GIB = 1 << 30
MIB = 1 << 20


def ms(seconds: float) -> float:
    return seconds * 1000


def approx(value: float) -> pytest.approx:
    return pytest.approx(value, abs=1e-9)


# --------------------------------------------------------------------------------------------
# The datasheet figures and the seek curve


def test_preset_is_the_named_disk_with_its_figures():
    assert P.name == "deskstar-7k250" and diskmodel.DEFAULT_PRESET == P.name
    assert (P.rpm, P.average_seek_ms, P.cache_kib) == (7200, 8.5, 8192)
    assert P.rotational_latency_ms == pytest.approx(4.1667, abs=1e-4)
    # one turn at the media rate: what a track holds
    assert P.track_bytes == int(45.5e6 * 60 / 7200)


def test_seek_curve_settles_grows_with_root_distance_and_averages_to_the_datasheet():
    tracks = 2000
    assert P.seek_ms(0, tracks) == 0
    assert P.seek_ms(1, tracks) == approx(P.track_to_track_ms)
    assert P.seek_ms(tracks - 1, tracks) == approx(P.track_to_track_ms + P.seek_coefficient_ms)
    # a quarter of the stroke costs half the way from settle to full stroke: √(1/4)
    quarter = P.seek_ms(1 + (tracks - 2) // 4, tracks)
    assert quarter == pytest.approx(P.track_to_track_ms + P.seek_coefficient_ms / 2, abs=0.01)
    # the datasheet's average over all seek distances (weights max+1-n): the average seek
    n = 400
    weighted = sum((n - d) * P.seek_ms(d, n) for d in range(1, n)) / sum(n - d for d in range(1, n))
    assert weighted == pytest.approx(P.average_seek_ms, rel=0.01)


def test_full_stroke_caps_the_curve():
    steep = replace(P, average_seek_ms=12.0, full_stroke_ms=15.0)
    assert steep.seek_ms(999, 1000) == 15.0
    assert steep.seek_ms(2, 1000) < 15.0


# --------------------------------------------------------------------------------------------
# Known request sequences


def test_a_random_read_costs_command_seek_half_a_turn_and_transfer():
    disk = diskmodel.Disk(P, GIB)
    far = disk.tracks - 1
    service = disk.read(far * disk.track_bytes, 4096, now=1.0)
    assert service.kind == "miss"
    expected = P.overhead_ms + P.seek_ms(far, disk.tracks) + P.rotational_latency_ms + 4096 / 45.5e3
    assert ms(service.done - 1.0) == pytest.approx(expected)
    assert service.seek_ms == approx(P.seek_ms(far, disk.tracks))
    assert disk.head == far
    # back to the start: the same distance, the same cost
    back = disk.read(0, 4096, now=service.done)
    assert ms(back.done - service.done) == pytest.approx(expected)


def test_sequential_reads_stream_from_the_read_ahead_at_the_media_rate():
    disk = diskmodel.Disk(P, GIB)
    first = disk.read(0, 64 * 1024, now=0.0)
    assert first.kind == "miss"
    now, offset = first.done, 64 * 1024
    for _ in range(100):  # 100 × 64 KiB, each asked for as soon as the last arrived
        service = disk.read(offset, 64 * 1024, now)
        assert service.kind == "readahead"
        now, offset = service.done, offset + 64 * 1024
    rate = 100 * 64 * 1024 / (now - first.done) / 1e6
    assert rate == pytest.approx(P.media_mbs, rel=0.01)


def test_read_ahead_is_ready_after_idle_time_and_stops_at_its_segment():
    disk = diskmodel.Disk(P, GIB)
    first = disk.read(0, 4096, now=0.0)
    idle = first.done + 1.0  # a second later the segment (512 KiB) is full
    hit = disk.read(4096, 4096, idle)
    assert hit.kind == "readahead"
    assert ms(hit.done - idle) == pytest.approx(P.overhead_ms + 4096 / (P.interface_mbs * 1e3))
    beyond = disk.read(4096 + 2 * P.readahead_kib * 1024, 4096, hit.done)
    assert beyond.kind == "miss"  # past what the drive read ahead: the head must go back


def test_a_short_span_is_cheaper_than_the_whole_disk_but_half_a_turn_bounds_it():
    full = diskmodel.mean_random_read_ms(P, GIB)
    short = diskmodel.mean_random_read_ms(P, GIB, span=32 * MIB, start=256 * MIB)
    expected_full = P.overhead_ms + P.average_seek_ms + P.rotational_latency_ms + 4096 / 45.5e3
    assert full == pytest.approx(expected_full, rel=0.03)
    assert 1.7 < full / short < 2.1
    # even with no seek at all a read waits half a turn: no span can make it 3x cheaper here
    floor = P.overhead_ms + P.rotational_latency_ms + 4096 / 45.5e3
    assert full / floor < 3.0


def test_one_command_at_a_time_queued_reads_wait_for_the_mechanism():
    disk = diskmodel.Disk(P, GIB)
    offsets = [100 * MIB, 900 * MIB, 300 * MIB, 700 * MIB]
    alone, now = [], 0.0
    for offset in offsets:
        service = disk.read(offset, 4096, now)
        alone.append(service.done - now)
        now = service.done
    queued = diskmodel.Disk(P, GIB)
    last = 0.0
    for offset in offsets:  # all four arrive at once: each starts when the one before is done
        service = queued.read(offset, 4096, 0.0)
        assert service.done > last
        last = service.done
    assert last == pytest.approx(sum(alone))


def test_cached_writes_complete_at_interface_speed_and_a_flush_pays_for_them():
    disk = diskmodel.Disk(P, GIB)
    now = 0.0
    offsets = [800 * MIB, 100 * MIB, 500 * MIB]
    write_ms = P.overhead_ms + 4096 / (P.interface_mbs * 1e3)
    for offset in offsets:
        service = disk.write(offset, 4096, now)
        assert service.kind == "cached-write"
        assert ms(service.done - now) == pytest.approx(write_ms)
        now = service.done
    flush = disk.flush(now)
    assert flush.kind == "flush"
    # the mechanism starts on the first write as soon as it is in the cache (800 MiB, alone
    # there); by then the others have come, and the sweep goes on from the head: none lies
    # beyond 800 MiB, so the lowest (100), then 500. The first was under way when the flush came.
    t = diskmodel.Disk(P, GIB)
    cost, head = 0.0, 0
    for offset in (800 * MIB, 100 * MIB, 500 * MIB):
        cost += P.seek_ms(abs(t.track_of(offset) - head), t.tracks) + P.rotational_latency_ms + 4096 / 45.5e3
        head = t.track_of(offset + 4095)
    assert ms(flush.done) == pytest.approx(write_ms + cost + P.overhead_ms)
    assert flush.destaged == 2
    again = disk.flush(flush.done)
    assert again.destaged == 0 and ms(again.done - flush.done) == pytest.approx(P.overhead_ms)


def test_idle_time_destages_in_the_background():
    disk = diskmodel.Disk(P, GIB)
    disk.write(900 * MIB, 4096, 0.0)
    flush = disk.flush(1.0)  # a second later the write is long on the media
    assert flush.destaged == 0 and ms(flush.done - 1.0) == pytest.approx(P.overhead_ms)


def test_a_stream_of_small_writes_is_destaged_at_the_media_rate():
    # a journal: 4 MiB in 4 KiB writes as fast as the interface takes them; the drive writes
    # each piece where the last ended, so it pays one positioning, then streams
    disk = diskmodel.Disk(P, GIB)
    now = 0.0
    for n in range(1024):
        now = disk.write(n * 4096, 4096, now).done
    flush = disk.flush(now)
    # the host sends 31 MB/s, the media takes 45.5: the drive keeps up, and when the flush
    # comes at most one turn and the last pieces are left to write
    assert 4 * MIB / (now * 1e6) == pytest.approx(1 / (1 / 133 + 0.1 / 4.096), rel=0.01)
    assert ms(flush.done - now) < P.rotation_ms + P.overhead_ms + 1.0


def test_a_full_write_cache_makes_writes_wait_for_destaging():
    small = replace(P, cache_kib=1024, readahead_kib=512)  # 512 KiB of write cache
    disk = diskmodel.Disk(small, GIB)
    now = 0.0
    waited = []
    for n in range(200):  # scattered 4 KiB writes: 800 KiB, more than the cache holds
        service = disk.write((n * 37 % 1000) * MIB, 4096, now)
        waited.append(service.waited_ms)
        now = service.done
    assert waited[0] == 0 and max(waited) > P.rotational_latency_ms
    assert disk.dirty_bytes <= 512 * 1024


def test_fua_and_write_cache_off_go_to_the_media():
    disk = diskmodel.Disk(replace(P, write_cache=False), GIB)
    service = disk.write(500 * MIB, 4096, 0.0)
    assert service.kind == "write" and service.rotation_ms == approx(P.rotational_latency_ms)
    fua = diskmodel.Disk(P, GIB).write(500 * MIB, 4096, 0.0, fua=True)
    assert fua.kind == "write" and ms(fua.done) == pytest.approx(ms(service.done))


def test_a_read_of_data_still_in_the_write_cache_is_a_hit():
    disk = diskmodel.Disk(P, GIB)
    done = disk.write(600 * MIB, 8192, 0.0).done
    assert disk.read(600 * MIB + 4096, 4096, done).kind == "cache"


# --------------------------------------------------------------------------------------------
# Parameters from the command line


def test_requests_are_counted_in_power_of_two_size_classes():
    # the plugin's stats count requests by these classes (docs/vmlab.md, "ReiserFS")
    assert [diskmodel.size_class(n) for n in (0, 512, 1024, 4096, 4097, 128 * 1024, 1024 * 1024, 3 * MIB)] == [
        "0", "1K", "1K", "4K", "8K", "128K", "1M", "4M"]


def test_parse_spec_presets_settings_and_none():
    assert diskmodel.parse_spec(None) == P
    assert diskmodel.parse_spec("deskstar-7k250") == P
    assert diskmodel.parse_spec("none") is None
    changed = diskmodel.parse_spec("deskstar-7k250,average_seek_ms=12,rpm=5400,write_cache=off")
    assert (changed.average_seek_ms, changed.rpm, changed.write_cache) == (12.0, 5400.0, False)
    assert changed.name.startswith("deskstar-7k250 (changed: ")
    assert diskmodel.parse_spec("track-to-track-ms=0.8").track_to_track_ms == 0.8
    assert diskmodel.from_dict(changed.to_dict()) == changed


@pytest.mark.parametrize("spec, says", [
    ("seagate", "Unknown disk model 'seagate'"),
    ("speed=3", "Unknown disk model setting 'speed'"),
    ("rpm=fast", "not a valid"),
    ("write_cache=maybe", "not a valid"),
    ("average_seek_ms=20", "seeks must grow"),
    ("media_mbs=0", "media_mbs must be above 0"),
])
def test_parse_spec_refuses_what_cannot_be(spec, says):
    with pytest.raises(diskmodel.DiskModelError, match=says):
        diskmodel.parse_spec(spec)


def test_the_environment_of_a_vm_lab_names_the_model_accelerator_and_kernel(tmp_path, monkeypatch):
    lab = vmlab.VmLab(directory=tmp_path, token="0123abcd", pid=0, accel="tcg", kernel="6.1.0-56-amd64",
                      disks=[], seek_ms=None, boot_seconds=1.0, disk_model=P.to_dict(), disk_serving="nbdkit")
    env = vmlab.environment(lab)
    assert env == {"lab": "vm", "disk_model": P.to_dict(), "disk_serving": "nbdkit", "seek_ms": None,
                   "accel": "tcg", "guest_kernel": "6.1.0-56-amd64", "dilation": None}
    # inside a guest the host hands it to every command; elsewhere there is none
    monkeypatch.setenv(vmlab.ENVIRONMENT_VAR, json.dumps(env))
    assert vmlab.current_environment() is None  # this kernel's command line has no lab token
    monkeypatch.setattr(guestdisks, "guest_token", lambda cmdline=None: "0123abcd")
    here = vmlab.current_environment()
    assert here["disk_model"]["name"] == "deskstar-7k250" and here["lab"] == "vm"


def test_a_lab_manifest_from_before_the_model_still_loads(tmp_path):
    old = {"directory": str(tmp_path), "token": "0123abcd", "pid": 0, "accel": "tcg", "kernel": "6.1",
           "disks": [], "seek_ms": 8, "boot_seconds": 1.0, "state": "ready", "warnings": []}
    lab = vmlab.VmLab.from_dict(old)
    assert (lab.disk_model, lab.disk_serving) == (None, "file")


def test_no_nbdkit_is_said_plainly_when_a_model_is_asked_for(monkeypatch):
    from fstune.diskmodel import serving

    def missing():
        raise serving.NbdkitMissing("nbdkit is not installed")

    monkeypatch.setattr(serving, "find_nbdkit", missing)
    assert vmlab.find_nbdkit(required=False) is None
    with pytest.raises(vmlab.VmLabError) as caught:
        vmlab.find_nbdkit(required=True)
    assert "apt-get install --no-install-recommends nbdkit nbdkit-plugin-python" in str(caught.value.hint
                                                                                        if hasattr(caught.value, "hint")
                                                                                        else caught.value)


def test_sqrt_constant_is_the_mean_root_distance():
    # E|x-y|^(1/2) for x, y uniform on [0, 1] = 8/15: checked by numeric integration
    n = 600
    total = sum(math.sqrt(abs(i - j) / n) for i in range(n) for j in range(n)) / n / n
    assert total == pytest.approx(diskmodel.MEAN_SQRT_DISTANCE, rel=0.01)


def test_a_stream_faster_than_the_media_is_flushed_at_the_media_rate():
    disk = diskmodel.Disk(P, GIB)
    now = 0.0
    for n in range(64):  # 4 MiB in 64 KiB writes: 111 MB/s into the cache
        now = disk.write(n * 65536, 65536, now).done
    flush = disk.flush(now)
    # one positioning (half a turn from track 0), then 4 MiB at the media rate, nothing lost
    first_in = (P.overhead_ms + 65536 / (P.interface_mbs * 1e3)) / 1000
    expected = first_in + P.rotational_latency_ms / 1000 + 4 * MIB / (P.media_mbs * 1e6) + P.overhead_ms / 1000
    assert flush.done == pytest.approx(expected, rel=1e-6)


# --------------------------------------------------------------------------------------------
# In the VM (the session's VM from conftest.py): the served disks behave like a spindle


def _guest_fio(vm, device: str, seconds: int, *args: str) -> dict:
    argv = ["fio", "--name=m", f"--filename={device}", "--direct=1", "--time_based", f"--runtime={seconds}",
            "--ioengine=psync", "--readonly", "--output-format=json", *args]
    status, out, err = vmlab.vm_run_capture(vm, argv, timeout=seconds * 4 + 120)
    assert status == 0, f"fio {args}: {err[-2000:]}"
    return json.loads(out[out.index("{"):])["jobs"][0]["read"]


@pytest.mark.vmlab
@pytest.mark.slow
def test_in_the_vm_a_short_span_beats_the_whole_disk_and_sequential_beats_random(vm, capsys):
    serial = vm.disks[1].serial
    status, out, _ = vmlab.vm_run_capture(vm, ["readlink", "-f", f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_"
                                               f"{vmlab.DISK_MODEL}_{serial}"])
    device = out.strip()
    vmlab.set_disk_model(vm, P)
    try:
        assert vmlab.current_environment() is None  # on the host
        env = json.loads(vmlab.vm_run_capture(vm, ["sh", "-c", f"echo ${vmlab.ENVIRONMENT_VAR}"])[1])
        assert env["disk_model"]["name"] == P.name and env["lab"] == "vm"
        full = _guest_fio(vm, device, 3, "--rw=randread", "--bs=4k")
        short = _guest_fio(vm, device, 3, "--rw=randread", "--bs=4k", "--offset=256m", "--size=32m")
        seq = _guest_fio(vm, device, 2, "--rw=read", "--bs=1M")
    finally:
        vmlab.set_disk_model(vm, None)
    model_full = diskmodel.mean_random_read_ms(P, vm.disks[1].size)
    # the model's own figures: 78 IOPS over the whole disk, 1.9x that over 32 MiB, 45 MB/s
    # sequential; the guest adds its round trip (more on a busy host), which narrows the ratios
    assert full["iops"] < 1000 / model_full * 1.05
    assert short["iops"] > 1.3 * full["iops"]
    assert seq["bw"] > 20 * full["bw"]
    with capsys.disabled():
        print(f"\nModelled disk in the guest: random 4 KiB {full['iops']:.0f} IOPS over 1 GiB, "
              f"{short['iops']:.0f} over 32 MiB ({short['iops'] / full['iops']:.2f}x); sequential 1 MiB "
              f"{seq['bw'] / 1024:.1f} MB/s ({seq['bw'] / full['bw']:.0f}x random)")
