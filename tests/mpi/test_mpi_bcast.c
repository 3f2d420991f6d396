/* libtreecast_mpi's broadcast on real MPI ranks, verified at every rank: every root of a sample,
 * counts 0 to 100,000 bytes, derived datatypes, segment sizes and windows, the kinds of the
 * network, and the fault-tolerant broadcast with x - 1 faulty ranks drawn with a seed (printed)
 * and placed adversarially (the root's first neighbours). Run with mpirun -np N where N is the
 * network's node count: test_mpi_bcast NET. Exit status 0 when every rank verified every call. */
#include "treecast/mpi.h"
#include "treecast/net.h"
#include "treecast/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* No mutable globals: under SMPI with -no-privatize every rank shares them. */
typedef struct {
    int rank, size, failures;
} ctx_t;

static unsigned char pattern(int root, int64_t i, int salt)
{
    return (unsigned char)((i * 131 + root * 7 + salt * 13) & 0xff);
}

static void check(ctx_t *c, bool ok, const char *what)
{
    if (!ok) {
        c->failures++;
        fprintf(stderr, "rank %d: %s\n", c->rank, what);
    }
}

/* A byte broadcast of `bytes` from root with options o, verified; faulty ranks skip it. */
static void bytes_case(ctx_t *c, int root, int bytes, const tc_mpi_opts_t *o, int salt,
                       const char *label)
{
    unsigned char *b = malloc((size_t)bytes + 1);
    for (int i = 0; i < bytes; i++) {
        b[i] = c->rank == root ? pattern(root, i, salt) : 0;
    }
    tc_mpi_report_t rep;
    int err = tc_mpi_bcast(b, bytes, MPI_BYTE, root, MPI_COMM_WORLD, o, &rep);
    char what[256];
    snprintf(what, sizeof what, "%s: root %d, %d bytes: error %d (%s)", label, root, bytes, err,
             tc_mpi_error());
    check(c, err == MPI_SUCCESS, what);
    if (err == MPI_SUCCESS && !rep.faulty) {
        int bad = 0;
        for (int i = 0; i < bytes; i++) {
            bad += b[i] != pattern(root, i, salt);
        }
        snprintf(what, sizeof what, "%s: root %d, %d bytes: %d bytes wrong", label, root, bytes,
                 bad);
        check(c, bad == 0, what);
    }
    free(b);
}

