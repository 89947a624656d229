"""fstune — a terminal tuning wizard for Linux filesystems (headless core).

Nothing in this package imports Textual; the wizard's screens (``screens/`` in the repository,
installed inside this namespace) do. The layering is in docs/ARCHITECTURE.md.
"""

__version__ = "0.1.0"
