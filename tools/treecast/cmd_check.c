/* treecast check — verify a forest and set the paper's claims beside the measured values. */
#include "check_optimal.h"
#include "common.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *net_spec, *kind_text, *root_text, *input, *output, *props, *compare;
    bool all_roots, exhaustive, timing, stream, materialize;
    int format, coll;
    int64_t roots, threads, sample;
    uint64_t seed;
    tc_kind_t compare_kind;
} args_t;

/* --properties LIST over the defaults in *o; 0 or the misuse status. */
static int parse_props(const char *list, tc_check_opts_t *o)
{
    if (list != NULL && tc_check_properties(list, o) != TC_OK) {
        return misuse("--properties: %s", tc_err_detail());
    }
    return 0;
}

/* The options of a check of the forest (given, or kind's on net; no forest at hand when
 * streaming): what applies, what --properties and --sample say. 0 or the misuse status. */
static int check_opts(const args_t *a, const tc_net_t *net, tc_kind_t kind,
                      const tc_forest_t *forest, int64_t nonedges, tc_check_opts_t *o)
{
    *o = tc_check_defaults();
    o->threads = (int)a->threads;
    o->seed = a->seed;
    o->nonedge_hint = nonedges;
    tc_check_opts_t possible;
    if (forest != NULL) {
        tc_check_suggest(forest, o, &possible);
    } else {
        tc_check_suggest_kind(net, kind, o, &possible);
    }
    int st = parse_props(a->props, o);
    o->rotation = o->rotation && possible.rotation; /* asked for and possible */
    o->levels = o->levels && possible.levels;
    o->sample = a->sample > 0 ? a->sample : a->exhaustive ? 0 : tc_check_default_sample(net);
    return st;
}

/* Whether kind's forest on net is checked by the streaming check: asked for (--stream); or
 * with a rule to follow and no room for the forest and the materialized check's memo; or where
 * it measures faster (docs/performance.md): with the rotation shortcut, and either no
 * undirected edge use to gather from every node's neighbours or root paths walked from every
 * node. *st: the misuse of --stream where there is no rule. */
static bool choose_stream(const args_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                          const tc_forest_t *given, int *st)
{
    bool applies = given == NULL && tc_check_stream_applies(net, kind);
    if (a->stream && !applies) {
        char name[TC_LABEL_MAX];
        tc_net_name(net, name, sizeof name);
        *st = given != NULL ? misuse("--stream follows a kind's rule; it cannot check a forest "
                                     "read from a file")
                            : misuse("--stream: kind %s has no rule to follow on %s (the kinds "
                                     "with one: edt, spg, spt, bfs on star:N; binomial, sbnt-*, "
                                     "sbg, nedst, nedst-pivoted, ist, ist-hdls on cube:N; "
                                     "binomial and edst on icube:N,K)",
                                     tc_kind_name(kind), name);
        return false;
    }
    if (!applies || a->stream || a->materialize) {
        return applies && !a->materialize;
    }
    tc_check_opts_t o;
    int64_t budget = 0;
    if (check_opts(a, net, kind, NULL, 0, &o) != 0 || memory_room(&budget) != 0) {
        return false; /* the materialized path says what is wrong */
    }
    int T = tc_trees_count(net, kind);
    int64_t N = tc_net_nodes(net);
    if (N > budget / (2 * T) || N * T + tc_check_memory(net, T, &o) > budget) {
        return true;
    }
    /* where the streaming check measured faster: without undirected use (the rule at every
     * neighbour), or with the independence or rotation test at every node (its walks) */
    bool exhaustive = o.sample == 0 && (o.independence || o.rotation);
    return a->compare == NULL && (!o.undirected || exhaustive) &&
           tc_check_stream_shortcut(net, kind, root);
}

/* Build (unless given or streaming), check and judge one forest; 0 or a status. *streamed:
 * whether the streaming check ran (may be NULL). */
