"""A spinning disk's timing as pure arithmetic: the VM lab's disk model.

Each VM-lab disk is served to QEMU through this model (``fstune/diskmodel/nbd_plugin.py`` holds
the serving glue), so that a seek costs what it costs on a disk of the seeds' era: a head that must
move, a seek time that grows with distance, half a turn of rotational latency, a media rate, one
command at a time, a read-ahead buffer for sequential reads and a write-back cache that a flush
must empty. docs/vmlab.md ("The disk model") gives the formulas, the named disk and its figures.

Everything here is deterministic: a ``Disk`` is given each request with the time it arrived and
answers when it completes. No clock, no I/O, no sleeping: that is the plugin's business.

Simplifications (docs/vmlab.md, "Limits"): one media rate for the whole stroke (no zones); the
rotational latency is always its average, half a turn (a real disk's is spread over a whole
turn); the lab disk, whatever its size, stands for the whole platter, so its first and last
sectors are a full stroke apart.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import asdict, dataclass, fields, replace

# The mean of sqrt(|x - y|) for x, y uniform on [0, 1]: the "weighted average of all possible
# seek combinations" that drive specifications quote is this average over seek distances.
MEAN_SQRT_DISTANCE = 8 / 15


class DiskModelError(ValueError):
    """A disk model that cannot be: an unknown preset or key, or a value out of range."""


@dataclass(frozen=True)
class DiskParams:
    """A disk's figures. Times in milliseconds, rates in MB/s (10^6 bytes), sizes in KiB."""

    name: str
    rpm: float
    track_to_track_ms: float   # a one-track seek, settling included
    average_seek_ms: float     # the datasheet's average over all seek distances
    full_stroke_ms: float      # the longest seek: a cap on the curve
    media_mbs: float           # sustained media rate (head switches included)
    interface_mbs: float       # buffer to host
    overhead_ms: float         # the drive's own time to take a command
    cache_kib: int             # the drive's buffer: read-ahead segment + write cache
    readahead_kib: int         # how far the drive reads on past a read while idle
    write_cache: bool          # writes complete into the cache, flushed later

    @property
    def rotation_ms(self) -> float:
        return 60_000.0 / self.rpm

    @property
    def rotational_latency_ms(self) -> float:
        return self.rotation_ms / 2

    @property
    def track_bytes(self) -> int:
        """What passes under the head in one turn at the media rate."""
        return max(512, int(self.media_mbs * 1e6 * self.rotation_ms / 1000))

    @property
    def seek_coefficient_ms(self) -> float:
        """c in seek(x) = track_to_track + c·√x, chosen so the average over all distances is
        the datasheet's average seek (the mean of √x over uniform pairs is 8/15)."""
        return (self.average_seek_ms - self.track_to_track_ms) / MEAN_SQRT_DISTANCE

    def seek_ms(self, tracks: int, total_tracks: int) -> float:
        """Seek time over ``tracks`` tracks of a disk with ``total_tracks``: 0 on the same track,
        the track-to-track time for one, growing with √distance up to the full stroke."""
        if tracks <= 0:
            return 0.0
        if total_tracks <= 2:
            return self.track_to_track_ms
        fraction = min(1.0, (tracks - 1) / (total_tracks - 2))
        return min(self.full_stroke_ms, self.track_to_track_ms + self.seek_coefficient_ms * math.sqrt(fraction))

    def random_read_ms(self, length: int, tracks: int, total_tracks: int) -> float:
        """A read that misses every buffer: command, seek, half a turn, media transfer."""
        return (self.overhead_ms + self.seek_ms(tracks, total_tracks) + self.rotational_latency_ms
                + length / (self.media_mbs * 1e3))

    def to_dict(self) -> dict:
        return asdict(self)

    def describe(self) -> str:
        cache = "write cache on" if self.write_cache else "write cache off"
        return (f"{self.name}: {self.rpm:g} rpm, seek {self.track_to_track_ms:g}/{self.average_seek_ms:g}/"
                f"{self.full_stroke_ms:g} ms (track/average/full), {self.rotational_latency_ms:.2f} ms rotational, "
                f"{self.media_mbs:g} MB/s media, {self.cache_kib // 1024} MiB buffer, {cache}")


