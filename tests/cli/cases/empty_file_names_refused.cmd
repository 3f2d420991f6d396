sh: sh tests/cli/cases/empty_file_names.sh
