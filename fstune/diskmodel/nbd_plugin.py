"""nbdkit Python plugin: one lab disk served through the disk model (fstune/diskmodel/model.py).

nbdkit runs this file by its path (``fstune.diskmodel.serving.PLUGIN``); nothing imports it. One
nbdkit per disk, started by fstune.vmlab.servers for the VM lab:

    nbdkit --unix SOCK python fstune/diskmodel/nbd_plugin.py file=IMG model=MODEL.json \
        stats=STATS.json qemu_pid=QEMU.pid qemu_mark=QMP-SOCKET-PATH

and by fstune.lab.served for the modelled lab, under nbdfuse (no QEMU: qemu_pid is not given,
and the server ends with nbdfuse, ``--exit-with-parent``). docs/modelled-lab.md.

Every request is timed by the model on an absolute clock: it completes at the time the model
gives (arrival, or the end of the previous command, plus its service time) and the plugin sleeps
until then, so lateness in one request does not add up over the next. nbdkit serialises the
requests (one command at a time, as on a disk without command queueing).

A thread of its own, every 0.25 s: re-reads MODEL.json when it changes (the lab can switch the
model on and off while the VM runs), writes STATS.json (the plugin's own overhead and lateness,
and cumulative counters from which fstune/lab/fidelity.py reads a stretch's fidelity),
and, in the VM lab, shuts nbdkit down when the QEMU named by QEMU.pid has gone, so a crashed lab
leaves no server behind. Why and how: docs/vmlab.md.
"""

import bisect
import builtins
import ctypes
import json
import os
import sys
import threading
import time

import nbdkit

# the directory that holds the fstune package: this file is fstune/diskmodel/nbd_plugin.py
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
from fstune import diskmodel  # noqa: E402
from fstune.diskmodel.dilation import dilate  # noqa: E402

API_VERSION = 2

_config = {}
_state = {"disk": None, "params": None, "dilation": 1.0, "generation": None, "fd": -1, "size": 0}
_stats_lock = threading.Lock()
LATE_SAMPLES = 20000  # the newest lateness figures kept for percentiles
# upper edges (µs) of the cumulative lateness histogram: a reader takes the difference of two
# snapshots to know the lateness of the requests in between (fstune/lab/fidelity.py)
LATE_EDGES_US = (50, 100, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000)


def _new_stats():
    return {"requests": 0, "by_kind": {}, "sizes": {}, "modelled_s": 0.0, "model_cpu_s": 0.0, "io_s": 0.0,
            "took_s": 0.0, "late_sum_s": 0.0, "late_hist": [0] * (len(LATE_EDGES_US) + 1),
            "late": [], "late_max_s": 0.0, "early": 0, "flushes": [], "started": time.time()}


_stats = _new_stats()


def config(key, value):
    _config[key] = value


def config_complete():
    for key in ("file", "model", "stats"):
        if key not in _config:
            raise RuntimeError(f"nbd_plugin: {key}= is required")


def thread_model():
    return nbdkit.THREAD_MODEL_SERIALIZE_REQUESTS


def get_ready():
    _state["fd"] = os.open(_config["file"], os.O_RDWR | os.O_CLOEXEC)
    _state["size"] = os.fstat(_state["fd"]).st_size
    _load_model()
    try:  # a disk answers on time even on a busy host: wake before other work (threads made later inherit it)
        os.setpriority(os.PRIO_PROCESS, 0, -10)
    except OSError:
        pass
    try:  # the default 50 µs timer slack would make every sleep that much late
        ctypes.CDLL(None, use_errno=True).prctl(29, 1, 0, 0, 0)  # PR_SET_TIMERSLACK, 1 ns
    except (OSError, AttributeError):
        pass


def after_fork():
    threading.Thread(target=_housekeeping, name="fstune-disk-housekeeping", daemon=True).start()


def open(readonly):
    return 1


def get_size(h):
    return _state["size"]


def is_rotational(h):
    return True


def can_write(h):
    return True


def can_flush(h):
    return True


def can_fua(h):
    return nbdkit.FUA_NATIVE


def can_multi_conn(h):
    return False