static int check_one(const args_t *a, const tc_net_t *net, tc_kind_t kind, int64_t root,
                     const tc_forest_t *given, int64_t nonedges, tc_check_report_t *rep,
                     tc_claims_t *claims, double t[2], bool *streamed)
{
    tc_forest_t *built = NULL;
    double t0 = now();
    bool one_root = !a->all_roots && a->roots == 0; /* else the line counts roots */
    char name[TC_LABEL_MAX], what[160];
    tc_net_name(net, name, sizeof name);
    int st = 0;
    bool stream = choose_stream(a, net, kind, root, given, &st);
    if (streamed != NULL) {
        *streamed = stream;
    }
    if (st == 0 && stream && a->compare != NULL) {
        st = misuse("--compare builds both forests: not with --stream, nor when the forest is "
                    "too large to build");
    }
    if (st == 0 && given == NULL && !stream) {
        st = require_memory(tc_net_nodes(net) * tc_trees_count_bound(net, kind),
                            "building this forest");
    }
    if (st == 0 && given == NULL && !stream) {
        snprintf(what, sizeof what, "building the %s forest of %s", tc_kind_name(kind), name);
        if (one_root) {
            progress_begin(what, "", 0);
        }
        tc_err_t err = tc_trees_build(net, kind, root, (int)a->threads, &built);
        st = err != TC_OK ? lib_fail(err, "building the forest") : 0;
    }
    const tc_forest_t *forest = given != NULL ? given : built;
    tc_check_opts_t o = tc_check_defaults();
    st = st != 0 ? st : check_opts(a, net, kind, forest, nonedges, &o);
    if (st == 0) {
        st = require_memory(stream ? tc_check_stream_memory(net, kind, &o)
                                   : tc_check_memory(net, tc_forest_trees(forest), &o),
                            "checking this forest");
    }
    if (st == 0 && one_root) {
        snprintf(what, sizeof what, "checking the %s forest of %s%s", tc_kind_name(kind), name,
                 stream ? " (streaming: nothing stored)" : "");
        progress_begin(what, "", 0);
        o.progress = progress_cb;
    }
    double t1 = now();
    tc_err_t err = TC_OK;
    if (st == 0) {
        err = stream ? tc_check_stream(net, kind, root, 0, tc_net_nodes(net), &o, rep)
                     : tc_check_forest(forest, &o, rep);
    }
    progress_end();
    t[0] = t1 - t0;
    t[1] = now() - t1;
    if (st == 0 && err == TC_OK) {
        tc_claims_evaluate(net, kind, rep, claims);
    }
    if (st == 0 && err == TC_OK && a->compare != NULL) {
        tc_forest_t *other = NULL;
        tc_compare_t cmp;
        err = tc_trees_build(net, a->compare_kind, root, (int)a->threads, &other);
        err = err == TC_OK ? tc_compare_forests(forest, other, &cmp) : err;
        if (err == TC_OK) {
            tc_claims_compare(net, kind, a->compare_kind, &cmp, claims);
        }
        tc_forest_free(other);
    }
    tc_forest_free(built);
    return st != 0 ? st : err != TC_OK ? lib_fail(err, "checking") : 0;
}

/* The closing of a document: the times when asked for. */
static tc_check_doc_t doc_of(const args_t *a, const double t[2], const char *how)
{
    tc_check_doc_t d = {.seed = a->seed, .input = a->input, .timing = a->timing, .how = how};
    d.build_s = t[0];
    d.check_s = t[1];
    d.peak_kib = a->timing ? peak_kib() : 0;
    return d;
}

/* One forest: the one read from a file, or kind built at the given root. */
static int check_single(const args_t *a, FILE *fp, const tc_net_t *net, tc_kind_t kind,
                        const tc_forest_t *given, int64_t nonedges, bool *ok)
{
    int64_t root = 0;
    int st = given ? 0 : resolve_root(net, a->root_text, a->seed, &root);
    root = given ? tc_forest_root(given) : root;
    tc_check_report_t rep;
    tc_claims_t claims;
    double t[2];
    bool streamed = false;
    st = st != 0 ? st : check_one(a, net, kind, root, given, nonedges, &rep, &claims, t, &streamed);
    if (st != 0) {
        return st;
    }
    bool random = !given && a->root_text && strcmp(a->root_text, "random") == 0;
    char how[96];
    snprintf(how, sizeof how, "streaming; the depths of %d of the %d trees by the rotation",
             rep.depth_by_rotation, rep.ntrees);
    tc_check_doc_t doc = doc_of(a, t,
                                !streamed                   ? NULL
                                : rep.depth_by_rotation > 0 ? how
                                                            : "streaming");
    doc.root_mode = given ? "from file" : random ? "random" : "given";
    tc_err_t err =
        tc_report_check_document(fp, net, kind, root, &rep, &claims, a->format == 1, &doc);
    if (err != TC_OK) {
        return lib_fail(err, "writing the report");
    }
    *ok = claims.all_hold;
    return 0;
}

