"""The papers' reproduction (treecast/repro.h, treecast/tables.h): every table treecast
recomputes, cell by cell, with the paper's value beside treecast's and a verdict.

- :func:`papers` lists the registry (tc_repro_papers): the five papers and their tables of
  ``treecast table``.
- :func:`paper` reproduces one paper's page (tc_repro_run), what ``treecast reproduce --paper
  ID`` writes into ``ID/*.json``: its tables, each a list of cells with keys, quantity, the
  paper's value as printed, treecast's, the verdict ("matches", "corrected", "differs", "not
  printed"; corrected naming the entry of docs/corrections.md), and the command that recomputes
  the cell.
- :func:`table` computes a table of ``treecast table NAME --format json`` from the library's
  row functions: 001:1 (Table 1 of paper 001, tc_table_001_1_row beside the printed rows),
  001:2 and 001:3 (Tables 2 and 3, tc_tseng_table2/3: the printed threshold beside the exact
  one, truncation rule, corrections 001.3), 004:5.6 (Table 5.6 of paper 004: computation
  steps, tc_ist_steps beside the printed counts). The others (001:eti, 001:compare, 002:2,
  003:II, 004:5.7) raise ``NotImplementedError`` for now: ``treecast table`` prints them.

Verdicts: *matches* -- the values agree at the printed precision (or in the stated relation: a
lower bound at or below the measured value); *corrected* -- they disagree, and the paper's
value as corrected agrees; *differs* -- nothing explains it; *not printed* -- treecast's
extension of the table.
"""

from __future__ import annotations

from typing import Any, Dict, List, NamedTuple, Optional

from treecast import _core

__all__ = ["Cell", "Page", "Table", "paper", "papers", "table"]


class Cell(NamedTuple):
    """One cell: ``id`` (PAPER/TABLE/key=value,.../QUANTITY, tc_repro_cell_id), ``keys`` (the
    key columns' values by name), ``quantity``, ``paper`` (as printed; None: not printed),
    ``value`` (treecast's, as printed), ``verdict`` (the bare verdict), ``verdict_text``
    ("corrected — corrections 000.6", "matches — why"), ``correction`` ("000.6" or None),
    ``qualifier``, ``command`` (the treecast command that recomputes it), ``note``."""

    id: Optional[str]
    keys: Dict[str, str]
    quantity: Optional[str]
    paper: Optional[str]
    value: str
    verdict: str
    verdict_text: str
    correction: Optional[str]
    qualifier: Optional[str]
    command: Optional[str]
    note: Optional[str]


class Table(NamedTuple):
    """A table of a page: ``id`` ("table1"), ``title``, ``intro`` (Markdown), ``keys`` (the key
    columns' names) and ``cells`` (a list of :class:`Cell`)."""

    id: str
    title: Optional[str]
    intro: Optional[str]
    keys: List[str]
    cells: List[Cell]

    def records(self) -> List[Dict[str, Any]]:
        """The cells as dicts (for ``pandas.DataFrame(table.records())``)."""
        return [dict(c._asdict(), **{"key_" + k: v for k, v in c.keys.items()})
                for c in self.cells]


class Page(list):
    """A paper's page: a list of :class:`Table`, with ``paper`` ("000"), ``title``,
    ``summary`` (what treecast confirmed and corrected), ``missing`` (what it cannot reproduce
    yet), ``figures`` ((id, title, caption) of each figure; the pictures themselves are drawn
    by ``treecast reproduce``), ``seconds`` and ``counts`` (cells by verdict)."""

    paper: str
    title: Optional[str]
    summary: Optional[str]
    missing: List[str]
    figures: List[tuple]
    seconds: float

    @property
    def cells(self) -> List[Cell]:
        """Every cell of every table, in order."""
        return [c for t in self for c in t.cells]

    @property
    def counts(self) -> Dict[str, int]:
        out = {"matches": 0, "corrected": 0, "differs": 0, "not printed": 0}
        for c in self.cells:
            out[c.verdict] = out.get(c.verdict, 0) + 1
        return out


def papers() -> List[Dict[str, Any]]:
    """The registry (tc_repro_papers): per paper its ``id``, ``title`` and ``tables`` (those of
    ``treecast table``: name, alias, options, formats, from, to, max)."""
    out = []
    for pid, title, rows in _core.repro_papers():
        out.append({"id": pid, "title": title, "tables": [
            {"name": r[0], "alias": r[1], "options": r[2].split(), "formats": r[3].split(),
             "from": r[4], "to": r[5], "max": r[6]} for r in rows]})
    return out


