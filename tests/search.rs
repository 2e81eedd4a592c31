//! Alpha-beta agrees with plain minimax at the same depth, on positions from
//! random games of every bundled game.

use mancala::agents::playout;
use mancala::agents::search::{AlphaBeta, minimax};
use mancala::language::catalog;
use mancala::rules::state::GameState;
use rand::RngExt;

#[test]
fn alphabeta_agrees_with_minimax() {
    let mut compared = 0;
    for id in catalog::bundled_ids() {
        let game = catalog::load(&id, &[]).unwrap();
        let mut rng = playout::rng(3);
        let mut state = GameState::new(&game);
        for sample in 0..4 {
            for _ in 0..7 {
                if state.outcome().is_some() {
                    break;
                }
                let n = state.legal().len();
                state.play_index(rng.random_range(0..n));
            }
            if state.outcome().is_some() {
                break;
            }
            let depth = if id.starts_with("nsolo") || id.starts_with("bao") {
                3
            } else {
                4
            };
            let expected = minimax(&state, depth);
            let mut searcher = AlphaBeta::default();
            let found = searcher.search(&state, depth, -i64::MAX, i64::MAX);
            assert_eq!(found, expected, "{id} sample {sample}");
            let (_, deepened) = AlphaBeta::default().best(&state, depth);
            assert_eq!(
                deepened, expected,
                "{id} sample {sample}, iterative deepening"
            );
            compared += 1;
        }
    }
    assert!(compared >= 30, "only {compared} positions compared");
}

#[test]
fn a_game_file_may_give_its_own_evaluation() {
    let text = r#"
extends = "kalah"
[agents]
evaluate = "captured(side) + total(holes(side))"
"#;
    let game =
        mancala::language::load::load_str("kalah-material", "kalah-material.toml", text, &[])
            .unwrap();
    let plain = catalog::load("kalah", &[]).unwrap();
    let a6 = game.board().parse_hole("a6").unwrap();
    let mut state = GameState::new(&game);
    let mut usual = GameState::new(&plain);
    state.play(a6).unwrap();
    usual.play(a6).unwrap();
    // a6's four seeds: one into South's store, three into North's holes.
    assert_eq!(mancala::agents::search::evaluate(&usual), 1);
    assert_eq!(mancala::agents::search::evaluate(&state), (1 + 20) - 27);
    let mut rng = playout::rng(5);
    for _ in 0..5 {
        let n = state.legal().len();
        state.play_index(rng.random_range(0..n));
        let (_, value) = AlphaBeta::default().best(&state, 4);
        assert_eq!(value, minimax(&state, 4));
    }
}

/// A search at the game's own position size finds what it finds with room for
/// every board's cells: the same decision and value, the same nodes searched.
#[test]
fn alphabeta_searches_alike_at_every_position_size() {
    for id in [
        "kalah",
        "oware",
        "sadeqa-iii",
        "walak-pussa",
        "bao-la-kimasai",
    ] {
        let game = catalog::load(id, &[]).unwrap();
        let wide = GameState::new(&game);
        let mut wide_search = AlphaBeta::default();
        let wide_best = wide_search.best(&wide, 4);
        let (sized_best, sized_nodes) = mancala::with_cells!(game.cell_class(), N => {
            let sized = GameState::<N>::from_any_position(&game, wide.position());
            let mut search = AlphaBeta::default();
            (search.best(&sized, 4), search.nodes)
        });
        assert_eq!(sized_best, wide_best, "{id}");
        assert_eq!(sized_nodes, wide_search.nodes, "{id}");
    }
}

/// A child written over a spare state (`after_into`, as alpha-beta expands its
/// nodes) is the child `after` makes afresh, whatever the spare held before:
/// on random games of every bundled game, every decision of every turn (`turn`: decisions played).
#[test]
fn a_child_written_over_a_spare_state_is_the_child_made_afresh() {
    for id in catalog::bundled_ids() {
        let game = catalog::load(&id, &[]).unwrap();
        let mut rng = playout::rng(5);
        let mut state = GameState::new(&game);
        // Starts as a different state: the first turn's.
        let mut spare = state.clone();
        for _ in 0..40 {
            if state.outcome().is_some() {
                break;
            }
            for index in 0..state.legal().len() {
                let fresh = state.after(index);
                state.after_into(index, &mut spare);
                let turn = state.decisions().len();
                assert_eq!(spare.position(), fresh.position(), "{id} turn {turn}");
                let legal = |s: &GameState| s.legal().collect::<Vec<_>>();
                assert_eq!(legal(&spare), legal(&fresh), "{id} turn {turn}");
                assert_eq!(spare.successors(), fresh.successors(), "{id} turn {turn}");
                assert_eq!(spare.outcome(), fresh.outcome(), "{id} turn {turn}");
                assert_eq!(spare.decisions(), fresh.decisions(), "{id} turn {turn}");
            }
            let n = state.legal().len();
            state.play_index(rng.random_range(0..n));
        }
    }
}
