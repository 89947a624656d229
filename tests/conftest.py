"""Fixtures shared by the whole suite.

The rule they enforce (docs/development.md): tests write only to loop devices they made themselves.
``FSTUNE_LAB_ONLY=1`` is set for the whole session, so fstune's own runner refuses any other
device, and ``run_destructive`` checks every device a test's command names before running it.

Nothing here imports Textual: the headless core's tests must run without it.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import stat
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import suppress
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
try:
    import fstune  # noqa: F401
except ImportError:  # not pip-installed and pytest started from elsewhere: use the checkout
    sys.path.insert(0, str(ROOT))

from fstune import lab as labmod  # noqa: E402

IS_ROOT = os.geteuid() == 0
# small, sparse lab disks: 1 GiB leaves a 766 MiB data partition (XFS needs 300 MB) beside the
# 256 MiB spare (an ext journal, an XFS log of 64 MiB or more, or a small Btrfs)
LAB_DISK_SIZE = "1G"
LAB_SPARE_SIZE = "256M"
UDEVD_PATHS = ("/lib/systemd/systemd-udevd", "/usr/lib/systemd/systemd-udevd")


def loopdev_skip_reason() -> str | None:
    """Why loop-device tests cannot run here, or None when they can."""
    if not IS_ROOT:
        return "needs root to attach loop devices"
    if not Path("/dev/loop-control").exists():
        return "the loop driver is not loaded (/dev/loop-control is missing)"
    path = f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin"
    missing = [t for t in ("losetup", "sfdisk", "partx") if not shutil.which(t, path=path)]
    if missing:
        return f"missing tools: {', '.join(missing)}"
    return None


def pytest_configure(config: pytest.Config) -> None:
    """Snapshots: also strip the bare ``terminal-<hash>`` id from SVGs before comparing.

    pytest-textual-snapshot removes the hash Rich puts in class names (``terminal-123-r1``) but
    not the bare id, and that hash covers the segments' reprs, which can differ between two
    renders of the very same picture (e.g. DataTable cell metadata). The picture is compared;
    the hash is not.
    """
    try:
        import pytest_textual_snapshot as plugin  # loads no Textual itself
    except ImportError:
        return
    original = plugin.normalize_svg
    if getattr(original, "fstune", False):
        return

    def normalize_svg(svg: str) -> str:
        return re.sub(r"\bterminal-\d+\b", "terminal", original(svg))

    normalize_svg.fstune = True
    plugin.normalize_svg = normalize_svg


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("loopdev"):
        reason = loopdev_skip_reason()
        if reason:
            pytest.skip(f"loopdev: {reason}")


@pytest.fixture(scope="session", autouse=True)
def lab_only_guard() -> Iterator[None]:
    """The write guard is on for every test (and every subprocess a test starts)."""
    old = os.environ.get(labmod.GUARD_ENV)
    os.environ[labmod.GUARD_ENV] = "1"
    yield
    if old is None:
        os.environ.pop(labmod.GUARD_ENV, None)
    else:
        os.environ[labmod.GUARD_ENV] = old


@pytest.fixture(scope="session", autouse=True)
def known_block_orders() -> Iterator[None]:
    """Plans made in this process draw their block orders from one known seed (A B, B A, A B …
    for the first six blocks of two configurations), so a test can name which configuration runs
    when; tests of the drawn order pass their own seeds (test_plan.py)."""
    from fstune.plan import build  # where Choices draws its seed

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "draw_order_seed", lambda: 33)
        yield


@pytest.fixture(scope="session", autouse=True)
def plain_lab_disks() -> Iterator[None]:
    """Labs made without a --disk-model are plain loop disks in the suite (and its subprocesses):
    seeks cost time, and only the tests that need a head ask for one (tests/test_modelled_lab.py)."""
    old = os.environ.get(labmod.DISK_MODEL_ENV)
    os.environ[labmod.DISK_MODEL_ENV] = "none"
    yield
    if old is None:
        os.environ.pop(labmod.DISK_MODEL_ENV, None)
    else:
        os.environ[labmod.DISK_MODEL_ENV] = old


TEST_MOUNT_ROOT_PREFIX = "/run/fstune-tests-"


def _session_alive(root: Path) -> bool:
    """Whether the session that made ``root`` still runs: it holds an flock on ``root``.lock for
    its whole life, which says so across PID namespaces too (a pid seen from here may be another
    process, or none, while the session runs); a root without a lock file is judged by its pid."""
    lock = Path(f"{root}.lock")
    try:
        fd = os.open(lock, os.O_RDWR)
    except FileNotFoundError:
        pid = root.name.removeprefix(Path(TEST_MOUNT_ROOT_PREFIX).name)
        return not pid.isdigit() or Path(f"/proc/{pid}").exists()
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the lock taken just now: the root is cleared next
    lock.unlink(missing_ok=True)
    return False


def _clear_dead_sessions_roots() -> None:
    """Clear the mount roots of earlier sessions that are gone (killed by a timeout, say):
    nobody else looks in a session's own root, so their runs' sealed mountpoint directories
    would stay forever. Cleared as fstune clears any leftover (docs/safety.md)."""
    from fstune.runner.leftovers import clean_leftovers, find_leftovers

    for root in Path("/run").glob(Path(TEST_MOUNT_ROOT_PREFIX).name + "*"):
        if root.suffix == ".lock" or _session_alive(root):
            continue
        report = clean_leftovers(find_leftovers(str(root)))
        with suppress(OSError):
            root.rmdir()
        if not report.ok:
            warnings.warn(f"an earlier test session's leftovers in {root} could not all be cleared: "
                          + "; ".join(report.failed))


@pytest.fixture(scope="session", autouse=True)
def own_mount_root() -> Iterator[str]:
    """Runs in this session (and its subprocesses) make their mountpoints under a root of the
    session's own: a dead run's leftover in the machine's /run/fstune, another engineer's or
    another suite's, would make every `fstune run` here refuse to start (docs/safety.md)."""
    from fstune.plan import MOUNT_ROOT_ENV

    old = os.environ.get(MOUNT_ROOT_ENV)
    _clear_dead_sessions_roots()
    root = Path(f"{TEST_MOUNT_ROOT_PREFIX}{os.getpid()}")
    lock = os.open(f"{root}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(lock, fcntl.LOCK_EX)  # held while this session runs: _session_alive
    os.environ[MOUNT_ROOT_ENV] = str(root)
    yield str(root)
    Path(f"{root}.lock").unlink(missing_ok=True)
    os.close(lock)
    if old is None:
        os.environ.pop(MOUNT_ROOT_ENV, None)
    else:
        os.environ[MOUNT_ROOT_ENV] = old
    with suppress(OSError):
        root.rmdir()  # only when empty: anything left there is a leftover a test must own up to


@pytest.fixture(scope="session", autouse=True)
def no_lab_outlives_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """At the session's end, take down any lab still standing under this session's temporary
    directory: a test that pytest-timeout stopped in the middle of its lab's teardown (or a fixture
    whose teardown failed) would otherwise leave loop devices, FUSE mounts and servers behind on
    a shared machine. Only labs this session made are looked at (their directory is below its
    basetemp); each one found is named in a warning, since a test should own up to it."""
    yield
    from fstune.lab import kernel

    base = tmp_path_factory.getbasetemp().resolve()
    directories = {loop.directory for loop in kernel.scan_loops()
                   if loop.directory is not None and Path(loop.directory).resolve().is_relative_to(base)}
    directories |= {Path(mountpoint).parent for mountpoint in (m.mountpoint for m in kernel.read_mounts() if m.fs_type.startswith("fuse"))
                    if Path(mountpoint).resolve().is_relative_to(base)}
    for directory in sorted(directories, key=str):
        try:
            labmod.lab_down(directory)
            warnings.warn(f"a lab outlived its test and was taken down at the session's end: {directory}")
        except Exception as error:  # the others still go
            warnings.warn(f"a lab outlived its test and could not be taken down: {directory}: {error}")


@pytest.fixture(scope="session", autouse=True)
def fstune_on_path() -> Iterator[None]:
    """Plans call `fstune workload-helper`: find this interpreter's fstune first (a venv's)."""
    old = os.environ.get("PATH", "")
    os.environ["PATH"] = f"{Path(sys.executable).parent}:{old}"
    yield
    os.environ["PATH"] = old


@pytest.fixture(scope="session", autouse=True)
def _sweep_leftover_labs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Safety net: at the end of the session take down any lab a test left under our tmp dir.

    Fixtures already clean up after themselves; this catches a test that made a lab by hand and
    was interrupted before its own ``finally``.
    """
    base = tmp_path_factory.getbasetemp().resolve()
    yield
    if not IS_ROOT:
        return
    for directory in labmod.find_labs():
        if directory.is_relative_to(base):
            try:
                labmod.lab_down(directory)
                warnings.warn(f"a test left a lab in {directory}; it was taken down at session end")
            except Exception as error:  # report, but keep sweeping the others
                warnings.warn(f"could not take down the leftover lab in {directory}: {error}")


def _udevd_running() -> bool:
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            if comm.read_text().strip() == "systemd-udevd":
                return True
        except OSError:
            continue
    return False


@pytest.fixture(scope="session")
def udevd() -> bool:
    """Make sure systemd-udevd runs (inventory tests need its properties); skip unless root.

    Yields True when udevd runs. A udevd started here is left running: other processes on the
    machine may come to rely on it, and stopping a daemon mid-session would race its events.
    """
    if not IS_ROOT:
        pytest.skip("needs root to start systemd-udevd and attach loop devices")
    if not _udevd_running():
        binary = next((p for p in UDEVD_PATHS if Path(p).exists()), None)
        if binary is None:
            # the lab still works on devtmpfs; only udev properties will be missing
            warnings.warn("systemd-udevd is not installed; udev properties will be missing")
            return False
        subprocess.run([binary, "--daemon"], check=True, capture_output=True, timeout=30)
        # a udevd started just now: describe what is there (nobody held a disk through a udev
        # that was not running, so this settle cannot wait for another process's disk)
        subprocess.run(["udevadm", "trigger"], check=False, capture_output=True, timeout=60)
        subprocess.run(["udevadm", "settle", "--timeout=60"], check=False, capture_output=True, timeout=90)
    return True


def settle_devices(*devices: str | os.PathLike, timeout: float = 60) -> None:
    """Wait until udev has handled every event so far of ``devices``, this test's own, and of
    no other device (``fstune.devices.settle.settle_own``).

    Never a plain ``udevadm settle``: it waits for udev's whole queue, where udev keeps every
    event of a disk another process holds with flock (another fstune run on the machine) until
    that lock goes, so each one would wait its full timeout. A device that is still to appear
    (a partition after ``losetup -P`` or ``partx``) is waited for first.
    """
    from fstune.devices.settle import settle_own

    paths = [os.fspath(device) for device in devices]
    deadline = time.monotonic() + timeout
    while not all(os.path.exists(path) for path in paths) and time.monotonic() < deadline:
        time.sleep(0.05)
    settle_own(paths, timeout=max(5, int(deadline - time.monotonic())))


@pytest.fixture
def lab(udevd: bool, tmp_path: Path) -> Iterator[labmod.Lab]:
    """A fresh two-disk lab for one test; always taken down, even when the test fails.

    Yields a ``fstune.lab.Lab``: ``lab.disks[i].data`` / ``.spare`` are partition paths, and
    ``lab.pairs()`` gives (data, spare-on-another-disk) pairs for external journals.
    """
    directory = tmp_path / "lab"
    try:
        yield labmod.lab_up(disks=2, size=LAB_DISK_SIZE, directory=directory, spare_size=LAB_SPARE_SIZE,
                               disk_model="none")
    finally:
        labmod.lab_down(directory)


@pytest.fixture(scope="module")
def shared_lab(udevd: bool, tmp_path_factory: pytest.TempPathFactory) -> Iterator[labmod.Lab]:
    """A two-disk lab shared by one module's tests. Only for tests that do not write to it."""
    directory = tmp_path_factory.mktemp("shared-lab") / "lab"
    try:
        yield labmod.lab_up(disks=2, size=LAB_DISK_SIZE, directory=directory, spare_size=LAB_SPARE_SIZE,
                               disk_model="none")
    finally:
        labmod.lab_down(directory)


@pytest.fixture
def make_lab(udevd: bool, tmp_path: Path) -> Iterator[Callable[..., labmod.Lab]]:
    """A factory for labs of other shapes: ``make_lab(disks=3, size="600M", spare_size="64M")``.

    Every lab it makes is taken down at teardown.
    """
    made: list[Path] = []

    def make(disks: int = 2, size: str = LAB_DISK_SIZE, spare_size: str = LAB_SPARE_SIZE) -> labmod.Lab:
        directory = tmp_path / f"lab{len(made) + 1}"
        made.append(directory)
        return labmod.lab_up(disks=disks, size=size, directory=directory, spare_size=spare_size, disk_model="none")

    try:
        yield make
    finally:
        errors = []
        for directory in made:
            try:
                labmod.lab_down(directory)
            except Exception as error:  # take the others down before failing
                errors.append(error)
        if errors:
            raise errors[0]


_DEV_PATH = re.compile(r"/dev/[^\s,=:]+")


def _named_block_devices(argv: Sequence[str]) -> list[str]:
    """Block devices an argv names, also inside options such as ``-J device=/dev/loop1p2``."""
    found = []
    for arg in argv:
        for path in _DEV_PATH.findall(arg):
            try:
                if stat.S_ISBLK(os.stat(path).st_mode):
                    found.append(path)
            except OSError:
                continue
    return found


@pytest.fixture
def run_destructive() -> Callable[..., subprocess.CompletedProcess]:
    """``run_destructive(argv, device)``: run a command that writes to ``device``.

    Before anything runs, ``device`` (a path or a list of paths) and every block device the
    argv itself names must pass ``assert_lab_device``; otherwise ``UnsafeDeviceError`` is raised
    and the command never starts. Returns the CompletedProcess (text, captured output);
    ``check=True`` by default.
    """

    def run(
        argv: Sequence[str | os.PathLike],
        device: str | os.PathLike | Sequence[str | os.PathLike],
        *,
        check: bool = True,
        timeout: float = 600,
        **kwargs,
    ) -> subprocess.CompletedProcess:
        if isinstance(argv, (str, bytes)) or kwargs.get("shell"):
            raise TypeError("run_destructive takes an argv list, never a shell string")
        args = [os.fspath(a) for a in argv]
        devices = [device] if isinstance(device, (str, os.PathLike)) else list(device)
        if not devices:
            raise ValueError("run_destructive needs the device the command writes to")
        for path in [*map(os.fspath, devices), *_named_block_devices(args)]:
            labmod.assert_lab_device(path)
        return subprocess.run(args, capture_output=True, text=True, check=check, timeout=timeout, **kwargs)

    return run


# --------------------------------------------------------------------------------------------
# The VM lab (tests/test_vmlab.py, tests/test_diskmodel.py)


def vm_skip_reason() -> str | None:
    from fstune import vmlab

    if os.geteuid() != 0:
        return "the VM lab needs root"
    try:
        vmlab.find_qemu()
        vmlab.find_kernel()
        vmlab.find_nbdkit(required=True)
    except vmlab.VmLabError as error:
        return str(error)
    return None


@pytest.fixture(scope="session")
def vm(tmp_path_factory: pytest.TempPathFactory):
    """One VM lab for the whole session, always stopped and its files removed. Its disks are
    served through nbdkit with the disk model off (the suite's studies run at the host's speed);
    a test that needs seeks switches the model on with vmlab.set_disk_model and off again."""
    from fstune import vmlab
    from fstune.vmlab import servers

    reason = vm_skip_reason()
    if reason and os.environ.get("CI"):
        # .ci/setup.sh installs QEMU, the kernel and nbdkit: in CI a missing one is a broken
        # setup, not a reason to pass without having tested anything
        pytest.fail(f"vmlab: {reason}")
    if reason:
        pytest.skip(f"vmlab: {reason}")
    directory = tmp_path_factory.mktemp("vmlab") / "vm"
    try:
        # disks 1-3 for the studies and holders, disk 4 for the wizard's unplug (3 for the CLI's)
        yield vmlab.vm_up(disks=4, size="1G", directory=directory, disk_model=None)
    finally:
        report = vmlab.vm_down(directory)
        assert not directory.exists(), f"the VM lab left files behind: {report}"
        assert not servers.running_servers(directory), "the VM lab left nbdkit running"


# --- a study for a test ---------------------------------------------------------------------


def study_text(fs: str = "ext4", *, title: str = "test study", head: str = "", first: str = "",
               second: str = 'mount_options = "noatime"') -> str:
    """The TOML of a two-configuration study: baseline "base" and variant "tuned", both ``fs``.

    ``head``: more top-level lines (workloads, repeats, ``[workload_params.…]``); ``first`` and
    ``second``: more lines for each configuration (the variant's default: noatime).
    """
    lines = [f'title = "{title}"', 'summary = "s"', 'explanation = "e"', *head.splitlines(),
             "[[configurations]]", 'name = "base"', 'title = "baseline"', f'filesystem = "{fs}"',
             *first.splitlines(),
             "[[configurations]]", 'name = "tuned"', 'title = "variant"', f'filesystem = "{fs}"',
             *second.splitlines()]
    return "\n".join(lines) + "\n"


@pytest.fixture
def write_study(tmp_path: Path) -> Callable[..., Path]:
    """``write_study(name, fs, **study_text options)``: the study file ``tmp_path/NAME.toml``."""

    def write(name: str = "study", fs: str = "ext4", **options) -> Path:
        path = tmp_path / f"{name}.toml"
        path.write_text(study_text(fs, **options))
        return path

    return write
