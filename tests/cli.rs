//! The command line and its machine-readable contract (`replay --json`,
//! `random --json`), run as a user would run them.

mod common;

use common::{mancala, mancala_with_input, scratch, stderr, stdout};
use serde_json::json;

#[test]
fn replay_json_follows_the_contract() {
    let output = mancala(&["replay", "sadeqa-iii", "a1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"sadeqa-iii","options":{"seeds_per_hole":6},"decisions":["a1"],"position":{"board":[[2,9,9,9,1,8,1,8],[8,8,1,0,0,8,8,8]],"closed":[],"captured":{"south":8,"north":0},"to_move":"north","turn":1},"pending":null,"legal":["b1","b2","b3","b6","b7","b8"],"status":"ongoing","reason":null}"#);
}

#[test]
fn replay_json_shows_a_pending_strip_and_options() {
    let position = r#"{"board": [[0,0,0,0,0,0,0,2],[0,0,0,0,0,0,0,0],[1,0,0,0,0,0,3,0],[0,0,0,0,0,2,2,0]],
        "captured": {"south": 0, "north": 0}, "to_move": "south", "turn": 4}"#;
    let dir = scratch("cli");
    let file = dir.join("strip.json");
    std::fs::write(&file, position).unwrap();
    let output = mancala(&[
        "replay",
        "nsolo",
        "a8",
        "d6",
        "--json",
        "--position",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"nsolo","options":{"holes_per_row":8},"decisions":["a8","d6"],"position":{"board":[[0,0,0,0,0,0,0,0],[0,0,0,0,0,0,1,1],[1,0,0,0,0,0,0,0],[0,0,0,0,0,1,2,0]],"closed":[],"captured":{"south":4,"north":0},"to_move":"south","turn":4},"pending":{"kind":"strip","remaining":2},"legal":["c1","d6","d7"],"status":"ongoing","reason":null}"#);
}

#[test]
fn a_finished_game_reports_status_and_reason() {
    let output = mancala(&[
        "replay",
        "sadeqa-iii",
        "a1",
        "b1",
        "--json",
        "--max-turns",
        "2",
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["status"], "unfinished");
    assert_eq!(json["reason"], "turn_limit");
    assert_eq!(json["position"]["to_move"], serde_json::Value::Null);
    assert_eq!(json["legal"], serde_json::json!([]));
}

#[test]
fn an_illegal_decision_exits_2_with_one_line() {
    let output = mancala(&["replay", "bao-la-kimasai", "b2", "c5", "--json"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    insta::assert_snapshot!(stderr(&output), @"decision 2 `c5` is not legal; legal decisions: c11 d2");
}

#[test]
fn a_malformed_decision_exits_2() {
    let output = mancala(&["replay", "walak-pussa", "z9"]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(stderr(&output).lines().count(), 1);
    assert!(
        stderr(&output).starts_with("decision 1 `z9` is not a hole"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn random_json_is_reproducible_line_by_line() {
    let first = stdout(&mancala(&[
        "random",
        "rio-kadalis",
        "--seed",
        "41",
        "--games",
        "3",
        "--json",
    ]));
    let again = stdout(&mancala(&[
        "random",
        "rio-kadalis",
        "--seed",
        "41",
        "--games",
        "3",
        "--json",
    ]));
    assert_eq!(first, again);
    let lines: Vec<serde_json::Value> = first
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let line = first.lines().next().unwrap();
    let at = |key: &str| line.find(&format!("\"{key}\":")).unwrap();
    let keys = ["game", "seed", "decisions", "position", "status", "reason"];
    assert!(
        keys.windows(2).all(|pair| at(pair[0]) < at(pair[1])),
        "{line}"
    );
    assert_eq!(lines[0].as_object().unwrap().len(), keys.len());
    // Game i uses seed S+i, so any line can be reproduced on its own.
    let third = stdout(&mancala(&[
        "random",
        "rio-kadalis",
        "--seed",
        "43",
        "--json",
    ]));
    assert_eq!(third.trim(), first.lines().nth(2).unwrap());
    assert_eq!(lines[2]["seed"], 43);
}

#[test]
fn a_random_game_of_a_scattered_setup_replays_from_its_seed_as_the_deal() {
    let game = "tests/games/scattered.toml";
    let line = stdout(&mancala(&["random", game, "--seed", "17", "--json"]));
    let random: serde_json::Value = serde_json::from_str(&line).unwrap();
    let decisions: Vec<&str> = random["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    let replay = |deal: &str| {
        let mut args = vec!["replay", game, "--json", "--deal", deal, "--"];
        args.extend(&decisions);
        mancala(&args)
    };
    let replayed: serde_json::Value = serde_json::from_str(&stdout(&replay("17"))).unwrap();
    assert_eq!(replayed["position"], random["position"]);
    assert_eq!(replayed["status"], random["status"]);
    // Another deal lays the seeds out otherwise, so the same decisions do
    // not make the same game (here some is refused, or the game differs).
    let other = replay("18");
    let differs = !other.status.success()
        || serde_json::from_str::<serde_json::Value>(&stdout(&other)).unwrap()["position"]
            != random["position"];
    assert!(differs);
}

#[test]
fn a_game_file_path_plays_without_recompiling() {
    let dir = scratch("variant");
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/sadeqa-iii.toml"
    ))
    .unwrap();
    let variant = original.replace("holes_per_row = 8", "holes_per_row = 5");
    let file = dir.join("sadeqa-small.toml");
    std::fs::write(&file, variant).unwrap();
    let output = mancala(&["replay", file.to_str().unwrap(), "a5", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["game"], "sadeqa-small");
    assert_eq!(
        json["position"]["board"].as_array().unwrap()[0]
            .as_array()
            .unwrap()
            .len(),
        5
    );
}

#[test]
fn a_broken_game_file_names_file_line_and_column() {
    let dir = scratch("broken");
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/sadeqa-iii.toml"
    ))
    .unwrap();
    let broken = original.replace(
        "own(last) and count(opposite(last)) > 0",
        "own(last) and count(oposite(last)) > 0",
    );
    let file = dir.join("broken.toml");
    std::fs::write(&file, broken).unwrap();
    let output = mancala(&["show", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let message = stderr(&output);
    assert!(message.contains("unknown function `oposite`"), "{message}");
    assert!(message.contains("broken.toml:46:"), "{message}");
}

#[test]
fn a_bad_option_value_exits_2() {
    let output = mancala(&["show", "nsolo", "--option", "holes_per_row=40"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("holes_per_row=40 is not allowed; holes_per_row takes 8..=36")
    );
}

#[test]
fn validate_passes_the_bundled_games_and_fails_a_broken_one() {
    let games: Vec<String> = mancala::language::catalog::bundled_ids()
        .iter()
        .map(|id| format!("{}/games/{id}.toml", env!("CARGO_MANIFEST_DIR")))
        .collect();
    let args: Vec<&str> = std::iter::once("validate")
        .chain(games.iter().map(String::as_str))
        .collect();
    let output = mancala(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).matches(": valid (").count(), games.len());

    let broken = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/invalid/unknown-name.toml"
    );
    let output = mancala(&["validate", broken]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("unknown-name.toml:23:15"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn validate_warns_about_likely_mistakes() {
    let dir = scratch("warn");
    let original = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/games/sadeqa-iii.toml"
    ))
    .unwrap();
    let suspicious = original
        .replace("seeds = \"seeds_per_hole\"", "seeds = 6")
        .replace("when = \"count(last) > 1\"", "when = \"1 > 2\"");
    let file = dir.join("suspicious.toml");
    std::fs::write(&file, suspicious).unwrap();
    let output = mancala(&["validate", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(
        report.contains("option `seeds_per_hole` is never used by any rule"),
        "{report}"
    );
    assert!(
        report.contains("this condition is always false: the relay never happens"),
        "{report}"
    );
    assert!(report.contains("2 warnings"), "{report}");
}

/// `refills = "loser"` keeps the winner's holes as the round leaves them, so
/// `leftovers` (here Kalah's) would end every match after its first round.
#[test]
fn validate_warns_of_leftovers_where_only_the_loser_refills() {
    let dir = scratch("loser-leftovers");
    let file = dir.join("kalah-by-loser.toml");
    let text = "extends = \"kalah\"\n[match]\nseeds_per_hole = 4\nfill_from = \"left\"\n\
                short_hole = \"close\"\nrefills = \"loser\"\nstarter = \"winner\"\n";
    std::fs::write(&file, text).unwrap();
    let output = mancala(&["validate", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(report.contains("`leftovers` empties them"), "{report}");
}

#[test]
fn invalid_position_files_exit_2_with_a_reason() {
    let dir = scratch("positions");
    let cases = [
        ("not json", "expected"),
        (
            r#"{"board": [[1,1,1,1,1,1]], "to_move": "south"}"#,
            "the board has 2 rows, not 1",
        ),
        (
            r#"{"board": [[1,1,1,1,1,1],[1,1]], "to_move": "south"}"#,
            "row b has",
        ),
        (
            r#"{"board": [[-1,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south"}"#,
            "invalid value",
        ),
        (
            r#"{"board": [[1,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "east"}"#,
            "to_move is",
        ),
        (
            r#"{"board": [[70000,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south"}"#,
            "a1 holds 70000 seeds; a hole holds at most 65535",
        ),
        (
            r#"{"board": [[1,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south", "pending": {"kind": "strip", "remaining": 2}}"#,
            "this game has no strip",
        ),
        (
            r#"{"board": [[1,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south", "closed": ["a1"]}"#,
            "a1 is closed, so it must be empty",
        ),
        (
            r#"{"board": [[1,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south", "closed": ["z9"]}"#,
            "`z9` is not a hole",
        ),
        (
            r#"{"board": [[0,1,1,1,1,1],[1,1,1,1,1,1]], "to_move": "south", "closed": ["a1"]}"#,
            "play it with --match",
        ),
    ];
    for (index, (text, reason)) in cases.iter().enumerate() {
        let file = dir.join(format!("position-{index}.json"));
        std::fs::write(&file, text).unwrap();
        let output = mancala(&[
            "replay",
            "rio-kadalis",
            "--json",
            "--position",
            file.to_str().unwrap(),
        ]);
        assert_eq!(output.status.code(), Some(2), "{text}");
        assert_eq!(stdout(&output), "", "{text}");
        assert!(
            stderr(&output).contains(reason),
            "{text}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_strip_that_cannot_be_owed_is_refused() {
    let dir = scratch("strip");
    let file = dir.join("strip.json");
    let text = r#"{"board": [[2,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0],[1,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0]],
        "to_move": "south", "pending": {"kind": "strip", "remaining": 3}}"#;
    std::fs::write(&file, text).unwrap();
    let output = mancala(&["replay", "nsolo", "--position", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("a strip of 3 cannot be owed"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn check_runs_scenarios_and_reports_coverage() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/oware");
    let rules = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/oware-rules.md");
    let output = mancala(&["check", folder, "--coverage", rules]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = stdout(&output);
    assert!(report.contains("11 passed, 0 failed"), "{report}");
    assert!(report.contains("no scenario cites: OW-10"), "{report}");
}

#[test]
fn a_failing_scenario_shows_boards_side_by_side_and_exits_1() {
    let dir = scratch("check");
    let scenario = r#"
game = "sadeqa-iii"
clauses = ["SQ-4"]
about = "A wrong expectation: a1's stones do not stay put."
decisions = ["a1"]

[start]
to_move = "south"
board = """
b: 1 1 1 0 1 1 1 1
a: 3 0 0 0 0 0 0 0
"""

[expect]
board = """
b: 1 1 1 0 1 1 1 1
a: 3 0 0 0 0 0 0 0
"""
to_move = "north"
"#;
    let file = dir.join("wrong.toml");
    std::fs::write(&file, scenario).unwrap();
    let output = mancala(&["check", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let report = stdout(&output);
    assert!(report.contains("FAIL"), "{report}");
    assert!(
        report.contains("!  a  3 0 0 0 0 0 0 0   south |  a  0 1 1 1 0 0 0 0   south"),
        "{report}"
    );
    assert!(report.contains("0 passed, 1 failed"), "{report}");
}

#[test]
fn show_resolved_prints_a_variant_with_its_base_merged() {
    let output = mancala(&["show", "kalah-6", "--resolved"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    // The variant's own keys replace the base's; the base's other keys stay.
    assert!(text.contains("name = \"Kalah (6 seeds)\""), "{text}");
    assert!(
        text.contains("[options.seeds_per_hole]\ndefault = 6\n"),
        "{text}"
    );
    assert!(text.contains("again = \"last == store(mover)\""), "{text}");
    assert!(!text.contains("extends"), "{text}");
    // And it is a game file that loads as such.
    let dir = scratch("resolved");
    let file = dir.join("kalah-6-resolved.toml");
    std::fs::write(&file, &text).unwrap();
    let replay = mancala(&["replay", file.to_str().unwrap(), "--json"]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("\"board\":[[6,6,6,6,6,6],[6,6,6,6,6,6]]"));
}

#[test]
fn play_reprompts_on_bad_input_undoes_and_saves_the_record() {
    let dir = scratch("play");
    let record = dir.join("game.json");
    let output = mancala_with_input(
        &[
            "play",
            "kalah",
            "--north",
            "greedy",
            "--record",
            record.to_str().unwrap(),
        ],
        "undo\nz9\nb1\na1\nundo\na2\nquit\n",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("nothing of yours to undo"), "{text}");
    assert!(text.contains("`z9` is not a legal decision"), "{text}");
    assert!(text.contains("`b1` is not a legal decision"), "{text}");
    assert!(text.contains("south plays a1"), "{text}");
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    // a1 was taken back: the record starts with a2.
    assert_eq!(saved["decisions"][0], "a2");
    let decisions: Vec<&str> = saved["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    let mut args = vec!["replay", "kalah"];
    args.extend(decisions);
    assert!(mancala(&args).status.success());
}

#[test]
fn two_agents_play_a_whole_game() {
    let output = mancala_with_input(
        &[
            "play",
            "oware",
            "--south",
            "alphabeta:3",
            "--north",
            "greedy",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("game over: "),
        "{}",
        stdout(&output)
    );
}

#[test]
fn compare_prints_a_table_csv_json_and_charts() {
    let dir = scratch("plots");
    let table = mancala(&[
        "compare",
        "walak-pussa",
        "sadeqa-iii:seeds_per_hole=4",
        "--games",
        "50",
        "--plot",
        dir.to_str().unwrap(),
    ]);
    assert!(table.status.success(), "{}", stderr(&table));
    assert!(stdout(&table).contains("sadeqa-iii:seeds_per_hole=4"));
    for chart in ["game-length.svg", "south-score.svg", "branching.svg"] {
        let svg = std::fs::read_to_string(dir.join(chart)).unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("walak-pussa"),
            "{chart}"
        );
    }
    let csv = stdout(&mancala(&[
        "compare", "kalah", "oware", "--games", "20", "--csv",
    ]));
    assert_eq!(csv.lines().count(), 3, "{csv}");
    let json = stdout(&mancala(&["compare", "kalah", "--games", "20", "--json"]));
    let summary: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(summary["games"], 20);
    let bad = mancala(&["compare", "kalah", "--south", "oracle"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn replay_match_json_adds_rounds_reserves_and_closed_holes() {
    let dir = scratch("match");
    let file = dir.join("round-end.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,0,0,0,1,0],[0,0,0,0,0,0]], "captured": {"south": 15, "north": 32}, "to_move": "south"}"#,
    )
    .unwrap();
    let position = file.to_str().unwrap();
    let output = mancala(&[
        "replay",
        "rio-kadalis",
        "--match",
        "--json",
        "--position",
        position,
        "a5",
        "a4",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"rio-kadalis","options":{"direction":"ccw","holes_per_row":6},"decisions":["a5","a4"],"position":{"board":[[5,5,0,1,0,0],[5,5,1,6,6,6]],"closed":["a5","a6"],"captured":{"south":0,"north":8},"to_move":"north","turn":1},"pending":null,"legal":["b1","b2","b3","b4","b5","b6"],"status":"ongoing","reason":null,"match":{"round":2,"reserve":{"south":0,"north":8},"rounds":[{"round":1,"starter":"south","reserve":{"south":15,"north":32},"status":"north_won","reason":"no_moves","holdings":{"south":16,"north":32},"turns":1}]}}"#);
    let text = mancala(&[
        "replay",
        "rio-kadalis",
        "--match",
        "--position",
        position,
        "a5",
    ]);
    assert!(
        stdout(&text).contains(" a  4 4 4 4 x x   south"),
        "{}",
        stdout(&text)
    );
    let single = mancala(&["replay", "kalah", "--match"]);
    assert_eq!(single.status.code(), Some(2));
    assert!(
        stderr(&single).contains("no [match] section"),
        "{}",
        stderr(&single)
    );
}

#[test]
fn random_and_compare_play_whole_matches() {
    let output = mancala(&[
        "random",
        "walak-pussa",
        "--match",
        "--seed",
        "3",
        "--games",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("walak-pussa seed 3: unfinished (round_limit) after 100 rounds"),
        "{text}"
    );
    assert!(text.contains("2 matches, seeds 3..4"), "{text}");
    // The two ways to end sooner: a repeated round start draws; at the round
    // limit the side holding more seeds wins.
    let args = [
        "random",
        "walak-pussa",
        "--match",
        "--seed",
        "3",
        "--games",
        "1",
    ];
    let repeats = stdout(&mancala(&[&args[..], &["--round-repeats", "0"]].concat()));
    assert!(
        repeats.contains("walak-pussa seed 3: draw (round_repetition) after 8 rounds"),
        "{repeats}"
    );
    let ahead = ["--max-rounds", "10", "--at-round-limit", "ahead"];
    let ahead = stdout(&mancala(&[&args[..], &ahead].concat()));
    assert!(
        ahead.contains("walak-pussa seed 3: north_won (round_limit) after 10 rounds"),
        "{ahead}"
    );
    let output = mancala(&[
        "compare",
        "rio-kadalis",
        "walak-pussa",
        "--match",
        "--games",
        "40",
        "--max-rounds",
        "20",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert!(
        table.contains("games (matches: wins are match wins)"),
        "{table}"
    );
    assert!(
        table.lines().any(|l| l.starts_with("rounds: mean")),
        "{table}"
    );
}

/// The README's coverage example, as printed: every scenario passes and every
/// clause of every rules document is cited.
#[test]
fn every_rules_clause_is_cited_by_a_scenario() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut documents: Vec<String> = std::fs::read_dir(format!("{root}/docs/rules"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    documents.sort();
    assert!(documents.len() >= 8);
    let scenarios = format!("{root}/tests/scenarios");
    let mut args = vec!["check", scenarios.as_str(), "--coverage"];
    args.extend(documents.iter().map(String::as_str));
    let output = mancala(&args);
    assert!(output.status.success(), "{}", stdout(&output));
    let report = stdout(&output);
    for document in &documents {
        assert!(
            report.contains(&format!("every clause of {document} is cited")),
            "{report}"
        );
    }
}

/// A pass is reported in the JSON contract (`passes`, present once a side has
/// passed), and the side to move is the one that can move.
#[test]
fn replay_json_reports_passes() {
    let dir = scratch("passes");
    let file = dir.join("south-empty.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,0,0,0,0,0],[1,2,0,0,0,1]], "captured": {"south": 20, "north": 20}, "to_move": "south", "turn": 30}"#,
    )
    .unwrap();
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/games/kalah-passing.toml"
    );
    let output = mancala(&[
        "replay",
        game,
        "--json",
        "--position",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"kalah-passing","options":{"empty_capture":0,"holes_per_row":6,"seeds_per_hole":4},"decisions":[],"position":{"board":[[0,0,0,0,0,0],[1,2,0,0,0,1]],"closed":[],"captured":{"south":20,"north":20},"stores":{"south":20,"north":20},"to_move":"north","turn":31},"pending":null,"legal":["b1","b2","b6"],"status":"ongoing","reason":null,"passes":1}"#);
}

/// Claimed holes in the JSON contract and in position files (`claims`), checked
/// as every position is.
#[test]
fn claims_in_position_files_and_json() {
    let dir = scratch("claims");
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/claims.toml");
    let file = dir.join("claimed.json");
    std::fs::write(
        &file,
        r#"{"board": [[4,4,4,4,4,4],[4,4,4,0,4,4]], "to_move": "north", "claims": {"south": ["b4"]}}"#,
    )
    .unwrap();
    let output = mancala(&[
        "replay",
        game,
        "b6",
        "--json",
        "--position",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"claims","options":{},"decisions":["b6"],"position":{"board":[[4,4,4,4,4,4],[4,5,5,0,5,0]],"closed":[],"captured":{"south":1,"north":0},"to_move":"south","turn":1,"claims":{"south":["b4"],"north":[]}},"pending":null,"legal":["a1","a2","a3","a4","a5","a6"],"status":"ongoing","reason":null}"#);
    std::fs::write(
        &file,
        r#"{"board": [[4,4,4,4,4,4],[4,4,4,0,4,4]], "to_move": "north", "claims": {"south": ["b4"], "north": ["b4"]}}"#,
    )
    .unwrap();
    let output = mancala(&["replay", game, "--position", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("b4 is claimed by both sides"));
}

/// Where the mover chooses the direction, a decision names it (`a2:cw`) in
/// `decisions` and `legal`; a plain hole name is then not a decision.
#[test]
fn replay_json_names_chosen_directions() {
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/games/direction-choice.toml"
    );
    let output = mancala(&["replay", game, "a2:cw", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"direction-choice","options":{"holes_per_row":6,"seeds_per_hole":4},"decisions":["a2:cw"],"position":{"board":[[5,0,4,4,4,4],[5,5,5,4,4,4]],"closed":[],"captured":{"south":0,"north":0},"to_move":"north","turn":1},"pending":null,"legal":["b1:ccw","b1:cw","b2:ccw","b2:cw","b3:ccw","b3:cw","b4:ccw","b4:cw","b5:ccw","b5:cw","b6:ccw","b6:cw"],"status":"ongoing","reason":null}"#);
    let plain = mancala(&["replay", game, "a2"]);
    assert_eq!(plain.status.code(), Some(2));
    insta::assert_snapshot!(stderr(&plain), @"decision 1 `a2` is not legal; legal decisions: a1:ccw a1:cw a2:ccw a2:cw a3:ccw a3:cw a4:ccw a4:cw a5:ccw a5:cw a6:ccw a6:cw");
}

/// Where a move meets optional captures, each way of taking or passing them is
/// a decision (`a7:decline=2`: the second passed) in `decisions` and `legal`; a
/// misspelt one is refused with the forms a decision may take.
#[test]
fn replay_json_names_declined_chances() {
    let dir = scratch("declined");
    let file = dir.join("two-chances.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,0,0,0,0,0,2,0],[0,0,0,0,1,0,0,1],[0,0,0,0,1,0,0,2],[2,0,0,0,1,0,0,3]], "to_move": "south"}"#,
    )
    .unwrap();
    let position = file.to_str().unwrap();
    let listed = mancala(&["replay", "igisoro", "--position", position, "--json"]);
    assert!(listed.status.success(), "{}", stderr(&listed));
    assert!(
        stdout(&listed).contains(r#""legal":["a7","a7:decline","a7:decline=2","b5","b8"]"#),
        "{}",
        stdout(&listed)
    );
    let played = mancala(&[
        "replay",
        "igisoro",
        "--position",
        position,
        "a7:decline=2",
        "--json",
    ]);
    assert!(played.status.success(), "{}", stderr(&played));
    assert!(stdout(&played).contains(r#""decisions":["a7:decline=2"]"#));
    let misspelt = mancala(&["replay", "igisoro", "--position", position, "a7:decline=02"]);
    assert_eq!(misspelt.status.code(), Some(2));
    insta::assert_snapshot!(stderr(&misspelt), @"decision 1 `a7:decline=02` is not a decision of this board: a hole (rows a to d, columns 1 to 8), followed by `:cw` or `:ccw` where the mover chooses the direction, then `:decline` (every optional capture), `:decline=2` or `:decline=1+3` (those met first, second... declined) where the move meets optional captures; legal decisions: a7 a7:decline a7:decline=2 b5 b8");
}

/// The last move played in the JSON contract and in position files
/// (`previous_move`), kept only where the rules read it.
#[test]
fn previous_move_in_position_files_and_json() {
    let dir = scratch("previous");
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/no-undo.toml");
    let file = dir.join("previous.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,2,2,2,2,2],[1,0,3,3,3,3]], "to_move": "north", "captured": {"south": 10, "north": 10}}"#,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let output = mancala(&["replay", game, "b1:ccw", "--json", "--position", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"no-undo","options":{"holes_per_row":6,"seeds_per_hole":4},"decisions":["b1:ccw"],"position":{"board":[[1,2,2,2,2,2],[0,0,3,3,3,3]],"closed":[],"captured":{"south":10,"north":10},"to_move":"south","turn":1,"previous_move":{"from":"b1","lifted":1,"ended":"a1","clockwise":false}},"pending":null,"legal":["a2:ccw","a2:cw","a3:ccw","a3:cw","a4:ccw","a4:cw","a5:ccw","a5:cw","a6:ccw","a6:cw"],"status":"ongoing","reason":null}"#);
    // The position it printed, read back, forbids the same move.
    let printed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    std::fs::write(&file, printed["position"].to_string()).unwrap();
    let again = mancala(&["replay", game, "--json", "--position", path]);
    assert!(again.status.success(), "{}", stderr(&again));
    let again: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(again["legal"], printed["legal"]);
    assert_eq!(
        again["position"]["previous_move"],
        printed["position"]["previous_move"]
    );
    // A move's direction is read back as stated; left out, it is the game's.
    let directed = dir.join("directed.json");
    for (stated, clockwise) in [(r#","clockwise":true"#, true), ("", false)] {
        let text = format!(
            r#"{{"board": [[1,2,2,2,2,2],[0,0,3,3,3,3]], "to_move": "south", "captured": {{"south": 10, "north": 10}}, "previous_move": {{"from": "b1", "lifted": 1, "ended": "a1"{stated}}}}}"#
        );
        std::fs::write(&directed, text).unwrap();
        let read = mancala(&[
            "replay",
            game,
            "--json",
            "--position",
            directed.to_str().unwrap(),
        ]);
        assert!(read.status.success(), "{}", stderr(&read));
        let read: serde_json::Value = serde_json::from_str(&stdout(&read)).unwrap();
        assert_eq!(read["position"]["previous_move"]["clockwise"], clockwise);
    }
    // A game that never reads it refuses a position stating it.
    let refused = mancala(&["replay", "oware", "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("do not read the last move played"));
    // Whether it captured is stated where the rules read it (`previous_captured()`).
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/games/zigzag-no-undo.toml"
    );
    std::fs::write(
        &file,
        r#"{"board": [[0,0,1,2,0,0],[1,1,1,0,1,1]], "to_move": "south", "captured": {"south": 0, "north": 0}}"#,
    )
    .unwrap();
    let output = mancala(&["replay", game, "a3", "--json", "--position", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    insta::assert_snapshot!(printed["position"]["previous_move"], @r#"{"captured":true,"clockwise":false,"ended":"b4","from":"a3","lifted":1}"#);
    assert_eq!(
        printed["legal"],
        json!(["b1", "b2", "b3", "b4", "b5", "b6"])
    );
    std::fs::write(&file, printed["position"].to_string()).unwrap();
    let again = mancala(&["replay", game, "--json", "--position", path]);
    assert!(again.status.success(), "{}", stderr(&again));
    let again: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(again["legal"], printed["legal"]);
    // Without it, the seed just moved is held: as if the move had not captured.
    let mut uncaptured = printed["position"].clone();
    uncaptured["previous_move"]
        .as_object_mut()
        .unwrap()
        .remove("captured");
    std::fs::write(&file, uncaptured.to_string()).unwrap();
    let held = mancala(&["replay", game, "--json", "--position", path]);
    let held: serde_json::Value = serde_json::from_str(&stdout(&held)).unwrap();
    assert_eq!(held["legal"], json!(["b1", "b2", "b3", "b5", "b6"]));
    // A game that reads the last move but not its captures refuses it.
    std::fs::write(&file, printed["position"].to_string()).unwrap();
    let no_undo = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/no-undo.toml");
    let refused = mancala(&["replay", no_undo, "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("do not read whether the last move captured"),
        "{}",
        stderr(&refused)
    );
}

/// Extra turns in a row in the JSON contract and in position files
/// (`extra_turns`), kept only where the rules read them.
#[test]
fn extra_turns_in_position_files_and_json() {
    // Ali Guli Mane's opening a1 captures: South moves again, once.
    let output = mancala(&["replay", "ali-guli-mane", "a1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(printed["position"]["to_move"], "south");
    assert_eq!(printed["position"]["extra_turns"], 1);
    // Read back, the position keeps it.
    let dir = scratch("extra-turns");
    let file = dir.join("extra.json");
    std::fs::write(&file, printed["position"].to_string()).unwrap();
    let path = file.to_str().unwrap();
    let again = mancala(&["replay", "ali-guli-mane", "--json", "--position", path]);
    assert!(again.status.success(), "{}", stderr(&again));
    let again: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(again["position"], printed["position"]);
    // Games that never read it leave it out, and refuse a position stating it.
    let kalah = mancala(&["replay", "kalah", "a3", "--json"]);
    assert!(!stdout(&kalah).contains("extra_turns"));
    let refused = mancala(&["replay", "pallanguzhi", "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("do not read `extra_turns`"));
}

/// Holes moved from in the JSON contract and in position files (`moved_from`),
/// kept only where the rules read them.
#[test]
fn moved_from_in_position_files_and_json() {
    let output = mancala(&["replay", "adji-boto", "a1", "b5", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        printed["position"]["moved_from"],
        serde_json::json!(["a1", "b5"])
    );
    assert_eq!(
        printed["legal"],
        serde_json::json!(["a2", "a3", "a4", "a5"])
    );
    // Read back, the position keeps them, and so the same legal moves.
    let dir = scratch("moved-from");
    let file = dir.join("moved.json");
    std::fs::write(&file, printed["position"].to_string()).unwrap();
    let path = file.to_str().unwrap();
    let again = mancala(&["replay", "adji-boto", "--json", "--position", path]);
    assert!(again.status.success(), "{}", stderr(&again));
    let again: serde_json::Value = serde_json::from_str(&stdout(&again)).unwrap();
    assert_eq!(again["position"], printed["position"]);
    assert_eq!(again["legal"], printed["legal"]);
    // Games that never read them leave them out, and refuse a position stating them.
    let mbangbi = mancala(&["replay", "mbangbi", "a1:ccw", "--json"]);
    assert!(!stdout(&mbangbi).contains("moved_from"));
    let refused = mancala(&["replay", "mbangbi", "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("do not read `moved_from`"));
}

/// Holes held across the middle in the JSON contract and in position files
/// (`territory`), only in matches whose surplus is `territory`.
#[test]
fn territory_in_position_files_and_json() {
    let dir = scratch("territory");
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/territory.toml");
    let file = dir.join("held.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,0,0,0,2,0],[3,0,0,0,0,1]], "captured": {"south": 20, "north": 22},
            "to_move": "south", "territory": ["b5", "b6"]}"#,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let output = mancala(&[
        "replay",
        game,
        "a5",
        "--match",
        "--json",
        "--position",
        path,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        printed["position"]["territory"],
        serde_json::json!(["b5", "b6"])
    );
    assert_eq!(printed["legal"], serde_json::json!(["b1"]));
    // A game whose matches never move holes refuses a position stating some.
    let refused = mancala(&["replay", "oware", "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("holes change hands only in a match"));
}

/// `replay --json --trace`: one object per line, at the start and after each
/// decision, each naming only the decision that led to it; nothing on stdout
/// when a decision is refused.
#[test]
fn replay_trace_prints_a_line_per_decision() {
    let output = mancala(&["replay", "kalah", "a3", "a6", "--json", "--trace"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<serde_json::Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let decisions: Vec<_> = lines.iter().map(|l| l["decisions"].clone()).collect();
    assert_eq!(
        decisions,
        [
            serde_json::json!([]),
            serde_json::json!(["a3"]),
            serde_json::json!(["a6"])
        ]
    );
    // The last line is the plain replay's object but for its decisions.
    let plain = mancala(&["replay", "kalah", "a3", "a6", "--json"]);
    let mut plain: serde_json::Value = serde_json::from_str(&stdout(&plain)).unwrap();
    plain["decisions"] = serde_json::json!(["a6"]);
    assert_eq!(lines[2], plain);
    // a3 lands in the store: South moves again, so b1 is refused.
    let refused = mancala(&["replay", "kalah", "a3", "b1", "--json", "--trace"]);
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(stdout(&refused), "");
}

/// A tally match's tallies in the JSON contract (`tally`, in the `match` object
/// and in each round), absent from other matches.
#[test]
fn replay_json_reports_a_tally() {
    let dir = scratch("tally");
    let file = dir.join("one-seed-left.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,0,0,0,0,1],[1,0,0,0,0,0]], "captured": {"south": 30, "north": 16}, "to_move": "south", "turn": 0}"#,
    )
    .unwrap();
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/games/tally.toml");
    let output = mancala(&[
        "replay",
        game,
        "a6",
        "--json",
        "--match",
        "--position",
        file.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    insta::assert_snapshot!(stdout(&output), @r#"{"game":"tally","options":{"empty_capture":0,"holes_per_row":6,"seeds_per_hole":4},"decisions":["a6"],"position":{"board":[[4,4,4,4,4,4],[4,4,4,4,4,4]],"closed":[],"captured":{"south":0,"north":0},"stores":{"south":0,"north":0},"to_move":"north","turn":0},"pending":null,"legal":["b1","b2","b3","b4","b5","b6"],"status":"ongoing","reason":null,"match":{"round":2,"reserve":{"south":0,"north":0},"rounds":[{"round":1,"starter":"south","reserve":{"south":30,"north":16},"status":"south_won","reason":"no_stones","holdings":{"south":31,"north":17},"turns":1,"tally":{"south":1,"north":0}}],"tally":{"south":1,"north":0}}}"#);
}

/// The side that moved first in the JSON contract and in position files
/// (`starter`), stated only where the rules read `starter()`.
#[test]
fn starter_in_position_files_and_json() {
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/games/starter-takes-last.toml"
    );
    let output = mancala(&["replay", game, "a1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["position"]["to_move"], "north");
    assert_eq!(json["position"]["starter"], "south");
    let dir = scratch("starter");
    let file = dir.join("starter.json");
    std::fs::write(
        &file,
        r#"{"board": [[1,0,0,0,0,0],[0,1,0,0,0,0]], "to_move": "north", "starter": "north", "captured": {"south": 20, "north": 26}}"#,
    )
    .unwrap();
    let path = file.to_str().unwrap();
    // North started here, so North takes the last two seeds.
    let output = mancala(&["replay", game, "b2", "--json", "--position", path]);
    assert!(output.status.success(), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(json["position"]["captured"]["north"], 28);
    assert_eq!(json["position"]["starter"], "north");
    // A game that never reads it refuses a position stating it.
    let refused = mancala(&["replay", "kalah", "--position", path]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(stderr(&refused).contains("do not read starter()"));
    // Nor is it stated in such a game's JSON.
    let plain = mancala(&["replay", "kalah", "a1", "--json"]);
    assert!(!stdout(&plain).contains("starter"));
}

/// An option a file inherits is its base's to use: a variant that replaces
/// the rule reading it (Kalah's capture, which reads `empty_capture`) is not
/// warned, while an option of its own that nothing reads still is.
#[test]
fn validate_warns_only_of_a_files_own_unused_options() {
    let dir = scratch("inherited-options");
    let file = dir.join("own-capture.toml");
    let text = "extends = \"kalah\"\n[options.unread]\ndefault = 1\nrange = [1, 2]\n\
                help = \"nothing reads it\"\n[[capture]]\nat = \"sowing_end\"\n\
                when = \"count(last) == 2\"\ntake = \"last\"\n";
    std::fs::write(&file, text).unwrap();
    let output = mancala(&["validate", file.to_str().unwrap()]);
    let report = stdout(&output);
    assert!(
        report.contains("option `unread` is never used by any rule"),
        "{report}"
    );
    assert!(!report.contains("empty_capture"), "{report}");
}

/// `solve` from the start and from a position file: the value after the best
/// decision's sibling `a3` (South wins by 2) is North's loss by 2.
#[test]
fn solve_from_the_start_and_from_a_position() {
    let options = [
        "--option",
        "holes_per_row=4",
        "--option",
        "seeds_per_hole=3",
    ];
    let start = mancala(&[&["solve", "kalah", "--json"][..], &options].concat());
    assert!(start.status.success(), "{}", stderr(&start));
    let report: serde_json::Value = serde_json::from_str(&stdout(&start)).unwrap();
    assert_eq!(
        (report["verdict"].as_str(), report["margin"].as_i64()),
        (Some("win"), Some(6))
    );
    let a3 = report["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["decision"] == "a3")
        .unwrap();
    assert_eq!(
        (a3["verdict"].as_str(), a3["margin"].as_i64()),
        (Some("win"), Some(2))
    );

    // Only the best decisions valued: the same value, the rest only worse.
    let best = mancala(
        &[
            &["solve", "kalah", "--no-cache", "--decisions", "best"][..],
            &options,
        ]
        .concat(),
    );
    let text = stdout(&best);
    assert!(
        text.starts_with("kalah: South to move wins by 6\n  a2       South wins by 6\n  worse: a1 a3 a4 (values not sought)\n"),
        "{text}"
    );

    let replayed = mancala(&[&["replay", "kalah", "a3", "--json"][..], &options].concat());
    let position: serde_json::Value = serde_json::from_str(&stdout(&replayed)).unwrap();
    let file = scratch("solve-position").join("after-a3.json");
    std::fs::write(&file, position["position"].to_string()).unwrap();
    let path = file.to_str().unwrap();
    let after = mancala(&[&["solve", "kalah", "--position", path][..], &options].concat());
    assert!(
        stdout(&after).starts_with("kalah: North to move loses by 2"),
        "{}",
        stdout(&after)
    );

    // A game played as matches is solved a round at a time, and says so.
    let round = mancala(&UNPROVEN_SOLVE);
    let report: serde_json::Value = serde_json::from_str(&stdout(&round)).unwrap();
    assert_eq!(report["one_round"], true);
    assert_eq!(report["proven"], false, "its seeds can go round");
    // Listing its positions for retrograde analysis outgrew the memory.
    let why = report["retrograde_failed"].as_str().expect("a reason");
    assert!(why.contains("positions are reachable"), "{why}");

    // Goat's seeds go round too, but few enough positions are reachable for
    // retrograde analysis to value it exactly.
    let goat = mancala(&["solve", "goat"]);
    let text = stdout(&goat);
    assert!(text.starts_with("goat: South to move draws"), "{text}");
    assert!(text.contains("127663 positions reachable"), "{text}");
    assert!(!text.contains("not proven"), "{text}");

    std::fs::write(&file, "{\"bad\": 1}").unwrap();
    let bad = mancala(&["solve", "kalah", "--position", path]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("invalid position: unknown field `bad`"));
}

/// A solve whose value is not proven (Nam-nam's seeds can go round) and whose
/// positions do not fit for retrograde analysis: a small table keeps the
/// search within its positions (its endgame table reaches less far) and the
/// listing out of memory.
const UNPROVEN_SOLVE: [&str; 7] = [
    "solve",
    "nam-nam",
    "--json",
    "--positions",
    "8000000",
    "--memory",
    "64M",
];

/// `solve` keeps a proven solution and answers from it the second time; a
/// damaged entry is solved afresh, an unproven value is not kept, and a cache
/// that cannot be written only costs a warning.
#[test]
fn solve_keeps_proven_solutions_on_disk() {
    let cache = scratch("solve-cache-kept");
    let solve = solved_json;
    let args = [
        "solve",
        "kalah",
        "--json",
        "--option",
        "holes_per_row=3",
        "--option",
        "seeds_per_hole=3",
    ];
    let entries = || std::fs::read_dir(&cache).map_or(0, |dir| dir.count());
    let (first, _) = solve(&cache, &args);
    assert_eq!((first["cached"].as_bool(), entries()), (Some(false), 1));
    let (second, _) = solve(&cache, &args);
    assert_eq!(second["cached"], true);
    for field in ["verdict", "margin", "decisions", "positions"] {
        assert_eq!(first[field], second[field], "{field}");
    }
    let (other, _) = solve(
        &cache,
        &[&args[..], &["--option", "empty_capture=1"]].concat(),
    );
    assert_eq!((other["cached"].as_bool(), entries()), (Some(false), 2));
    let (fresh, _) = solve(&cache, &[&args[..], &["--no-cache"]].concat());
    assert_eq!(fresh["cached"], false);

    for entry in std::fs::read_dir(&cache).unwrap() {
        std::fs::write(entry.unwrap().path(), "{\"verdict\": ").unwrap();
    }
    let (damaged, _) = solve(&cache, &args);
    assert_eq!(damaged["cached"], false);
    assert_eq!(solve(&cache, &args).0["cached"], true, "written again");

    let (unproven, _) = solve(&cache, &UNPROVEN_SOLVE);
    assert_eq!((unproven["proven"].as_bool(), entries()), (Some(false), 2));

    let not_a_folder = cache.join("a-file");
    std::fs::write(&not_a_folder, "").unwrap();
    let (answer, warning) = solve(&not_a_folder, &args);
    assert_eq!(answer["margin"], first["margin"]);
    assert!(
        warning.contains("warning: cannot keep the solution"),
        "{warning}"
    );
}

/// The binary run with `args`, its cache folder `cache`.
fn mancala_caching_in(cache: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .env("MANCALA_CACHE", cache)
        .output()
        .expect("the binary runs")
}

/// A successful `solve --json` with its cache folder `cache`: its report and
/// what it told on stderr.
fn solved_json(cache: &std::path::Path, args: &[&str]) -> (serde_json::Value, String) {
    let output = mancala_caching_in(cache, args);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    (report, stderr(&output))
}

/// `solve --endgame` builds the endgame database once, keeps it in the cache
/// folder and reads it the next time, with the values of a solve without it;
/// a damaged file is built again, with a warning; a game that keeps no
/// endgame table, and a database larger than the memory allows, are refused.
#[test]
fn solve_keeps_its_endgame_database_on_disk() {
    let cache = scratch("solve-endgame-kept");
    let run = |args: &[&str]| mancala_caching_in(&cache, args);
    let solve = |args: &[&str]| {
        // Only the database is kept between the solves: not their answers.
        for entry in std::fs::read_dir(&cache).into_iter().flatten() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                std::fs::remove_file(path).unwrap();
            }
        }
        solved_json(&cache, args)
    };
    let args = [
        "solve",
        "kalah",
        "--json",
        "--option",
        "holes_per_row=4",
        "--option",
        "seeds_per_hole=3",
    ];
    let with_endgame = [&args[..], &["--endgame", "12"]].concat();
    let (plain, _) = solve(&[&args[..], &["--no-cache"]].concat());
    assert!(plain.get("endgame").is_none());
    let (built, _) = solve(&with_endgame);
    let (read, _) = solve(&with_endgame);
    assert_eq!(built["endgame"]["built"], true);
    assert_eq!(read["endgame"]["built"], false);
    assert_eq!(built["endgame"]["file"], read["endgame"]["file"]);
    assert_eq!(read["endgame"]["most_seeds"], 12);
    for field in ["verdict", "margin", "decisions"] {
        assert_eq!(plain[field], built[field], "{field}");
        assert_eq!(plain[field], read[field], "{field}");
    }
    let file = built["endgame"]["file"].as_str().expect("a file kept");
    std::fs::write(file, "mancala endgame database 1; game kalah\n").unwrap();
    let (again, warning) = solve(&with_endgame);
    assert_eq!(again["endgame"]["built"], true);
    assert!(
        warning.contains("warning: cannot read the endgame database"),
        "{warning}"
    );
    assert_eq!(again["margin"], plain["margin"]);
    assert_eq!(
        solve(&with_endgame).0["endgame"]["built"],
        false,
        "kept again"
    );
    let plain_text = [
        &["solve", "kalah", "--no-cache", "--endgame", "12"],
        &args[3..],
    ]
    .concat();
    let text = stdout(&run(&plain_text));
    assert!(
        text.contains("endgame database of the positions with up to 12 seeds"),
        "{text}"
    );

    // A cached answer is no answer to an `--endgame` that cannot serve.
    let oware = ["solve", "oware", "--option", "holes_per_row=2"];
    assert!(run(&oware).status.success());
    for (refused, expected) in [
        (
            [&oware[..], &["--endgame", "4"]].concat(),
            "keeps no endgame table",
        ),
        (
            vec!["solve", "oware", "--endgame", "4"],
            "keeps no endgame table",
        ),
        (
            vec!["solve", "kalah", "--endgame", "40", "--memory", "1M"],
            "more than half the memory allowed",
        ),
        (
            vec!["solve", "goat", "--endgame", "4", "--method", "retrograde"],
            "--endgame serves the search",
        ),
    ] {
        let output = run(&refused);
        assert_eq!(output.status.code(), Some(2), "{refused:?}");
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
    }
}

/// A bundled game is found by its name or another name it goes by, however
/// written; a name two games share is refused, naming both; a variant does
/// not take its base's other names.
#[test]
fn games_are_found_by_their_other_names() {
    for asked in ["um-el-bagara", "Um el-Bagara", "UM EL BAGARA"] {
        let shown = mancala(&["show", asked]);
        assert!(shown.status.success(), "{}", stderr(&shown));
        assert!(
            stdout(&shown).starts_with("Cow (cow)"),
            "{}",
            stdout(&shown)
        );
    }
    let accented = mancala(&["replay", "En Gehe", "--json"]);
    assert!(stdout(&accented).contains(r#""game":"en-gehe""#));
    let shared = mancala(&["show", "awari"]);
    assert_eq!(shared.status.code(), Some(2));
    assert!(stderr(&shared).contains("`awari` names more than one bundled game: oware, wari"));
    let listed = stdout(&mancala(&["list"]));
    let line = |id: &str| {
        listed
            .lines()
            .find(|line| line.split_whitespace().next() == Some(id))
            .expect("listed")
            .to_string()
    };
    assert!(line("cow").ends_with("(also: Um el-Bagara)"));
    assert!(line("kalah").contains("(also: Kalaha, Mancala)"));
    assert!(
        !line("kalah-6").contains("also:"),
        "a variant's names are its own"
    );
}
