"""Running a command in the guest: one virtio-serial port per command (the framing and the
guest's server live in ``fstune.vmlab.guest``)."""

from __future__ import annotations

import json
import os
import select
import secrets
import shutil
import signal
import socket
import sys
import time

from fstune.vmlab import guest
from fstune.vmlab.guest import (T_EXIT, T_REQUEST, T_SIGNAL, T_STDERR, T_STDIN, T_STDIN_EOF, T_STDOUT, _frame,
                                _FrameReader)
from fstune.vmlab.constants import COMMAND_PORTS, ENVIRONMENT_VAR, VmLabError
from fstune.vmlab.labenv import environment
from fstune.vmlab.state import VmLab, load_vm

def _connect_port(lab: VmLab, timeout: float = 30.0) -> tuple[socket.socket, int]:
    """Connect to a free command port; a lock file per port keeps two host clients apart."""
    import fcntl

    deadline = time.monotonic() + timeout
    while True:
        for n in range(COMMAND_PORTS):
            lock_path = lab.directory / f"cmd{n}.sock.lock"
            lock_fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            try:
                fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(lock_fd)
                continue
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(str(lab.port_socket(n)))
            except OSError as error:
                sock.close()
                os.close(lock_fd)
                raise VmLabError(f"Cannot reach the VM's command port {n} ({error.strerror}).",
                                 "Is the VM still running? See: fstune lab status") from None
            return sock, lock_fd
        if time.monotonic() > deadline:
            raise VmLabError(f"All {COMMAND_PORTS} command ports of the VM are busy.",
                             "Wait for the other commands to end.")
        time.sleep(0.1)


def vm_run(lab: VmLab, argv: list[str], *, stdout=None, stderr=None, stdin=None, tty: bool = False,
           env: dict[str, str] | None = None, cwd: str | None = None, timeout: float | None = None) -> int:
    """Run ``argv`` in the guest and stream its output; return its exit status (128+N for signal N).

    ``stdout``/``stderr`` are binary file objects (default: this process's), ``stdin`` a file
    descriptor to forward (None: the command gets /dev/null). With ``tty`` the command runs in
    a pseudo-terminal sized like ours and stdin is forwarded raw, for interactive programs.
    """
    out = stdout if stdout is not None else sys.stdout.buffer
    err = stderr if stderr is not None else sys.stderr.buffer
    request_id = secrets.randbits(31) or 1
    # every command learns the lab's environment as it is now (the model may have been switched)
    current = load_vm(lab.directory) or lab
    env = {ENVIRONMENT_VAR: json.dumps(environment(current)), **(env or {})}
    request = {"argv": argv, "env": env, "cwd": cwd or "/", "tty": tty}
    if tty:
        size = shutil.get_terminal_size()
        request.update(rows=size.lines, cols=size.columns)
    sock, lock_fd = _connect_port(lab)
    reader = _FrameReader()
    deadline = None if timeout is None else time.monotonic() + timeout
    try:
        sock.sendall(_frame(T_REQUEST, request_id, guest.encode_request(request)))
        if stdin is None:
            sock.sendall(_frame(T_STDIN_EOF, request_id))
        watch = [sock] + ([stdin] if stdin is not None else [])
        while True:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if deadline is not None and wait == 0:
                sock.sendall(_frame(T_SIGNAL, request_id, b"9"))
                raise VmLabError(f"`{' '.join(argv)}` did not finish within {timeout:.0f} s in the VM; it was killed.")
            ready, _, _ = select.select(watch, [], [], wait)
            if stdin is not None and stdin in ready:
                data = os.read(stdin, 65536)
                if data:
                    sock.sendall(_frame(T_STDIN, request_id, data))
                else:
                    sock.sendall(_frame(T_STDIN_EOF, request_id))
                    watch.remove(stdin)
            if sock in ready:
                data = sock.recv(65536)
                if not data:
                    raise VmLabError("The VM closed the command channel before the command ended.",
                                     "See the guest console: fstune lab status")
                for kind, rid, payload in reader.feed(data):
                    if rid != request_id:
                        continue  # left over from an interrupted command
                    if kind == T_STDOUT:
                        out.write(payload)
                        out.flush()
                    elif kind == T_STDERR:
                        err.write(payload)
                        err.flush()
                    elif kind == T_EXIT:
                        return int(payload)
    except KeyboardInterrupt:
        # pass Ctrl-C on to the guest command and let it finish on its own terms
        try:
            sock.sendall(_frame(T_SIGNAL, request_id, str(int(signal.SIGINT)).encode()))
        except OSError:
            pass
        raise
    finally:
        sock.close()
        os.close(lock_fd)


def vm_run_capture(lab: VmLab, argv: list[str], timeout: float | None = 600, **kwargs) -> tuple[int, str, str]:
    """``vm_run`` collecting stdout and stderr as text."""
    import io

    out, err = io.BytesIO(), io.BytesIO()
    status = vm_run(lab, argv, stdout=out, stderr=err, timeout=timeout, **kwargs)
    return status, out.getvalue().decode(errors="replace"), err.getvalue().decode(errors="replace")
