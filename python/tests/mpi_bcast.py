"""Run under mpirun by test_mpi.py: treecast.mpi's collectives on NumPy arrays against mpi4py's
own (comm.Bcast, Scatter, Allgather, Alltoall) and against data every rank can recompute from
the seed (an oracle that needs no MPI at all).

usage: mpirun -n N python mpi_bcast.py NET   (NET: the network of N nodes, e.g. star:3 for 6)

Rank 0 prints one line "ok ranks=N net=NET ..." when every check held on every rank; any
failure prints its traceback and aborts the job (MPI_Abort: no rank is left waiting).
"""

import sys
import time
import traceback

import numpy as np
from mpi4py import MPI

import treecast
import treecast.mpi as tm

SEED = 26


def data(shape, dtype, salt):
    rng = np.random.default_rng([SEED, salt])
    if np.dtype(dtype).kind == "f":
        return rng.standard_normal(shape).astype(dtype)
    return rng.integers(0, 2**31 - 1, size=shape).astype(dtype)


def check_bcast(comm, net, root, shape, dtype, salt, **opts):
    """Root's seeded array to every rank by treecast.mpi.bcast, in place; the same as
    comm.Bcast gives and as the seed gives. This rank's report."""
    rank = comm.Get_rank()
    want = data(shape, dtype, salt)
    a = want.copy() if rank == root else np.full(shape, -1, dtype=dtype)
    ref = a.copy()
    before = a.__array_interface__["data"][0]
    rep = tm.bcast(comm, a, root=root, net=net, **opts)
    comm.Bcast(ref, root=root)
    assert a.__array_interface__["data"][0] == before  # in place: the same memory
    assert np.array_equal(a, want), "rank %d: bcast differs from the seeded data" % rank
    assert np.array_equal(a, ref), "rank %d: bcast differs from comm.Bcast" % rank
    if rank != root:
        assert rep["received"] == rep["expected"] == rep["segments"], rep
    return rep


def main():
    comm = MPI.COMM_WORLD
    size, rank = comm.Get_size(), comm.Get_rank()
    net = sys.argv[1]
    root = size - 1  # a non-zero root
    t0 = time.perf_counter()

    # the main case: a seeded array of 100,000 float64 (800,000 bytes, 98 segments of 8192)
    rep = check_bcast(comm, net, root, (100_000,), np.float64, 1)
    nbytes = 100_000 * 8
    # small segments and odd sizes, a 2-D int32 array, an empty one, another root
    check_bcast(comm, net, root, (37, 11), np.int32, 2, segment=100, window=3)
    check_bcast(comm, net, root, (0,), np.uint8, 3)
    check_bcast(comm, None, 1 % size, (1001,), np.int16, 4)  # net None: the communicator's
    # x = 2 copies of every segment over two trees (paper 000 Sec. 4.3), where there are two
    if size > 2:
        check_bcast(comm, net, root, (5000,), np.int64, 5, x=2, segment=1024)

    # scatter, allgather, alltoall beside mpi4py's
    block = 257
    send = data((size, block), np.int32, 6) if rank == root else None
    got, ref = np.zeros(block, np.int32), np.zeros(block, np.int32)
    tm.scatter(comm, send, got, root=root, net=net)
    comm.Scatter(send, ref, root=root)
    assert np.array_equal(got, ref) and np.array_equal(got, data((size, block), np.int32, 6)[rank])
    mine = data((block,), np.float32, 100 + rank)
    got, ref = np.zeros((size, block), np.float32), np.zeros((size, block), np.float32)
    tm.allgather(comm, mine, got, net=net)
    comm.Allgather(mine, ref)
    assert np.array_equal(got, ref)
    send = data((size, block), np.int64, 200 + rank)
    got, ref = np.zeros_like(send), np.zeros_like(send)
    tm.alltoall(comm, send, got, net=net)
    comm.Alltoall(send, ref)
    assert np.array_equal(got, ref)

    # refusals: the same on every rank, with the library's sentence, and nobody left waiting
    a = np.zeros(64, np.uint8)
    try:
        tm.bcast(comm, a, root=size, net=net)
        raise AssertionError("a root out of range passed")
    except treecast.ArgumentError as e:
        assert "Root %d out of range (%d ranks)." % (size, size) in str(e), str(e)
        assert e.code == "MPI_ERR_ARG"
    try:
        tm.bcast(comm, a, net="cube:5")
        raise AssertionError("a network of 32 nodes passed on %d ranks" % size)
    except treecast.ArgumentError as e:
        assert "has 32 nodes; the communicator %d ranks" % size in str(e), str(e)
    try:
        tm.bcast(comm, np.zeros((8, 8))[:, 0], net=net)  # not C-contiguous
        raise AssertionError("a strided view passed")
    except BufferError as e:
        assert "C-contiguous" in str(e)
    try:  # a local refusal on one rank: the others fail the setup instead of hanging
        tm.bcast(comm, np.zeros(8)[::2] if rank == 0 else np.zeros(4), net=net)
        raise AssertionError("rank %d: passed" % rank)
    except BufferError:
        assert rank == 0
    except treecast.Error as e:
        assert rank != 0 and "Another rank failed the setup." in str(e), str(e)

    t = comm.reduce(time.perf_counter() - t0, op=MPI.MAX, root=0)
    if rank == 0:
        print("ok ranks=%d net=%s root=%d bytes=%d segments=%d predicted_rounds=%d "
              "time=%.3fs mpi=%s" % (size, net, root, nbytes, rep["segments"],
                                     rep["predicted_rounds"], t,
                                     MPI.Get_library_version().split(",")[0]), flush=True)


if __name__ == "__main__":
    try:
        main()
    except BaseException:
        traceback.print_exc()
        sys.stdout.flush()
        sys.stderr.flush()
        MPI.COMM_WORLD.Abort(1)
