#!/usr/bin/env python3
"""Random playouts per second: native (the `mancala bench` program), from
Python one state at a time (ours, and OpenSpiel's C++ game through pyspiel,
where OpenSpiel has the game), and batched (`VectorState`).

    cargo build --release && pip install ./python
    python3 python/benchmarks/speed.py [--seconds 3] [GAME ...]

A benchmark, not a test: figures depend on the machine and what else runs.
"""

import argparse
import os
import pathlib
import random
import subprocess
import time

import numpy as np

import mancala

REPO = pathlib.Path(__file__).resolve().parents[2]
# OpenSpiel's own C++ games that play the bundled games' rules.
OPENSPIEL = {"kalah": "mancala", "oware": "oware"}


def native(game_id):
    """Games/s on one core and ns per decision, as `mancala bench` reports them."""
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    out = subprocess.run([str(target / "release" / "mancala"), "bench", game_id],
                         capture_output=True, text=True, check=True).stdout
    row = out.strip().splitlines()[-1].split()
    return float(row[1]), 1e9 / float(row[3])


def single(new_state, seconds):
    """Games/s and decisions/s, playing uniformly random actions one state at a time."""
    rng, games, decisions = random.Random(1), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed


def batched(game, size, threads, seconds):
    """Decisions/s stepping alone, decisions/s and games/s with NumPy choosing
    uniformly among each game's legal actions."""
    batch = mancala.VectorState(game, size, threads)
    masks, rng = batch.action_masks(), np.random.default_rng(1)
    choosing = stepping = 0.0
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        t1 = time.perf_counter()
        _, masks, _, dones = batch.step(actions)
        t2 = time.perf_counter()
        choosing, stepping = choosing + t1 - t0, stepping + t2 - t1
        steps, games = steps + 1, games + int(dones.sum())
    decisions = steps * size
    return decisions / stepping, decisions / (choosing + stepping), games / (choosing + stepping)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=["kalah", "oware"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--size", type=int, default=1024)
    args = parser.parse_args()
    print("| game | way | games/s | decisions/s | share of native decisions/s |")
    print("|---|---|---|---|---|")
    for game_id in args.games:
        game = mancala.load(game_id)
        games, decisions = native(game_id)
        rows = [("native, one core (`mancala bench`)", games, decisions)]
        rows.append(("Python, one state (`mancala.State`)", *single(game.new_initial_state, args.seconds)))
        if game_id in OPENSPIEL:
            import pyspiel
            theirs = pyspiel.load_game(OPENSPIEL[game_id])
            rows.append((f"Python, one state (pyspiel `{OPENSPIEL[game_id]}`, C++)",
                         *single(theirs.new_initial_state, args.seconds)))
        for threads in (1, 2):
            alone, chosen, games_chosen = batched(game, args.size, threads, args.seconds)
            rows.append((f"batched {args.size}, {threads} thread(s), stepping alone", None, alone))
            rows.append((f"batched {args.size}, {threads} thread(s), with NumPy choosing",
                         games_chosen, chosen))
        for way, games_s, decisions_s in rows:
            games_text = "" if games_s is None else f"{games_s:,.0f}"
            print(f"| {game_id} | {way} | {games_text} | {decisions_s:,.0f} | {decisions_s / decisions:.0%} |")


if __name__ == "__main__":
    main()
