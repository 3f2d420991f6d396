"""treecast.mpi: libtreecast_mpi's collectives on NumPy arrays, over mpi4py communicators.

The same plans as ``treecast.sim`` (include/treecast/plan.h), run by libtreecast_mpi's executor
(include/treecast/mpi.h, docs/mpi.md): rank I is node I of the network, every rank builds the
same network, trees and plan, and a packet of the plan is one MPI message to a neighbour's rank.

- :func:`bcast`: the broadcast over the trees, segments round-robin over them (x = 1: paper
  000 Sec. 4.2, paper 003), or every segment down x trees (x > 1: paper 000 Sec. 4.3's
  fault-tolerant broadcast; kind "ist" on Q_n with x = n: paper 004's n-IST broadcast);
- :func:`scatter`: every block source-routed down the trees (paper 000 Sec. 4.5; paper 002's
  SBnT trees with kind "sbnt-*");
- :func:`allgather`: the multinode broadcast (paper 000 Sec. 4.4);
- :func:`alltoall`: the total exchange (paper 000 Sec. 4.6's necklace schedule on S_n).

The arrays are the MPI buffers (zero-copy): they must be C-contiguous, and writable where data
arrives; they are sent as bytes, so any dtype works and every rank must pass the same number
of bytes (as MPI requires matching counts). The network is the communicator's: ``net=None``
picks the star graph S_n (n! ranks) or hypercube Q_n (2^n ranks) of the communicator's size.
The collective runs without the GIL. Every call returns this rank's report, a dict: segments,
received, expected, messages_in, messages_out, predicted_rounds (the round engine's rounds
for the same plan and faults), faulty.

Failures raise :class:`treecast.Error` subclasses with the library's sentence
(tc_mpi_error): :class:`treecast.ArgumentError` for MPI_ERR_ARG (a network that does not fit
the communicator, a bad root or kind, blocks that differ between ranks),
:class:`treecast.ResourceError` for MPI_ERR_NO_MEM, :class:`treecast.Error` for MPI_ERR_OTHER
(a live rank could not get every segment: more faulty ranks than x - 1 on its paths; or
another rank failed the setup). A rank that refuses its own arguments still joins the
collective's setup, so that the others fail instead of waiting.

``treecast._mpi`` is an optional extension, built by ``python/setup.py`` only where ``mpicc``
is found; it and mpi4py are imported when a function here is first called, so ``import
treecast.mpi`` works everywhere and the ImportError names what is missing.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

__all__ = ["allgather", "alltoall", "available", "bcast", "scatter"]

_ext = None


def _load():
    """treecast._mpi and mpi4py.MPI (which initializes MPI), or an ImportError naming what is
    missing."""
    global _ext
    if _ext is not None:
        return _ext
    try:
        from mpi4py import MPI  # noqa: F401  (MPI_Init_thread on import)
    except ImportError as e:
        raise ImportError(
            "treecast.mpi needs mpi4py (Debian: apt-get install python3-mpi4py; "
            "pip: pip install mpi4py): %s" % e) from e
    try:
        from treecast import _mpi
    except ImportError as e:
        raise ImportError(
            "treecast.mpi needs the extension treecast._mpi, which python/setup.py builds only "
            "where mpicc is found (Debian: apt-get install libopenmpi-dev, then reinstall "
            "treecast): %s" % e) from e
    _ext = _mpi
    return _ext


def available() -> bool:
    """Whether treecast._mpi and mpi4py can be imported (without raising)."""
    try:
        _load()
    except ImportError:
        return False
    return True


def _handle(comm) -> int:
    """The communicator's Fortran handle (mpi4py's Comm.py2f), turned back into an MPI_Comm
    by MPI_Comm_f2c in C: no mpi4py C header needed."""
    py2f = getattr(comm, "py2f", None)
    if py2f is None:
        raise TypeError("comm must be an mpi4py communicator (with py2f()), not %s"
                        % type(comm).__name__)
    return int(py2f())


def bcast(comm, array, root: int = 0, *, net: Optional[str] = None, kind: Optional[str] = None,
          segment: int = 0, x: int = 1, window: int = 0, eager: bool = False,
          faulty: Optional[Sequence[int]] = None) -> Dict[str, Any]:
    """Broadcast root's ``array`` into every rank's ``array``, in place (tc_mpi_bcast).

    ``array``: a C-contiguous writable buffer (NumPy array) of the same number of bytes on
    every rank; at the root its content is sent, elsewhere it is overwritten. ``net``: the
    network ("star:N", "cube:N", "icube:N,K", ...; None: S_n or Q_n of the communicator's
    size); ``kind``: its trees (star "edt"/"bfs", cube "nedst"/"ist"/"binomial"/"sbnt-*",
    icube "edst"/"binomial"; None: the family's edge-disjoint trees); ``segment``: bytes per
    segment (0: 8192); ``x``: copies of every segment over x trees (fault tolerance x - 1,
    paper 000 Sec. 4.3); ``window``: segments in flight per link (0: 1); ``eager``: MPI_Isend
    instead of MPI_Issend; ``faulty``: ranks that forward nothing (never the root).
    Returns this rank's report (see the module's docstring)."""
    return _load().bcast(_handle(comm), array, root=root, net=net, kind=kind, segment=segment,
                         x=x, window=window, eager=eager, faulty=faulty)


def scatter(comm, sendbuf, recvbuf, root: int = 0, *, net: Optional[str] = None,
            kind: Optional[str] = None, segment: int = 0, x: int = 1, window: int = 0,
            eager: bool = False, faulty: Optional[Sequence[int]] = None) -> Dict[str, Any]:
    """Block i of root's ``sendbuf`` into rank i's ``recvbuf`` (tc_mpi_scatter).

    ``sendbuf`` is read at the root only (None elsewhere): size equal blocks, C-contiguous.
    ``recvbuf``: C-contiguous, writable, one block; None at the root leaves its block in place
    (MPI_IN_PLACE). Options as :func:`bcast`."""
    return _load().scatter(_handle(comm), sendbuf, recvbuf, root=root, net=net, kind=kind,
                           segment=segment, x=x, window=window, eager=eager, faulty=faulty)


def allgather(comm, sendbuf, recvbuf, *, net: Optional[str] = None, kind: Optional[str] = None,
              segment: int = 0, x: int = 1, window: int = 0, eager: bool = False,
              faulty: Optional[Sequence[int]] = None) -> Dict[str, Any]:
    """Every rank's ``sendbuf`` into block r of every rank's ``recvbuf`` (tc_mpi_allgather).

    ``recvbuf`` holds size blocks; ``sendbuf`` None: this rank's block is already at its place
    in ``recvbuf`` (MPI_IN_PLACE). Options as :func:`bcast`."""
    return _load().allgather(_handle(comm), sendbuf, recvbuf, net=net, kind=kind,
                             segment=segment, x=x, window=window, eager=eager, faulty=faulty)


def alltoall(comm, sendbuf, recvbuf, *, net: Optional[str] = None, kind: Optional[str] = None,
             segment: int = 0, x: int = 1, window: int = 0, eager: bool = False,
             faulty: Optional[Sequence[int]] = None) -> Dict[str, Any]:
    """Block j of rank i's ``sendbuf`` into block i of rank j's ``recvbuf``
    (tc_mpi_alltoall). Both hold size blocks; ``sendbuf`` None: taken from ``recvbuf`` and
    replaced (MPI_IN_PLACE). Options as :func:`bcast`."""
    return _load().alltoall(_handle(comm), sendbuf, recvbuf, net=net, kind=kind,
                            segment=segment, x=x, window=window, eager=eager, faulty=faulty)
