"""Reading /proc and /sys, where a file may vanish between listing and reading."""

from __future__ import annotations


def read_text(path: str, default: str = "") -> str:
    """The file's text, or ``default`` when it is gone or unreadable (a process or device left)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.read()
    except OSError:
        return default
