"""Time dilation (docs/vmlab.md, "Time dilation"): the disk model stretched by a factor, the
factor measured from paired runs, the figures converted back, and what the results say of it."""

from __future__ import annotations

import random

import pytest

from fstune import diskmodel
from fstune.diskmodel import DESKSTAR_7K250 as P
from fstune.diskmodel.dilation import Dilation, conversion, convert_samples, convert_value, dilate
from fstune.figures import HIGHER, LOWER, Sample

SIZE = 2 * 1024**3


def _sequence(seed: int, count: int = 400):
    """A mixed request sequence: random and sequential reads and writes, FUA writes, flushes and
    idle gaps of every length (so read-ahead, destaging and the write cache all take part)."""
    rng = random.Random(seed)
    offset, out = 0, []
    for _ in range(count):
        kind = rng.choice(["read", "read", "seqread", "write", "write", "seqwrite", "fua", "flush"])
        length = rng.choice([4096, 8192, 65536, 131072, 1048576])
        if kind in ("seqread", "seqwrite"):
            offset = (offset + length) % (SIZE - length)
        else:
            offset = rng.randrange(0, (SIZE - length) // 4096) * 4096
        gap = rng.choice([0.0, 0.0, 0.0001, 0.002, 0.02, 0.3])
        out.append((kind, offset, length, gap))
    return out


def _play(disk: diskmodel.Disk, sequence, scale: float):
    """Each request's service time (completion − arrival); arrivals ``scale`` × as far apart."""
    now, times, kinds = 0.0, [], []
    for kind, offset, length, gap in sequence:
        now += gap * scale
        if kind in ("read", "seqread"):
            service = disk.read(offset, length, now)
        elif kind == "flush":
            service = disk.flush(now)
        else:
            service = disk.write(offset, length, now, fua=kind == "fua")
        times.append(service.done - now)
        kinds.append(service.kind)
        now = service.done
    return times, kinds


@pytest.mark.parametrize("factor", [1.0, 2.0, 7.3, 25.0])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_dilated_model_serves_every_request_exactly_factor_times_slower(factor, seed):
    sequence = _sequence(seed)
    native, native_kinds = _play(diskmodel.Disk(P, SIZE), sequence, 1.0)
    dilated, dilated_kinds = _play(diskmodel.Disk(dilate(P, factor), SIZE), sequence, factor)
    assert dilated_kinds == native_kinds  # the same hits, misses, destages: only time is stretched
    assert len(set(native_kinds)) >= 5
    for n, d in zip(native, dilated):
        assert d == pytest.approx(n * factor, rel=1e-9, abs=1e-12)


def test_known_requests_cost_factor_times_their_native_figures():
    factor = 10.0
    slow = diskmodel.Disk(dilate(P, factor), SIZE)
    fast = diskmodel.Disk(P, SIZE)
    far = SIZE - 4096
    # a random read far out: command, seek, half a turn, transfer
    native = fast.read(far, 4096, 0.0).done
    assert slow.read(far, 4096, 0.0).done == pytest.approx(native * factor, rel=1e-12)
    assert native * 1000 == pytest.approx(P.random_read_ms(4096, fast.tracks - 1, fast.tracks), rel=1e-9)
    # a cached write at the interface rate, then a flush that pays for its destage
    w = fast.write(0, 65536, 1.0).done - 1.0
    assert slow.write(0, 65536, 10.0).done - 10.0 == pytest.approx(w * factor, rel=1e-12)
    f = fast.flush(1.0 + w).done - (1.0 + w)
    assert slow.flush(10.0 + w * factor).done - (10.0 + w * factor) == pytest.approx(f * factor, rel=1e-9)


def test_dilation_keeps_the_named_disk_and_its_geometry():
    slow = dilate(P, 8.0)
    assert slow.name == P.name
    assert slow.track_bytes == P.track_bytes
    assert slow.rotation_ms == pytest.approx(P.rotation_ms * 8)
    assert slow.average_seek_ms == pytest.approx(P.average_seek_ms * 8)
    assert slow.media_mbs == pytest.approx(P.media_mbs / 8)
    assert (slow.cache_kib, slow.readahead_kib, slow.write_cache) == (P.cache_kib, P.readahead_kib, P.write_cache)
    assert dilate(P, 1) is P


@pytest.mark.parametrize("factor", [0.5, 0, -2, 5000, float("nan")])
def test_a_factor_below_one_or_absurd_is_refused(factor):
    with pytest.raises(diskmodel.DiskModelError, match="between 1 and"):
        dilate(P, factor)


def test_the_factor_is_the_median_of_paired_ratios_and_its_spread_their_range():
    d = Dilation.from_pairs(host=[400.0, 380.0, 420.0, 410.0, 390.0], guest=[40.0, 50.0, 35.0, 41.0, 39.0],
                            workload="dbench 8 clients 10 s")
    assert d.ratios == (10.0, 7.6, 12.0, 10.0, 10.0)
    assert (d.factor, d.low, d.high) == (10.0, 7.6, 12.0)
    assert d.label() == "×10.0 [7.6, 12.0]"
    low, high = d.spread_pct()
    assert (round(low), round(high)) == (-24, 20)
    # a time (lower is faster): guest / host
    t = Dilation.from_pairs(host=[2.0, 2.0, 2.0], guest=[10.0, 12.0, 8.0], workload="untar", unit="s",
                            higher_is_faster=False)
    assert (t.factor, t.low, t.high) == (5.0, 4.0, 6.0)
    # a guest no slower than the host is no dilation
    assert Dilation.from_pairs([10.0], [12.0], "x").factor == 1.0
    with pytest.raises(ValueError):
        Dilation.from_pairs([10.0, 11.0], [1.0], "x")
    with pytest.raises(ValueError):
        Dilation.from_pairs([0.0], [1.0], "x")


def test_a_dilation_goes_through_json_and_says_its_factor():
    d = Dilation.from_pairs([300.0, 330.0, 310.0], [30.0, 30.0, 31.0], "dbench 8 clients 10 s")
    again = Dilation.from_dict(d.to_dict())
    assert again == d
    text = again.describe()
    assert "×10.0 [10.0, 11.0]" in text and "3 interleaved pairs of dbench 8 clients 10 s" in text
    assert "rates × 10.0, times ÷ 10.0" in text
    given = Dilation.given(6)
    assert Dilation.from_dict(given.to_dict()) == given and "given, not measured" in given.describe()
    assert Dilation.from_dict(None) is None and Dilation.from_dict({"factor": "x"}) is None


def test_figures_convert_back_by_their_unit():
    assert conversion("MB/s") == 1 and conversion("MB/s per CPU %") == 1 and conversion("IOPS") == 1
    assert conversion("ms") == -1 and conversion("s") == -1
    assert conversion("MB") == 0 and conversion("%") == 0 and conversion("1 = yes") == 0
    samples = [Sample("metadata", "dbench.throughput_mbs", 2.5, "MB/s", HIGHER),
               Sample("metadata", "dbench.max_latency_ms", 900.0, "ms", LOWER),
               Sample("build", "build.seconds", 120.0, "s", LOWER),
               Sample("build", "build.mb_written", 33.0, "MB", LOWER),
               Sample("throughput", "seqwrite.cpu_pct", 40.0, "%", LOWER)]
    native = convert_samples(samples, 10.0)
    assert [s.value for s in native] == [25.0, 90.0, 12.0, 33.0, 40.0]
    assert [s.value for s in convert_samples(native, 10.0, back=False)] == [s.value for s in samples]
    assert convert_samples(samples, 1.0) == samples
    assert convert_value(3.0, "s", 2.0, back=False) == 6.0


# ---- the results path: figures converted back, the factor said, "cannot show here" lifted


MEASURED = Dilation.from_pairs([400.0, 420.0, 380.0], [40.0, 35.0, 40.0], "dbench 8 clients 10 s")


def dilated_lab(record, accel="TCG", dilation=MEASURED):
    from test_expected import vm_lab

    record = vm_lab(record, accel)
    record.environment["lab"]["dilation"] = dilation.to_dict() if dilation else None
    return record


def test_a_dilated_run_s_figures_are_converted_back_as_they_are_parsed(monkeypatch):
    from test_measure import make_plan, pressure_clock, run_fake

    _, snapshot = pressure_clock()
    monkeypatch.setattr("fstune.measure.measurement.host_snapshot", snapshot)
    from fstune.measure.measurement import Measurement

    plan = make_plan()
    measurement = Measurement(plan, sequential=False, dilation=MEASURED)
    run_fake(plan, measurement, {"base": [1.5], "ext": [1.75]})
    results = measurement.repeat_results()
    figures = {(r.config, s.metric): s.value for r in results for s in r.samples}
    assert figures[("base", "dbench.throughput_mbs")] == pytest.approx(15.0)  # 1.5 MB/s × 10
    assert figures[("ext", "dbench.throughput_mbs")] == pytest.approx(17.5)
    assert figures[("base", "dbench.max_latency_ms")] == pytest.approx(1.25)  # 12.5 ms ÷ 10
    assert "Throughput 1.5000 MB/sec" in results[0].raw["dbench"]  # the guest's own output is kept
    plain = Measurement(plan, sequential=False, dilation=None)
    run_fake(plan, plain, {"base": [1.5], "ext": [1.75]})
    assert plain.repeat_results()[0].samples[0].value == 1.5
    # by default the lab's own, from the environment the host gives every command in the guest
    lab = {"lab": "vm", "disk_model": {"name": "deskstar-7k250"}, "accel": "tcg", "dilation": MEASURED.to_dict()}
    monkeypatch.setattr("fstune.vmlab.current_environment", lambda: lab)
    assert Measurement(plan, sequential=False).dilation == MEASURED
    monkeypatch.setattr("fstune.vmlab.current_environment", lambda: None)
    assert Measurement(plan, sequential=False).dilation is None


def test_recompute_keeps_a_dilated_run_s_figures_in_native_time():
    from fstune.results.recompute import recompute
    from test_compare_blocked import run

    record = run({"a": 1.0, "b": 1.10})
    dilated_lab(record)
    # as the run stored them: converted back from the guest's output
    for result in record.results:
        value = result.samples[0].value
        result.raw = {"dbench": f"Throughput {value / 10:.6f} MB/sec  8 clients  8 procs  max_latency=90.000 ms\n"}
    done = recompute(record)
    for old, new in zip(record.results, done.record.results):
        assert new.samples[0].value == pytest.approx(old.samples[0].value, rel=1e-5)
        assert [s.value for s in new.samples if s.metric == "dbench.max_latency_ms"] == [pytest.approx(9.0)]


def test_the_caveat_states_the_factor_and_its_spread():
    from fstune.reports import caveats as cv
    from test_compare_blocked import run

    record = dilated_lab(run({"a": 1.0, "b": 1.10}))
    where = cv.place(record)
    hash(where)  # a place is a value
    assert where.dilation == MEASURED and where.summary().endswith("TCG, time dilated ×10.0 [9.5, 12.0]")
    [env] = [c.text for c in cv.caveats(record) if c.kind == cv.ENVIRONMENT]
    assert env.startswith("VM lab under TCG, time dilated ×10.0 [9.5, 12.0] (median of 3 interleaved pairs of "
                          "dbench 8 clients 10 s on tmpfs, host against guest)")
    assert "figures are converted back (rates × 10.0, times ÷ 10.0)" in env
    assert "absolute figures carry the factor's spread (-5 %, +20 %)" in env
    assert "may set the pace" not in env
    # undilated, or a factor of 1: as before
    plain = dilated_lab(run({"a": 1.0, "b": 1.10}), dilation=None)
    assert cv.place(plain).dilation is None and "may set the pace" in cv.caveat_lines(plain)[0]
    one = dilated_lab(run({"a": 1.0, "b": 1.10}), dilation=Dilation.given(1))
    assert cv.place(one).dilation is None


def test_a_dilated_tcg_run_can_show_timed_effects_an_undilated_one_cannot():
    from fstune.reports.expected import AGREES, CANNOT_SHOW
    from test_compare_blocked import run
    from test_expected import expect, outcome

    needs = expect(needs=("seeks", "separate-disks"))
    undilated = outcome(dilated_lab(run({"a": 1.0, "b": 1.10}), dilation=None), needs)
    assert undilated.agreement == CANNOT_SHOW and undilated.reason.startswith("TCG: the emulated guest CPU")
    dilated = outcome(dilated_lab(run({"a": 1.0, "b": 1.10})), needs)
    assert dilated.agreement == AGREES and not dilated.reason
    # the other rules still hold: a flat disk has no head, dilated or not
    flat = dilated_lab(run({"a": 1.0, "b": 1.10}))
    flat.environment["lab"]["disk_model"] = None
    assert outcome(flat, expect(needs=("seeks",))).agreement == CANNOT_SHOW


def test_a_stored_dilated_run_says_its_factor_in_show_and_every_export(tmp_path):
    from fstune.results.store import Store
    from test_compare_blocked import run
    from test_results_cli import fstune

    state = tmp_path / "state"
    with Store(state) as store:
        run_id = store.save_run(dilated_lab(run({"a": 1.0, "b": 1.10})))
    shown = fstune(state, "show", str(run_id))
    assert "time dilated ×10.0 [9.5, 12.0]" in " ".join(shown.stdout.split())
    for fmt in ("json", "md", "csv", "html"):
        exported = fstune(state, "export", str(run_id), "--format", fmt)
        assert "time dilated ×10.0 [9.5, 12.0]" in " ".join(exported.stdout.split()), fmt
    record = __import__("json").loads(fstune(state, "export", str(run_id), "--format", "json").stdout)
    assert "ratios" in __import__("json").dumps(record)  # the JSON record keeps the measurement itself


def test_dilate_takes_auto_a_factor_or_off_and_refuses_the_rest():
    from fstune.errors import UsageError
    from fstune.vmlab.boot import parse_dilate

    assert parse_dilate("auto") == "auto" and parse_dilate("AUTO") == "auto"
    assert parse_dilate("12.5") == 12.5 and parse_dilate(3) == 3.0
    assert parse_dilate(None) is None and parse_dilate("off") is None and parse_dilate("none") is None
    for bad in ("0.5", "fast", "0", "2000"):
        with pytest.raises(UsageError, match="--dilate takes auto"):
            parse_dilate(bad)


def test_the_cli_says_dilate_is_for_the_vm_lab(tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "fstune", "lab", "up", "--dilate", "auto", "--dir", str(tmp_path)],
                          capture_output=True, text=True)
    assert done.returncode != 0 and "--dilate are for the VM lab: add --vm" in done.stderr
    assert "Traceback" not in done.stderr
    assert not any(tmp_path.iterdir())


