//! Properties that hold in every game of every bundled game (proptest): seeds are
//! conserved, a decision is accepted exactly when it is legal, a recorded game
//! replays exactly, every game ends within the turn limit, and a finished game
//! has no legal decisions. Random positions and position files never panic.

use std::sync::LazyLock;

use mancala::agents::playout;
use mancala::language::catalog;
use mancala::present::json;
use mancala::rules::board::Side;
use mancala::rules::decision::Decision;
use mancala::rules::game::Game;
use mancala::rules::setup::Setup;
use mancala::rules::state::GameState;
use proptest::prelude::*;
use rand::RngExt;

static GAMES: LazyLock<Vec<Game>> = LazyLock::new(|| {
    catalog::bundled_ids()
        .iter()
        .map(|id| catalog::load(id, &[]).expect("bundled games load"))
        .collect()
});

fn total_seeds(state: &GameState) -> u32 {
    let p = state.position();
    p.seeds()
}

/// Plays random decisions from `state`, checking the step properties at each one.
fn play_checked(mut state: GameState, seed: u64) -> Result<GameState, TestCaseError> {
    let game = state.game();
    let total = total_seeds(&state);
    let mut rng = playout::rng(seed);
    let mut steps = 0u64;
    while state.outcome().is_none() {
        let legal: Vec<Decision> = state.legal().collect();
        prop_assert!(!legal.is_empty(), "an ongoing game has a legal decision");
        for &decision in &legal {
            // A decision's name (JSON, replay, scenarios) reads back as itself.
            let name = game.decision_name(decision);
            prop_assert_eq!(game.parse_decision(&name), Some(decision), "{}", name);
        }
        for hole in game.board().holes() {
            let hole = game.board().name(hole);
            for direction in ["", ":ccw", ":cw"] {
                for declined in ["", ":decline", ":decline=1", ":decline=2", ":decline=1+2"] {
                    let name = format!("{hole}{direction}{declined}");
                    let decision = game.parse_decision(&name).expect("a decision's spelling");
                    let accepted = state.clone().play(decision).is_ok();
                    prop_assert_eq!(accepted, legal.contains(&decision), "decision {}", name);
                }
            }
        }
        state.play_index(rng.random_range(0..legal.len()));
        prop_assert_eq!(total_seeds(&state), total, "seeds are conserved");
        steps += 1;
        prop_assert!(steps <= 1_000_000, "a game ends");
    }
    prop_assert_eq!(
        state.legal().len(),
        0,
        "a finished game has no legal decisions"
    );
    prop_assert!(state.position().turn() <= game.limits().turns);
    Ok(state)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_keep_every_property(which in 0..64usize, seed: u64) {
        let game = &GAMES[which % GAMES.len()];
        let finished = play_checked(GameState::new(game), seed)?;
        let mut replayed = GameState::new(game);
        for &hole in finished.decisions() {
            prop_assert!(replayed.play(hole).is_ok());
        }
        prop_assert_eq!(replayed.position(), finished.position());
        prop_assert_eq!(replayed.outcome(), finished.outcome());
    }

    #[test]
    fn random_positions_play_out_safely(
        which in 0..64usize,
        counts in prop::collection::vec(0u16..6, 48),
        north: bool,
        seed: u64,
    ) {
        let game = &GAMES[which % GAMES.len()];
        let setup = Setup {
            counts: game.board().holes().zip(counts.iter().cycle().map(|&c| u64::from(c))).collect(),
            to_move: if north { Side::North } else { Side::South },
            ..Setup::empty()
        };
        let position = setup.position(game).expect("small counts make a position");
        play_checked(GameState::from_position(game, position), seed)?;
    }

    #[test]
    fn position_files_are_accepted_or_refused_never_panic(
        which in 0..64usize,
        rows in prop::collection::vec(prop::collection::vec(0u32..70_000, 0..14), 0..6),
        to_move in "[a-z]{0,6}",
        pending in prop::option::of(0u32..70_000),
    ) {
        let game = &GAMES[which % GAMES.len()];
        let pending = pending.map_or("null".to_string(), |n| format!("{{\"kind\": \"strip\", \"remaining\": {n}}}"));
        let text = format!(
            "{{\"board\": {rows:?}, \"captured\": {{\"south\": 1, \"north\": 2}}, \"to_move\": \"{to_move}\", \"turn\": 3, \"pending\": {pending}}}"
        );
        if let Ok(position) = json::parse_position(game, &text) {
            let mut state = GameState::from_position(game, position);
            playout::play_out(&mut state, &mut playout::rng(1));
        }
    }
}
