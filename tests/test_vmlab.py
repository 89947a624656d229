"""The VM lab: a full Debian kernel in QEMU, for JFS, ReiserFS, real holders and hot-unplug.

One VM boots for the whole session (``vm`` fixture) and is always stopped and its files removed,
even when a test fails. Inside the guest only its emulated disks are written, and with
FSTUNE_LAB_ONLY=1 fstune itself refuses anything else (the guest accepts only disks carrying
the lab's token). Tests run in the order written: the last one unplugs a disk.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import threading
import time

import pytest

from fstune import diskmodel, vmlab
from fstune.vmlab import guest as guest_side
from terminal import Terminal, start_wizard_run

pytestmark = [pytest.mark.vmlab, pytest.mark.slow]

GUEST_ENV = {"FSTUNE_LAB_ONLY": "1"}
# dbench's shortest run, twice per configuration: under software emulation each step costs
# seconds, and these tests check that the studies work end to end, not their verdicts' power
REPEATS = 2
SHORT_DBENCH = ["--workloads", "metadata", "--workload-param", "metadata.seconds=5",
                "--workload-param", "metadata.clients=2", "--repeats", str(REPEATS),
                "--max-repeats", str(REPEATS)]
# the `vm` fixture (one VM for the session, disks served through nbdkit with the model off
# until a test switches it on) is in conftest.py, shared with tests/test_diskmodel.py


def guest(vm, *argv: str, env: dict | None = None, timeout: float = 900) -> tuple[int, str, str]:
    return vmlab.vm_run_capture(vm, list(argv), env={**GUEST_ENV, **(env or {})}, timeout=timeout)


def guest_ok(vm, *argv: str, **kwargs) -> str:
    status, out, err = guest(vm, *argv, **kwargs)
    assert status == 0, f"{argv} exited {status}:\n{out[-3000:]}\n{err[-3000:]}"
    return out


def partition(vm, disk: int, number: int) -> str:
    """The guest's name for partition ``number`` of lab disk ``disk`` (the kernel's sdX order
    follows probing, not the disks' order, so go by the serial)."""
    serial = vm.disks[disk - 1].serial
    link = f"/dev/disk/by-id/scsi-0{vmlab.DISK_VENDOR}_{vmlab.DISK_MODEL}_{serial}-part{number}"
    return guest_ok(vm, "readlink", "-f", link).strip()


def guest_mounts(vm) -> str:
    return guest_ok(vm, "cat", "/proc/mounts")


def run_short_study(vm, study: str, data: str, log: str, configs: tuple[str, str]) -> dict:
    """``fstune run`` of ``study`` in the guest with SHORT_DBENCH and its own results store;
    checks it finished with REPEATS dbench figures for both configurations; returns the export."""
    state = f"/tmp/state-{study}"
    guest_ok(vm, "fstune", "run", "--study", study, "--device", data, "--log-device", log,
             "--configs", ",".join(configs), *SHORT_DBENCH, "--yes", env={"XDG_STATE_HOME": state})
    report = stored_run(vm, state)
    run = report["runs"][0]
    assert run["study"] == study and run["status"] == "finished"
    summaries = [s for s in report["comparison"]["summaries"] if s["metric"] == "dbench.throughput_mbs"]
    assert {s["config"] for s in summaries} == set(configs)
    assert all(s["n"] == REPEATS and s["median"] > 0 for s in summaries)
    return report


def stored_run(vm, state: str) -> dict:
    out = guest_ok(vm, "fstune", "results", "export", "last", "--format", "json",
                   env={"XDG_STATE_HOME": state})
    return json.loads(out)


# --------------------------------------------------------------------------------------------
# No VM needed


def test_vm_lab_disk_needs_the_token_of_the_running_kernel(tmp_path):
    disk = tmp_path / "sda"
    (disk / "device").mkdir(parents=True)
    (disk / "device" / "vendor").write_text("FSTUNE  \n")
    (disk / "device" / "model").write_text("fstune-vmlab    \n")
    serial = b"fstunevm0123abcd2"
    (disk / "device" / "vpd_pg80").write_bytes(bytes([0, 0x80, 0, len(serial)]) + serial)
    assert vmlab.is_vm_lab_disk(disk, "console=ttyS0 fstune.vmlab=0123abcd")
    assert not vmlab.is_vm_lab_disk(disk, "console=ttyS0 fstune.vmlab=ffffffff")  # another lab's
    assert not vmlab.is_vm_lab_disk(disk, "console=ttyS0")  # the host, or any ordinary machine
    (disk / "device" / "model").write_text("QEMU HARDDISK\n")
    assert not vmlab.is_vm_lab_disk(disk, "fstune.vmlab=0123abcd")


