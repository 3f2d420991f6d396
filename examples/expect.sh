#!/bin/sh
# expect.sh STATUS COMMAND [REGEX...]: run COMMAND (with sh -c) and pass when it exits with
# STATUS and its output (stdout and stderr together) matches every extended REGEX, line by line
# as grep -E matches. The examples' ctests (examples/CMakeLists.txt) and the install test use it.
want=$1
cmd=$2
shift 2
out=$(sh -c "$cmd" 2>&1)
got=$?
printf '%s\n' "$out"
if [ "$got" != "$want" ]; then
    echo "expect.sh: exit status $got, expected $want: $cmd" >&2
    exit 1
fi
for re in "$@"; do
    if ! printf '%s\n' "$out" | grep -Eq -- "$re"; then
        echo "expect.sh: no line matches /$re/: $cmd" >&2
        exit 1
    fi
done
