"""Results: what a run measured, kept and judged (docs/ARCHITECTURE.md, "Results").

The statistics it judges with are ``fstune.stats`` (below this package); how a judged run is
said is ``fstune.reports`` (above it: results never import reports).

- ``collection``: ``Measurement`` parses each measured step during a run, proves each repeat
  measured its configuration and adds blocks while the study's question is open; ``run_record``
  makes the run's record (the figures themselves are ``fstune.figures``: the workloads produce
  them, below this package);
- ``records``: ``RunRecord``, ``DeviceRecord``; ``environment``: the machine, its tools and
  devices as the run found them; ``settings``: the settings a run was measured with and how two
  runs' differ; ``store``: the SQLite history, its schema and migrations;
- ``compare``: summaries, each variant against the baseline (or any pair), several runs side by
  side, the option diff; a run measured in blocks is judged by ``blocked`` (its blocks' paired
  observations fed to ``fstune.stats.judge``, declared secondaries under Holm, the rest
  described), a legacy run by the old rule (``fstune.stats.classic``: Welch's t-test and a
  bootstrap interval), marked legacy;
- ``recompute``: stored raw outputs parsed again and judged with today's method.
"""
