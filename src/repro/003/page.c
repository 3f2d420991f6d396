/* The reproduction of paper 003 (Tien, Ho & Yang, broadcasting on incomplete hypercubes):
 * Tables I and II (the k+1 EDSTs and Theorem 4's Hamiltonian paths simulated by the round engine
 * beside the tables' formulas, every root of the EDSTs tried), Lemma 3 per root class with the
 * least height the SAT search proves, and the figures. Every measured number comes from the
 * library (tables.h, check.h, search.h, plan.h, sim.h); the paper's values are its formulas,
 * transcribed in paper_* below. */
#include "repro/paper.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The corrections this page relies on (docs/corrections.md, paper 003). */
#define C_LEMMA3 "003.3" /* Lemma 3 fails for the construction */
#define C_BEST "003.4"   /* rounds at the roots of height n+1: Theorem 3's bound */
#define C_LEAST "003.5"  /* the least heights, proved */
#define C_HP "003.8"     /* Table I's HP entry uses k paths for every k */
#define C_WORST "003.9"  /* the EDST broadcast's worst root is exactly Table I's */
#define C_TMIN "003.10"  /* Table II's T_min at the worst root */
/* Not in docs/corrections.md yet (proposed to the lead as 003.11): Table II's B_opt minimizes T
 * without its ceiling; with the ceiling, as T is printed, the integer optimum can lie elsewhere.
 * NULL until the entry exists: then the EDST B_opt cells it explains become "corrected". */
#define C_BOPT "003.11"

#define M_TABLE 1024 /* the elements of Tables I-II (the default of `table 003:II`) */
#define TS 1.0       /* Table II: tau and t_c of `table 003:II` */
#define TC 1.0

