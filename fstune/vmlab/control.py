"""QMP: QEMU's control socket (hot-unplug, the throttle, a clean quit)."""

from __future__ import annotations

import json
import socket

from fstune.vmlab.constants import VmLabError
from fstune.vmlab.state import VmLab

def qmp(lab: VmLab, command: str, timeout: float = 10.0, **arguments) -> dict:
    """Run one QMP command and return its ``return`` value; a QMP error raises VmLabError."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(str(lab.qmp_socket))
        reader = sock.makefile("rb")
        json.loads(reader.readline())  # the greeting
        for request in ({"execute": "qmp_capabilities"},
                        {"execute": command, **({"arguments": arguments} if arguments else {})}):
            sock.sendall(json.dumps(request).encode() + b"\n")
            while True:
                line = reader.readline()
                if not line:
                    if command == "quit":
                        return {}
                    raise VmLabError(f"QEMU closed its control socket during `{command}`.")
                reply = json.loads(line)
                if "event" in reply:
                    continue
                if "error" in reply:
                    raise VmLabError(f"QEMU refused `{command}`: {reply['error'].get('desc')}.")
                break
        return reply.get("return", {})
