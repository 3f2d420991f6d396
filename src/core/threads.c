/* MADV_HUGEPAGE is a Linux extension: <sys/mman.h> hides it under _POSIX_C_SOURCE alone, which
 * silently compiled the huge-page advice out (S_12 then faulted its 10 GB in 2.6 million 4 KiB
 * pages). */
#define _DEFAULT_SOURCE
#include "core/internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

typedef struct {
    tc__task_fn fn;
    void *arg;
    int tid;
    int nthreads;
} worker_t;

static void *worker_main(void *p)
{
    worker_t *w = p;
    w->fn(w->arg, w->tid, w->nthreads);
    return NULL;
}

tc_err_t tc__parallel(int nthreads, tc__task_fn fn, void *arg)
{
    if (nthreads <= 1) {
        fn(arg, 0, 1);
        return TC_OK;
    }
    tc_err_t err = TC_OK;
    pthread_t *th = tc__malloc_array((size_t)nthreads, sizeof *th);
    worker_t *w = tc__malloc_array((size_t)nthreads, sizeof *w);
    int started = 0;
    if (th == NULL || w == NULL) {
        err = tc__fail(TC_ENOMEM, "Could not allocate %d worker threads.", nthreads);
        goto cleanup;
    }
    for (int t = 0; t < nthreads; t++) {
        w[t] = (worker_t){fn, arg, t, nthreads};
    }
    /* Thread 0 is the caller; the others are started first. */
    for (int t = 1; t < nthreads; t++) {
        if (pthread_create(&th[t], NULL, worker_main, &w[t]) != 0) {
            break;
        }
        started++;
    }
    /* Partitions whose thread could not be started run here, after the caller's own. */
    worker_main(&w[0]);
    for (int t = started + 1; t < nthreads; t++) {
        worker_main(&w[t]);
    }
    for (int t = 1; t <= started; t++) {
        pthread_join(th[t], NULL);
    }
cleanup:
    free(th);
    free(w);
    return err;
}

void tc__split_range(int64_t total, int tid, int nthreads, int64_t *lo, int64_t *hi)
{
    int64_t base = total / nthreads;
    int64_t rem = total % nthreads;
    *lo = tid * base + (tid < rem ? tid : rem);
    *hi = *lo + base + (tid < rem ? 1 : 0);
}

int tc_online_cpus(void)
{
    return tc__online_cpus();
}

int tc__online_cpus(void)
{
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c < 1 ? 1 : (int)c;
}

void *tc__malloc_array(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) {
        return NULL;
    }
    return malloc(count * size == 0 ? 1 : count * size);
}

void *tc__calloc_array(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) {
        return NULL;
    }
    return calloc(count == 0 ? 1 : count, size == 0 ? 1 : size);
}

void *tc__big_alloc(size_t count, size_t size)
{
    const size_t huge = (size_t)2 << 20;
    if (size != 0 && count > SIZE_MAX / size) {
        return NULL;
    }
    size_t bytes = count * size;
    if (bytes < 128 * huge) {
        return malloc(bytes == 0 ? 1 : bytes);
    }
    void *p = NULL;
    if (posix_memalign(&p, huge, bytes) != 0) {
        return NULL;
    }
#ifdef MADV_HUGEPAGE
    madvise(p, bytes & ~(huge - 1), MADV_HUGEPAGE); /* advice only; failure is harmless */
#endif
    return p;
}
