/* treecast — error codes.
 *
 * Every fallible library function returns a tc_err_t and writes its results through
 * out-parameters. When it fails, a thread-local detail message (tc_err_detail) says in a full
 * sentence what was wrong with the input. The codes come from one X-macro list that also
 * feeds tc_strerror and tc_err_name (the libuv way).
 */
#ifndef TREECAST_ERROR_H
#define TREECAST_ERROR_H

#pragma GCC visibility push(default)

#define TC_ERR_MAP(X)                                                                              \
    X(OK, "success")                                                                               \
    X(EINVAL, "invalid argument")                                                                  \
    X(ERANGE, "value out of range")                                                                \
    X(ENOMEM, "out of memory")                                                                     \
    X(ETOOBIG, "too large to materialize")                                                         \
    X(EPARSE, "malformed input")                                                                   \
    X(EIO, "input/output error")                                                                   \
    X(ENOTSUP, "not supported")                                                                    \
    X(ECANCELED, "canceled")

/* The most threads any parallel function of the library uses (more are clamped to it). */
#define TC_MAX_THREADS 64

/* The processors online (at least 1): what "every core" means for a threads argument of 0. */
int tc_online_cpus(void);

typedef enum {
#define TC_ERR_ENUM(name, msg) TC_##name,
    TC_ERR_MAP(TC_ERR_ENUM)
#undef TC_ERR_ENUM
        TC_ERR_COUNT_
} tc_err_t;

/* A short static description of the code ("value out of range"). Never NULL. */
const char *tc_strerror(tc_err_t err);

/* The code's name ("TC_ERANGE"). Never NULL. */
const char *tc_err_name(tc_err_t err);

/* The detail message of the last error raised on this thread, in a full sentence, or "" when
 * there is none. The string is owned by the library and valid until the next failing call on
 * this thread. */
const char *tc_err_detail(void);

#pragma GCC visibility pop

#endif