# Hitachi Deskstar 7K250 (2003; PATA model HDS722525VLAT80), 7200 rpm. docs/vmlab.md says
# where each figure comes from and which two are this project's assumptions.
DESKSTAR_7K250 = DiskParams(
    name="deskstar-7k250",
    rpm=7200,
    track_to_track_ms=1.1,   # assumption: not among the cited figures (see docs/vmlab.md)
    average_seek_ms=8.5,     # average read seek
    full_stroke_ms=15.0,     # the curve through 8.5 ms reaches 14.98 ms; a cap, seldom reached
    media_mbs=45.5,          # sustained 61.4 MB/s outer to 29.7 MB/s inner zone: their mean
    interface_mbs=133,       # ATA/133
    overhead_ms=0.1,         # assumption: the command overhead
    cache_kib=8192,          # 8 MB buffer
    readahead_kib=512,
    write_cache=True,        # ATA disks shipped with the write cache on
)

PRESETS = {DESKSTAR_7K250.name: DESKSTAR_7K250}
DEFAULT_PRESET = DESKSTAR_7K250.name
OFF = ("none", "off")


def parse_spec(spec: str | None) -> DiskParams | None:
    """``PRESET`` and/or ``key=value`` pairs, comma-separated, e.g. ``deskstar-7k250,write_cache=off``
    or ``average_seek_ms=12,rpm=5400`` (on top of the default preset); ``none`` turns the model off."""
    if spec is None:
        return DESKSTAR_7K250
    words = [w.strip() for w in spec.split(",") if w.strip()]
    if not words:
        return DESKSTAR_7K250
    if len(words) == 1 and words[0].lower() in OFF:
        return None
    params = DESKSTAR_7K250
    changes: dict = {}
    kinds = {f.name: f.type for f in fields(DiskParams)}
    for n, word in enumerate(words):
        key, sep, value = word.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            if n != 0 or word.lower() not in PRESETS:
                known = ", ".join(sorted(PRESETS))
                raise DiskModelError(f"Unknown disk model '{word}': the presets are {known} (or none); "
                                     "settings are key=value.")
            params = PRESETS[word.lower()]
            continue
        if key not in kinds:
            raise DiskModelError(f"Unknown disk model setting '{key}': use one of {', '.join(kinds)}.")
        kind = kinds[key]
        try:
            if kind in (bool, "bool"):
                if value.lower() not in ("on", "off", "true", "false", "1", "0", "yes", "no"):
                    raise ValueError(value)
                changes[key] = value.lower() in ("on", "true", "1", "yes")
            elif kind in (int, "int"):
                changes[key] = int(value)
            elif kind in (float, "float"):
                changes[key] = float(value)
            else:
                changes[key] = value
        except ValueError:
            raise DiskModelError(f"Disk model setting {key}={value}: not a valid {getattr(kind, '__name__', kind)}.") from None
    if changes and "name" not in changes:
        changes["name"] = f"{params.name} (changed: {', '.join(f'{k}={v}' for k, v in changes.items())})"
    params = replace(params, **changes)
    validate(params)
    return params


def validate(params: DiskParams) -> None:
    positive = ("rpm", "average_seek_ms", "full_stroke_ms", "media_mbs", "interface_mbs")
    for name in positive:
        if not getattr(params, name) > 0:
            raise DiskModelError(f"Disk model: {name} must be above 0.")
    for name in ("track_to_track_ms", "overhead_ms", "cache_kib", "readahead_kib"):
        if getattr(params, name) < 0:
            raise DiskModelError(f"Disk model: {name} cannot be negative.")
    if not params.track_to_track_ms <= params.average_seek_ms <= params.full_stroke_ms:
        raise DiskModelError("Disk model: the seeks must grow: track_to_track_ms <= average_seek_ms <= full_stroke_ms.")
    if params.readahead_kib > params.cache_kib:
        raise DiskModelError("Disk model: readahead_kib cannot exceed cache_kib.")


def from_dict(data: dict | None) -> DiskParams | None:
    if data is None:
        return None
    params = DiskParams(**data)
    validate(params)
    return params


@dataclass(frozen=True)
class Service:
    """When a request completes and what it cost (ms), for tests and the plugin's statistics."""

    done: float            # completion, on the caller's clock (seconds)
    kind: str              # "miss", "readahead", "cache" (a hit in dirty data), "cached-write",
                           # "write" (through to the media), "flush"
    seek_ms: float = 0.0
    rotation_ms: float = 0.0
    media_ms: float = 0.0
    waited_ms: float = 0.0  # for the mechanism (a destage, a previous command) or for cache room
    destaged: int = 0       # dirty extents written to the media before this request could finish


