"""A measured configuration as a systemd .mount unit, and the unit names systemd derives from paths.

``unit_text`` writes the same mount as the fstab line (``fstune.deploy.fstab``), from the same
``MountSpec``, with the comment saying what it was measured to do. A unit is named after its
mountpoint (``systemd-escape --path``, done here without calling it); a mount whose external
journal/log lives on another device requires that device's unit, so a boot cannot try the
mount before udev has made the journal's /dev/disk/by-partuuid (or by-uuid) link.
"""

from __future__ import annotations

import re

from fstune.deploy.measured import comment
from fstune.deploy.mount import MountSpec, normalize_mountpoint
from fstune.errors import UsageError

_UNIT_SAFE = re.compile(r"[A-Za-z0-9:_.]")


def systemd_escape_path(path: str) -> str:
    """``systemd-escape --path``: /srv/data → srv-data, / → -, /srv/my-data → srv-my\\x2ddata.

    The rules (systemd.unit(5), "String Escaping for Inclusion in Unit Names"): the path is
    normalized (duplicate and surrounding slashes dropped), "/" becomes "-", the characters
    [A-Za-z0-9:_.] stay (but a leading "." is escaped), every other byte becomes \\xNN.
    """
    parts = [p for p in path.split("/") if p]
    if any(p in (".", "..") for p in parts):
        raise UsageError(f"'{path}' is not a normalized path; systemd cannot name a unit after it.")
    if not parts:
        return "-"
    out = []
    for index, char in enumerate("/".join(parts)):
        if char == "/":
            out.append("-")
        elif _UNIT_SAFE.fullmatch(char) and not (index == 0 and char == "."):
            out.append(char)
        else:
            out.extend(f"\\x{byte:02x}" for byte in char.encode("utf-8"))
    return "".join(out)


def mount_unit_name(mountpoint: str) -> str:
    return systemd_escape_path(normalize_mountpoint(mountpoint)) + ".mount"


def device_unit_name(device_path: str) -> str:
    return systemd_escape_path(device_path) + ".device"


def unit_text(spec: MountSpec, lines: list[str]) -> str:
    name = mount_unit_name(spec.mountpoint)
    out = [f"# {name}: install as /etc/systemd/system/{name}, then",
           f"#   systemctl daemon-reload && systemctl enable --now {name}",
           comment(lines).rstrip("\n"), "", "[Unit]",
           f"Description=fstune: {spec.fstype} on {spec.mountpoint}"]
    if spec.journal_path:
        # the journal/log must be there before the mount is tried, and a mount without it fails
        device = device_unit_name(spec.journal_path)
        out += [f"Requires={device}", f"After={device}"]
    out += ["", "[Mount]", f"What={spec.source}", f"Where={spec.mountpoint}", f"Type={spec.fstype}",
            f"Options={spec.option_text}" + (",nofail" if spec.nofail else ""), "", "[Install]",
            # wanted, not required: a mount that fails does not stop the boot at local-fs.target
            "WantedBy=local-fs.target", ""]
    return "\n".join(out)


__all__ = ["device_unit_name", "mount_unit_name", "systemd_escape_path", "unit_text"]
