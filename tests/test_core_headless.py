"""The core must never load Textual: importing it in a fresh interpreter proves it."""

import pkgutil
import subprocess
import sys

import fstune


# Not importable on their own: __main__ runs the CLI when imported; the nbdkit plugin is loaded
# by nbdkit's embedded Python, which provides its `nbdkit` module (docs/vmlab.md).
NOT_IMPORTABLE = {"fstune.__main__", "fstune.diskmodel.nbd_plugin"}


def core_modules() -> list[str]:
    names = ["fstune"]
    for info in pkgutil.walk_packages(fstune.__path__, "fstune."):
        # screens is the UI and may use Textual
        if not info.name.startswith("fstune.screens") and info.name not in NOT_IMPORTABLE:
            names.append(info.name)
    return names


def test_core_imports_without_textual():
    modules = core_modules()
    assert "fstune.plan" in modules and "fstune.cli" in modules  # the walk really found the core
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print('TEXTUAL:' + ','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "TEXTUAL:", f"core modules pulled in Textual: {result.stdout}"


def test_screens_and_recipes_live_inside_the_fstune_namespace(tmp_path):
    from importlib import resources

    assert resources.files("fstune.recipes").joinpath("ext3-external-journal.toml").is_file()
    # run outside the checkout, so only what is installed can be imported
    result = subprocess.run([sys.executable, "-c", "import screens"], capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode != 0, "there must be no top-level 'screens' package"
