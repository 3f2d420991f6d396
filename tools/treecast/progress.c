/* The progress line (progress.h). */
#include "progress.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

bool tool_quiet;
const char *tool_command = "";

double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static struct {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool running, stop;
    char what[160];
    char unit[24];
    double t0;
    atomic_llong done, total;
} pg = {.lock = PTHREAD_MUTEX_INITIALIZER, .wake = PTHREAD_COND_INITIALIZER};

static volatile sig_atomic_t drawn; /* the line is on the screen */

/* "1:05" or "2:03:07" */
static void clock_text(double s, char *buf, size_t cap)
{
    long t = s < 0 ? 0 : (long)(s + 0.5);
    if (t >= 3600) {
        snprintf(buf, cap, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
    } else {
        snprintf(buf, cap, "%ld:%02ld", t / 60, t % 60);
    }
}

static void draw(double elapsed)
{
    long long done = atomic_load_explicit(&pg.done, memory_order_relaxed);
    long long total = atomic_load_explicit(&pg.total, memory_order_relaxed);
    char spent[24], left[24], line[320];
    clock_text(elapsed, spent, sizeof spent);
    if (total > 0 && done > 0 && pg.unit[0] == '\0') {
        double frac = done >= total ? 1.0 : (double)done / (double)total;
        clock_text(elapsed * (1 - frac) / frac, left, sizeof left);
        snprintf(line, sizeof line, "treecast %s: %s: %.0f%%, %s, about %s left", tool_command,
                 pg.what, 100 * frac, spent, left);
    } else if (total > 0 && done > 0) {
        double frac = done >= total ? 1.0 : (double)done / (double)total;
        clock_text(elapsed * (1 - frac) / frac, left, sizeof left);
        snprintf(line, sizeof line, "treecast %s: %s: %lld of %lld %s (%.0f%%), %s, about %s left",
                 tool_command, pg.what, done, total, pg.unit, 100 * frac, spent, left);
    } else if (done > 0 && pg.unit[0] != '\0') {
        snprintf(line, sizeof line, "treecast %s: %s: %lld %s, %s", tool_command, pg.what, done,
                 pg.unit, spent);
    } else {
        snprintf(line, sizeof line, "treecast %s: %s, %s", tool_command, pg.what, spent);
    }
    fprintf(stderr, "\r%s\033[K", line);
    fflush(stderr);
    drawn = 1;
}

static void *display(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&pg.lock);
    while (!pg.stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_nsec += 250000000L;
        if (ts.tv_nsec >= 1000000000L) {
            ts.tv_sec++;
            ts.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&pg.wake, &pg.lock, &ts);
        double elapsed = now() - pg.t0;
        if (!pg.stop && elapsed >= 1.0) {
            draw(elapsed);
        }
    }
    pthread_mutex_unlock(&pg.lock);
    return NULL;
}

void progress_begin(const char *what, const char *unit, int64_t total)
{
    if (tool_quiet || !isatty(STDERR_FILENO)) {
        return;
    }
    pthread_mutex_lock(&pg.lock);
    snprintf(pg.what, sizeof pg.what, "%s", what);
    snprintf(pg.unit, sizeof pg.unit, "%s", unit);
    atomic_store(&pg.done, 0);
    atomic_store(&pg.total, total);
    bool start = !pg.running;
    pg.t0 = now(); /* the time spent and left are this task's */
    pg.stop = false;
    pthread_mutex_unlock(&pg.lock);
    /* without a thread there is no line, and the work goes on */
    if (start && pthread_create(&pg.thread, NULL, display, NULL) == 0) {
        pg.running = true;
    }
}

void progress_rename(const char *what)
{
    pthread_mutex_lock(&pg.lock);
    snprintf(pg.what, sizeof pg.what, "%s", what);
    pthread_mutex_unlock(&pg.lock);
}

void progress_set(int64_t done, int64_t total)
{
    atomic_store_explicit(&pg.done, done, memory_order_relaxed);
    if (total > 0) {
        atomic_store_explicit(&pg.total, total, memory_order_relaxed);
    }
}

void progress_add(int64_t units)
{
    atomic_fetch_add_explicit(&pg.done, units, memory_order_relaxed);
}

void progress_cb(void *ctx, int64_t done, int64_t total)
{
    (void)ctx;
    progress_set(done, total);
}

void progress_hold(void)
{
    if (!pg.running) {
        return;
    }
    pthread_mutex_lock(&pg.lock);
    if (drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        drawn = 0;
    }
}

void progress_release(void)
{
    if (pg.running) {
        pthread_mutex_unlock(&pg.lock);
    }
}

void progress_end(void)
{
    if (!pg.running) {
        return;
    }
    pthread_mutex_lock(&pg.lock);
    pg.stop = true;
    pthread_cond_signal(&pg.wake);
    pthread_mutex_unlock(&pg.lock);
    pthread_join(pg.thread, NULL);
    pg.running = false;
    if (drawn) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
        drawn = 0;
    }
}

void progress_abandon(void)
{
    if (drawn) {
        (void)!write(STDERR_FILENO, "\r\033[K", 4);
    }
}