static int64_t ceil_div(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

/* ---- the paper's formulas (Tables I and II, Theorem 3), transcribed ----------------------- */

/* Table I's HP entry over p paths (the paper: p = k): ceil(M/p) + N + K - 2. */
static double paper_hp_rounds(int n, int k, int p, int64_t M)
{
    return (double)(ceil_div(M, p) + ((int64_t)1 << n) + ((int64_t)1 << k) - 2);
}

/* Table I's EDST entry: ceil(M/(k+1)) + n + 1; Theorem 3's bound: one less. */
static double paper_edst_rounds(int n, int k, int64_t M)
{
    return (double)(ceil_div(M, k + 1) + n + 1);
}

/* Table II: the time T of packets of B elements, B_opt and T_min, for `par` parallel paths of
 * latency `lat` (EDST: k+1 and n+1; HP: the paths and N+K-2). */
static double paper_T(int par, double lat, int64_t M, int64_t B)
{
    return ((double)ceil_div(M, B * par) + lat) * ((double)B * TC + TS);
}

static double paper_bopt(int par, double lat, int64_t M)
{
    return sqrt((double)M * TS / (par * lat * TC));
}

static double paper_tmin(int par, double lat, int64_t M)
{
    double a = sqrt((double)M * TC / par) + sqrt(lat * TS);
    return a * a;
}

/* The integer packet size minimizing the printed T (with its ceiling), the smallest of ties. */
static double paper_int_opt(int par, double lat, int64_t M)
{
    int64_t best = 1;
    for (int64_t B = 2; B <= M; B++) {
        best = paper_T(par, lat, M, B) < paper_T(par, lat, M, best) - 1e-9 ? B : best;
    }
    return (double)best;
}

/* ---- broadcasts run by the round engine ----------------------------------------------------- */

/* The simulated time of M elements in packets of B: rounds(ceil(M/B)) x (B tc + ts). */
static tc_err_t bc_time(tc__repro_bc_t *b, int64_t M, int64_t B, double *T)
{
    int64_t r;
    tc_err_t err = tc__repro_bc_rounds(b, TC_COLL_BCAST, ceil_div(M, B), 1, &r);
    *T = (double)r * ((double)B * TC + TS);
    return err;
}

/* Whether a packet size next to bopt (its floor or ceiling in 1..M) attains the least simulated
 * time `least`; *Tnext receives the better of the two. */
static tc_err_t bopt_attains(tc__repro_bc_t *b, int64_t M, double bopt, double least, double *Tnext,
                             bool *attains)
{
    int64_t lo = (int64_t)floor(bopt), hi = (int64_t)ceil(bopt);
    lo = lo < 1 ? 1 : lo > M ? M : lo;
    hi = hi < 1 ? 1 : hi > M ? M : hi;
    double t1 = 0, t2 = 0;
    tc_err_t err = bc_time(b, M, lo, &t1);
    err = err == TC_OK ? bc_time(b, M, hi, &t2) : err;
    *Tnext = t1 < t2 ? t1 : t2;
    *attains = err == TC_OK && *Tnext <= least + 1e-9;
    return err;
}

static void label_of(const tc_net_t *net, int64_t node, char *buf, size_t cap)
{
    tc_net_label(net, node, false, buf, cap);
}

/* ---- Tables I and II ------------------------------------------------------------------------ */

static void table1_row(tc_repro_table_t *t, const tc_net_t *net, const tc_table_003_t *r)
{
    int n = r->n, k = r->k;
    int64_t M = M_TABLE;
    char root[TC_LABEL_MAX];
    label_of(net, r->worst_root, root, sizeof root);
    tc_repro_row(t, "%d\t%d", n, k);
    tc_repro_command(t, "table 003:II --from %d --to %d --M %d", n, n, M_TABLE);
    if (k == 0 || r->hp_rounds < 0) {
        tc_repro_cell(t, "HP rounds", NULL, "-", TC_REPRO_NOT_PRINTED, NULL);
        tc_repro_note(t, k == 0
                             ? "k = 0: Theorem 4 gives no Hamiltonian cycle, and Table I's M/k is "
                               "undefined"
                             : "the paths are too long for the engine");
    } else {
        tc_repro_num(t, "HP rounds", paper_hp_rounds(n, k, k, M), (double)r->hp_rounds, 0,
                     TC_REPRO_EQ, r->paths != k ? C_HP : NULL, paper_hp_rounds(n, k, r->paths, M));
        tc_repro_note(t, "over the %d directed edge-disjoint Hamiltonian paths of Theorem 4",
                      r->paths);
    }
    tc_repro_num(t, "EDST rounds, worst root", paper_edst_rounds(n, k, M), (double)r->edst_worst, 0,
                 TC_REPRO_EQ, NULL, NAN);
    tc_repro_note(t, "the most over all %lld roots, first at %s (corrections %s)",
                  (long long)r->nodes, root, C_WORST);
    tc_repro_num(t, "EDST rounds, best root", paper_edst_rounds(n, k, M), (double)r->edst_best, 0,
                 TC_REPRO_EQ, C_BEST, paper_edst_rounds(n, k, M) - 1);
    tc_repro_note(t, "the fewest over all %lld roots: Theorem 3's bound at the roots of height n+1",
                  (long long)r->nodes);
    tc_repro_num(t, "Theorem 3 lower bound", paper_edst_rounds(n, k, M) - 1, (double)r->edst_best,
                 0, TC_REPRO_GE, NULL, NAN);
    tc_repro_note(t, "beside the fewest rounds over every root");
}

/* A B_opt cell: the printed (continuous) packet size beside the simulated best; matches when an
 * integer next to it attains the least simulated time. Otherwise bopt_c is judged the same way:
 * with a correction, it is the corrected B_opt ("corrected"); without, it is the integer
 * minimizer of the printed T, and when it attains the least time the paper's B_opt is right
 * about what it is, the optimum of T without its ceiling (corrections 003.11 shows the
 * numbers): the cell matches, and says so. */
static tc_err_t bopt_cell(tc_repro_table_t *t, const char *q, tc__repro_bc_t *b, double bopt,
                          double bopt_c, const char *correction, int64_t B, double least)
{
    double Tn, Tc = NAN;
    bool at, at_c = false;
    tc_err_t err = bopt_attains(b, M_TABLE, bopt, least, &Tn, &at);
    if (err == TC_OK && !at && bopt_c != bopt) {
        err = bopt_attains(b, M_TABLE, bopt_c, least, &Tc, &at_c);
    }
    if (err != TC_OK) {
        return err;
    }
    char paper[32], value[32];
    snprintf(paper, sizeof paper, "%.2f", bopt);
    snprintf(value, sizeof value, "%lld", (long long)B);
    tc_repro_cell(t, q, paper, value,
                  at                           ? TC_REPRO_MATCHES
                  : at_c && correction != NULL ? TC_REPRO_CORRECTED
                  : at_c                       ? TC_REPRO_MATCHES
                                               : TC_REPRO_DIFFERS,
                  at_c ? correction : NULL);
    if (at_c && correction != NULL) {
        tc_repro_note(t, "corrected B_opt %.2f: the simulated time next to it is the least, %g",
                      bopt_c, least);
    } else if (at_c) {
        tc_repro_qualify(t, "the paper's B_opt is the optimum of T without its ceiling");
        tc_repro_note(
            t,
            "the integer minimizer of the printed T is %.0f, and the simulated time there "
            "is the least, %g; at the integers next to B_opt: %g (%+.2f%%; corrections "
            "%s)",
            bopt_c, least, Tn, 100.0 * (Tn - least) / least, C_BOPT);
    } else {
        tc_repro_note(t, "simulated time at the integers next to B_opt: %g, the least %g (%+.2f%%)",
                      Tn, least, 100.0 * (Tn - least) / least);
    }
    return TC_OK;
}

static tc_err_t table2_edst(tc_repro_table_t *t, const tc_net_t *net, const tc_table_003_t *r)
{
    int n = r->n, k = r->k;
    char root[TC_LABEL_MAX];
    label_of(net, r->edst_T_root, root, sizeof root);
    tc__repro_bc_t b;
    tc_err_t err = tc__repro_bc_open(&b, net, TC_KIND_EDST, r->edst_T_root);
    err = err == TC_OK ? bopt_cell(t, "EDST B_opt", &b, paper_bopt(k + 1, n + 1, M_TABLE),
                                   paper_int_opt(k + 1, n + 1, M_TABLE), NULL, r->edst_B, r->edst_T)
                       : err;
    tc__repro_bc_close(&b);
    if (err != TC_OK) {
        return err;
    }
    double printed = paper_T(k + 1, n + 1, M_TABLE, r->edst_B);
    tc_repro_num(t, "EDST T at that B", printed, r->edst_T, 2, TC_REPRO_EQ, C_TMIN,
                 paper_T(k + 1, n, M_TABLE, r->edst_B));
    if (!tc_repro_holds(printed, r->edst_T, 2, TC_REPRO_EQ) &&
        tc_repro_holds(printed, r->edst_T, 2, TC_REPRO_LE)) {
        tc_repro_qualify(t, "better than the printed bound"); /* the formula bounds T from above */
    }
    tc_repro_note(t,
                  "Table II's T with B = %lld, at root %s (the root whose least time is the "
                  "largest); corrected: latency n where its deepest trees come last",
                  (long long)r->edst_B, root);
    tc_repro_num(t, "EDST T_min", paper_tmin(k + 1, n + 1, M_TABLE), r->edst_T, 2, TC_REPRO_GE,
                 NULL, NAN);
    tc_repro_note(t, "the least simulated time at the worst root %s, B = %lld (corrections %s)",
                  root, (long long)r->edst_B, C_TMIN);
    return TC_OK;
}

static tc_err_t table2_hp(tc_repro_table_t *t, const tc_net_t *net, const tc_table_003_t *r)
{
    int n = r->n, k = r->k, p = r->paths;
    if (k == 0 || r->hp_B < 0) {
        for (int q = 0; q < 2; q++) {
            tc_repro_cell(t, q == 0 ? "HP B_opt" : "HP T_min", NULL, "-", TC_REPRO_NOT_PRINTED,
                          NULL);
            tc_repro_note(t,
                          "k = 0: no Hamiltonian paths (Theorem 4), and the formula divides by k");
        }
        return TC_OK;
    }
    double lat = (double)(((int64_t)1 << n) + ((int64_t)1 << k) - 2);
    const char *corr = p != k ? C_HP : NULL;
    tc__repro_bc_t b;
    tc_err_t err = tc__repro_bc_open(&b, net, TC_KIND_EDHP, 0);
    err = err == TC_OK ? bopt_cell(t, "HP B_opt", &b, paper_bopt(k, lat, M_TABLE),
                                   paper_bopt(p, lat, M_TABLE), corr, r->hp_B, r->hp_T)
                       : err;
    tc__repro_bc_close(&b);
    if (err != TC_OK) {
        return err;
    }
    tc_repro_num(t, "HP T at that B", paper_T(k, lat, M_TABLE, r->hp_B), r->hp_T, 2, TC_REPRO_EQ,
                 corr, paper_T(p, lat, M_TABLE, r->hp_B));
    tc_repro_note(t, "Table II's T with B = %lld over %d paths", (long long)r->hp_B, p);
    tc_repro_num(t, "HP T_min", paper_tmin(k, lat, M_TABLE), r->hp_T, 2, TC_REPRO_GE, corr,
                 paper_tmin(p, lat, M_TABLE));
    tc_repro_note(t, "the least simulated time (B = %lld) over Theorem 4's %d paths from node 0",
                  (long long)r->hp_B, p);
    return TC_OK;
}

static tc_repro_table_t *table1_new(tc_repro_page_t *page)
{
    return tc_repro_table(
        page, "table1", "Table I: broadcasting rounds on I_k^n (tau = 0, t_c = 1)", "n,k",
        "Table I prints three formulas for broadcasting M elements on I_k^n (N = 2^n, K = 2^k): "
        "over Hamiltonian paths ceil(M/k) + N + K - 2, over the k+1 EDSTs ceil(M/(k+1)) + n + "
        "1, and Theorem 3's lower bound ceil(M/(k+1)) + n. treecast evaluates them at M = %d "
        "and runs the broadcasts in the round engine (one element per packet, the packets split "
        "round-robin over the trees): the EDSTs of Section III (`--kind edst`, the choices of "
        "corrections 003.2) at every root of I_k^n, worst and best root, and Theorem 4's "
        "directed edge-disjoint Hamiltonian paths (`--kind edhp`, k+1 of them for odd k, k for "
        "even k) from node 0. A rounds cell matches when the simulated rounds equal the "
        "formula; the bound matches when it is at or below the fewest rounds. Table I's HP "
        "entry divides M over k paths; for odd k Theorem 4 gives k+1, and the corrected entry "
        "(corrections %s) divides over k+1. The best root takes Theorem 3's bound, one round "
        "below Table I (corrections %s).",
        M_TABLE, C_HP, C_BEST);
}

static tc_repro_table_t *table2_new(tc_repro_page_t *page)
{
    return tc_repro_table(
        page, "table2", "Table II: packet size and time on I_k^n (tau = t_c = 1)", "n,k",
        "Table II prints, for packets of B elements costing B t_c + tau per step, the time T = "
        "(ceil(M/(B p)) + L)(B t_c + tau), the optimal packet size B_opt = sqrt(M tau / (p L "
        "t_c)) and T_min = (sqrt(M t_c / p) + sqrt(L tau))^2, with p = k+1, L = n+1 for the "
        "EDSTs and p = k, L = N+K-2 for the Hamiltonian paths. treecast evaluates them at M = "
        "%d, tau = t_c = 1, and simulates every packet size B = 1..M (`table 003:II`): for the "
        "EDSTs at every root, reporting the root whose least time is the largest (the worst "
        "case); for the paths from node 0. B_opt matches when an integer next to it (its floor "
        "or ceiling) attains the least simulated time; T at the simulated B matches when equal "
        "at two decimals; T_min, the minimum of T without its ceiling, matches when at or "
        "below the least simulated time (corrections %s). For odd k the paths' entries are "
        "corrected to k+1 paths (corrections %s).",
        M_TABLE, C_TMIN, C_HP);
}

static tc_err_t tables_003(tc_repro_page_t *page, const tc_repro_opts_t *o, int *cells_hp)
{
    tc_repro_table_t *t1 = table1_new(page), *t2 = table2_new(page);
    int to = o->quick ? 4 : 7;
    for (int n = 3; n <= to; n++) {
        for (int k = 0; k < n; k++) {
            tc_table_003_t r;
            tc_net_t *net = NULL;
            tc_err_t err = tc_table_003(n, k, M_TABLE, TS, TC, &r);
            err = err == TC_OK ? tc_net_icube_new(n, k, &net) : err;
            if (err == TC_OK) {
                table1_row(t1, net, &r);
                tc_repro_row(t2, "%d\t%d", n, k);
                tc_repro_command(t2, "table 003:II --from %d --to %d --M %d --ts 1 --tc 1", n, n,
                                 M_TABLE);
                err = table2_edst(t2, net, &r);
                err = err == TC_OK ? table2_hp(t2, net, &r) : err;
                *cells_hp += r.paths > k;
            }
            tc_net_free(net);
            if (err != TC_OK) {
                return tc__repro_fail(err, "paper 003, Tables I-II");
            }
        }
    }
    return 0;
}

/* ---- Lemma 3 per root class ----------------------------------------------------------------- */

typedef struct {
    char name[16];
    int hmin, hmax, lemma3, notes, least; /* least -1: not searched */
    bool proved;
} class_t;

/* The heights of the EDSTs at every root, per root class. */
static tc_err_t class_heights(const tc_net_t *net, class_t *cls, int nclass)
{
    tc_check_opts_t co = tc_check_defaults();
    co.threads = 1;
    co.independence = false;
    co.excess = false;
    co.undirected = false;
    for (int c = 0; c < nclass; c++) {
        cls[c].hmin = cls[c].hmax = -1;
    }
    for (int64_t root = 0; root < tc_net_nodes(net); root++) {
        tc_forest_t *f = NULL;
        tc_check_report_t rep;
        tc_err_t err = tc_trees_build(net, TC_KIND_EDST, root, 1, &f);
        err = err == TC_OK ? tc_check_forest(f, &co, &rep) : err;
        tc_forest_free(f);
        if (err != TC_OK) {
            return err;
        }
        int h = 0, c = tc_claims_root_class(net, TC_KIND_EDST, root);
        for (int t = 0; t < rep.ntrees; t++) {
            h = rep.depth[t] > h ? rep.depth[t] : h;
            h = rep.reached[t] != rep.nodes ? 9999 : h; /* not spanning: shows as a failure */
        }
        if (c >= 0 && c < nclass) {
            cls[c].hmin = cls[c].hmin < 0 || h < cls[c].hmin ? h : cls[c].hmin;
            cls[c].hmax = h > cls[c].hmax ? h : cls[c].hmax;
        }
    }
    return TC_OK;
}

/* The least-height cell: Theorem 2 (k > 0) claims n+2 is optimal at the roots Lemma 3 gives
 * n+2; Section III-C says Lemma 3's n+1 is at most one above the optimum elsewhere. */
static void least_cell(tc_repro_table_t *t, int n, int k, const class_t *c)
{
    char value[32];
    snprintf(value, sizeof value, "%d", c->least);
    if (!c->proved) {
        tc_repro_cell(t, "least height", NULL, value, TC_REPRO_NOT_PRINTED, NULL);
        tc_repro_note(t, "a forest of this height was found; the solver did not prove it least");
    } else if (c->lemma3 == n + 2 && k > 0) {
        tc_repro_num(t, "least height (Theorem 2)", n + 2, c->least, 0, TC_REPRO_EQ, NULL, NAN);
        tc_repro_note(t, "Theorem 2: n+2 is optimal here (proved by the SAT search)");
    } else if (c->lemma3 == n + 1) {
        tc_repro_num(t, "least height (at least n)", n, c->least, 0, TC_REPRO_GE, NULL, NAN);
        tc_repro_note(t,
                      "Section III-C: Lemma 3's n+1 is at most one above the optimum; the "
                      "optimum, proved, is %d (corrections %s)",
                      c->least, C_LEAST);
    } else {
        tc_repro_cell(t, "least height", NULL, value, TC_REPRO_NOT_PRINTED, NULL);
        tc_repro_note(t, "proved by the SAT search; Theorem 2 is for k > 0 (corrections %s)",
                      C_LEAST);
    }
}

static void lemma3_rows(tc_repro_table_t *t, const tc_net_t *net, int n, int k, const class_t *cls,
                        int nclass)
{
    for (int c = 0; c < nclass; c++) {
        const class_t *cl = &cls[c];
        tc_root_class_t rc;
        tc_claims_root_class_at(net, TC_KIND_EDST, c, &rc);
        char root[TC_LABEL_MAX];
        label_of(net, rc.example, root, sizeof root);
        tc_repro_row(t, "%d\t%d\t%s", n, k, cl->name);
        tc_repro_command(t, "check --net icube:%d,%d --kind edst --all-roots", n, k);
        if (cl->hmin == cl->hmax) {
            tc_repro_num(t, "height", cl->lemma3, cl->hmax, 0, TC_REPRO_EQ,
                         cl->notes >= 0 ? C_LEMMA3 : NULL, cl->notes);
        } else {
            char v[32];
            snprintf(v, sizeof v, "%d..%d", cl->hmin, cl->hmax);
            char p[16];
            snprintf(p, sizeof p, "%d", cl->lemma3);
            tc_repro_cell(t, "height", p, v, TC_REPRO_DIFFERS, NULL);
        }
        if (cl->least >= 0) {
            tc_repro_command(t, "search --net icube:%d,%d --root %s", n, k, root);
            least_cell(t, n, k, cl);
        }
    }
}

/* One network: the classes' heights, Lemma 3, the notes' heights and (search) the least. */
static tc_err_t lemma3_net(int n, int k, bool search, class_t **out, int *nout)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_icube_new(n, k, &net);
    int nclass = err == TC_OK ? tc_claims_root_classes(net, TC_KIND_EDST) : TC_OK;
    class_t *cls = calloc((size_t)(nclass > 0 ? nclass : 1), sizeof *cls);
    err = err == TC_OK && cls == NULL ? TC_ENOMEM : err;
    err = err == TC_OK ? class_heights(net, cls, nclass) : err;
    for (int c = 0; err == TC_OK && c < nclass; c++) {
        tc_root_class_t rc;
        tc_claims_root_class_at(net, TC_KIND_EDST, c, &rc);
        snprintf(cls[c].name, sizeof cls[c].name, "%s", rc.name);
        cls[c].lemma3 = rc.claimed_height;
        cls[c].notes = rc.notes_height;
        cls[c].least = -1;
        tc_search_least_t least;
        if (search) {
            err = tc_search_least_height(net, rc.example, tc_trees_count(net, TC_KIND_EDST),
                                         cls[c].hmax, 0, &least, NULL);
            cls[c].least = err == TC_OK ? least.height : -1;
            cls[c].proved = err == TC_OK && least.optimal;
        }
    }
    tc_net_free(net);
    if (err != TC_OK) {
        free(cls);
        return err;
    }
    *out = cls;
    *nout = nclass;
    return TC_OK;
}

