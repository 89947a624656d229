"""The results store: every run fstune measured, kept in SQLite with the machine it ran on.

The database lives at ``$XDG_STATE_HOME/fstune/results.sqlite`` (``~/.local/state/fstune/`` by
default); ``FSTUNE_STATE_DIR`` or the ``Store`` constructor's ``directory`` moves it.

A run is written in ONE transaction (``save_run``): a crash, a power cut or a SIGKILL while it is
being written leaves no half run behind, and the runs already stored are untouched. The database
runs in WAL mode so that ``fstune results`` can read while a run is being saved, and with
``synchronous=FULL`` because an hour of measurements is worth one extra fsync.

What a run keeps: the study, its times and how it ended; the environment (host, kernel, distro,
CPU, memory, tool versions: ``capture_environment``); the devices (model, size, transport,
rotational, I/O scheduler: ``describe_device``); per configuration its filesystem, journal
placement, log device, exact mkfs argv and mount options; per repeat every Sample, why it
failed, whether the caches were warm, and the tools' own outputs (zlib-compressed).

``load_run`` gives back configurations as ``ConfigDescription`` and results as ``RepeatResult``,
which is exactly what ``fstune.results.compare.compare`` takes.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from fstune import __version__
from fstune.errors import FstuneError
from fstune.figures import RepeatResult, Sample
from fstune.results.compare import ConfigDescription

DB_NAME = "results.sqlite"
SCHEMA_VERSION = 1

FINISHED = "finished"
FAILED = "failed"
CANCELLED = "cancelled"
STATUSES = (FINISHED, FAILED, CANCELLED)

NOT_INSTALLED = "not installed"


class StoreError(FstuneError):
    """The results database cannot be opened, read or written."""


class RunNotFound(FstuneError):
    """A run id that is not in the store."""


# --- where --------------------------------------------------------------------------------


def state_dir(environ: dict[str, str] | None = None) -> Path:
    """The directory holding the database: FSTUNE_STATE_DIR, else the XDG state dir."""
    env = os.environ if environ is None else environ
    if env.get("FSTUNE_STATE_DIR"):
        return Path(env["FSTUNE_STATE_DIR"]).expanduser()
    # the XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored
    xdg = env.get("XDG_STATE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "state"
    return base / "fstune"


def store_path(directory: str | os.PathLike | None = None) -> Path:
    return (Path(directory) if directory is not None else state_dir()) / DB_NAME


# --- records ------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeviceRecord:
    """A block device a run used, as it was when the run started."""

    path: str
    role: str  # "target" | "journal"
    model: str | None = None
    size: int | None = None  # bytes
    transport: str | None = None  # sata, nvme, usb, virtio, loop …
    rotational: bool | None = None
    scheduler: str | None = None  # the active I/O scheduler, e.g. "mq-deadline", "none"


@dataclass
class RunRecord:
    """Everything fstune keeps about one run of a study."""

    study: str
    title: str
    started: float  # Unix time
    status: str  # FINISHED | FAILED | CANCELLED
    configs: list[ConfigDescription]  # the baseline first, unless ``baseline`` says otherwise
    results: list[RepeatResult]
    finished: float | None = None
    reason: str = ""  # why it failed or was cancelled
    environment: dict = field(default_factory=dict)  # from capture_environment()
    devices: list[DeviceRecord] = field(default_factory=list)
    # config name → the mkfs commands that made it, in order (e.g. the journal device's, then
    # the filesystem's), as the argv that really ran
    mkfs_argv: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)
    baseline: str = ""  # empty: the first configuration
    repeats: int | None = None  # repeats planned per configuration and workload
    warnings: list[str] = field(default_factory=list)  # the plan's warnings, e.g. same-disk journal
    id: int | None = None  # set by the store

    def __post_init__(self) -> None:
        if not self.baseline and self.configs:
            self.baseline = self.configs[0].name

    def validate(self) -> None:
        """Refuse a record that could not be compared later (a programming error, not user input)."""
        if self.status not in STATUSES:
            raise ValueError(f"status must be one of {', '.join(STATUSES)}, not {self.status!r}")
        names = [c.name for c in self.configs]
        if not names:
            raise ValueError("a run needs at least one configuration")
        if len(set(names)) != len(names):
            raise ValueError(f"configuration names repeat: {names}")
        if self.baseline not in names:
            raise ValueError(f"baseline {self.baseline!r} is not one of the configurations {names}")
        for result in self.results:
            if result.config not in names:
                raise ValueError(f"a result names configuration {result.config!r}, which the run does not have")
        for name in self.mkfs_argv:
            if name not in names:
                raise ValueError(f"mkfs_argv names configuration {name!r}, which the run does not have")

    @property
    def hostname(self) -> str:
        return str(self.environment.get("hostname") or "?")

    @property
    def ok_results(self) -> list[RepeatResult]:
        return [r for r in self.results if r.ok]

    @property
    def failed_results(self) -> list[RepeatResult]:
        return [r for r in self.results if not r.ok]


@dataclass(frozen=True)
class RunSummary:
    """One line of the history: enough to choose a run without loading its figures."""

    id: int
    study: str
    title: str
    started: float
    finished: float | None
    status: str
    reason: str
    hostname: str
    kernel: str
    baseline: str
    configs: tuple[str, ...]
    repeats_ok: int
    repeats_failed: int
    warm: bool  # at least one repeat ran with warm caches


# --- the schema -----------------------------------------------------------------------------

# MIGRATIONS[v] takes a database at version v-1 to version v. Never edit a released step: add
# the next one (ALTER TABLE / a new table and an INSERT … SELECT), and raise SCHEMA_VERSION.
MIGRATIONS: dict[int, list[str]] = {
    1: [
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused, so an id in a report stays unique
            study TEXT NOT NULL,
            title TEXT NOT NULL,
            started REAL NOT NULL,
            finished REAL,
            status TEXT NOT NULL CHECK (status IN ('finished', 'failed', 'cancelled')),
            reason TEXT NOT NULL DEFAULT '',
            baseline TEXT NOT NULL,
            repeats INTEGER,
            hostname TEXT NOT NULL DEFAULT '',
            kernel TEXT NOT NULL DEFAULT '',
            environment TEXT NOT NULL,  -- JSON
            warnings TEXT NOT NULL DEFAULT '[]',  -- JSON list
            fstune_version TEXT NOT NULL
        )""",
        "CREATE INDEX runs_started ON runs (started)",
        """CREATE TABLE devices (
            run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            role TEXT NOT NULL,
            path TEXT NOT NULL,
            model TEXT,
            size INTEGER,
            transport TEXT,
            rotational INTEGER,
            scheduler TEXT,
            PRIMARY KEY (run_id, position)
        )""",
        """CREATE TABLE configs (
            run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL,
            filesystem TEXT NOT NULL,
            journal TEXT NOT NULL,
            log_device TEXT,
            mkfs_options TEXT NOT NULL,  -- JSON list of argv words
            mount_options TEXT NOT NULL,  -- JSON list of [name, value-or-null]
            mkfs_argv TEXT NOT NULL,  -- JSON list of argv lists: the commands that really ran
            PRIMARY KEY (run_id, name),
            UNIQUE (run_id, position)
        )""",
        """CREATE TABLE repeats (
            id INTEGER PRIMARY KEY,
            run_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            config TEXT NOT NULL,
            workload TEXT NOT NULL,
            repeat INTEGER NOT NULL,
            failed TEXT,
            warm_cache INTEGER NOT NULL,
            FOREIGN KEY (run_id, config) REFERENCES configs (run_id, name) ON DELETE CASCADE
        )""",
        "CREATE INDEX repeats_run ON repeats (run_id, position)",
        """CREATE TABLE samples (
            repeat_id INTEGER NOT NULL REFERENCES repeats (id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            workload TEXT NOT NULL,
            metric TEXT NOT NULL,
            value REAL NOT NULL,
            unit TEXT NOT NULL,
            better TEXT NOT NULL CHECK (better IN ('higher', 'lower')),
            PRIMARY KEY (repeat_id, position)
        )""",
        """CREATE TABLE raw_outputs (
            repeat_id INTEGER NOT NULL REFERENCES repeats (id) ON DELETE CASCADE,
            phase TEXT NOT NULL,
            data BLOB NOT NULL,  -- zlib-compressed UTF-8
            PRIMARY KEY (repeat_id, phase)
        )""",
    ],
}