/* ---- many roots ------------------------------------------------------------------------------ */

/* The per-class table adds the proved least height (treecast search) up to this size: every
 * I_k^n with n <= 7 solves in well under a second per class. */
#define LEAST_MAX_NODES 256

typedef struct {
    int64_t roots, spanning, disjoint;
    int hmin, hmax;
} class_count_t;

typedef struct {
    int64_t roots_checked, roots_ok;
    int fails_per_row[TC_CLAIMS_MAX];
    tc_claims_t first; /* claims at the first root, for row names */
    int64_t failing[10];
    int nfailing;
    double t[2];
    class_count_t cls[]; /* one per root class: tc_claims_root_classes, 2^(n-k) + 1 on I_k^n */
} multi_t;

static void count_root(multi_t *m, const tc_net_t *net, tc_kind_t kind, int64_t root,
                       const tc_check_report_t *rep, const tc_claims_t *claims)
{
    m->roots_checked++;
    m->roots_ok += claims->all_hold;
    int ci = tc_claims_root_class(net, kind, root);
    if (ci >= 0 && ci < tc_claims_root_classes(net, kind)) {
        class_count_t *rc = &m->cls[ci];
        int hi = 0;
        bool span = true;
        for (int t = 0; t < rep->ntrees; t++) {
            hi = rep->depth[t] > hi ? rep->depth[t] : hi;
            span = span && rep->reached[t] == rep->nodes;
        }
        rc->hmin = rc->roots == 0 || hi < rc->hmin ? hi : rc->hmin;
        rc->hmax = hi > rc->hmax ? hi : rc->hmax;
        rc->roots++;
        rc->spanning += span;
        rc->disjoint += rep->shared_directed == 0;
    }
    for (int j = 0; j < claims->count; j++) {
        m->fails_per_row[j] += claims->rows[j].verdict == TC_VERDICT_FAILS;
    }
    if (!claims->all_hold && m->nfailing < 10) {
        m->failing[m->nfailing++] = root;
    }
}

/* The heights per root class beside the kind's claims, and (beyond the paper) the least height
 * at one root of the class, proved by the search on small networks. */
static void print_classes(FILE *fp, tc_json_t *j, const tc_net_t *net, tc_kind_t kind,
                          const multi_t *m)
{
    int classes = tc_claims_root_classes(net, kind);
    if (j != NULL) {
        tc_json_key(j, "root_classes");
        tc_json_array(j);
    } else {
        fprintf(fp, "heights by the respective subcube of the root (paper 003, Lemma 3):\n");
        fprintf(fp, "  %-8s %6s %9s %9s %9s %8s %8s  %-20s %s\n", "root in", "roots", "spanning",
                "disjoint", "height", "Lemma 3", "verdict", "corrections 003.3", "least");
    }
    for (int c = 0; c < classes; c++) {
        const class_count_t *rc = &m->cls[c];
        tc_root_class_t cl;
        if (rc->roots == 0) {
            continue;
        }
        tc_claims_root_class_at(net, kind, c, &cl);
        bool holds = rc->hmin == cl.claimed_height && rc->hmax == cl.claimed_height;
        tc_search_least_t least = {.height = -1};
        bool searched = tc_net_nodes(net) <= LEAST_MAX_NODES &&
                        tc_search_least_height(net, cl.example, tc_trees_count(net, kind), rc->hmax,
                                               0, &least, NULL) == TC_OK &&
                        least.height >= 0;
        if (j != NULL) {
            tc_json_object(j);
            tc_json_kstr(j, "class", cl.name);
            tc_json_kint(j, "roots", rc->roots);
            tc_json_kint(j, "spanning", rc->spanning);
            tc_json_kint(j, "disjoint", rc->disjoint);
            tc_json_kint(j, "height_min", rc->hmin);
            tc_json_kint(j, "height_max", rc->hmax);
            tc_json_kint(j, "lemma3", cl.claimed_height);
            tc_json_kbool(j, "lemma3_holds", holds);
            char notes[16];
            snprintf(notes, sizeof notes, "%d", cl.notes_height);
            tc_json_kstr(j, "reading_notes", notes);
            tc_json_kint(j, "least_height", searched ? least.height : -1);
            tc_json_kbool(j, "least_proved", searched && least.optimal);
            tc_json_end_object(j);
            continue;
        }
        char height[24], least_text[48] = "-";
        if (rc->hmin == rc->hmax) {
            snprintf(height, sizeof height, "%d", rc->hmax);
        } else {
            snprintf(height, sizeof height, "%d..%d", rc->hmin, rc->hmax);
        }
        if (searched) {
            snprintf(least_text, sizeof least_text, "%d%s", least.height,
                     !least.optimal            ? " (not proved)"
                     : least.height < rc->hmax ? " (construction not optimal)"
                                               : "");
        }
        fprintf(fp, "  %-8s %6lld %9lld %9lld %9s %8d %8s  %-20d %s\n", cl.name,
                (long long)rc->roots, (long long)rc->spanning, (long long)rc->disjoint, height,
                cl.claimed_height, holds ? "holds" : "FAILS", cl.notes_height, least_text);
    }
    if (j != NULL) {
        tc_json_end_array(j);
    }
}

