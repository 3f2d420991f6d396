sh: sh tests/cli/cases/sim_fault_room.sh