class Disk:
    """One spindle: its head, its buffer and its queue of one. Feed it requests in arrival order."""

    def __init__(self, params: DiskParams, size: int):
        self.params = params
        self.size = size
        self.track_bytes = params.track_bytes
        self.tracks = max(1, math.ceil(size / self.track_bytes))
        self.head = 0                  # the track under the head
        self.media_end = -1            # the byte after the last media transfer, and when it ended
        self.media_end_at: float | None = None
        self.mech_free = 0.0           # when the mechanism has done all it committed to
        # write cache: sorted, merged [start, end, arrived] extents of data not yet on the media
        self.dirty: list[list] = []
        self.dirty_bytes = 0
        # read-ahead: the media streams from `ra_origin` at `ra_t0`, at most `readahead` bytes
        # beyond what the host has taken (`ra_taken`); None when the head went elsewhere
        self.ra_origin: int | None = None
        self.ra_t0 = 0.0
        self.ra_taken = 0

    # ---- the arithmetic

    def track_of(self, offset: int) -> int:
        return min(self.tracks - 1, max(0, offset) // self.track_bytes)

    def _media_s(self, length: int) -> float:
        return length / (self.params.media_mbs * 1e6)

    def _iface_s(self, length: int) -> float:
        return length / (self.params.interface_mbs * 1e6)

    @property
    def _overhead_s(self) -> float:
        return self.params.overhead_ms / 1000

    @property
    def _readahead(self) -> int:
        return self.params.readahead_kib * 1024

    @property
    def _dirty_limit(self) -> int:
        return (self.params.cache_kib - self.params.readahead_kib) * 1024

    def _position(self, offset: int, start: float) -> tuple[float, float]:
        """Seek and rotational latency (ms) from the head to ``offset``, starting at ``start``.

        Half a turn on average; but an access that continues exactly where the last media
        transfer ended finds its sector just coming up (none if it follows at once, else what is
        left of the turn), so a stream of writes destaged piece by piece runs at the media rate."""
        if offset == self.media_end and self.media_end_at is not None:
            rotation = self.params.rotation_ms
            return 0.0, (-(start - self.media_end_at) * 1000) % rotation if start > self.media_end_at else 0.0
        seek = self.params.seek_ms(abs(self.track_of(offset) - self.head), self.tracks)
        return seek, self.params.rotational_latency_ms

    def _transferred(self, end: int, at: float) -> None:
        """The media transfer ended at byte ``end`` at time ``at``: the head is there."""
        self.head = self.track_of(end - 1)
        self.media_end, self.media_end_at = end, at

    # ---- read-ahead

    def _ra_cap(self) -> int:
        return self.ra_taken + self._readahead

    def _ra_streamed(self, now: float) -> int:
        """How far the read-ahead has read by ``now`` (it stops when the buffer is full)."""
        assert self.ra_origin is not None
        # rounded, with a sector to spare: float error must not turn a streamed read into a miss
        streamed = self.ra_origin + round(max(0.0, now - self.ra_t0) * self.params.media_mbs * 1e6) + 512
        return min(streamed, self._ra_cap())

    # ---- the write cache

    def _add_dirty(self, start: int, end: int, arrived: float) -> None:
        i = bisect.bisect_left(self.dirty, [start])
        if i > 0 and self.dirty[i - 1][1] >= start:
            i -= 1
        j = i
        new = [start, end, arrived]
        while j < len(self.dirty) and self.dirty[j][0] <= end:
            new = [min(new[0], self.dirty[j][0]), max(new[1], self.dirty[j][1]), min(new[2], self.dirty[j][2])]
            j += 1
        self.dirty[i:j] = [new]
        self.dirty_bytes = sum(e[1] - e[0] for e in self.dirty)

    def _in_dirty(self, start: int, end: int) -> bool:
        i = bisect.bisect_right(self.dirty, [start, float("inf")]) - 1
        return i >= 0 and self.dirty[i][0] <= start and end <= self.dirty[i][1]

    def _next_destage_start(self) -> float:
        return max(self.mech_free, min(e[2] for e in self.dirty))

    def _destage_one(self) -> None:
        """Write one dirty extent to the media: the first at or after the head among those that
        had arrived when the mechanism comes free (an elevator sweep), else the lowest."""
        start = self._next_destage_start()
        ready = [e for e in self.dirty if e[2] <= start]
        head_offset = self.head * self.track_bytes
        ahead = [e for e in ready if e[0] >= head_offset]
        extent = min(ahead or ready, key=lambda e: e[0])
        seek, rotation = self._position(extent[0], start)
        self.mech_free = start + (seek + rotation) / 1000 + self._media_s(extent[1] - extent[0])
        self._transferred(extent[1], self.mech_free)
        self.dirty.remove(extent)
        self.dirty_bytes -= extent[1] - extent[0]
        self.ra_origin = None

    def _destage_until(self, now: float) -> int:
        """Background destaging: the mechanism starts a destage whenever it is idle before ``now``
        (a started one finishes, even past ``now``). Returns how many were written."""
        count = 0
        while self.dirty and self._next_destage_start() < now:
            self._destage_one()
            count += 1
        return count

    # ---- requests

    def read(self, offset: int, length: int, now: float) -> Service:
        self._destage_until(now)
        end = offset + length
        p = self.params
        if self._in_dirty(offset, end):
            return Service(now + self._overhead_s + self._iface_s(length), "cache")
        if self.ra_origin is not None and self.ra_origin <= offset <= self._ra_streamed(now):
            streamed = self._ra_streamed(now)
            stalled = streamed >= self._ra_cap() and now > self.ra_t0
            if end <= streamed:
                ready = now
            elif stalled:
                # the buffer was full and the media stopped: it streams on from where it stopped
                self.ra_origin, self.ra_t0 = streamed, now
                ready = now + self._media_s(end - streamed)
            else:
                ready = self.ra_t0 + self._media_s(end - self.ra_origin)
            self.ra_taken = max(self.ra_taken, end)
            done = max(now + self._overhead_s + self._iface_s(length), ready)
            return Service(done, "readahead", waited_ms=max(0.0, ready - now) * 1000)
        start = max(now, self.mech_free)
        seek, rotation = self._position(offset, start + self._overhead_s)
        media = self._media_s(length)
        done = start + self._overhead_s + (seek + rotation) / 1000 + media
        self._transferred(end, done)
        self.mech_free = done
        if not self.dirty and p.readahead_kib > 0:
            self.ra_origin, self.ra_t0, self.ra_taken = end, done, end
        else:
            self.ra_origin = None
        return Service(done, "miss", seek, rotation, media * 1000, (start - now) * 1000)

    def write(self, offset: int, length: int, now: float, fua: bool = False) -> Service:
        destaged = self._destage_until(now)
        end = offset + length
        self.ra_origin = None  # the drive leaves its read-ahead to take the write
        if self.params.write_cache and not fua and length <= self._dirty_limit:
            room_at = now
            while self.dirty and self.dirty_bytes + length > self._dirty_limit:
                self._destage_one()
                destaged += 1
                room_at = max(room_at, self.mech_free)
            done = room_at + self._overhead_s + self._iface_s(length)
            self._add_dirty(offset, end, done)
            return Service(done, "cached-write", waited_ms=(room_at - now) * 1000, destaged=destaged)
        start = max(now, self.mech_free)
        seek, rotation = self._position(offset, start + self._overhead_s + self._iface_s(length))
        media = self._media_s(length)
        done = start + self._overhead_s + self._iface_s(length) + (seek + rotation) / 1000 + media
        self._transferred(end, done)
        self.mech_free = done
        return Service(done, "write", seek, rotation, media * 1000, (start - now) * 1000, destaged)

    def flush(self, now: float) -> Service:
        self._destage_until(now)  # what the idle mechanism wrote before the flush came
        destaged = 0
        while self.dirty:
            self._destage_one()
            destaged += 1
        start = max(now, self.mech_free)
        return Service(start + self._overhead_s, "flush", waited_ms=(start - now) * 1000, destaged=destaged)


def size_class(length: int) -> str:
    """The size class the plugin counts a request in (its stats, docs/vmlab.md): the power of two
    of KiB at or above its length ("4K", "128K", "1M"); a flush (no length) is "0"."""
    if length <= 0:
        return "0"
    kib = 1
    while kib * 1024 < length:
        kib *= 2
    return f"{kib // 1024}M" if kib >= 1024 else f"{kib}K"


def mean_random_read_ms(params: DiskParams, size: int, span: int | None = None, start: int = 0,
                        length: int = 4096, count: int = 4000, seed: int = 1) -> float:
    """The model's own mean service time of ``count`` random ``length``-byte reads, one at a
    time, within ``span`` bytes from ``start`` (default: the whole disk). What the bench holds
    the measured short-span and full-span figures against."""
    import random

    rng = random.Random(seed)
    span = size - start if span is None else span
    disk = Disk(params, size)
    now = total = 0.0
    blocks = max(1, (span - length) // length)
    for _ in range(count):
        offset = start + rng.randrange(blocks) * length
        service = disk.read(offset, length, now)
        total += service.done - now
        now = service.done
    return total / count * 1000