/* The least height against the root class on I_k^n: construction, SAT optimum, Lemma 3. */
static void fig_least(tc_repro_page_t *page, int n, int k, const class_t *cls, int nclass)
{
    char id[32];
    snprintf(id, sizeof id, "fig-height-i%d-%d", k, n);
    char title[96];
    snprintf(title, sizeof title, "Height of the %d EDSTs of I_%d^%d by root class", k + 1, k, n);
    tc_repro_figure_t *f = tc_repro_figure(
        page, id, title, 3,
        "The height of the k+1 edge-disjoint spanning trees of I_%d^%d by the respective subcube "
        "of the root: treecast's construction (`check --net icube:%d,%d --kind edst "
        "--all-roots`, the same at every root of a class), the least height the SAT search "
        "proves (`search`, not printed in the paper; corrections %s) and Lemma 3's claim. The "
        "construction exceeds Lemma 3 at S_%d (corrections %s), where height %d is possible.",
        k, n, n, k, C_LEAST, (1 << (n - k)) - 2, C_LEMMA3, n + 1);
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return; /* the page's failure, returned by tc_repro_run */
    }
    fprintf(fp, "index,class,construction,least,lemma3\n");
    for (int c = 0; c < nclass; c++) {
        const char *nm = cls[c].name + 2; /* after "S_" */
        fprintf(fp, "%d,S_{%s},%d,%d,%d\n", c, nm, cls[c].hmax, cls[c].least, cls[c].lemma3);
    }
    tc_repro_figure_script(
        f,
        "set title 'k+1 = %d edge-disjoint spanning trees of I_%d^%d: height by root class'\n"
        "set xlabel 'respective subcube of the root'\n"
        "set ylabel 'height (links)'\n"
        "set yrange [%d:%d]\n"
        "set ytics 1\n"
        "set offsets 0.5, 0.5, 0, 0\n"
        "set key top left\n"
        "plot data using ($1-0.08):3:xtic(2) with linespoints lw 2 pt 7 title 'construction "
        "(edst)', \\\n"
        "     '' using 1:4 with linespoints lw 2 pt 5 title 'least, proved (SAT search)', \\\n"
        "     '' using ($1+0.08):5 with linespoints lw 2 dt 2 pt 9 title 'Lemma 3'\n",
        k + 1, k, n, n - 1, n + 3);
}