def test_the_measurement_alternates_sides_and_reads_dbench():
    from fstune.vmlab import dilation as measuring
    from fstune.vmlab.constants import VmLabError

    assert measuring.order(3) == ["host", "guest", "guest", "host", "host", "guest"]
    out = "  8   1234  120.50 MB/sec  execute 9 sec\nThroughput 118.25 MB/sec  8 clients  8 procs  max_latency=4.1 ms\n"
    assert measuring.throughput(out) == 118.25
    with pytest.raises(VmLabError, match="no throughput"):
        measuring.throughput("dbench: cannot open\n")
    script = measuring.dbench_script(8, 10)
    assert "mount -t tmpfs" in script and "trap 'umount" in script and "dbench -D \"$d\" -t 10" in script


def test_a_timed_workload_runs_factor_times_longer_in_a_dilated_guest():
    from fstune.plan import Choices, DeviceChoice, build_plan
    from fstune.studies import parse_study
    from test_measure import STUDY

    study = parse_study(STUDY.replace('workloads = ["metadata"]', 'workloads = ["metadata", "writes"]'), "t.toml")
    gib = 1024**3

    def plan(factor, **params):
        return build_plan(Choices(study, DeviceChoice("/dev/sdb1", 10 * gib, disk="sdb"),
                                  DeviceChoice("/dev/sdc1", gib, disk="sdc"), repeats=3, run_id="d",
                                  time_dilation=factor, workload_params=params))

    def dbench_seconds(p):
        [seconds] = {int(s.argv[s.argv.index("-t") + 1]) for s in p.steps if s.phase == "dbench"}
        return seconds

    assert dbench_seconds(plan(1.0, metadata={"seconds": 20})) == 20
    dilated = plan(15.2, metadata={"seconds": 20})
    assert dbench_seconds(dilated) == 304
    assert any("Time dilated ×15.2: metadata runs 304 s in the guest for its 20 s of native time" in w
               for w in dilated.warnings)
    # a work-bounded workload (files) does the same work dilated or not; its spread is not its length
    assert not any("writes" in w for w in dilated.warnings if "Time dilated" in w)
    capped = plan(100.0, metadata={"seconds": 60})
    assert dbench_seconds(capped) == 3600 and any("capped at 3600 s" in w for w in capped.warnings)
    # outside a dilated VM lab the choice is 1
    assert Choices(study, DeviceChoice("/dev/sdb1", 10 * gib, disk="sdb")).time_dilation == 1.0


