#!/bin/sh
# The Python package (python/, docs/python.md): build it into a virtual environment under the
# build tree from a copy of python/ (so that the checkout stays clean and runs do not collide),
# against the checkout's C sources (TREECAST_C_ROOT), with Debian's setuptools, NumPy,
# networkx and pytest seen through --system-site-packages (no network: --no-build-isolation
# --no-deps --no-index), then run its pytest suite with the CLI in TREECAST_CLI.
# The extension is built with plain flags (no sanitizer), whatever the preset.
# usage: run_pytest.sh PYTHON3 SRC_DIR WORK_DIR TREECAST_CLI
set -eu
py=$1 src=$2 work=$3 cli=$4
for m in venv pip setuptools numpy networkx pytest; do
    "$py" -c "import $m" 2>/dev/null || { echo "no Python module $m (make _deps): skipped"; exit 77; }
done
rm -rf "$work/pkg"
mkdir -p "$work"
cp -r "$src/python" "$work/pkg"
rm -rf "$work/pkg/build" "$work/pkg/_vendor" "$work/pkg"/*.egg-info
[ -x "$work/venv/bin/python" ] || "$py" -m venv --system-site-packages "$work/venv"
start=$(date +%s)
env -u CFLAGS -u LDFLAGS TREECAST_C_ROOT="$src" "$work/venv/bin/pip" install -q \
    --no-build-isolation --no-deps --no-index --force-reinstall "$work/pkg"
echo "built and installed in $(( $(date +%s) - start )) s"
cd "$work"
TREECAST_CLI=$cli exec "$work/venv/bin/python" -m pytest -q -p no:cacheprovider "$work/pkg/tests"
