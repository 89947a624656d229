"""fstune — a terminal tuning wizard for Linux filesystems (headless core).

Nothing in this package imports Textual; the wizard's screens (``screens/`` in the repository,
installed inside this namespace) do. The layering is in docs/ARCHITECTURE.md. Its modules log
to ``logging.getLogger(__name__)``; ``fstune.cli`` decides where that goes (``--debug``). Used
as a library, fstune logs nothing anywhere until the program using it configures logging.
"""

import logging

__version__ = "0.1.0"

logging.getLogger(__name__).addHandler(logging.NullHandler())
