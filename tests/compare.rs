//! `compare` is deterministic whatever the number of threads, and its agents
//! behave as described.

mod common;

use mancala::language::catalog;
use mancala::studies::compare::{self, Agent, Summary};

fn without_timing(mut summary: Summary) -> Summary {
    summary.milliseconds_per_game = 0.0;
    summary
}

fn on_threads(threads: usize, id: &str, agents: [Agent; 2]) -> Summary {
    let game = catalog::load(id, &[]).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    without_timing(pool.install(|| compare::run(id, &game, 200, 5, agents)))
}

#[test]
fn same_results_on_any_number_of_threads() {
    for id in ["sadeqa-iii", "nsolo", "kalah"] {
        let one = on_threads(1, id, [Agent::Random, Agent::Random]);
        let three = on_threads(3, id, [Agent::Random, Agent::Random]);
        assert_eq!(
            serde_json::to_string(&one).unwrap(),
            serde_json::to_string(&three).unwrap(),
            "{id}"
        );
    }
}

#[test]
fn a_greedy_south_beats_a_random_north() {
    let summary = on_threads(2, "kalah", [Agent::Greedy, Agent::Random]);
    assert!(summary.south_score_low.unwrap() > 0.6, "{summary:?}");
}

#[test]
fn a_small_comparison_table() {
    let summaries = [
        on_threads(2, "walak-pussa", [Agent::Random, Agent::Random]),
        on_threads(2, "rio-kadalis", [Agent::Random, Agent::Random]),
    ];
    let table = compare::table(&summaries);
    let without_time: Vec<&str> = table
        .lines()
        .filter(|l| !l.starts_with("ms per game"))
        .collect();
    insta::assert_snapshot!(without_time.join("\n"));
}

#[test]
fn alphabeta_beats_greedy() {
    let game = catalog::load("kalah", &[]).unwrap();
    let summary = compare::run("kalah", &game, 60, 9, [Agent::AlphaBeta(4), Agent::Greedy]);
    assert!(summary.south_score.unwrap() > 0.6, "{summary:?}");
    assert_eq!(Agent::parse("alphabeta:4"), Ok(Agent::AlphaBeta(4)));
    assert!(Agent::parse("alphabeta:0").is_err() && Agent::parse("minimax").is_err());
}

#[test]
fn mcts_beats_random() {
    let game = catalog::load("oware", &[]).unwrap();
    let summary = compare::run("oware", &game, 20, 3, [Agent::Random, Agent::Mcts(100)]);
    assert!(summary.south_score.unwrap() < 0.3, "{summary:?}");
    assert_eq!(Agent::parse("mcts:500"), Ok(Agent::Mcts(500)));
}

#[test]
fn four_shards_merge_into_the_whole_study() {
    let game = catalog::load("walak-pussa", &[]).unwrap();
    let agents = [Agent::Random, Agent::Greedy];
    let source = catalog::source("walak-pussa").unwrap();
    for matches in [false, true] {
        let study = compare::Study {
            games: 103,
            seed: 8,
            agents,
            matches,
        };
        let shard = |i: u64| {
            let played =
                compare::play_range(&game, &study, compare::shard_range(103, i, 4), &|| {});
            compare::Shard::new("walak-pussa", (&source, &game), &study, (i, 4), played).unwrap()
        };
        // Shards may arrive in any order.
        let merged = compare::merge(vec![shard(2), shard(0), shard(3), shard(1)]).unwrap();
        let whole = compare::summarise(
            "walak-pussa",
            &compare::play_range(&game, &study, 0..103, &|| {}),
            matches,
        );
        assert_eq!(merged[0].matches, matches);
        assert_eq!(
            serde_json::to_string(&without_timing(merged[0].clone())).unwrap(),
            serde_json::to_string(&without_timing(whole)).unwrap()
        );
        assert!(
            compare::merge(vec![shard(0), shard(1), shard(3)]).is_err(),
            "a missing shard is refused"
        );
        let mut other = shard(3);
        other.rules = "different".into();
        assert!(
            compare::merge(vec![shard(0), shard(1), shard(2), other]).is_err(),
            "other rules are refused"
        );
        let mut other = shard(3);
        other.matches = !matches;
        assert!(
            compare::merge(vec![shard(0), shard(1), shard(2), other]).is_err(),
            "matches and single games are not merged"
        );
    }
}

#[test]
fn timed_agents_parse_and_stay_within_their_budget() {
    use std::time::{Duration, Instant};
    assert_eq!(
        Agent::parse("alphabeta:250ms"),
        Ok(Agent::AlphaBetaFor(Duration::from_millis(250)))
    );
    assert_eq!(
        Agent::parse("mcts:2s"),
        Ok(Agent::MctsFor(Duration::from_secs(2)))
    );
    assert!(Agent::parse("mcts:0s").is_err() && Agent::parse("alphabeta:fast").is_err());
    let game = catalog::load("sadeqa-iii", &[]).unwrap();
    let state = mancala::rules::state::GameState::new(&game);
    let start = Instant::now();
    let mut searcher = mancala::agents::search::AlphaBeta::default();
    let index = searcher.best_within(&state, Duration::from_millis(50));
    assert!(index < state.legal().len());
    // Generous: the search stops at its deadline, not after finishing a deep iteration.
    assert!(start.elapsed() < Duration::from_secs(5));
}

/// `--exact` adds South's value under perfect play where a small solve proves
/// it (Kalah(3,4): South wins by 2, docs/solved.md), and says where it does not
/// (Goat's seeds can go round: the solve meets repeats); the CSV has the
/// columns whichever variant comes first.
#[test]
fn exact_values_beside_the_statistics() {
    let (goat, kalah) = ("goat", "kalah:holes_per_row=3");
    let table = common::mancala(&["compare", goat, kalah, "--games", "20", "--exact"]);
    assert!(table.status.success(), "{}", common::stderr(&table));
    let first = common::stdout(&table)
        .lines()
        .nth(1)
        .unwrap_or_default()
        .to_string();
    assert!(
        first.starts_with("exact: South under perfect play"),
        "{first}"
    );
    assert!(
        first.contains("- (not solved)") && first.ends_with("wins by 2"),
        "{first}"
    );
    let csv = common::mancala(&["compare", goat, kalah, "--games", "20", "--exact", "--csv"]);
    let text = common::stdout(&csv);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows[0][column("exact_verdict")], "");
    assert_eq!(rows[1][column("exact_verdict")], "\"win\"");
    assert_eq!(rows[1][column("exact_margin")], "2");
    // Without --exact nothing changes.
    let plain = common::mancala(&["compare", kalah, "--games", "20", "--csv"]);
    assert!(!common::stdout(&plain).contains("exact"));
}
