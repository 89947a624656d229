"""What a result measured in the VM lab depends on, stored beside every run and export."""

from __future__ import annotations

import json
import os

from fstune.vmlab import guestdisks
from fstune.vmlab.constants import ENVIRONMENT_VAR
from fstune.vmlab.state import VmLab

def environment(lab: VmLab) -> dict:
    """What a result measured in this lab depends on, for storing beside every run and export:
    the lab kind, the disk model's parameters (None: no model), how the disks were served,
    the flat per-I/O cap if any, KVM or TCG, the guest kernel's release, and the time dilation
    (its factor and spread; the figures of a run here are converted back by it)."""
    return {"lab": "vm", "disk_model": lab.disk_model, "disk_serving": lab.disk_serving,
            "seek_ms": lab.seek_ms, "accel": lab.accel, "guest_kernel": lab.kernel, "dilation": lab.dilation}


def current_environment() -> dict | None:
    """Inside a VM-lab guest: ``environment`` of the lab this command runs in (the host passes it
    to every command it starts); elsewhere None. The guest kernel is checked against uname."""
    raw = os.environ.get(ENVIRONMENT_VAR)
    if not raw or guestdisks.guest_token() is None:
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    data["guest_kernel"] = os.uname().release
    return data