def can_trim(h):
    return False


def can_zero(h):
    return False


def can_cache(h):
    return nbdkit.CACHE_NONE


def pread(h, buf, offset, flags):
    arrived = time.monotonic()
    service = _model_call("read", offset, len(buf), arrived)
    t = time.monotonic()
    if os.preadv(_state["fd"], [buf], offset) != len(buf):
        # beyond the end of a sparse file that was never written: zeros
        got = os.pread(_state["fd"], len(buf), offset)
        buf[:] = got + bytes(len(buf) - len(got))
    _finish(service, arrived, t, "read", len(buf))


def pwrite(h, buf, offset, flags):
    arrived = time.monotonic()
    service = _model_call("write", offset, len(buf), arrived, fua=bool(flags & nbdkit.FLAG_FUA))
    t = time.monotonic()
    os.pwrite(_state["fd"], buf, offset)
    _finish(service, arrived, t, "fua-write" if flags & nbdkit.FLAG_FUA else "write", len(buf))


def flush(h, flags):
    # the lab disk is a scratch file: its durability on the host does not matter, and a real
    # fdatasync would add the host's disk to the timing; the model says what a flush costs
    arrived = time.monotonic()
    service = _model_call("flush", 0, 0, arrived)
    _finish(service, arrived, time.monotonic())


def _model_call(kind, offset, length, now, fua=False):
    disk = _state["disk"]
    if disk is None:
        return None
    if kind == "read":
        return disk.read(offset, length, now)
    if kind == "write":
        return disk.write(offset, length, now, fua=fua)
    return disk.flush(now)


