//! How much work one move may do (GEN-7). A move's work is the seeds it drops
//! and the expression nodes its rules may visit, charged lap by lap from costs
//! worked out at load (each rule at its most, `cost`), so that counting costs
//! nothing per seed. A move that would go past `MAX_MOVE_WORK` counts as
//! endless, as one past the lap limit does: no game file can make one move,
//! and so one request or one agent's step, take minutes.

#![warn(missing_docs)]

use crate::ir::Compiled;
use crate::ir::compiled::Compile;
use crate::ir::cost::Costs;
use crate::rules::board::Board;
use crate::rules::game::{Capture, CaptureTime, Game, Target};

/// The most work one move may do: about a tenth of a second of the slowest
/// rules on this project's machine, and thousands of times what any bundled
/// game's longest move needs.
pub const MAX_MOVE_WORK: u64 = 20_000_000;

/// What each step of a move costs at most, for one game.
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveWork {
    /// Once a move: the lift and the captures when the sowing has ended.
    pub per_move: u64,
    /// Each lap: the captures at its lift and end, and the relay's rules.
    pub per_lap: u64,
    /// Each seed dropped: one, and the captures after every seed.
    pub per_drop: u64,
    /// Each time the skip condition is asked of a hole.
    pub per_skip: u64,
}

impl MoveWork {
    /// The costs of `game`'s steps, each rule at its most.
    pub fn of(game: &Game) -> MoveWork {
        let board = &game.board;
        let captures_at = |time: CaptureTime| -> u64 {
            game.captures
                .iter()
                .filter(|c| c.at == time)
                .map(|c| capture_cost(c, board))
                .fold(0, u64::saturating_add)
        };
        let relay = game.relay.as_ref().map_or(0, |relay| {
            [
                cost(Some(&relay.when), board),
                cost(Some(&relay.from), board),
                cost(relay.reverse.as_ref(), board),
                cost(relay.lift.as_ref(), board),
                cost(relay.optional.as_ref(), board),
            ]
            .into_iter()
            .fold(0, u64::saturating_add)
        });
        let claims_lost = cost(game.claims_lost.as_ref(), board);
        MoveWork {
            per_move: cost(game.moves.lift.as_ref(), board)
                .saturating_add(captures_at(CaptureTime::SowingEnd))
                .saturating_add(1),
            per_lap: captures_at(CaptureTime::Lift)
                .saturating_add(captures_at(CaptureTime::LapEnd))
                .saturating_add(relay)
                .saturating_add(claims_lost)
                .saturating_add(board.hole_count() as u64)
                .saturating_add(1),
            per_drop: captures_at(CaptureTime::Drop).saturating_add(1),
            per_skip: cost(game.skip.as_ref(), board).saturating_add(1),
        }
    }

    /// The work of a lap of `seeds` seeds. Plain arithmetic cannot overflow:
    /// every expression costs at most `cost::MAX_COST` (larger ones are refused
    /// at load), so a step's cost is far below 2^40 and a lap's below 2^56.
    #[inline(always)]
    pub fn lap(&self, seeds: u16) -> u64 {
        self.per_lap + self.per_drop * u64::from(seeds)
    }
}

fn cost<E: Compile + Costs>(expr: Option<&Compiled<E>>, board: &Board) -> u64 {
    expr.map_or(0, |e| e.tree().cost_on(board))
}

/// A capture rule at its most: every expression it has, the chain's once for
/// every hole it may take, and a hole's worth of work for every hole taken.
fn capture_cost(capture: &Capture, board: &Board) -> u64 {
    let holes = board.hole_count() as u64;
    let take = match &capture.take {
        Target::Hole(hole) => hole.tree().cost_on(board),
        Target::Set(set) => set.tree().cost_on(board),
    };
    let chain = capture.chain.as_ref().map_or(0, |chain| {
        let link =
            cost(Some(&chain.step), board).saturating_add(cost(Some(&chain.continue_while), board));
        link.saturating_mul(chain.links as u64)
    });
    let strip = capture.strip.as_ref().map_or(0, |strip| {
        cost(Some(&strip.stones), board).saturating_add(cost(Some(&strip.from), board))
    });
    let per_hole = cost(capture.at_most.as_ref(), board).saturating_add(1);
    [
        cost(Some(&capture.when), board),
        take,
        cost(Some(&capture.to), board),
        chain,
        strip,
        cost(capture.veto.as_ref(), board),
        cost(capture.spare.as_ref(), board),
        cost(capture.from_hand.as_ref(), board),
        cost(capture.resow.as_ref(), board),
        cost(capture.resow_reverse.as_ref(), board),
        cost(capture.into.as_ref(), board),
        per_hole.saturating_mul(holes),
    ]
    .into_iter()
    .fold(0, u64::saturating_add)
}