/* Every third int of 3*count ints, as an MPI vector type: the other ints stay untouched. */
static void derived_case(ctx_t *c, const char *net, int root, int count)
{
    MPI_Datatype vec;
    MPI_Type_vector(count, 1, 3, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    int *v = malloc(3 * (size_t)count * sizeof *v);
    for (int i = 0; i < 3 * count; i++) {
        v[i] = c->rank == root ? i : -1;
    }
    int err = tc_mpi_bcast(v, 1, vec, root, MPI_COMM_WORLD,
                           &(tc_mpi_opts_t){.net = net, .segment = 100}, NULL);
    check(c, err == MPI_SUCCESS, "derived datatype: error");
    int bad = 0;
    for (int i = 0; i < 3 * count; i++) {
        int want = i % 3 == 0 || c->rank == root ? i : -1;
        bad += v[i] != want;
    }
    check(c, bad == 0, "derived datatype: wrong elements");
    free(v);
    MPI_Type_free(&vec);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ctx_t ctx = {0}, *c = &ctx;
    MPI_Comm_rank(MPI_COMM_WORLD, &ctx.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ctx.size);
    int rank = ctx.rank, size = ctx.size;
    const char *net_spec = argc > 1 ? argv[1] : NULL;
    tc_net_t *net = NULL;
    if (net_spec == NULL || tc_net_parse(net_spec, &net) != TC_OK || tc_net_nodes(net) != size) {
        if (rank == 0) {
            fprintf(stderr, "usage: mpirun -np N test_mpi_bcast NET (N = the nodes of NET)\n");
        }
        MPI_Finalize();
        return 2;
    }
    /* the edge-disjoint trees of the family: n-1 on S_n, n on Q_n, k+1 on I_k^n */
    bool icube = strcmp(tc_net_family_name(net), "icube") == 0;
    int trees = icube ? tc_net_k(net) + 1 : tc_net_degree(net);
    bool star = strcmp(tc_net_family_name(net), "star") == 0;
    bool cube = strcmp(tc_net_family_name(net), "cube") == 0;
    int roots[3] = {0, size - 1, size / 2};
    static const int sizes[] = {0, 1, 1000, 100000};
    for (int r = 0; r < 3; r++) {
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            tc_mpi_opts_t o = {.net = net_spec, .segment = s == 3 ? 4096 : 64};
            bytes_case(c, roots[r], sizes[s], &o, (int)s, "bcast");
        }
        tc_mpi_opts_t w = {.net = net_spec, .segment = 512, .window = 3, .eager = true};
        bytes_case(c, roots[r], 20000, &w, 5, "bcast, window 3, eager");
        derived_case(c, net_spec, roots[r], 257);
    }
    /* the family's other kinds */
    const char *kinds[4] = {NULL, NULL, NULL, NULL};
    if (star) {
        kinds[0] = "bfs";
    } else if (cube) {
        kinds[0] = "binomial";
        kinds[1] = "ist";
        kinds[2] = "sbnt-minr";
    } else {
        kinds[0] = "binomial";
    }
    for (int k = 0; kinds[k] != NULL; k++) {
        tc_mpi_opts_t o = {.net = net_spec, .kind = kinds[k], .segment = 256};
        bytes_case(c, 1 % size, 5000, &o, 7 + k, kinds[k]);
    }
    /* fault tolerance: x copies, x - 1 faulty ranks (seeded random, then the root's neighbours) */
    for (int x = 2; x <= trees; x++) {
        int faulty[64];
        tc_rng_t rng;
        uint64_t seed = 1000 + (uint64_t)x;
        tc_rng_seed(&rng, seed, 0);
        int nf = 0, root = 0;
        while (nf < x - 1) {
            int v = 1 + (int)tc_rng_below(&rng, (uint64_t)size - 1);
            bool dup = false;
            for (int f = 0; f < nf; f++) {
                dup = dup || faulty[f] == v;
            }
            if (!dup) {
                faulty[nf++] = v;
            }
        }
        char label[64];
        snprintf(label, sizeof label, "ft-bcast x=%d, %d random faulty (seed %llu)", x, nf,
                 (unsigned long long)seed);
        tc_mpi_opts_t o = {.net = net_spec,
                           .kind = cube ? "ist" : NULL,
                           .segment = 300,
                           .x = x,
                           .faulty = faulty,
                           .nfaulty = nf};
        bytes_case(c, root, 6000, &o, 11, label);
        tc_topo_t topo;
        tc_topo_init(&topo, net);
        for (int f = 0; f < x - 1; f++) {
            faulty[f] = topo.nbr[root * topo.ports + f];
        }
        tc_topo_destroy(&topo);
        snprintf(label, sizeof label, "ft-bcast x=%d, the root's first %d neighbours faulty", x,
                 x - 1);
        bytes_case(c, root, 6000, &o, 12, label);
    }
    /* misuse: a network of the wrong size, a faulty root */
    tc_mpi_opts_t wrong = {.net = "star:2"};
    unsigned char one = 0;
    check(c, tc_mpi_bcast(&one, 1, MPI_BYTE, 0, MPI_COMM_WORLD, &wrong, NULL) == MPI_ERR_ARG,
          "a network of the wrong size was accepted");
    int froot = 0;
    tc_mpi_opts_t fr = {.net = net_spec, .faulty = &froot, .nfaulty = 1};
    check(c, tc_mpi_bcast(&one, 1, MPI_BYTE, 0, MPI_COMM_WORLD, &fr, NULL) == MPI_ERR_ARG,
          "a faulty root was accepted");
    int total = 0;
    MPI_Allreduce(&ctx.failures, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("%s on %d ranks: %s (%d failures)\n", net_spec, size, total ? "FAILED" : "verified",
               total);
    }
    tc_net_free(net);
    MPI_Finalize();
    return total ? 1 : 0;
}