# -- the guest's own clocks (docs/vmlab.md, "Time dilation": its timers stretched too) -------------

GUEST_DEFAULTS = {"vm.dirty_expire_centisecs": 3000, "vm.dirty_writeback_centisecs": 500,
                  "fs.xfs.xfssyncd_centisecs": 3000}


@pytest.mark.parametrize("factor, expire, writeback, xfssyncd", [
    (1, 3000, 500, 3000), (2, 6000, 1000, 6000), (15.2, 45600, 7600, 45600)])
def test_the_guest_s_timers_are_stretched_by_the_factor(factor, expire, writeback, xfssyncd):
    from fstune.diskmodel.dilation import guest_sysctls

    clocks = guest_sysctls(GUEST_DEFAULTS, factor)
    assert [(c.name, c.native, c.dilated, c.capped) for c in clocks] == [
        ("vm.dirty_expire_centisecs", 3000, expire, None), ("vm.dirty_writeback_centisecs", 500, writeback, None),
        ("fs.xfs.xfssyncd_centisecs", 3000, xfssyncd, None)]
    if factor == 15.2:
        assert clocks[1].text(15.2) == "vm.dirty_writeback_centisecs 500 × 15.2 = 7600"


def test_a_timer_past_its_limit_is_capped_and_says_so_and_a_timer_switched_off_stays_off():
    from fstune.diskmodel.dilation import INT_MAX, guest_sysctls, scale_clock

    # XFS takes at most 720000 cs (2 h): 3000 × 1000 would be refused by the guest's kernel
    [xfs] = guest_sysctls({"fs.xfs.xfssyncd_centisecs": 3000}, 1000)
    assert (xfs.dilated, xfs.capped) == (720000, 720000)
    assert xfs.text(1000) == "fs.xfs.xfssyncd_centisecs 3000 × 1000 capped at 720000 (its largest): ×240.0, not ×1000.0"
    # the writeback timers become milliseconds in an int: past INT_MAX / 10 they would overflow
    [expire] = guest_sysctls({"vm.dirty_expire_centisecs": 100_000_000}, 15.2)
    assert expire.dilated == INT_MAX // 10 == 214748364 and expire.capped == INT_MAX // 10
    [off] = guest_sysctls({"vm.dirty_writeback_centisecs": 0}, 15.2)
    assert off.dilated == 0 and off.capped is None
    # sysctls the guest does not have (no xfs module) are left out, not invented
    assert [c.name for c in guest_sysctls({"vm.dirty_expire_centisecs": 3000}, 2)] == ["vm.dirty_expire_centisecs"]
    with pytest.raises(ValueError, match="negative"):
        scale_clock("commit", -1, 2, None)
    with pytest.raises(diskmodel.DiskModelError):
        scale_clock("commit", 5, 0.5, None)


