//! Uniformly random games, reproducible from a seed on any machine and thread count.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::agents::deadline::Deadline;
use crate::rules::game::Game;
use crate::rules::match_play::{CannotStart, MatchState};
use crate::rules::state::GameState;

/// The generator for one game: ChaCha8 (stable across platforms and releases).
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Plays one game to its end, each decision uniform among the legal ones (where
/// the setup scatters seeds at random, dealt from the seed too).
pub fn random_game(game: &Game, seed: u64) -> GameState<'_> {
    crate::with_cells!(game.cell_class(), N => random_game_sized::<N>(game, seed).into_resized())
}

/// `random_game`, played with positions of `N` cells (at least the board's).
pub fn random_game_sized<const N: usize>(game: &Game, seed: u64) -> GameState<'_, N> {
    let mut rng = rng(seed);
    let start = game.deal(seed, crate::rules::board::Side::South);
    let mut state = GameState::from_any_position(game, &start);
    play_out(&mut state, &mut rng);
    state
}

/// Plays on from `state` with uniformly random decisions until the game is over.
pub fn play_out<const N: usize>(state: &mut GameState<N>, rng: &mut ChaCha8Rng) {
    while state.outcome().is_none() {
        let choices = state.legal().len();
        state.play_index(rng.random_range(0..choices));
    }
}

/// `play_out`, stopping where `deadline` has passed (asked each turn): whether
/// the game was played to its end.
pub fn play_out_before<const N: usize>(
    state: &mut GameState<N>,
    rng: &mut ChaCha8Rng,
    deadline: &Deadline,
) -> bool {
    while state.outcome().is_none() {
        if deadline.passed() {
            return false;
        }
        let choices = state.legal().len();
        state.play_index(rng.random_range(0..choices));
    }
    true
}

/// Plays one game, or one match when `as_match`, to its end with uniformly random
/// decisions (a single game draws exactly as `random_game` does).
pub fn random_match(game: &Game, seed: u64, as_match: bool) -> Result<MatchState<'_>, CannotStart> {
    crate::with_cells!(game.cell_class(), N => {
        random_match_sized::<N>(game, seed, as_match).map(MatchState::into_resized)
    })
}

/// `random_match`, played with positions of `N` cells (at least the board's).
pub fn random_match_sized<const N: usize>(
    game: &Game,
    seed: u64,
    as_match: bool,
) -> Result<MatchState<'_, N>, CannotStart> {
    let mut rng = rng(seed);
    let mut state = MatchState::dealt_sized(game, seed, as_match)?;
    while state.outcome().is_none() {
        let choices = state.legal().len();
        state.play_index(rng.random_range(0..choices));
    }
    Ok(state)
}
