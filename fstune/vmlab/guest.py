"""The VM lab's guest side: the command server that runs inside the VM, and the channel's framing.

The guest starts this file as a script (``python -S .../fstune/vmlab/guest.py guest-serve``)
before the lab counts as ready, so it imports only what is built in or cheap: under software
emulation every module read over 9p costs tens of milliseconds, and json, dataclasses, pathlib or
the rest of fstune (this package's ``__init__`` too) would add seconds to each boot. The host side
(``fstune.vmlab``) imports the framing from here, so both ends always agree.
"""

from __future__ import annotations

import errno
import marshal
import os
import select
import signal
import struct
import subprocess
import sys
import threading
import time

COMMAND_PORTS = 4  # commands that can run at once (one virtio-serial port each)
PORT_PREFIX = "fstune.cmd"
READY_MARK = "FSTUNE-VMLAB-READY"
UDEV_TRIGGERED = "/run/fstune-udev-triggered"  # the second stage creates it once udev has its events
# the host's client went away (its terminal closed, it was killed): the command gets SIGHUP, as
# from a terminal that hangs up, and this long to clean up (fstune unmounts) before SIGKILL
HANGUP_GRACE = 120.0

# A frame is: magic b"FV", a type byte, the request id (4 bytes), the payload length (4 bytes),
# the payload. The id lets the host skip anything a previous, interrupted command left in the pipe.

_MAGIC = b"FV"
_HEADER = struct.Struct(">2sBII")
T_REQUEST, T_STDIN, T_STDIN_EOF, T_WINSIZE, T_STDOUT, T_STDERR, T_EXIT, T_SIGNAL = range(1, 9)
_MAX_PAYLOAD = 1 << 20


def _frame(kind: int, request_id: int, payload: bytes = b"") -> bytes:
    return _HEADER.pack(_MAGIC, kind, request_id, len(payload)) + payload


class _FrameReader:
    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[int, int, bytes]]:
        self.buffer += data
        frames = []
        while True:
            start = self.buffer.find(_MAGIC)
            if start < 0:
                del self.buffer[:-1]
                return frames
            del self.buffer[:start]
            if len(self.buffer) < _HEADER.size:
                return frames
            _, kind, request_id, length = _HEADER.unpack_from(self.buffer)
            if length > _MAX_PAYLOAD or not T_REQUEST <= kind <= T_SIGNAL:
                del self.buffer[:1]  # not a real header: resynchronise on the next magic
                continue
            if len(self.buffer) < _HEADER.size + length:
                return frames
            payload = bytes(self.buffer[_HEADER.size:_HEADER.size + length])
            del self.buffer[:_HEADER.size + length]
            frames.append((kind, request_id, payload))


def encode_request(request: dict) -> bytes:
    # marshal, not json: it is built in (json costs a second of imports in the guest), and both
    # ends run the very same interpreter from the shared root; the guest trusts its host anyway
    return marshal.dumps(request)


def _read(path: str) -> str | None:
    try:
        with open(path) as handle:
            return handle.read().strip()
    except OSError:
        return None


def _guest_ports() -> list[str]:
    found = []
    try:
        nodes = os.listdir("/sys/class/virtio-ports")
    except OSError:
        return []
    for node in nodes:
        if (_read(f"/sys/class/virtio-ports/{node}/name") or "").startswith(PORT_PREFIX):
            found.append(f"/dev/{node}")
    return sorted(found)


def _stage(what: str) -> None:
    uptime = _read("/proc/uptime") or "?"
    with open("/dev/console", "w") as console:
        console.write(f"fstune-vmlab: {uptime.split()[0]} s: {what}\n")


def guest_serve() -> None:
    """The guest's command server: one thread per virtio-serial port."""
    deadline = time.monotonic() + 30
    ports = _guest_ports()
    while len(ports) < COMMAND_PORTS and time.monotonic() < deadline:
        time.sleep(0.1)
        ports = _guest_ports()
    threads = [threading.Thread(target=_serve_port, args=(p,), daemon=True) for p in ports]
    for thread in threads:
        thread.start()
    _stage("command server started")
    # fstune's inventory reads udev's properties: commands may start once the disks' are there
    # (settle returns at once while udevd is not up yet: wait for the second stage's trigger)
    deadline = time.monotonic() + 60
    while not os.path.exists(UDEV_TRIGGERED) and time.monotonic() < deadline:
        time.sleep(0.05)
    subprocess.run(["udevadm", "settle", "--timeout=60"], check=False)
    _stage("udev settled")
    with open("/dev/console", "w") as console:
        console.write(f"\n{READY_MARK} ports={len(ports)}\n")
    for thread in threads:
        thread.join()


