//! The one checked path to a position (`Setup::position`): counts are refused,
//! not wrapped, past what a position holds; closed holes only where the game's
//! refill closes them; a position round-trips through its setup.

use mancala::{Hole, Setup, SetupError, load};

fn setup(counts: &[(Hole, u64)]) -> Setup {
    Setup {
        counts: counts.to_vec(),
        ..Setup::empty()
    }
}

#[test]
fn a_hole_past_its_count_is_refused_not_wrapped() {
    let game = load("kalah", &[]).unwrap();
    assert_eq!(
        setup(&[(0, 65_536)]).position(&game),
        Err(SetupError::HoleTooFull {
            hole: "a1".into(),
            seeds: 65_536
        })
    );
    let captured = Setup {
        captured: [u64::from(u32::MAX) + 1, 0],
        ..Setup::empty()
    };
    assert!(matches!(
        captured.position(&game),
        Err(SetupError::TooManySeeds(_))
    ));
    assert!(setup(&[(0, 65_535)]).position(&game).is_ok());
}

#[test]
fn closed_holes_only_where_a_refill_closes_them() {
    let closed = Setup {
        closed: vec![0],
        ..Setup::empty()
    };
    let kalah = load("kalah", &[]).unwrap();
    let walak = load("walak-pussa", &[]).unwrap();
    let rio = load("rio-kadalis", &[]).unwrap();
    assert!(matches!(
        closed.position(&kalah),
        Err(SetupError::ClosedNotPossible(_))
    ));
    // Walak-pussa's refill leaves short holes open (WP-12).
    assert!(matches!(
        closed.position(&walak),
        Err(SetupError::ClosedNotPossible(_))
    ));
    assert!(closed.position(&rio).is_ok());
}

#[test]
fn a_setup_round_trips_through_its_position() {
    let game = load("nsolo", &[]).unwrap();
    let again = Setup::of(game.board(), &game.start())
        .position(&game)
        .unwrap();
    assert_eq!(again, game.start());
}

const SCATTERED: &str = "tests/games/scattered.toml";

/// The houses' counts of a Kalah-sized start (stores left out).
fn houses(position: &mancala::AnyPosition) -> Vec<u16> {
    position.counts()[..12].to_vec()
}

#[test]
fn a_scattered_setup_keeps_its_layout_and_drops_the_rest_at_random() {
    let game = load(SCATTERED, &[]).unwrap();
    assert!(game.dealt());
    let mut seen = std::collections::BTreeSet::new();
    let mut sums = [0u64; 12];
    let deals = 2_000;
    for deal in 0..deals {
        let start = game.deal(deal, mancala::Side::South);
        let counts = houses(&start);
        // Two in every house first, then the 24 scattered ones.
        assert!(counts.iter().all(|&c| c >= 2), "deal {deal}: {counts:?}");
        assert_eq!(counts.iter().map(|&c| u32::from(c)).sum::<u32>(), 48);
        assert_eq!(houses(&game.deal(deal, mancala::Side::South)), counts);
        for (sum, &c) in sums.iter_mut().zip(&counts) {
            *sum += u64::from(c);
        }
        seen.insert(counts);
    }
    // Deal 0 is the game's start, and the deals differ from one another.
    assert_eq!(
        houses(&game.start()),
        houses(&game.deal(0, mancala::Side::South))
    );
    assert!(
        seen.len() > 1_990,
        "{} layouts in {deals} deals",
        seen.len()
    );
    // Each house is drawn alike: on average 2 + 24/12 = 4 seeds (the spread
    // of a mean of 2,000 draws is about 0.03).
    for (house, sum) in sums.iter().enumerate() {
        let mean = *sum as f64 / deals as f64;
        assert!((3.85..4.15).contains(&mean), "house {house}: mean {mean}");
    }
}

/// `scatter_min`: every hole of every deal is empty or holds four or more,
/// the seeds are all dealt, and the deals differ, some with empty holes.
#[test]
fn a_scatter_with_a_minimum_leaves_no_hole_below_it_but_empty_ones() {
    let game = load("tests/games/scattered-at-least.toml", &[]).unwrap();
    assert!(game.dealt());
    let (mut seen, mut with_empty) = (std::collections::BTreeSet::new(), 0);
    for deal in 0..500 {
        let counts = houses(&game.deal(deal, mancala::Side::South));
        assert!(
            counts.iter().all(|&c| c == 0 || c >= 4),
            "deal {deal}: {counts:?}"
        );
        assert_eq!(counts.iter().map(|&c| u32::from(c)).sum::<u32>(), 48);
        with_empty += usize::from(counts.contains(&0));
        seen.insert(counts);
    }
    assert!(
        seen.len() > 490 && with_empty > 100,
        "{} layouts, {with_empty} with an empty hole",
        seen.len()
    );
}