@pytest.mark.parametrize("name, default, unit, maximum, factor, dilated, capped", [
    ("commit", 5, "s", 86400, 1, 5, None), ("commit", 5, "s", 86400, 2, 10, None),     # ext3/ext4
    ("commit", 5, "s", 86400, 15.2, 76, None),
    ("max_batch_time", 15000, "µs", 4294967, 1, 15000, None),                         # ext3/ext4's jbd2
    ("max_batch_time", 15000, "µs", 4294967, 2, 30000, None),
    ("max_batch_time", 15000, "µs", 4294967, 15.2, 228000, None),
    ("max_batch_time", 15000, "µs", 4294967, 1000, 4294967, 4294967),                # 32-bit ns: capped
    ("commit", 30, "s", None, 15.2, 456, None),                                      # ReiserFS
    ("commit", 30, "s", 300, 2, 60, None), ("commit", 30, "s", 300, 15.2, 300, 300)])  # Btrfs: 300 s at most
def test_a_timer_mount_option_is_its_default_times_the_factor_within_its_limit(name, default, unit, maximum, factor,
                                                                               dilated, capped):
    from fstune.diskmodel.dilation import timer_option

    clock = timer_option(name, default, unit, factor, maximum)
    assert (clock.name, clock.unit, clock.native, clock.dilated, clock.capped) == (name, unit, default, dilated,
                                                                                  capped)


