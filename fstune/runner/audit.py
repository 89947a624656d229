"""The audit log: every command a run executed, with its full output, one file per run.

A run's log is JSON lines (one object per line, ``"event"`` says what it is), written and
flushed as the run goes, so a crash or a killed fstune still leaves everything up to that
moment on disk. Records, in order:

    {"event": "run-start", "run_id", "study", "time", "pid", "steps", "devices": {...}, ...}
    {"event": "lock", "ok", "disks" | "reason", "time"}             the disks held for the run
    {"event": "safety", "step", "device", "ok", "reason"}            before a destructive step
    {"event": "mount-check", "step", "ok", "reason", "time"}        a repeat's directory was wrong
    {"event": "step-start", "step", "title", "argv", "cwd", "stdout", "kind", "device", "time"}
    {"event": "output", "step", "text"}                             every finished output line
    {"event": "prompt", "step", "text"} / {"event": "answer", "step", "text" | null}
    {"event": "step-end", "step", "status", "exit_status", "signal", "duration", "message"}
    {"event": "notice", "step", "level", "text"}
    {"event": "unlock", "disks", "time"}                            after the last cleanup step
    {"event": "run-end", "status", "reason", "duration", "time"}

``time`` is seconds since the epoch; ``duration`` is seconds. Progress lines that a tool
rewrites in place (``\\r``) are logged in their final state only, as a terminal shows them.

A log that cannot be written (its filesystem full, its disk gone) must never stop a run from
cleaning up: the first failed write marks the log broken, tells its ``on_failure`` callback
once, and every later write is skipped (docs/ARCHITECTURE.md, "The runner").

Where the logs go: ``$XDG_STATE_HOME/fstune/logs`` when XDG_STATE_HOME is set; otherwise
``/var/log/fstune`` for root and ``~/.local/state/fstune/logs`` for everyone else.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import IO, Any, Callable

from fstune.errors import FstuneError

ROOT_LOG_DIR = Path("/var/log/fstune")

# JSON string quoting as json.dumps(..., ensure_ascii=False) does it (the C version if built)
_quote = getattr(json.encoder, "c_encode_basestring", None) or json.encoder.py_encode_basestring


def default_log_dir(euid: int | None = None, environ: dict[str, str] | None = None) -> Path:
    """The directory for run logs (see the module docstring for the rule)."""
    env = os.environ if environ is None else environ
    state_home = env.get("XDG_STATE_HOME", "").strip()
    if state_home and os.path.isabs(state_home):
        # an explicit XDG_STATE_HOME wins even for root: tests and packagers can redirect logs
        return Path(state_home) / "fstune" / "logs"
    if (os.geteuid() if euid is None else euid) == 0:
        return ROOT_LOG_DIR
    home = env.get("HOME") or str(Path.home())
    return Path(home) / ".local" / "state" / "fstune" / "logs"


class AuditLog:
    """An append-only JSON-lines file for one run; every record is flushed when written.

    Output lines are the exception: they come in floods, so ``output`` only buffers them and
    the runner calls ``flush()`` after each chunk it reads (a few milliseconds of output at
    most is in memory at any time).
    """

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path = path
        self._handle = handle
        self._pending: list[str] = []  # output lines not yet handed to the file
        self._dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
        self.failure: OSError | None = None  # the first write that failed; nothing is written after it
        # told once, with the sentence to show, when the first write fails
        self.on_failure: Callable[[str], None] | None = None

    @classmethod
    def create(cls, run_id: str, directory: str | os.PathLike | None = None) -> "AuditLog":
        """Open a new log file ``<directory>/<run_id>.jsonl`` (a suffix keeps earlier ones)."""
        base = Path(directory) if directory is not None else default_log_dir()
        try:
            base.mkdir(parents=True, exist_ok=True, mode=0o750)
        except OSError as error:
            raise FstuneError(f"cannot create the log directory {base}: {error.strerror}.",
                              "Set XDG_STATE_HOME to a writable directory.") from None
        for attempt in range(1000):
            name = f"{run_id}.jsonl" if attempt == 0 else f"{run_id}-{attempt}.jsonl"
            path = base / name
            try:
                # exclusive create: two runs with the same id never share (or clobber) a log
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND, 0o640)
            except FileExistsError:
                continue
            except OSError as error:
                raise FstuneError(f"cannot create the log file {path}: {error.strerror}.",
                                  "Set XDG_STATE_HOME to a writable directory.") from None
            return cls(path, os.fdopen(fd, "w", encoding="utf-8", errors="replace", buffering=1 << 16))
        raise FstuneError(f"too many logs called {run_id}* in {base}.", "Choose another --run-id.")

    @property
    def closed(self) -> bool:
        return self._handle.closed

    @property
    def usable(self) -> bool:
        return self.failure is None and not self._handle.closed

    def _failed(self, error: OSError) -> None:
        """The first failed write: stop writing, drop what is buffered, say it once."""
        self.failure = error
        self._pending.clear()
        with contextlib.suppress(OSError, ValueError):
            self._handle.close()  # its buffer cannot be written either; close() may retry and fail
        if self.on_failure is not None:
            self.on_failure(self.failure_message())

    def failure_message(self) -> str:
        error = self.failure
        why = error.strerror if error is not None and error.strerror else repr(error)
        return (f"The audit log {self.path} can no longer be written ({why}); "
                "nothing more is logged for this run.")

    def write(self, event: str, **fields: Any) -> None:
        """Write one record and flush it to the kernel."""
        if not self.usable:
            return
        try:
            self._drain()
            self._handle.write(self._dumps({"event": event, **fields}) + "\n")
            self._handle.flush()
        except OSError as error:
            self._failed(error)

    def output(self, step: int, text: str) -> None:
        """Buffer one finished output line of step ``step``; ``flush()`` makes it durable."""
        if self.failure is not None:
            return
        # the same JSON as write() gives, built directly: this runs once per output line
        self._pending.append('{"event":"output","step":%d,"text":%s}\n' % (step, _quote(text)))

    def _drain(self) -> None:
        if self._pending:
            self._handle.write("".join(self._pending))
            self._pending.clear()

    def flush(self) -> None:
        if not self.usable:
            return
        try:
            self._drain()
            self._handle.flush()
        except OSError as error:
            self._failed(error)

    def sync(self) -> None:
        """Flush and fsync: at step ends, so even a power cut keeps the finished steps."""
        self.flush()
        if not self.usable:
            return
        try:
            os.fsync(self._handle.fileno())
        except OSError:
            pass  # a log on a filesystem without fsync is still a log

    def close(self) -> None:
        if not self.usable:
            return
        self.sync()
        if not self.usable:
            return
        try:
            self._handle.close()
        except OSError as error:
            self._failed(error)


def read_log(path: str | os.PathLike) -> list[dict]:
    """Every record of a run log, in order (a torn last line from a crash is skipped)."""
    records = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return records


def now() -> float:
    return round(time.time(), 6)
