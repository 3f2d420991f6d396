sh: sh tests/cli/cases/sim_plan_options.sh
