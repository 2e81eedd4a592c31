//! A `[sowing] skip` condition worked out once at load where its value is fixed
//! by the board, the mover, `here` and one of `origin` and `lap_start` (the
//! commonest skips: "the origin", "the lap's start", "the opponent's holes"):
//! the sowing then tests a bit per drop instead of evaluating the condition.

use crate::ir::reads::Read;
use crate::ir::{BoolExpr, Compiled, Env, Scope};
use crate::rules::board::{Board, Hole, HoleSet, Side};
use crate::rules::position::Position;

/// The holes skipped, for each side and each cell the table is keyed by.
#[derive(Debug)]
pub(crate) struct SkipTable {
    /// What the cell a set is looked up by is.
    pub(crate) key: SkipKey,
    cells: usize,
    /// `cells` sets for South, then as many for North.
    skipped: Vec<HoleSet>,
}

/// The hole a skip table is looked up by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SkipKey {
    /// The move's `origin`: one set for the whole move.
    Origin,
    /// The lap's `lap_start`: one set for each lap.
    LapStart,
}

impl SkipTable {
    /// The table of `skip` on `board`, if its value is fixed by what a table
    /// is indexed by.
    pub(crate) fn new(board: &Board, skip: &Compiled<BoolExpr>) -> Option<SkipTable> {
        let reads = skip.tree().reads();
        let key = match (reads.origin, reads.lap_start) {
            _ if reads.more => return None,
            (true, true) => return None,
            (false, true) => SkipKey::LapStart,
            (_, false) => SkipKey::Origin,
        };
        let cells = board.cell_count();
        // Nothing of the position is read: any will do.
        let position = Position::empty(Side::South);
        let mut skipped = Vec::with_capacity(2 * cells);
        for side in Side::BOTH {
            for start in 0..cells as Hole {
                let mut set = HoleSet::default();
                for here in 0..cells as Hole {
                    let mut env = Env::new(side);
                    // The key is the one the skip reads; the other is not read.
                    (env.origin, env.lap_start, env.here) = (start, start, here);
                    if skip.eval(&mut Scope::new(board, &position, env)) {
                        set.insert(here);
                    }
                }
                skipped.push(set);
            }
        }
        Some(SkipTable {
            key,
            cells,
            skipped,
        })
    }

    /// The holes skipped by `mover`'s move (or lap) from `start`.
    #[inline(always)]
    pub(crate) fn get(&self, mover: Side, start: Hole) -> HoleSet {
        self.skipped[mover.index() * self.cells + start as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::playout::random_game;
    use crate::language::load::load_str;

    /// A relay game passing over each lap's own start, written here so that
    /// the test depends on no bundled file.
    const LAP_START_SKIP: &str = r#"
[game]
name = "Lap-start skip"
summary = "Relay sowing that passes over the hole each lap was lifted from."
[board]
rows = 2
holes_per_row = 6
[setup]
seeds = 4
[sowing]
circuit = "board"
direction = "ccw"
skip = "here == lap_start"
[move]
[relay]
when = "count(last) > 1"
from = "last"
[[capture]]
at = "sowing_end"
when = "own(last) and count(last) == 1 and count(opposite(last)) > 0"
take = "[last, opposite(last)]"
[[end]]
check = "no_moves"
outcome = "score"
leftovers = "owner(here)"
[result]
score = "captured(side)"
"#;

    /// Games whose skip is tabulated by the lap's start play exactly as when
    /// the skip is asked at each drop: passing over holes only, and with
    /// captures after each seed (the sowing then asks at each hole).
    #[test]
    fn a_skip_by_the_laps_start_plays_as_the_skip_asked() {
        let per_drop = format!(
            "{LAP_START_SKIP}[[capture]]\nat = \"drop\"\n\
             when = \"is_last and count(here) == 4\"\ntake = \"here\"\n"
        );
        for text in [LAP_START_SKIP, per_drop.as_str()] {
            let tabulated = load_str("t", "t.toml", text, &[]).unwrap();
            let table = tabulated.skip_table.as_ref().expect("tabulated");
            assert_eq!(table.key, SkipKey::LapStart);
            let mut asked = load_str("t", "t.toml", text, &[]).unwrap();
            asked.skip_table = None;
            for seed in 0..30 {
                let (a, b) = (random_game(&tabulated, seed), random_game(&asked, seed));
                assert_eq!(a.decisions(), b.decisions(), "seed {seed}");
                assert_eq!(a.position(), b.position(), "seed {seed}");
            }
        }
    }
}
