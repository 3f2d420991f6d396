#!/usr/bin/env python3
"""Write the man page of treecast-mpi-bench or treecast-mpi-check from the program's own --help
(the build runs it: tools/mpi-bench/CMakeLists.txt, tools/mpi-check/CMakeLists.txt).

    help2man_bench.py TOOL OUT.1 [SEE_ALSO ...]

runs `TOOL --version` and `TOOL --help` (both answered without an MPI launcher) and writes OUT.1
with tools/treecast/help2man.py's page(), the converter of treecast's own pages: the help has the
layout of `treecast CMD --help` (usage, a summary, description paragraphs, the options, "title:"
sections, "exit status:"), so the page says what --help says and nothing more. The NAME line is
the first paragraph after the usage up to its first ". " or ": " (treecast-mpi-check's first
paragraph goes on past "over MPI ranks:"). SEE ALSO names the SEE_ALSO pages (default: treecast
mpiexec).
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "treecast"))
import help2man  # noqa: E402


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: help2man_bench.py TOOL OUT.1 [SEE_ALSO ...]")
    tool, out = sys.argv[1], sys.argv[2]
    see_also = sys.argv[3:] or ["treecast", "mpiexec"]
    name = os.path.basename(out)[:-2] if out.endswith(".1") else os.path.basename(tool)
    version = help2man.run([tool, "--version"]).split()[-1]
    text = help2man.run([tool, "--help"])
    # The NAME line: the first paragraph after the usage, as for treecast's pages, to the end of
    # its first sentence or clause.
    summary = next(" ".join(b) for b in help2man.blocks(text) if not b[0].startswith("usage:"))
    summary = re.split(r"[.:] ", summary, maxsplit=1)[0]
    summary = summary[0].lower() + summary[1:].rstrip(".")
    page = help2man.page(name, summary, version, text, see_also)
    # page() names the source after treecast's commands ("treecast CMD --help") and bolds
    # "treecast" alone in the synopsis: the program's own name instead.
    escaped = help2man.esc(name)
    page = page.replace("`%s --help`" % name.replace("-", " "), "`%s --help`" % name, 1)
    page = page.replace("\\fBtreecast\\fR%s" % escaped[len("treecast"):], "\\fB%s\\fR" % escaped)
    # An option line naming two options ("  --help, --version   this text; the version", in
    # treecast-mpi-check's help): tag() reads the second as the first's argument; both bold.
    page = re.sub(r"^\\fB(\\-[^ ]*),\\fR \\fI(\\-[^ ]*)\\fR$", r"\\fB\1\\fR, \\fB\2\\fR", page,
                  flags=re.M)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + ".tmp", "w") as f:
        f.write(page)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
