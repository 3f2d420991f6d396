# bash completion for treecast (installed as share/bash-completion/completions/treecast; or
# `source tools/treecast/treecast.bash`).
#
# Nothing is listed here: the commands, the tree kinds and the network families come from
# `treecast --list commands|kinds|families` (kinds: those of the --net already typed), and a
# command's options, the value each one takes and its choices from `treecast CMD --help`, read
# at completion time. So the completion follows the treecast it completes and cannot go stale.
# tests/install/completion_test.sh checks it.

# _treecast_options TOOL CMD [WHAT]: one line per option of `TOOL CMD [WHAT] --help` (WHAT: the
# operand whose own help lists its options, as `treecast sim PLAN --help` does),
# "--opt<TAB>ARG<TAB>choices": ARG is what the help names the value (NET, KIND, FILE, ...;
# empty for a flag), the choices are the words of "a, b or c (default a)" in the option's
# text, else of "--opt a|b|c" in the usage, else "identity random" for a root.
_treecast_options()
{
    "$1" "$2" ${3:+"$3"} --help 2>/dev/null | awk '
        function flush(   m, c, i, n, w) {
            if (opt == "")
                return
            c = ""
            if (match(desc, /([a-z0-9-]+, )*[a-z0-9-]+ or [a-z0-9-]+ \(default/)) {
                c = substr(desc, RSTART, RLENGTH - length(" (default"))
                gsub(/, | or /, " ", c)
            } else if ((i = index(usage, opt " ")) > 0) {
                w = substr(usage, i + length(opt) + 1)
                sub(/[] ].*/, "", w)
                n = split(w, m, "|")
                for (i = 1; n > 1 && i <= n; i++)
                    if (m[i] ~ /^[a-z0-9-]+$/)
                        c = c (c == "" ? "" : " ") m[i]
            }
            if (c == "" && desc ~ /identity/ && desc ~ /random/)
                c = "identity random"
            print opt "\t" arg "\t" c
            opt = ""
        }
        !seen_blank && /^$/ { seen_blank = 1 }
        !seen_blank { usage = usage " " $0; next }
        /^  -/ {
            flush()
            line = substr($0, 3)
            head = line; sub(/  .*/, "", head)
            desc = substr(line, length(head) + 1); sub(/^ +/, "", desc)
            opt = head; sub(/ .*/, "", opt)
            arg = (index(head, " ") ? substr(head, index(head, " ") + 1) : "")
            next
        }
        /^     / && opt != "" { t = $0; sub(/^ +/, "", t); desc = desc " " t; next }
        { flush() }
        END { flush() }'
}

# _treecast_operands TOOL CMD: what the first operand of CMD may be: the words the usage lists
# ("treecast table 001:1 | 001:2 | ...", continued on lines that start with "|"), or the entries of the section named by the usage's
# placeholder ("treecast sim PLAN ..." and the section "PLAN, by the family of its trees:").
_treecast_operands()
{
    "$1" "$2" --help 2>/dev/null | awk '
        NR == 1 || (more && /^ +\| /) { # the usage line, and its continuations "   | 004:5.7"
            n = split($0, w, " ")
            i = NR == 1 ? 4 : 1
            if (NR == 1 && w[4] ~ /^[A-Z]+$/)
                name = w[4]
            else
                for (; i <= n && w[i] !~ /^[-[]/; i++)
                    if (w[i] != "|")
                        print w[i]
            more = name == "" && i > n
            next
        }
        { more = 0 }
        name != "" && index($0, name) == 1 { in_section = 1; next }
        /^$/ { in_section = 0 }
        in_section && /^    [a-z]/ { print $1 }' | sort -u
}

_treecast()
{
    local tool=${COMP_WORDS[0]:-treecast}
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    read -ra words <<<"${line//\\ /$'\001'}" # words at blanks, but "\ " (a file name's)
    words=("${words[@]//$'\001'/ }")
    if [[ -z $line || $line == *[^\\][[:space:]] ]]; then
        words+=("")
    fi
    local cword=$((${#words[@]} - 1))
    local cur=${words[cword]} prev=
    ((cword > 0)) && prev=${words[cword - 1]}
    local -a reply=()
    COMPREPLY=()
    if ! command -v -- "$tool" >/dev/null 2>&1; then
        tool=treecast
    fi

    if ((cword == 1)); then
        if [[ $cur == -* ]]; then
            reply=(--help --version)
        else
            mapfile -t reply < <("$tool" --list commands 2>/dev/null && echo help)
        fi
        mapfile -t COMPREPLY < <(compgen -W "${reply[*]}" -- "$cur")
        return
    fi
    local cmd=${words[1]}
    if [[ $cmd == help ]]; then
        ((cword == 2)) && mapfile -t COMPREPLY < <(compgen -W "$("$tool" --list commands)" -- "$cur")
        return
    fi
    local opts= # the operand's own options (sim PLAN), else the command's
    if ((cword > 2)) && [[ ${words[2]} != -* ]]; then
        opts=$(_treecast_options "$tool" "$cmd" "${words[2]}")
    fi
    [[ -n $opts ]] || opts=$(_treecast_options "$tool" "$cmd")
    [[ -n $opts ]] || return

    # --opt=value is --opt value.
    local value=$cur
    if [[ $cur == --*=* ]]; then
        prev=${cur%%=*}
        value=${cur#*=}
    elif [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(cut -f1 <<<"$opts")" -- "$cur")
        return
    fi

    local opt arg choices
    IFS=$'\t' read -r opt arg choices < <(awk -F'\t' -v o="$prev" '$1 == o' <<<"$opts")
    if [[ -n $opt && -n $arg ]]; then
        if [[ -n $choices ]]; then
            mapfile -t reply < <(compgen -W "$choices" -- "$value")
        elif [[ $arg == NET || $arg == *:* ]]; then
            if [[ $value == graph:* ]]; then # graph:FILE
                compopt -o filenames 2>/dev/null
                mapfile -t reply < <(compgen -f -- "${value#graph:}")
                reply=("${reply[@]/#/graph:}")
            else
                local families
                families=$("$tool" --list families 2>/dev/null)
                [[ $arg == *:* ]] && families=${arg%%:*}: # balance: --net cube:N
                mapfile -t reply < <(compgen -W "$families" -- "$value")
                [[ ${reply[*]} == *: ]] && compopt -o nospace 2>/dev/null
            fi
        elif [[ $arg == KIND* ]]; then
            local net='' i # the kinds of the network given, if one is
            for ((i = 2; i < cword; i++)); do
                case ${words[i]} in
                --net) net=${words[i + 1]} ;;
                --net=*) net=${words[i]#--net=} ;;
                esac
            done
            mapfile -t reply < <(compgen -W "$("$tool" --list kinds ${net:+"$net"})" -- "$value")
        elif [[ $arg == *FILE* ]]; then
            compopt -o filenames 2>/dev/null
            mapfile -t reply < <(compgen -f -- "$value")
        fi
        [[ $cur == --*=* ]] && reply=("${reply[@]/#/$prev=}")
    elif ((cword == 2)); then
        mapfile -t reply < <(compgen -W "$(_treecast_operands "$tool" "$cmd")" -- "$cur")
    fi

    # bash splits the word being completed at the characters of COMP_WORDBREAKS (':' and '='
    # among them): it replaces only what follows the last of them, so the replies lose the rest.
    local breaks=${COMP_WORDBREAKS//[[:space:]\"\']/}
    local before=
    [[ -n $breaks ]] && before=${cur%"${cur##*["$breaks"]}"}
    COMPREPLY=("${reply[@]#"$before"}")
}
complete -F _treecast treecast
