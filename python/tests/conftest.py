"""Shared fixtures: the CLI binary (TREECAST_CLI, set by the ctest entry tests/python), which the
tests that compare with `treecast check --format json` and its error sentences need."""

import os
import subprocess

import pytest


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("TREECAST_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("TREECAST_CLI (the treecast binary) is not set")

    def run(*args):
        return subprocess.run([path, *args], capture_output=True, text=True, timeout=120)

    return run
