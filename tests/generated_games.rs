//! Properties of every game file the loader accepts, not only the bundled ones:
//! game files are generated from the language's parts (circuits, lifts, relays,
//! skips, directions chosen or reversed, relays lifting some seeds or stopped,
//! holes claimed from the start, captures at every time with chains, vetoes,
//! strips, re-sown laps turned and seeds put into a hole or a hand, gifts once
//! few seeds are left, relays on after a capture, both stores sown,
//! random starts, extra turns, swaps of seats, hand moves beside board moves
//! with a count chosen,
//! end checks in any order with leftovers), and random games of each must keep
//! the invariants — a game not over has a legal decision, seeds are conserved,
//! a finished game has none — and agents must find a decision without panicking.

use mancala::agents::{mcts, playout, search::AlphaBeta};
use mancala::language::load;
use mancala::rules::game::Limits;
use mancala::rules::setup::Setup;
use mancala::rules::state::GameState;
use proptest::prelude::*;
use proptest::sample::select;
use rand::RngExt;

/// Parts of a game file, each a TOML fragment that is valid on its own.
#[derive(Clone, Debug)]
struct Parts {
    four_rows: bool,
    columns: u8,
    /// Stores, at their owners' right or left end, and whether both sides sow both.
    store_end: Option<(&'static str, bool)>,
    seeds: &'static str,
    /// Seeds scattered at random over the holes after `seeds`.
    scatter: Option<u8>,
    /// A `[setup.opening]` section.
    opening: Option<&'static str>,
    direction: &'static str,
    holes: Option<&'static str>,
    from: Option<&'static str>,
    lift: Option<&'static str>,
    /// `[move] after` or `[move] prefer`, and its condition.
    after: Option<(&'static str, &'static str)>,
    skip: Option<&'static str>,
    /// `[sowing] drop`: seeds into each hole.
    drop: Option<&'static str>,
    /// `[sowing] reverse`, `[move] choose_direction` and `[relay] reverse`.
    directions: (
        Option<&'static str>,
        Option<&'static str>,
        Option<&'static str>,
    ),
    relay: Option<&'static str>,
    claims: Option<&'static str>,
    /// Seeds in hand at the start, and the `[hand]` section that plays them.
    hand: Option<(u8, &'static str)>,
    captures: Vec<&'static str>,
    again: Option<&'static str>,
    /// `[swap] when`.
    swap: Option<&'static str>,
    ends: Vec<&'static str>,
}

/// Seeds dropped into each hole sown: a number, or read from the hole.
const DROP: &[&str] = &["2", "if count(here) == 0 then 2 else 1", "in_hand"];
const HOLES: &[&str] = &["all_holes", "holes(opponent)", "[a1, b1]"];
/// Openings played as the setup: drawn, forced, one a side with the turn passed.
const OPENINGS: &[&str] = &[
    "\n[setup.opening]\n",
    "\n[setup.opening]\nfrom = \"seat_col(origin) == 1 or not any(h in holes(mover), seat_col(h) == 1 and count(h) > 0)\"\n",
    "\n[setup.opening]\ndecisions = 2\nturn = \"passes\"\n",
];
const FROM: &[&str] = &[
    "count(origin) >= 2",
    "count(origin) >= 2 or not any(h in holes(mover), count(h) >= 2)",
    "count(next(origin)) == 0 or count(origin) > 1",
    // No single seed moved straight back where the last move brought it.
    "not (count(origin) == 1 and previous_ended(origin) and previous_lifted(opposite(origin)) == 1)",
    // Every hole played once before any is played again.
    "not moved_from(origin) or all(h in holes(mover), moved_from(h))",
    // A single seed just moved may not move on at once, unless it captured.
    "previous_captured() or not (count(origin) == 1 and previous_ended(origin))",
];
const LIFT: &[&str] = &["1", "min(count(origin), 3)", "count(origin) / 2 + 1"];
/// `[move] after` or `prefer` (a condition, or for `prefer` an integer to make largest).
const AFTER: &[(&str, &str)] = &[
    ("after", "total(holes(opponent)) > 0"),
    ("after", "total(holes(mover)) > 0 or captured(mover) > 0"),
    (
        "after",
        "before(total(holes(opponent))) > 0 or total(holes(opponent)) > 0",
    ),
    ("after", "captured(mover) > before(captured(mover))"),
    ("prefer", "total(holes(opponent)) > 0"),
    (
        "prefer",
        "before(total(holes(opponent))) > 0 or total(holes(opponent)) > 0",
    ),
    ("prefer", "captured(mover) > before(captured(mover))"),
    ("prefer", "captured(mover) - before(captured(mover))"),
];
const SKIP: &[&str] = &[
    "here == origin",
    "lap > 1 and here == origin",
    "here == lap_start",
    // The opening's last seed passed on to the opponent's side.
    "turn < 2 and in_hand == 1 and own(here)",
];
const REVERSE: &[&str] = &[
    "seat_col(origin) <= 2",
    "mover == north",
    "turn % 4 >= 2",
    // Each side keeps to the direction the first move set for it.
    "previous_clockwise() == any(h in holes(mover), previous_lifted(h) > 0)",
];
const CHOOSE_DIRECTION: &[&str] = &[
    "true",
    "seat_col(origin) == 1",
    "count(origin) > 3",
    "turn == 0",
    "in_hand <= 2",
];
const RELAY_REVERSE: &[&str] = &["not own(last)", "lap % 2 == 0"];
const HAND: &[&str] = &[
    "",
    "to = \"count(origin) > 0\"\nseeds = \"min(hand(mover), 3)\"\nsow = true",
    "when = \"turn < 4\"\nseeds = \"2\"",
    // Seeds passed between the hands, either way.
    "seeds = \"3\"\ngive = \"if hand(mover) == 1 then 1 else if hand(mover) == 2 then 0 - 5 else 0\"",
    // Beside board moves, the count chosen or not.
    "offered = \"beside\"\nchoose_seeds = \"in_hand % 2 == 1 or count(origin) == 0\"\nsow = true",
    "offered = \"beside\"\nto = \"count(origin) < 3\"",
    "choose_seeds = \"true\"",
];
const RELAY: &[&str] = &[
    "when = \"count(last) > 1\"\nfrom = \"last\"",
    "when = \"count(last) > 1 and lap < 4\"\nfrom = \"last\"",
    "when = \"count(next(last)) > 0\"\nfrom = \"next(last)\"",
    "when = \"own(last) and count(last) > 1\"\nfrom = \"opposite(last)\"",
    // Some of the seeds lifted, and a chance to stop instead.
    "when = \"count(last) > 1\"\nfrom = \"last\"\nlift = \"min(count(last), 3)\"\noptional = \"lap_clockwise or own(last)\"",
    // On from the next hole after a capture at the lap's end.
    "when = \"taken > 0 or count(last) > 1\"\nfrom = \"if taken > 0 then next(last) else last\"",
];
/// Claims (`[claims]`): held from the start, lost when emptied; or gained on
/// the holes the mover threatens.
const CLAIMS: &[&str] = &[
    "start = \"seat_col(here) == 1\"\nlost = \"count(here) == 0\"",
    "start = \"seat_col(here) <= 2\"",
    // The holes the mover threatens, until their owner lifts seeds.
    "gain = \"contains(threats(mover), here)\"\nlost = \"claimer != owner(here) and mover == owner(here)\"",
    "start = \"seat_col(here) == 1\"\ngain = \"number(h in threats(mover), true) == 1 and contains(threats(mover), here)\"\nlost = \"count(here) == 0 or (claimer != owner(here) and mover == owner(here))\"",
];
const CAPTURES: &[&str] = &[
    // Every pair in the opponent's row, when the last seed faces one.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) == 2"
take = "those(h in holes(opponent), count(h) == 2)""#,
    // A hole opposite an own empty hole.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "opposite(last)""#,
    // Twos and threes backwards in the opponent's row, vetoed when it takes all.
    r#"at = "sowing_end"
when = "not own(last) and (count(last) == 2 or count(last) == 3)"
take = "last"
chain = { step = "prev(x)", while = "not own(x) and (count(x) == 2 or count(x) == 3)" }
veto = "total(holes(opponent)) == 0""#,
    // The same, but a capture of every seed across gives back the first hole.
    r#"at = "sowing_end"
when = "not own(last) and (count(last) == 2 or count(last) == 3)"
take = "last"
chain = { step = "prev(x)", while = "not own(x) and (count(x) == 2 or count(x) == 3)" }
veto = "total(holes(opponent)) == 0"
spare = "those(h in holes(opponent), count(h) > 0 and all(g in holes(opponent), count(g) == 0 or seat_col(g) >= seat_col(h)))""#,
    // Evens from the last hole backwards, two holes at most.
    r#"at = "sowing_end"
when = "count(last) > 0 and count(last) % 2 == 0"
take = "last"
chain = { step = "prev(x)", while = "count(x) > 0 and count(x) % 2 == 0", limit = 2 }"#,
    // A capture that owes a strip from the opponent's holes.
    r#"at = "sowing_end"
when = "count(last) == 1 and count(opposite(last)) > 0"
take = "opposite(last)"
strip = { stones = "taken", from = "holes(opponent)" }"#,
    // A capture that lets the mover take one more hole of the opponent's, whole.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "opposite(last)"
strip = { stones = "1", from = "holes(opponent)", whole = true }"#,
    // Optional captures: across at the end, and fours re-sown at a lap's end.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "[last, opposite(last)]"
optional = true"#,
    r#"at = "lap_end"
when = "not own(last) and count(last) == 4"
take = "last"
resow = "last"
optional = true"#,
    // Captures before each lap is sown: across from a lone seed lifted, and
    // across from every hole of the mover's that held one seed as the move began.
    r#"at = "lift"
when = "in_hand == 1 and count(opposite(lap_start)) > 0"
take = "opposite(lap_start)""#,
    r#"at = "lift"
when = "lap == 1"
take = "those(h in holes(opponent), before(count(opposite(h))) == 1)""#,
    // The first seed of every lap to the mover's score.
    r#"at = "lift"
when = "in_hand > 1"
take = "[]"
from_hand = "1""#,
    // A capture that reads the start of the move.
    r#"at = "sowing_end"
when = "own(last) and count(last) > before(count(last)) + 1"
take = "opposite(last)""#,
    // Part of a hole: two of the seeds across from a lone last seed, and a
    // claim that takes none (a weg keeping its seeds).
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "opposite(last)"
at_most = "2""#,
    r#"at = "sowing_end"
when = "not own(last) and count(last) == 4"
take = "last"
claim = true
at_most = "0""#,
    // Fours in the opponent's row sown on from there (a re-sowing capture).
    r#"at = "lap_end"
when = "not own(last) and count(last) == 4"
take = "last"
resow = "last""#,
    // Fours sown back clockwise from the hole after them.
    r#"at = "lap_end"
when = "not own(last) and count(last) == 4"
take = "last"
resow = "next(last)"
resow_reverse = "not lap_clockwise""#,
    // A claim, and seeds sown into claimed holes going to their claimers.
    r#"at = "sowing_end"
when = "not own(last) and count(last) == 3 and number(h in claims(mover), true) == 0"
take = "last"
claim = true"#,
    r#"at = "drop"
when = "claimed_by(here, south) or claimed_by(here, north)"
take = "here"
to = "if claimed_by(here, south) then south else north""#,
    // A sweep of the opponent's holes (empties any strip owed before it).
    r#"at = "sowing_end"
when = "not own(last) and total(holes(opponent)) < 6"
take = "holes(opponent)""#,
    // Fours at each drop, to the row's owner.
    r#"at = "drop"
when = "count(here) == 4"
take = "here"
to = "owner(here)""#,
    // The seeds across pulled into a lone last seed's hole, staying in play.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "opposite(last)"
into = "last""#,
    // Twos in the mover's row into its hand, for hand moves to give away.
    r#"at = "sowing_end"
when = "own(last) and count(last) == 2"
take = "last"
into_hand = true"#,
    // Once a lap starts with few seeds left, those dropped across are the opponent's.
    r#"at = "drop"
when = "lap_board <= 8 and not own(here) and not is_last"
take = "here"
at_most = "1"
to = "opponent""#,
    // Fours made in the opponent's row taken out of play, and the first
    // occupied hole of the opponent's row taken by a lone last seed.
    r#"at = "sowing_end"
when = "not own(last) and count(last) == 4"
take = "last"
remove = true"#,
    r#"at = "sowing_end"
when = "own(last) and count(last) == 1"
take = "first(those(h in holes(opponent), count(h) > 0))""#,
    // Fours at each lap's end, with a strip of one.
    r#"at = "lap_end"
when = "count(last) == 4"
take = "[last, opposite(last)]"
strip = { stones = "1", from = "holes(opponent)" }"#,
];
const AGAIN: &[&str] = &[
    "own(last) and count(last) == 1",
    "lap > 2",
    "turn < 4 and count(last) == 2",
    "extra_turns < 2 and captured(mover) > before(captured(mover))",
];
/// When the side to move may swap seats: the pie rule, early on, and whenever
/// behind (which the other side, then behind, may answer in kind).
const SWAP: &[&str] = &[
    "has_played(opponent) and not has_played(mover)",
    "turn < 3",
    "total(holes(mover)) < total(holes(opponent))",
];
const ENDS: &[&str] = &[
    "check = \"no_stones\"\noutcome = \"loses\"",
    "check = \"no_stones\"\noutcome = \"score\"\nleftovers = \"owner(here)\"",
    "check = \"no_stones\"\noutcome = \"draw\"",
    "check = \"repetition\"\noutcome = \"draw\"",
    "check = \"majority\"\noutcome = \"score\"",
    "check = \"no_moves\"\noutcome = \"score\"\nleftovers = \"mover\"",
    "check = \"condition\"\nwhen = \"captured(side) > 6 and turn > 3\"\noutcome = \"wins\"",
    "check = \"condition\"\nwhen = \"total(holes(side)) == 0\"\noutcome = \"loses\"",
    // Leftovers that spare the holes holding a single seed.
    "check = \"no_stones\"\noutcome = \"score\"\nleftovers = \"owner(here)\"\nspare = \"count(here) == 1\"",
    // A look-ahead: no move of either side would capture any more.
    "check = \"condition\"\nwhen = \"number(h in threats(side), true) + number(h in threats(other(side)), true) == 0\"\noutcome = \"score\"\nleftovers = \"owner(here)\"",
];
/// End checks a player calls or offers instead of moving (at most one a file,
/// as each needs a name of its own).
const CALLS: &[&str] = &[
    "check = \"condition\"\nwhen = \"captured(side) > captured(other(side))\"\ncall = \"pass\"\noutcome = \"pass\"",
    "check = \"condition\"\nwhen = \"turn > 2\"\ncall = \"resign\"\noutcome = \"loses\"",
    "check = \"condition\"\nwhen = \"total(holes(side)) < 4\"\noffer = \"offer_end\"\noutcome = \"score\"\nleftovers = \"owner(here)\"",
    "check = \"repetition\"\noffer = \"end\"\noutcome = \"draw\"",
    // A pass at any time, the game over once both sides have passed in turn.
    "check = \"condition\"\nwhen = \"passed() < 2\"\ncall = \"pass\"\noutcome = \"pass\"\n\n[[end]]\ncheck = \"condition\"\nwhen = \"passed() >= 2\"\noutcome = \"score\"",
];

impl Parts {
    fn file(&self) -> String {
        let rows = if self.four_rows { 4 } else { 2 };
        let circuit = if self.four_rows { "own_rows" } else { "board" };
        let mut file = format!(
            "[game]\nname = \"generated\"\norigin = \"a test\"\nrules = \"none\"\nsummary = \"generated\"\n\n\
             [board]\nrows = {rows}\nholes_per_row = {}\n{}\n\
             [setup]\nseeds = \"{}\"\n{}\n[sowing]\ncircuit = \"{circuit}\"\ndirection = \"{}\"\n",
            self.columns,
            self.store_end.map_or(String::new(), |(end, both)| format!(
                "stores = true\nstore_end = \"{end}\"\nsown_stores = \"{}\"\n",
                if both { "both" } else { "own" }
            )),
            self.seeds,
            self.hand
                .map_or(String::new(), |(seeds, _)| format!("hand = {seeds}\n"))
                + &self
                    .scatter
                    .map_or(String::new(), |seeds| format!("scatter = {seeds}\n"))
                + self.opening.unwrap_or(""),
            self.direction
        );
        if let Some(skip) = self.skip {
            file += &format!("skip = \"{skip}\"\n");
        }
        if let Some(drop) = self.drop {
            file += &format!("drop = \"{drop}\"\n");
        }
        let (reverse, choose_direction, relay_reverse) = self.directions;
        if let Some(reverse) = reverse {
            file += &format!("reverse = \"{reverse}\"\n");
        }
        file += "\n[move]\n";
        for (key, value) in [
            ("holes", self.holes),
            ("from", self.from),
            ("lift", self.lift),
            ("choose_direction", choose_direction),
        ] {
            if let Some(value) = value {
                file += &format!("{key} = \"{value}\"\n");
            }
        }
        if let Some((key, condition)) = self.after {
            file += &format!("{key} = \"{condition}\"\n");
        }
        if let Some((_, hand)) = self.hand {
            file += &format!("\n[hand]\n{hand}\n");
        } else if self.captures.iter().any(|c| c.contains("into_hand")) {
            // Seeds captured into a hand come back into play by hand moves.
            file += "\n[hand]\nholes = \"holes(opponent)\"\n";
        }
        if let Some(claims) = self.claims {
            file += &format!("\n[claims]\n{claims}\n");
        }
        if let Some(relay) = self.relay {
            file += &format!("\n[relay]\n{relay}\n");
            if let Some(reverse) = relay_reverse {
                file += &format!("reverse = \"{reverse}\"\n");
            }
        }
        for capture in &self.captures {
            file += &format!("\n[[capture]]\n{capture}\n");
        }
        if let Some(again) = self.again {
            file += &format!("\n[turn]\nagain = \"{again}\"\n");
        }
        if let Some(swap) = self.swap {
            file += &format!("\n[swap]\nwhen = \"{swap}\"\n");
        }
        for end in &self.ends {
            file += &format!("\n[[end]]\n{end}\n");
        }
        file
    }
}

fn parts() -> impl Strategy<Value = Parts> {
    let board = (
        any::<bool>(),
        1u8..=6,
        prop::option::of((select(vec!["right", "left"]), any::<bool>())),
    );
    let sowing = (
        (
            select(vec!["1", "2", "3", "if inner(here) then 0 else 2"]),
            prop::option::of(1u8..=12),
            prop::option::of(select(OPENINGS)),
        ),
        select(vec!["ccw", "cw"]),
        (
            prop::option::of(select(SKIP)),
            prop::option::of(select(DROP)),
        ),
        (
            prop::option::of(select(REVERSE)),
            prop::option::of(select(CHOOSE_DIRECTION)),
            prop::option::of(select(RELAY_REVERSE)),
        ),
    );
    let moves = (
        prop::option::of(select(HOLES)),
        prop::option::of(select(FROM)),
        prop::option::of(select(LIFT)),
        prop::option::of(select(AFTER)),
        prop::option::of(select(RELAY)),
        prop::option::of((1u8..=8, select(HAND))),
    );
    let rules = (
        prop::collection::vec(select(CAPTURES), 0..4),
        prop::option::of(select(AGAIN)),
        prop::option::of(select(CLAIMS)),
        // Any end checks in any order, then the one every file must have.
        prop::collection::vec(select(ENDS), 0..4),
        prop::option::of(select(CALLS)),
        prop::option::of(select(SWAP)),
        select(vec![
            "check = \"no_moves\"\noutcome = \"loses\"",
            "check = \"no_moves\"\noutcome = \"draw\"",
            "check = \"no_moves\"\noutcome = \"pass\"\n\n[[end]]\ncheck = \"no_moves\"\noutcome = \"score\"",
        ]),
    );
    (board, sowing, moves, rules).prop_map(
        |(
            (four_rows, columns, store_end),
            ((seeds, scatter, opening), direction, (skip, drop), directions),
            (holes, from, lift, after, relay, hand),
            (captures, again, claims, mut ends, call, swap, no_moves),
        )| {
            ends.extend(call);
            ends.push(no_moves);
            Parts {
                four_rows,
                columns,
                // Stores sit on a two-row board's circuit only.
                store_end: store_end.filter(|_| !four_rows),
                seeds,
                scatter,
                opening,
                direction,
                holes,
                from,
                lift,
                after,
                skip,
                drop,
                directions,
                relay,
                claims,
                hand,
                captures,
                again,
                swap,
                ends,
            }
        },
    )
}

fn total_seeds(state: &GameState) -> u32 {
    let p = state.position();
    p.seeds()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn every_loadable_file_keeps_the_invariants(parts in parts(), seed: u64) {
        let file = parts.file();
        // Inside a board's rows seeds "if inner(here)" need four rows; any file
        // the loader refuses is refused with a message, which is all it owes.
        let mut game = match load::load_str("generated", "generated.toml", &file, &[]) {
            Ok(game) => game,
            Err(error) => {
                prop_assert!(!error.render().is_empty());
                return Ok(());
            }
        };
        let limits = Limits { turns: 200, laps: 200, ..game.limits() };
        game.set_limits(limits).unwrap();
        // A random start is dealt from the game's seed too.
        let mut state = GameState::from_position(&game, game.deal(seed, mancala::Side::South));
        let total = total_seeds(&state);
        // Every deal lays out the same seeds, and the same deal the same start.
        let other = GameState::from_position(&game, game.deal(!seed, mancala::Side::South));
        prop_assert_eq!(total_seeds(&other), total, "{}", file);
        let again = game.deal(seed, mancala::Side::South);
        prop_assert_eq!(again, game.deal(seed, mancala::Side::South), "{}", file);
        let mut rng = playout::rng(seed);
        let mut searcher = AlphaBeta::default();
        let mut decisions = 0;
        while state.outcome().is_none() {
            let legal = state.legal().len();
            prop_assert!(legal > 0, "an ongoing game has a legal decision:\n{}", file);
            for decision in state.legal() {
                // A decision's name (JSON, replay, scenarios) reads back as itself.
                let name = game.decision_name(decision);
                prop_assert_eq!(game.parse_decision(&name), Some(decision), "{}", name);
            }
            // Agents decide here too: they must not panic or pick out of range.
            if decisions % 25 == 0 {
                prop_assert!(searcher.best(&state, 2).0 < legal);
                prop_assert!(mcts::best(&state, mcts::Budget::Iterations(8), &mut rng) < legal);
                // Claims, hands and the last move played survive the one checked
                // path position files and scenarios go through.
                let p = *state.position();
                if p.pending().is_none() {
                    let again = Setup::of(game.board(), &p).position(&game);
                    prop_assert_eq!(again, Ok(p), "{}", file);
                }
                // The position a move leads to is the one playing it reaches
                // (claims gained included), until a turn's end checks change it.
                for (index, successor) in state.successors().iter().enumerate() {
                    let mut played = state.clone();
                    played.play_index(index);
                    if played.outcome().is_none() && played.passes() == state.passes() {
                        prop_assert_eq!(played.position(), successor, "{}", file);
                    }
                    // The state search agents expand is the state playing reaches.
                    let after = state.after(index);
                    prop_assert_eq!(after.position(), played.position(), "{}", file);
                    prop_assert!(after.legal().eq(played.legal()), "{}", file);
                    prop_assert_eq!(after.outcome(), played.outcome(), "{}", file);
                    prop_assert_eq!(after.decisions(), played.decisions(), "{}", file);
                }
            }
            state.play_index(rng.random_range(0..legal));
            prop_assert_eq!(total_seeds(&state), total, "seeds are conserved:\n{}", file);
            decisions += 1;
        }
        prop_assert_eq!(state.legal().len(), 0);
    }
}

/// The property above says little if the loader refused most generated files.
#[test]
fn most_generated_files_load() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = parts();
    let tried = 400;
    let mut refused = Vec::new();
    for _ in 0..tried {
        let file = strategy.new_tree(&mut runner).unwrap().current().file();
        if let Err(e) = load::load_str("generated", "generated.toml", &file, &[]) {
            refused.push(e.render());
        }
    }
    assert!(
        refused.len() * 10 <= tried,
        "{} of {tried} refused, e.g.\n{}",
        refused.len(),
        refused.first().map_or("", String::as_str)
    );
}
