"""Which progress parser follows a step's tool.

Each tool's parser lives with what knows the tool: mke2fs's with the ext filesystems
(``fstune.filesystems``; the runner asks them first, in ``fstune.runner.output``), fio's and
dbench's with their workloads (``fstune.workloads``). This only looks through fstune's own
wrappers (``fstune workload-helper … -- CMD``) to the tool that really runs. See
docs/ARCHITECTURE.md.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from fstune.util.progress import PercentProgress, ProgressParser

__all__ = ["PercentProgress", "ProgressParser", "progress_parser_for"]


def progress_parser_for(argv: Iterable[str]) -> ProgressParser | None:
    """The parser for a step's tool, looking through fstune's own wrappers (``… -- CMD``)."""
    words = list(argv)
    if not words:
        return None
    tool = os.path.basename(words[0])
    if tool == "fstune" and "--" in words:
        return progress_parser_for(words[words.index("--") + 1:])
    from fstune import workloads  # each workload parses its own tool's progress

    return workloads.progress_parser_for(words)
