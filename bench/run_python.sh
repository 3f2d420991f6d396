#!/usr/bin/env bash
# Benchmark: the Python package against the CLI (issue 26). Builds the package into a venv under
# WORK (as tests/python/run_pytest.sh does), then measures:
#   1. S_10's EDTs built and checked (spanning, disjoint): the whole Python process against the
#      CLI's (bench/run_paired.sh), and inside the process the library's calls against the
#      CLI's --timing seconds;
#   2. starting CPython, and `import treecast`;
#   3. forest.parents() of S_10's 9 EDTs (32.7 million entries), and ports without a copy.
# usage: bench/run_python.sh [BUILD_DIR] [RUNS] [WORK]    (defaults: build/release 10 /tmp/tc-bench-py)
set -euo pipefail
build=${1:-build/release}
runs=${2:-10}
work=${3:-/tmp/tc-bench-py}
src=$(cd "$(dirname "$0")/.." && pwd)
cli=$(realpath "$build/tools/treecast/treecast")
[ -x "$cli" ] || { echo "bench: $cli not built" >&2; exit 2; }
py=/usr/bin/python3
mkdir -p "$work"
rm -rf "$work/pkg" && cp -r "$src/python" "$work/pkg" && rm -rf "$work/pkg/build" "$work/pkg"/*.egg-info
[ -x "$work/venv/bin/python" ] || "$py" -m venv --system-site-packages "$work/venv"
TREECAST_C_ROOT="$src" "$work/venv/bin/pip" install -q --no-build-isolation --no-deps --no-index \
    --force-reinstall "$work/pkg"
vpy=$work/venv/bin/python
cat >"$work/s10.py" <<'PY'
import treecast
assert treecast.Network("star:10").trees("edt").check(properties=["spanning", "disjoint"]).holds
PY
cat >"$work/s10t.py" <<'PY'
import time, treecast
t0 = time.perf_counter()
f = treecast.Network("star:10").trees("edt")
t1 = time.perf_counter()
assert f.check(properties=["spanning", "disjoint"]).holds
t2 = time.perf_counter()
print("%.3f %.3f" % (t1 - t0, t2 - t1))
PY
cat >"$work/parents.py" <<'PY'
import time, treecast
f = treecast.Network("star:10").trees("edt")
best = 1e9
for _ in range(3):
    t = time.perf_counter(); p = f.parents(); best = min(best, time.perf_counter() - t)
t = time.perf_counter(); q = f.ports; r = f.ports; again = time.perf_counter() - t
print("parents() %s %s best of 3: %.3f s; ports twice %.1f us, the same array: %s"
      % (p.shape, p.dtype, best, again * 1e6, q is r))
PY
echo "# treecast $("$cli" --version | cut -d' ' -f2), $(nproc) cores, $(date -u +%Y-%m-%d)"
echo "## 1. S_10's EDTs built and checked, whole processes"
"$src/bench/run_paired.sh" "$runs" "$vpy $work/s10.py" \
    "$cli check --net star:10 --kind edt --properties spanning,disjoint"
echo "## 1. in the process (build check seconds; median of $runs)"
for i in $(seq "$runs"); do
    "$vpy" "$work/s10t.py" >>"$work/py.txt"
    "$cli" check --net star:10 --kind edt --properties spanning,disjoint --timing --format json |
        sed -n 's/.*"seconds":{"build":\([0-9.]*\),"check":\([0-9.]*\)}.*/\1 \2/p' >>"$work/cli.txt"
done
for f in py cli; do
    sort -n -k1 "$work/$f.txt" | awk -v f=$f '{b[NR] = $1} END {printf "%s build %s ", f, b[int((NR + 1) / 2)]}'
    sort -n -k2 "$work/$f.txt" | awk '{c[NR] = $2} END {printf "check %s\n", c[int((NR + 1) / 2)]}'
done
rm -f "$work/py.txt" "$work/cli.txt"
echo "## 2. starting CPython, then import treecast"
"$src/bench/run_paired.sh" "$runs" "$vpy -c 'import treecast'" "$vpy -c pass"
echo "## 3."
"$vpy" "$work/parents.py"