def _serve_port(port: str) -> None:
    # non-blocking: with no host client connected a write would block until one connects, and
    # the command's output would then hold the port (and the next host client) forever
    fd = os.open(port, os.O_RDWR | os.O_CLOEXEC | os.O_NONBLOCK)
    reader = _FrameReader()
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while True:
        events = poller.poll(1000)
        if not events:
            continue
        if events[0][1] & select.POLLHUP and not events[0][1] & select.POLLIN:
            # no host client: the port reports a hang-up until one connects
            reader = _FrameReader()
            time.sleep(0.05)
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:
            time.sleep(0.05)
            continue
        if not data:  # no host client (it polls readable then): drop any half frame it left
            reader = _FrameReader()
            time.sleep(0.05)
            continue
        frames = list(reader.feed(data))
        while frames:
            kind, request_id, payload = frames.pop(0)
            if kind != T_REQUEST:
                continue
            try:
                request = marshal.loads(payload)
            except (EOFError, ValueError, TypeError):
                continue  # not a request this host sent (a torn frame): wait for the next
            command = _GuestCommand(fd, poller, reader, request_id, request, early=frames)
            command.run()
            if command.takeover:
                frames = command.takeover  # the next client's request came in while it ran
            else:
                frames, reader = [], _FrameReader()


class _GuestCommand:
    def __init__(self, fd: int, poller, reader: _FrameReader, request_id: int, request: dict,
                 early: list | None = None) -> None:
        self.fd, self.poller, self.reader, self.id, self.request = fd, poller, reader, request_id, request
        self.early = list(early or ())  # frames read together with the request (stdin, EOF …)
        self.takeover: list = []  # a new client's frames, when one came before we saw ours leave
        self.lock = threading.Lock()
        self.host_gone = False

    def send(self, kind: int, payload: bytes = b"") -> None:
        data = _frame(kind, self.id, payload)
        with self.lock:
            while data and not self.host_gone:
                try:
                    written = os.write(self.fd, data)
                except OSError as error:
                    if error.errno == errno.EAGAIN:
                        time.sleep(0.01)
                        continue
                    self.host_gone = True
                    return
                data = data[written:]

    def run(self) -> None:
        request = self.request
        env = {**os.environ, **request.get("env", {})}
        try:
            if request.get("tty"):
                process, outputs, stdin_fd = self._start_tty(request, env)
            else:
                process = subprocess.Popen(request["argv"], cwd=request.get("cwd") or "/", env=env,
                                           stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, start_new_session=True)
                outputs = [(process.stdout.fileno(), T_STDOUT), (process.stderr.fileno(), T_STDERR)]
                stdin_fd = process.stdin.fileno()
        except OSError as error:
            self.send(T_STDERR, f"fstune-vm: cannot run {request['argv'][0]}: {error.strerror}\n".encode())
            self.send(T_EXIT, b"127")
            return
        pumps = [threading.Thread(target=self._pump, args=(fd, kind), daemon=True) for fd, kind in outputs]
        for pump in pumps:
            pump.start()
        stdin_open = True
        while process.poll() is None:
            frames, self.early = self.early, []
            hung_up, data = False, None
            if not frames:
                events = self.poller.poll(200)
                if not events:
                    continue
                # once the host's client has gone the port polls readable and hung up, and reads
                # return nothing: take what it sent before going, then hang up the command
                hung_up = bool(events[0][1] & select.POLLHUP)
                try:
                    data = os.read(self.fd, 65536)
                except OSError:  # EAGAIN: nothing after all
                    data = None
                frames = list(self.reader.feed(data or b""))
            for index, (kind, rid, payload) in enumerate(frames):
                if kind == T_REQUEST and rid != self.id:
                    # a new client on this port: ours left and another connected between two
                    # polls, so the hang-up was never seen. Ours is gone; serve the new one next
                    self.takeover = frames[index:]
                    hung_up = True
                    break
                if rid != self.id:
                    continue
                if kind == T_STDIN and stdin_open:
                    try:
                        os.write(stdin_fd, payload)
                    except OSError:
                        pass
                elif kind == T_STDIN_EOF and stdin_open and not request.get("tty"):
                    process.stdin.close()
                    stdin_open = False
                elif kind == T_SIGNAL:
                    self._signal(process, int(payload or b"15"))
            if hung_up or data == b"":
                self.host_gone = True
                self._hang_up(process)
                break
        status = process.wait()
        for pump in pumps:
            pump.join(timeout=10)
        self.send(T_EXIT, str(status if status >= 0 else 128 - status).encode())

    def _start_tty(self, request: dict, env: dict):
        import fcntl
        import pty
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ,
                    struct.pack("HHHH", request.get("rows", 24), request.get("cols", 80), 0, 0))
        env.setdefault("TERM", "xterm-256color")
        process = subprocess.Popen(request["argv"], cwd=request.get("cwd") or "/", env=env, stdin=slave,
                                   stdout=slave, stderr=slave, start_new_session=True,
                                   preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
        os.close(slave)
        return process, [(master, T_STDOUT)], master

    def _hang_up(self, process: subprocess.Popen) -> None:
        """Nobody is listening any more: SIGHUP, time to clean up, then SIGKILL."""
        self._signal(process, signal.SIGHUP)
        try:
            process.wait(timeout=HANGUP_GRACE)
        except subprocess.TimeoutExpired:
            self._signal(process, signal.SIGKILL)

    @staticmethod
    def _signal(process: subprocess.Popen, number: int) -> None:
        try:
            os.killpg(process.pid, number)
        except OSError:
            pass

    def _pump(self, fd: int, kind: int) -> None:
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:  # a pty's master reads EIO once the program has gone
                return
            if not data:
                return
            self.send(kind, data)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["guest-serve"]:
        guest_serve()
        return 0
    print("usage: python guest.py guest-serve   (runs inside the VM lab only)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
