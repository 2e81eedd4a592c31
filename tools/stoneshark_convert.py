#!/usr/bin/env python3
"""Writes StoneShark's MancalaGames parameter files as our game files, where the
parameters used have a translation into the language, and says for every other
game which parameters have none yet.

StoneShark's engine is not vendored here (see tools/stoneshark_compare.py for
how to get it). Run:

    python3 tools/stoneshark_convert.py /tmp/ss OUT_DIR [NAME...]

Each translatable game becomes OUT_DIR/NAME.toml, played exactly as StoneShark
plays it (its end conditions included) so that `tools/stoneshark_compare.py
/tmp/ss N SEED --converted OUT_DIR` can check it move by move; OUT_DIR/report.json
lists every game with its translation or what is missing. Not part of CI.

A game whose parameters have no translation but which is written by hand in
catalogue/stoneshark/NAME.toml (from StoneShark's own code for it) is copied
there instead and marked `handwritten`, so that the comparison checks it too.
"""

import json
import os
import sys
import types

# StoneShark's enum values (src/game_info.py).
CCW, CW, SPLIT, PLAYALTDIR, EVEN_ODD_DIR, TOCENTER = 1, -1, 0, 2, 3, 4
CAPT_BOTH, CAPT_OPP, CAPT_OWN, CAPT_OPP_CONT, CAPT_OWN_CONT = 0, 1, 2, 3, 4
HOLE_OWNER, DONT_SCORE, LAST_MOVER, UNFED_PLAYER, DIVVIED = 0, 1, 2, 3, 4
GS_LEGAL, GS_NOT_LEGAL, GS_NO_CAPT, GS_OPP_GETS_REMAIN = 0, 1, 2, 3
GS_LEAVE_LEFT, GS_LEAVE_RIGHT, GS_LEGAL_SHARE = 4, 5, 6
LAPPER, LAPPER_NEXT = 1, 2
CAPT_NEXT, CAPT_TWO_OUT, CAPT_OPP_1CCW = 1, 2, 5
# capturer.PassStoreCapture and PullAcrossCapture: the mover's store handed to
# the opponent, or the seeds across pulled into the last hole.
CAPT_PASS_STORE, CAPT_PULL_ACROSS = 6, 7
# capturer.CaptMatchOpp: the last hole and the one across, when they hold alike.
CAPT_MATCH_OPP = 3
# capturer.EndOppStoreCapture: a last seed in the opponent's store takes it,
# else the game's other capture.
CAPT_END_OPP_STORE = 8
# capturer.CaptSingles: every hole of a single seed (that capt_check allows).
CAPT_SINGLETONS = 4
# Passing (en passant) captures during sowing: which holes, who takes them.
ENPAS_ALL_OWNER_SOW, ENPAS_ALL_OWNER_OWN, ENPAS_ALL_SOWER, ENPAS_SOW_SOWER, ENPAS_OPP_SOWER = \
    3, 4, 14, 15, 16
ENPAS = (3, 4, 14, 15, 16)
LAP_ON_PARAM, LAP_GREQ_PARAM, LAP_OWN_SIDE, LAP_OPP_SIDE = 1, 2, 3, 4
LAP_STOP_STORE, LAP_NOT_FROM_STORE = 6, 7
SOW_OWN_STORE = 1
# game_info.SowStores: whose stores a sowing drops seeds into, and the last seed
# in which of them earns another turn (sower.SowSeeds.choose_rturn_test).
SOWN_STORES = {
    1: ("own", "last == store(mover)"),         # OWN
    2: ("both", "is_store(last)"),              # BOTH
    3: ("own", None),                           # OWN_NR
    4: ("both", None),                          # BOTH_NR
    5: ("both", "last == store(opponent)"),     # BOTH_NR_OWN
    6: ("both", "last == store(mover)"),        # BOTH_NR_OPP
}
ALLOW_OPP_OR_EMPTY, ALLOW_SINGLE_TO_ZERO, ALLOW_SINGLE_ONLY_ALL = 1, 2, 3
ALLOW_SINGLE_ALL_TO_ZERO, ALLOW_TWO_ONLY_ALL = 4, 5
# allowables.AllTwoRightmost, and OnlyIfAllN(2) with OnlyRightTwo.
ALLOW_TWO_ONLY_ALL_RIGHT, ALLOW_RIGHT_2_1ST_THEN_ALL_TWO = 6, 8
ALLOW_ALL_HOLES_FIRST, ALLOW_NOT_XFROM_1S = 9, 10
# Allow rules that look at the hole(s) a move's first lap reaches.
ALLOW_NEXT = (ALLOW_OPP_OR_EMPTY, ALLOW_SINGLE_TO_ZERO, ALLOW_SINGLE_ALL_TO_ZERO)
# allowables.RightHalfFirsts: each side's first move from the right half of its
# row, then any (13: then only moves ending as ALLOW_OPP_OR_EMPTY wants).
ALLOW_RIGHT_HALF_FIRSTS, ALLOW_RIGHT_HALF_1ST_OPE = 12, 13
# allowables.Occupied: the first lap may not leave its last seed alone.
ALLOW_OCCUPIED = 11
# sower.SowOneOpp: each side's first move (a single lap) drops its last seed on
# the opponent's side, passing its own holes by.
SOW1OPP = 3
CAPT_DIR_OPP_SOW, CAPT_DIR_SOW = 0, 1
MAX_SEEDS, DEPRIVE, CLEAR, IMMOBILIZE = 0, 1, 3, 10
PICK_CROSS, PICK_OPP_BASIC, PICK_LAST_SEEDS, PICK_2X_LAST_SEEDS = 1, 2, 3, 4
PICKS_OF_LAST_SEEDS = (PICK_LAST_SEEDS, PICK_2X_LAST_SEEDS)
# StoneShark's extra end conditions (end_move._add_game_ender), asked after each
# move of the side that moved: the game then ends and is scored.
END_CONDITIONS = {
    1: "side == last_mover and total(holes(side)) == 0",   # CLEARED_OWN
    2: "side != last_mover and total(holes(side)) == 0",   # CLEARED_OPP
    3: "total(all_holes) <= {param}",                      # SEEDS_LIMIT
    4: "all(h in all_holes, count(h) <= {param})",         # HOLE_SEED_LIMIT
}
NO_UDIR_FIRSTS = 6
# sower.SowMlapsFirst: the game's first move is sown in laps.
MLAPS_FIRST = 2
# Rounds (new_game.NewRound): how each round ends, how holes are refilled, who starts.
ROUNDS_NO_MOVES, LEFT_FILL, RIGHT_FILL = 2, 1, 2
# Rounds that end once this many start fills of seeds, or fewer, are left on the board.
ROUNDS_END_SEEDS = {3: 1, 4: 2}
# Territory (new_game.TerritoryNewRound): each side owns as many holes as its
# seeds fill, the winner's counted on from its own row into the loser's.
TERRITORY, UCHOWN, TERR_EX_RANDOM, TERR_EX_LOSER, TERR_EX_EMPTY = 2, 8, 11, 12, 13
UCHOOSE = 6
CAPT_OPP_TERR, CAPT_OWN_TERR = 5, 6
ROUNDS_HALF_SEEDS = 1
# Round tallies (round_tally.RoundTally): every round starts afresh; what each
# side adds to its tally as a round ends, and the goal each round is played for.
RND_WIN_COUNT_MAX, RND_SEED_COUNT, RND_EXTRA_SEEDS, RND_POINTS = 4, 5, 6, 7
RND_WIN_COUNT_CLR, RND_WIN_COUNT_DEP, RND_WIN_COUNT_IMB = 8, 9, 11
TALLY_GOALS = {RND_WIN_COUNT_MAX: MAX_SEEDS, RND_SEED_COUNT: MAX_SEEDS,
               RND_EXTRA_SEEDS: MAX_SEEDS, RND_POINTS: MAX_SEEDS,
               RND_WIN_COUNT_CLR: CLEAR, RND_WIN_COUNT_DEP: DEPRIVE,
               RND_WIN_COUNT_IMB: IMMOBILIZE}
# Refills from both ends of the row inwards (game_constants false_fill and
# true_fill: each side from column 1, as seen from South's seat).
NO_FILL_GIVEN, OUTSIDE_FILL = 0, 3
ROUND_STARTERS = {0: "alternate", 1: "loser", 2: "winner", 3: "last_mover"}
CHILD_NORMAL, CHILD_ONE, CHILD_WEG, CHILD_QUR = 1, 3, 4, 6
# make_child.RamChild and capturer.MakeRam: a hole whose seeds would sow round to
# its owner's side again becomes a ram as the captures are made (not after a
# move that earns another turn, which makes none); a ram captured is one no more.
CHILD_RAM = 7
# make_child.ChildLocs.FIXED_ONE_RIGHT: each side's rightmost hole is its child
# from the start (new_game.NewFixedChildren), and no other is ever made.
CHILD_FIXED_RIGHT = 11
# Children made only in holes the opponent (the mover) owns, in games of territory.
CHILD_OPP_OWNER, CHILD_OWN_OWNER = 4, 5
CHILD_OPP_SIDE, CHILD_OWN_SIDE = 1, 2
CHILD_NOT_SYM_OPP, CHILD_NOT_FACING = 8, 9
# Start patterns that fill the board the same way every game (fill_patterns.py).
FIXED_PATTERNS = (0, 1, 2, 3, 4, 5, 7, 8, 11)
# fill_patterns.MoveRightmost: the first side's move from its rightmost hole is
# made as part of the setup; ours too (`[setup.opening]`).
MOVE_RIGHTMOST = 9
# fill_patterns.RandomPattern: nbr_start seeds in all, at least two in every hole
# where there are enough; ours lays out the two and scatters the rest (`[setup]
# scatter`), each seed into a hole drawn at random (StoneShark draws the counts
# otherwise, so the comparison starts ours from StoneShark's deal).
RANDOM_PATTERN = 6

# Captures before each lap is sown (sower.SCaptOne, SCaptCrossSingles,
# SCaptCrossOnOne): ours are `at = "lift"` captures.
PRESOW_CAPT_ONE, PRESOW_ALL_SINGLES, PRESOW_DRAW_ONE = 1, 2, 3

