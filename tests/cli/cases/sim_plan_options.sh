#!/bin/sh
# sim_plan_options.sh (run by the case sim_plan_options_every_plan): for every plan that
# `treecast sim --help` lists, `treecast sim PLAN --help` is the plan's own page (its usage
# names the plan), and every option of sim is refused by the plan exactly when its page does
# not list it (exit 2, "--OPT does not apply to PLAN (its options: ..."), as is every --format
# value the page does not list. Prints the counts; a FAIL line for anything else, then exit 1.
# The network is none:0: the options are judged before it is read. Runs in a scratch directory
# (a value "1" may name a file: --output, --trace).
cd "${CASE_TMP:-${TMPDIR:-/tmp}}" || exit 2
# "--opt VALUE" of every option of sim: VALUE its default choice, "1" for any other argument
# (not checked before the plan is), nothing for a flag
opts=$(treecast sim --help | awk '
    function flush() {
        if (opt == "")
            return
        v = ""
        if (arg) {
            v = "1"
            if (match(text, /\(default [a-z]+\)/))
                v = substr(text, RSTART + 9, RLENGTH - 10)
        }
        if (opt != "--help" && opt != "--quiet")
            print opt (v == "" ? "" : "=" v)
        opt = ""
    }
    /^  --/ { flush(); opt = $1; rest = substr($0, 3 + length(opt)); arg = rest ~ /^ [^ ]/; text = rest; next }
    /^      / && opt != "" { text = text " " $0; next }
    { flush() }
    END { flush() }')
plans=$(treecast sim --help | sed -n '/^PLAN, /,/^$/s/^    \([a-z][a-z0-9-]*\) .*/\1/p' | sort -u)
if [ -z "$opts" ] || [ -z "$plans" ]; then
    echo "FAIL: no options or no plans in treecast sim --help"
    exit 1
fi
failed=0 nplans=0 refused=0 accepted=0 formats=0
fail() { echo "FAIL $*"; failed=1; }
for plan in $plans; do
    nplans=$((nplans + 1))
    treecast sim "$plan" --help >page 2>&1 || fail "$plan: treecast sim $plan --help exits $?"
    case $(sed -n 1p page) in
        "usage: treecast sim $plan --net NET"*) ;;
        *) fail "$plan: its --help is not its own: $(sed -n 1p page)"; continue ;;
    esac
    own=$(sed -n 's/^  \(--[a-zA-Z][a-zA-Z0-9-]*\).*/\1/p' page)
    for o in $opts; do
        name=${o%%=*}
        set -- "$name"
        [ "$name" != "$o" ] && set -- "$name" "${o#*=}"
        treecast sim "$plan" --net none:0 "$@" >out 2>err </dev/null
        status=$?
        if printf '%s\n' "$own" | grep -qxF -- "$name"; then
            accepted=$((accepted + 1))
            if grep -qF "does not apply" err; then
                fail "$plan lists $name but refuses it: $(cat err)"
            fi
        else
            refused=$((refused + 1))
            if [ "$status" -ne 2 ] || ! grep -qF -- "$name does not apply to $plan (its options: --net" err; then
                fail "$plan $*: exit $status, $(cat err)"
            fi
        fi
    done
    listed=$(sed -n 's/^  --format F .*: \(.*\) (default .*/\1/p' page | sed 's/,//g; s/ or / /')
    for f in text json csv; do
        case " $listed " in
            *" $f "*) ;;
            *)
                formats=$((formats + 1))
                treecast sim "$plan" --net none:0 --format "$f" >out 2>err </dev/null
                status=$?
                if [ "$status" -ne 2 ] || ! grep -qF -- "--format $f does not apply to $plan" err; then
                    fail "$plan --format $f: exit $status, $(cat err)"
                fi
                ;;
        esac
    done
done
echo "$nplans plans; $refused options refused where they do not apply, $accepted accepted; $formats formats refused"
exit $failed
