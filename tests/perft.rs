//! Perft-style regression net: the number of distinct decision sequences of each
//! length from the start of a game, checked against `tests/data/perft.toml`
//! (strip decisions count as decisions). A new case is a new entry there.

use std::collections::BTreeMap;

use mancala::language::catalog;
use mancala::rules::state::GameState;

fn perft(state: &GameState, depth: u32) -> u64 {
    if depth == 0 || state.outcome().is_some() {
        return 1;
    }
    (0..state.legal().len())
        .map(|i| {
            let mut next = state.clone();
            next.play_index(i);
            perft(&next, depth - 1)
        })
        .sum()
}

#[derive(serde::Deserialize)]
struct Cases {
    case: Vec<Case>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// Sequences of length 1, 2, ...
    counts: Vec<u64>,
}

#[test]
fn perft_counts_from_the_start() {
    let cases: Cases = toml::from_str(include_str!("data/perft.toml")).unwrap();
    let bundled = catalog::bundled_ids();
    let mut covered = Vec::new();
    for case in cases.case {
        let options: Vec<(String, String)> = case.options.clone().into_iter().collect();
        let game = catalog::load(&case.game, &options).unwrap();
        let start = GameState::new(&game);
        let counts: Vec<u64> = (1..=case.counts.len() as u32)
            .map(|depth| perft(&start, depth))
            .collect();
        assert_eq!(counts, case.counts, "{} {:?}", case.game, case.options);
        covered.push(case.game);
    }
    // Every bundled game that is not a variant file has a case.
    for id in bundled {
        let text = mancala::language::bundled::text(&id).unwrap();
        let variant = text.lines().any(|l| l.starts_with("extends"));
        assert!(variant || covered.contains(&id), "no perft case for {id}");
    }
}