# sower.ContIfBasicCapt and GapNextCapt: a capture at a lap's end, after which
# the sowing goes on (from the next hole, or two out from the hole it ended in).
LAP_CAPT = 8
# sower.ContWithCaptSeeds: a capture at a lap's end whose seeds, with the last
# hole's, are sown on from there (ours re-sow them: `resow`).
LAP_CAPT_SEEDS = 12
# sower.SowOppCaptsLast over ContIfBasicCapt: LAP_CAPT, but once a lap starts
# with few seeds in the holes, those it drops on the opponent's side go to the
# opponent.
LAP_CAPT_OPP_GETS = 10
# sower.SowIncrSeeds: holes the sowing passes by (SowIncPastOppSkips, PastMax,
# PastChild, PastOppChild), as `skip` conditions of `here`.
SKIPPING_SOW_RULES = {
    5: "not own(here) and count(here) == {param}",        # NO_SOW_OPP_NS
    7: "count(here) >= {param}",                          # MAX_SOW
    9: "claimed_by(here, opponent)",                       # NO_OPP_CHILD
    13: "claimed_by(here, south) or claimed_by(here, north)",      # NO_CHILDREN
    # SowSkipOppChildUnlessFinal: the opponent's children, but for a last seed.
    11: "claimed_by(here, opponent) and in_hand > 1",      # OPP_CHILD_ONLY1
}
# sower.DivertSkipBlckdSower with CloseOp: a relay lap lifted from a hole of the
# opponent's that it made `sow_param` closes the hole (NR: not the rightmost);
# closed holes of the mover's are passed by, those of the opponent's take a
# seed out of play (into South's store, as StoneShark keeps them).
BLOCKING_SOW_RULES = {1: False, 2: True}    # SOW_BLKD_DIV, SOW_BLKD_DIV_NR

# Parameters with no translation yet, with what the language lacks for them.
MISSING = {
    "rounds": "games of rounds ending otherwise than when a side cannot move, or of "
              "other goals than most seeds",
    "blocks": "holes closed outside games of rounds",
    "child_type": "children other than plain ones and tuzdyks (wegs, bulls, qurs, rams)",
    "prescribed": "prescribed opening moves (beyond a first move in the game's direction)",
    "start_pattern": "random start patterns, or an opening move made as the setup",
    "pickextra": "extra picks after a capture (beyond the hole across and the last few seeds)",
    "play_locs": "moves sown from a store",
    "sow_rule": "StoneShark's special sowing rules",
    "capt_type": "capture types beyond basic and cross captures",
    "xc_sown": "cross captures only of holes sown this move",
    "end_cond": "StoneShark's extra end conditions in games of rounds",
}


def load_props(checkout, name):
    """Each of the file's parameter sets: (name, constants, game info), its own
    first, then its named variants as `NAME::VARIANT`."""
    sys.path.insert(0, os.path.join(checkout, "src"))
    import man_config  # noqa: E402  (StoneShark's module)
    game_dict = man_config.read_game(os.path.join(checkout, "GameProps", name + ".txt"))
    info = dict(game_dict["game_info"])
    info["game_class"] = game_dict.get("game_class", "Mancala")
    sets = [(name, dict(game_dict["game_constants"]), info)]
    for variant, changes in game_dict.get("variants", {}).items():
        if variant == info.get("name"):
            continue
        consts, varied = dict(game_dict["game_constants"]), dict(info)
        for key, value in changes.items():
            (consts if key in consts else varied)[key] = value
        sets.append((f"{name}::{variant}", consts, varied))
    return sets


def any_of(expr_of, values):
    return "(" + " or ".join(expr_of(v) for v in values) + ")"


class Untranslatable(Exception):
    pass


