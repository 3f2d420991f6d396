"""`import treecast` loads the extension alone: NumPy and networkx wait until they are needed,
typing, json and re are not imported at run time, and treecast.sim, treecast.repro and
treecast.mpi load when first used (what keeps the import at about 2 ms: bench/run_python.sh)."""

import subprocess
import sys

HEAVY = ("numpy", "networkx", "json", "typing", "re", "treecast.sim", "treecast.repro",
         "treecast.mpi")


def test_import_is_light():
    code = ("import sys, treecast; print(' '.join(m for m in %r if m in sys.modules) or '-')"
            % (HEAVY,))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "-", out
    # and what loads later is still reachable
    code = "import treecast; print(treecast.sim.run.__module__, treecast.repro.paper.__module__)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["treecast.sim", "treecast.repro"]


def test_version():
    import treecast

    assert treecast.__version__.count(".") == 2
