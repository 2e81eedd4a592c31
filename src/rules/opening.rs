//! An opening played as part of the setup (`[setup.opening]`): decisions the
//! rules make at the start, before either player decides, so that the first
//! decision a game lists is a player's. Each is forced where the rules allow
//! one decision, and drawn by the game's deal where they allow several.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use crate::ir::{BoolExpr, Compiled, Env, Scope};
use crate::rules::decision::Decision;
use crate::rules::game::Game;
use crate::rules::position::Position;
use crate::rules::state::GameState;

/// Who moves once an opening decision is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningTurn {
    /// As the rules say: a decision that earns another turn keeps it.
    AsPlayed,
    /// The other side, whatever the decision earned (StoneShark's random
    /// opening gives no repeat turn).
    Passes,
}

/// The decisions a setup plays.
#[derive(Debug)]
pub struct Opening {
    /// How many decisions are played, each by the side to move then.
    pub decisions: u32,
    /// Which legal decisions may be played (binding `origin`, the hole it
    /// starts from); `None`: any.
    pub from: Option<Compiled<BoolExpr>>,
    /// Who moves after each.
    pub turn: OpeningTurn,
}

/// A start with its opening played.
pub struct Opened {
    /// The start, the opening played.
    pub start: Position,
    /// Decisions played: fewer than the opening's where the game ended, or no
    /// legal decision was allowed.
    pub played: u32,
    /// Whether some decision was drawn among several (so that the start
    /// depends on the deal).
    pub drew: bool,
}

impl Opening {
    /// Plays the opening from `start`, drawing with `rng` where the rules
    /// allow several decisions.
    pub(crate) fn play(&self, game: &Game, start: Position, rng: &mut ChaCha8Rng) -> Opened {
        let mut opened = Opened {
            start,
            played: 0,
            drew: false,
        };
        while opened.played < self.decisions {
            let state = GameState::from_position(game, opened.start);
            if state.outcome().is_some() {
                break;
            }
            let allowed: Vec<usize> = (0..state.legal().len())
                .filter(|&index| self.allows(game, &opened.start, state.legal_decision(index)))
                .collect();
            let index = match allowed.len() {
                0 => break,
                1 => allowed[0],
                count => {
                    opened.drew = true;
                    allowed[rng.random_range(0..count)]
                }
            };
            opened.start = self.after(state, index);
            opened.played += 1;
        }
        opened
    }

    /// Whether `from` allows the decision: a move from a hole it allows (an
    /// opening calls no end check).
    fn allows(&self, game: &Game, position: &Position, decision: Decision) -> bool {
        let Some(origin) = decision.hole() else {
            return false;
        };
        self.from.as_ref().is_none_or(|from| {
            let mut env = Env::new(position.to_move);
            env.origin = origin;
            from.eval(&mut Scope::new(&game.board, position, env))
        })
    }

    /// The position after the `index`-th legal decision of `state`, the turn
    /// passed where the opening says so.
    fn after(&self, mut state: GameState<'_>, index: usize) -> Position {
        let mover = state.position().to_move;
        state.play_index(index);
        let mut next = *state.position();
        // A strip owed is the mover's to take, within its turn: not passed.
        let owes_strip = next.pending.is_some();
        if self.turn == OpeningTurn::Passes
            && state.outcome().is_none()
            && next.to_move == mover
            && !owes_strip
        {
            next.to_move = mover.other();
            next.extra_turns = 0;
        }
        next
    }
}
