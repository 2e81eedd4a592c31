//! A decision: the hole a move starts from (or a strip takes a seed from) and,
//! where the mover chooses it (`[move] choose_direction`), the direction the
//! move is sown in. Written `a3`, or `a3:cw` / `a3:ccw` for a chosen direction.

use crate::rules::board::{Board, Direction, Hole};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decision {
    pub hole: Hole,
    /// The direction the mover chose; `None` where it has no choice.
    pub direction: Option<Direction>,
}

impl From<Hole> for Decision {
    fn from(hole: Hole) -> Decision {
        Decision {
            hole,
            direction: None,
        }
    }
}

impl Decision {
    pub fn name(self, board: &Board) -> String {
        match self.direction {
            None => board.name(self.hole),
            Some(direction) => format!("{}:{}", board.name(self.hole), direction.name()),
        }
    }

    /// Parses `b3` or `b3:cw`; `None` when the hole is not on this board or the
    /// direction is not `cw` or `ccw`.
    pub fn parse(board: &Board, name: &str) -> Option<Decision> {
        let (hole, direction) = match name.split_once(':') {
            None => (name, None),
            Some((hole, word)) => (hole, Some(Direction::parse(word)?)),
        };
        Some(Decision {
            hole: board.parse_hole(hole)?,
            direction,
        })
    }
}
