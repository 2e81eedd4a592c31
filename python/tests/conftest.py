"""Shared helpers: the command-line program the tests compare with (built by
the README's test command, `cargo test --release`)."""

import json
import os
import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs `mancala ARGS` and answers its standard output."""
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    binary = pathlib.Path(os.environ.get("MANCALA_BIN", target / "release" / "mancala"))
    if not binary.exists():
        pytest.fail(f"{binary} is missing: build it with `cargo build --release` (or set MANCALA_BIN)")

    def run(*args):
        out = subprocess.run([str(binary), *args], capture_output=True, text=True, check=True, cwd=REPO)
        return out.stdout

    run.json = lambda *args: json.loads(run(*args))
    return run
