#!/usr/bin/env bash
# completion_test.sh TOOL_DIR COMPLETION_FILE SOURCE_DIR: source the bash completion with the
# built treecast first on PATH and check the replies (COMPREPLY) to lines typed at the prompt.
set -u
PATH=$1:$PATH
source "$2" || exit 1
src=$3
COMP_WORDBREAKS=$' \t\n"\'><=;|&(:' # bash's default
failed=0

# replies LINE: the completion of LINE (the cursor at its end), one reply a line, sorted.
replies()
{
    COMP_LINE=$1
    COMP_POINT=${#1}
    read -ra COMP_WORDS <<<"$1"
    [[ $1 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _treecast 2>/dev/null
    printf '%s\n' "${COMPREPLY[@]}" | sort
}

# is LINE WORD...: the replies are exactly the WORDs.
is()
{
    local line=$1 got want
    shift
    got=$(replies "$line" | tr '\n' ' ')
    want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
    if [[ $got != "$want" ]]; then
        echo "FAIL '$line': got [$got], expected [$want]"
        failed=1
    else
        echo "ok   '$line': $got"
    fi
}

# has LINE WORD...: every WORD is among the replies.
has()
{
    local line=$1 got w
    shift
    got=$(replies "$line")
    for w in "$@"; do
        if ! grep -qxF -- "$w" <<<"$got"; then
            echo "FAIL '$line': no reply '$w' among [$(tr '\n' ' ' <<<"$got")]"
            failed=1
            return
        fi
    done
    echo "ok   '$line': $(wc -l <<<"$got") replies, $*"
}

is 'treecast ch' check
is 'treecast --ver' --version
has 'treecast ' info trees check necklaces route bounds balance sim table platform search help
is 'treecast help si' sim
is 'treecast check --ki' --kind
has 'treecast check --kind ' edt spt spg bfs binomial sbnt-minr sbg nedst ist edst edhp packing
is 'treecast check --net star:5 --kind ' bfs spt spg edt edst edst-undirected packing
is 'treecast check --net=icube:4,2 --kind ed' edst edhp edst-undirected
has 'treecast check --net ' star: cube: icube: bubble: pancake: torus: fcube: graph:
is 'treecast check --net cu' cube:
is 'treecast balance --net ' cube:
has "treecast check --net graph:$src/tests/cli/data/peter" "$src/tests/cli/data/petersen.edges"
has "treecast check --input $src/tests/cli/data/s4_edt_sh" "$src/tests/cli/data/s4_edt_shared_edge.json"
is 'treecast check --root ' identity random
is 'treecast trees --format ' text json dot edges table msccl
is 'treecast check --format=' text json
is 'treecast sim --format ' text json csv
has 'treecast sim ' bcast ft-bcast multinode bcast-nedst ist-bcast alltoall-sbg bcast-hp alltoall-tseng route route-bcast bcast-compare
is 'treecast sim --p' --pairs --ports
is 'treecast sim bcast --p' --ports
is 'treecast sim route-campaign --p' --pairs
is 'treecast sim bcast --ports ' all one
is 'treecast sim bcast --format ' text json csv
is 'treecast sim route-campaign --format ' text json
is 'treecast sim bcast --ac'
is 'treecast sim multinode --acks ' free round none
is 'treecast sim multinode --method ' auto full symmetry
is 'treecast sim alltoall-tseng --method ' auto full symmetry
is 'treecast platform --links ' splitduplex shared
has 'treecast table ' 001:1 001:eti 002:2 003:II 004:5.7
is 'treecast table 001:c' compare

# Every option of every command's --help is offered after "treecast CMD --".
for cmd in $(treecast --list commands); do
    want=$(treecast "$cmd" --help | grep -oE '^  --?[a-zA-Z][a-zA-Z0-9-]*' | sort -u | tr -d ' ')
    got=$(replies "treecast $cmd -" | sort -u)
    if [[ $got != "$want" || -z $got ]]; then
        echo "FAIL 'treecast $cmd -': got [$(tr '\n' ' ' <<<"$got")], expected [$(tr '\n' ' ' <<<"$want")]"
        failed=1
    else
        echo "ok   'treecast $cmd -': $(wc -l <<<"$got") options"
    fi
done
# After "treecast sim PLAN -", the options of `treecast sim PLAN --help`, for every plan.
for plan in $(replies 'treecast sim '); do
    want=$(treecast sim "$plan" --help | grep -oE '^  --?[a-zA-Z][a-zA-Z0-9-]*' | sort -u | tr -d ' ')
    got=$(replies "treecast sim $plan -" | sort -u)
    if [[ $got != "$want" || -z $got ]]; then
        echo "FAIL 'treecast sim $plan -': got [$(tr '\n' ' ' <<<"$got")], expected [$(tr '\n' ' ' <<<"$want")]"
        failed=1
    else
        echo "ok   'treecast sim $plan -': $(wc -l <<<"$got") options"
    fi
done
exit $failed