static tc_err_t lemma3_003(tc_repro_page_t *page, const tc_repro_opts_t *o)
{
    tc_repro_table_t *t = tc_repro_table(
        page, "lemma3", "Lemma 3: the height of the k+1 EDSTs by root class", "n,k,class",
        "Lemma 3 claims the height of the k+1 EDSTs of I_k^n by the respective subcube of the "
        "root: n+2 in S_{2^(n-k)-1} and the back cube S_b, n+1 elsewhere. treecast builds the "
        "trees (`--kind edst`, corrections 003.2) at every root, measures the height "
        "(`check`), and groups the roots by class; a height matches when every root of the "
        "class has Lemma 3's height, and is corrected when it has the height corrections %s "
        "gives instead. Beyond the printed claims, the least height is proved by the SAT search "
        "at one root of the class (`search`; corrections %s): Theorem 2 (k > 0) claims n+2 "
        "optimal where Lemma 3 gives n+2 (matches when the optimum is n+2); elsewhere Section "
        "III-C says n+1 is at most one above the optimum (matches when the optimum is at least "
        "n).",
        C_LEMMA3, C_LEAST);
    int to = o->quick ? 5 : 7, sat_to = o->quick ? 4 : 7;
    for (int n = 3; n <= to; n++) {
        for (int k = 0; k < n; k++) {
            class_t *cls = NULL;
            int nclass = 0;
            tc_net_t *net = NULL;
            tc_err_t err = lemma3_net(n, k, n <= sat_to, &cls, &nclass);
            err = err == TC_OK ? tc_net_icube_new(n, k, &net) : err;
            if (err != TC_OK) {
                free(cls);
                return tc__repro_fail(err, "paper 003, Lemma 3");
            }
            lemma3_rows(t, net, n, k, cls, nclass);
            bool fig = (n == 4 && k == 2 && o->quick) || (!o->quick && n == 5 && k == 2) ||
                       (!o->quick && n == 6 && k == 3);
            if (fig) {
                fig_least(page, n, k, cls, nclass);
            }
            tc_net_free(net);
            free(cls);
        }
    }
    return 0;
}

