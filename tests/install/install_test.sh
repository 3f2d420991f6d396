#!/bin/sh
# install_test.sh BUILD SOURCE WORK "SANITIZE_FLAGS": install the build into WORK/prefix and
# build examples/build_check.c against the installed copy as another project would: with
# pkg-config (shared, and static with --static), and with CMake's find_package(treecast)
# (treecast::treecast and treecast::treecast_static); run each and check its output. With the
# sanitizers' flags of a sanitized build (its libraries need their run-time libraries).
set -eu
build=$1
src=$2
work=$3
san=$4
prefix=$work/prefix
rm -rf "$work"
mkdir -p "$work"
# cmake --install writes BUILD/install_manifest.txt: the build's own (what `xargs rm` would
# uninstall) is put back afterwards.
manifest=$build/install_manifest.txt
[ -f "$manifest" ] && cp "$manifest" "$work/manifest.saved"
trap 'if [ -f "$work/manifest.saved" ]; then mv "$work/manifest.saved" "$manifest"; else rm -f "$manifest"; fi' EXIT
step() { printf '\n== %s\n' "$*"; }
fail() { echo "install_test.sh: $*" >&2; exit 1; }

step "cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log" || { cat "$work/install.log"; fail "install failed"; }
for f in bin/treecast include/treecast/treecast.h include/treecast/version.h lib/libtreecast.a \
         lib/libtreecast.so lib/libtreecast.so.0 lib/pkgconfig/treecast.pc \
         lib/cmake/treecast/treecastConfig.cmake lib/cmake/treecast/treecastConfigVersion.cmake \
         lib/cmake/treecast/treecastTargets.cmake share/man/man1/treecast.1 \
         share/man/man1/treecast-check.1 share/bash-completion/completions/treecast \
         share/doc/treecast/install.md share/doc/treecast/examples/build_check.c; do
    [ -e "$prefix/$f" ] || fail "$f was not installed"
done
# With libtreecast_mpi: treecast-mpi-bench, treecast-mpi-check and their man pages (made from
# their --help).
if [ -f "$prefix/lib/cmake/treecast/treecastMpiTargets.cmake" ]; then
    for f in bin/treecast-mpi-bench share/man/man1/treecast-mpi-bench.1 \
             bin/treecast-mpi-check share/man/man1/treecast-mpi-check.1; do
        [ -e "$prefix/$f" ] || fail "$f was not installed"
    done
    "$prefix/bin/treecast-mpi-bench" --version | grep -q '^treecast-mpi-bench ' || fail "treecast-mpi-bench --version"
    "$prefix/bin/treecast-mpi-check" --version | grep -q '^treecast-mpi-check ' || fail "treecast-mpi-check --version"
