//! Bounded work everywhere (issue 32): each test is named after the item it
//! pins and tries to break the bound as a hostile file or request would. Every
//! run here is capped in memory, so growth without bound fails the test rather
//! than the machine.

mod common;

use common::{mancala_capped, refused, scratch, stderr, stdout};

/// Memory a run here may use: far more than any bounded one needs.
const CAP_MB: u64 = 1024;

/// A file in a fresh folder.
fn file(test: &str, name: &str, text: &str) -> String {
    let path = scratch(test).join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Terms each using the one before `fan_out` times, `levels` deep (as
/// `tests/hostile/terms-that-grow.toml`, 7 deep and 12 each, does).
fn doubling_terms(levels: usize, fan_out: usize) -> String {
    let mut text = String::from("extends = \"kalah\"\n\n[define.term_0]\nis = \"count(last)\"\n");
    for i in 1..=levels {
        let uses = vec![format!("term_{}", i - 1); fan_out].join(" + ");
        text += &format!("[define.term_{i}]\nis = \"{uses}\"\n");
    }
    text + &format!(
        "[[capture]]\nat = \"sowing_end\"\nwhen = \"term_{levels} > 0\"\ntake = \"last\"\n"
    )
}

#[test]
fn item_01_terms_that_grow_exponentially_are_refused_before_they_are_built() {
    // 12^7 copies of `count(last)`: this aborted allocating before the bound.
    let path = "tests/hostile/terms-that-grow.toml";
    for command in ["validate", "explain", "show"] {
        let output = mancala_capped(CAP_MB, &[command, path]);
        refused(&output, "would write out more than 100000 nodes");
        assert!(
            stderr(&output).contains("terms-that-grow.toml:"),
            "{}",
            stderr(&output)
        );
    }
    // Arguments nested in arguments grow as fast.
    let mut text = String::from(
        "extends = \"kalah\"\n[define.twice]\nargs = [\"n\"]\nis = \"n + n\"\n[[capture]]\nat = \"sowing_end\"\n",
    );
    text += &format!(
        "when = \"{}count(last){} > 0\"\ntake = \"last\"\n",
        "twice(".repeat(25),
        ")".repeat(25)
    );
    let path = file("item01", "nested.toml", &text);
    refused(
        &mancala_capped(CAP_MB, &["validate", &path]),
        "would write out more than 100000 nodes",
    );
    // A modest use of terms still loads.
    let path = file("item01", "modest.toml", &doubling_terms(3, 6));
    let output = mancala_capped(CAP_MB, &["validate", &path]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn item_02_explain_of_terms_whose_wording_repeats_an_argument_stays_small() {
    let output = mancala_capped(CAP_MB, &["explain", "tests/hostile/words-that-grow.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).len() < 20_000, "{}", stdout(&output).len());
    assert!(stdout(&output).contains("`step`(`step`("));
}

#[test]
fn item_19_messages_say_what_a_name_is() {
    let path = file(
        "item19",
        "names.toml",
        r#"extends = "kalah"
[options.style]
default = "a"
values = ["a", "b"]
help = "a word"

[define.takes]
args = ["x"]
is = "count(x) > zzz"

[[capture]]
at = "sowing_end"
when = "style == 1"
take = "last"
"#,
    );
    let output = mancala_capped(CAP_MB, &["validate", &path]);
    let message = stderr(&output);
    refused(&output, "`style` is a word option");
    // The reserved names are listed, not only said to be reserved.
    assert!(message.contains("(it binds mover,"), "{message}");
    // An unknown name inside a term is shown where the term is defined.
    assert!(
        message.contains("unknown name `zzz`: not an argument of the term (x)"),
        "{message}"
    );
    assert!(message.contains("names.toml:9:18"), "{message}");

    let path = file(
        "item19",
        "size.toml",
        "extends = \"tchuka-ruma\"\n[[capture]]\nat = \"sowing_end\"\nwhen = \"rows > 1\"\ntake = \"last\"\n",
    );
    refused(
        &mancala_capped(CAP_MB, &["validate", &path]),
        "a [board] or [setup] key is not a name; declare `[options.rows]`",
    );
}

#[test]
fn item_20_game_files_cite_the_rules_documents_where_they_are() {
    for entry in std::fs::read_dir("games").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("shared/rules"), "{}", path.display());
        for cited in text.split("docs/rules/").skip(1) {
            let file = cited.split(".md").next().unwrap();
            assert!(
                std::path::Path::new(&format!("docs/rules/{file}.md")).is_file(),
                "{} cites docs/rules/{file}.md",
                path.display()
            );
        }
    }
}

#[test]
fn item_04_one_move_does_bounded_work() {
    let path = "tests/hostile/unbounded-moves.toml";
    let output = mancala_capped(CAP_MB, &["validate", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(
            "warning: the move a1 from the start is endless, not legal (GEN-7): it reaches the work limit"
        ),
        "{}",
        stdout(&output)
    );
    // Every move is cut, so South cannot move and the game is over.
    refused(
        &mancala_capped(CAP_MB, &["replay", path, "a1"]),
        "decision 1 `a1` is not legal",
    );
    // The same rules with Kalah's 48 seeds: a lap's work is bounded by the
    // seeds in play, so the move that 48,000 seeds could not make is legal,
    // its relay sowing lap after lap.
    let few = file(
        "item04",
        "few-seeds.toml",
        "extends = \"kalah\"\n[relay]\nwhen = \"count(last) > 1\"\nfrom = \"last\"\n\
         [[capture]]\nat = \"drop\"\ntake = \"here\"\nwhen = \"any(h in all_holes, \
         any(g in all_holes, count(h) > count(g) + 100000)) and count(here) > 0\"\n",
    );
    let output = mancala_capped(CAP_MB, &["validate", &few]);
    assert!(
        stdout(&output).contains("0 warnings"),
        "{}",
        stdout(&output)
    );
    let output = mancala_capped(CAP_MB, &["replay", &few, "a1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stdout(&output).contains("completed turns: 1"));
}

/// Item 4 again: the hand a move lifts counts among the seeds its work is
/// charged for, so every seed in one hole is no way round the bound.
#[test]
fn item_04_the_lifted_hand_counts_in_a_moves_work() {
    let path = "tests/hostile/one-heavy-hole.toml";
    refused(
        &mancala_capped(CAP_MB, &["replay", path, "a1"]),
        "decision 1 `a1` is not legal",
    );
}

/// Item 3: a timed agent stops within its time and one move's work, however
/// large the game; a cancelled search stops at once. (Not a speed test: the
/// bounds checked are tens of times the budgets, which before ran for minutes.)
#[test]
fn item_03_agents_stop_at_their_time_or_when_cancelled() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use mancala::agents::deadline::Deadline;
    use mancala::agents::search::AlphaBeta;
    use mancala::studies::compare::Agent;

    let options = [("holes_per_row".to_string(), "36".to_string())];
    let game = mancala::load("nsolo", &options).unwrap();
    let state = mancala::GameState::new(&game);
    let legal = state.legal().len();
    for name in ["mcts:100ms", "alphabeta:100ms"] {
        let agent = Agent::parse(name).unwrap();
        let started = Instant::now();
        let mut rng = mancala::agents::playout::rng(1);
        let index = agent.choose(&state, &mut rng, &mut AlphaBeta::default());
        assert!(index < legal);
        let took = started.elapsed();
        assert!(took < Duration::from_secs(5), "{name} took {took:?}");
    }
    // A search of depth 8 (minutes on this board) given a deadline, and one
    // whose caller has gone.
    let started = Instant::now();
    let deadline = Deadline::after(Duration::from_millis(100));
    let (index, _) = AlphaBeta::default().best_before(&state, 8, deadline);
    assert!(index < legal);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let cancelled = Arc::new(AtomicBool::new(true));
    let started = Instant::now();
    let deadline = Deadline::none().or_cancelled(cancelled);
    let mut rng = mancala::agents::playout::rng(1);
    let index = Agent::parse("mcts:100000").unwrap().choose_before(
        &state,
        &mut rng,
        &mut AlphaBeta::default(),
        deadline,
    );
    assert!(index < legal);
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
}

/// Item 11: a comparison's table with a label of 70,000 characters (a label
/// the server accepts) is printed, not a panic on the format width.
#[test]
fn item_11_a_very_long_label_is_printed() {
    use mancala::studies::compare::{self, Agent};
    let game = mancala::load("kalah", &[]).unwrap();
    let label = "x".repeat(70_000);
    let summary = compare::run(&label, &game, 2, 1, [Agent::Random, Agent::Random]);
    let table = compare::table(&[summary]);
    assert!(table.lines().next().unwrap().ends_with(&label));
    assert!(table.lines().nth(1).unwrap().starts_with("games "));
}

/// Item 17: a variant file with no `[game]` of its own, met by `check` in a
/// folder, is passed over as a game file, not called a broken scenario.
#[test]
fn item_17_check_passes_over_variant_files_without_a_game_table() {
    let dir = scratch("item17");
    std::fs::write(
        dir.join("variant.toml"),
        "extends = \"kalah\"\n[setup]\nseeds = 3\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("scenario.toml"),
        "game = \"kalah\"\nclauses = [\"KA-1\"]\nabout = \"a1 sows four\"\ndecisions = [\"a1\"]\n[expect]\nto_move = \"north\"\n",
    )
    .unwrap();
    let output = mancala_capped(CAP_MB, &["check", &dir.display().to_string()]);
    assert!(
        output.status.success(),
        "{}{}",
        stdout(&output),
        stderr(&output)
    );
    assert!(
        stdout(&output).contains("1 passed, 0 failed"),
        "{}",
        stdout(&output)
    );
}

/// Item 12: `before(...)` around `threats(...)`, which it could not honour, is
/// refused where it is written.
#[test]
fn item_12_threats_inside_before_is_refused() {
    let text = std::fs::read_to_string("tests/games/threats.toml")
        .unwrap()
        .replace(
            "gain = \"contains(threats(mover), here)\"",
            "gain = \"before(contains(threats(mover), here))\"",
        );
    assert!(text.contains("before(contains(threats"));
    let path = file("item12", "threats.toml", &text);
    refused(
        &mancala_capped(CAP_MB, &["validate", &path]),
        "`threats` cannot be read in `before(...)`",
    );
}

/// Item 14: counts and arithmetic past their old range. Extra turns in a row
/// are counted exactly (they stopped at 255, so a rule `extra_turns < 300`
/// held for ever), and expression arithmetic saturates instead of wrapping
/// (a score of 2 x 2^62 turned negative, and the side with fewer seeds won).
#[test]
fn item_14_counts_and_arithmetic_do_not_wrap() {
    let dir = scratch("item14");
    let game = dir.join("again.toml");
    std::fs::write(
        &game,
        "extends = \"kalah\"\n[turn]\nagain = \"extra_turns < 300\"\n",
    )
    .unwrap();
    let position = dir.join("position.json");
    std::fs::write(
        &position,
        r#"{"board": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "captured": {"south": 0, "north": 0},
            "to_move": "south", "turn": 299, "extra_turns": 299}"#,
    )
    .unwrap();
    let (game, position) = (game.display().to_string(), position.display().to_string());
    let output = mancala_capped(
        CAP_MB,
        &[
            "replay",
            &game,
            "a1",
            "a2",
            "--position",
            &position,
            "--json",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let replayed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(replayed["position"]["to_move"], "north", "{replayed}");

    let big = dir.join("big.toml");
    std::fs::write(
        &big,
        "extends = \"kalah\"\n[result]\nscore = \"captured(side) * 4611686018427387904\"\n",
    )
    .unwrap();
    std::fs::write(
        &position,
        r#"{"board": [[0,0,0,0,0,1],[0,0,0,0,0,0]], "captured": {"south": 1, "north": 1},
            "to_move": "south", "turn": 10}"#,
    )
    .unwrap();
    let output = mancala_capped(
        CAP_MB,
        &[
            "replay",
            &big.display().to_string(),
            "--position",
            &position,
            "--json",
        ],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let replayed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(replayed["status"], "south_won", "{replayed}");
}

/// Item 15: an option listing 10,000 values is validated with at most 16 of
/// them (the first, the last and evenly spread ones), not by loading the file
/// once per value (35 s before).
#[test]
fn item_15_validate_samples_long_lists_of_values() {
    let values: Vec<String> = (1..=10_000).map(|n| n.to_string()).collect();
    let text = format!(
        "extends = \"kalah\"\n[options.depth]\ndefault = 1\nvalues = [{}]\nhelp = \"a number\"\n\
         [[capture]]\nat = \"sowing_end\"\nwhen = \"count(last) == depth\"\ntake = \"last\"\n",
        values.join(", ")
    );
    let path = file("item15", "values.toml", &text);
    let output = mancala_capped(CAP_MB, &["validate", &path]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        // The defaults, 15 more of depth's 16 samples, Kalah's two sizes at
        // each end of their ranges, and its empty capture on.
        stdout(&output).contains("valid (21 option settings checked"),
        "{}",
        stdout(&output)
    );
}

/// Item 16: a name with a direction override (which makes text read as other
/// text) is refused like a control character; a position file may not claim
/// holes in a game without claims, nor hold territory outside a match.
#[test]
fn item_16_direction_overrides_claims_and_territory_are_refused() {
    let path = file(
        "item16",
        "bidi.toml",
        "extends = \"kalah\"\n[game]\nname = \"Kalah \u{202E}hala\u{202C}\"\n",
    );
    refused(
        &mancala_capped(CAP_MB, &["validate", &path]),
        "direction overrides",
    );
    let dir = scratch("item16-positions");
    let position = dir.join("claims.json");
    std::fs::write(
        &position,
        r#"{"board": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "captured": {"south": 0, "north": 0},
            "to_move": "south", "turn": 0, "claims": {"south": ["b2"], "north": []}}"#,
    )
    .unwrap();
    let position = position.display().to_string();
    refused(
        &mancala_capped(CAP_MB, &["replay", "kalah", "--position", &position]),
        "this game has no claims",
    );
    let position = dir.join("territory.json");
    std::fs::write(
        &position,
        r#"{"board": [[4,4,4,4,4,4],[4,4,4,4,4,4]], "captured": {"south": 0, "north": 0},
            "to_move": "south", "turn": 0, "territory": ["b5"]}"#,
    )
    .unwrap();
    let position = position.display().to_string();
    refused(
        &mancala_capped(CAP_MB, &["replay", "nam-nam", "--position", &position]),
        "a position with territory is a round of a match: play it with --match",
    );
}

/// Item 8: a capture `into` a hole closed for the round puts no seed there
/// (a closed hole holds none): the mover captures them, and the position
/// printed can be fed back.
#[test]
fn item_08_no_seeds_go_into_a_closed_hole() {
    let dir = scratch("item08");
    std::fs::write(
        dir.join("into.toml"),
        "extends = \"rio-kadalis\"\n[[capture]]\nat = \"sowing_end\"\n\
         when = \"count(last) > 0 and not own(last)\"\ntake = \"last\"\ninto = \"a1\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("position.json"),
        r#"{"board": [[0,4,4,4,4,1],[4,4,4,4,4,0]], "closed": ["a1"],
            "captured": {"south": 4, "north": 3}, "to_move": "south", "turn": 0}"#,
    )
    .unwrap();
    let game = dir.join("into.toml").display().to_string();
    let position = dir.join("position.json").display().to_string();
    let args = [
        "replay",
        &game,
        "a6",
        "--match",
        "--position",
        &position,
        "--json",
    ];
    let output = mancala_capped(CAP_MB, &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let replayed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(replayed["position"]["board"][0][0], 0, "{replayed}");
    assert_eq!(replayed["position"]["captured"]["south"], 5, "{replayed}");
    let again = dir.join("again.json");
    std::fs::write(&again, replayed["position"].to_string()).unwrap();
    let again = again.display().to_string();
    let output = mancala_capped(CAP_MB, &["replay", &game, "--match", "--position", &again]);
    assert!(output.status.success(), "{}", stderr(&output));
}

/// Item 9: seeds still in a side's hand when a round ends are that side's,
/// and refill its holes with its captures (they were lost, 3 of 48 a round);
/// seeds a round's end leaves on the board with no `leftovers` are warned of.
#[test]
fn item_09_no_seeds_leave_a_match_unannounced() {
    let dir = scratch("item09");
    std::fs::copy("tests/games/sow-from-hand.toml", dir.join("hand.toml")).unwrap();
    std::fs::write(
        dir.join("match.toml"),
        "extends = \"hand.toml\"\n\
         [[end]]\ncheck = \"condition\"\nwhen = \"turn >= 3\"\noutcome = \"score\"\nleftovers = \"owner(here)\"\n\
         [[end]]\ncheck = \"no_moves\"\noutcome = \"score\"\nleftovers = \"owner(here)\"\n\
         [match]\nseeds_per_hole = 3\nfill_from = \"left\"\nshort_hole = \"close\"\nstarter = \"loser\"\n",
    )
    .unwrap();
    let game = dir.join("match.toml").display().to_string();
    let args = [
        "random", &game, "--match", "--json", "--seed", "1", "--games", "30",
    ];
    let output = mancala_capped(CAP_MB, &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut rounds = 0;
    for line in stdout(&output).lines() {
        let played: serde_json::Value = serde_json::from_str(line).unwrap();
        for round in played["match"]["rounds"].as_array().unwrap() {
            let holdings = &round["holdings"];
            let total = holdings["south"].as_u64().unwrap() + holdings["north"].as_u64().unwrap();
            // 36 seeds on the board and 6 in each hand.
            assert_eq!(total, 48, "{round}");
            rounds += 1;
        }
    }
    assert!(rounds > 30, "{rounds} rounds");

    std::fs::write(
        dir.join("lost.toml"),
        "extends = \"rio-kadalis\"\n[[end]]\ncheck = \"no_moves\"\noutcome = \"score\"\n",
    )
    .unwrap();
    let output = mancala_capped(
        CAP_MB,
        &["validate", &dir.join("lost.toml").display().to_string()],
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("leave play for the rest of the match"),
        "{}",
        stdout(&output)
    );
}