/* ---- figures -------------------------------------------------------------------------------- */

/* The rounds against M on I_k^n: binomial, EDSTs at node 0 and at a root of S_b, Hamiltonian
 * paths, and Theorem 3's bound. */
static tc_err_t fig_rounds(tc_repro_page_t *page, const tc_repro_opts_t *o, int n, int k)
{
    tc_net_t *net = NULL;
    tc_err_t err = tc_net_icube_new(n, k, &net);
    if (err != TC_OK) {
        return tc__repro_fail(err, "paper 003, the rounds figure");
    }
    int64_t sb = (int64_t)1 << n; /* the first node of the back cube */
    char sbl[TC_LABEL_MAX];
    label_of(net, sb, sbl, sizeof sbl);
    static const tc_kind_t kinds[4] = {TC_KIND_BINOMIAL, TC_KIND_EDST, TC_KIND_EDST, TC_KIND_EDHP};
    tc__repro_bc_t b[4];
    memset(b, 0, sizeof b);
    for (int s = 0; s < 4 && err == TC_OK; s++) {
        err = tc__repro_bc_open(&b[s], net, kinds[s], s == 2 ? sb : 0);
    }
    char title[64];
    snprintf(title, sizeof title, "Broadcast rounds against M on I_%d^%d", k, n);
    tc_repro_figure_t *f = tc_repro_figure(
        page, "fig-rounds-icube", title, 5,
        "Rounds of the broadcast of M packets on I_%d^%d in the round engine: `sim "
        "bcast-binomial`, `sim bcast-edst` from node 0 (S_0) and from %s (S_b), `sim bcast-hp` "
        "(Theorem 4's %d directed Hamiltonian paths), all `--net icube:%d,%d --M M`, with "
        "Theorem 3's lower bound ceil(M/(k+1)) + n. The EDSTs take the bound from S_0 and one "
        "round more from S_b, Table I's ceil(M/(k+1)) + n + 1 (corrections %s and %s).",
        k, n, sbl, tc_icube_edhc_directed_count(n, k), n, k, C_BEST, C_WORST);
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return tc__repro_page_status(page);
    }
    fprintf(fp, "M,binomial,edst_s0,edst_sb,hp,theorem3\n");
    int64_t Mmax = 128;
    for (int64_t M = 1; M <= Mmax && err == TC_OK; M = o->quick ? M * 2 : M + 1) {
        int64_t r[4];
        for (int s = 0; s < 4 && err == TC_OK; s++) {
            err = tc__repro_bc_rounds(&b[s], TC_COLL_BCAST, M, 1, &r[s]);
        }
        tc_sched_ref_t ref;
        const tc_schedule_t *sch = tc_schedule_find("bcast-edst", net);
        err = err == TC_OK && sch == NULL ? TC_EINVAL : err;
        err = err == TC_OK ? tc_schedule_reference(sch, net, 0, M, 1, &ref) : err;
        if (err == TC_OK) {
            fprintf(fp, "%lld,%lld,%lld,%lld,%lld,%.0f\n", (long long)M, (long long)r[0],
                    (long long)r[1], (long long)r[2], (long long)r[3], ref.bound.time);
        }
    }
    for (int s = 0; s < 4; s++) {
        tc__repro_bc_close(&b[s]);
    }
    tc_net_free(net);
    if (err != TC_OK) {
        return tc__repro_fail(err, "paper 003, the rounds figure");
    }
    tc_repro_figure_script(
        f,
        "set title 'Broadcasting M packets on I_%d^%d'\n"
        "set xlabel 'M (packets)'\n"
        "set ylabel 'rounds'\n"
        "set key top left\n"
        "plot data using 1:2 with lines lw 2 title 'binomial tree', \\\n"
        "     '' using 1:5 with lines lw 2 title 'Hamiltonian paths (Theorem 4)', \\\n"
        "     '' using 1:4 with lines lw 2 title 'k+1 EDSTs, root in S_b', \\\n"
        "     '' using 1:3 with lines lw 2 title 'k+1 EDSTs, root 0 (S_0)', \\\n"
        "     '' using 1:6 with lines lw 2 dt 2 lc rgb 'black' title 'Theorem 3: "
        "ceil(M/(k+1)) + n'\n",
        k, n);
    return 0;
}

