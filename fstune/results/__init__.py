"""Results: how fstune turns measured blocks into a verdict (docs/verdicts.md).

The decision core is pure and headless; the runner feeds it one paired observation per
configuration per block and asks, at the planned looks, whether to go on:

- ``scales``: how a metric is compared (ratio on a log scale, difference, exact) and its
  threshold δ on that scale;
- ``verdict``: where an interval lies against 0 and ±δ, and the verdict words;
- ``paired``: the t interval on the mean paired contrast, and the smallest detectable effect;
- ``sequential``: the group-sequential design (planned looks, O'Brien–Fleming-type spending,
  repeated confidence intervals) and ``decide``; ``boundary_table`` holds its calibration,
  ``calibration`` the simulation that made it;
- ``secondary``: the short declared list of secondary metrics, Holm across them;
- ``drift``: Spearman's rank correlation of each series with the block index;
- ``judge``: all of the above for one metric, from raw block values (what the runner calls).

Nothing here imports numpy or scipy at import time: they are imported inside the functions
that need them, so starting the wizard does not pay for them.
"""
