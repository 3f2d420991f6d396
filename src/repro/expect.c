/* The regression guard: a verdict list read back and compared with another (repro.h). */
#include "core/internal.h"
#include "treecast/repro.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *id, *rest; /* rest: verdict TAB value */
} line_t;

struct tc_repro_verdicts {
    line_t *v;
    int64_t n, cap;
};

#define LINE_MAX_BYTES 65536         /* of one line of a verdict list */
#define LIST_MAX_BYTES (256LL << 20) /* of the whole list: the full run writes about 1 MB */

static int cmp_line(const void *a, const void *b)
{
    return strcmp(((const line_t *)a)->id, ((const line_t *)b)->id);
}

void tc_repro_verdicts_free(tc_repro_verdicts_t *l)
{
    if (l == NULL) {
        return;
    }
    for (int64_t i = 0; i < l->n; i++) {
        free(l->v[i].id);
        free(l->v[i].rest);
    }
    free(l->v);
    free(l);
}

/* Whether text is a verdict as the verdict list writes it: a name, or "corrected 000.6". */
static bool verdict_known(const char *text)
{
    for (int v = 0; v < TC_REPRO_VERDICTS_; v++) {
        const char *name = tc_repro_verdict_name((tc_repro_verdict_t)v);
        size_t len = strlen(name);
        if (strncmp(text, name, len) == 0 && (text[len] == '\0' || text[len] == ' ')) {
            return true;
        }
    }
    return false;
}

/* Whether the cell id (PAPER/...) is of one of the papers (NULL: of any). */
static bool of_papers(const char *id, const char *const *papers, int npapers)
{
    bool run = papers == NULL;
    for (int i = 0; i < npapers && !run; i++) {
        size_t pl = strlen(papers[i]);
        run = strncmp(id, papers[i], pl) == 0 && id[pl] == '/';
    }
    return run;
}

/* Add a line ID TAB VERDICT TAB VALUE (split at tab); NULL, or what is wrong with it. */
static const char *add_line(tc_repro_verdicts_t *out, char *line, const char *const *papers,
                            int npapers, int64_t *cells)
{
    char *tab = strchr(line, '\t'), *tab2 = tab != NULL ? strchr(tab + 1, '\t') : NULL;
    if (tab == NULL || tab2 == NULL || strchr(tab2 + 1, '\t') != NULL || tab == line) {
        return "a line that is not ID TAB VERDICT TAB VALUE";
    }
    *tab2 = '\0';
    bool known = verdict_known(tab + 1);
    *tab2 = '\t';
    if (!known) {
        return "an unknown verdict";
    }
    ++*cells;
    *tab = '\0';
    if (!of_papers(line, papers, npapers)) {
        return NULL;
    }
    if (out->n == out->cap) {
        int64_t cap = out->cap ? 2 * out->cap : 256;
        line_t *nv = realloc(out->v, (size_t)cap * sizeof *out->v);
        if (nv == NULL) {
            return "out of memory";
        }
        out->v = nv;
        out->cap = cap;
    }
    line_t l = {strdup(line), strdup(tab + 1)};
    if (l.id == NULL || l.rest == NULL) {
        free(l.id);
        free(l.rest);
        return "out of memory";
    }
    out->v[out->n++] = l;
    return NULL;
}

tc_err_t tc_repro_verdicts_read(FILE *fp, const char *const *papers, int npapers,
                                tc_repro_verdicts_t **out)
{
    *out = NULL;
    tc_repro_verdicts_t *l = calloc(1, sizeof *l);
    char *line = malloc(LINE_MAX_BYTES + 1);
    const char *bad = line == NULL || l == NULL ? "out of memory" : NULL;
    int64_t lineno = 0, bytes = 0, cells = 0;
    for (int ch = 0; bad == NULL && ch != EOF;) {
        size_t len = 0; /* a line, byte by byte: its length and any NUL byte are known exactly */
        while ((ch = getc(fp)) != EOF && ch != '\n' && ch != '\0' && len < LINE_MAX_BYTES) {
            line[len++] = (char)ch;
        }
        line[len] = '\0';
        if (ch == EOF && len == 0) {
            break;
        }
        lineno++;
        bytes += (int64_t)len + 1;
        if (ch == '\0') {
            bad = "a NUL byte";
        } else if (ch != EOF && ch != '\n') {
            bad = "a line longer than 64 KiB";
        } else if (bytes > LIST_MAX_BYTES) {
            bad = "the byte past 256 MiB";
        } else {
            line[strcspn(line, "\r\n")] = '\0';
            bool aside = line[0] == '#' || line[strspn(line, " \t")] == '\0';
            bad = aside ? NULL : add_line(l, line, papers, npapers, &cells);
        }
    }
    free(line);
    tc_err_t err = TC_OK;
    if (bad != NULL) {
        err = tc__fail(strcmp(bad, "out of memory") == 0 ? TC_ENOMEM : TC_EPARSE,
                       "line %lld holds %s", (long long)lineno, bad);
    } else if (ferror(fp)) {
        err = tc__fail(TC_EIO, "%s", strerror(errno));
    } else if (cells == 0) {
        err = tc__fail(TC_EPARSE, "it holds no line ID TAB VERDICT TAB VALUE");
    }
    if (err != TC_OK) {
        tc_repro_verdicts_free(l);
        return err;
    }
    if (l->n > 0) {
        qsort(l->v, (size_t)l->n, sizeof *l->v, cmp_line);
    }
    *out = l;
    return TC_OK;
}

int64_t tc_repro_verdicts_cells(const tc_repro_verdicts_t *l)
{
    return l->n;
}

int64_t tc_repro_verdicts_diff(const tc_repro_verdicts_t *now, const tc_repro_verdicts_t *exp,
                               tc_repro_change_fn change, void *ctx)
{
    int64_t changes = 0, i = 0, k = 0;
    while (i < now->n || k < exp->n) {
        int c = i == now->n ? 1 : k == exp->n ? -1 : strcmp(now->v[i].id, exp->v[k].id);
        if (c < 0) {
            changes++;
            change(ctx, now->v[i].id, NULL, now->v[i].rest);
            i++;
        } else if (c > 0) {
            changes++;
            change(ctx, exp->v[k].id, exp->v[k].rest, NULL);
            k++;
        } else {
            if (strcmp(now->v[i].rest, exp->v[k].rest) != 0) {
                changes++;
                change(ctx, now->v[i].id, exp->v[k].rest, now->v[i].rest);
            }
            i++;
            k++;
        }
    }
    return changes;
}
