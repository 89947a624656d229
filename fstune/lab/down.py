"""``lab down``: unmount, detach and delete a lab; touch nothing that is not the lab's.

A lab whose disk a run holds locked (``fstune.devlock``) is never taken down: ``lab_down`` takes
every lab disk's lock itself first and refuses, saying which run holds which disk.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from fstune.devices.labdisk import MANIFEST_NAME
from fstune.devices.settle import settle_own
from fstune.errors import DeviceError
from fstune.lab import kernel, served
from fstune.lab.files import backing_files, read_manifest, resolve_dir
from fstune.lab.kernel import (Loop, last_line, loop_backing, mount_is_ours, node_matches, partitions_of, read_mounts,
                               read_swaps, require_root, run, scan_loops, settle)

DETACH_TIMEOUT = 10.0  # seconds to wait for a detached loop device to be released


@dataclass
class LabDown:
    directory: str
    found: bool
    unmounted: list[str] = field(default_factory=list)  # mountpoints
    swapped_off: list[str] = field(default_factory=list)
    detached: list[str] = field(default_factory=list)  # loop devices
    removed: list[str] = field(default_factory=list)  # files (and the directory, if made by up)
    stopped: list[str] = field(default_factory=list)  # a modelled lab's disk servers: FUSE files unmounted
    killed: list[int] = field(default_factory=list)  # … and serving processes that had to be killed


def lab_down(directory: str | Path | None = None) -> LabDown:
    """Unmount, detach and delete the lab in ``directory``; touch nothing that is not the lab's.

    The lab's loop devices are found in sysfs by their backing file (name convention plus
    directory), so this works without a manifest, after a killed ``lab up``, and when the
    backing files were deleted under the devices.
    """
    lab_dir = resolve_dir(directory)
    manifest = read_manifest(lab_dir)
    loops = [loop for loop in scan_loops() if loop.directory == lab_dir]
    files = backing_files(lab_dir)
    serving = served.served_mounts(lab_dir) or served.serving_processes(lab_dir)
    report = LabDown(str(lab_dir), found=bool(manifest or loops or files or serving))
    if not report.found:
        return report

    if loops:
        require_root()
        # the lab's disks, locked as a run locks them: a run using one refuses this (and no run
        # can start on one while its filesystems are unmounted here)
        locks = _lock_for_down(loops, lab_dir)
        try:
            _release(loops, report)
        finally:
            locks.release(refresh=False)  # before the detach: an open descriptor would delay it
        # every event of these disks (the unmounts', put off while they were locked here) handled
        # before the detach: a udev probe still holding one open on a busy machine delays it past
        # DETACH_TIMEOUT. Only ours: a plain settle would wait for the disks other runs hold.
        nodes = [f"/dev/{name}" for loop in loops for name in (loop.name, *(p for p, _, _ in partitions_of(loop.name)))]
        if not settle_own(nodes):
            settle([f"/dev/{loop.name}" for loop in loops])
        for loop in loops:
            run(["losetup", "--detach", f"/dev/{loop.name}"], check=False)
        busy = _wait_detached(loops)
        report.detached = [f"/dev/{loop.name}" for loop in loops if loop not in busy]
    else:
        busy = []

    if not busy and serving:
        # only once no loop uses them: a served disk's file is the loop's backing file
        require_root()
        stopped = served.stop(lab_dir)
        report.stopped, report.killed = stopped.unmounted, stopped.killed
    # a backing file still in use keeps its data on disk: leave it, and the manifest, in place
    keep = {loop.backing_file for loop in busy}
    for file in files:
        if str(file) not in keep:
            _unlink(file, report)
    if not busy:
        for file in served.own_files(lab_dir):
            _unlink(file, report)
    if not busy:
        _unlink(lab_dir / MANIFEST_NAME, report)
        if manifest and manifest.get("created_directory"):
            try:
                lab_dir.rmdir()  # only when empty: never remove what someone else put there
                report.removed.append(str(lab_dir))
            except OSError:
                pass
        return report
    raise DeviceError(
        "Could not detach " + ", ".join(f"/dev/{loop.name}" for loop in busy) + ": still in use.",
        "Something outside the lab holds it (a filesystem using it as an external journal or log, "
        "a mount in another namespace, or an open file). Stop that, then run "
        f"`sudo fstune lab down --dir {lab_dir}` again.",
    )



def _lock_for_down(loops: list[Loop], lab_dir: Path):
    from fstune import devlock

    nodes = [f"/dev/{loop.name}" for loop in loops if node_matches(f"/dev/{loop.name}", loop.major_minor)]
    try:
        # udev may still be reading a disk that was just unmounted or written: wait for that
        return devlock.lock_devices(nodes, run_id=None, purpose="fstune lab down", timeout=30)
    except devlock.DeviceLockedError as error:
        again = f"then run `sudo fstune lab down --dir {lab_dir}` again."
        if error.holder is not None and error.holder.fstune:
            hint = f"Wait until that run has ended (or cancel it), {again}"
        else:
            hint = f"{error.hint} Then run `sudo fstune lab down --dir {lab_dir}` again."
        raise DeviceError(f"Cannot take the lab down: {error.message}", hint) from None


def _release(loops: list[Loop], report: LabDown) -> None:
    """Unmount and swapoff everything that lives on these loops; refuse if something is stacked."""
    devices: dict[str, str] = {}  # major:minor -> /dev path, for the loops and their partitions
    for loop in loops:
        devices[loop.major_minor] = f"/dev/{loop.name}"
        for name, _number, mm in partitions_of(loop.name):
            devices[mm] = f"/dev/{name}"
    holders = []
    for loop in loops:
        nodes = [kernel.SYS / "block" / loop.name] + [kernel.SYS / "block" / loop.name / n for n, _, _ in partitions_of(loop.name)]
        for node in nodes:
            holders += [f"{node.name} is held by {h.name}" for h in sorted((node / "holders").glob("*"))]
    if holders:
        raise DeviceError(
            "Cannot take the lab down: " + "; ".join(holders) + ".",
            "Remove the device-mapper, LVM, RAID or crypt device built on it first "
            "(see `lsblk`, `dmsetup ls`), then run `fstune lab down` again.",
        )

    for mm in sorted(read_swaps() & devices.keys()):
        run(["swapoff", devices[mm]])
        report.swapped_off.append(devices[mm])

    # deepest first; a mountpoint can be stacked, so re-read until nothing of ours is mounted
    for _attempt in range(20):
        ours = [m for m in read_mounts() if mount_is_ours(m, devices)]
        if not ours:
            return
        mount = max(ours, key=lambda m: m.mountpoint.count("/"))
        result = run(["umount", mount.mountpoint], check=False)
        if result.returncode != 0:
            raise DeviceError(
                f"Could not unmount {mount.mountpoint} ({mount.source}): {last_line(result.stderr)}",
                f"Close the programs using it (`fuser -vm {mount.mountpoint}` lists them), then run "
                "`fstune lab down` again.",
            )
        report.unmounted.append(mount.mountpoint)
    raise DeviceError("Lab filesystems keep reappearing in the mount table.", "Unmount them by hand, then retry.")


def _wait_detached(loops: list[Loop], timeout: float | None = None) -> list[Loop]:
    """Loops still bound to their lab file after ``timeout``.

    `losetup --detach` on a device that is still open only marks it for auto-clear and returns
    success; udev's probe after an unmount holds it open for a moment. So wait and re-check.
    """
    deadline = time.monotonic() + (DETACH_TIMEOUT if timeout is None else timeout)
    while True:
        still = [loop for loop in loops if loop_backing(loop.name) == loop.raw_backing]
        if not still or time.monotonic() > deadline:
            return still
        time.sleep(0.1)




def _unlink(path: Path, report: LabDown) -> None:
    try:
        path.unlink()
        report.removed.append(str(path))
    except FileNotFoundError:
        pass
    except OSError as error:
        raise DeviceError(f"Could not remove {path}: {error.strerror}.", "Remove it by hand.") from None
