/* The kit the papers' producers share (paper.h): strings, failures and broadcast runs. */
#define _GNU_SOURCE /* vasprintf */
#include "repro/paper.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

char *tc__repro_fmt(tc_repro_page_t *page, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (vasprintf(&s, fmt, ap) < 0) {
        s = NULL;
        tc_repro_page_fail(page, TC_ENOMEM);
    }
    va_end(ap);
    return s;
}

tc_err_t tc__repro_fail(tc_err_t err, const char *context)
{
    const char *detail = tc_err_detail(); /* tc__fail formats before it replaces it */
    return tc__fail(err, "%s: %s", context, detail[0] ? detail : tc_strerror(err));
}

tc_err_t tc__repro_page_status(const tc_repro_page_t *page)
{
    tc_err_t err = tc_repro_page_error(page);
    return err == TC_OK ? TC_OK : tc__fail(err, "%s", tc_strerror(err));
}

tc_err_t tc__repro_bc_open(tc__repro_bc_t *b, const tc_net_t *net, tc_kind_t kind, int64_t root)
{
    tc_assembly_opts_t o = {.net = net, .kind = kind, .root = root, .threads = 1};
    return tc_assembly_init(&o, &b->run);
}

void tc__repro_bc_close(tc__repro_bc_t *b)
{
    tc_assembly_destroy(&b->run);
}

tc_err_t tc__repro_bc_rounds(tc__repro_bc_t *b, tc_collective_t what, int64_t M, int x,
                             int64_t *rounds)
{
    tc_coll_opts_t co = {.what = what, .M = M, .x = x};
    tc_sim_result_t res;
    tc_err_t err = tc_assembly_coll(&b->run, &co);
    if (err == TC_OK) {
        tc_sim_config_t cfg = tc_sim_defaults();
        cfg.threads = 1;
        err = tc_sim_run(b->run.topo, &cfg, NULL, tc_coll_plan(b->run.coll), &res, NULL);
    }
    tc_coll_free(b->run.coll); /* one collective at a time */
    b->run.coll = NULL;
    *rounds = err == TC_OK ? res.rounds : -1;
    return err;
}

/* ---- the depth figures ----------------------------------------------------------------------- */

/* The deepest tree of a forest, by check's spanning pass (the depths every report prints). */
static tc_err_t deepest_tree(const tc_forest_t *f, int *out)
{
    tc_check_opts_t o = tc_check_defaults();
    o.independence = o.excess = o.undirected = o.rotation = false;
    tc_check_report_t rep;
    tc_err_t err = tc_check_forest(f, &o, &rep);
    *out = 0;
    for (int t = 0; err == TC_OK && t < tc_forest_trees(f); t++) {
        *out = rep.depth[t] > *out ? rep.depth[t] : *out;
    }
    return err;
}

/* One row of the depth figure: the construction, the packing, the eccentricity of node 0 and,
 * for n <= sat_hi, the least height (-1 where not computed). */
static tc_err_t depth_row(const char *family, int n, tc_kind_t kind, int sat_hi, int out[4])
{
    char spec[32];
    snprintf(spec, sizeof spec, "%s:%d", family, n);
    tc_net_t *net = NULL;
    tc_forest_t *f = NULL;
    tc_err_t err = tc_net_parse(spec, &net);
    int64_t N = err == TC_OK ? tc_net_nodes(net) : 0;
    uint8_t *dist = err == TC_OK ? malloc((size_t)N) : NULL;
    err = err == TC_OK && dist == NULL ? tc__fail(TC_ENOMEM, "Out of memory.") : err;
    err = err == TC_OK ? tc_net_distances(net, 0, dist) : err;
    out[2] = 0;
    for (int64_t v = 0; err == TC_OK && v < N; v++) {
        out[2] = dist[v] > out[2] ? dist[v] : out[2];
    }
    free(dist);
    int trees = 0;
    for (int j = 0; j < 2 && err == TC_OK; j++) {
        err = tc_trees_build(net, j == 0 ? kind : TC_KIND_EDST, 0, 1, &f);
        err = err == TC_OK ? deepest_tree(f, &out[j]) : err;
        trees = err == TC_OK ? tc_forest_trees(f) : trees;
        tc_forest_free(f);
        f = NULL;
    }
    out[3] = -1;
    if (err == TC_OK && n <= sat_hi) {
        tc_search_least_t least;
        err = tc_search_least_height(net, 0, trees, out[1], 0, &least, NULL);
        out[3] = err == TC_OK && least.optimal ? least.height : -1;
    }
    tc_net_free(net);
    return err;
}

tc_err_t tc__repro_depth_figure(tc_repro_page_t *page, const char *id, const char *family,
                                tc_kind_t kind, int nlo, int nhi, int sat_hi, const char *caption)
{
    const char *kname = tc_kind_name(kind);
    char title[96];
    snprintf(title, sizeof title, "Depth of the %s against the generic packing on %s:n", kname,
             family);
    tc_repro_figure_t *f = tc_repro_figure(
        page, id, title, 4,
        "The deepest tree at node 0 for n = %d..%d: the paper's %s (`treecast trees --net "
        "%s:n --kind %s`), the generic packing of as many arc-disjoint spanning arborescences "
        "(`--kind edst`: every tree grown at once, then the exchange phase; docs/constructions.md, "
        "\"Depth\"), the eccentricity of node 0 (no tree is lower) and the least height the SAT "
        "search proves (`treecast search --net %s:n`, n <= %d). %s",
        nlo, nhi, kname, family, kname, family, sat_hi, caption);
    FILE *fp = tc_repro_figure_data(f);
    if (fp == NULL) {
        return tc__repro_page_status(page);
    }
    fprintf(fp, "n,%s,packing,eccentricity,least_height\n", kname);
    for (int n = nlo; n <= nhi; n++) {
        int d[4];
        tc_err_t err = depth_row(family, n, kind, sat_hi, d);
        if (err != TC_OK) {
            return tc__repro_fail(err, "the depth figure");
        }
        if (d[3] >= 0) {
            fprintf(fp, "%d,%d,%d,%d,%d\n", n, d[0], d[1], d[2], d[3]);
        } else {
            fprintf(fp, "%d,%d,%d,%d,\n", n, d[0], d[1], d[2]);
        }
    }
    tc_repro_figure_script(
        f,
        "set datafile separator ','\n"
        "set datafile missing ''\n"
        "set title 'Deepest tree against n on %s:n (root 0)'\n"
        "set xlabel 'n'\n"
        "set ylabel 'depth (links)'\n"
        "set key top left\n"
        "set grid\n"
        "set xtics 1\n"
        "plot data using 1:2 with linespoints pt 5 lw 2 lc rgb '#2ca02c' title '%s (the paper)', "
        "\\\n"
        "     data using 1:3 with linespoints pt 7 lw 2 lc rgb '#1f77b4' title 'packing (edst)', "
        "\\\n"
        "     data using 1:5 with points pt 9 ps 1.5 lc rgb '#9467bd' title 'least height (SAT)', "
        "\\\n"
        "     data using 1:4 with lines dt 2 lw 2 lc rgb '#7f7f7f' title 'eccentricity'\n",
        family, kname);
    return 0;
}