#[test]
fn a_setup_without_scatter_deals_the_same_start_every_time() {
    let game = load("kalah", &[]).unwrap();
    assert!(!game.dealt());
    for deal in [0, 1, u64::MAX] {
        assert_eq!(game.deal(deal, mancala::Side::South), game.start());
    }
}

#[test]
fn every_round_of_a_scattered_tally_match_is_dealt_afresh() {
    use mancala::rules::setup::round_deal;
    let game = load("tests/games/scattered-tally.toml", &[]).unwrap();
    for seed in 0..20 {
        let mut rng = mancala::agents::playout::rng(seed);
        let mut state = mancala::MatchState::dealt(&game, seed, true).unwrap();
        let mut starts = vec![houses(state.position())];
        assert_eq!(starts[0], houses(&game.deal(seed, mancala::Side::South)));
        while state.outcome().is_none() {
            let round = state.round_number();
            let choices = state.legal().len();
            state.play_index(rand::RngExt::random_range(&mut rng, 0..choices));
            if state.round_number() > round && state.outcome().is_none() {
                let position = state.position();
                let dealt = game.deal(round_deal(seed, round + 1), position.to_move());
                assert_eq!(
                    houses(position),
                    houses(&dealt),
                    "seed {seed}, round {}",
                    round + 1
                );
                starts.push(houses(position));
            }
        }
        let distinct: std::collections::BTreeSet<_> = starts.iter().collect();
        assert_eq!(
            distinct.len(),
            starts.len(),
            "seed {seed}: a round's deal repeated"
        );
    }
}

/// The houses South's first move may start from in a Kalah-sized start: each
/// opening of tests/games/opening-random.toml empties one of them.
#[test]
fn a_drawn_opening_plays_one_of_the_movers_decisions_by_the_deal() {
    let game = load("tests/games/opening-random.toml", &[]).unwrap();
    let layout = load("kalah", &[]).unwrap().start();
    assert!(game.dealt());
    let mut emptied = std::collections::BTreeSet::new();
    for deal in 0..200 {
        let start = game.deal(deal, mancala::Side::South);
        assert_eq!(start, game.deal(deal, mancala::Side::South));
        // One decision played, and the turn passed even after a move into
        // the store (a3, whose four seeds end there, earns another turn).
        assert_eq!(start.turn(), 1, "deal {deal}");
        assert_eq!(start.to_move(), mancala::Side::North, "deal {deal}");
        let empty: Vec<usize> = (0..6).filter(|&h| start.counts()[h] == 0).collect();
        assert_eq!(empty.len(), 1, "deal {deal}: {:?}", houses(&start));
        assert_eq!(start.seeds(), layout.seeds());
        emptied.insert(empty[0]);
    }
    // Every one of South's six decisions is drawn by some deal.
    assert_eq!(emptied.len(), 6);
    assert_eq!(game.start(), game.deal(0, mancala::Side::South));
}

#[test]
fn a_forced_opening_deals_the_same_start_every_time() {
    let game = load("tests/games/opening-rightmost.toml", &[]).unwrap();
    assert!(!game.dealt());
    for deal in [0, 1, u64::MAX] {
        assert_eq!(game.deal(deal, mancala::Side::South), game.start());
    }
    // South's rightmost hole was sown, and the game's first decision is North's.
    assert_eq!(game.start().counts()[5], 0);
    assert_eq!(game.start().to_move(), mancala::Side::North);
}

/// An opening whose turn passes keeps the turn while the mover owes a strip:
/// every dealt start of this file (found by the generated-game proptest) has
/// a legal decision or is over.
#[test]
fn an_opening_passes_the_turn_only_once_a_strip_is_taken() {
    let game = load("tests/games/opening-strip-passes.toml", &[]).unwrap();
    for deal in 0..100 {
        let start = game.deal(deal, mancala::Side::South);
        let state: mancala::GameState = mancala::GameState::from_any_position(&game, &start);
        assert!(
            state.outcome().is_some() || state.legal().len() > 0,
            "deal {deal}"
        );
    }
}
