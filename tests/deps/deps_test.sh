#!/bin/sh
# Every external program, header and font that the build, the test suite and the figure
# renderers use comes from a Debian package that `make` installs: the package that holds it
# (dpkg -S) is in the Makefile's PACKAGES, or is a plain dependency (no alternatives) of one
# there, or is Essential. A missing install step then shows on the machine that happens to have
# the package, not only on a fresh one.
# usage: deps_test.sh SRC_DIR
set -u
src=$1
LC_ALL=C
export LC_ALL
command -v dpkg >/dev/null 2>&1 || { echo "no dpkg: not a Debian machine, skipped"; exit 77; }
packages=$(make -s -C "$src" _packages) || { echo "FAIL: make _packages"; exit 1; }
[ -n "$packages" ] || { echo "FAIL: the Makefile lists no package"; exit 1; }

# The packages that the list brings for sure: itself and each plain dependency of it.
allowed=$(for p in $packages; do
    echo "$p"
    dpkg-query -W -f='${Depends}\n${Pre-Depends}\n' "$p" 2>/dev/null | tr ',' '\n' |
        grep -v '|' | sed 's/(.*//; s/:any//; s/[[:space:]]//g' | grep .
done | sort -u)

fails=0 checked=0
# owner PATH WHAT: the package of PATH (or of the file it links to) must be allowed.
owner() {
    path=$1 what=$2
    pkg=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1)
    if [ -z "$pkg" ] && [ -e "$path" ]; then
        pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1)
    fi
    checked=$((checked + 1))
    if [ -z "$pkg" ]; then
        echo "FAIL: $what ($path) belongs to no Debian package"
        fails=$((fails + 1))
        return
    fi
    if printf '%s\n' "$allowed" | grep -qxF "$pkg"; then
        echo "ok: $what: $path from $pkg"
        return
    fi
    if [ "$(dpkg-query -W -f='${Essential}' "$pkg" 2>/dev/null)" = yes ]; then
        echo "ok: $what: $path from $pkg (Essential)"
        return
    fi
    echo "FAIL: $what ($path) comes from $pkg, which the Makefile's PACKAGES does not install"
    fails=$((fails + 1))
}

# Programs: the build (compilers, cmake, pkg-config), the suite (python3 for the CLI cases and
# help2man.py, chromium, mpiexec, smpirun, man, clang-format) and the renderers (gnuplot, dot).
for prog in gcc cc clang cmake ctest pkg-config clang-format man mpiexec mpicc smpirun smpicc \
    gnuplot dot chromium fc-match; do
    path=$(PATH=/usr/local/bin:/usr/bin:/bin command -v "$prog")
    if [ -z "$path" ]; then
        echo "FAIL: $prog is not installed"
        fails=$((fails + 1))
        continue
    fi
    owner "$path" "program $prog"
done
owner /usr/bin/python3 "program python3 (Debian's: the CLI cases run it)"
# Headers and libraries the build links.
for h in cmocka.h igraph/igraph.h cadical.hpp mpi.h; do
    path=$(find /usr/include -path "*/$h" 2>/dev/null | head -1)
    [ -n "$path" ] || { echo "FAIL: no header $h"; fails=$((fails + 1)); continue; }
    owner "$path" "header $h"
done
# Fonts: the families the figure renderers ask for (gnuplot's Helvetica, Graphviz's monospace)
# and the generic ones the web pages fall back to in Chromium.
for family in Helvetica monospace sans-serif serif; do
    path=$(fc-match -f '%{file}' "$family" 2>/dev/null)
    [ -n "$path" ] || { echo "FAIL: no font for $family"; fails=$((fails + 1)); continue; }
    owner "$path" "font for $family"
done
echo "$checked checked, $fails not installed by the Makefile"
[ "$fails" -eq 0 ]
