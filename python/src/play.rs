//! A game or match in progress, kept at the smallest position size its board
//! fits (as the command line plays it: see `CellClass`), so that every step
//! from Python copies as few bytes as the engine's own playouts do.

use mancala::agents::playout;
use mancala::rules::board::MAX_CELLS;
use mancala::rules::decision::Decision;
use mancala::rules::match_play::{CannotStart, MatchOutcome};
use mancala::rules::state::Illegal;
use mancala::{AnyPosition, CellClass, Game, MatchState, Side};
use rand::RngExt;

/// A match state at one of the engine's position sizes.
#[derive(Clone)]
pub enum Play {
    Cells16(MatchState<'static, 16>),
    Cells32(MatchState<'static, 32>),
    Cells64(MatchState<'static, 64>),
    Every(MatchState<'static, MAX_CELLS>),
}

/// Runs `$body` with `$state` bound to the match state, whatever its size.
macro_rules! each {
    ($play:expr, $state:ident => $body:expr) => {
        match $play {
            Play::Cells16($state) => $body,
            Play::Cells32($state) => $body,
            Play::Cells64($state) => $body,
            Play::Every($state) => $body,
        }
    };
}

impl Play {
    /// The game's start (a match, or a single game), laid out by `deal` where
    /// its setup scatters seeds.
    pub fn start(game: &'static Game, deal: u64, as_match: bool) -> Result<Play, CannotStart> {
        Ok(match game.cell_class() {
            CellClass::Cells16 => Play::Cells16(MatchState::dealt_sized(game, deal, as_match)?),
            CellClass::Cells32 => Play::Cells32(MatchState::dealt_sized(game, deal, as_match)?),
            CellClass::Cells64 => Play::Cells64(MatchState::dealt_sized(game, deal, as_match)?),
            CellClass::Every => Play::Every(MatchState::dealt_sized(game, deal, as_match)?),
        })
    }

    /// The game `mancala random GAME --seed SEED` plays (with `--match` for a
    /// match): dealt and played from the same seed.
    pub fn random(game: &'static Game, seed: u64, as_match: bool) -> Result<Play, CannotStart> {
        Ok(match game.cell_class() {
            CellClass::Cells16 => Play::Cells16(playout::random_match_sized(game, seed, as_match)?),
            CellClass::Cells32 => Play::Cells32(playout::random_match_sized(game, seed, as_match)?),
            CellClass::Cells64 => Play::Cells64(playout::random_match_sized(game, seed, as_match)?),
            CellClass::Every => Play::Every(playout::random_match_sized(game, seed, as_match)?),
        })
    }

    pub fn legal(&self) -> Vec<Decision> {
        each!(self, s => s.legal().collect())
    }

    pub fn legal_count(&self) -> usize {
        each!(self, s => s.legal().len())
    }

    /// Calls `f` with each legal decision.
    pub fn for_each_legal(&self, f: impl FnMut(Decision)) {
        each!(self, s => s.legal().for_each(f))
    }

    pub fn play(&mut self, decision: Decision) -> Result<(), Illegal> {
        each!(self, s => s.play(decision))
    }

    /// Plays random decisions to the end.
    pub fn play_out(&mut self, rng: &mut impl rand::Rng) {
        each!(self, s => while s.outcome().is_none() {
            let choices = s.legal().len();
            s.play_index(rng.random_range(0..choices));
        })
    }

    pub fn outcome(&self) -> Option<&MatchOutcome> {
        each!(self, s => s.outcome())
    }

    pub fn to_move(&self) -> Option<Side> {
        each!(self, s => s.to_move())
    }

    pub fn position(&self) -> &AnyPosition {
        each!(self, s => s.position())
    }

    pub fn decisions(&self) -> &[Decision] {
        each!(self, s => s.decisions())
    }

    /// About how many bytes the state takes, with its lists as they stand and
    /// the room a match's list of decisions starts with.
    pub fn memory_bytes(&self) -> usize {
        let lists = each!(self, s => s.round().memory_bytes());
        size_of::<Play>() + lists + 128 * size_of::<Decision>()
    }

    /// The same state at the widest size, which the JSON contract and the
    /// drawings read.
    pub fn widened(&self) -> MatchState<'static> {
        each!(self, s => s.clone().into_resized())
    }
}
