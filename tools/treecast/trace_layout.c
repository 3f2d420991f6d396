/* treecast sim --trace: the layout of the page by Graphviz's neato (a program run on the
 * network as DOT), or the library's circle when neato is missing or fails. */
#include "trace_layout.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The executable `prog` in a directory of PATH into out; false when there is none. */
static bool on_path(const char *prog, char *out, size_t cap)
{
    const char *path = getenv("PATH");
    path = path != NULL ? path : "/usr/bin:/bin";
    for (const char *p = path;;) {
        const char *end = strchr(p, ':');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        int n = len == 0 ? snprintf(out, cap, "%s", prog)
                         : snprintf(out, cap, "%.*s/%s", (int)len, p, prog);
        struct stat st;
        if (n > 0 && (size_t)n < cap && stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
            access(out, X_OK) == 0) {
            return true;
        }
        if (end == NULL) {
            return false;
        }
        p = end + 1;
    }
}

/* The network as DOT for neato: nodes 0..N-1, every undirected edge once. */
static bool write_dot(FILE *fp, const tc_topo_t *topo)
{
    fputs("graph treecast {\n  graph [overlap=false, splines=false, start=1];\n"
          "  node [shape=point, width=0.12];\n",
          fp);
    for (int64_t v = 0; v < topo->nodes; v++) {
        fprintf(fp, "  %lld;\n", (long long)v);
    }
    for (int64_t v = 0; v < topo->nodes; v++) {
        for (int p = 0; p < topo->ports; p++) {
            int32_t u = topo->nbr[v * topo->ports + p];
            if (u > v) {
                fprintf(fp, "  %lld -- %d;\n", (long long)v, u);
            }
        }
    }
    fputs("}\n", fp);
    return fflush(fp) == 0 && !ferror(fp);
}

/* Run neato -Tplain with the DOT in a file and read the node lines into xy. */
static bool run_neato(const char *neato, const tc_topo_t *topo, double *xy, char *why, size_t cap)
{
    const char *dir = getenv("TMPDIR");
    char tmpl[4096];
    snprintf(tmpl, sizeof tmpl, "%s/treecast-dot.XXXXXX", dir != NULL && *dir ? dir : "/tmp");
    int in = mkstemp(tmpl);
    if (in < 0) {
        snprintf(why, cap, "cannot create a temporary file for neato (%s)", strerror(errno));
        return false;
    }
    unlink(tmpl); /* anonymous from now on: nothing is left behind */
    int dup_in = dup(in);
    FILE *dot = dup_in >= 0 ? fdopen(dup_in, "w") : NULL;
    bool ok = dot != NULL && write_dot(dot, topo);
    if (dot != NULL) {
        ok = fclose(dot) == 0 && ok;
    } else if (dup_in >= 0) {
        close(dup_in);
    }
    int out[2] = {-1, -1};
    if (!ok || lseek(in, 0, SEEK_SET) != 0 || pipe(out) != 0) {
        snprintf(why, cap, "cannot hand the network to neato (%s)", strerror(errno));
        close(in);
        return false;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&fa, out[0]);
    char *argv[] = {"neato", "-Tplain", NULL};
    pid_t pid;
    int err = posix_spawn(&pid, neato, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in);
    close(out[1]);
    if (err != 0) {
        close(out[0]);
        snprintf(why, cap, "cannot run %s (%s)", neato, strerror(err));
        return false;
    }
    int64_t N = topo->nodes, placed = 0;
    uint8_t *seen = calloc((size_t)N, 1);
    FILE *fp = fdopen(out[0], "r");
    char *line = NULL;
    size_t lcap = 0;
    while (fp != NULL && getline(&line, &lcap, fp) >= 0) {
        long long v;
        double x, y;
        if (sscanf(line, "node %lld %lf %lf", &v, &x, &y) == 3 && v >= 0 && v < N && seen != NULL &&
            !seen[v] && isfinite(x) && isfinite(y)) {
            seen[v] = 1;
            xy[2 * v] = x;
            xy[2 * v + 1] = -y; /* neato's y grows upwards, the page's downwards */
            placed++;
        }
    }
    free(line);
    if (fp != NULL) {
        fclose(fp);
    } else {
        close(out[0]);
    }
    free(seen);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(why, cap, "neato failed (%s %d)", WIFEXITED(status) ? "exit status" : "signal",
                 WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
        return false;
    }
    if (placed != N) {
        snprintf(why, cap, "neato placed %lld of %lld nodes", (long long)placed, (long long)N);
        return false;
    }
    return true;
}

bool trace_layout(const tc_net_t *net, const tc_topo_t *topo, double *xy, char *why, size_t why_cap)
{
    (void)net;
    char neato[4096];
    snprintf(why, why_cap, "neato (Graphviz) is not on PATH");
    if (on_path("neato", neato, sizeof neato) && run_neato(neato, topo, xy, why, why_cap)) {
        return true;
    }
    tc_trace_circle_layout(topo->nodes, xy);
    return false;
}
