//! Hostile and careless input, as issue 11 found it: each test is named after
//! the defect it pins (D1..D16) and runs the program as a user would. Every bad
//! input gets a message and exit status 2 (1 for failed scenarios); nothing
//! panics, hangs or grows without bound.

mod common;

use std::process::Command;

use common::{mancala, mancala_in, mancala_with_input, refused, scratch, stderr, stdout};

const STRIP_THEN_SWEEP: &str = "tests/fuzz/strip-emptied-by-a-later-capture.toml";

#[test]
fn d1_a_strip_emptied_by_a_later_capture_lapses() {
    let random = mancala(&["random", STRIP_THEN_SWEEP, "--seed", "1", "--games", "300"]);
    assert!(random.status.success(), "{}", stderr(&random));
    for agent in ["alphabeta:3", "mcts:30", "greedy"] {
        let output = mancala(&[
            "compare",
            STRIP_THEN_SWEEP,
            "--games",
            "40",
            "--south",
            agent,
            "--json",
        ]);
        assert!(output.status.success(), "{agent}: {}", stderr(&output));
        let summary: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(summary["unfinished"], 0, "{agent}");
    }
}

#[test]
fn d2_studies_too_large_or_slices_out_of_range_are_refused() {
    refused(
        &mancala(&["compare", "kalah", "--games", "100000000"]),
        "a study plays 1 to 10000000 games",
    );
    refused(
        &mancala(&[
            "compare",
            "kalah",
            "--games",
            "18446744073709551615",
            "--shard",
            "5/10",
        ]),
        "a study plays 1 to 10000000 games",
    );
    refused(
        &mancala(&["compare", "kalah", "--games", "3", "--shard", "3/4"]),
        "K runs from 1 to the number of games",
    );
    // The largest study's slices still add up exactly.
    let max = mancala::studies::compare::MAX_GAMES;
    let ranges: Vec<_> = (0..7)
        .map(|i| mancala::studies::compare::shard_range(max, i, 7))
        .collect();
    assert_eq!(ranges[0].start, 0);
    assert_eq!(ranges[6].end, max);
    assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
}

#[test]
fn d3_bench_seconds_must_be_a_usable_number() {
    for seconds in ["nan", "inf", "-1", "0", "1e9"] {
        refused(
            &mancala(&["bench", "kalah", &format!("--seconds={seconds}")]),
            "expected a number of seconds from 0.01 to 3600",
        );
    }
}

#[test]
fn d5_extends_reads_only_regular_game_files() {
    let dir = scratch("extends");
    let fifo = dir.join("base.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    std::fs::write(dir.join("pipe.toml"), "extends = \"base.toml\"\n").unwrap();
    refused(
        &mancala_in(&dir, &["validate", "pipe.toml"]),
        "not a regular file",
    );
    std::fs::write(dir.join("stdin.toml"), "extends = \"/dev/stdin\"\n").unwrap();
    refused(
        &mancala_in(&dir, &["validate", "stdin.toml"]),
        "not a game file",
    );
    // A file that is not a game file is never read, so never shown.
    std::fs::write(dir.join("secret"), "root:$6$very-secret-hash:19000\n").unwrap();
    std::fs::write(dir.join("peek.toml"), "extends = \"./secret\"\n").unwrap();
    let output = mancala_in(&dir, &["validate", "peek.toml"]);
    refused(&output, "not a game file");
    assert!(!stderr(&output).contains("very-secret-hash"));
    refused(
        &mancala_in(&dir, &["validate", "base.toml"]),
        "not a regular file",
    );
}

