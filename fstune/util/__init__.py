"""Small helpers every layer may use; they import nothing else of fstune but ``fstune.errors``.

- ``paths``: finding the tools fstune drives, also from a shell whose PATH lacks the sbin dirs.
- ``files``: writing a file so that a crash never leaves half of it.
- ``procfs``: reading /proc and /sys files that may vanish while read; the one reader of
  /proc/PID/stat and of the process table.
- ``progress``: what every tool's progress parser shares, and the one for any percentage.
- ``threaded``: a run that reports through a callback, iterated from another thread.
- ``forked``: a function run in a forked child, its result pickled back (the wizard's first scan).

Sizes, percentages and durations as people read them are in ``fstune.units``; exit codes in
``fstune.errors``. See docs/ARCHITECTURE.md.
"""
