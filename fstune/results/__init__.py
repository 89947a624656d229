"""Results: from a run's figures to a verdict and a report (docs/ARCHITECTURE.md, "Results").

What a run collects and keeps:

- ``collection``: ``Measurement`` parses each measured step during a run, proves each repeat
  measured its configuration and adds blocks while the study's question is open; ``run_record``
  makes the run's record (the figures themselves are
  ``fstune.figures``: the workloads produce them, below this package);
- ``records``: ``RunRecord``, ``DeviceRecord``; ``environment``: the machine, its tools and
  devices as the run found them; ``store``: the SQLite history, its schema and migrations.

How the figures are judged and said:

- ``compare``: summaries, each variant against the baseline with today's verdict (on ``stats``:
  Welch's t-test and a bootstrap interval), several runs side by side, the option diff;
- ``formatting``: how a figure reads; ``views``: what every report shows, the honest notes;
- ``reports`` (Markdown, CSV, JSON), ``html_report`` (one self-contained page with charts),
  ``terminal`` (the Rich tables of the CLI and the wizard);
- ``classroom``: a workshop's JSON reports from many machines, merged; ``classroom_report``:
  that as Markdown or HTML.

The decision core that will replace today's verdict (docs/verdicts.md) is pure and headless; the
runner will feed it one paired observation per configuration per block and ask, at the planned
looks, whether to go on:

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
