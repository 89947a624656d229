"""Studies: a baseline configuration and the tuned variants measured against it.

A study is a TOML file. fstune ships its own in ``fstune.recipes`` (the repository's
``recipes/``); users add theirs in ``~/.config/fstune/recipes/`` and ``/etc/fstune/recipes/``.
A user's study with the same name as a shipped one replaces it.

- ``model``: what a study is once read (``Study``, ``Configuration``, ``Expectation``) and the
  figure its blocks stop on (``metric_key``).
- ``parse``: the file format (its docstring documents every key) and the checks of each key.
- ``catalog``: every study by name, shipped first, then /etc's, then the user's own.
- ``presets``: run presets kept as data in ``recipes/presets/`` (``fstune run --class``).
"""

from __future__ import annotations

from fstune.studies.catalog import BrokenStudy, StudyCatalog, find_study, load_studies, user_study_dirs
from fstune.studies.model import (DEFAULT_BLOCKS, DEFAULT_DELTA_PERCENT, DIRECTIONS, HIGHER_VALUE, LOWER_VALUE,
                                  MIN_REPEATS, NAME_RE, NEEDS, SEEKS, SEPARATE_DISKS, UNCHANGED, Configuration,
                                  Expectation, Study, metric_key)
from fstune.studies.parse import load_study_file, parse_study

__all__ = [
    "DEFAULT_BLOCKS", "DEFAULT_DELTA_PERCENT", "DIRECTIONS", "HIGHER_VALUE", "LOWER_VALUE", "MIN_REPEATS", "NAME_RE",
    "NEEDS", "SEEKS", "SEPARATE_DISKS", "UNCHANGED", "BrokenStudy", "Configuration", "Expectation", "Study",
    "StudyCatalog", "find_study", "load_studies", "load_study_file", "metric_key", "parse_study", "user_study_dirs",
]
