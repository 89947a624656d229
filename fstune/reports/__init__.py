"""Reports: how a judged run is said (docs/ARCHITECTURE.md, "Results").

Everything here reads ``fstune.results`` (records, comparisons) and never the other way round
(pyproject.toml's import contracts hold it):

- ``caveats``: what every report must say about a run, from its record alone; ``ceiling``: the
  ceiling steps' figures; ``expected``: what the study expected against what was measured;
  ``headline``: the one sentence a report opens with;
- ``formatting``: how a figure reads; ``views``: what every report shows, the honest notes;
  ``readback``: each block's order and each repeat's readback; ``repeat_order``: the repeats in
  the order they ran, as a chart;
- ``reports`` (Markdown, CSV, JSON), ``html_report`` (one self-contained page with charts),
  ``terminal`` (the Rich tables of the CLI and the wizard);
- ``exports``: an exported JSON report read back into runs; ``classroom``: a workshop's exports
  from many machines merged into the class report's tables and notes (it writes the report's
  notes, so it sits here, not in ``fstune.results``); ``classroom_report``: that as Markdown,
  HTML, CSV or JSON.
"""