#[test]
fn d6_reads_are_bounded_and_devices_refused() {
    refused(
        &mancala(&["replay", "kalah", "--position", "/dev/zero"]),
        "not a regular file",
    );
    refused(&mancala(&["merge", "/dev/zero"]), "not a regular file");
    // `check` reports each scenario file on stdout, a broken one too.
    let output = mancala(&["check", "/dev/zero"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains("cannot read /dev/zero: not a regular file"));
    refused(
        &mancala(&[
            "check",
            "tests/scenarios/kalah/start.toml",
            "--coverage",
            "/dev/zero",
        ]),
        "not a regular file",
    );
    let dir = scratch("big");
    let big = dir.join("big.json");
    std::fs::write(
        &big,
        vec![b' '; (mancala::input::MAX_TEXT_BYTES + 1) as usize],
    )
    .unwrap();
    refused(
        &mancala(&["replay", "kalah", "--position", big.to_str().unwrap()]),
        "larger than",
    );
    // `play` reads a line of at most 4 KiB; a longer one is refused and play goes on.
    let mut input = "x".repeat(1 << 20);
    input.push_str("\nquit\n");
    let output = mancala_with_input(&["play", "kalah", "--north", "random"], &input);
    assert!(output.status.success());
    assert!(stdout(&output).contains("a line is at most 4096 bytes"));
}

#[test]
fn d7_limits_that_would_grow_memory_are_refused() {
    refused(
        &mancala(&[
            "random",
            "kalah",
            "--seed",
            "1",
            "--max-turns",
            "4294967295",
        ]),
        "the turn limit is 4294967295; it runs from 1 to 100000",
    );
    refused(
        &mancala(&["random", "kalah", "--seed", "1", "--lap-limit", "0"]),
        "the lap limit is 0",
    );
    refused(
        &mancala(&[
            "compare",
            "rio-kadalis",
            "--match",
            "--max-rounds",
            "99999999",
        ]),
        "the round limit is 99999999",
    );
}

#[test]
fn d8_scenario_counts_cannot_wrap() {
    let dir = scratch("wrap");
    let scenario = |board: &str, captured: &str| {
        format!(
            "game = \"oware\"\nclauses = [\"OW-1\"]\nabout = \"wraps?\"\n\
             [start]\nto_move = \"south\"\ncaptured = {captured}\nboard = \"\"\"\n{board}\n\"\"\"\n"
        )
    };
    let cases = [
        (
            "b: 0 0 0 0 0 0\na: 65536 0 0 0 0 0",
            "{ south = 0, north = 0 }",
            "a1 holds 65536 seeds; a hole holds at most 65535",
        ),
        (
            "b: 0 0 0 0 0 0\na: 1 0 0 0 0 0",
            "{ south = 4294967296, north = 0 }",
            "at most 65535 are supported",
        ),
    ];
    for (index, (board, captured, reason)) in cases.iter().enumerate() {
        let file = dir.join(format!("wrap-{index}.toml"));
        std::fs::write(&file, scenario(board, captured)).unwrap();
        let output = mancala(&["check", file.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
        assert!(stdout(&output).contains(reason), "{}", stdout(&output));
        // The message places the problem in the file.
        assert!(stdout(&output).contains(&format!("wrap-{index}.toml:7:")));
    }
}

#[test]
fn d9_extends_is_relative_to_the_extending_file() {
    let dir = scratch("relative");
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    let kalah = std::fs::read_to_string("games/kalah.toml").unwrap();
    // A base in the current folder is not the one beside the variant.
    std::fs::write(dir.join("base.toml"), &kalah).unwrap();
    std::fs::write(dir.join("variants/v.toml"), "extends = \"base.toml\"\n").unwrap();
    refused(
        &mancala_in(&dir, &["validate", "variants/v.toml"]),
        "cannot read variants/base.toml",
    );
    std::fs::write(dir.join("variants/base.toml"), &kalah).unwrap();
    let output = mancala_in(&dir, &["validate", "variants/v.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn d10_merge_refuses_what_is_not_one_study() {
    let dir = scratch("merge");
    let shard = |name: &str, extra: &[&str]| {
        let mut args = vec!["compare", "walak-pussa", "--games", "10", "--shard", name];
        args.extend_from_slice(extra);
        let output = mancala(&args);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
    };
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    std::fs::write(&a, shard("0/2", &[])).unwrap();
    std::fs::write(&b, shard("1/2", &["--max-turns", "50"])).unwrap();
    refused(
        &mancala(&["merge", a.to_str().unwrap(), b.to_str().unwrap()]),
        "limits differ",
    );
    std::fs::write(&b, shard("1/2", &[])).unwrap();
    let merged = mancala(&["merge", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert!(merged.status.success(), "{}", stderr(&merged));
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "\n").unwrap();
    refused(
        &mancala(&["merge", empty.to_str().unwrap()]),
        "holds no shard",
    );
    let skewed = dir.join("skewed.jsonl");
    std::fs::write(
        &skewed,
        shard("0/2", &[]).replace("\"shard\":[0,2]", "\"shard\":[7,3]"),
    )
    .unwrap();
    refused(
        &mancala(&["merge", skewed.to_str().unwrap()]),
        "not a slice of its study",
    );
}

#[test]
fn d11_everything_is_checked_before_anything_is_printed() {
    refused(
        &mancala(&["show", "kalah", "--resolved", "--option", "bogus=1"]),
        "`bogus` is not an option",
    );
    refused(
        &mancala(&["compare", "kalah", "no-such-game", "--games", "5"]),
        "no bundled game `no-such-game`",
    );
    refused(
        &mancala(&["bench", "kalah", "no-such-game", "--seconds", "0.01"]),
        "no bundled game `no-such-game`",
    );
    // A chart folder that cannot be made: under a file.
    let dir = scratch("plot");
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let charts = file.join("charts");
    refused(
        &mancala(&[
            "compare",
            "kalah",
            "--games",
            "5",
            "--plot",
            charts.to_str().unwrap(),
        ]),
        "cannot write charts",
    );
}

#[test]
fn d13_messages_name_their_place_and_echo_safely() {
    let dir = scratch("messages");
    // A flat sum is not nesting; a long one is still played safely in threads.
    let kalah = std::fs::read_to_string("games/kalah.toml").unwrap();
    let sum = vec!["count(last)"; 60].join(" + ");
    let variant = format!(
        "extends = \"{}/games/kalah.toml\"\n\n[turn]\nagain = \"{sum} == 1 and last == store(mover)\"\n",
        env!("CARGO_MANIFEST_DIR")
    );
    assert!(kalah.contains("[turn]"));
    std::fs::write(dir.join("sum.toml"), variant).unwrap();
    let output = mancala_in(&dir, &["compare", "sum.toml", "--games", "50"]);
    assert!(output.status.success(), "{}", stderr(&output));
    // Broken scenarios are each reported with a place, and the others still run.
    let scenarios = dir.join("scenarios");
    std::fs::create_dir_all(&scenarios).unwrap();
    std::fs::write(
        scenarios.join("a-bad-key.toml"),
        "game = \"kalah\"\nclauses = [\"KA-1\"]\nabout = \"x\"\nbogus = 1\n",
    )
    .unwrap();
    std::fs::write(
        scenarios.join("b-illegal.toml"),
        "game = \"kalah\"\nclauses = [\"KA-1\"]\nabout = \"x\"\ndecisions = [\"b1\"]\n",
    )
    .unwrap();
    std::fs::write(
        scenarios.join("c-good.toml"),
        "game = \"kalah\"\nclauses = [\"KA-1\"]\nabout = \"x\"\ndecisions = [\"a1\"]\n",
    )
    .unwrap();
    // A game file in the folder is passed over, not read as a scenario.
    std::fs::write(scenarios.join("d-game.toml"), &kalah).unwrap();
    let output = mancala(&["check", scenarios.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    let report = stdout(&output);
    assert!(report.contains("a-bad-key.toml:4:1"), "{report}");
    assert!(report.contains("FAIL  ") && report.contains("decision 1 `b1` is not legal"));
    assert!(report.contains("ok    ") && report.contains("c-good.toml"));
    assert!(report.contains("passed over 1 game file"));
    assert!(
        report.contains("1 passed, 1 failed, 1 could not run"),
        "{report}"
    );
    // Names a user typed are echoed with control characters escaped.
    let output = mancala(&["replay", "kalah", "\u{1b}[2J"]);
    refused(&output, "`\\u{1b}[2J` is not a hole");
}

#[test]
fn d15_empty_and_unfinished_studies_print_no_false_figures() {
    refused(
        &mancala(&["compare", "kalah", "--games", "0"]),
        "a study plays 1 to 10000000 games",
    );
    let output = mancala(&["compare", "kalah", "--games", "5", "--max-turns", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = stdout(&output);
    assert!(table.contains("- (no game finished)"), "{table}");
    assert!(!table.contains("-0.0"), "{table}");
}

#[test]
fn d16_closed_holes_only_where_a_refill_closes_them() {
    let dir = scratch("closed");
    let file = dir.join("closed.json");
    std::fs::write(
        &file,
        r#"{"board": [[0,4,4,4,4,4,4],[4,4,4,4,4,4,4]], "to_move": "south", "closed": ["a1"]}"#,
    )
    .unwrap();
    refused(
        &mancala(&[
            "replay",
            "walak-pussa",
            "--match",
            "--position",
            file.to_str().unwrap(),
        ]),
        "closed holes (a1) cannot occur in this game",
    );
}