/* The k+1 EDSTs of a small I_k^n, one colour per tree. */
static tc_err_t picture_edst(tc_repro_page_t *page, int n, int k)
{
    tc_net_t *net = NULL;
    tc_forest_t *f = NULL;
    char *dot = NULL;
    size_t len = 0;
    FILE *fp = open_memstream(&dot, &len);
    tc_err_t err = fp == NULL ? TC_ENOMEM : tc_net_icube_new(n, k, &net);
    err = err == TC_OK ? tc_trees_build(net, TC_KIND_EDST, 0, 1, &f) : err;
    err = err == TC_OK ? tc_report_forest_dot(fp, f) : err;
    if (fp != NULL) {
        fclose(fp);
    }
    int trees = f != NULL ? tc_forest_trees(f) : TC_OK;
    tc_forest_free(f);
    tc_net_free(net);
    if (err != TC_OK) {
        free(dot);
        return tc__repro_fail(err, "paper 003, the EDST picture");
    }
    char id[32];
    snprintf(id, sizeof id, "edst-i%d-%d", k, n);
    tc_repro_picture(
        page, id, "The k+1 EDSTs of a small incomplete hypercube", trees, "dot", dot,
        "The %d edge-disjoint spanning trees of I_%d^%d rooted at node 0 (`trees --net "
        "icube:%d,%d --kind edst --format dot`), one colour per tree; an edge label "
        "such as T1:3 is tree 1's link of dimension 3 (dimension %d joins the front and "
        "back cubes).",
        trees, k, n, n, k, n);
    free(dot);
    return 0;
}

