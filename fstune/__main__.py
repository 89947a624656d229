# `python -m fstune`: the same entry point as the `fstune` script, so, like fstune.cli, the top
# of the layering and the one module outside fstune/cli/ that imports it.
from fstune.cli import main

raise SystemExit(main())
