#!/usr/bin/env python3
"""Write treecast-mpi-bench's man page from its own --help (the build runs it:
tools/mpi-bench/CMakeLists.txt).

    help2man_bench.py TOOL OUT.1

runs `TOOL --version` and `TOOL --help` (both answered without an MPI launcher) and writes OUT.1
with tools/treecast/help2man.py's page(), the converter of treecast's own pages: the help has the
layout of `treecast CMD --help` (usage, a one-line summary, description paragraphs, the options,
"title:" sections, "exit status:"), so the page says what --help says and nothing more.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "treecast"))
import help2man  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: help2man_bench.py TOOL OUT.1")
    tool, out = sys.argv[1], sys.argv[2]
    name = os.path.basename(out)[:-2] if out.endswith(".1") else os.path.basename(tool)
    version = help2man.run([tool, "--version"]).split()[-1]
    text = help2man.run([tool, "--help"])
    # The NAME line: the first paragraph after the usage, as for treecast's pages.
    summary = next(" ".join(b) for b in help2man.blocks(text) if not b[0].startswith("usage:"))
    summary = summary[0].lower() + summary[1:].rstrip(".")
    page = help2man.page(name, summary, version, text, ["treecast", "mpiexec"])
    # page() names the source after treecast's commands ("treecast CMD --help") and bolds
    # "treecast" alone in the synopsis: the program's own name instead.
    escaped = help2man.esc(name)
    page = page.replace("`%s --help`" % name.replace("-", " "), "`%s --help`" % name, 1)
    page = page.replace("\\fBtreecast\\fR%s" % escaped[len("treecast"):], "\\fB%s\\fR" % escaped)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out + ".tmp", "w") as f:
        f.write(page)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