tc_err_t tc__repro_003(tc_repro_page_t *page, const tc_repro_opts_t *opts)
{
    int hp_more = 0;
    tc_err_t st = tables_003(page, opts, &hp_more);
    st = st == 0 ? lemma3_003(page, opts) : st;
    st = st == 0 ? fig_rounds(page, opts, 5, 2) : st;
    st = st == 0 ? tc__repro_depth_figure(
                       page, "fig-depth-qn", "cube", TC_KIND_NEDST, 3, opts->quick ? 8 : 12,
                       opts->quick ? 7 : 9,
                       "Section II-C's nEDSTs have height n+1 (corrections 003.1), the least "
                       "height of n arc-disjoint spanning trees of Q_n: n trees cannot all have "
                       "height n. The packing finds the same height without the construction.")
                 : st;
    st = st == 0 ? picture_edst(page, 4, 2) : st;
    if (st != 0) {
        return st;
    }
    tc_repro_summary(
        page,
        "treecast reproduces Table I's EDST entry exactly at the worst root of every I_k^n "
        "(n = 3..%d) and shows the best root one round faster, at Theorem 3's bound; Table I's "
        "Hamiltonian-path entry is corrected to k+1 paths for odd k (%d rows), and Lemma 3's "
        "height fails at S_{2^(n-k)-2} for the construction (corrections 003.3), where the SAT "
        "search proves height n+1 possible.",
        opts->quick ? 4 : 7, hp_more);
    tc_repro_missing(page, "Theorem 4's edge-disjoint Hamiltonian cycles are used by the HP "
                           "broadcast but not tabulated here (`treecast check --kind edhp`).");
    tc_repro_missing(page,
                     "Figures 1-8 are drawings of the constructions; this page's figure \"The "
                     "k+1 EDSTs of a small incomplete hypercube\" draws treecast's EDSTs of "
                     "I_2^4 instead of the paper's I_2^6 (Fig. 8).");
    return 0;
}
