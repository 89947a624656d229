"""The statistics core: figures in, intervals and verdicts out (docs/verdicts.md).

Pure and headless: it imports nothing of fstune but ``fstune.figures`` (pyproject.toml's import
contracts hold it), knows no run, record or report, and can be read and tested alone.

Where a verdict is computed: ``judge`` — ``judge_primary`` for a run measured in blocks (one
metric's raw block values in, its verdict, interval, decision and drift out; the runner asks it
at each planned look whether to go on, ``fstune.results.blocked`` feeds it a stored run's
blocks), ``judge_legacy`` for a run measured before blocks.

- ``scales``: how a metric is compared (ratio on a log scale, difference, exact) and its
  threshold δ on that scale;
- ``verdict``: where an interval lies against 0 and ±δ, and the verdict words;
- ``paired``: the t interval on the mean paired contrast, and the smallest detectable effect;
- ``sequential``: the group-sequential design (planned looks, O'Brien–Fleming-type spending,
  repeated confidence intervals) and ``decide``; ``boundary_table`` holds its calibration,
  ``calibration`` the simulation that made it;
- ``secondary``: the short declared list of secondary metrics, Holm across them;
- ``drift``: Spearman's rank correlation of each series with the block index;
- ``judge``: all of the above for one metric, from raw block values, and the legacy rule;
- ``classic``: the summaries (median, spread, t interval per configuration) and the legacy rule's
  tests (Welch's t-test, a bootstrap interval on the medians), in plain Python.

Nothing here imports numpy or scipy at import time: they are imported inside the functions that
need them, so starting the wizard does not pay for them.
"""