fi
echo "$(wc -l <"$manifest") files installed"
soname=$(readelf -d "$prefix/lib/libtreecast.so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libtreecast.so.0 ] || fail "SONAME is '$soname'"
# Only the public API is exported: tc_ names, never tc__ (the internal tier) nor CaDiCaL's.
other=$(nm -D --defined-only "$prefix/lib/libtreecast.so" | awk '{print $3}' | grep -v '^tc_[a-z0-9]' || true)
[ -z "$other" ] || fail "libtreecast.so exports more than tc_*: $(echo $other | head -c 300)"
echo "SONAME $soname; $(nm -D --defined-only "$prefix/lib/libtreecast.so" | wc -l) symbols exported, all tc_*"
version=$("$prefix/bin/treecast" --version)
echo "$version"

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
step "pkg-config --cflags --libs treecast"
[ "treecast $(pkg-config --modversion treecast)" = "$version" ] || fail "pkg-config --modversion: $(pkg-config --modversion treecast)"
cc=${CC:-cc}
# shellcheck disable=SC2046 # the flags are words
$cc -std=c11 $san -o "$work/pc_shared" "$src/examples/build_check.c" $(pkg-config --cflags --libs treecast)
readelf -d "$work/pc_shared" | grep -q 'NEEDED.*libtreecast\.so\.0' || fail "pc_shared does not load libtreecast.so.0"
LD_LIBRARY_PATH=$prefix/lib sh "$src/examples/expect.sh" 0 "$work/pc_shared" \
    "^edt of S_5 rooted at 12345: 4 trees, 120 nodes$" "^every claim holds$"

# The version, compiled in (treecast/version.h) and of the library run (tc_version).
cat >"$work/version.c" <<'END'
#include <stdio.h>
#include <treecast/treecast.h>
int main(void)
{
    printf("%s %s %d %d\n", TC_VERSION_STRING, tc_version(), TC_VERSION_NUMBER,
           tc_version_number());
    return 0;
}
END
$cc -std=c11 $san -o "$work/version" "$work/version.c" $(pkg-config --cflags --libs treecast)
v=$(pkg-config --modversion treecast)
n=$(echo "$v" | awk -F. '{print $1 * 10000 + $2 * 100 + $3}')
got=$(LD_LIBRARY_PATH=$prefix/lib "$work/version")
[ "$got" = "$v $v $n $n" ] || fail "version: '$got', expected '$v $v $n $n'"
echo "TC_VERSION_STRING, tc_version(), TC_VERSION_NUMBER, tc_version_number(): $got"

step "pkg-config --static --libs treecast (libtreecast.a: -l:libtreecast.a)"
libs=$(pkg-config --static --libs treecast | sed 's/-ltreecast\b/-l:libtreecast.a/')
echo "$libs"
$cc -std=c11 $san -o "$work/pc_static" "$src/examples/build_check.c" $(pkg-config --cflags treecast) $libs
if readelf -d "$work/pc_static" | grep -q 'NEEDED.*libtreecast'; then fail "pc_static loads libtreecast"; fi
sh "$src/examples/expect.sh" 0 "$work/pc_static cube:6 ist 010110" \
    "^ist of Q_6 rooted at 010110: 6 trees, 64 nodes$" "^every claim holds$"

step "find_package(treecast) and treecast::treecast, treecast::treecast_static"
mpi_example=
[ -f "$prefix/lib/cmake/treecast/treecastMpiTargets.cmake" ] && mpi_example=$src/tools/mpi-bench/treecast_mpi_bench.c
cmake -S "$src/tests/install/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
    -DTC_EXAMPLE="$src/examples/build_check.c" -DTC_MPI_EXAMPLE="$mpi_example" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$san" -DCMAKE_BUILD_TYPE=Release >"$work/consumer.log" 2>&1 ||
    { cat "$work/consumer.log"; fail "configuring the consumer failed"; }
grep "treecast .* found in" "$work/consumer.log"
cmake --build "$work/consumer" -j 2 >>"$work/consumer.log" 2>&1 ||
    { cat "$work/consumer.log"; fail "building the consumer failed"; }
readelf -d "$work/consumer/shared" | grep -q 'NEEDED.*libtreecast\.so\.0' || fail "shared does not load libtreecast.so.0"
if readelf -d "$work/consumer/static" | grep -q 'NEEDED.*libtreecast'; then fail "static loads libtreecast"; fi
sh "$src/examples/expect.sh" 0 "$work/consumer/shared star:6" \
    "^edt of S_6 rooted at 123456: 5 trees, 720 nodes$" "^every claim holds$"
sh "$src/examples/expect.sh" 0 "$work/consumer/static icube:5,2 edst" \
    "^edst of I_2\^5 rooted at .*: 3 trees, 36 nodes$"
if [ -n "$mpi_example" ]; then
    [ -x "$work/consumer/mpi" ] || fail "treecast::treecast_mpi: nothing built"
    readelf -d "$work/consumer/mpi" | grep -q 'NEEDED.*libtreecast_mpi\.so\.0' || fail "mpi does not load libtreecast_mpi.so.0"
    echo "treecast::treecast_mpi: $(basename "$mpi_example") linked against libtreecast_mpi.so.0"
fi
step "installed man page and completion"
MANPATH=$prefix/share/man LC_ALL=C MANWIDTH=100 man -P cat treecast-check 2>/dev/null | sed 's/.\x08//g' | head -4
MANPATH=$prefix/share/man LC_ALL=C man -P cat treecast-check 2>/dev/null | grep -q "treecast-check - verify a forest" || fail "man treecast-check"
if [ -f "$prefix/share/man/man1/treecast-mpi-bench.1" ]; then
    MANPATH=$prefix/share/man LC_ALL=C man -P cat treecast-mpi-bench 2>/dev/null | grep -q "treecast-mpi-bench - latency of" || fail "man treecast-mpi-bench"
fi
if [ -f "$prefix/share/man/man1/treecast-mpi-check.1" ]; then
    MANPATH=$prefix/share/man LC_ALL=C man -P cat treecast-mpi-check 2>/dev/null | grep -q "treecast-mpi-check - treecast check's streaming check" || fail "man treecast-mpi-check"
fi
PATH=$prefix/bin:$PATH bash -c '. "$1"; COMP_LINE="treecast ch"; COMP_POINT=11; COMP_WORDS=(treecast ch); COMP_CWORD=1; _treecast; [ "${COMPREPLY[*]}" = check ]' sh "$prefix/share/bash-completion/completions/treecast" || fail "the installed completion"
echo "ok"
