"""`import treecast` loads the extension alone: NumPy and networkx wait until they are needed."""

import subprocess
import sys


def test_import_is_light():
    code = ("import sys, time; t = time.perf_counter(); import treecast; "
            "t = time.perf_counter() - t; "
            "print('numpy' in sys.modules, 'networkx' in sys.modules, t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[:2] == ["False", "False"]
    assert float(out[2]) < 0.5  # ~10 ms; generous for a loaded machine


def test_version():
    import treecast

    assert treecast.__version__.count(".") == 2
