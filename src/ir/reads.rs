//! What a typed expression reads besides the board's geometry, the mover and
//! `here`: `origin`, `lap_start`, or anything else (the position, counters,
//! other bindings). An expression that reads no more than the board, the
//! mover, `here` and `origin` has a value fixed for each choice of those, which
//! the engine can work out once at load (a skip set as a table).

use crate::ir::typed::{BoolExpr, HoleExpr, IntExpr, SetExpr, SideExpr};

/// What an expression reads beyond the board, the mover and `here`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reads {
    pub origin: bool,
    pub lap_start: bool,
    /// Anything else: the position, a counter, another binding.
    pub more: bool,
    /// The look-ahead `threats(side)`, which the engine works out only for
    /// expressions that read it.
    pub threats: bool,
}

impl Reads {
    fn with(mut self, other: Reads) -> Reads {
        self.origin |= other.origin;
        self.lap_start |= other.lap_start;
        self.more |= other.more;
        self.threats |= other.threats;
        self
    }

    fn all<'a, E: Read + 'a>(items: impl IntoIterator<Item = &'a E>) -> Reads {
        items
            .into_iter()
            .fold(Reads::default(), |reads, e| reads.with(e.reads()))
    }

    const MORE: Reads = Reads {
        origin: false,
        lap_start: false,
        more: true,
        threats: false,
    };
}

/// An expression tree whose reads can be listed.
pub trait Read {
    fn reads(&self) -> Reads;
}

impl Read for BoolExpr {
    fn reads(&self) -> Reads {
        let none = Reads::default();
        match self {
            BoolExpr::Const(_) => none,
            BoolExpr::Not(x) => x.reads(),
            BoolExpr::AllOf(items) | BoolExpr::AnyOf(items) => Reads::all(items),
            BoolExpr::IntCompare(_, l, r) => l.reads().with(r.reads()),
            BoolExpr::BoolEq(_, l, r) => l.reads().with(r.reads()),
            BoolExpr::HoleEq(_, l, r) => l.reads().with(r.reads()),
            BoolExpr::SideEq(_, l, r) => l.reads().with(r.reads()),
            BoolExpr::Inner(h) | BoolExpr::IsStore(h) => h.reads(),
            BoolExpr::Own(h) => h.reads(),
            BoolExpr::Contains(set, h) => set.reads().with(h.reads()),
            // A quantifier's variable is its own: only its set and body count.
            BoolExpr::Quantified(_, _, set, body) => set.reads().with(body.reads()),
            BoolExpr::If(c, t, e) => c.reads().with(t.reads()).with(e.reads()),
            BoolExpr::IsLast
            | BoolExpr::LapClockwise
            | BoolExpr::Won
            | BoolExpr::Drawn
            | BoolExpr::CountCompare(..)
            | BoolExpr::OwnNow(_)
            | BoolExpr::ClaimedBy(..)
            | BoolExpr::PreviousEnded(_)
            | BoolExpr::PreviousClockwise
            | BoolExpr::PreviousCaptured
            | BoolExpr::MovedFrom(_)
            | BoolExpr::Closed(_)
            | BoolExpr::HasPlayed(_)
            | BoolExpr::Before(_) => Reads::MORE,
        }
    }
}

impl Read for IntExpr {
    fn reads(&self) -> Reads {
        match self {
            IntExpr::Const(_) => Reads::default(),
            IntExpr::Column(h) | IntExpr::SeatColumn(h) => h.reads(),
            IntExpr::Number(_, set, body) => set.reads().with(body.reads()),
            IntExpr::Neg(x) => x.reads(),
            IntExpr::Op(_, l, r) => l.reads().with(r.reads()),
            IntExpr::If(c, t, e) => c.reads().with(t.reads()).with(e.reads()),
            IntExpr::Lap
            | IntExpr::LapBoard
            | IntExpr::Taken
            | IntExpr::InHand
            | IntExpr::Turn
            | IntExpr::ExtraTurns
            | IntExpr::Passed
            | IntExpr::Before(_)
            | IntExpr::Count(_)
            | IntExpr::Total(_)
            | IntExpr::Captured(_)
            | IntExpr::Hand(_)
            | IntExpr::PreviousLifted(_) => Reads::MORE,
        }
    }
}

impl Read for HoleExpr {
    fn reads(&self) -> Reads {
        let mut reads = Reads::default();
        match self {
            HoleExpr::Const(_) | HoleExpr::Var(_) | HoleExpr::Here => {}
            HoleExpr::Origin => reads.origin = true,
            HoleExpr::LapStart => reads.lap_start = true,
            HoleExpr::Opposite(h) | HoleExpr::Behind(h) => return h.reads(),
            HoleExpr::Store(side) => return side.reads(),
            HoleExpr::If(c, t, e) => return c.reads().with(t.reads()).with(e.reads()),
            // A step turns with the lap's direction; other bindings change
            // during a move.
            HoleExpr::Last | HoleExpr::X | HoleExpr::Step(..) | HoleExpr::StepOpen(..) => {
                return Reads::MORE;
            }
        }
        reads
    }
}

impl Read for SideExpr {
    fn reads(&self) -> Reads {
        match self {
            SideExpr::Const(_) | SideExpr::Mover | SideExpr::Opponent => Reads::default(),
            SideExpr::Owner(h) => h.reads(),
            SideExpr::Other(x) => x.reads(),
            SideExpr::If(c, t, e) => c.reads().with(t.reads()).with(e.reads()),
            SideExpr::Side | SideExpr::LastMover | SideExpr::Starter | SideExpr::OwnerNow(_) => {
                Reads::MORE
            }
        }
    }
}

impl Read for SetExpr {
    fn reads(&self) -> Reads {
        match self {
            SetExpr::All => Reads::default(),
            SetExpr::First(of) => of.reads(),
            SetExpr::Holes(side) => side.reads(),
            SetExpr::List(items) => Reads::all(items),
            SetExpr::Those(_, set, body) => set.reads().with(body.reads()),
            SetExpr::If(c, t, e) => c.reads().with(t.reads()).with(e.reads()),
            SetExpr::HolesNow(_) | SetExpr::Claims(_) => Reads::MORE,
            SetExpr::Threats(side) => Reads {
                threats: true,
                ..Reads::MORE
            }
            .with(side.reads()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::typed::{Compare, HoleRef};

    fn here_is(h: HoleExpr) -> BoolExpr {
        BoolExpr::HoleEq(true, Box::new(HoleExpr::Here), Box::new(h))
    }

    #[test]
    fn a_skip_of_the_origin_or_the_opponents_holes_reads_only_the_board_and_bindings() {
        let origin = here_is(HoleExpr::Origin).reads();
        assert!(origin.origin && !origin.lap_start && !origin.more);
        let theirs = BoolExpr::Not(Box::new(BoolExpr::Own(Box::new(HoleExpr::Here)))).reads();
        assert_eq!(theirs, Reads::default());
        assert!(here_is(HoleExpr::LapStart).reads().lap_start);
    }

    #[test]
    fn whatever_changes_during_a_move_is_more() {
        let changing = [
            BoolExpr::CountCompare(Compare::Eq, HoleRef::Here, 0),
            here_is(HoleExpr::Last),
            here_is(HoleExpr::Step(
                Box::new(HoleExpr::Origin),
                Box::new(IntExpr::Const(1)),
            )),
            BoolExpr::IntCompare(
                Compare::Ge,
                Box::new(IntExpr::Turn),
                Box::new(IntExpr::Const(1)),
            ),
            BoolExpr::LapClockwise,
        ];
        for e in changing {
            assert!(e.reads().more, "{e:?}");
        }
    }
}
