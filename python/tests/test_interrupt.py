"""Ctrl-C stops a long check with KeyboardInterrupt (the library polls the binding's stop hook
from its worker threads, tc_check_opts_t.stop) instead of running to its end."""

import os
import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys, time, treecast
net = treecast.Network("star:11")                  # 39.9 million nodes, 10 trees
forest = net.trees("edt") if sys.argv[1] == "forest" else None
print("ready", flush=True)
t0 = time.monotonic()
try:                                               # independence at every node: minutes
    if forest is not None:
        forest.check(threads=2, sample=40000000)
    else:                                          # the streaming check (Network.check)
        net.check("edt", threads=2, sample=40000000)
    print("finished %.2f" % (time.monotonic() - t0), flush=True)
except KeyboardInterrupt:
    print("interrupted %.6f" % time.monotonic(), flush=True)  # the system-wide clock
"""


@pytest.mark.parametrize("how", ["forest", "stream"])
def test_ctrl_c_stops_a_check(how):
    p = subprocess.Popen([sys.executable, "-c", SCRIPT, how], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.3)  # inside the check: S_11's spanning pass alone takes about a second
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, err
    assert out.startswith("interrupted"), out + err
    # the threads stop at their next poll (every 65,536 nodes), not at the check's end: the
    # check walks the 10 root paths of 40 million sampled nodes (over a minute on 2 cores,
    # longer on a loaded machine, where the poll comes late too), so a latency far below that
    # is a stop. Measured to the exception in the child (CLOCK_MONOTONIC is the system's), not
    # to the process's exit, which frees 400 MB and may wait on a loaded machine. On a loaded
    # machine (load average 12) the bound of 3 s this test had was missed by a 9.3 s latency.
    latency = float(out.split()[1]) - sent
    assert latency < 20.0, latency