/* The text summary of a run over many roots. */
static void print_many_text(FILE *fp, const args_t *a, const tc_net_t *net, tc_kind_t kind,
                            const multi_t *m)
{
    char name[TC_LABEL_MAX], lab[TC_LABEL_MAX];
    tc_net_name(net, name, sizeof name);
    fprintf(fp, "%s of %s at %s%lld%s roots", tc_kind_name(kind), name, a->all_roots ? "all " : "",
            (long long)m->roots_checked, a->all_roots ? "" : " random");
    if (!a->all_roots) {
        fprintf(fp, " (seed %llu)", (unsigned long long)a->seed);
    }
    fprintf(fp, ": every claim holds at %lld of %lld roots\n", (long long)m->roots_ok,
            (long long)m->roots_checked);
    int wk = 8, wc = 13;
    for (int j = 0; j < m->first.count; j++) {
        int lk = (int)strlen(m->first.rows[j].key), lc = (int)strlen(m->first.rows[j].claim);
        wk = lk > wk ? lk : wk;
        wc = lc > wc ? lc : wc;
    }
    fprintf(fp, "  %-*s  %-*s  %s\n", wk, "property", wc, "paper's claim", "roots where it fails");
    for (int j = 0; j < m->first.count; j++) {
        const tc_claim_row_t *r = &m->first.rows[j];
        if (r->verdict != TC_VERDICT_INFO && r->verdict != TC_VERDICT_SKIPPED) {
            fprintf(fp, "  %-*s  %-*s  %d\n", wk, r->key, wc, r->claim, m->fails_per_row[j]);
        }
    }
    for (int j = 0; j < m->nfailing; j++) {
        tc_net_label(net, m->failing[j], false, lab, sizeof lab);
        fprintf(fp, "  failing root: %s\n", lab);
    }
    if (a->timing) {
        fprintf(fp, "time: build %.3f s, check %.3f s; peak memory %.1f MiB\n", m->t[0], m->t[1],
                (double)peak_kib() / 1024.0);
    }
    if (tc_claims_root_classes(net, kind) > 0) {
        print_classes(fp, NULL, net, kind, m);
    }
    fprintf(fp, m->roots_ok == m->roots_checked ? "every claim holds at every root\n"
                                                : "a claim FAILS\n");
}

/* The distinct roots drawn so far (--roots K): an open-addressing set of node ids. */
typedef struct {
    int64_t *slot; /* -1: empty */
    uint64_t mask;
    int64_t nodes;
} root_set_t;

