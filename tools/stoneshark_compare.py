#!/usr/bin/env python3
"""Plays random games in StoneShark's MancalaGames engine and checks, decision by
decision, that `mancala replay GAME ... --json --trace` agrees: the same legal
decisions, board, stores (our `captured`), side to move and final result. Game
files with a `[match]` section are compared as matches (`--match`), round after
round.

StoneShark's engine is not vendored here. Get it (public on GitHub) and point
this tool at a checkout:

    git clone https://github.com/StoneShark/MancalaGames /tmp/ss
    python3 tools/stoneshark_compare.py /tmp/ss [GAMES_PER_PAIR] [SEED] [PAIR...]
    python3 tools/stoneshark_compare.py /tmp/ss GAMES SEED --converted DIR

The second form compares the game files tools/stoneshark_convert.py wrote into
DIR, each with the StoneShark game of its name. MANCALA=PATH runs another build
of ours (e.g. a copy, so that a long comparison is not disturbed by rebuilds).

Not part of CI. Each pair below is one of our games (with options) and the
StoneShark parameter file that plays the same reading; `why` says where the
two differ outside what is compared.
"""

import json
import os
import random
import re
import subprocess
import sys
import tempfile

BINARY = os.environ.get("MANCALA", "target/release/mancala")
# StoneShark calls a sowing endless after 75 laps (sower.MAX_LAPS); ours after
# the lap limit (GEN-7), set to the same here.
LAP_LIMIT = "75"