def test_missing_qemu_is_a_clear_message(monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda *a, **k: None)
    with pytest.raises(vmlab.VmLabError) as caught:
        vmlab.find_qemu()
    assert "apt-get install" in str(caught.value) and vmlab.QEMU_PACKAGE in str(caught.value)


def test_kvm_is_tried_only_with_a_hardware_kvm_module(tmp_path):
    # a sandbox's /dev/kvm backed by kvm_pvm boots only kernels built for it: no probe
    (tmp_path / "kvm_pvm").mkdir()
    assert not vmlab.kvm_available(tmp_path)
    device = tmp_path / "kvm"
    device.write_text("")
    # the lab says why it did not try a /dev/kvm that is there
    assert vmlab.kvm_unusable(tmp_path, str(device)) == (f"{device} is not hardware KVM (no kvm_intel or kvm_amd "
                                                          "module; it is kvm_pvm)")
    assert vmlab.kvm_unusable(tmp_path, str(tmp_path / "none")) == f"there is no {tmp_path / 'none'}"
    (tmp_path / "kvm_intel").mkdir()
    assert vmlab.kvm_unusable(tmp_path, str(device)) is None


def test_boot_image_is_the_unpacked_kernel_only_when_it_can_boot_that_way(tmp_path):
    import lzma

    (tmp_path / "boot").mkdir()
    image = tmp_path / "boot" / "vmlinuz-9.9"
    image.write_bytes(b"setup code" + lzma.compress(b"\x7fELF the kernel", format=lzma.FORMAT_XZ) + b"tail")
    kernel = vmlab.GuestKernel("9.9", image, tmp_path)
    (tmp_path / "boot" / "config-9.9").write_text("CONFIG_PVH=y\n")
    unpacked = vmlab.boot_image(kernel, tmp_path)
    assert unpacked == tmp_path / "vmlinux" and unpacked.read_bytes() == b"\x7fELF the kernel"
    (tmp_path / "boot" / "config-9.9").write_text("# CONFIG_PVH is not set\n")
    assert vmlab.boot_image(kernel, tmp_path) == image


def test_guest_server_starts_with_few_imports():
    # every module the guest's server imports is read over 9p under emulation before the lab is
    # ready: the heavy ones (and the rest of fstune) must stay out of it
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-S", "-X", "importtime", guest_side.__file__],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "usage" in result.stderr
    loaded = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    assert "subprocess" in loaded  # the measurement works
    assert not loaded & {"json", "dataclasses", "pathlib", "secrets", "socket", "fstune", "runpy"}


def test_missing_kernel_is_a_clear_message(tmp_path):
    with pytest.raises(vmlab.VmLabError) as caught:
        vmlab.find_kernel(boot=tmp_path / "boot", modules_root=tmp_path / "modules")
    assert vmlab.KERNEL_PACKAGE in str(caught.value)


# --------------------------------------------------------------------------------------------
# In the VM


def test_vm_is_ready_with_rotational_lab_disks_and_the_guard_holds(vm):
    assert vm.boot_seconds > 0
    status, out, err = guest(vm, "sh", "-c", "echo out; echo err >&2; exit 7")
    assert (status, out, err) == (7, "out\n", "err\n")
    # the guest runs this very checkout and interpreter, wherever they are (a CI clone in /tmp too)
    from pathlib import Path

    source = Path(vmlab.__file__).resolve()
    guest_ok(vm, "test", "-x", sys.executable)
    assert guest_ok(vm, "cat", str(source)) == source.read_text()
    disks = json.loads(guest_ok(vm, "fstune", "disks", "--json"))
    ours = [d for d in disks if d["devtype"] == "disk" and d["serial"] and d["serial"].startswith(vmlab.SERIAL_PREFIX)]
    assert len(ours) == 4
    assert all(d["rotational"] for d in ours)
    part = partition(vm, 1, 1)
    # the guard inside the guest: the lab's partitions pass, anything else (a tmpfs file) fails
    check = ("import sys; from fstune import lab; from fstune.errors import UnsafeDeviceError\n"
             "lab.assert_lab_device(sys.argv[1])\n"
             "try:\n    lab.assert_lab_device('/dev/null')\nexcept UnsafeDeviceError:\n    print('refused')\n")
    assert guest_ok(vm, "python3", "-c", check, part).strip() == "refused"


