/* treecast — seeded random streams (xoshiro256** seeded through splitmix64).
 *
 * Every random choice in treecast takes one of these, seeded explicitly, so that a run is
 * reproduced by its seed. Streams are plain values: copy them, keep one per thread.
 */
#ifndef TREECAST_RNG_H
#define TREECAST_RNG_H

#include <stdint.h>

#pragma GCC visibility push(default)

typedef struct {
    uint64_t s[4];
} tc_rng_t;

/* Seed a stream. Equal (seed, stream) pairs give equal sequences; different stream numbers
 * give independent sequences from one seed (one per thread or per trial). O(1). */
void tc_rng_seed(tc_rng_t *rng, uint64_t seed, uint64_t stream);

/* The next 64 random bits. O(1). */
uint64_t tc_rng_next(tc_rng_t *rng);

/* A uniform integer in [0, bound), bound >= 1, without modulo bias. O(1) expected. */
uint64_t tc_rng_below(tc_rng_t *rng, uint64_t bound);

#pragma GCC visibility pop

#endif