# (our game, our options, StoneShark file, decisions after which a game is left
#  unfinished, note)
#
# Where a move's direction is chosen, StoneShark's capture chain runs against the
# game's configured direction, not the move's (capturer.CaptOppDir computes it
# once when the game's direction is fixed); MB-4 runs it against the move's, as
# the rule says. The comparison corrects StoneShark for that (see
# `chain_against_each_move`) and says so in the table.
PAIRS = [
    ("tools/stoneshark/kalah.toml", [], "Kalah", 400,
     "StoneShark ends the game only when the side to move has no move; KA-7 when either row is empty"),
    ("oware", [], "Oware", 400,
     "ours also ends a game on a repeated position (OW-8); such games are left out"),
    ("wari", [], "Wari", 400, ""),
    ("tools/stoneshark/tapata.toml", ["long_sowings_free=1"], "Tapata", 400,
     "with Russ's reading of TP-5 (holes of more than twelve seeds are not restricted); "
     "StoneShark ends the game as soon as a side's own move empties its row"),
    ("songo", [], "Songo", 400, ""),
    ("ayoayo", [], "Ayoayo", 400, ""),
    ("tools/stoneshark/endodoi.toml", [], "Endodoi", 600,
     "StoneShark also ends the game when one seed is left"),
    ("tools/stoneshark/ot-tjin.toml", [], "Ot-tjin", 600,
     "StoneShark also ends the game when fewer than three seeds are left"),
    ("halusa", [], "Halusa", 400, ""),
    ("kale", [], "Kale", 400, ""),
    ("ouri", [], "Ouri", 400, ""),
    ("tools/stoneshark/hufesay.toml", [], "Hufesay", 400,
     "StoneShark also ends the game when one seed is left"),
    ("tools/stoneshark/mbangbi.toml", [], "Mbangbi", 400,
     "StoneShark ends the game once a side has more than half the seeds (same winner); "
     "its capture chain corrected to run against each move's direction"),
    ("cow", [], "Cow", 400, ""),
    ("goat", [], "Goat", 400, ""),
    ("voleur", [], "Voleur", 400, ""),
    ("sadeqa-iv", [], "Sadeqa_IV", 400, ""),
    ("kara", [], "Kara", 400, ""),
    ("modiar", [], "Modiar", 400, ""),
    ("tap-urdy", [], "Tap-Urdy", 400, ""),
    ("eson-xorgol", [], "Eson_Xorgol", 400, ""),
    ("san-yao", [], "San_Yao", 400, ""),
    ("bay-khom", [], "Bay_Khom", 400, ""),
    ("meusueb", [], "Meusueb", 400, ""),
    ("lam-waladach", [], "Lam_Waladach", 400, ""),
    ("anywoli", [], "Anywoli", 400, ""),
    ("pandi", [], "Pandi", 400, ""),
    ("ohvulhu", [], "Ohvulhu", 400, ""),
    ("nambayi", [], "Nambayi", 400, ""),
    ("embeli", [], "Embeli", 400, ""),
    ("krur", [], "Krur", 400, ""),
    ("weg", [], "Weg", 400, ""),
    ("waurie", [], "Waurie", 400, ""),
    ("nsa-isong", [], "Nsa_Isong", 400, ""),
    ("motiq", [], "Motiq", 400, ""),
    ("raja-pasu", [], "Raja_Pasu", 400, ""),
    ("adji-kui", [], "Adji_Kui_I", 400, ""),
    ("tools/stoneshark/bakuk.toml", [], "Bakuk", 400,
     "StoneShark also ends the game when one seed is left"),
    ("tools/stoneshark/pallanguzhi.toml", [], "Pallam_Kuzhi::No_Rounds", 400,
     "StoneShark also ends the game when one seed is left"),
    ("tools/stoneshark/ali-guli-mane.toml", [], "Ali_Guli_Mane", 400,
     "the first round; StoneShark has no end on a repeated position, and ends the game once a side cannot reach ten seeds (its GOAL_PARAM 2)"),
    ("adji-boto-valdez", [], "Adji-boto", 400, "Valdez's ending (AB-7, the variant file)"),
    ("tools/stoneshark/nam-nam.toml", [], "NamNam", 400,
     "the first round; StoneShark reckons the holes won across the middle by rounding a "
     "side's seeds (its parameters, translated with short_hole = \"shared\", play its "
     "rounds), and it ends the game once a side holds more than 39 seeds"),
    ("tools/stoneshark/tchuka-ruma.toml", ["holes_per_row=7"], "Tchuka_Ruma", 400,
     "the solitaire raced by two players, as StoneShark plays it: the first to empty its row wins"),
    ("tools/stoneshark/dakon.toml", [], "Dakon", 600,
     "the first round of StoneShark's game of rounds, which a side with 71 seeds wins outright"),
    ("tools/stoneshark/dakon-match.toml", [], "Dakon", 600,
     "the match (DK-9..12, --match); StoneShark also ends a round once a side holds 71 seeds"),
    ("tools/stoneshark/toguz-kumalak.toml", [], "Toguz_Kumalak", 600,
     "StoneShark also ends the game when one stone is left and no tuzdyk exists"),
    ("tools/stoneshark/vai-lung-thlan.toml", [], "Vai_Lun_Thlan", 400,
     "StoneShark ends the game once a side has more than half the seeds (same winner)"),
    ("tools/stoneshark/bohnenspiel.toml", [], "Bohnenspiel", 400,
     "StoneShark also ends the game when one bean is left, giving it to the last mover"),
    ("tools/stoneshark/qelat.toml", ["capture_fours=1", "no_single_back=1"], "Qelat", 400,
     "with both options (fours taken into a walda, no single seed moved straight back); "
     "StoneShark also ends the game once a side holds more than half the seeds (same winner)"),
    ("tools/stoneshark/sadeqa-iii.toml", [], "Sadeqa_III", 400,
     "StoneShark ends the game once a side has more than half the seeds; SQ-10 plays on (same winner)"),
]


