//! Perft-style regression net: the number of distinct decision sequences of each
//! length from the start of every bundled game (strip decisions count as decisions).

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

/// A game id, its option overrides, and the deepest depth counted.
type Case = (&'static str, &'static [(&'static str, &'static str)], u32);

#[test]
fn perft_counts_from_the_start() {
    let cases: &[Case] = &[
        ("bao-la-kimasai", &[], 8),
        ("kalah", &[], 5),
        (
            "kalah",
            &[("holes_per_row", "4"), ("seeds_per_hole", "3")],
            6,
        ),
        ("nsolo", &[], 4),
        ("nsolo", &[("holes_per_row", "16")], 3),
        ("oware", &[], 5),
        ("rio-kadalis", &[], 5),
        (
            "rio-kadalis",
            &[("holes_per_row", "5"), ("direction", "cw")],
            5,
        ),
        ("sadeqa-iii", &[], 4),
        ("sadeqa-iii", &[("seeds_per_hole", "4")], 4),
        ("walak-pussa", &[], 5),
    ];
    let mut table = String::new();
    for (id, options, max_depth) in cases {
        let options: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let game = catalog::load(id, &options).unwrap();
        let start = GameState::new(&game);
        let counts: Vec<String> = (1..=*max_depth)
            .map(|d| perft(&start, d).to_string())
            .collect();
        let label = options
            .iter()
            .map(|(k, v)| format!(" {k}={v}"))
            .collect::<String>();
        table += &format!("{id}{label}: {}\n", counts.join(" "));
    }
    insta::assert_snapshot!(table);
}
