"""fstune — a terminal tuning wizard for Linux filesystems (headless core).

Nothing in this package imports Textual; the UI lives in ``fstune.screens``.
"""

__version__ = "0.1.0"