def test_the_filesystems_know_their_timer_mount_options_and_their_limits():
    from fstune import filesystems

    found = {name: {(t.name, t.default, t.unit, filesystems.get(name).mount_options[t.name].maximum)
                    for t in filesystems.get(name).timer_options}
             for name in ("ext2", "ext3", "ext4", "reiserfs", "btrfs", "jfs", "xfs")}
    ext = {("commit", 5, "s", 86400), ("max_batch_time", 15000, "µs", 4294967)}
    assert found == {"ext2": set(), "ext3": ext, "ext4": ext, "reiserfs": {("commit", 30, "s", None)},
                     "btrfs": {("commit", 30, "s", 300)}, "jfs": set(), "xfs": set()}
    # the ext4 driver takes the batching wait in ext3 mode too, so fstune does
    filesystems.check_mount_options("ext3", "commit=51,max_batch_time=153870")


DILATED_STUDY = '''title = "t"
summary = "s"
explanation = "e"
workloads = ["metadata"]
[[configurations]]
name = "base"
title = "b"
filesystem = "ext3"
[[configurations]]
name = "ext"
title = "e"
filesystem = "ext3"
journal = "external"
[[configurations]]
name = "own"
title = "o"
filesystem = "ext3"
mount_options = "commit=30"
[[configurations]]
name = "nojournal"
title = "n"
filesystem = "ext4"
journal = "none"
[[configurations]]
name = "reiser"
title = "r"
filesystem = "reiserfs"
[[configurations]]
name = "btrfs"
title = "btr"
filesystem = "btrfs"
[[configurations]]
name = "jfs"
title = "j"
filesystem = "jfs"
'''


