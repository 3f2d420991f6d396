"""treecast.mpi (issue 26, item 3): libtreecast_mpi's collectives on NumPy arrays, run under
Open MPI's mpirun over tests/mpi_bcast.py on networks of 2, 4, 6 and 8 ranks (Q_1, Q_2, S_3,
Q_3), each checked against mpi4py's own collectives and the seeded data. Skipped when mpi4py,
mpirun or (without mpicc) the extension treecast._mpi is missing."""

import importlib
import os
import shutil
import subprocess
import sys
import time

import pytest

import treecast
import treecast.mpi as tm

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "mpi_bcast.py")


def test_import_without_mpi(monkeypatch):
    """treecast.mpi imports everywhere; a call without mpi4py names what is missing."""
    monkeypatch.setattr(tm, "_ext", None)
    monkeypatch.setitem(sys.modules, "mpi4py", None)
    with pytest.raises(ImportError, match="treecast.mpi needs mpi4py .*python3-mpi4py"):
        tm.bcast(object(), bytearray(8))
    assert tm.available() is False


def need_mpi():
    try:
        importlib.import_module("mpi4py")
    except ImportError:
        pytest.skip("mpi4py is not installed (Debian: python3-mpi4py)")
    if shutil.which("mpirun") is None:
        pytest.skip("no mpirun on PATH (Debian: openmpi-bin)")
    if importlib.util.find_spec("treecast._mpi") is None:
        if shutil.which("mpicc") is None or os.environ.get("TREECAST_MPI") == "0":
            pytest.skip("treecast._mpi was not built: no mpicc (Debian: libopenmpi-dev) or "
                        "TREECAST_MPI=0")
        pytest.fail("mpicc is here but treecast._mpi was not built (see pip's build log)")


def mpirun(n, *args):
    env = dict(os.environ)
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # Open MPI refuses root otherwise
        env.update(OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    cmd = ["mpirun", "-n", str(n)] + (["--oversubscribe"] if n > 2 else [])
    start = time.monotonic()
    p = subprocess.run(cmd + [sys.executable, SCRIPT, *args], capture_output=True, text=True,
                       env=env, timeout=120)
    return p, time.monotonic() - start


@pytest.mark.parametrize("ranks,net", [(2, "cube:1"), (4, "cube:2"), (6, "star:3"),
                                       (8, "cube:3")])
def test_bcast_under_mpirun(ranks, net):
    need_mpi()
    p, secs = mpirun(ranks, net)
    assert p.returncode == 0, p.stdout + p.stderr
    line = [x for x in p.stdout.splitlines() if x.startswith("ok ")]
    assert line and "ranks=%d net=%s root=%d" % (ranks, net, ranks - 1) in line[0], p.stdout
    print("%s (mpirun %.2f s)" % (line[0], secs))


def test_failure_aborts_the_job():
    """A network that does not fit the communicator: every rank raises ArgumentError with the
    library's sentence, the script aborts, mpirun returns non-zero (no rank left waiting)."""
    need_mpi()
    p, _ = mpirun(2, "cube:2")
    assert p.returncode != 0
    assert "treecast.ArgumentError" in p.stderr
    assert "has 4 nodes; the communicator 2 ranks" in p.stderr, p.stderr


def test_errors_are_treecast_errors():
    assert issubclass(treecast.ArgumentError, treecast.Error)
    assert issubclass(treecast.ResourceError, treecast.Error)