def ours_trace(game, options, decisions, match=False, position=None, deal=None):
    """`replay --json --trace`: our state at the start (or from `position`, a
    position file) and after each decision. Where ours refuses a decision (its
    game ended earlier), up to that one."""
    args = [BINARY, "replay", game, "--json", "--trace", "--max-turns", "100000",
            "--lap-limit", LAP_LIMIT]
    if deal is not None:
        args += ["--deal", str(deal)]
    if position:
        args += ["--position", position]
    if match:
        # StoneShark plays rounds until a side cannot refill.
        args += ["--match", "--max-rounds", "10000"]
    for option in options:
        args += ["--option", option]
    out = subprocess.run(args + ["--", *decisions], capture_output=True, text=True)
    if out.returncode != 0:
        refused = re.match(r"decision (\d+) ", out.stderr)
        if not refused:
            raise subprocess.CalledProcessError(out.returncode, args, out.stdout, out.stderr)
        played = int(refused.group(1)) - 1
        out = subprocess.run(args + ["--", *decisions[:played]], capture_output=True,
                             text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


# new_game.TerritoryNewRound with RoundFill.TERR_EX_RANDOM (Lahemay Waladat): a
# hole both sides fill halfway between rounds goes to a side by lot, StoneShark's
# drawn from Python's unseeded `random`, ours (`short_hole = "shared_by_lot"`)
# from the match's deal and the round's number. The comparison plays ours with a
# fixed deal (the game's index) and makes StoneShark's draw give the hole to the
# side ours gave it to (`drawn_as_ours`); each engine's rounds are compared as
# before, the draw only lined up.
TERR_EX_RANDOM = 11


def ours_lot(game, options, decisions, deal, seeds_per_hole):
    """StoneShark's draw (new_game.TerritoryNewRound.terr_wholes_random) as ours
    made it at the end of the round `decisions` end: 1 where the side that held
    more seeds got the hole, 0 where the other did. Where ours is not starting a
    new round there, 0: the comparison then shows where the two part."""
    trace = ours_trace(game, options, decisions, True, deal=deal)
    now = trace[-1]
    if len(trace) != len(decisions) + 1 or now["status"] != "ongoing" \
            or now["match"]["round"] != len(now["match"]["rounds"]) + 1:
        return 0
    held = now["match"]["rounds"][-1]["holdings"]
    more = max(held, key=held.get)
    own_row = "a" if more == "south" else "b"
    # Its own row, and the other's holes it holds across the middle.
    holes = len(now["position"]["board"][0]) + sum(
        -1 if hole[0] == own_row else 1 for hole in now["position"].get("territory", []))
    return holes - held[more] // seeds_per_hole


def drawn_as_ours(game, lot, decisions):
    """Starts StoneShark's next round with its `random.randint` (called by
    new_game only for the lot) answered by `lot`."""
    import new_game  # noqa: E402  (StoneShark's module)
    import types
    unseeded = new_game.random
    new_game.random = types.SimpleNamespace(randint=lambda low, high: lot(decisions))
    try:
        game.new_game(new_round=True)
    finally:
        new_game.random = unseeded


def load_stoneshark(checkout):
    sys.path.insert(0, os.path.join(checkout, "src"))
    import animator  # noqa: E402  (StoneShark's modules)
    import game_logger
    import man_config
    animator.ENABLED = False
    game_logger.game_log.active = False
    # Variants are applied through StoneShark's parameter table, which it finds
    # from the current folder.
    here = os.getcwd()
    os.chdir(checkout)
    man_config.read_params_data()
    os.chdir(here)
    endless_moves_by_index()
    return man_config


def endless_moves_by_index():
    """Corrects two slips in StoneShark's NoEndlessSows. It clears `allow[pos]`,
    the move's position in its row, where the array is indexed by `idx`. The
    two differ for North's holes in games whose moves name a row (move
    triples), so an endless move of North's stayed legal there (seen in
    NamNam: a relay of 75 laps offered, then played, ending the game as a
    quit). And it sows a hole whose direction the mover chooses in the game's
    direction only, so a move endless the other way stayed legal (seen in
    Four-Capture); such moves are kept aside here and left out by UdirMoves."""
    import allowables
    import game_info as gi
    import get_moves
    from game_logger import game_log

    def get_allowable_holes(self):
        allow = self.decorator.get_allowable_holes()
        saved_state = self.game.state
        holes = self.tholes if self.game.turn else self.fholes
        endless_ways = set()
        for idx, loc in holes:
            if not allow[idx]:
                continue
            row = int(loc < self.game.cts.holes)
            pos = self.game.cts.xlate_pos_loc(row, loc)
            chosen = (self.game.info.mlength == 2
                      and self.game.cts.loc_to_left_cnt(loc) in self.game.info.udir_holes)
            moves = ([gi.MoveTpl(pos, d) for d in (gi.Direct.CCW, gi.Direct.CW)] if chosen
                     else [self.make_move(row, pos)])
            endless = []
            for move in moves:
                with game_log.simulate(), self.game.restore_state(saved_state):
                    mdata = self.game.do_sow(move)
                if mdata.capt_start == gi.WinCond.ENDLESS:
                    endless.append(move)
            if len(endless) == len(moves):
                allow[idx] = False
            else:
                endless_ways.update(endless)
        self.game.endless_ways = (saved_state, endless_ways)
        return allow

    allowables.NoEndlessSows.get_allowable_holes = get_allowable_holes
    udir_moves = get_moves.UdirMoves.get_moves

    def without_endless_ways(self):
        moves = udir_moves(self)
        state, endless = getattr(self.game, "endless_ways", (None, set()))
        if endless and state == self.game.state:
            moves = [m for m in moves if m not in endless]
        return moves

    get_moves.UdirMoves.get_moves = without_endless_ways


def hole_name(game, move):
    """StoneShark's moves are positions 0.. from the mover's left as seen from
    South's seat; South (False) plays its bottom row, North (True) the top (in
    games where either may move from any hole, a move names its row). Where
    the mover chooses the direction a move is (position, direction), direction
    None for the holes whose direction is the game's."""
    if isinstance(move, tuple) and move[0] < 0:
        # A move from the mover's store (get_moves.StoreMoveChoose: store,
        # seeds): ours sows that many from its hand into its leftmost hole.
        holes = game.cts.holes
        return f"{'b' + str(holes) if game.turn else 'a1'}:hand={move[1]}"
    if isinstance(move, tuple) and len(move) == 3:
        # From either row (`no_sides`): row 1 is South's, positions from the left.
        row, pos, direction = move
        name = f"{'a' if row else 'b'}{pos + 1}"
    else:
        pos, direction = (move[0], move[1]) if isinstance(move, tuple) else (move, None)
        name = f"{'b' if game.turn else 'a'}{pos + 1}"
    if direction is not None:
        name += ":ccw" if direction > 0 else ":cw"
    return name


CHAIN_CORRECTED = {"Mbangbi"}
# StoneShark's SowPrescribed.NO_UDIR_FIRSTS: each side's first move in the game's direction.
NO_UDIR_FIRSTS = 6


# fill_patterns.RandomPattern: seeds laid out at random. Ours scatters its own
# (`[setup] scatter`), so the comparison starts ours from StoneShark's deal, and
# compares one round: later rounds are dealt by each engine its own way.
RANDOM_PATTERN = 6
# fill_patterns.RandomEmptiesPattern: dealt at random too, holes empty or of four
# and more (ours: `[setup] scatter_min`).
RANDOM_ZEROS = 12
# Goals of round tallies (round_tally.RoundTally.GOALS): every round starts afresh.
TALLY_GOALS = (4, 5, 6, 7, 8, 9, 11)
TERRITORY = 2


def chain_against_each_move(game):
    """Makes StoneShark's capture chain run against the direction each move was
    sown in (its default fixes it from the game's configured direction)."""
    deco = game.deco.capturer
    while deco is not None:
        if type(deco).__name__ == "CaptOppDir":
            deco.opp_dir = 0
        deco = getattr(deco, "decorator", None)


def board_of(game):
    """StoneShark's locations run counterclockwise from South's left: 0..H-1 are
    a1..aH, H..2H-1 are bH..b1. StoneShark keeps the seeds of a child (a tuzdyk,
    a walda) in its hole until the end; ours go to the claimer's score as they
    are sown, so they are counted there."""
    holes = game.cts.holes
    board = list(game.board)
    stores = list(game.store)
    # A weg keeps its seeds in ours too (and they are taken from it).
    keeps = game.info.child_type == 4
    for loc, child in enumerate(game.child):
        if (child is True or child is False) and not keeps:
            stores[int(child)] += board[loc]
            board[loc] = 0
    south = board[:holes]
    north = [board[2 * holes - 1 - i] for i in range(holes)]
    return [south, north], {"south": stores[0], "north": stores[1]}


def status_of(game, cond, match=False):
    """A game of rounds is compared over its first round, or as a match."""
    over = cond is not None and (cond.is_game_over() or (cond.is_round_over() and not match))
    if not over:
        return "ongoing"
    if cond.is_tie():
        return "draw"
    return "north_won" if game.mdata.winner else "south_won"


def compare(man_config, checkout, pair, games, rng, converted=False):
    our_game, options, props, limit, _ = pair
    with open(our_game if os.path.exists(our_game) else os.devnull) as file:
        match = "[match]" in file.read()
    if match:
        limit *= 10
    decisions_checked = 0
    skipped = 0
    for index in range(games):
        base, _, variant = props.partition("::")
        game, _ = man_config.make_game(os.path.join(checkout, "GameProps", base + ".txt"),
                                       variant or None)
        game.turn = False
        game.starter = False
        random_start = game.info.start_pattern in (RANDOM_PATTERN, RANDOM_ZEROS)
        gratuitous = type(game).__name__ in ("NSGratuitous", "EWGratuitous")
        if random_start:
            # StoneShark deals from Python's own generator: seeded from ours.
            match = False
            random.seed(rng.getrandbits(64))
        if game.info.start_pattern:
            # Fill patterns depend on who starts: start again with South.
            game.starter = True
            game.new_game()
            if game.info.goal in TALLY_GOALS:
                # NewRoundTally then picks a starter of its own
                # (set_round_starter); the board was laid out for South.
                game.turn = False
                game.starter = False
        # A move that would sow for ever is not legal (GEN-7); StoneShark's
        # default ends the game when one is played instead.
        game.disallow_endless(True)
        if game.info.udirect and game.info.mlaps:
            # allowables.deco_allowable leaves out NoEndlessSows where the
            # direction is chosen, so an endless move stays legal there; ours
            # are not (GEN-7): asked here of each direction.
            import allowables  # noqa: E402  (StoneShark's module)
            game.deco.allow = allowables.NoEndlessSows(game, game.deco.allow)
        if props in CHAIN_CORRECTED or converted:
            chain_against_each_move(game)
        if random_start:
            board, stores = board_of(game)
            dealt = {"board": board, "captured": stores, "to_move": "south"}
        lot, deal = None, None
        if match and game.info.round_fill == TERR_EX_RANDOM and not game.cts.seed_equiv % 2:
            deal = index
            lot = lambda decisions, deal=deal, per_hole=game.cts.seed_equiv: ours_lot(
                our_game, options, decisions, deal, per_hole)
        steps, decisions = play_stoneshark(game, rng, limit, match, lot)
        if random_start:
            with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
                json.dump(dealt, file)
            mine = ours_trace(our_game, options, decisions, match, file.name)
            os.unlink(file.name)
        else:
            mine = ours_trace(our_game, options, decisions, match, deal=deal)
        for step, (theirs, board, stores, to_move, legal) in enumerate(steps):
            where = f"{our_game} game {index}, after {' '.join(decisions[:step]) or 'no decision'}"
            # Ours may have ended earlier, refusing the decisions after its end.
            assert step < len(mine), (where, "ongoing", mine[-1]["status"])
            ours_now = mine[step]
            if theirs == "left out" or (ours_now.get("reason") == "repetition"
                                        and theirs == "ongoing"):
                skipped += 1
                break
            if theirs != "ongoing" or ours_now["status"] != "ongoing":
                assert ours_now["status"] == theirs, (where, ours_now["status"], theirs)
                break
            position = ours_now["position"]
            assert position["board"] == board, (where, position["board"], board)
            captured = position["captured"]
            if gratuitous or game.info.play_locs:
                # gratuitous.Gratuitous keeps the seeds captured in the store
                # until the mover puts them into an opponent's hole, and a game
                # played from the stores (PLAY_LOCS) sows them back from there;
                # ours holds them in hand.
                hand = position.get("hand", {"south": 0, "north": 0})
                captured = {side: captured[side] + hand[side] for side in captured}
            assert captured == stores, (where, captured, stores)
            assert position["to_move"] == to_move, (where, position["to_move"], to_move)
            assert sorted(ours_now["legal"]) == legal, (where, ours_now["legal"], legal)
            decisions_checked += 1
    return decisions_checked, skipped


def play_stoneshark(game, rng, limit, match, lot=None):
    """One random game in StoneShark's engine: what it shows before each
    decision (status, board, stores, side to move, legal decisions), the last
    entry its end (or "left out" past `limit` decisions), and the decisions.
    `lot`, where given, makes the draw between rounds (`drawn_as_ours`)."""
    steps, decisions = [], []
    cond = None
    while True:
        theirs = status_of(game, cond, match)
        if theirs != "ongoing" or len(decisions) >= limit:
            steps.append((theirs if theirs != "ongoing" else "left out", None, None, None, None))
            return steps, decisions
        board, stores = board_of(game)
        moves = game.get_moves()
        names = {m: hole_name(game, m) for m in moves}
        if game.info.prescribed == NO_UDIR_FIRSTS and game.movers < 2:
            # StoneShark offers both directions of an opening move it sows in
            # the game's direction either way: the same move to us.
            names = {m: n.split(":")[0] for m, n in names.items()}
        steps.append(("ongoing", board, stores, "north" if game.turn else "south",
                      sorted(set(names.values()))))
        move = rng.choice(moves)
        decisions.append(names[move])
        cond = game.move(move)
        if match and cond is not None and cond.is_round_over():
            if lot:
                drawn_as_ours(game, lot, decisions)
            else:
                game.new_game(new_round=True)
            if game.info.start_pattern and game.info.goal in TALLY_GOALS + (TERRITORY,):
                # A slip corrected: new_game.NewRoundTally (and
                # TerritoryNewRound) lay the pattern out for the side NewGame
                # alternates to, then set the round's starter by their own
                # rule; ours lays it out for the starter, as the patterns are
                # defined (fill_patterns: "the starter", "the non-starter").
                import fill_patterns  # noqa: E402  (StoneShark's module)
                fill_patterns.PCLASSES[game.info.start_pattern].fill_seeds(game)
            cond = None
            continue
        if game.info.mustpass and not (cond and cond.is_game_over()) and game.test_pass():
            # A slip corrected: StoneShark's pass (mancala.test_pass) keeps the
            # count of extra turns the passing side had in a row, so the other
            # side's first capture after it earned no extra turn where one
            # extra turn is allowed (capt_rturn ONCE).
            game.rturn_cnt = 0


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    checkout = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    chosen = sys.argv[4:]
    man_config = load_stoneshark(checkout)
    rng = random.Random(seed)
    if chosen[:1] == ["--converted"]:
        compare_converted(man_config, checkout, chosen[1], games, rng)
        return
    print("| our game | StoneShark | games | decisions | left out | note |")
    print("|---|---|---|---|---|---|")
    for pair in PAIRS:
        if chosen and pair[0] not in chosen:
            continue
        checked, skipped = compare(man_config, checkout, pair, games, rng)
        print(f"| {pair[0]} {' '.join(pair[1])} | {pair[2]} | {games} | {checked} "
              f"| {skipped} | {pair[4]} |", flush=True)


def compare_converted(man_config, checkout, folder, games, rng):
    """Compares every translated game; a disagreement is reported, not raised,
    and recorded in FOLDER/compared.json."""
    results = {}
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".toml"):
            continue
        name = file[:-5].replace("--", "::")
        pair = (os.path.join(folder, file), [], name, 400, "")
        try:
            checked, skipped = compare(man_config, checkout, pair, games, rng, converted=True)
            results[name] = {"agree": True, "decisions": checked, "left_out": skipped}
        except AssertionError as error:
            results[name] = {"agree": False, "first_difference": repr(error)[:600]}
        except subprocess.CalledProcessError as error:
            results[name] = {"agree": False, "error": error.stderr[:600]}
        print(name, results[name], flush=True)
    with open(os.path.join(folder, "compared.json"), "w") as out:
        json.dump(results, out, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
