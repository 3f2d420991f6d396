/* The parents of a range of nodes of one tree as node ids, compiled once per walker (included
 * by forest.c with WALK defined; see src/net/walk.h). Undefines WALK. */
#ifndef WALK
#error "define WALK before including forest_parents.h"
#endif

static void TC__WALK_PASTE(parents, , WALK)(const W(net_t) * w, const uint8_t *dims, int64_t lo,
                                            int64_t count, int64_t *out)
{
    W(t) s;
    W(start)(w, &s, lo);
    for (int64_t j = 0; j < count; j++, W(next)(w, &s)) {
        int64_t v = lo + j;
        uint8_t d = dims[v];
        out[j] = d == TC_PARENT_ROOT ? -1 : W(has)(w, v, d) ? W(neigh)(w, &s, v, d) : -2;
    }
}

#undef WALK
