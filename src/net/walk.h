/* Walkers: the node ids of a network in order, carrying what makes a neighbour cheap (the tc__
 * tier, header-only).
 *
 * Every walker header (walk_star.h, walk_addr.h, walk_table.h) defines, for its family, the same
 * set of static inline functions over two types:
 *
 *   walk_F_net_t                 what the walk needs of the network (read-only, per run)
 *   walk_F_t                     the walker's state: the label of the current node
 *   walk_F_init(w, net, table)   set up w for net (table: the neighbour table, walk_table only)
 *   walk_F_start(w, s, v)        s := the label of node v
 *   walk_F_next(w, s)            s := the label of the next node id
 *   walk_F_has(w, v, d)          d is a dimension and v has a neighbour along it
 *   walk_F_neigh(w, s, v, d)     the id of that neighbour (s is v's label; walk_F_has holds)
 *   walk_F_move(w, s, d)         s := the label of that neighbour
 *   walk_F_edge_once(w, s, v, d) true at exactly one end of the edge (v, neighbour along d)
 *   walk_F_back(w, v, d)         the dimension of that edge at the neighbour's end
 *   walk_F_mask_t                an unsigned type with a bit for every dimension
 *   walk_F_dim_lo(w), _dim_hi(w) the dimension range
 *   walk_F_dist(w, dist, v, r)   the distance from v to r, from the table dist of distances to
 *                                r when the walker needs one (walk_F_needs_dist(w))
 *   walk_F_period(w, v, r)       the period of v relative to r under the network's bit rotation
 *                                (Q_n, paper 002 Sec. 2: n / P_c is abs(J_c)), 0 without one
 *
 * State is a struct, so `t = s` copies it. A file that wants one body compiled per walker
 * defines WALK (star, addr or table) and writes W(name) for walk_<WALK>_<name>; the optimizer
 * then sees straight-line code for each family, with no per-node dispatch (src/check/check.c).
 */
#ifndef TREECAST_NET_WALK_H
#define TREECAST_NET_WALK_H

#define TC__WALK_PASTE2(a, b, c) a##b##_##c
#define TC__WALK_PASTE(a, b, c) TC__WALK_PASTE2(a, b, c)
/* W(start) is walk_<WALK>_start */
#define W(name) TC__WALK_PASTE(walk_, WALK, name)

#endif
