# `python -m fstune`: the same entry point as the `fstune` script, so, like the CLI package
# itself, the top of the layering: the one module outside the CLI package that imports it.
from fstune.cli import main

raise SystemExit(main())
