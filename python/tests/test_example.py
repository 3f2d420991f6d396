"""The example script draws the EDTs of S_4 and a broadcast's rounds against M into a PNG."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "examples", "edts_and_rounds.py")


def test_example_writes_a_png(tmp_path):
    pytest.importorskip("matplotlib")
    pytest.importorskip("networkx")
    out = tmp_path / "edts.png"
    run = subprocess.run([sys.executable, SCRIPT, str(out)], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path, env=dict(os.environ, MPLBACKEND="Agg"))
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 20000
