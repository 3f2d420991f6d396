#!/bin/sh
# Run one libFuzzer harness of tests/fuzz for a while (docs/testing.md).
#
#   run_fuzz.sh HARNESS NAME SECONDS CRASH_DIR [CORPUS_DIR]
#
# HARNESS is the fuzz_NAME executable, NAME picks the seed corpus tests/fuzz/corpus/NAME and
# SECONDS is -max_total_time. A crash, leak, timeout, out-of-memory or failed property is saved
# under CRASH_DIR (its path is printed) and makes the exit status non-zero; libFuzzer's output
# goes to CRASH_DIR.log.
#   - without CORPUS_DIR (the fuzz.NAME ctests): the seeds are copied to a temporary directory
#     that is fuzzed and removed afterwards, so nothing is written into the repository;
#   - with CORPUS_DIR (`make fuzz`): new inputs are kept there, across runs, and the seeds are
#     read from the repository beside it.
# TC_FUZZ_DIR is tests/fuzz (default: this script's directory); FUZZ_FLAGS adds libFuzzer flags.
set -u
harness=$1 name=$2 seconds=$3 crashes=$4
fuzz_dir=${TC_FUZZ_DIR:-$(cd "$(dirname "$0")" && pwd)}
seeds=$fuzz_dir/corpus/$name
mkdir -p "$crashes" || exit 2
tmp=
if [ $# -ge 5 ]; then
    corpus=$5
    mkdir -p "$corpus" || exit 2
    dirs="$corpus $seeds"
else
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/treecast-fuzz-$name.XXXXXX") || exit 2
    trap 'rm -rf "$tmp"' EXIT
    cp "$seeds"/* "$tmp"/ || exit 2
    dirs=$tmp
fi
before=$(ls "$crashes" | wc -l)
log=$crashes.log
# -rss_limit_mb: the machine has 24 GB and 2 cores, and every harness caps the networks it
# builds; -timeout: one input may take this long (seconds) before it counts as a hang.
# shellcheck disable=SC2086
"$harness" -max_total_time="$seconds" -dict="$fuzz_dir/treecast.dict" -rss_limit_mb=2048 \
    -timeout=20 -print_final_stats=1 -artifact_prefix="$crashes/" ${FUZZ_FLAGS:-} $dirs \
    >"$log" 2>&1
status=$?
# the summary: the last progress line (cov: edges, ft: features, corp: inputs) and the stats
{
    grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -n 1
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' \
        "$log"
} | sed "s/^/fuzz_$name: /"
after=$(ls "$crashes" | wc -l)
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
    tail -n 60 "$log"
    echo "fuzz_$name FAILED (status $status); what it found is in $crashes:"
    ls -t "$crashes" | head -n 5 | sed "s|^|  $crashes/|"
    echo "reproduce: $harness $crashes/<file>"
    [ "$status" -ne 0 ] && exit "$status"
    exit 1
fi
echo "fuzz_$name: no crash in $seconds s (log: $log)"