def translate(name, consts, info):
    """The game file for a parameter set, or Untranslatable(what is missing)."""
    if info.get("game_class") == "EWGratuitous":
        return east_west(translate(name, consts, {**info, "game_class": "NSGratuitous"}),
                         consts["holes"])
    get = info.get
    missing = []
    ram = None
    if get("child_type") == CHILD_RAM:
        if get("sow_direct", CCW) not in (CW, CCW) or get("rounds") or get("no_sides") \
                or get("sow_rule") or get("unclaimed", HOLE_OWNER) != HOLE_OWNER \
                or get("goal", MAX_SEEDS) != MAX_SEEDS:
            missing.append("rams in a game of other directions, rounds, sowing rules, "
                           "leftovers or goals")
        # The seeds that sow round (the start hole's seed kept, stores sown)
        # to the owner's side, by the hole's column from its owner's left.
        holes = consts["holes"]
        extra = (1 if get("sow_start") else 0) + {1: 1, 2: 2}.get(get("sow_stores", 0), 0)
        need = (f"{2 * holes + extra + 1} - seat_col({{h}})" if get("sow_direct", CCW) == CCW
                else f"{holes + extra} + seat_col({{h}})")
        ram = f"count({{h}}) >= {need}"
        # Otherwise a ram is no child: captures, laps and sowing treat it alike.
        info = {k: v for k, v in info.items() if k != "child_type"}
        get = info.get
    if get("game_class") not in ("Mancala", "NorthSouthCycle", "ZigZag", "NSGratuitous"):
        missing.append(f"StoneShark's own game class {get('game_class')}")
    if get("game_class") == "ZigZag" and (consts["holes"] % 2 or get("udir_holes")):
        # Its centre hole would be sown in the direction the mover chooses.
        missing.append("zigzag sowing with an odd number of holes or a chosen direction")
    if get("rounds"):
        missing += rounds_missing(info)
        if get("sow_rule") in BLOCKING_SOW_RULES:
            # Its closed holes would be claims, the rounds' closed holes another thing.
            missing.append("holes closed by the sowing in a game of rounds")
    elif get("blocks") and (get("sow_rule") not in BLOCKING_SOW_RULES or get("mlaps") != LAPPER):
        missing.append(MISSING["blocks"])
    for key in ("play_locs", "xc_sown"):
        if get(key):
            missing.append(MISSING[key])
    if get("end_cond", 0) not in (0,) + tuple(END_CONDITIONS) or (
            get("end_cond") and get("rounds") and get("end_cond") != 3):
        missing.append(MISSING["end_cond"])
    if get("mustshare") and get("udir_holes") and (get("mustpass") or get("grandslam")):
        # Ours asks `after` of a hole (below); StoneShark's passing and grand
        # slam rules were not compared with it.
        missing.append("StoneShark's feeding rule where the direction is chosen, with "
                       "passing or grand slam rules")
    if get("prescribed", 0) not in (0, NO_UDIR_FIRSTS, MLAPS_FIRST, SOW1OPP):
        missing.append(MISSING["prescribed"])
    if get("prescribed") == SOW1OPP and (get("sow_stores") or get("presowcapt")
                                         or get("sow_rule") or get("game_class") != "Mancala"):
        missing.append("a prescribed last seed across, with stores sown, captures before "
                       "sowing or special sowing rules")
    if get("prescribed") == MLAPS_FIRST and get("sow_rule") in (LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS):
        missing.append("a first move sown in laps, in a game of captures at each lap's end")
    if get("prescribed") == NO_UDIR_FIRSTS and (get("sow_stores") or get("capt_rturn")):
        missing.append("an opening move of each side's in a fixed direction, in a game of "
                       "extra turns")
    fixed_child = get("child_type") and get("child_locs", 0) == CHILD_FIXED_RIGHT
    # Without stores a capture goes into the mover's child (capturer.CaptureToChild):
    # said for a weg's capture, where each side has one child, fixed.
    into_weg = (get("child_type") == CHILD_WEG and not get("stores") and fixed_child
                and not (get("crosscapt") or get("capt_type") or get("capt_on") or get("evens")
                         or get("capt_min") or get("capt_max")))
    if get("child_type") == CHILD_WEG and ((not get("stores") and not into_weg)
                                           or get("unclaimed", HOLE_OWNER) != HOLE_OWNER):
        missing.append("wegs in a game without stores, or whose leftovers are not the "
                       "owners'")
    if get("child_type", 0) not in (0, CHILD_NORMAL, CHILD_ONE, CHILD_WEG, CHILD_QUR):
        missing.append(MISSING["child_type"])
    owner_rules = (CHILD_OPP_OWNER, CHILD_OWN_OWNER) if get("goal") == TERRITORY else ()
    if get("child_type") and get("child_rule", 0) not in (0, CHILD_OPP_SIDE, CHILD_OWN_SIDE) \
            + owner_rules:
        missing.append("children with StoneShark's rules about first holes and owners")
    if fixed_child and get("child_type") != CHILD_WEG:
        missing.append("children in fixed holes, other than wegs")
    if get("child_type") and not get("stores") and (
            get("unclaimed", 0) not in (DONT_SCORE, HOLE_OWNER)
            or (get("rounds") and get("unclaimed", 0) == HOLE_OWNER)):
        # Ours says the owners' as a score of the game's end, which a match's
        # refills do not read.
        missing.append("leftovers moved into children at the end, other than the owners' "
                       "in a single game")
    if get("pickextra", 0) not in (0, PICK_CROSS, PICK_OPP_BASIC) + PICKS_OF_LAST_SEEDS:
        missing.append(MISSING["pickextra"])
    if get("pickextra") == PICK_OPP_BASIC and (get("sow_rule") in ENPAS or get("child_type")):
        missing.append("picks of every capturable hole after passing captures or in games "
                       "of children")
    if get("pickextra") == PICK_CROSS and (get("crosscapt") or get("multicapt")
                                           or get("child_type") or get("capt_side")):
        missing.append("extra picks across from a capture in chains, cross captures, "
                       "games of children or of one side's captures")
    if get("start_pattern", 0) not in FIXED_PATTERNS + (MOVE_RIGHTMOST, RANDOM_PATTERN):
        missing.append(MISSING["start_pattern"])
    if get("goal", 0) not in (MAX_SEEDS, DEPRIVE, CLEAR, IMMOBILIZE, TERRITORY) + tuple(TALLY_GOALS):
        missing.append("goals other than most seeds, depriving, clearing and immobilizing "
                       "(territory, round tallies)")
    if get("goal", 0) in (IMMOBILIZE, RND_WIN_COUNT_IMB) and (get("sow_stores") or get("capt_rturn")):
        # ImmobilizeEndGame asks whether the mover's opponent can move, even
        # when the mover plays again.
        missing.append("immobilizing goals in a game of extra turns")
    if get("sow_rule") == LAP_CAPT_SEEDS and (
            get("mlaps") != LAPPER or not get("crosscapt") or get("multicapt")
            or get("capt_type") or get("stores")):
        missing.append("captured seeds sown on, other than from single cross captures in "
                       "lap sowing without stores")
    if get("sow_rule", 0) not in (0, LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS) + ENPAS + tuple(SKIPPING_SOW_RULES) \
            + tuple(BLOCKING_SOW_RULES):
        missing.append(MISSING["sow_rule"])
    if get("sow_rule") in (LAP_CAPT, LAP_CAPT_OPP_GETS) and (
            get("mlaps") != LAPPER or get("crosscapt") or get("capt_type", 0) not in (0, CAPT_TWO_OUT)
            or get("mlap_cont", 0) in (LAP_ON_PARAM, LAP_GREQ_PARAM)):
        missing.append("captures at each lap's end other than basic or two-out ones in "
                       "lap sowing, or with lap rules on counts")
    if get("sow_rule") in ENPAS and not (get("capt_on") or get("evens") or get("capt_min")
                                         or get("capt_max")):
        missing.append("passing captures without a count to capture on")
    if get("capt_type", 0) not in (0, CAPT_NEXT, CAPT_TWO_OUT, CAPT_OPP_1CCW, CAPT_PASS_STORE,
                                   CAPT_PULL_ACROSS, CAPT_MATCH_OPP, CAPT_END_OPP_STORE,
                                   CAPT_SINGLETONS):
        missing.append(MISSING["capt_type"])
    if get("capt_type") == CAPT_END_OPP_STORE and (
            SOWN_STORES.get(get("sow_stores", 0), ("",))[0] != "both" or get("multicapt")
            or get("capt_rturn") or get("pickextra") or get("child_type")
            or get("grandslam", GS_LEGAL) != GS_LEGAL):
        missing.append("the opponent's store taken, in a game that does not sow it, or "
                       "with chains, extra turns, picks, children or grand slam rules")
    if get("capt_type") == CAPT_SINGLETONS and (get("multicapt") or get("child_type")
                                                or get("capt_rturn") or get("pickextra")
                                                or get("moveunlock")):
        missing.append("captures of every single seed, with chains, children, extra turns, "
                       "picks or locks")
    if get("capt_type") == CAPT_MATCH_OPP and (get("multicapt") or get("child_type")):
        missing.append("captures of holes holding alike, in chains or games of children")
    if get("capt_type") in (CAPT_PASS_STORE, CAPT_PULL_ACROSS) and (
            get("multicapt") or get("capt_rturn") or get("pickextra") or get("child_type")
            or get("nosinglecapt") or get("grandslam", GS_LEGAL) != GS_LEGAL):
        # Both set StoneShark's `captured` even when they move no seeds.
        missing.append("a store handed over or seeds pulled across, with chains, extra "
                       "turns, picks, children or grand slam rules")
    if get("capt_type") == CAPT_PASS_STORE and (
            get("sow_stores", 0) != SOW_OWN_STORE or get("crosscapt") or get("capt_on")
            or get("evens") or get("capt_min") or get("capt_max")):
        missing.append("a store handed over, in a game without stores or with another "
                       "capture")
    if get("capt_type") == CAPT_OPP_1CCW and (get("pickextra") != PICK_OPP_BASIC
                                              or get("capt_rturn") or get("crosscapt")):
        # Its capture takes nothing: it only sets off the picks or an extra turn.
        missing.append("captures that take nothing, other than to set off picks of the "
                       "opponent's holes")
    if get("capt_rturn") == 2 and get("sow_rule") in ENPAS:
        missing.append("one extra turn after a capture, with passing captures")
    if get("capt_type") == CAPT_NEXT and (get("mlaps") or get("capt_dir", 0) != CAPT_DIR_SOW):
        missing.append("captures of the hole after the last in relay sowing, or against "
                       "the sowing")
    if get("capt_type", 0) not in (0, CAPT_END_OPP_STORE) and (get("crosscapt") or (
            get("multicapt") and get("mlaps") and get("capt_dir", 0) != CAPT_DIR_SOW)):
        missing.append("two-out captures with cross captures, or in chains against the sowing")
    if get("capt_dir", 0) not in (CAPT_DIR_OPP_SOW, CAPT_DIR_SOW):
        missing.append("capture chains in both directions")
    if get("capt_side", 0) > CAPT_OWN_CONT and get("goal") != TERRITORY:
        missing.append("territory captures outside games of territory")
    if get("sow_stores", 0) not in (0, SOW_OWN_STORE, 2) and get("mlaps"):
        # sower.StopSingleSeed reads a store as a hole: a lap ending in a store
        # that earns no extra turn goes on from the store's seeds.
        missing.append("lap sowing that may end in a store without an extra turn")
    if get("allow_rule", 0) == ALLOW_ALL_HOLES_FIRST and get("mlength", 1) == 3:
        missing.append("every hole played once first, in moves from any hole")
    if get("allow_rule", 0) not in (0, ALLOW_SINGLE_ONLY_ALL, ALLOW_TWO_ONLY_ALL,
                                    ALLOW_TWO_ONLY_ALL_RIGHT, ALLOW_RIGHT_2_1ST_THEN_ALL_TWO,
                                    ALLOW_ALL_HOLES_FIRST, ALLOW_NOT_XFROM_1S,
                                    ALLOW_RIGHT_HALF_FIRSTS, ALLOW_RIGHT_HALF_1ST_OPE,
                                    ALLOW_OCCUPIED) + ALLOW_NEXT:
        missing.append("StoneShark's allow rules beyond singletons/twos last, ending in an "
                       "empty hole or a single sown to an empty one")
    if get("allow_rule", 0) in ALLOW_NEXT + (ALLOW_RIGHT_HALF_1ST_OPE, ALLOW_OCCUPIED) and (
            get("skip_start") or get("sow_stores")
                                               or get("udir_holes")):
        missing.append("allow rules that look ahead in a sowing with skips, stores or a "
                       "chosen direction")
    if get("allow_rule", 0) == ALLOW_SINGLE_ALL_TO_ZERO and get("mlaps"):
        # StoneShark drops the moves that would sow for ever before it asks
        # whether every hole holds one seed; ours asks of all the holes.
        missing.append("allow rules asking of every hole whose sowing would end")
    if get("crosscapt") and get("multicapt") and (get("xcpickown") == 1 or get("capt_type")
                                                   or get("capt_dir", 0) not in (CAPT_DIR_OPP_SOW,
                                                                                CAPT_DIR_SOW)):
        missing.append("chains of cross captures that take the sower's hole too, or of a "
                       "capture type of their own")
    if get("crosscapt") and get("xcpickown", 0) == 2 and get("multicapt"):
        missing.append("chains of cross captures that take the last seed even without one")
    mlaps = get("mlaps", 0)
    if get("mlap_cont", 0) not in (0, LAP_ON_PARAM, LAP_GREQ_PARAM, LAP_OWN_SIDE, LAP_OPP_SIDE,
                                   LAP_STOP_STORE, LAP_NOT_FROM_STORE):
        missing.append("StoneShark's lap-continuation rules beyond counts and sides")
    if get("sow_start") and not get("move_one") and get("min_move", 1) < 2:
        missing.append("a move of one seed that sows nothing")
    if missing:
        raise Untranslatable(sorted(set(missing)))

    holes, seeds = consts["holes"], consts["nbr_start"]
    scatter = 0
    if get("start_pattern") == RANDOM_PATTERN:
        board = [2 if seeds >= 4 * holes else 0] * (2 * holes)
        scatter = seeds - sum(board)
    else:
        board = start_board(holes, seeds, get("start_pattern", 0))
    total = sum(board) + scatter
    min_move = get("min_move", 1)
    stores = get("sow_stores", 0) in SOWN_STORES
    sown_stores, store_again = SOWN_STORES.get(get("sow_stores", 0), (None, None))
    lines = [
        f"# {name} as StoneShark's MancalaGames plays it (GameProps/{name}.txt),",
        "# translated by tools/stoneshark_convert.py.",
        "[game]", f'name = "{name}"', 'origin = "StoneShark\'s MancalaGames"',
        f'summary = "StoneShark\'s {name}, translated"', "",
        "[board]", "rows = 2", f"holes_per_row = {holes}",
    ]
    if stores:
        lines.append("stores = true")
    if sown_stores == "both":
        lines.append('sown_stores = "both"')
    setup = setup_expression(board, holes)
    north_board = board if scatter else start_board(holes, seeds, get("start_pattern", 0),
                                                     north_starts=True)
    if (get("goal") in TALLY_GOALS or get("goal") == TERRITORY and laid_out_afresh(info)) \
            and north_board != board:
        # Every round starts afresh, laid out for its starter.
        setup = (f'"if mover == south then ({setup_expression(board, holes).strip(chr(34))}) '
                 f'else ({setup_expression(north_board, holes).strip(chr(34))})"')
    lines += ["", "[setup]", f"seeds = {setup}"] + ([f"scatter = {scatter}"] if scatter else [])
    if get("start_pattern") == MOVE_RIGHTMOST:
        lines += ["", "[setup.opening]", f'from = "seat_col(origin) == {holes}"']
    if fixed_child:
        lines += ["", "[claims]", f'start = "seat_col(here) == {holes}"']
    zigzag = get("game_class") == "ZigZag"
    lines += ["", "[sowing]"]
    if zigzag:
        # zigzag.ZigZagIncr: one counterclockwise cycle, the stores left out.
        cycle = zigzag_cycle(holes)
        cycle = cycle[cycle.index(0):] + cycle[:cycle.index(0)]
        track = ", ".join(f'"{loc_name(loc, holes)}"' for loc in cycle)
        lines += ['circuit = "track"', f"track = [{track}]"]
    else:
        lines.append('circuit = "board"')

    # Direction: fixed, by hole (towards the edge or the centre), or by count.
    direct = get("sow_direct", CCW)
    half, odd = divmod(holes, 2)
    udir = list(get("udir_holes", []))
    lines.append(f'direction = "{"cw" if direct == CW else "ccw"}"')
    if zigzag:
        # zigzag.ZigZagGetDir: each hole sows towards the centre line.
        cw = ", ".join(loc_name(loc, holes) for loc in range(2 * holes)
                       if zigzag_clockwise(loc, holes))
        lines.append(f'reverse = "contains([{cw}], origin)"')
    elif direct == SPLIT:
        lines.append(f'reverse = "seat_col(origin) <= {half}"')
    elif direct == TOCENTER:
        lines.append(f'reverse = "seat_col(origin) > {half + odd}"')
    elif direct == EVEN_ODD_DIR:
        lines.append('reverse = "count(origin) % 2 == 0"')
    elif direct == PLAYALTDIR:
        # get_direction.PlayAltDir: the first move's direction is the mover's
        # from then on, the other's the other way: against the last move when
        # the other side played it, with it after a pass or an extra turn.
        lines.append('reverse = "previous_clockwise() == any(h in holes(mover), '
                     'previous_lifted(h) > 0)"')
        udir = list(range(holes))
    skips = []
    if get("skip_start"):
        skips.append("here == lap_start")
    if get("game_class") in ("NorthSouthCycle", "NSGratuitous"):
        # two_cycle.NorthSouthIncr: each side sows round its own row (and store).
        skips.append("not own(here) and not is_store(here)")
    if get("sow_rule") in SKIPPING_SOW_RULES:
        skip = SKIPPING_SOW_RULES[get("sow_rule")].format(param=get("sow_param"))
        if get("prescribed") == MLAPS_FIRST:
            # SowMlapsFirst sows the first move with the plain sower.
            skip = f"not (turn == 0 and extra_turns == 0) and ({skip})"
        skips.append(skip)
    # A hole claimed by either side: closed, or a ram.
    closed = "(claimed_by({h}, south) or claimed_by({h}, north))"
    if get("sow_rule") in BLOCKING_SOW_RULES:
        skips.append("own(here) and " + closed.format(h="here"))
    if get("prescribed") == SOW1OPP:
        skips.append("turn < 2 and in_hand == 1 and own(here)")
    if skips:
        lines.append('skip = "' + " or ".join(f"({s})" for s in skips) + '"')

    # Moves.
    lines += ["", "[move]"]
    if get("no_sides"):
        lines.append('holes = "all_holes"')
    froms = []
    if get("child_type") == CHILD_WEG:
        # No move starts from a child (a weg keeps its seeds on the board).
        froms.append("not claimed_by(origin, south) and not claimed_by(origin, north)")
    if min_move > 1:
        froms.append(f"count(origin) >= {min_move}")
    if ram:
        froms.append("not " + closed.format(h="origin"))
    if zigzag and min_move == 1 and not udir:
        # zigzag.DontUndoMoveOne: a single seed the last move carried across
        # the centre line may not move on at once, unless that move captured.
        pairs = [(half - 1, holes + half - 1), (half, holes + half)]
        undo = " or ".join(f"(origin == {loc_name(a, holes)} and previous_lifted("
                           f"{loc_name(b, holes)}) == 1)"
                           for x, y in pairs for a, b in ((x, y), (y, x)))
        froms.append(f"previous_captured() or not (count(origin) == 1 and "
                     f"previous_ended(origin) and ({undo}))")
    if (min_move == 1 and direct == SPLIT and 0 not in udir and holes - 1 not in udir):
        # allowables.DontUndoMoveOne: a single seed the last move carried round
        # an end of the board may not be moved straight back.
        froms.append(f"not (count(origin) == 1 and previous_ended(origin) and "
                     f"previous_lifted(opposite(origin)) == 1 and "
                     f"(col(origin) == 1 or col(origin) == {holes}))")
    allow = get("allow_rule", 0)
    # Not from a hole of n seeds while a hole of another count may be played.
    def only_if_all(n, hole):
        return (f"(count({hole}) != {n} or not any(g in holes(mover), "
                f"count(g) >= {min_move} and count(g) != {n}))")
    if allow in (ALLOW_SINGLE_ONLY_ALL, ALLOW_TWO_ONLY_ALL, ALLOW_RIGHT_2_1ST_THEN_ALL_TWO):
        n = 1 if allow == ALLOW_SINGLE_ONLY_ALL else 2
        froms.append(only_if_all(n, "origin"))
    if allow == ALLOW_TWO_ONLY_ALL_RIGHT:
        # allowables.AllTwoRightmost: and of holes of two, only the rightmost.
        froms.append(f"(count(origin) != 2 or (not any(g in holes(mover), count(g) >= {min_move} "
                     f"and count(g) != 2) and not any(g in holes(mover), count(g) >= {min_move} "
                     "and seat_col(g) > seat_col(origin))))")
    if allow == ALLOW_RIGHT_2_1ST_THEN_ALL_TWO:
        # allowables.OnlyRightTwo: the first turn only from the rightmost two
        # holes that may be played.
        froms.append(f"(turn > 0 or number(h in holes(mover), count(h) >= {min_move} and "
                     f"{only_if_all(2, 'h')} and seat_col(h) > seat_col(origin)) < 2)")
    if allow == ALLOW_NOT_XFROM_1S:
        # allowables.NotXfromOnes: not from a hole across from a single seed.
        froms.append("count(opposite(origin)) != 1")
    if allow == ALLOW_ALL_HOLES_FIRST:
        # allowables.MoveAllFirst: until every hole of the mover's has been
        # played (unlocked), only the holes not played yet.
        froms.append("(not moved_from(origin) or all(h in holes(mover), moved_from(h)))")
    if allow == ALLOW_OCCUPIED:
        # The lap's last hole gets one seed a round of the circuit (2H holes);
        # within one round it must have held seeds, and a round exactly ends
        # in the emptied origin.
        circuit = 2 * holes
        froms.append(f"(count(origin) > {circuit} or (count(origin) < {circuit} and "
                     "count(next(origin, count(origin))) > 0))")
    if allow in (ALLOW_RIGHT_HALF_FIRSTS, ALLOW_RIGHT_HALF_1ST_OPE):
        froms.append(f"(turn >= 2 or seat_col(origin) > {half + odd})")
    if allow in (ALLOW_OPP_OR_EMPTY, ALLOW_RIGHT_HALF_1ST_OPE):
        # allowables.OppOrEmptyEnd: the first lap ends on the opponent's side or in
        # a hole of one's own that was empty; moves of more seeds than a row are
        # not looked at (RightHalfFirsts passes it by for the first two moves).
        end_hole = "next(origin, count(origin))"
        ends = f"(count(origin) > {holes} or not own({end_hole}) or count({end_hole}) == 0)"
        froms.append(ends if allow == ALLOW_OPP_OR_EMPTY else f"(turn < 2 or {ends})")
    elif allow == ALLOW_SINGLE_TO_ZERO:
        froms.append("(count(origin) != 1 or count(next(origin)) == 0)")
    elif allow == ALLOW_SINGLE_ALL_TO_ZERO:
        froms.append("(count(origin) != 1 or (all(h in holes(mover), count(h) <= 1) "
                     "and count(next(origin)) == 0))")
    if froms:
        lines.append(f'from = "{" and ".join(froms)}"')
    sown = "before(count(origin))"
    if get("sow_start"):
        if get("move_one"):
            lines.append('lift = "if count(origin) == 1 then 1 else count(origin) - 1"')
        else:
            lines.append('lift = "count(origin) - 1"')
            sown = "(before(count(origin)) - 1)"
    if udir:
        cols = "true" if len(udir) == holes else " or ".join(
            f"seat_col(origin) == {i + 1}" for i in udir)
        if get("prescribed") == NO_UDIR_FIRSTS:
            # Each side's first move is sown in the game's direction.
            cols = f"turn >= 2 and ({cols})"
        if direct == PLAYALTDIR:
            # get_moves.AltDirMoves: only the first move (mcount 1) chooses.
            cols = "turn == 0 and extra_turns == 0"
        lines.append(f'choose_direction = "{cols}"')
    elif direct in (SPLIT, TOCENTER) and odd:
        raise Untranslatable(["a middle hole without a direction"])
    afters = []
    grandslam = get("grandslam", GS_LEGAL)
    # A grand slam empties the opponent's row (capturer.GrandSlamCapt asks of
    # cts.get_opp_range), whoever owns its holes in a game of territory.
    opp_row = "holes(opponent)"
    if get("goal") == TERRITORY:
        rows = [", ".join(f"{r}{i}" for i in range(1, holes + 1)) for r in "ab"]
        opp_row = f"(if opponent == south then [{rows[0]}] else [{rows[1]}])"
    feeds = "before(total(holes(opponent))) > 0 or total(holes(opponent)) > 0"
    if get("mustshare") and get("mustpass"):
        # allowables.MustShare.mustpass_filter: where no move feeds, every move
        # stays allowed (and the side passes only when it has none).
        lines.append(f'prefer = "{feeds}"')
    elif get("mustshare"):
        afters.append(feeds)
        if get("udir_holes"):
            # get_moves.UdirMoves offers both directions of a hole when
            # allowables.MustShareUdir found that one of them feeds.
            lines.append("after_by_hole = true")
    if grandslam == GS_NOT_LEGAL:
        afters.append(f"before(total({opp_row})) == 0 or total({opp_row}) > 0")
    if afters:
        lines.append('after = "' + " and ".join(f"({a})" for a in afters) + '"')

    # What a capture needs of a hole's count (capt_on, evens, min, max).
    def count_ok(hole):
        conds = [f"count({hole}) > 0"]
        if get("moveunlock"):
            # capt_ok.CaptUnlocked: a hole is locked until a move starts there.
            conds.append(f"moved_from({hole})")
        if get("child_type") == CHILD_WEG:
            # capt_ok.CaptNotChild (other children hold no seeds here).
            conds.append(f"not claimed_by({hole}, south) and not claimed_by({hole}, north)")
        if get("capt_on"):
            conds.append(any_of(lambda v: f"count({hole}) == {v}", get("capt_on")))
        if get("evens"):
            conds.append(f"count({hole}) % 2 == 0")
        if get("capt_min"):
            conds.append(f"count({hole}) >= {get('capt_min')}")
        if get("capt_max"):
            conds.append(f"count({hole}) <= {get('capt_max')}")
        return " and ".join(conds)

    side = get("capt_side", CAPT_BOTH)

    def side_ok(hole, first):
        # Ours own a hole by row, or by territory where a match hands it over.
        if side == CAPT_OPP_TERR:
            return f"not own({hole})"
        if side == CAPT_OWN_TERR:
            return f"own({hole})"
        if side == CAPT_OPP or (side == CAPT_OPP_CONT and first):
            return f"not own({hole})"
        if side == CAPT_OWN or (side == CAPT_OWN_CONT and first):
            return f"own({hole})"
        return None

    def both(*conds):
        return " and ".join(c for c in conds if c)

    inhibit = f"turn >= {get('nocaptmoves')}" if get("nocaptmoves") else None
    single = f"{sown} > 1" if get("nosinglecapt") else None
    basic = bool(get("capt_on") or get("evens") or get("capt_min") or get("capt_max"))
    not_store = "not is_store(last)" if stores else None
    capture = None
    lap_stop = None
    # A capture that takes nothing but sets off PickOppBasic's picks.
    pick_when = "captured(mover) > before(captured(mover))"
    if get("capt_type") == CAPT_OPP_1CCW:
        # capturer.CaptOpposite1CCW: the last seed on the opponent's side, or in
        # the mover's own most counterclockwise hole.
        pick_when = both(inhibit, single, not_store, "(not own(last) or last == "
                         f"(if mover == south then a{holes} else b1))")
    elif get("capt_type") == CAPT_TWO_OUT:
        # Across an empty hole: the one after it, if it holds seeds. A one-lap
        # sowing must end in a hole that held seeds already.
        far = "next(last, 2)"
        occupied = "count(last) > 1" if not mlaps else None
        side_far = side_ok(far, True) if not get("crosscapt") else None
        # capturer.CaptTwoOut asks capt_check of the far hole: its side and
        # lock, not its count.
        unlocked = f"moved_from({far})" if get("moveunlock") else None
        when = both(inhibit, single, not_store, occupied, "count(next(last)) == 0",
                    side_far, f"count({far}) > 0", unlocked)
        # capturer.PickCross: the hole across from the one taken goes too.
        take = f"[{far}, opposite({far})]" if get("pickextra") == PICK_CROSS else far
        capture = [f'when = "{when}"', f'take = "{take}"']
        if get("multicapt") and mlaps:
            # capturer.CaptMultiple: each capture two out looks two out again
            # from the hole it emptied (without laps it needs seeds there: none).
            chain_when = both(side_ok("x", True), "count(prev(x)) == 0", "count(x) > 0")
            limit = f", limit = {get('multicapt')}" if get("multicapt") > 1 else ""
            capture.append(f'chain = {{ step = "next(x, 2)", while = "{chain_when}"{limit} }}')
    elif get("capt_type") == CAPT_NEXT:
        # capturer.CaptNext: the hole after the last, if it holds what a capture
        # needs; CaptMultiple goes on from each hole taken to the one after it.
        near = "next(last)"
        when = both(inhibit, single, not_store, side_ok(near, True), count_ok(near))
        capture = [f'when = "{when}"', f'take = "{near}"']
        if get("multicapt"):
            chain_when = both(side_ok("x", False), count_ok("x"))
            limit = f", limit = {get('multicapt')}" if get("multicapt") > 1 else ""
            capture.append(f'chain = {{ step = "next(x)", while = "{chain_when}"{limit} }}')
    elif get("capt_type") == CAPT_PULL_ACROSS:
        # The last seed alone in its hole pulls in the seeds across, where a
        # basic capture could take them.
        cross = "opposite(last)"
        when = both(inhibit, not_store, "count(last) == 1", side_ok(cross, True), count_ok(cross))
        capture = [f'when = "{when}"', f'take = "{cross}"', 'into = "last"']
    elif get("capt_type") == CAPT_SINGLETONS:
        sides = {CAPT_OPP: " and not own(h)", CAPT_OWN: " and own(h)"}.get(side, "")
        if side not in (CAPT_BOTH, CAPT_OPP, CAPT_OWN):
            raise Untranslatable(["captures of every single seed on a side of their own"])
        capture = [f'when = "{both(inhibit, single) or "true"}"',
                   f'take = "those(h in all_holes, count(h) == 1{sides})"']
    elif get("capt_type") == CAPT_MATCH_OPP:
        # Both holes pass capt_check (their side, lock and seeds), not the counts
        # a basic capture needs.
        def checked(hole):
            lock = f"moved_from({hole})" if get("moveunlock") else None
            return both(side_ok(hole, True) if not get("crosscapt") else None, lock,
                        f"count({hole}) > 0")
        cross = "opposite(last)"
        when = both(inhibit, single, not_store, checked("last"), checked(cross),
                    f"count(last) == count({cross})")
        capture = [f'when = "{when}"', f'take = "[last, {cross}]"']
        # sower.StopCaptureSimul: a lap that would capture ends the sowing.
        lap_stop = when
    elif get("capt_type") == CAPT_PASS_STORE:
        # The last seed alone in its hole (on the side capt_side names) hands
        # the mover's store to the opponent.
        when = both(inhibit, not_store, "count(last) == 1", "captured(mover) > 0",
                    side_ok("last", True))
        capture = [f'when = "{when}"', 'take = "store(mover)"', 'to = "opponent"']
    elif get("crosscapt"):
        first = "count(last) == 1" if get("crosscapt") in (1, 3) else None
        cross = "opposite(last)"
        cross_side = side_ok(cross, True)
        when = both(inhibit, single, not_store, first, cross_side, count_ok(cross))
        take = "[last, opposite(last)]" if get("xcpickown") == 1 else "opposite(last)"
        capture = [f'when = "{when}"', f'take = "{take}"']
        if get("multicapt"):
            # capturer.CaptMultiple over CaptCross: on from the sower's hole
            # after the one across from the hole taken (against the sowing
            # with CaptOppDir), each one empty for ONE_ZEROS.
            step = "next" if get("capt_dir", 0) == CAPT_DIR_SOW else "prev"
            own_ok = "count(opposite(x)) == 0" if get("crosscapt") == 1 else None
            chain_when = both(own_ok, side_ok("x", False), count_ok("x"))
            limit = f", limit = {get('multicapt')}" if get("multicapt") > 1 else ""
            capture.append(f'chain = {{ step = "opposite({step}(opposite(x)))", '
                           f'while = "{chain_when}"{limit} }}')
    elif basic:
        when = both(inhibit, single, not_store, side_ok("last", True), count_ok("last"))
        take = "[last, opposite(last)]" if get("pickextra") == PICK_CROSS else "last"
        capture = [f'when = "{when}"', f'take = "{take}"']
        if get("multicapt"):
            step = "next(x)" if get("capt_dir", 0) == CAPT_DIR_SOW else "prev(x)"
            if get("game_class") in ("NorthSouthCycle", "NSGratuitous"):
                # The chain walks the mover's own row round (NorthSouthIncr),
                # from its last hole to its first and back.
                step = (f"if seat_col(x) == {holes} then opposite(next(x, {holes})) else next(x)"
                        if get("capt_dir", 0) == CAPT_DIR_SOW else
                        f"if seat_col(x) == 1 then opposite(prev(x, {holes})) else prev(x)")
            chain_when = both(side_ok("x", False), count_ok("x"))
            limit = f", limit = {get('multicapt')}" if get("multicapt") > 1 else ""
            capture.append(f'chain = {{ step = "{step}", while = "{chain_when}"{limit} }}')
    child = child_condition(info, holes, inhibit) if get("child_type") and not fixed_child \
        else None
    if capture and child and not get("stores"):
        # capturer.CaptureToChild: without stores, captures go into one's child.
        capture[0] = capture[0][:-1] + ' and number(h in claims(mover), true) > 0"'
    if capture and grandslam in (GS_NO_CAPT, GS_LEAVE_LEFT, GS_LEAVE_RIGHT):
        capture.append(f'veto = "before(total({opp_row})) > 0 and total({opp_row}) == 0"')
    if capture and grandslam in (GS_LEAVE_LEFT, GS_LEAVE_RIGHT):
        # capturer.GSKeep: the grand slam gives back the opponent's first hole
        # with seeds counted from the sower's left (right), found before the
        # capture: the opponent's rightmost (leftmost) from its own seat; unless
        # it was the only one. It then takes the rest of the opponent's row
        # afresh, so a capture outside that row is given back too.
        beyond = "<=" if grandslam == GS_LEAVE_LEFT else ">="
        keeper = (f"count(h) > 0 and all(g in {opp_row}, "
                  f"count(g) == 0 or seat_col(g) {beyond} seat_col(h))")
        capture.append(
            f'spare = "those(h in all_holes, number(g in {opp_row}, count(g) > 0) > 1 and '
            f'(not contains({opp_row}, h) or {keeper}))"')

    # Relays: StoneShark's lap sower stops on a single seed, and where a basic
    # capture is possible at the lap's end (sower.StopCaptureSeeds, not with
    # capture types of their own). The lap rules (`outer`) are asked first.
    lap_capt = get("sow_rule") in (LAP_CAPT, LAP_CAPT_OPP_GETS)
    if mlaps == LAPPER:
        conds, outer = ["count(last) > 1"], []
        if stores:
            conds.append("not is_store(last)")
        cont, param = get("mlap_cont", 0), get("mlap_param", 0)
        if cont == LAP_ON_PARAM:
            conds.append(f"count(last) == {param}")
        elif cont == LAP_GREQ_PARAM:
            conds.append(f"count(last) >= {param}")
        elif cont == LAP_OWN_SIDE:
            outer.append("own(last)")
        elif cont == LAP_OPP_SIDE:
            outer.append("not own(last)")
        if basic and not get("crosscapt") and not get("capt_type"):
            stop = both(inhibit, single, side_ok("last", True), count_ok("last"))
            conds.append(f"not ({stop})")
        if lap_stop:
            conds.append(f"not ({lap_stop})")
        if child:
            conds.append(f"not ({child})")
        if get("child_type") == CHILD_WEG:
            # sower.StopOnChild: a weg keeps the seeds sown into it.
            outer.append("not claimed_by(last, south) and not claimed_by(last, north)")
        when, start = " and ".join(conds), "last"
        if lap_capt and not get("capt_type"):
            # sower.ContIfBasicCapt: after a lap-end capture the sowing goes on
            # from the next hole.
            when, start = f"taken > 0 or ({when})", "if taken > 0 then next(last) else last"
        if get("sow_rule") in (LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS) and not get("stores"):
            # sower.StopNoOppSeeds.
            outer.append(f"total({opp_row}) > 0")
        if outer:
            when = " and ".join(outer + [f"({when})"])
        relay = (when, start)
    elif mlaps == LAPPER_NEXT:
        conds = ["count(next(last)) > 0"]
        if get("crosscapt") in (1, 3):
            # sower.StopXCapt: a last seed alone in its hole stops where the
            # hole across could be taken (asked without the capture's inhibitor).
            cross = "opposite(last)"
            alone = both("not is_store(last)" if stores else None, "count(last) == 1",
                         side_ok(cross, True), count_ok(cross))
            conds.append(f"not ({alone})")
        cont = get("mlap_cont", 0)
        if cont == LAP_STOP_STORE:
            # sower.StopStore: the lap ended in a store.
            conds.insert(0, "not is_store(last)")
        elif cont == LAP_NOT_FROM_STORE:
            # sower.StopStore, asked of the hole the next lap would start from.
            conds.insert(0, "not is_store(next(last))")
        elif cont:
            raise Untranslatable(["next-hole relays with lap rules on counts or sides"])
        relay = (" and ".join(conds), "next(last)")
    else:
        relay = None
    if get("prescribed") == SOW1OPP and relay:
        # The prescribed first moves are single laps.
        relay = (f"turn >= 2 and ({relay[0]})", relay[1])
    if get("prescribed") == MLAPS_FIRST:
        # The first move (no extra turn yet) goes on from its last hole while
        # that holds more than one seed, whatever the game's own relay.
        first = "turn == 0 and extra_turns == 0"
        when, start = relay or ("false", "last")
        relay = (f"({first} and count(last) > 1) or (not ({first}) and ({when}))",
                 start if start == "last" else f"if {first} then last else {start}")
    if relay:
        lines += ["", "[relay]", f'when = "{relay[0]}"', f'from = "{relay[1]}"']

    if get("sow_rule") in BLOCKING_SOW_RULES:
        lines += ["", "[[capture]]", 'at = "drop"',
                  f'when = "not own(here) and {closed.format(h="here")}"', 'take = "here"',
                  'to = "south"']
        closes = [inhibit, "not own(lap_start)", f"in_hand == {get('sow_param')}"]
        if BLOCKING_SOW_RULES[get("sow_rule")]:
            closes.append(f"seat_col(lap_start) != {holes}")
        lines += ["", "[[capture]]", 'at = "lift"', f'when = "{both(*closes)}"',
                  'take = "lap_start"', "claim = true", 'at_most = "0"']
    if child and get("child_type") != CHILD_WEG:
        # A child keeps the seeds sown into it for its owner: ours score them
        # at once (the comparison counts a child's seeds in its owner's store).
        lines += ["", "[[capture]]", 'at = "drop"',
                  'when = "claimed_by(here, south) or claimed_by(here, north)"',
                  'take = "here"', 'to = "if claimed_by(here, south) then south else north"']
    if get("sow_rule") == LAP_CAPT_OPP_GETS:
        # sower.SowOppCaptsLast: the lap's holes hold sow_param seeds or fewer
        # (its hand lifted); a seed dropped on the opponent's side goes to the
        # opponent, but a last seed a basic capture could take.
        capturable = both(side_ok("here", True), count_ok("here"))
        conds = [f"lap_board <= {get('sow_param')}", "not own(here)",
                 f"not (is_last and {capturable})" if capturable else "not is_last"]
        lines += ["", "[[capture]]", 'at = "drop"', f'when = "{both(*conds)}"', 'take = "here"',
                  'at_most = "1"', 'to = "opponent"']
    if get("sow_rule") in ENPAS:
        rule = get("sow_rule")
        conds = [inhibit]
        if rule == ENPAS_SOW_SOWER:
            conds.append("own(here)")
        elif rule == ENPAS_OPP_SOWER:
            conds.append("not own(here)")
        if rule != ENPAS_ALL_OWNER_OWN:
            # The lap's last seed is left to the capture at the sowing's end.
            conds.append("not is_last")
        conds += [side_ok("here", True), count_ok("here")]
        to = "owner(here)" if rule in (ENPAS_ALL_OWNER_SOW, ENPAS_ALL_OWNER_OWN) else "mover"
        lines += ["", "[[capture]]", 'at = "drop"', f'when = "{both(*conds)}"', 'take = "here"',
                  f'to = "{to}"']
    if get("child_type") == CHILD_WEG:
        # capturer.MakeWegCapture: the last seed in the opponent's weg takes
        # itself and one more; or the hole becomes the mover's weg, its seeds
        # staying there.
        lines += ["", "[[capture]]", 'at = "sowing_end"',
                  f'when = "{both(inhibit, "claimed_by(last, opponent)")}"', 'take = "last"',
                  'at_most = "2"']
        if into_weg:
            lines.append(f'into = "if mover == south then a{holes} else b1"')
    if child:
        # capturer.MakeChild: a child made, nothing is captured.
        made = "[last, opposite(last)]" if get("child_type") == CHILD_QUR else "last"
        lines += ["", "[[capture]]", 'at = "sowing_end"', f'when = "{child}"', f'take = "{made}"',
                  "claim = true"]
        if get("child_type") == CHILD_WEG:
            lines.append('at_most = "0"')
    presow = get("presowcapt")
    if presow == PRESOW_CAPT_ONE:
        # One seed of each lap's hand to the mover's store.
        lines += ["", "[[capture]]", 'at = "lift"', 'when = "true"', 'take = "[]"',
                  'from_hand = "1"']
    if presow in (PRESOW_ALL_SINGLES, PRESOW_DRAW_ONE):
        # Before each lap is sown: across from the lap's start when its hand is a
        # single seed, or across from every hole of the mover's that held one
        # seed as the move began; never from a child.
        no_child = " and not claimed_by({h}, south) and not claimed_by({h}, north)" \
            if get("child_type") else ""
        if presow == PRESOW_DRAW_ONE:
            when = "in_hand == 1 and count(opposite(lap_start)) > 0" + \
                no_child.format(h="opposite(lap_start)")
            take = "opposite(lap_start)"
        else:
            when = "true"
            take = f"those(h in holes(opponent), before(count(opposite(h))) == 1{no_child.format(h='h')})"
        lines += ["", "[[capture]]", 'at = "lift"', f'when = "{when}"', f'take = "{take}"']
    if capture and get("sow_rule") == LAP_CAPT_SEEDS:
        # The seeds across and the last seed are lifted and sown on.
        capture = [capture[0], 'take = "[last, opposite(last)]"', 'resow = "last"']
    if ram:
        # Rams are marked as claims of the mover's, taking no seeds, after the
        # capture; a capture that empties one ends its claim.
        made = both(inhibit, f"not ({store_again})" if store_again else None) or "true"
        ram_lines = ["", "[[capture]]", 'at = "sowing_end"', f'when = "{made}"',
                     f'take = "those(h in all_holes, {ram.format(h="h")})"', "claim = true",
                     'at_most = "0"', "", "[claims]",
                     f'lost = "not ({ram.format(h="here")})"']
    if get("capt_type") == CAPT_END_OPP_STORE:
        # Before the other capture, which never takes from a store.
        lines += ["", "[[capture]]", 'at = "sowing_end"',
                  f'when = "{both(inhibit, "last == store(opponent)")}"',
                  'take = "store(opponent)"']
    gratuitous = get("game_class") == "NSGratuitous"
    if capture and gratuitous:
        # gratuitous.Gratuitous: the seeds captured wait in the mover's store
        # (ours: its hand) for the mover, playing again, to put them all into
        # one of the opponent's holes.
        capture.append("into_hand = true")
        lines += ["", "[hand]", 'holes = "holes(opponent)"', 'seeds = "hand(mover)"']
    if capture:
        moment = "lap_end" if get("sow_rule") in (LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS) else "sowing_end"
        lines += ["", "[[capture]]", f'at = "{moment}"'] + capture
    if capture and grandslam == GS_OPP_GETS_REMAIN:
        # capturer.GSOppGets: a capture that empties the opponent's row (which
        # held seeds as the move began; only a capture takes them) gives the
        # mover's own seeds to the opponent.
        lines += ["", "[[capture]]", 'at = "sowing_end"',
                  f'when = "before(total({opp_row})) > 0 and total({opp_row}) == 0"',
                  'take = "holes(mover)"', 'to = "opponent"']
    if get("pickextra") == PICK_OPP_BASIC and (capture or get("capt_type") == CAPT_OPP_1CCW):
        # capturer.PickOppBasic: after a capture, every hole of the opponent's
        # that a capture could take.
        lines += ["", "[[capture]]", 'at = "sowing_end"', f'when = "{pick_when}"',
                  f'take = "those(h in holes(opponent), {count_ok("h")})"']
    if get("crosscapt") and get("xcpickown") == 2:
        # capturer.CaptCrossPickOwn: the last seed, alone in its hole on the
        # side the capture is made from, is taken whether or not it captured.
        own_side = {CAPT_OPP: "own(last)", CAPT_OPP_CONT: "own(last)",
                    CAPT_OWN: "not own(last)", CAPT_OWN_CONT: "not own(last)"}.get(side)
        when = both(inhibit, single, not_store, own_side, "count(last) == 1")
        lines += ["", "[[capture]]", 'at = "sowing_end"', f'when = "{when}"', 'take = "last"']
    if get("pickextra") in PICKS_OF_LAST_SEEDS:
        # capturer.PickLastSeeds, after every move: when the seeds it could
        # capture are few (a hole's start, or twice that), every seed left goes
        # to the mover (or, twice, to the round's starter).
        capturable = {CAPT_OPP: "holes(opponent)", CAPT_OPP_TERR: "holes(opponent)",
                      CAPT_OWN: "holes(mover)", CAPT_OWN_TERR: "holes(mover)"}.get(
            side if not get("crosscapt") else CAPT_BOTH, "all_holes")
        twice = get("pickextra") == PICK_2X_LAST_SEEDS
        few = 2 * seeds if twice else seeds
        lines += ["", "[[capture]]", 'at = "sowing_end"',
                  f'when = "total({capturable}) > 0 and total({capturable}) <= {few}"',
                  'take = "all_holes"']
        if twice:
            lines.append('to = "starter()"')

    if ram:
        lines += ram_lines
    agains = ["hand(mover) > 0"] if gratuitous and capture else []
    if store_again:
        agains.append(store_again)
    if get("capt_rturn") == 1 and get("sow_rule") in ENPAS:
        # Passing captures give no extra turn, only the capture at the end:
        # the last hole, emptied by it (a sowing ends in a hole it just fed).
        if not basic or get("crosscapt") or get("capt_type"):
            raise Untranslatable(["an extra turn after a capture other than of the last "
                                  "hole, with passing captures"])
        agains.append("count(last) == 0")
    elif get("capt_rturn") == 1:
        agains.append("captured(mover) > before(captured(mover))")
    elif get("capt_rturn") == 2:
        # capturer.RepeatTurn with ONCE: not when the mover has already played
        # again this turn (for whatever reason).
        agains.append("captured(mover) > before(captured(mover)) and extra_turns == 0")
    if grandslam == GS_LEGAL_SHARE:
        agains.append(f"before(total({opp_row})) > 0 and total({opp_row}) == 0")
    if agains:
        lines += ["", "[turn]", 'again = "' + " or ".join(f"({a})" for a in agains) + '"']

    # End: StoneShark's chain, outermost first (end_move._build_ender).
    unclaimed = get("unclaimed", HOLE_OWNER)
    leftovers = {HOLE_OWNER: "owner(here)", DONT_SCORE: None, DIVVIED: None,
                 LAST_MOVER: "last_mover", UNFED_PLAYER: "opponent"}[unclaimed]
    # With UNFED_PLAYER, the quitter's parameter says who takes the seeds left
    # where the unfed side gets none (end_move._add_end_game_winner), e.g. when
    # the side to move has no seeds left; DIVVIED shares them (below).
    quitter = get("quitter") if get("quitter") is not None else DIVVIED
    quitting = {HOLE_OWNER: "owner(here)", LAST_MOVER: "last_mover"}.get(quitter)
    divvied = unclaimed == DIVVIED or (unclaimed == UNFED_PLAYER and quitter == DIVVIED)
    if unclaimed == UNFED_PLAYER:
        leftovers = "opponent" if get("mustshare") else quitting
    if get("no_sides"):
        # Nobody owns a hole: seeds left on the board score for nobody.
        leftovers = None
    if get("child_type") == CHILD_WEG:
        # A weg's seeds are its owner's (claimer.TakeOwnSeeds).
        leftovers = ("if claimed_by(here, south) then south else if claimed_by(here, north) "
                     f"then north else {leftovers}")

    def end(check, outcome="score", extra=None):
        block = ["", "[[end]]", f'check = "{check}"']
        if extra:
            block.append(extra)
        block.append(f'outcome = "{outcome}"')
        if outcome == "score" and leftovers:
            block.append(f'leftovers = "{leftovers}"')
        return block

    def majority():
        if get("child_type") != CHILD_WEG:
            return end("majority")
        # end_move.ClearWinner counts the seeds in a side's wegs as its own.
        held = "captured({s}) + total(claims({s}))"
        half, odd = divmod(total, 2)
        block = end("condition", "wins", f'when = "{held.format(s="side")} > {half + odd}"')
        if not odd:
            level = " and ".join(f"{held.format(s=s)} == {half}" for s in ("south", "north"))
            block += end("condition", "draw", f'when = "{level}"')
        return block

    if ram:
        # The seeds left in rams score for nobody (claimer: a child of no owner).
        leftovers = None
        lines += ["", "[result]", 'score = "captured(side) + total(those(h in holes(side), '
                  f'not {closed.format(h="h")}))"']
    into_children = (get("child_type") and not get("stores") and unclaimed == HOLE_OWNER
                     and get("child_type") != CHILD_WEG)
    if into_children:
        # end_move.ChildNoStoresEnder: the seeds left go to their owners'
        # children; where only one side has children, all of them go there, and
        # where neither has, they stay on the board, scored by nobody.
        leftovers = None
        has = "number(h in claims({s}), true) > 0"
        lines += ["", "[result]",
                  f'score = "captured(side) + (if not ({has.format(s="side")}) then 0 else '
                  f'if {has.format(s="other(side)")} then total(holes(side)) '
                  'else total(all_holes))"']
    if divvied:
        # Seeds left on the board are shared (every other end leaves none), the odd one to the side behind
        # (North on a tie): StoneShark's claimer.DivvySeedsStores.
        behind = ("captured(other(side)) > captured(side) or "
                  "(captured(other(side)) == captured(side) and side == north)")
        lines += ["", "[result]",
                  f'score = "captured(side) + total(all_holes) / 2 + (if total(all_holes) % 2 == 1 '
                  f'and ({behind}) then 1 else 0)"']
    goal = get("goal", MAX_SEEDS)
    tally = tally_match(info, total) if goal in TALLY_GOALS else []
    goal = TALLY_GOALS.get(goal, goal)
    if goal not in (MAX_SEEDS, TERRITORY):
        # StoneShark's eliminate enders (end_move._build_eliminate_ended), asked
        # after each move of the side that moved: ours at the next turn's start
        # look at the side to move first, which names the same side here, as a
        # move cannot empty both rows at once in these games.
        if goal == DEPRIVE:
            lines += end("no_stones", "loses") + end("no_moves", "loses")
        elif goal == IMMOBILIZE:
            lines += end("no_moves", "loses")
        else:
            if not agains:
                # A move that empties both rows wins for its mover, the side
                # not to move now (there are no extra turns).
                lines += end("condition", "wins", 'when = "side != mover and '
                             'total(holes(side)) == 0 and total(holes(mover)) == 0"')
            # A side with seeds can always move in a clearing game (min_move 1).
            lines += end("no_stones", "wins") + end("no_moves", "draw")
        return "\n".join(lines + tally) + "\n"
    if get("end_cond"):
        when = END_CONDITIONS[get("end_cond")].format(param=get("end_param", 0))
        if ram:
            # end_move.ClearedSideEnder does not look in children (rams).
            when = when.replace("total(holes(side))", "total(those(h in holes(side), not "
                                f"{closed.format(h='h')}))")
        lines += end("condition", extra=f'when = "{when}"')
    if get("rounds") in ROUNDS_END_SEEDS and get("pickextra") not in PICKS_OF_LAST_SEEDS:
        # end_move.EndSeedsLimit (not where a pick of the last seeds does its
        # work): the round ends once so few seeds are left.
        limit = seeds * ROUNDS_END_SEEDS[get("rounds")]
        lines += end("condition", extra=f'when = "total(all_holes) <= {limit}"')
    if goal == TERRITORY:
        # game_constants.adjust_total_seeds: a hole's worth is the seeds a
        # pattern lays out, shared over the holes.
        lines += territory_match(info, holes, total // (2 * holes), total)
    elif tally:
        # end_move.ClearWinner's seeds for a win: all but one, or a majority.
        if get("rounds") == ROUNDS_HALF_SEEDS:
            lines += majority()
        else:
            lines += end("condition", "wins", f'when = "captured(side) > {total - 1}"')
        lines += tally
    elif get("rounds"):
        # A match of rounds (`--match`): each side refills its holes from one end
        # and the holes it cannot fill are closed for the round; a side that
        # cannot fill one hole loses. A round ends at once when a side holds
        # so many seeds that the other could not (end_move.ClearWinner).
        fill = "right" if get("round_fill") == RIGHT_FILL else "left"
        holes_needed = max(get("goal_param") or 0, 1)
        lines += ["", "[match]", f"seeds_per_hole = {seeds}", f'fill_from = "{fill}"',
                  'short_hole = "close"',
                  f'starter = "{ROUND_STARTERS[get("round_starter", 0)]}"']
        lines += draw_starter(info)
        if get("round_fill", NO_FILL_GIVEN) in (NO_FILL_GIVEN, OUTSIDE_FILL, UCHOOSE):
            # Columns 1, H, 2, H - 1, ... as seen from South's seat.
            lines.append(f'fill_order = "if 2 * col(here) <= {holes + 1} then 2 * col(here) '
                         f'else 2 * ({holes + 1} - col(here)) + 1"')
        if holes_needed > 1:
            lines.append(f"min_filled = {holes_needed}")
        if get("rounds") == ROUNDS_HALF_SEEDS:
            # EndTurnIf.compute_win_seeds: a round is won with more than half.
            lines += majority()
        else:
            lines += end("condition", "wins",
                         f'when = "captured(side) > {total - seeds * holes_needed}"')
    else:
        lines += majority()
    needed = min_for_change(info, total)
    too_few = (min_move < needed < total and not stores
               and get("pickextra") not in PICKS_OF_LAST_SEEDS
               and not (get("child_type") and not get("stores"))
               and not (get("mustshare") and not get("mustpass")))
    if get("mustpass"):
        lines += ["", "[[end]]", 'check = "no_moves"', 'outcome = "pass"']
    if unclaimed == UNFED_PLAYER and get("mustshare") and leftovers != quitting:
        # end_move.EndTurnMustShare gives the seeds to the unfed mover only when
        # the side to move has seeds but cannot feed it; a side to move left
        # with no seeds ends the game by the quitter's rule.
        unfed, leftovers = leftovers, quitting
        lines += end("condition", extra='when = "side == mover and total(holes(side)) == 0"')
        leftovers = unfed
    lines += end("no_moves")
    if too_few:
        when = f"total(all_holes) > 0 and total(all_holes) < {needed}"
        if get("child_type"):
            when += " and number(h in claims(south), true) + number(h in claims(north), true) == 0"
        lines += end("condition", extra=f'when = "{when}"')
    return "\n".join(lines) + "\n"


def east_west(text, holes):
    """StoneShark's EastWestCycle (as EWGratuitous uses it): each side owns a
    half of both rows, South the east half, North the west, and sows round it
    (two_cycle.EastWestIncr). Written as the north-south translation with each
    side's holes read as its half: `half(side)` for `holes(side)`, `mine(h)`
    for `own(h)`, and the chain's step round the half."""
    if holes % 2:
        raise Untranslatable(["east-west halves of an odd number of holes"])
    half = holes // 2
    east = ", ".join(f"{r}{c}" for r in "ab" for c in range(half + 1, holes + 1))
    west = ", ".join(f"{r}{c}" for r in "ab" for c in range(1, half + 1))
    ns_step = f"if seat_col(x) == 1 then opposite(prev(x, {holes})) else prev(x)"
    ew_step = f"if x == a{half + 1} then b{half + 1} else if x == b{half} then a{half} else prev(x)"
    if "seat_col(" in text.replace(ns_step, ""):
        raise Untranslatable(["east-west halves with rules read by a hole's column"])
    text = (text.replace(ns_step, ew_step)
            .replace("(not own(here) and not is_store(here))", "not own(here)")
            .replace("own(", "mine(")
            .replace("holes(", "half(")
            .replace('check = "no_stones"', 'check = "condition"\nwhen = "total(half(side)) == 0"')
            .replace("[move]\n", '[move]\nholes = "half(mover)"\n'))
    return text + f"""
# two_cycle.patch_ew_cts_ops: South (False) plays the east half, North the west.
[define.half]
args = ["s"]
is = "if s == south then [{east}] else [{west}]"

[define.mine]
args = ["h"]
is = "contains(half(mover), h)"
"""


def loc_name(loc, holes):
    """Our name of StoneShark's board location: 0.. along South's row, then
    on along North's from its far end."""
    return f"a{loc + 1}" if loc < holes else f"b{2 * holes - loc}"


def zigzag_cycle(holes):
    """zigzag.ZigZagIncr.compute_cycle: the locations in counterclockwise
    order of sowing (for an even number of holes)."""
    dbl = 2 * holes
    cycle = [0] * dbl
    for idx in range(holes - 1):
        cycle[idx] = idx + 1 if idx % 2 else dbl - idx - 2
    cycle[holes - 1] = holes - 1
    for idx in range(holes, dbl - 1):
        cycle[idx] = dbl - idx - 2 if idx % 2 else idx + 1
    return cycle


def zigzag_clockwise(loc, holes):
    """zigzag.ZigZagGetDir: whether a move from the location is sown
    clockwise (each hole towards the centre line)."""
    half = holes // 2
    cw_odd = [idx % 2 == 1 for idx in range(half)]
    ccw_odd = [idx % 2 == 0 for idx in range(half)]
    return (cw_odd + cw_odd[::-1] + ccw_odd + ccw_odd[::-1])[loc]


def start_board(holes, seeds, pattern, north_starts=False):
    """StoneShark's start, by location (0.. counterclockwise from South's left),
    as its own fill pattern makes it when South (or North) starts."""
    board = [seeds] * (2 * holes)
    if pattern and pattern != MOVE_RIGHTMOST:
        import fill_patterns  # noqa: E402  (StoneShark's module; load_props set the path)
        game = types.SimpleNamespace(
            cts=types.SimpleNamespace(holes=holes, dbl_holes=2 * holes, nbr_start=seeds),
            turn=north_starts, board=board)
        fill_patterns.PCLASSES[pattern].fill_seeds(game)
        board = game.board
    return board


def setup_expression(board, holes):
    """`[setup] seeds`: a number, or the holes holding each count."""
    def name(loc):
        return f"a{loc + 1}" if loc < holes else f"b{2 * holes - loc}"
    counts = sorted(set(board), key=lambda c: -board.count(c))
    if len(counts) == 1:
        return str(counts[0])
    expr = str(counts[0])
    for count in counts[1:]:
        where = ", ".join(name(loc) for loc, c in enumerate(board) if c == count)
        expr = f"if contains([{where}], here) then {count} else {expr}"
    return f'"{expr}"'


# Where each side may make a child (make_child.ChildLocOk.pattern_dict): for each
# of five parts of a row (first hole, second, the middle ones, second last, last),
# North's row first, then South's; "b" both, "s" South, "n" North, "" neither.
CHILD_LOCS = {
    1: (("b", "", "", "", "b"), ("b", "", "", "", "b")),
    2: (("", "b", "b", "b", ""), ("", "b", "b", "b", "")),
    3: (("s", "n", "n", "n", "s"), ("n", "s", "s", "s", "n")),
    4: (("b", "s", "", "s", "b"), ("b", "n", "", "n", "b")),
    5: (("s", "b", "b", "b", "b"), ("b", "b", "b", "b", "n")),
    6: (("b", "b", "b", "b", "n"), ("s", "b", "b", "b", "b")),
    7: (("n", "b", "b", "b", "b"), ("b", "b", "b", "b", "s")),
    10: (("b", "s", "s", "s", "b"), ("b", "n", "n", "n", "b")),
}


def child_condition(info, holes, inhibit):
    """When the last seed makes a child (make_child.deco_child), as a condition."""
    get = info.get
    if get("child_type") == CHILD_QUR:
        # make_child.QurChild: a last seed in an empty hole across from
        # child_cvt seeds makes both holes children (capturer.MakeQur).
        conds = [inhibit, "count(last) == 1", f"count(opposite(last)) == {get('child_cvt')}"]
    else:
        conds = [inhibit, f"count(last) == {get('child_cvt')}"]
    if get("child_type") == CHILD_ONE:
        conds.append("number(h in claims(mover), true) == 0")
    if get("child_type") == CHILD_WEG:
        # A weg keeps its seeds: not one already (make_child.BaseChild).
        conds.append("not claimed_by(last, south) and not claimed_by(last, north)")
    # By row, or in games of territory by owner (make_child.OppOwnerChild).
    if get("child_rule") in (CHILD_OPP_SIDE, CHILD_OPP_OWNER):
        conds.append("not own(last)")
    elif get("child_rule") in (CHILD_OWN_SIDE, CHILD_OWN_OWNER):
        conds.append("own(last)")
    locs = get("child_locs", 0)
    if locs == CHILD_NOT_SYM_OPP:
        conds.append("not any(h in all_holes, (claimed_by(h, south) or claimed_by(h, north)) "
                     "and owner(h) != owner(last) and seat_col(h) == seat_col(last))")
        locs = 7
    elif locs == CHILD_NOT_FACING:
        conds.append("not (claimed_by(opposite(last), south) or "
                     "claimed_by(opposite(last), north))")
        locs = 6
    if locs:
        north_row, south_row = CHILD_LOCS[locs]
        pattern = list(south_row) + list(north_row)[::-1]
        short = {2: [0, 4, 5, 9], 3: [0, 2, 4, 5, 7, 9], 4: [0, 1, 3, 4, 5, 6, 8, 9]}
        half = [0, 1] + [2] * (holes - 4) + [3, 4]
        trans = short.get(holes, half + [v + 5 for v in half])

        def name(loc):
            return f"a{loc + 1}" if loc < holes else f"b{2 * holes - loc}"

        def where(side):
            names = [name(loc) for loc in range(2 * holes) if side in pattern[trans[loc]]
                     or pattern[trans[loc]] == "b"]
            return f"contains([{', '.join(names)}], last)" if names else "false"
        conds.append(f"(if mover == south then {where('s')} else {where('n')})")
    return " and ".join(c for c in conds if c)


def draw_starter(info):
    """new_game.set_round_starter after a drawn round: its turn is the side to
    move as the round ended; the loser rule takes the other. StoneShark's turn
    passes after every move, not after a pass: where a round can end after one
    (mustpass) and no move earns another, that is the side after the last mover."""
    get = info.get
    if get("round_starter", 0) not in (1, 2):
        return []
    if get("mustpass") and not (get("sow_stores") or get("capt_rturn")):
        side = "last_mover" if get("round_starter") == 1 else "other(last_mover)"
    else:
        side = "opponent" if get("round_starter") == 1 else "mover"
    return [f'draw_starter = "{side}"']


def tally_match(info, total):
    """The `[match]` of a game of round tallies (round_tally.RoundTally.tally
    and win_test; new_game.NewRoundTally starts every round afresh)."""
    get = info.get
    more = "captured(side) > captured(other(side))"
    points = {
        RND_SEED_COUNT: "captured(side)",
        RND_EXTRA_SEEDS: f"if drawn or not ({more}) then 0 else "
                         "captured(side) - captured(other(side))",
        # A point for the round, one more for a skunk (three quarters of the seeds).
        RND_POINTS: f"if drawn then 0 else (if {more} then 1 else 0) + "
                    f"(if captured(side) >= {total * 3 // 4} then 1 else 0)",
    }.get(get("goal"), "if won then 1 else 0")
    return ["", "[match]", f'starter = "{ROUND_STARTERS[get("round_starter", 0)]}"',
            *draw_starter(info), f'tally = "{points}"', f"tally_to_win = {get('goal_param')}"]


def territory_match(info, holes, seeds, total):
    """The `[match]` of a game of territory and the end that wins it outright
    (new_game.TerritoryNewRound, end_move.RoundWinner and ClearWinner)."""
    get = info.get
    needed = get("goal_param")
    # The hole neither side fills alone: StoneShark's terr_wholes_loser gives
    # it to the loser; terr_wholes_round to the winner when more than half of
    # it is the winner's; TerrEmptyNewRound leaves it empty, the seeds in hand.
    if get("round_fill") in (TERR_EX_LOSER, TERR_EX_EMPTY):
        short = "topped_up" if get("round_fill") == TERR_EX_LOSER else "empty"
        win_seeds = needed * seeds
        lost_below = total - win_seeds + 1
    else:
        # terr_wholes_random draws the hole by lot where both gave as many
        # (only where a hole's worth is even: else terr_wholes_round).
        by_lot = get("round_fill") == TERR_EX_RANDOM and seeds % 2 == 0
        short = "shared_by_lot" if by_lot else "shared"
        win_seeds = (needed - 1) * seeds + seeds // 2 + 1
        lost_below = total - win_seeds + seeds // 2
    lines = ["", "[match]", f"seeds_per_hole = {seeds}",
             # The winner's holes run on into the loser's from the loser's left
             # (StoneShark's first), which the loser fills last.
             'fill_from = "right"', f'short_hole = "{short}"', 'surplus = "territory"',
             f'starter = "{ROUND_STARTERS[get("round_starter", 0)]}"']
    if laid_out_afresh(info):
        # TerritoryNewRound lays the board out as a new game does (NewGame, then
        # the start pattern), the seeds held only saying who owns which holes.
        lines.append('layout = "setup"')
    lines += draw_starter(info)
    # RoundWinner: a side left with too few seeds to claim the holes it needs
    # ends the game (not only the round).
    lines.append(f'lost_when = "captured(side) < {lost_below}"')
    if get("rounds") == ROUNDS_NO_MOVES:
        # EndTurnIf.compute_win_seeds asks this before it asks for territory.
        win_seeds = total - 1
    lines += ["", "[[end]]", 'check = "condition"',
              f'when = "captured(side) > {win_seeds}"', 'outcome = "wins"']
    return lines


def laid_out_afresh(info):
    """Whether a territory game's rounds are said as laid out from the setup
    (`[match] layout = "setup"`): where a pattern lays them out, or seeds left
    unscored make the refill differ from StoneShark's fresh board. Not with
    TERR_EX_EMPTY (TerrEmptyNewRound empties a hole and keeps remainders in
    the stores), whose refill the language says as refilled."""
    get = info.get
    fresh = get("unclaimed", HOLE_OWNER) != HOLE_OWNER or get("start_pattern")
    return bool(fresh) and get("round_fill") != TERR_EX_EMPTY


def rounds_missing(info):
    """What a game of rounds needs beyond `[match]` (StoneShark's new_game.NewRound
    and end_move.RoundWinner), if anything."""
    get = info.get
    missing = []
    if get("goal") in TALLY_GOALS:
        if get("rounds") not in (ROUNDS_NO_MOVES, ROUNDS_HALF_SEEDS):
            missing.append(MISSING["rounds"])
        return missing
    if get("goal") == TERRITORY:
        if get("rounds") not in (ROUNDS_NO_MOVES,) + tuple(ROUNDS_END_SEEDS):
            missing.append(MISSING["rounds"])
        if get("round_fill", 0) not in (NO_FILL_GIVEN, UCHOWN, TERR_EX_RANDOM, TERR_EX_LOSER,
                                        TERR_EX_EMPTY):
            missing.append("territory allotted by lot, or refilled otherwise")
        if get("capt_side", 0) in (CAPT_OPP, CAPT_OWN, CAPT_OPP_CONT, CAPT_OWN_CONT):
            missing.append("captures by row in a game of territory")
        if (get("unclaimed", HOLE_OWNER) != HOLE_OWNER or get("start_pattern")) \
                and not laid_out_afresh(info):
            missing.append("rounds refilled from seeds the round's end leaves unscored, or "
                           "from a start pattern")
        return missing
    if get("rounds") not in (ROUNDS_NO_MOVES, ROUNDS_HALF_SEEDS) or get("goal", 0) != MAX_SEEDS:
        missing.append(MISSING["rounds"])
    # UCHOOSE lets a player pick the holes to fill in StoneShark's window only;
    # played without it, NewRound fills from both ends (OUTSIDE_FILL).
    if get("round_fill", 0) not in (NO_FILL_GIVEN, LEFT_FILL, RIGHT_FILL, OUTSIDE_FILL, UCHOOSE) \
            or not get("blocks"):
        missing.append("rounds refilled otherwise than from one end, closing the holes "
                       "left short")
    if get("unclaimed", HOLE_OWNER) != HOLE_OWNER or get("start_pattern"):
        missing.append("rounds refilled from seeds the round's end leaves unscored, or "
                       "from a start pattern")
    return missing


def file_stem(name):
    """`Base::Variant` is written to `Base--Variant.toml`."""
    return name.replace("::", "--")


def min_for_change(info, total):
    """StoneShark's NoOutcomeChange.min_for_change for the games translated."""
    # Children are made from child_cvt seeds on; while one exists, seeds
    # can still be sown into it, so the check stands aside (asked at play).
    needed = (info.get("child_cvt") or total) if info.get("child_type") else total
    if info.get("evens") or info.get("crosscapt"):
        needed = min(2, needed)
    if info.get("capt_type") == CAPT_TWO_OUT:
        needed = min(2 if info.get("mlaps") else 3, needed)
    if info.get("capt_on"):
        if info.get("evens"):
            needed = min(v for v in info["capt_on"] if not v % 1)
        else:
            needed = min(*info["capt_on"], needed)
    if info.get("capt_min"):
        needed = info["capt_min"] if needed == total else max(info["capt_min"], needed)
    return needed


# Games written by hand where the parameters have no translation.
HANDWRITTEN = os.path.join(os.path.dirname(__file__), "..", "catalogue", "stoneshark")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    checkout, out = sys.argv[1], sys.argv[2]
    names = sys.argv[3:] or sorted(
        f[:-4] for f in os.listdir(os.path.join(checkout, "GameProps"))
        if f.endswith(".txt") and not f.startswith("_"))
    os.makedirs(out, exist_ok=True)
    report = {}
    for base in names:
        for name, consts, info in load_props(checkout, base):
            try:
                text = translate(name, consts, info)
            except Untranslatable as why:
                handwritten = os.path.join(HANDWRITTEN, file_stem(name) + ".toml")
                if not os.path.exists(handwritten):
                    report[name] = {"translated": False, "missing": why.args[0]}
                    continue
                text = open(handwritten).read()
                report[name] = {"translated": True, "handwritten": True,
                                "missing": why.args[0]}
                with open(os.path.join(out, file_stem(name) + ".toml"), "w") as file:
                    file.write(text)
                continue
            with open(os.path.join(out, file_stem(name) + ".toml"), "w") as file:
                file.write(text)
            report[name] = {"translated": True}
    with open(os.path.join(out, "report.json"), "w") as file:
        json.dump(report, file, indent=1, sort_keys=True)
    bases = [n for n in report if "::" not in n]
    done = sum(report[n]["translated"] for n in bases)
    variants = sum(r["translated"] for n, r in report.items() if "::" in n)
    print(f"{done} of {len(bases)} games and {variants} of {len(report) - len(bases)} "
          f"variants translated into {out}")


if __name__ == "__main__":
    main()