def _locked(method):
    """One thread at a time on the connection (see Store.__init__)."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return wrapper


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


class Store:
    """The SQLite results database. Use as a context manager, or call ``close()``."""

    def __init__(self, directory: str | os.PathLike | None = None) -> None:
        self.path = store_path(directory)
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(f"cannot create the results directory {self.path.parent} ({error.strerror}).",
                             "Set FSTUNE_STATE_DIR to a writable directory.") from None
        try:
            # isolation_level=None: no implicit transactions; save_run says BEGIN and COMMIT itself.
            # check_same_thread=False: the TUI opens the store on its main thread and saves from a
            # worker; self._lock keeps one thread at a time on the connection.
            self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the results database {self.path} ({error}).",
                             "Set FSTUNE_STATE_DIR to a writable directory.") from None
        try:
            self._db.execute("PRAGMA foreign_keys = ON")
            self.journal_mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous = FULL")
            self._migrate()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(f"{self.path} is not a usable fstune results database ({error}).",
                             "Move it aside; fstune starts a new one.") from None
        except BaseException:
            self._db.close()
            raise

    # -- plumbing --

    @_locked
    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            # IMMEDIATE: take the write lock now, so two writers wait for each other instead of
            # one failing half way through with "database is locked"
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def schema_version(self) -> int:
        """The version the database is at; 0 for a new, empty one."""
        exists = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'").fetchone()
        if not exists:
            return 0
        row = self._db.execute("SELECT MAX(version) FROM schema_version").fetchone()
        return int(row[0] or 0)

    def _check_version(self, current: int) -> None:
        if current > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer fstune (schema {current}; this one knows {SCHEMA_VERSION}).",
                "Upgrade fstune, or set FSTUNE_STATE_DIR to use another database.")

    def _migrate(self) -> None:
        # look first without the write lock: a database that is up to date must stay readable by
        # someone who may not write it (a root-owned store read by `fstune results list`)
        current = self.schema_version()
        self._check_version(current)
        if current == SCHEMA_VERSION:
            return
        with self._transaction() as db:
            # each version's steps and its schema_version row commit together, so a crash during
            # an upgrade leaves the database at the old version, to be migrated again next time
            db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied REAL NOT NULL)")
            current = self.schema_version()  # another process may have migrated meanwhile
            self._check_version(current)
            for version in range(current + 1, SCHEMA_VERSION + 1):
                try:
                    for statement in MIGRATIONS[version]:
                        db.execute(statement)
                except sqlite3.Error as error:
                    raise StoreError(
                        f"could not upgrade {self.path} from schema {current} to {SCHEMA_VERSION} ({error}); "
                        "it is unchanged.", "Report this as a bug; meanwhile set FSTUNE_STATE_DIR to use "
                        "another database.") from None
                db.execute("INSERT INTO schema_version (version, applied) VALUES (?, ?)", (version, time.time()))

    # -- writing --

    def save_run(self, record: RunRecord) -> int:
        """Store ``record`` in one transaction and return its id (also set on ``record.id``)."""
        record.validate()
        try:
            with self._transaction() as db:
                run_id = self._write_run(db, record)
                for position, device in enumerate(record.devices):
                    db.execute(
                        "INSERT INTO devices (run_id, position, role, path, model, size, transport, rotational,"
                        " scheduler) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (run_id, position, device.role, device.path, device.model, device.size, device.transport,
                         None if device.rotational is None else int(device.rotational), device.scheduler))
                for position, config in enumerate(record.configs):
                    db.execute(
                        "INSERT INTO configs (run_id, position, name, filesystem, journal, log_device, mkfs_options,"
                        " mount_options, mkfs_argv) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (run_id, position, config.name, config.filesystem, config.journal, config.log_device,
                         _json(list(config.mkfs_options)), _json([list(o) for o in config.mount_options]),
                         _json([list(argv) for argv in record.mkfs_argv.get(config.name, [])])))
                for position, result in enumerate(record.results):
                    self._write_repeat(db, run_id, position, result)
        except sqlite3.Error as error:
            raise StoreError(f"could not save the run in {self.path} ({error}); nothing of it was kept.") from None
        record.id = run_id
        return run_id

    def _write_run(self, db: sqlite3.Connection, record: RunRecord) -> int:
        env = record.environment
        cursor = db.execute(
            "INSERT INTO runs (study, title, started, finished, status, reason, baseline, repeats, hostname, kernel,"
            " environment, warnings, fstune_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.study, record.title, record.started, record.finished, record.status, record.reason,
             record.baseline, record.repeats, str(env.get("hostname") or ""), str(env.get("kernel") or ""),
             _json(env), _json(list(record.warnings)), str(env.get("fstune") or __version__)))
        return int(cursor.lastrowid)

    def _write_repeat(self, db: sqlite3.Connection, run_id: int, position: int, result: RepeatResult) -> None:
        cursor = db.execute(
            "INSERT INTO repeats (run_id, position, config, workload, repeat, failed, warm_cache)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (run_id, position, result.config, result.workload, result.repeat, result.failed, int(result.warm_cache)))
        repeat_id = cursor.lastrowid
        db.executemany(
            "INSERT INTO samples (repeat_id, position, workload, metric, value, unit, better)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(repeat_id, i, s.workload, s.metric, s.value, s.unit, s.better) for i, s in enumerate(result.samples)])
        db.executemany(
            "INSERT INTO raw_outputs (repeat_id, phase, data) VALUES (?, ?, ?)",
            [(repeat_id, phase, zlib.compress(text.encode("utf-8", "surrogateescape"), 6))
             for phase, text in result.raw.items()])

    def delete_run(self, run_id: int) -> None:
        with self._transaction() as db:
            # devices/configs/repeats/samples/raw outputs go with it (ON DELETE CASCADE)
            if db.execute("DELETE FROM runs WHERE id = ?", (run_id,)).rowcount == 0:
                raise self._not_found(run_id)

    # -- reading --

    def _not_found(self, run_id: int) -> RunNotFound:
        return RunNotFound(f"there is no run {run_id} in {self.path}.", "'fstune results list' shows the stored runs.")

    @_locked
    def list_runs(self, limit: int | None = None) -> list[RunSummary]:
        """The newest runs first."""
        rows = self._db.execute(
            "SELECT r.id, r.study, r.title, r.started, r.finished, r.status, r.reason, r.hostname, r.kernel,"
            " r.baseline,"
            " (SELECT COUNT(*) FROM repeats p WHERE p.run_id = r.id AND p.failed IS NULL),"
            " (SELECT COUNT(*) FROM repeats p WHERE p.run_id = r.id AND p.failed IS NOT NULL),"
            " EXISTS (SELECT 1 FROM repeats p WHERE p.run_id = r.id AND p.warm_cache)"
            " FROM runs r ORDER BY r.started DESC, r.id DESC LIMIT ?",
            (-1 if limit is None else int(limit),)).fetchall()
        names: dict[int, list[str]] = {}
        for run_id, name in self._db.execute("SELECT run_id, name FROM configs ORDER BY run_id, position"):
            names.setdefault(run_id, []).append(name)
        return [RunSummary(id=row[0], study=row[1], title=row[2], started=row[3], finished=row[4], status=row[5],
                           reason=row[6], hostname=row[7], kernel=row[8], baseline=row[9],
                           configs=tuple(names.get(row[0], ())), repeats_ok=row[10], repeats_failed=row[11],
                           warm=bool(row[12]))
                for row in rows]

    @_locked
    def run_ids(self) -> list[int]:
        return [row[0] for row in self._db.execute("SELECT id FROM runs ORDER BY id")]

    @_locked
    def latest_id(self) -> int | None:
        row = self._db.execute("SELECT id FROM runs ORDER BY started DESC, id DESC LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    @_locked
    def load_run(self, run_id: int) -> RunRecord:
        db = self._db
        # one read transaction: a writer committing meanwhile cannot give us half of its run
        db.execute("BEGIN")
        try:
            row = db.execute(
                "SELECT study, title, started, finished, status, reason, baseline, repeats, environment, warnings"
                " FROM runs WHERE id = ?", (run_id,)).fetchone()
            if row is None:
                raise self._not_found(run_id)
            devices = [DeviceRecord(path=d[1], role=d[0], model=d[2], size=d[3], transport=d[4],
                                    rotational=None if d[5] is None else bool(d[5]), scheduler=d[6])
                       for d in db.execute("SELECT role, path, model, size, transport, rotational, scheduler"
                                           " FROM devices WHERE run_id = ? ORDER BY position", (run_id,))]
            configs, mkfs_argv = [], {}
            for c in db.execute("SELECT name, filesystem, journal, log_device, mkfs_options, mount_options, mkfs_argv"
                                " FROM configs WHERE run_id = ? ORDER BY position", (run_id,)):
                configs.append(ConfigDescription(
                    name=c[0], filesystem=c[1], journal=c[2], log_device=c[3],
                    mkfs_options=tuple(json.loads(c[4])),
                    mount_options=tuple((name, value) for name, value in json.loads(c[5]))))
                argvs = json.loads(c[6])
                if argvs:
                    mkfs_argv[c[0]] = [tuple(argv) for argv in argvs]
            samples: dict[int, list[Sample]] = {}
            for s in db.execute("SELECT s.repeat_id, s.workload, s.metric, s.value, s.unit, s.better FROM samples s"
                                " JOIN repeats p ON p.id = s.repeat_id WHERE p.run_id = ?"
                                " ORDER BY s.repeat_id, s.position", (run_id,)):
                samples.setdefault(s[0], []).append(Sample(s[1], s[2], s[3], s[4], s[5]))
            raw: dict[int, dict[str, str]] = {}
            for o in db.execute("SELECT o.repeat_id, o.phase, o.data FROM raw_outputs o"
                                " JOIN repeats p ON p.id = o.repeat_id WHERE p.run_id = ?"
                                " ORDER BY o.repeat_id, o.rowid", (run_id,)):
                raw.setdefault(o[0], {})[o[1]] = zlib.decompress(o[2]).decode("utf-8", "surrogateescape")
            results = [RepeatResult(config=p[1], workload=p[2], repeat=p[3], samples=samples.get(p[0], []),
                                    failed=p[4], warm_cache=bool(p[5]), raw=raw.get(p[0], {}))
                       for p in db.execute("SELECT id, config, workload, repeat, failed, warm_cache FROM repeats"
                                           " WHERE run_id = ? ORDER BY position", (run_id,))]
        finally:
            db.execute("COMMIT")
        return RunRecord(study=row[0], title=row[1], started=row[2], finished=row[3], status=row[4], reason=row[5],
                         baseline=row[6], repeats=row[7], environment=json.loads(row[8]),
                         warnings=list(json.loads(row[9])), configs=configs, results=results, devices=devices,
                         mkfs_argv=mkfs_argv, id=run_id)


# --- the environment ------------------------------------------------------------------------

# How each tool tells its version. The first non-empty line of its output is kept. Tools not
# listed are asked with --version.
VERSION_ARGV: dict[str, tuple[str, ...]] = {
    "mkfs.ext2": ("mkfs.ext2", "-V"),
    "mkfs.ext3": ("mkfs.ext3", "-V"),
    "mkfs.ext4": ("mkfs.ext4", "-V"),
    "mke2fs": ("mke2fs", "-V"),
    "mkfs.xfs": ("mkfs.xfs", "-V"),
    "mkfs.jfs": ("mkfs.jfs", "-V"),
    "mkreiserfs": ("mkreiserfs", "-V"),
    "mkfs.reiserfs": ("mkfs.reiserfs", "-V"),
    "mkfs.btrfs": ("mkfs.btrfs", "--version"),
    "fio": ("fio", "--version"),
    "dbench": ("dbench", "--help"),  # dbench has no version flag; its usage text starts with it
    "tar": ("tar", "--version"),
    "mount": ("mount", "--version"),
    "dumpe2fs": ("dumpe2fs", "-V"),
    "xfs_info": ("xfs_info", "-V"),
}

DEFAULT_TOOLS = ("mkfs.ext4", "mkfs.xfs", "mkfs.btrfs", "mkfs.jfs", "mkreiserfs", "fio", "dbench", "tar", "mount")

# fstune usually runs as root from a user's shell whose PATH may lack the sbin directories
_SBIN = ("/usr/local/sbin", "/usr/sbin", "/sbin")


def _search_path() -> str:
    parts = [p for p in os.environ.get("PATH", "").split(os.pathsep) if p]
    return os.pathsep.join(parts + [d for d in _SBIN if d not in parts])


def tool_version(tool: str, timeout: float = 5.0,
                 run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> str:
    """The first line a tool prints about its version, or an honest "not installed"/"no answer"."""
    executable = shutil.which(tool, path=_search_path())
    if executable is None:
        return NOT_INSTALLED
    argv = (executable, *VERSION_ARGV.get(tool, (tool, "--version"))[1:])
    try:
        # stdin from /dev/null: a tool that would ask a question gets EOF instead of hanging
        done = run(argv, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout,
                   env={**os.environ, "LC_ALL": "C"})
    except subprocess.TimeoutExpired:
        return f"installed at {executable}; gave no version within {timeout:g} s"
    except OSError as error:
        return f"installed at {executable}; could not run it ({error.strerror})"
    # several tools (mke2fs, dbench) print their version on stderr, some with a non-zero status
    for line in (done.stdout + b"\n" + done.stderr).decode("utf-8", "replace").splitlines():
        if line.strip():
            return line.strip()
    return f"installed at {executable}; version unknown"


def _read_text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return None


def _cpu_model(cpuinfo: str | None) -> str:
    if cpuinfo:
        # x86 says "model name"; many ARM kernels say "Hardware" or only "CPU part"
        for key in ("model name", "Hardware", "Processor", "cpu model", "cpu"):
            for line in cpuinfo.splitlines():
                name, sep, value = line.partition(":")
                if sep and name.strip() == key and value.strip():
                    return " ".join(value.split())
    return platform.processor() or platform.machine() or "unknown"


def _memory_bytes(meminfo: str | None) -> int | None:
    for line in (meminfo or "").splitlines():
        if line.startswith("MemTotal:"):
            words = line.split()
            if len(words) >= 2 and words[1].isdigit():
                return int(words[1]) * 1024  # /proc/meminfo counts in KiB
    return None


def _distro() -> str:
    try:
        release = platform.freedesktop_os_release()
    except OSError:
        return "unknown"
    return release.get("PRETTY_NAME") or " ".join(filter(None, (release.get("NAME"), release.get("VERSION")))) \
        or "unknown"


def capture_environment(tools: Iterable[str] = DEFAULT_TOOLS, timeout: float = 5.0) -> dict:
    """What the figures depend on besides the configuration: host, kernel, CPU, memory, tools."""
    uname = os.uname()
    return {
        "hostname": uname.nodename,
        "kernel": uname.release,
        "kernel_build": uname.version,
        "machine": uname.machine,
        "distro": _distro(),
        "cpu_model": _cpu_model(_read_text("/proc/cpuinfo")),
        "cpu_count": os.cpu_count(),
        "memory_bytes": _memory_bytes(_read_text("/proc/meminfo")),
        "python": platform.python_version(),
        "fstune": __version__,
        "captured": time.time(),
        "tools": {tool: tool_version(tool, timeout) for tool in dict.fromkeys(tools)},
    }


def active_scheduler(text: str | None) -> str | None:
    """``"none [mq-deadline] kyber"`` → ``"mq-deadline"``: the kernel brackets the one in use."""
    if not text:
        return None
    for word in text.split():
        if word.startswith("[") and word.endswith("]"):
            return word[1:-1]
    words = text.split()
    return words[0] if len(words) == 1 else None


def describe_device(path: str, role: str, sys_root: str = "/sys", model: str | None = None,
                    transport: str | None = None) -> DeviceRecord:
    """What sysfs says about a block device; a partition takes model, rotational and scheduler
    from its disk (only disks have a queue). ``model``/``transport`` from the udev inventory win."""
    name = os.path.basename(os.path.realpath(path))
    block = Path(sys_root) / "class" / "block" / name
    disk = block
    if (block / "partition").exists():
        disk = block.resolve().parent  # /sys/devices/…/sda/sda1 → …/sda
    size_text = _read_text(str(block / "size"))
    size = int(size_text) * 512 if size_text and size_text.strip().isdigit() else None
    rotational_text = (_read_text(str(disk / "queue" / "rotational")) or "").strip()
    model = model or " ".join((_read_text(str(disk / "device" / "model")) or "").split()) or None
    if transport is None:
        from fstune.devices.inventory import transport_of

        transport = transport_of(disk.name, {})
        if transport is None:
            # no udev properties here: the device's place in the sysfs tree names its bus
            where = str(disk.resolve())
            transport = next((label for word, label in (("/usb", "usb"), ("/ata", "sata"), ("/virtio", "virtio"),
                                                         ("/nvme", "nvme"), ("/mmc", "mmc")) if word in where), None)
    return DeviceRecord(path=path, role=role, model=model, size=size, transport=transport,
                        rotational=None if rotational_text not in ("0", "1") else rotational_text == "1",
                        scheduler=active_scheduler(_read_text(str(disk / "queue" / "scheduler"))))


__all__ = [
    "CANCELLED", "FAILED", "FINISHED", "DeviceRecord", "RunNotFound", "RunRecord", "RunSummary",
    "Store", "StoreError", "capture_environment", "describe_device", "state_dir", "store_path", "tool_version",
]
