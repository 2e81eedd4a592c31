//! The generic rules engine: one move sown lap by lap with relays and captures,
//! and the strip decisions that a capture may owe. Nothing here knows a game.

mod capture;
mod sowing;
mod starts;
mod strip;
mod trace;

use crate::ir::{BoolExpr, Compiled, Env, HoleExpr, IntExpr, Scope};
use crate::rules::board::{Board, Direction, Hole, HoleSet, Side};
use crate::rules::decision::{Answer, Declined, Move};
use crate::rules::game::{
    Capture, CaptureTime, Chain, EndOutcome, Game, HandOffered, Strip, Target, Trigger,
};
use crate::rules::memory::Memory;
use crate::rules::position::{AnyPosition, Called, Pending, Position, PreviousMove};

use capture::*;
pub(crate) use sowing::*;
pub(crate) use starts::*;
pub(crate) use strip::*;
pub use trace::Step;
pub(crate) use trace::*;

/// Why a candidate move is not legal although the mover may start from its hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NotLegal {
    /// The sowing did not end within the lap limit (GEN-7), or could drop no seed.
    Endless,
    /// The move would do more than `work::MAX_MOVE_WORK` (GEN-7).
    TooMuchWork,
    /// The position after the move fails the game's `after` condition; the
    /// optional chances it met (each way of declining them is a move of its own,
    /// which may meet `after`).
    FailsAfter { optional_met: usize },
}

/// What an expression reads during a move from `start` (outside a move, `None`:
/// the position is its own start).
pub(crate) fn scope<'a>(
    game: &'a Game,
    position: &'a AnyPosition,
    start: Option<&'a AnyPosition>,
    env: Env,
) -> Scope<'a> {
    Scope {
        board: &game.board,
        position,
        before: start.unwrap_or(position),
        env,
    }
}

/// How well the position `after` that a legal move `decision` led to from
/// `start` does by the game's `prefer` (larger is better; 0 without one), which
/// reads the mover, its opponent, the move's origin and both positions (no turn
/// counters: in `after` the turn is over). Kept out of line: few games prefer.
#[inline(never)]
pub(crate) fn preference(
    game: &Game,
    start: &AnyPosition,
    after: &AnyPosition,
    decision: Move,
) -> i64 {
    let Some(prefer) = &game.moves.prefer else {
        return 0;
    };
    let mut env = Env::new(start.to_move);
    env.origin = decision.hole;
    prefer.value(&mut scope(game, after, Some(start), env))
}

/// What a legal move did that its decision alone does not say.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sown {
    /// How many optional captures the move met (each took seeds or was
    /// declined): the move may also be played declining them.
    pub(crate) optional_met: usize,
    /// With `[move] after_by_hole`: the move fails `after`, and is legal only
    /// if another move from its hole meets it.
    pub(crate) fails_after: bool,
}

/// The side to move, which has no legal move (or calls a pass), passes: its
/// turn is over.
pub(crate) fn pass(game: &Game, position: &mut AnyPosition) {
    let passed = position.passed;
    end_turn(game, position, false);
    if game.remembers(Memory::Passes) {
        position.passed = passed.saturating_add(1);
    }
}

/// Whether the side to move has a legal move (each candidate sown on a copy
/// where legality needs the sowing).
pub(crate) fn has_legal_move<const N: usize>(game: &Game, position: &Position<N>) -> bool {
    let legal_at = |from_hand: bool| {
        candidates(game, position, from_hand).any(|hole| {
            may_play_at(game, position, hole, from_hand)
                && decisions_at(game, position, hole, from_hand)
                    .into_iter()
                    .any(|decision| {
                        game.moves_always_legal()
                            || sow(game, &mut position.clone(), decision)
                                .is_ok_and(|s| !s.fails_after)
                    })
        })
    };
    Sources::of(game, position).each().any(legal_at)
}

/// Plays the end check `check` that the mover calls or offers (`[[end]]
/// call`, `offer`): a called pass passes the turn; a called end ends the game
/// at once, naming the caller; an offer waits for the other side's answer.
pub(crate) fn call(game: &Game, position: &mut AnyPosition, check: u8) {
    let end = &game.end_checks[usize::from(check)];
    let by = position.to_move;
    match (&end.trigger, end.outcome) {
        (Trigger::Offer(_), _) => {
            position.called = Some(Called::Offered(check));
            position.to_move = by.other();
        }
        (_, EndOutcome::Pass) => pass(game, position),
        _ => position.called = Some(Called::Ends { check, by }),
    }
}

/// The side to move takes the other side's seat instead of moving (`[swap]`):
/// the board is turned half round, and its turn is over.
pub(crate) fn swap(game: &Game, position: &mut AnyPosition) {
    position.turn_round(&game.board);
    end_turn(game, position, false);
}

/// Plays the answer to the offer waiting (`position.called` is
/// `Called::Offered`): accepted, the game ends by it; refused, the side that
/// offered decides again.
pub(crate) fn answer(position: &mut AnyPosition, answer: Answer) {
    let Some(Called::Offered(check)) = position.called else {
        unreachable!("an answer is legal only to an offer");
    };
    let offerer = position.to_move.other();
    position.called = Some(match answer {
        Answer::Accept => Called::Ends { check, by: offerer },
        Answer::Refuse => Called::Refused(check),
    });
    if answer == Answer::Refuse {
        position.to_move = offerer;
    }
}

/// Completes the turn; the same side moves again when `again` (an extra turn).
/// An offer refused in it is forgotten.
fn end_turn(game: &Game, position: &mut AnyPosition, again: bool) {
    if game.has_calls {
        position.called = None;
    }
    position.turn = position.turn.saturating_add(1);
    if game.remembers(Memory::Played) {
        position.played[position.to_move.index()] = true;
    }
    if !again {
        position.to_move = position.to_move.other();
    }
    if game.remembers(Memory::Passes) {
        position.passed = 0;
    }
    if game.remembers(Memory::ExtraTurns) {
        position.extra_turns = match again {
            true => position.extra_turns.saturating_add(1),
            false => 0,
        };
    }
}
