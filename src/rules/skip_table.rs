//! A `[sowing] skip` condition worked out once at load where its value is fixed
//! by the board, the mover, `here` and `origin` (the commonest skips: "the
//! origin", "the opponent's holes"): the sowing then tests a bit per drop
//! instead of evaluating the condition.

use crate::ir::reads::Read;
use crate::ir::{BoolExpr, Compiled, Env, Scope};
use crate::rules::board::{Board, Hole, HoleSet, Side};
use crate::rules::position::Position;

/// The holes skipped, for each side and each cell a move may start from.
#[derive(Debug)]
pub(crate) struct SkipTable {
    cells: usize,
    /// `cells` sets for South, then as many for North.
    skipped: Vec<HoleSet>,
}

impl SkipTable {
    /// The table of `skip` on `board`, if its value is fixed by what a table
    /// is indexed by.
    pub(crate) fn new(board: &Board, skip: &Compiled<BoolExpr>) -> Option<SkipTable> {
        let reads = skip.tree().reads();
        if reads.more || reads.lap_start {
            return None;
        }
        let cells = board.cell_count();
        // Nothing of the position is read: any will do.
        let position = Position::empty(Side::South);
        let mut skipped = Vec::with_capacity(2 * cells);
        for side in Side::BOTH {
            for origin in 0..cells as Hole {
                let mut set = HoleSet::default();
                for here in 0..cells as Hole {
                    let mut env = Env::new(side);
                    (env.origin, env.here) = (origin, here);
                    if skip.eval(&mut Scope::new(board, &position, env)) {
                        set.insert(here);
                    }
                }
                skipped.push(set);
            }
        }
        Some(SkipTable { cells, skipped })
    }

    /// The holes skipped by `mover`'s move from `origin`.
    #[inline(always)]
    pub(crate) fn get(&self, mover: Side, origin: Hole) -> HoleSet {
        self.skipped[mover.index() * self.cells + origin as usize]
    }
}
