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
  row functions (tables.h): 001:1 (tc_table_001_1_row beside the printed rows), 001:2 and
  001:3 (tc_tseng_table2/3), 001:eti (tc_tseng_eti, the best k, ETI'), 001:compare (the
  CLI prints text: the library's tc_table_001_compare records), 002:2 (tc_table_002_2 beside
  tc_cycles_table2), 003:II and its alias 003:I (tc_table_003), 004:5.6 (tc_ist_steps) and
  004:5.7 (tc_table_threshold).

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


# the options of `treecast table`, in its order (tools/treecast/cmd_table.c, OPTS)
_TABLE_OPTIONS = ("from", "to", "M", "ts", "tc", "trials", "seed", "threads", "ts-tm", "z", "k",
                  "format", "output")


def table(name: str, from_: Optional[int] = None, to: Optional[int] = None,
          z: Optional[str] = None, k: Optional[int] = None, M: Optional[int] = None,
          ts: Optional[float] = None, tc: Optional[float] = None, trials: Optional[int] = None,
          seed: Optional[int] = None, threads: Optional[int] = None,
          ts_tm: Optional[float] = None) -> Any:
    """A table of ``treecast table NAME --format json`` (without its format_version and
    command), from the library's row functions (treecast/tables.h), with the registry's
    defaults (tc_repro_rows: ``from_``/``to``, the rows n):

    - 001:1 (``z``, ``k``: the node executing step (2) and the substars' dimension, default 3241
      and 2, Table 1's): ``rows`` with ``matches_paper`` for the paper's case, ``rows_matching``;
    - 001:2, 001:3: ``cells`` with ``verdict`` ("matches" when the printed value is the exact
      one truncated, corrections 001.3), ``count``, ``differ``;
    - 001:eti (``ts_tm``, default 100): per n the ETI of every k (tc_tseng_eti), the best k and
      ETI' of the mesh broadcast, and the claim "best k in 2..4 for every n <= 12"
      (tc_table_001_best_k);
    - 001:compare: the CLI prints text only; this returns the library's records
      (tc_table_001_compare) as a list of dicts, for each n one-port (``port_limit`` 1) then
      all-port (0): ``tseng`` (k = 1..n-1), ``total_exchange``, ``mesh``, ``ring``,
      ``multinode``, each {rounds, elements, queued, run}. Slow: about 40 s for n = 4..7;
    - 002:2 (``M``, ``ts``, ``tc``): Table 2 of paper 002 beside the routing cycles;
    - 003:II (alias 003:I; ``M`` default 1024, at most 65536, ``ts``, ``tc``): Tables I-II of
      paper 003 per (n, k);
    - 004:5.6: computation steps; 004:5.7 (``trials`` 1000, ``seed`` 1, ``threads``): the faults
      a broadcast survives as distributions (trial i seeded seed + i).

    An option the table does not read raises ``ValueError`` with the CLI's sentence."""
    name_, _alias, options, _formats, dfrom, dto, dmax = _core.table_rows(name)
    reads = options.split() + ["output"]
    given = {"from": from_, "to": to, "z": z, "k": k, "M": M, "ts": ts, "tc": tc,
             "trials": trials, "seed": seed, "threads": threads, "ts-tm": ts_tm}
    for opt in _TABLE_OPTIONS:
        if given.get(opt) is not None and opt not in reads:
            its = ", ".join("--" + o for o in _TABLE_OPTIONS if o in reads)
            raise _core.ArgumentError("--%s does not apply to %s (its options: %s)"
                                      % (opt, name_, its))
    M_ = (1024 if name_ == "003:II" else 1) if M is None else int(M)
    if name_ == "003:II" and M_ > 65536:
        raise _core.ArgumentError("003:II sweeps every packet size: --M at most 65536")
    if dmax > 0 and ((from_ or 0) > dmax or (to or 0) > dmax):
        if name_ == "003:II":
            raise _core.ArgumentError("003:II runs I_k^n for 2 <= n <= 7 (the Hamiltonian "
                                      "paths are simulated)")
        raise _core.ArgumentError("%s has n up to %d" % (name_, dmax))
    lo = dfrom if from_ is None else int(from_)
    hi = (lo if lo > dto else dto) if to is None else int(to)
    if lo > hi:
        raise _core.ArgumentError("--from %d exceeds --to %d" % (lo, hi))
    ts_ = 1.0 if ts is None else float(ts)
    tc_ = 1.0 if tc is None else float(tc)
    if name_ == "001:eti":
        ratio = 100.0 if ts_tm is None else float(ts_tm)
        bad_n = bad_k = 0
        for n in range(3, 13):
            kk, inside = _core.table_001_best_k(n, ratio)
            if not inside:
                bad_n, bad_k = n, kk
                break
        rows = []
        for n in range(lo, hi + 1):
            etis, best, beti, mesh, _ck, _in = _core.table_001_eti(n, ratio)
            rows.append({"n": n, "eti": etis, "best_k": best, "best_eti": beti,
                         "eti_nonpersonalized": mesh})
        claim: Dict[str, Any] = {"text": "best k in 2..4 for every n <= 12", "holds": bad_n == 0}
        if bad_n:
            claim.update(n=bad_n, best_k=bad_k)
        return {"table": "001:eti", "ts_tm": ratio, "rows": rows, "claim": claim}
    if name_ == "001:compare":
        return [_core.table_001_compare(n, p) for n in range(lo, hi + 1) for p in (1, 0)]
    if name_ == "002:2":
        rows = [r for n in range(lo, hi + 1) for r in _core.table_002_2(n, M_, ts_, tc_)]
        return {"table": "002:2", "M": M_, "ts": ts_, "tc": tc_, "rows": rows}
    if name_ == "003:II":
        rows = [_core.table_003(n, kk, M_, ts_, tc_) for n in range(lo, hi + 1)
                for kk in range(n)]
        return {"table": "003:II", "M": M_, "ts": ts_, "tc": tc_, "rows": rows}
    if name_ == "004:5.7":
        T = 1000 if trials is None else int(trials)
        sd = 1 if seed is None else int(seed)
        rows = [_core.table_004_57(n, T, sd, 0 if threads is None else int(threads))
                for n in range(lo, hi + 1)]
        return {"table": "004:5.7", "trials": T, "seed": sd, "rows": rows}
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
    raise _core.ArgumentError("unknown table \"%s\"" % name_)
