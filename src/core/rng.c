#include "treecast/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

void tc_rng_seed(tc_rng_t *rng, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1342543de82ef95ULL);
    for (int i = 0; i < 4; i++) {
        rng->s[i] = splitmix64(&x);
    }
}

uint64_t tc_rng_next(tc_rng_t *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t tc_rng_below(tc_rng_t *rng, uint64_t bound)
{
    if (bound <= 1) {
        return 0;
    }
    uint64_t threshold = (0 - bound) % bound;
    for (;;) {
        uint64_t r = tc_rng_next(rng);
        if (r >= threshold) {
            return r % bound;
        }
    }
}
