"""``fstune results merge``: a class's exports from many machines as one report (the merge
itself is ``fstune.reports.classroom``; docs/teaching.md)."""

from __future__ import annotations

import sys
from pathlib import Path

from fstune.errors import UsageError
from fstune.reports import classroom, classroom_report
from fstune.util.files import write_output

MERGE_DESCRIPTION = """For workshops: every attendee runs the same study on their own machine and sends
  fstune results export RUN --format json -o out/
(a file name unique to the machine and the run, to the microsecond of its start), and the
teacher merges the files into one report:
  fstune results merge class/*.json --format html -o class.html

The report opens with the study's primary metric pooled across the machines (a random-effects
estimate with its 95 % interval) and how many machines said what, then the caveats, each once.
Per workload and metric there is then one table. Each machine is a row: its own median ±
standard deviation for every configuration, its own paired change against its own baseline, and
its own verdict (from the same tests as 'fstune results show' on that machine). Below the
machines, the spread across them:

  median across machines  the middle machine; one odd machine cannot move it
  min – max               every machine lies in this range; with 3 machines, the whole story
  MAD                     median absolute deviation: at least half the machines lie within
                          median ± MAD (figures: also as % of the median; changes: in points)
  pooled change           the random-effects estimate and its interval (docs/teaching.md)
  verdicts                e.g. "better on 14 of 20 machines, within noise on 6"

Machines differ far more in raw speed than a tuning changes it, so read the changes and the
verdicts across machines, not the absolute figures. A standard deviation across 3 to 30 unlike
machines would be pulled around by one outlier, so it is not used for the spread.

Each run in each file is one machine, named by its hostname (the file name when it has none, or
what tells the files apart when machines share a hostname); --label FILE=NAME names it yourself.
Refused: files that are not fstune JSON exports, exports in another format version, files of
different studies (merge each study separately), and runs measured with other settings or
configurations than most machines (see --allow-different-params). The same run given twice
(same run id, host and start time) is counted once, with a warning, also when the two copies
differ. What was merged, marked and left out is said on standard error.

Screening runs (fstune screen) are merged by their factors' effects instead: per factor, each
machine's effect with its interval and verdict, the pooled effect (the same random-effects
estimate, on the log scale) with tau, each machine's proposal, and whether the machines agree on
which factors matter. A mix of screening and ordinary runs is refused, and so are screenings of
other factors, levels or figure.
"""


def _read_export(name: str) -> classroom.Export:
    path = Path(name)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{name} does not exist.", "Name the JSON files the attendees sent.") from None
    except IsADirectoryError:
        raise UsageError(f"{name} is a directory; name the JSON files in it.") from None
    except UnicodeDecodeError:
        raise classroom.MergeError(f"{name} is not an fstune results export (it is not UTF-8 text).",
                            "Ask for the file 'fstune results export RUN --format json -o FILE' writes.") from None
    except OSError as error:
        raise UsageError(f"cannot read {name}: {error.strerror}.") from None
    return classroom.parse_export_text(text, name)


def run_merge(args) -> int:
    fmt = args.format
    if fmt is None and args.output:
        fmt = classroom_report.SUFFIXES.get(Path(args.output).suffix.lower())
        if fmt is None:
            raise UsageError(f"say which format to write: --format md, html, csv or json (the suffix of "
                             f"{args.output} does not tell).")
    labels = {}
    for item in args.label:
        name, sep, label = item.partition("=")
        if not sep or not name or not label.strip():
            raise UsageError(f"--label {item}: write it as FILE=NAME, e.g. --label bob.json=Bob.")
        labels[name] = label.strip()
    if not args.title.strip():  # before any file is read
        raise UsageError("--title is empty; give the report's heading, e.g. --title \"fstune fleet results\".")
    results = classroom.merge_exports([_read_export(name) for name in args.files], labels,
                                      allow_different=args.allow_different_params)
    results.heading = args.title.strip()
    text = classroom_report.render(results, fmt or "md")
    for line in results.merged:  # how many machines, which were marked or left out
        print(f"fstune: {line}", file=sys.stderr)
    for warning in results.warnings:
        print(f"fstune: warning: {warning}", file=sys.stderr)
    if args.output:
        path = Path(args.output)
        if path.is_dir():
            raise UsageError(f"{path} is a directory; give a file name with --output.")
        write_output(path, text)
        count = len(results.machines)
        print(f"fstune: wrote {path} ({fmt}, {count} machine{'s' if count != 1 else ''}, study {results.study}).",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
