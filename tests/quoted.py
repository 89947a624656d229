"""The command blocks docs quote: a fenced block whose first line is ``$ COMMAND ARGS`` and whose
other lines are what the command printed. Tests run the command again and compare."""

from __future__ import annotations

import re
from pathlib import Path


def quoted_blocks(doc: Path, prompt: str) -> list[tuple[str, list[str]]]:
    """(the arguments after ``prompt``, the output lines) of every block in ``doc`` that starts
    with ``prompt``."""
    found = []
    for block in re.findall(r"```\n(.*?)```", doc.read_text(), flags=re.S):
        lines = block.rstrip("\n").split("\n")
        if lines[0].startswith(prompt):
            found.append((lines[0].removeprefix(prompt), lines[1:]))
    return found
