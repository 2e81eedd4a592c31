//! How much work one move may do (GEN-7). A move's work is the seeds it drops
//! and the expression nodes its rules may visit, each rule at its most (`cost`,
//! worked out at load), and each lap as if its hand held every seed in play.
//! A move whose laps could go past `MAX_MOVE_WORK` counts as endless, as one
//! past the lap limit does: no game file can make one move, and so one request
//! or one agent's step, take minutes.
//!
//! Charged this way, the bound costs nothing per seed or per lap: it is a
//! number of laps, `MoveWork::laps_within`, asked with the lap limit, and only
//! once a move goes past `MoveWork::free_laps` (safe for any position).

use crate::ir::Compiled;
use crate::ir::compiled::Compile;
use crate::ir::cost::Costs;
use crate::rules::board::{Board, Side};
use crate::rules::game::{Capture, CaptureTime, Game, Target};
use crate::rules::setup::MAX_SEEDS;

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
    /// Each seed of a lap's hand: its drop, the captures after every seed,
    /// and the skip asked of each hole it may pass over on its way.
    pub per_seed: u64,
    /// The laps any move of the game may sow before anything is asked: within
    /// the lap limit, and `laps_within` a position holding the most seeds a
    /// game may have.
    pub free_laps: u32,
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
        // A seed is dropped after at most a circuit of holes passed over
        // (then the hand is endless), the skip asked of each and of the hole
        // it falls into.
        let longest_circuit = Side::BOTH
            .iter()
            .map(|&side| board.circuit_length(side) as u64)
            .max()
            .unwrap_or(0);
        let skip_per_seed = match &game.skip {
            Some(skip) => cost(Some(skip), board)
                .saturating_add(1)
                .saturating_mul(longest_circuit + 1),
            None => 0,
        };
        let mut work = MoveWork {
            per_move: cost(game.moves.lift.as_ref(), board)
                .saturating_add(captures_at(CaptureTime::SowingEnd))
                .saturating_add(1),
            per_lap: captures_at(CaptureTime::Lift)
                .saturating_add(captures_at(CaptureTime::LapEnd))
                .saturating_add(relay)
                .saturating_add(claims_lost)
                .saturating_add(board.hole_count() as u64)
                .saturating_add(1),
            // `drop` is asked at every hole sown, at most once a seed.
            per_seed: captures_at(CaptureTime::Drop)
                .saturating_add(1)
                .saturating_add(skip_per_seed)
                .saturating_add(cost(game.drop.as_ref(), board)),
            free_laps: 0,
        };
        work.free_laps = game.limits().laps.min(work.laps_within(MAX_SEEDS));
        work
    }

    /// How many laps a move may sow where `seeds` are in play (on the board,
    /// in hand, captured or out of play: no hand can hold more), each charged
    /// at its most, within `MAX_MOVE_WORK`.
    pub fn laps_within(&self, seeds: u64) -> u32 {
        let lap = self
            .per_seed
            .saturating_mul(seeds)
            .saturating_add(self.per_lap);
        let laps = MAX_MOVE_WORK.saturating_sub(self.per_move) / lap;
        laps.min(u64::from(u32::MAX)) as u32
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