@pytest.mark.parametrize("factor", [1.0, 2.0, 15.2])
def test_a_dilated_plan_stretches_commit_where_a_configuration_sets_none_and_says_so(factor):
    from fstune.plan import Choices, DeviceChoice, build_plan
    from fstune.studies import parse_study

    gib = 1024**3
    plan = build_plan(Choices(parse_study(DILATED_STUDY, "t.toml"), DeviceChoice("/dev/sdb1", 10 * gib, disk="sdb"),
                              DeviceChoice("/dev/sdc1", gib, disk="sdc"), repeats=3, run_id="d",
                              time_dilation=factor))
    commit = {cp.config.name: dict(cp.mount_options).get("commit") for cp in plan.configs}
    batch = {cp.config.name: dict(cp.mount_options).get("max_batch_time") for cp in plan.configs}
    said = [w for w in plan.warnings if "commit" in w or "batch" in w]
    if factor == 1:
        assert commit == dict.fromkeys(commit) | {"own": "30"} and batch == dict.fromkeys(batch) and not said
        return
    ext, reiser, wait = str(round(5 * factor)), str(round(30 * factor)), str(round(15000 * factor))
    assert commit == {"base": ext, "ext": ext, "own": "30", "nojournal": None, "reiser": reiser,
                      "btrfs": reiser if factor == 2 else "300", "jfs": None}
    # the configuration that set its own commit= still gets the batching wait stretched
    assert batch == {"base": wait, "ext": wait, "own": wait, "nojournal": None, "reiser": None, "btrfs": None,
                     "jfs": None}
    assert (f"configuration 'base' mounts with max_batch_time={wait}, the guest's longest wait for a commit's batch "
            f"15000 µs × {factor:g} = {wait} µs to keep native timing") in " ".join(said)
    # the external journal's own option stays beside it
    assert dict(next(cp for cp in plan.configs if cp.config.name == "ext").mount_options)["journal_path"] == \
        "/dev/sdc1"
    assert (f"Time dilated ×{factor:.1f}: configuration 'base' mounts with commit={ext}, the guest's commit "
            f"interval 5 s × {factor:g} = {ext} s to keep native timing") in " ".join(said)
    assert f"configuration 'own' sets commit=30 itself, kept as given" in " ".join(said)
    if factor == 15.2:
        assert ("configuration 'btrfs' mounts with commit=300, the guest's commit interval 30 s × 15.2 = 456 s to "
                "keep native timing, capped at 300 s, the largest Btrfs takes: ×10.0, not ×15.2") in " ".join(said)


