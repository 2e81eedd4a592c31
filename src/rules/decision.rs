//! A decision: the hole a move starts from (or a strip takes a seed from) and,
//! where the mover chooses them, the direction the move is sown in
//! (`[move] choose_direction`) and whether it declines the move's optional
//! captures (`optional = true`). Written `a3`, `a3:cw` / `a3:ccw`, `a3:decline`,
//! `a3:cw:decline`.

use crate::rules::board::{Board, Direction, Hole};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Decision {
    pub hole: Hole,
    /// The direction the mover chose; `None` where it has no choice.
    pub direction: Option<Direction>,
    /// The mover declines the move's optional captures.
    pub declines: bool,
}

impl From<Hole> for Decision {
    fn from(hole: Hole) -> Decision {
        Decision {
            hole,
            direction: None,
            declines: false,
        }
    }
}

impl Decision {
    pub fn name(self, board: &Board) -> String {
        let mut name = board.name(self.hole);
        if let Some(direction) = self.direction {
            name = format!("{name}:{}", direction.name());
        }
        if self.declines {
            name += ":decline";
        }
        name
    }

    /// Parses `b3`, `b3:cw`, `b3:decline` or `b3:cw:decline`; `None` when the
    /// hole is not on this board or a suffix is not one of those.
    pub fn parse(board: &Board, name: &str) -> Option<Decision> {
        let mut parts = name.split(':');
        let hole = board.parse_hole(parts.next()?)?;
        let mut decision = Decision::from(hole);
        let mut next = parts.next();
        if let Some(direction) = next.and_then(Direction::parse) {
            decision.direction = Some(direction);
            next = parts.next();
        }
        if next == Some("decline") {
            decision.declines = true;
            next = parts.next();
        }
        next.is_none().then_some(decision)
    }
}
