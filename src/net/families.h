/* The registry of network families: one line per family, X(name) for the family's operations
 * tc__<name>_ops (defined in the family's own file). tc_net_parse tries them in this order, and
 * the syntax list of messages follows it. Included by net.c only. */
TC__FAMILY(star)
TC__FAMILY(cube)
TC__FAMILY(icube)
TC__FAMILY(bubble)
TC__FAMILY(pancake)
TC__FAMILY(torus)
TC__FAMILY(fcube)
TC__FAMILY(fattree)
TC__FAMILY(leafspine)
TC__FAMILY(dragonfly)
TC__FAMILY(hyperx)
TC__FAMILY(slimfly)
TC__FAMILY(polarfly)
TC__FAMILY(graph)