def test_a_dilation_keeps_its_stretched_clocks_through_json_and_says_them():
    from fstune.diskmodel.dilation import guest_sysctls

    measured = Dilation.from_pairs([200.0, 190.0, 210.0], [13.0, 12.5, 14.0], "dbench 8 clients 10 s")
    stretched = measured.with_clocks(guest_sysctls(GUEST_DEFAULTS, measured.factor))
    back = Dilation.from_dict(stretched.to_dict())
    assert back == stretched and len(back.clocks) == 3
    assert f"vm.dirty_expire_centisecs 3000 × {measured.factor:g} = {round(3000 * measured.factor)}" in back.describe()
    assert "mount options that are intervals (a journal's commit=, jbd2's max_batch_time) where a configuration set " \
        "none" in back.describe()
    # a dilation recorded before the clocks were stretched says that they were not
    assert "were not stretched" in measured.describe()
    assert Dilation.from_dict(measured.to_dict()).clocks == ()


def test_the_caveat_of_a_run_with_stretched_clocks_says_them_and_its_commit_intervals():
    from dataclasses import replace as with_

    from fstune.diskmodel.dilation import guest_sysctls
    from fstune.plan import Choices, DeviceChoice, build_plan
    from fstune.reports import caveats as cv
    from fstune.studies import parse_study
    from test_compare_blocked import run

    stretched = MEASURED.with_clocks(guest_sysctls(GUEST_DEFAULTS, MEASURED.factor))
    plan = build_plan(Choices(parse_study(DILATED_STUDY, "t.toml"), DeviceChoice("/dev/sdb1", 10 * 1024**3, disk="sdb"),
                              DeviceChoice("/dev/sdc1", 1024**3, disk="sdc"), repeats=3, run_id="d",
                              time_dilation=MEASURED.factor))
    record = dilated_lab(run({"a": 1.0, "b": 1.10}), dilation=stretched)
    record = with_(record, warnings=list(plan.warnings))
    [env] = [c.text for c in cv.caveats(record) if c.kind == cv.ENVIRONMENT]
    assert "the guest's vm.dirty_expire_centisecs 3000 × 10 = 30000, vm.dirty_writeback_centisecs 500 × 10 = 5000" in env
    assert ("configuration 'base' mounts with commit=50, the guest's commit interval 5 s × 10 = 50 s to keep native "
            "timing") in env
    # the warning about a configuration's own commit= is the plan's, not a stretched interval
    assert "sets commit=30 itself" not in env