static bool root_set_init(root_set_t *s, int64_t count, int64_t nodes)
{
    uint64_t cap = 2;
    while (cap < 2 * (uint64_t)count) {
        cap *= 2;
    }
    s->slot = malloc(cap * sizeof *s->slot);
    s->mask = cap - 1;
    s->nodes = nodes;
    for (uint64_t k = 0; s->slot != NULL && k < cap; k++) {
        s->slot[k] = -1;
    }
    return s->slot != NULL;
}

static void root_set_free(root_set_t *s)
{
    free(s->slot);
    s->slot = NULL;
}

/* The next seeded random root not drawn before (the set has room: count <= nodes). */
static int64_t draw_root(root_set_t *s, tc_rng_t *rng)
{
    for (;;) {
        int64_t v = (int64_t)tc_rng_below(rng, (uint64_t)s->nodes);
        uint64_t i = ((uint64_t)v * 0x9e3779b97f4a7c15ull) & s->mask;
        while (s->slot[i] >= 0 && s->slot[i] != v) {
            i = (i + 1) & s->mask;
        }
        if (s->slot[i] < 0) {
            s->slot[i] = v;
            return v;
        }
    }
}

/* kind at every root (--all-roots) or at --roots K distinct seeded random roots. */
static int check_many(const args_t *a, FILE *fp, const tc_net_t *net, tc_kind_t kind, bool *ok)
{
    /* --roots K: K distinct roots, so at most every node once */
    int64_t N = tc_net_nodes(net), count = a->all_roots || a->roots > N ? N : a->roots;
    size_t classes = (size_t)tc_claims_root_classes(net, kind);
    multi_t *m = calloc(1, sizeof *m + classes * sizeof m->cls[0]);
    root_set_t drawn;
    if (m == NULL || !root_set_init(&drawn, a->all_roots ? 0 : count, N)) {
        free(m);
        return fail(EXIT_RESOURCE, "out of memory");
    }
    tc_rng_t rng;
    tc_rng_seed(&rng, a->seed, 2);
    tc_json_t j;
    if (a->format == 1) {
        tc_report_check_head(&j, fp, net, kind, a->all_roots ? "all" : "random");
        if (!a->all_roots) {
            tc_json_kint(&j, "count", count);
            tc_json_key(&j, "seed");
            tc_json_uint(&j, a->seed);
        }
        tc_json_end_object(&j);
        tc_json_key(&j, "results");
        tc_json_array(&j);
    }
    int st = 0;
    char name[TC_LABEL_MAX], what[96];
    tc_net_name(net, name, sizeof name);
    snprintf(what, sizeof what, "checking the %s forests of %s", tc_kind_name(kind), name);
    progress_begin(what, "roots", count);
    for (int64_t k = 0; k < count && st == 0; k++) {
        int64_t root = a->all_roots ? k : draw_root(&drawn, &rng);
        progress_set(k, count);
        tc_check_report_t rep;
        tc_claims_t claims;
        double t[2];
        st = check_one(a, net, kind, root, NULL, 0, &rep, &claims, t, NULL);
        if (st == 0) {
            m->t[0] += t[0];
            m->t[1] += t[1];
            m->first = k == 0 ? claims : m->first;
            count_root(m, net, kind, root, &rep, &claims);
        }
        if (st == 0 && a->format == 1) {
            tc_json_newline(&j);
            tc_report_check_json(&j, net, &rep, &claims);
        }
    }
    progress_end();
    root_set_free(&drawn);
    *ok = m->roots_ok == m->roots_checked;
    if (st == 0 && a->format == 1) {
        tc_json_end_array(&j);
        tc_json_kint(&j, "roots_checked", m->roots_checked);
        tc_json_kint(&j, "roots_where_all_hold", m->roots_ok);
        if (tc_claims_root_classes(net, kind) > 0) {
            print_classes(fp, &j, net, kind, m);
        }
        tc_check_doc_t doc = doc_of(a, m->t, NULL);
        tc_report_check_tail(&j, &doc, *ok);
    } else if (st == 0) {
        print_many_text(fp, a, net, kind, m);
    }
    free(m);
    return st;
}

