"""Importing the decision core costs nothing: numpy and scipy load only when a verdict is made."""

import subprocess
import sys


def test_the_results_package_imports_without_numpy_or_scipy():
    code = (
        "import sys\n"
        "import fstune.stats.judge, fstune.stats.secondary, fstune.stats.drift, fstune.stats.calibration\n"
        "loaded = sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'scipy', 'textual'})\n"
        "print('LOADED:' + ','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "LOADED:", result.stdout
