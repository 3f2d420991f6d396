sh: python3 scripts/verify_forest.py tests/cli/data/t25_bad_digit.json 2>&1; echo "exit status $?"
