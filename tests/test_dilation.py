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
    assert d.ratios == [10.0, 7.6, 12.0, 10.0, 10.0]
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
