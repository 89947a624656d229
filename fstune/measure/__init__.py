"""Measuring a run while it runs, and what the front ends are shown of it.

``measurement`` (``Measurement``: every runner event in, figures, readbacks, looks and added
blocks out), ``eta`` (the time left), ``conditions`` (the host around each block, the drop rule),
``applied`` (the mount options the kernel applied), ``record`` (what the store keeps), ``events``
(what the run tells its front ends besides the runner's own events) and ``view`` (``RunView``:
those events folded into what both front ends draw). It sits above the results it records and
the runner whose events it reads, below the session (docs/ARCHITECTURE.md).
"""
