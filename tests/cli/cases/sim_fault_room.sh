#!/bin/sh
# sim_fault_room.sh (run by the case sim_fault_room_every_plan): for every plan whose
# `treecast sim PLAN --help` lists --faults, on a network of its family with N nodes,
# --faults nodes:N-1 and nodes:N (no node left to route to) are refused up front, exit 2 and
# "(at most nodes:N-2)", within 20 seconds each (route-campaign drew sources for ever), and
# nodes:N-2 is not refused so. Prints one line a plan; a FAIL line for anything else, exit 1.
cd "${CASE_TMP:-${TMPDIR:-/tmp}}" || exit 2 # its scratch file err stays out of the source tree
failed=0
fail() { echo "FAIL $*"; failed=1; }
plans=$(treecast sim --help | sed -n '/^PLAN, /,/^$/s/^    \([a-z][a-z0-9-]*\) .*/\1/p' | sort -u)
for plan in $plans; do
    page=$(treecast sim "$plan" --help)
    printf '%s\n' "$page" | grep -q '^  --faults ' || continue
    family=$(printf '%s\n' "$page" | sed -n 's/^  on \([a-z]*\):.*/\1/p' | sed -n 1p)
    case $family in
        cube) net=cube:4 ;;
        icube) net=icube:4,2 ;;
        *) net=star:4 ;;
    esac
    N=$(treecast info --net "$net" --format json | sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' | sed -n 1p)
    set -- --net "$net"
    printf '%s\n' "$page" | grep -q '^  --trials ' && set -- "$@" --trials 1
    printf '%s\n' "$page" | sed -n 1,3p | grep -q ' --to T' && set -- "$@" --to 2134
    for k in $((N - 1)) "$N"; do
        timeout 20 treecast sim "$plan" "$@" --faults "nodes:$k" >/dev/null 2>err </dev/null
        status=$?
        if [ "$status" -ne 2 ] || ! grep -qF "(at most nodes:$((N - 2)))" err; then
            fail "$plan $* --faults nodes:$k: exit $status, $(cat err)"
        fi
    done
    timeout 20 treecast sim "$plan" "$@" --faults "nodes:$((N - 2))" >/dev/null 2>err </dev/null
    if grep -qF "at most nodes:" err; then
        fail "$plan $* --faults nodes:$((N - 2)) refused: $(cat err)"
    fi
    echo "$plan on $net ($N nodes): nodes:$((N - 1)) and nodes:$N refused"
done
exit $failed