def paper(id: str, quick: bool = True, seed: int = 1, threads: int = 0) -> Page:
    """Reproduce paper ``id`` ("000" .. "004") through tc_repro_run: the :class:`Page` that
    ``treecast reproduce --paper ID [--quick] --seed S`` writes (its tables' cells equal the
    ``ID/TABLE.json`` files). ``quick``: the small cases only (seconds; the full run takes
    minutes). Runs without the GIL."""
    pid, title, summary, missing, tables, figures, seconds = _core.repro_paper(
        str(id), bool(quick), int(seed), int(threads))
    page = Page()
    for tid, ttitle, intro, keynames, cells in tables:
        out = []
        for cid, keys, quantity, value, verdict, vtext, p, corr, qual, cmd, note in cells:
            vals = keys.split("\t") if keynames else []
            out.append(Cell(cid, dict(zip(keynames, vals)), quantity, p, value, verdict, vtext,
                            corr, qual, cmd, note))
        page.append(Table(tid, ttitle, intro, list(keynames), out))
    page.paper, page.title, page.summary = pid, title, summary
    page.missing, page.figures, page.seconds = list(missing), list(figures), seconds
    return page


_TABLE_OPTIONS = ("from", "to", "z", "k")


def table(name: str, from_: Optional[int] = None, to: Optional[int] = None,
          z: Optional[str] = None, k: Optional[int] = None) -> Dict[str, Any]:
    """A table of ``treecast table NAME --format json`` (without its format_version and
    command): 001:1 (``z``, ``k``: the node executing step (2) and the substars' dimension,
    default 3241 and 2, Table 1's), 001:2, 001:3 and 004:5.6 (``from_``/``to``: the rows n,
    default the registry's). 001:2 and 001:3 give ``cells`` with ``verdict`` ("matches" when
    the printed value is the exact one truncated, corrections 001.3), ``count`` and
    ``differ``; 001:1 gives ``rows`` with ``matches_paper`` for the paper's case and
    ``rows_matching``. An option the table does not read raises ``ValueError`` with the CLI's
    sentence."""
    name_, _alias, options, _formats, dfrom, dto, dmax = _core.table_rows(name)
    reads = options.split() + ["output"]
    given = {"from": from_, "to": to, "z": z, "k": k}
    for opt in _TABLE_OPTIONS:
        if given[opt] is not None and opt not in reads:
            its = ", ".join("--" + o for o in _TABLE_OPTIONS + ("format", "output") if o in reads)
            raise _core.ArgumentError("--%s does not apply to %s (its options: %s)"
                                      % (opt, name_, its))
    if dmax > 0 and ((from_ or 0) > dmax or (to or 0) > dmax):
        raise _core.ArgumentError("%s has n up to %d" % (name_, dmax))
    lo = dfrom if from_ is None else int(from_)
    hi = (lo if lo > dto else dto) if to is None else int(to)
    if lo > hi:
        raise _core.ArgumentError("--from %d exceeds --to %d" % (lo, hi))
    if name_ in ("001:2", "001:3"):
        t2 = name_ == "001:2"
        cells = []
        for n, kk, printed, value, exact, matches in _core.table_001_cells(t2, lo, hi):
            c: Dict[str, Any] = {"n": n}
            if t2:
                c["k"] = kk
            c.update(paper=printed, treecast=value, exact=exact,
                     verdict="matches" if matches else "differs")
            cells.append(c)
        return {"table": name_, "rule": "truncated to three decimals" if t2
                else "truncated to two significant digits", "cells": cells,
                "count": len(cells), "differ": sum(c["verdict"] != "matches" for c in cells)}
    if name_ == "001:1":
        zt = "3241" if z is None else str(z)
        kk = 2 if k is None else int(k)
        _n, rows = _core.table_001_1(zt, kk)
        paper_case = any(r[4] is not None for r in rows)
        out_rows, matching = [], 0
        for i, (X, dims, y, Y, pr) in enumerate(rows):
            row: Dict[str, Any] = {"i": i + 1, "X": X, "dims": "" if dims == "none" else dims,
                                   "y": y, "Y": Y}
            if paper_case:
                same = pr is not None and (X, dims, y, Y) == tuple(pr)
                matching += same
                row["matches_paper"] = same
            out_rows.append(row)
        doc: Dict[str, Any] = {"table": "001:1", "z": zt, "k": kk, "rows": out_rows}
        if paper_case:
            doc["rows_matching"] = matching
        return doc
    if name_ == "004:5.6":
        rows = []
        for n in range(lo, hi + 1):
            N, n_, printed, hdls, alg5 = _core.table_004_56(n)
            for s in (hdls, alg5):
                s["mean"] = round(s["mean"], 4)
                for ph in s["phases"]:
                    ph["mean"] = round(ph["mean"], 4)
            rows.append({"N": N, "n": n_, "paper": None if printed is None else
                         {"hdls": printed[0], "ours": printed[1], "text_3n": 3 * n_},
                         "hdls": hdls, "alg5": alg5})
        return {"table": "004:5.6",
                "step": "one iteration of a loop of a PE's program on its own label",
                "rows": rows}
    raise NotImplementedError("table %s is printed by `treecast table %s` only, so far"
                              % (name_, name_))
