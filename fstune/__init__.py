"""fstune — a terminal tuning wizard for Linux filesystems (headless core).

Nothing in this package imports Textual; the UI lives in ``fstune.screens``. Its modules log
to ``logging.getLogger(__name__)``; ``fstune.cli`` decides where that goes (``--debug``). Used
as a library, fstune logs nothing anywhere until the program using it configures logging.
"""

import logging

__version__ = "0.1.0"

logging.getLogger(__name__).addHandler(logging.NullHandler())
