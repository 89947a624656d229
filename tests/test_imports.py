"""Every module imports alone, and the light ones stay light.

An import cycle shows only when the module in the middle of it is imported first, so each
module is imported alone in an interpreter that has loaded nothing of fstune (a fork of a
driver that imported only the standard library, as fresh for imports as a new interpreter and
much cheaper). The records of a run are read by every report and front end: importing them
must not pay for scipy or load the runner (pexpect, the plan machinery).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The driver forks once per module; the child imports it and reports the error, if any.
DRIVER = r"""
import json, os, sys, traceback
failures = {}
for name in json.loads(sys.argv[1]):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            __import__(name)
            code, text = 0, b""
        except BaseException:
            code, text = 1, traceback.format_exc(limit=-3).encode()
        os.write(write, text[-2000:])
        os._exit(code)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        text = pipe.read().decode(errors="replace")
    _, status = os.waitpid(pid, 0)
    if status != 0:
        failures[name] = text or f"exit status {status}"
print(json.dumps(failures))
"""


# Modules that run inside another program, which provides what they import.
HOSTED = {"fstune.diskmodel.nbd_plugin"}  # nbdkit's Python plugin host provides ``nbdkit``


def _modules() -> list[str]:
    names = []
    for package, folder in (("fstune", ROOT / "fstune"), ("fstune.screens", ROOT / "screens")):
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__main__":  # running it starts the program
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            name = ".".join([package, *parts])
            if name not in HOSTED:
                names.append(name)
    return names


def test_every_module_imports_alone():
    modules = _modules()
    assert "fstune.stats.judge" in modules and "fstune.screens.app" in modules
    result = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(modules)], capture_output=True, text=True,
                            timeout=600, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    failures = json.loads(result.stdout)
    assert failures == {}, "\n\n".join(f"{name}:\n{text}" for name, text in failures.items())


def _loaded_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return set(result.stdout.split())


def test_the_records_load_neither_scipy_nor_the_runner():
    loaded = _loaded_after("import fstune.results.records")
    assert "fstune.results.records" in loaded
    heavy = sorted(m for m in loaded if m.split(".")[0] in ("scipy", "numpy", "pexpect")
                   or m == "fstune.runner" or m.startswith("fstune.runner."))
    assert heavy == []


def test_the_statistics_core_loads_nothing_else_of_fstune():
    loaded = _loaded_after("import fstune.stats.judge, fstune.stats.secondary, fstune.stats.calibration, "
                           "fstune.stats.classic")
    others = sorted(m for m in loaded if m.startswith("fstune.") and not m.startswith("fstune.stats")
                    and m != "fstune.figures")
    assert others == []
    assert not {m.split(".")[0] for m in loaded} & {"numpy", "scipy", "textual"}