/* The network, the kind and the forest the options name; 0 or a status. */
static int open_target(args_t *a, tc_net_t **net, tc_kind_t *kind, tc_forest_t **given,
                       int64_t *nonedges)
{
    int root_modes = (a->root_text != NULL) + a->all_roots + (a->roots > 0);
    if (a->sample > 0 && a->exhaustive) {
        return misuse("--sample and --exhaustive exclude each other");
    }
    if (root_modes > 1) {
        return misuse("--root, --all-roots and --roots exclude each other");
    }
    tc_check_opts_t probe = tc_check_defaults();
    int st = parse_props(a->props, &probe);
    if (st == 0 && a->input != NULL && (a->kind_text || root_modes || a->compare)) {
        st = misuse("--input takes the kind and root from the file (and --compare needs --net "
                    "and --kind)");
    }
    if (st == 0 && a->net_spec != NULL) {
        st = open_net(a->net_spec, net);
    }
    if (st == 0 && a->input != NULL) {
        st = read_forest(a->input, *net, given, nonedges);
        *kind = st == 0 ? tc_forest_kind(*given) : *kind;
        return st;
    }
    st = st != 0 || a->net_spec != NULL ? st : open_net(a->net_spec, net);
    st = st != 0 ? st : open_kind_unbuilt(*net, a->kind_text, "--kind", kind);
    if (st == 0 && !tc_net_materializable(*net) && !tc_check_stream_applies(*net, *kind)) {
        char name[TC_LABEL_MAX];
        tc_net_name(*net, name, sizeof name);
        st = misuse("%s is too large to materialize (and kind %s has no rule for --stream)", name,
                    tc_kind_name(*kind));
    }
    if (st == 0 && a->compare != NULL) {
        st = open_kind(*net, a->compare, "--compare", &a->compare_kind);
    }
    if (st == 0 && a->all_roots && tc_net_nodes(*net) > 5040) {
        st = misuse("--all-roots is for at most 5040 nodes; use --roots K for a seeded sample");
    }
    return st;
}

static int check_run(const call_t *call)
{
    args_t *a = call->ctx;
    tc_net_t *net = NULL;
    tc_forest_t *given = NULL;
    int64_t nonedges = 0;
    tc_kind_t kind = TC_KIND_CUSTOM;
    output_t out = {0};
    bool ok = true;
    if (a->kind_text != NULL && strcmp(a->kind_text, "optimal") == 0 && a->input == NULL) {
        int st = open_net(a->net_spec, &net);
        st = st != 0 ? st : output_open(&out, a->output);
        if (st == 0) {
            st = check_optimal(net, a->root_text, a->coll == 1, a->format == 1, out.fp, &ok);
            int cst = output_close(&out, st == 0);
            st = st != 0 ? st : cst;
        }
        tc_net_free(net);
        return st != 0 ? st : ok ? EXIT_OK : EXIT_CLAIM;
    }
    if (a->coll != 0) {
        return misuse("--coll goes with --kind optimal");
    }
    if (a->stream && a->materialize) {
        return misuse("--stream and --materialize: choose one");
    }
    int st = open_target(a, &net, &kind, &given, &nonedges);
    st = st != 0 ? st : output_open(&out, a->output);
    if (st == 0) {
        const tc_net_t *gnet = given ? tc_forest_net(given) : net;
        st = given != NULL || (!a->all_roots && a->roots == 0)
                 ? check_single(a, out.fp, gnet, kind, given, nonedges, &ok)
                 : check_many(a, out.fp, gnet, kind, &ok);
        int cst = output_close(&out, st == 0);
        st = st != 0 ? st : cst;
    }
    tc_forest_free(given);
    tc_net_free(net);
    return st != 0 ? st : ok ? EXIT_OK : EXIT_CLAIM;
}

static const char *const COLLS[] = {"bcast", "allgather", NULL};

