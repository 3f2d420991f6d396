sh: sh tests/cli/cases/help_examples.sh