def test_a_vanished_host_client_hangs_up_its_command_and_frees_the_port(vm):
    # a closed terminal or a killed `lab vm run` on the host: the guest command gets SIGHUP (as
    # from a terminal hanging up; fstune cleans up on it) and the port serves the next command
    import subprocess

    flag = "/tmp/hangup-seen"
    script = f'trap "echo hangup > {flag}; exit 0" HUP; echo ready; while :; do sleep 0.1; done'
    client = subprocess.Popen([sys.executable, "-m", "fstune", "lab", "vm", "run", "--dir", str(vm.directory),
                               "--no-tty", "--", "sh", "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        assert client.stdout.readline().strip() == "ready"
    finally:
        client.kill()
        client.wait()
    deadline = time.monotonic() + 30
    while True:
        # the same port as the killed client's (the first free one): a wedged port would hang here
        status, out, _ = guest(vm, "cat", flag, timeout=60)
        if status == 0 or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert (status, out) == (0, "hangup\n")


def test_jfs_external_log_study_in_vm(vm):
    data, log = partition(vm, 1, 1), partition(vm, 2, 2)
    report = run_short_study(vm, "jfs-external-log", data, log, ("internal", "external-mkfs"))
    run = report["runs"][0]
    assert {c["config"] for c in report["comparison"]["columns"]} == {"internal", "external-mkfs"}
    rows = [r for r in report["comparison"]["rows"] if r["config"] == "external-mkfs"]
    assert rows and all(r["verdict"] for r in rows)
    assert "jfs" in json.dumps(run["configurations"])
    assert data not in guest_mounts(vm) and log not in guest_mounts(vm)


def test_reiserfs_external_log_study_in_vm(vm):
    data, log = partition(vm, 2, 1), partition(vm, 3, 2)
    report = run_short_study(vm, "reiserfs-external-log", data, log, ("internal", "external-notail"))
    run = report["runs"][0]
    configs = {c["name"]: c for c in run["configurations"]}
    assert configs["external-notail"]["mkfs_argv"] == [["mkreiserfs", "-f", "-j", log, data]]
    assert ["notail", None] in configs["external-notail"]["mount_options"]
    # the journal device reaches mount as jdev= (the plan is the very steps the run executed)
    script = guest_ok(vm, "fstune", "plan", "--study", "reiserfs-external-log", "--device", data,
                      "--log-device", log, "--configs", "external-notail", "--workloads", "none")
    assert re.search(rf"mount .*jdev={re.escape(log)}.*notail|mount .*notail.*jdev={re.escape(log)}", script)
    assert data not in guest_mounts(vm)


def test_real_holders_are_locked_with_their_reason(vm):
    swap, pv, crypt = partition(vm, 1, 1), partition(vm, 2, 1), partition(vm, 3, 1)
    raid = [partition(vm, 1, 2), partition(vm, 2, 2)]
    setup = f"""set -e
mkswap {swap} >/dev/null; swapon {swap}
pvcreate -ff -y {pv} >/dev/null
mdadm --create /dev/md/fstunetest --run --level=1 --raid-devices=2 --metadata=1.2 {raid[0]} {raid[1]} 2>/dev/null
echo secret | cryptsetup open --type plain --cipher aes-xts-plain64 --key-size 256 --key-file - {crypt} fstunecrypt
udevadm settle
"""
    teardown = f"""swapoff {swap}; cryptsetup close fstunecrypt; mdadm --stop /dev/md/fstunetest
pvremove -ff -y {pv}; wipefs -a -q {swap} {raid[0]} {raid[1]} {pv}; udevadm settle
grep -q '^md' /proc/mdstat && exit 1; grep -q '^/' /proc/swaps && exit 1
for h in /sys/class/block/*/holders; do [ -z "$(ls -A "$h")" ] || exit 1; done; exit 0"""
    try:
        guest_ok(vm, "sh", "-c", setup)
        disks = {d["path"]: d for d in json.loads(guest_ok(vm, "fstune", "disks", "--json"))}
    finally:
        undone = guest(vm, "sh", "-c", teardown)
    # the later tests use these partitions again: they must be free
    assert undone[0] == 0, f"teardown failed: {undone}"

    def reason(path: str) -> str:
        verdict = disks[path]["verdict"]
        assert verdict["status"] == "locked", f"{path} is {verdict}"
        return verdict["reason"]

    assert "swap" in reason(swap)
    assert "LVM physical volume" in reason(pv)
    for member in raid:
        assert re.search(r"in use by md\d+ \(raid1 array", reason(member))
    assert "dm-crypt mapping fstunecrypt" in reason(crypt)


def test_xfs_log_study_on_seek_bound_disks(vm, capsys):
    data, log = partition(vm, 1, 1), partition(vm, 3, 2)
    state = "/tmp/state-xfs"
    model = diskmodel.DESKSTAR_7K250
    vmlab.set_disk_model(vm, model)
    try:
        guest_ok(vm, "fstune", "run", "--study", "xfs-log-tuning", "--device", data, "--log-device", log,
                 *SHORT_DBENCH, "--yes", env={"XDG_STATE_HOME": state})
    finally:
        vmlab.set_disk_model(vm, None)
    report = stored_run(vm, state)
    assert report["runs"][0]["status"] == "finished"
    medians = {s["config"]: s["median"] for s in report["comparison"]["summaries"]
               if s["metric"] == "dbench.throughput_mbs"}
    assert set(medians) == {"defaults", "log-buffers", "external-log"}
    assert all(value > 0 for value in medians.values())
    rows = {r["config"]: r for r in report["comparison"]["rows"] if r["metric"] == "dbench.throughput_mbs"}
    with capsys.disabled():  # the figures are the point of this study: show them in the test log
        print(f"\nXFS on modelled disks ({model.describe()}), dbench MB/s (median of {REPEATS}):")
        for config, value in medians.items():
            row = rows.get(config)
            change = f"  {row['change_pct']:+.1f}% vs defaults, {row['verdict']}" if row else ""
            print(f"  {config:13} {value:8.2f}{change}")
        external = rows.get("external-log")
        if external:
            # the seed (2.4 kernel, IDE disks): 1.46 MB/s with the defaults, 18.9 with the log on a second disk
            won = {"better": "won", "worse": "lost"}.get(external["verdict"], "was not told apart from the defaults")
            print(f"  The external log {won} here ({external['change_pct']:+.1f}%); the seed measured "
                  f"+{(18.9 / 1.46 - 1) * 100:.0f}% (1.46 → 18.9 MB/s). These runs are short ({REPEATS} × 5 s): "
                  "the verdict shows the study works, not its effect size.")


def _key_latency(term: Terminal, key: str, shows: str, timeout: float = 60) -> float:
    """Seconds from pressing ``key`` until the screen shows ``shows``: how long a user waits."""
    started = time.monotonic()
    term.keys(key)
    term.wait_for(lambda s: shows in s, timeout=timeout, what=f"the answer to {key!r} ({shows!r})", poll=0.1)
    return time.monotonic() - started


def _guest_benchmark_running(vm, data: str) -> bool:
    return guest(vm, "sh", "-c", f"grep -q '^{data} ' /proc/mounts && pgrep -x dbench")[0] == 0


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_wizard_in_vm_stays_responsive_when_its_disk_is_unplugged(vm, capsys):
    """The wizard inside the VM, in a real 80×24 terminal on the host (``fstune lab vm run``),
    walked by its keys to a run on disk 4; the disk is pulled out during the first dbench."""
    data = partition(vm, 4, 1)
    state = "/tmp/state-wizard"
    command = (f"{sys.executable} -m fstune lab vm run --dir {vm.directory} --tty -- "
               f"env FSTUNE_LAB_ONLY=1 XDG_STATE_HOME={state} fstune; "
               "echo \"fstune ended with status $?\"; sleep 3600")
    with Terminal(command, name="fstune-vm-wizard") as term:
        start_wizard_run(term, data, "ext4-writeback-commit", "ext4: data=writeback")
        deadline = time.monotonic() + 240
        while not _guest_benchmark_running(vm, data):
            if time.monotonic() > deadline:
                pytest.fail(f"dbench never ran on {data}:\n{term.screen()}")
            time.sleep(1)
        time.sleep(3)
        before = _key_latency(term, "f", "f: follow off")
        vmlab.unplug_disk(vm, 4)
        unplugged = time.monotonic()
        # a key pressed while the kernel loses the disk under a mounted filesystem and a benchmark
        during = _key_latency(term, "f", "f: follow on")
        ended_by_then = "Failed" in term.screen()
        shown = term.wait_for(lambda s: "has disappeared" in " ".join(s.split()), timeout=240,
                              what="the failed run and its reason")
        to_failure = time.monotonic() - unplugged
        flat = " ".join(shown.split())
        assert "Failed" in shown and "Traceback" not in shown
        assert re.search(rf"Failed: Step \d+ \(dbench.*\) failed: .*{re.escape(data)} has disappeared", flat), shown
        assert f"✓ Unmount {data}" in shown
        overall = next(line for line in shown.splitlines() if "Overall" in line)
        assert not re.search(r"\d\d:\d\d:\d\d", overall), f"a time-left estimate after the end: {overall}"
        # the results screen's first line; its "Configurations" table may sit below the fold when
        # the failure's reason (the tool's own error) takes several lines
        after = _key_latency(term, "r", "configurations · baseline")
        results = term.screen()
        assert "failed · took" in results and "has disappeared" in " ".join(results.split())
        term.keys("C-q")
        term.wait_for(lambda s: "fstune ended with status 0" in s, timeout=60, what="the wizard quitting")
    mounts = guest_mounts(vm)
    assert data not in mounts and "/run/fstune/" not in mounts
    assert guest(vm, "test", "-e", data)[0] != 0, "the disk was not unplugged"
    with capsys.disabled():
        print(f"\nWizard in the VM, disk unplugged during dbench: a key answered in {before:.1f} s before, "
              f"{during:.1f} s just after the unplug (run {'already' if ended_by_then else 'not yet'} ended), "
              f"{after:.1f} s after; the run failed and cleaned up {to_failure:.1f} s after the unplug.")


def test_hot_unplug_mid_benchmark_fails_cleanly(vm):
    data = partition(vm, 3, 1)
    state = "/tmp/state-unplug"
    result: dict = {}

    def run() -> None:
        try:
            result["value"] = guest(vm, "fstune", "run", "--study", "xfs-log-tuning", "--device", data,
                                    # a study needs a variant besides its baseline; the baseline runs first
                                    "--configs", "log-buffers", "--workloads", "metadata",
                                    "--workload-param", "metadata.seconds=120", "--workload-param",
                                    "metadata.clients=2", "--repeats", "3", "--max-repeats", "3", "--yes",
                                    env={"XDG_STATE_HOME": state}, timeout=400)
        except Exception as error:  # shown by the assertion below instead of lost in the thread
            result["error"] = error

    thread = threading.Thread(target=run)
    thread.start()
    unplugged = False
    try:
        # wait until dbench runs on the mounted target, then pull the disk out
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            if _guest_benchmark_running(vm, data):
                break
            time.sleep(1)
            if not thread.is_alive():
                break
        else:
            pytest.fail("the benchmark never started")
        if not thread.is_alive():
            pytest.fail(f"the run ended before the benchmark started: {result.get('value')}")
        time.sleep(3)
        vmlab.unplug_disk(vm, 3)
        unplugged = True
    finally:
        if not unplugged and thread.is_alive():
            vmlab.unplug_disk(vm, 3)  # a failed test still ends the run now, not minutes later
        thread.join(timeout=420)
    assert "value" in result, f"the run did not end after its disk was unplugged: {result.get('error')}"
    status, out, err = result["value"]
    assert status == 1, f"exit {status}\n{out[-2000:]}\n{err[-2000:]}"
    assert "Traceback" not in out + err
    assert re.search(r"failed: .*has disappeared", " ".join((out + err).split())), out[-2000:]
    assert data not in guest_mounts(vm), "the unplugged disk's filesystem is still mounted"
    assert guest(vm, "test", "-e", data)[0] != 0, "the disk was not unplugged"
