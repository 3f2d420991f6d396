"""treecast: spanning trees of interconnection networks, from Python.

A thin layer over libtreecast (the C library of this repository; ``treecast._core`` is the
library compiled into one CPython extension): the networks of the papers (the star graph S_n of
paper 000, the hypercube Q_n of papers 002 and 004, the incomplete hypercube I_k^n of paper
003, and any graph), their spanning-tree constructions as forests whose parent ports are NumPy
arrays over the library's own memory, and the checks that set the measured properties beside
the papers' claims -- the same numbers as ``treecast check --format json``.

    >>> import treecast
    >>> net = treecast.Network("star:5")          # S_5 (paper 000, Section 1)
    >>> forest = net.trees("edt")                  # EDT_{I_5} (paper 000, Definition 8)
    >>> forest.ports.shape                         # (trees, nodes), uint8, zero-copy
    (4, 120)
    >>> forest.check().holds
    True

Errors raise :class:`Error` subclasses carrying the library's one-sentence detail (the sentence
the CLI prints): :class:`ArgumentError` (also a ``ValueError``) for TC_EINVAL, TC_ERANGE and
TC_EPARSE; :class:`ResourceError` (a ``MemoryError``) for TC_ENOMEM and TC_ETOOBIG;
:class:`FileError` (an ``OSError``) for TC_EIO; :class:`NotSupportedError` for TC_ENOTSUP.
Each has ``.code`` ("TC_ERANGE") and ``.detail`` (the sentence). Ctrl-C stops a long check with
``KeyboardInterrupt`` (the library polls it from its worker threads).

NumPy is imported when an array is first asked for, networkx only by the functions that take or
give networkx graphs: ``import treecast`` itself loads the extension alone.
"""

from treecast._core import (
    PARENT_NONE,
    PARENT_ROOT,
    ArgumentError,
    Error,
    FileError,
    NotSupportedError,
    ResourceError,
)
from treecast._core import version as _library_version
from treecast.forest import CheckReport, Claim, Forest
from treecast.network import Network
from treecast.route import route  # treecast.route(net, src, dst, ...)


def __getattr__(name: str):
    """``treecast.sim``, ``treecast.repro`` and ``treecast.mpi`` are imported when first used,
    so that ``import treecast`` stays a few milliseconds."""
    if name in ("sim", "repro", "mpi"):
        import importlib

        return importlib.import_module("treecast." + name)
    raise AttributeError("module 'treecast' has no attribute %r" % name)

__version__: str = _library_version()
"""The version of libtreecast compiled into the package (tc_version)."""

__all__ = [
    "ArgumentError",
    "CheckReport",
    "Claim",
    "Error",
    "FileError",
    "Forest",
    "Network",
    "NotSupportedError",
    "PARENT_NONE",
    "PARENT_ROOT",
    "ResourceError",
    "__version__",
    "repro",
    "route",
    "sim",
]
