"""How the VM lab's disks reach QEMU: through nbdkit and the disk model, or as plain files.

With nbdkit and its Python plugin installed, each lab disk is served by its own nbdkit process
(one process per disk: one spindle, one queue, its own interpreter) running
``fstune/diskmodel/nbd_plugin.py``, which times every request with ``fstune.diskmodel``. QEMU reaches
it over a unix socket in the lab directory. The model can be switched while the VM runs
(``set_disk_model``): the plugin re-reads its model file. Without nbdkit the disks are plain
files, with no seek cost, or QEMU's flat per-I/O throttle (``--seek-ms``), which has no head.

Files, per disk N, in the lab directory: ``diskN.nbd.sock``, ``diskN.nbdkit.pid``,
``diskN.model.json``, ``diskN.stats.json``, ``diskN.nbdkit.log``; and ``qemu.pid``, which each
plugin watches so that a QEMU that has gone (a crashed lab) takes its servers with it.
Design and measurements: docs/vmlab.md. This module never imports Textual.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
from pathlib import Path

from fstune import diskmodel
from fstune.diskmodel import serving

QEMU_PID_FILE = "qemu.pid"
OWN_FILE_RE = re.compile(r"^(disk\d+\.(nbd\.sock|nbdkit\.pid|model\.json|model\.tmp|stats\.json(\.tmp)?|nbdkit\.log)"
                         r"|qemu\.pid(\.tmp)?)$")
START_TIMEOUT = 30.0


def socket_path(directory: Path, index: int) -> Path:
    return directory / f"disk{index}.nbd.sock"


def _pid_file(directory: Path, index: int) -> Path:
    return directory / f"disk{index}.nbdkit.pid"


def model_file(directory: Path, index: int) -> Path:
    return directory / f"disk{index}.model.json"


def stats_file(directory: Path, index: int) -> Path:
    return directory / f"disk{index}.stats.json"


def write_models(directory: Path, indexes: list[int], params: diskmodel.DiskParams | None,
                 dilation: float = 1.0) -> int:
    """Give each disk's plugin ``params`` (None: no model), its time stretched ``dilation`` times
    (fstune/diskmodel/dilation.py); returns the new generation."""
    generation = time.time_ns()
    for index in indexes:
        path = model_file(directory, index)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"generation": generation, "params": params.to_dict() if params else None,
                                   "dilation": dilation}))
        os.replace(tmp, path)
    return generation


def wait_applied(directory: Path, indexes: list[int], generation: int, timeout: float = 10.0) -> bool:
    """Until every plugin reports ``generation`` in its statistics (it re-reads within a second)."""
    deadline = time.monotonic() + timeout
    pending = set(indexes)
    while pending and time.monotonic() < deadline:
        for index in list(pending):
            if (read_stats(directory, index) or {}).get("generation") == generation:
                pending.discard(index)
        if pending:
            time.sleep(0.1)
    return not pending


def read_stats(directory: Path, index: int) -> dict | None:
    try:
        return json.loads(stats_file(directory, index).read_text())
    except (OSError, ValueError):
        return None


def start_server(nbdkit: str, directory: Path, index: int, image: Path, qmp_mark: str) -> int:
    """Start disk ``index``'s nbdkit (it forks into the background once its socket is ready)."""
    sock, pid_file = socket_path(directory, index), _pid_file(directory, index)
    for path in (sock, pid_file, stats_file(directory, index)):
        path.unlink(missing_ok=True)
    argv = [nbdkit, "--unix", str(sock), "--pidfile", str(pid_file), "--log", "stderr",
            "python", str(serving.PLUGIN), f"file={image}", f"model={model_file(directory, index)}",
            f"stats={stats_file(directory, index)}", f"qemu_pid={directory / QEMU_PID_FILE}",
            f"qemu_mark={qmp_mark}"]
    with open(directory / f"disk{index}.nbdkit.log", "ab") as log:
        result = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=log, timeout=START_TIMEOUT,
                                start_new_session=True)
    # the forked server writes its pid file, maybe just after the first process has exited
    deadline = time.monotonic() + START_TIMEOUT
    while result.returncode == 0 and time.monotonic() < deadline:
        pid = _read_pid(pid_file)
        if pid is not None and sock.exists():
            return pid
        time.sleep(0.02)
    pid = _read_pid(pid_file)
    if result.returncode != 0 or pid is None or not sock.exists():
        tail = (directory / f"disk{index}.nbdkit.log").read_text(errors="replace")[-1500:]
        raise RuntimeError(f"nbdkit for disk {index} did not start (exit {result.returncode}):\n{tail}")
    return pid


def _read_pid(path: Path) -> int | None:
    try:
        return int(path.read_text().strip())
    except (OSError, ValueError):
        return None


def _is_our_server(pid: int, directory: Path) -> bool:
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return False
    return bool(argv) and argv[0].endswith(b"nbdkit") and str(directory).encode() + b"/" in b" ".join(argv)


def running_servers(directory: Path) -> dict[int, int]:
    """Disk index -> pid of this lab's nbdkit servers still running."""
    found = {}
    for pid_file in directory.glob("disk*.nbdkit.pid") if directory.is_dir() else []:
        match = re.match(r"disk(\d+)\.nbdkit\.pid$", pid_file.name)
        pid = _read_pid(pid_file)
        if match and pid and _is_our_server(pid, directory):
            found[int(match.group(1))] = pid
    return found


def stop_servers(directory: Path, grace: float = 5.0) -> list[int]:
    """SIGTERM, then SIGKILL, this lab's nbdkit servers (checked against /proc/PID/cmdline)."""
    servers = running_servers(directory)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in servers.values():
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and any(_is_our_server(p, directory) for p in servers.values()):
            time.sleep(0.05)
        if not any(_is_our_server(p, directory) for p in servers.values()):
            break
    return sorted(servers)


def write_qemu_pid(directory: Path, pid: int) -> None:
    tmp = directory / (QEMU_PID_FILE + ".tmp")
    tmp.write_text(f"{pid}\n")
    os.replace(tmp, directory / QEMU_PID_FILE)
