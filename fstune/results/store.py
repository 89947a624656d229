"""The results store: every run fstune measured, kept in SQLite with the machine it ran on.

The database lives at ``$XDG_STATE_HOME/fstune/results.sqlite`` (``~/.local/state/fstune/`` by
default); ``FSTUNE_STATE_DIR`` or the ``Store`` constructor's ``directory`` moves it.

A run is written in ONE transaction (``save_run``): a crash, a power cut or a SIGKILL while it is
being written leaves no half run behind, and the runs already stored are untouched. The database
runs in WAL mode so that ``fstune results`` can read while a run is being saved, and with
``synchronous=FULL`` because an hour of measurements is worth one extra fsync.

What a run keeps (a ``RunRecord``, ``fstune.results.records``): the study, its times and how it
ended; the environment (host, kernel, distro, CPU, memory, tool versions) and the devices (model,
size, transport, rotational, I/O scheduler), both from ``fstune.results.environment``; per
configuration its filesystem, journal placement, log device, exact mkfs argv and mount options;
per repeat every Sample, why it failed, whether the caches were warm, and the tools' own outputs
(zlib-compressed).

``load_run`` gives back configurations as ``ConfigDescription`` and results as ``RepeatResult``,
which is exactly what ``fstune.results.compare.compare`` takes.

The schema and its migrations are here too, next to the code that reads and writes them: a
change to one is a change to the other.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import threading
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from fstune import __version__
from fstune.errors import FstuneError
from fstune.figures import RepeatResult, Sample
from fstune.results.records import ConfigDescription, DeviceRecord, RunRecord
from fstune.util import paths

DB_NAME = "results.sqlite"
SCHEMA_VERSION = 4


class StoreError(FstuneError):
    """The results database cannot be opened, read or written."""


class RunNotFound(FstuneError):
    """A run id that is not in the store."""


# --- where --------------------------------------------------------------------------------


def state_dir(environ: dict[str, str] | None = None) -> Path:
    """The directory holding the database: FSTUNE_STATE_DIR, else the XDG state dir."""
    return paths.state_home(environ)


def store_path(directory: str | os.PathLike | None = None) -> Path:
    return (Path(directory) if directory is not None else state_dir()) / DB_NAME


# --- the history -----------------------------------------------------------------------------


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
    # interleaved blocks: how a run was designed and decided, the settings that must match for a
    # comparison, and each repeat's place in the design with what was checked around it
    2: [
        "ALTER TABLE runs ADD COLUMN method TEXT NOT NULL DEFAULT ''",  # '' = legacy
        "ALTER TABLE runs ADD COLUMN design TEXT NOT NULL DEFAULT '{}'",  # JSON
        "ALTER TABLE runs ADD COLUMN settings TEXT NOT NULL DEFAULT '{}'",  # JSON
        "ALTER TABLE repeats ADD COLUMN block INTEGER",
        "ALTER TABLE repeats ADD COLUMN block_position INTEGER",
        "ALTER TABLE repeats ADD COLUMN conditions TEXT NOT NULL DEFAULT '{}'",  # JSON
        "ALTER TABLE repeats ADD COLUMN dropped TEXT",
    ],
    # the raw-device pass before the first mkfs (RunRecord.ceiling); NULL: not measured
    3: [
        "ALTER TABLE runs ADD COLUMN ceiling TEXT",  # JSON
    ],
    # what the raw-device pass's tools printed (RunRecord.ceiling_raw); NULL: not kept
    4: [
        "ALTER TABLE runs ADD COLUMN ceiling_raw BLOB",  # zlib-compressed JSON
    ],
}


def _locked(method):
    """One thread at a time on the connection (see Store.__init__)."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return wrapper


def _compressed(text: str) -> bytes:
    """A raw tool output as the store keeps it (zlib; bytes that are not UTF-8 survive)."""
    return zlib.compress(text.encode("utf-8", "surrogateescape"), 6)


def _decompressed(data: bytes) -> str:
    return zlib.decompress(data).decode("utf-8", "surrogateescape")


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
            " environment, warnings, fstune_version, method, design, settings, ceiling, ceiling_raw)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.study, record.title, record.started, record.finished, record.status, record.reason,
             record.baseline, record.repeats, str(env.get("hostname") or ""), str(env.get("kernel") or ""),
             _json(env), _json(list(record.warnings)), str(env.get("fstune") or __version__), record.method,
             _json(record.design), _json(record.settings),
             None if record.ceiling is None else _json(record.ceiling),
             None if record.ceiling_raw is None else _compressed(_json(record.ceiling_raw))))
        return int(cursor.lastrowid)

    def _write_repeat(self, db: sqlite3.Connection, run_id: int, position: int, result: RepeatResult) -> None:
        cursor = db.execute(
            "INSERT INTO repeats (run_id, position, config, workload, repeat, failed, warm_cache, block,"
            " block_position, conditions, dropped) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (run_id, position, result.config, result.workload, result.repeat, result.failed, int(result.warm_cache),
             result.block, result.position, _json(result.conditions), result.dropped))
        repeat_id = cursor.lastrowid
        db.executemany(
            "INSERT INTO samples (repeat_id, position, workload, metric, value, unit, better)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(repeat_id, i, s.workload, s.metric, s.value, s.unit, s.better) for i, s in enumerate(result.samples)])
        db.executemany(
            "INSERT INTO raw_outputs (repeat_id, phase, data) VALUES (?, ?, ?)",
            [(repeat_id, phase, _compressed(text))
             for phase, text in result.raw.items()])

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
                "SELECT study, title, started, finished, status, reason, baseline, repeats, environment, warnings,"
                " method, design, settings, ceiling, ceiling_raw FROM runs WHERE id = ?", (run_id,)).fetchone()
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
                raw.setdefault(o[0], {})[o[1]] = _decompressed(o[2])
            results = [RepeatResult(config=p[1], workload=p[2], repeat=p[3], samples=samples.get(p[0], []),
                                    failed=p[4], warm_cache=bool(p[5]), raw=raw.get(p[0], {}), block=p[6],
                                    position=p[7], conditions=json.loads(p[8]), dropped=p[9])
                       for p in db.execute("SELECT id, config, workload, repeat, failed, warm_cache, block,"
                                           " block_position, conditions, dropped FROM repeats"
                                           " WHERE run_id = ? ORDER BY position", (run_id,))]
        finally:
            db.execute("COMMIT")
        return RunRecord(study=row[0], title=row[1], started=row[2], finished=row[3], status=row[4], reason=row[5],
                         baseline=row[6], repeats=row[7], environment=json.loads(row[8]),
                         warnings=list(json.loads(row[9])), configs=configs, results=results, devices=devices,
                         mkfs_argv=mkfs_argv, method=row[10], design=json.loads(row[11]),
                         settings=json.loads(row[12]), ceiling=None if row[13] is None else json.loads(row[13]),
                         ceiling_raw=None if row[14] is None else json.loads(_decompressed(row[14])), id=run_id)


__all__ = ["RunNotFound", "RunSummary", "Store", "StoreError", "state_dir", "store_path"]