def _finish(service, arrived, io_started, op="flush", length=0):
    io_done = time.monotonic()
    if service is not None:
        delay = service.done - io_done
        if delay > 0:
            time.sleep(delay)
    returned = time.monotonic()
    with _stats_lock:
        s = _stats
        s["requests"] += 1
        sizes = s["sizes"].setdefault(op, {})
        bucket = diskmodel.size_class(length)
        sizes[bucket] = sizes.get(bucket, 0) + 1
        s["model_cpu_s"] += io_started - arrived
        s["io_s"] += io_done - io_started
        if service is None:
            return
        kind = s["by_kind"].setdefault(service.kind, {"n": 0, "modelled_s": 0.0, "took_s": 0.0})
        kind["n"] += 1
        kind["modelled_s"] += service.done - arrived
        kind["took_s"] += returned - arrived
        s["modelled_s"] += service.done - arrived
        s["took_s"] += returned - arrived
        late = returned - service.done
        if late < 0:
            s["early"] += 1
        s["late_sum_s"] += max(0.0, late)
        s["late_hist"][bisect.bisect_left(LATE_EDGES_US, late * 1e6)] += 1
        if len(s["late"]) >= LATE_SAMPLES:
            del s["late"][: LATE_SAMPLES // 2]
        s["late"].append(late)
        s["late_max_s"] = max(s["late_max_s"], late)
        if service.kind == "flush":
            s["flushes"].append({"modelled_ms": round((service.done - arrived) * 1000, 3),
                                 "took_ms": round((returned - arrived) * 1000, 3),
                                 "destaged": service.destaged})
            del s["flushes"][:-200]


def _load_model():
    """Read MODEL.json ({"generation": N, "params": {...} or null, "dilation": F}) and start a fresh
    disk; a dilation factor stretches the model's time F times (fstune/diskmodel/dilation.py)."""
    try:
        data = json.loads(open_text(_config["model"]))
    except (OSError, ValueError) as error:
        nbdkit.debug(f"nbd_plugin: cannot read the model: {error}")
        return
    generation = data.get("generation")
    if generation == _state["generation"]:
        return
    params = diskmodel.from_dict(data.get("params"))
    factor = float(data.get("dilation") or 1.0)
    # swap in one assignment: the request thread reads _state["disk"] once per request
    _state["disk"] = diskmodel.Disk(dilate(params, factor), _state["size"]) if params is not None else None
    _state["params"] = params
    _state["dilation"] = factor
    _state["generation"] = generation
    global _stats
    with _stats_lock:
        _stats = _new_stats()


def open_text(path):
    # (this module's own `open` is nbdkit's callback)
    with builtins.open(path) as f:
        return f.read()


def _write_stats():
    with _stats_lock:
        s = dict(_stats)
        s["by_kind"] = {k: dict(v) for k, v in s["by_kind"].items()}
        s["sizes"] = {k: dict(v) for k, v in s["sizes"].items()}
        s["late_hist"] = list(s["late_hist"])
        late = sorted(s.pop("late"))
        flushes = list(s["flushes"])
    n = len(late)

    def pct(q):
        return round(late[min(n - 1, int(q * n))] * 1e6, 1) if n else None

    # the model's own (native) parameters, and the factor its time was stretched by
    out = {"generation": _state["generation"], "model": _state["params"].to_dict() if _state["params"] else None,
           "dilation": _state["dilation"],
           "requests": s["requests"],
           # per kind of service: how many, and the mean time the model gave and the plugin took (ms)
           "by_kind": {k: {"n": v["n"], "modelled_ms": round(v["modelled_s"] / v["n"] * 1000, 3),
                           "took_ms": round(v["took_s"] / v["n"] * 1000, 3)} for k, v in s["by_kind"].items()},
           # requests per operation and size class (the guest's request sizes, docs/vmlab.md)
           "sizes": s["sizes"],
           # cumulative since the model was loaded: what the model gave, what serving took, the
           # lateness past the model's completion times (its sum and histogram, LATE_EDGES_US)
           "modelled_s": round(s["modelled_s"], 6), "took_s": round(s["took_s"], 6),
           "late_sum_s": round(s["late_sum_s"], 6), "late_hist": s["late_hist"],
           "late_edges_us": list(LATE_EDGES_US),
           "model_cpu_us_per_request": round(s["model_cpu_s"] / s["requests"] * 1e6, 1) if s["requests"] else None,
           "io_us_per_request": round(s["io_s"] / s["requests"] * 1e6, 1) if s["requests"] else None,
           "late_us": {"p50": pct(0.5), "p90": pct(0.9), "p99": pct(0.99),
                       "max": round(s["late_max_s"] * 1e6, 1), "samples": n, "early": s["early"]},
           "flushes": flushes, "pid": os.getpid(), "written": time.time()}
    path = _config["stats"]
    tmp = path + ".tmp"
    with builtins.open(tmp, "w") as f:
        json.dump(out, f)
    os.replace(tmp, path)


def _qemu_alive():
    """None while there is no QEMU pid yet; else whether that pid still runs this lab's QEMU."""
    pid_file = _config.get("qemu_pid")
    if not pid_file:
        return True
    try:
        pid = int(open_text(pid_file).strip())
    except (OSError, ValueError):
        return None
    try:
        with builtins.open(f"/proc/{pid}/cmdline", "rb") as f:
            cmdline = f.read()
    except OSError:
        return False
    return _config.get("qemu_mark", "").encode() in cmdline


def _housekeeping():
    started = time.monotonic()
    gone_since = None
    model_mtime = None
    last_stats = 0.0
    while True:
        time.sleep(0.1)
        now = time.monotonic()
        try:
            mtime = os.stat(_config["model"]).st_mtime_ns
        except OSError:
            mtime = None
        if mtime is not None and mtime != model_mtime:
            model_mtime = mtime
            _load_model()
        # fresh within a quarter second, so that a reader's snapshot at a repeat's edge waits at
        # most that long for counters that hold every request before it (fstune/lab/fidelity.py)
        if now - last_stats >= 0.25:
            last_stats = now
            try:
                _write_stats()
            except OSError:
                pass
        # no QEMU (it never started within 3 minutes, or it ended): nothing will connect again.
        # A few seconds' grace covers the lab restarting QEMU (a failed KVM try, then TCG).
        alive = _qemu_alive()
        if alive is None:
            alive = now - started < 180
        if alive:
            gone_since = None
        elif gone_since is None:
            gone_since = now
        elif now - gone_since > 5:
            nbdkit.debug("nbd_plugin: the lab's QEMU has gone; shutting down")
            nbdkit.shutdown()
            return
