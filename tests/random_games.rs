//! Properties of whole random games of every bundled game.

use mancala::agents::playout::{random_game, random_game_sized, random_match, random_match_sized};
use mancala::language::catalog;
use mancala::rules::board::MAX_CELLS;
use mancala::rules::state::Reason;

#[test]
fn same_seed_same_game_and_seeds_are_conserved() {
    for id in catalog::bundled_ids() {
        let id = id.as_str();
        let game = catalog::load(id, &[]).unwrap();
        let start = game.start();
        let total = start.seeds_on_board() + start.seeds_in_hand();
        for seed in 0..20 {
            let a = random_game(&game, seed);
            let b = random_game(&game, seed);
            assert_eq!(a.decisions(), b.decisions(), "{id} seed {seed}");
            assert_eq!(a.position(), b.position(), "{id} seed {seed}");
            let p = a.position();
            assert_eq!(
                p.seeds_on_board() + p.seeds_in_hand() + p.captured()[0] + p.captured()[1],
                total,
                "{id} seed {seed}"
            );
            assert!(
                a.outcome().is_some() && a.legal().len() == 0,
                "{id} seed {seed}"
            );
        }
    }
}

/// A game plays the same at every position size: at its own class (as random
/// playouts, matches and agents play it) and with room for every board's cells.
#[test]
fn every_position_size_plays_the_same_games() {
    for id in catalog::bundled_ids() {
        let id = id.as_str();
        let game = catalog::load(id, &[]).unwrap();
        assert!(
            game.cell_class().cells() >= game.board().cell_count(),
            "{id}"
        );
        for seed in 0..10 {
            let sized = random_game(&game, seed);
            let wide = random_game_sized::<MAX_CELLS>(&game, seed);
            assert_eq!(sized.decisions(), wide.decisions(), "{id} seed {seed}");
            assert_eq!(sized.position(), wide.position(), "{id} seed {seed}");
            assert_eq!(sized.outcome(), wide.outcome(), "{id} seed {seed}");
            assert_eq!(sized.endless_met(), wide.endless_met(), "{id} seed {seed}");
            if game.match_rules().is_some() {
                let sized = random_match(&game, seed, true).unwrap();
                let wide = random_match_sized::<MAX_CELLS>(&game, seed, true).unwrap();
                assert_eq!(sized.decisions(), wide.decisions(), "{id} match {seed}");
                assert_eq!(sized.results(), wide.results(), "{id} match {seed}");
                assert_eq!(sized.position(), wide.position(), "{id} match {seed}");
            }
        }
    }
}

/// BK-10: the engine applies the repetition rule, yet (as the rules file argues)
/// it can never fire in Bao la Kimasai: no random game ends by repetition.
#[test]
fn bk_10_repetition_never_fires_in_bao_la_kimasai() {
    let game = catalog::load("bao-la-kimasai", &[]).unwrap();
    assert!(game.tracks_repetition());
    for seed in 0..300 {
        let state = random_game(&game, seed);
        let outcome = state.outcome().unwrap();
        assert_ne!(outcome.reason, Reason::Repetition, "seed {seed}");
        assert_ne!(outcome.reason, Reason::TurnLimit, "seed {seed}");
    }
}