static const opt_t OPTS[] = {
    OPT_NET(net_spec),
    OPT_STRING("kind", kind_text, "KIND",
               "the construction; the kinds of a network are listed by an unknown one\n"
               "(--kind help) and in docs/constructions.md. On any network: bfs (a\n"
               "breadth-first tree) and edst (the most arc-disjoint spanning trees, Edmonds)"),
    OPT_CHOICE("coll", coll, COLLS,
               "with --kind optimal, the collective whose optimal schedule is built and\n"
               "checked against treecast bound"),
    OPT_STRING("root", root_text, "R",
               "a node label (3517246 or 3,5,1,7,2,4,6; a bit string 01000 or a decimal\n"
               "address on cube:N), identity (node 0, the default) or random"),
    OPT_FLAG("all-roots", all_roots, "check the family at every root (at most 5040 nodes)"),
    OPT_INT("roots", roots, 1, 1000000, "K",
            "check the family at K distinct seeded random roots (at most every node)"),
    OPT_SEED(seed),
    OPT_STRING("input", input, "FILE",
               "check the forest in a JSON document ('-' for stdin); with --net, on that\n"
               "network (a graph:FILE the document does not carry)"),
    OPT_THREADS(threads),
    OPT_INT("sample", sample, 1, 100000000, "K",
            "test independence and rotation on K seeded random nodes"),
    OPT_FLAG("exhaustive", exhaustive, "test every node (the default up to 3,628,800 nodes)"),
    OPT_FLAG("stream", stream,
             "check from the kind's rule without building the forest: nothing stored per\n"
             "node, each depth found by walking up the tree (the same report; chosen by\n"
             "itself when the forest does not fit in memory, and where it is faster: with\n"
             "the rotation shortcut, and without undirected edge use or with independence\n"
             "tested at every node)"),
    OPT_FLAG("materialize", materialize,
             "build the forest and check it, also where the streaming check would be\n"
             "chosen by itself (to cross-check the two)"),
    OPT_STRING("properties", props, "LIST",
               "comma list of: undirected, independence, excess, rotation, levels, all\n"
               "(spanning, rooting, depth and directed disjointness are always checked;\n"
               "default: all that apply to the forest)"),
    OPT_STRING("compare", compare, "KIND2",
               "also build KIND2 at the same root and compare: shared edges below level 1\n"
               "(002 Lemma 15), root subtree sizes (Lemma 13) and the dimension reversal\n"
               "(Theorem 5)"),
    OPT_FORMAT(format, FORMATS_TEXT_JSON),
    OPT_OUTPUT(output),
    OPT_TIMING(timing),
    OPT_END(),
};

static const char *const EXAMPLES[] = {
    "treecast check --net star:7 --kind edt --root random --seed 1",
    "every claim of paper 000 about the EDTs of S_7, at a random root (the seed is printed)",
    "treecast check --net cube:10 --kind ist --properties independence",
    "the 10 independent spanning trees of Q_10: spanning, depth, disjointness and independence",
    "treecast trees --net star:5 --kind edt --format json | treecast check --input -",
    "anyone's forest, read from a JSON document (here from standard input)",
    NULL,
};

static const command_doc_t DOC = {
    .usage = "treecast check --net NET --kind KIND [--root R | --all-roots | --roots K]\n"
             "                      [--seed S] [--threads T] [--sample K | --exhaustive]\n"
             "                      [--stream | --materialize]\n"
             "                      [--properties LIST] [--compare KIND2] [--format text|json]\n"
             "                      [--output FILE]\n"
             "       treecast check --input FILE.json [--net NET] [same options but --kind]",
    .about = "Verify a forest, whoever built it: spanning and rooted at the root, acyclic, the "
             "depth\n"
             "of every tree, directed edge-disjointness, how undirected edges are used, "
             "independence\n"
             "(internally node-disjoint root paths), the root-path excess over the distance, and "
             "the\n"
             "rotation symmetry of Lemma 6.2. Every property is printed with the measured value "
             "and\n"
             "the paper's claim side by side. On the hypercube also the fan-out per level (Lemma "
             "3,\n"
             "Theorem 4), cyclic nodes as leaves (Lemma 8) and edges per dimension per level\n"
             "(Corollary 3) of paper 002; on I_K^N with --all-roots, the heights by the root's\n"
             "subcube against Lemma 3 of paper 003.",
    .opts = OPTS,
    .status = "0 every claim holds, 1 a claim fails, 2 misuse, 3 bad input data,\n"
              "4 out of memory or output not writable.",
    .examples = EXAMPLES,
};

int cmd_check(int argc, char **argv)
{
    args_t a = {.seed = 1};
    return run_command(argc, argv, &DOC, 0, check_run, &a);
}
