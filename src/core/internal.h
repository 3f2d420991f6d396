/* Cross-file private helpers of libtreecast (the tc__ tier). Not installed. */
#ifndef TREECAST_CORE_INTERNAL_H
#define TREECAST_CORE_INTERNAL_H

#include "treecast/error.h"

#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define TC__PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TC__PRINTF(a, b)
#endif

/* Record a detail message for this thread and return err (for `return tc__fail(...)`). */
tc_err_t tc__fail(tc_err_t err, const char *fmt, ...) TC__PRINTF(2, 3);
void tc__clear_detail(void);

/* malloc/calloc of count*size bytes with overflow checking; NULL on failure or overflow. */
void *tc__malloc_array(size_t count, size_t size);
void *tc__calloc_array(size_t count, size_t size);

/* count*size bytes for a large per-node table. From 256 MiB on: 2 MiB aligned and, where the
 * kernel offers transparent huge pages on request, marked for them (S_12's eleven 457 MiB
 * parent tables fault in 7,700 times instead of 2.5 million, 5 s less system time; Q_24's
 * 384 MiB depth table pays 0.6 s of compaction for no gain, within the noise of its 16 s).
 * Smaller tables get plain malloc. Free with free(). NULL on failure. */
void *tc__big_alloc(size_t count, size_t size);

/* The greatest common divisor of |a| and |b| (gcd(0, b) = |b|). */
static inline int64_t tc__gcd64(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a < 0 ? -a : a;
}

/* qsort's comparison of int64_t in ascending order. */
static inline int tc__cmp_int64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Run fn(arg, tid, nthreads) on nthreads threads (1 runs inline) and wait for all of them.
 * Returns TC_ENOMEM when a thread cannot be started (then nothing ran). */
typedef void (*tc__task_fn)(void *arg, int tid, int nthreads);
tc_err_t tc__parallel(int nthreads, tc__task_fn fn, void *arg);

/* Split [0, total) into nthreads nearly equal contiguous parts; part tid is [*lo, *hi). */
void tc__split_range(int64_t total, int tid, int nthreads, int64_t *lo, int64_t *hi);

/* Number of online processors (at least 1). */
int tc__online_cpus(void);

#endif
