//! The most work one evaluation of a compiled expression can take, counted in
//! nodes visited, so that quantifiers nested over a large board are refused at
//! load instead of making play take hours. A quantifier costs its set's size
//! times its body; everything else costs one node plus its parts.

use crate::ir::typed::Typed;
use crate::ir::typed::{BoolExpr, HoleExpr, IntExpr, SetExpr, SideExpr};
use crate::rules::board::Board;

/// Most nodes one evaluation may visit (a quantifier over a side of the
/// largest board inside another costs about 72 x 72 x its body).
pub const MAX_COST: u64 = 100_000;

/// The most nodes one evaluation of `expr` on `board` can visit (saturating).
pub fn cost(expr: &Typed, board: &Board) -> u64 {
    let c = Cost { board };
    match expr {
        Typed::Int(e) => c.int(e),
        Typed::Bool(e) => c.bool(e),
        Typed::Hole(e) => c.hole(e),
        Typed::Side(e) => c.side(e),
        Typed::Set(e) => c.set(e),
    }
}

struct Cost<'a> {
    board: &'a Board,
}

impl Cost<'_> {
    /// A quantifier: the set, then the body once per hole of it.
    fn quantified(&self, set: &SetExpr, body: u64) -> u64 {
        let size = self.set_size(set);
        self.set(set)
            .saturating_add(size.saturating_mul(body))
            .saturating_add(1)
    }

    fn set_size(&self, set: &SetExpr) -> u64 {
        let holes = self.board.hole_count() as u64;
        match set {
            SetExpr::All => holes,
            SetExpr::First(_) => 1,
            SetExpr::Holes(_) | SetExpr::Claims(_) | SetExpr::Threats(_) => holes / 2,
            // Holes won across the middle: up to every hole.
            SetExpr::HolesNow(_) => holes,
            SetExpr::List(items) => items.len() as u64,
            SetExpr::Those(_, set, _) => self.set_size(set),
            SetExpr::If(_, t, e) => self.set_size(t).max(self.set_size(e)),
        }
    }

    fn int(&self, e: &IntExpr) -> u64 {
        1 + match e {
            IntExpr::Const(_)
            | IntExpr::Lap
            | IntExpr::LapBoard
            | IntExpr::Taken
            | IntExpr::InHand
            | IntExpr::Turn
            | IntExpr::ExtraTurns
            | IntExpr::Passed => 0,
            IntExpr::Count(h)
            | IntExpr::Column(h)
            | IntExpr::SeatColumn(h)
            | IntExpr::PreviousLifted(h) => self.hole(h),
            IntExpr::Total(set) => self.set(set).saturating_add(self.set_size(set)),
            IntExpr::Captured(side) | IntExpr::Hand(side) => self.side(side),
            IntExpr::Number(_, set, body) => self.quantified(set, self.bool(body)),
            IntExpr::Neg(x) | IntExpr::Before(x) => self.int(x),
            IntExpr::Op(_, l, r) => self.int(l).saturating_add(self.int(r)),
            IntExpr::If(c, t, e) => self.bool(c).saturating_add(self.int(t).max(self.int(e))),
        }
    }

    fn bool(&self, e: &BoolExpr) -> u64 {
        1 + match e {
            BoolExpr::Const(_)
            | BoolExpr::IsLast
            | BoolExpr::LapClockwise
            | BoolExpr::Won
            | BoolExpr::Drawn
            | BoolExpr::PreviousClockwise
            | BoolExpr::PreviousCaptured => 0,
            BoolExpr::Not(x) | BoolExpr::Before(x) => self.bool(x),
            BoolExpr::AllOf(items) | BoolExpr::AnyOf(items) => items
                .iter()
                .map(|b| self.bool(b))
                .fold(0, u64::saturating_add),
            BoolExpr::IntCompare(_, l, r) => self.int(l).saturating_add(self.int(r)),
            BoolExpr::CountCompare(..) => 1,
            BoolExpr::BoolEq(_, l, r) => self.bool(l).saturating_add(self.bool(r)),
            BoolExpr::HoleEq(_, l, r) => self.hole(l).saturating_add(self.hole(r)),
            BoolExpr::SideEq(_, l, r) => self.side(l).saturating_add(self.side(r)),
            BoolExpr::Inner(h)
            | BoolExpr::IsStore(h)
            | BoolExpr::Own(h)
            | BoolExpr::OwnNow(h)
            | BoolExpr::PreviousEnded(h)
            | BoolExpr::MovedFrom(h)
            | BoolExpr::Closed(h) => self.hole(h),
            BoolExpr::Contains(set, h) => self.set(set).saturating_add(self.hole(h)),
            BoolExpr::ClaimedBy(h, side) => self.hole(h).saturating_add(self.side(side)),
            BoolExpr::HasPlayed(side) => self.side(side),
            BoolExpr::Quantified(_, _, set, body) => self.quantified(set, self.bool(body)),
            BoolExpr::If(c, t, e) => self.bool(c).saturating_add(self.bool(t).max(self.bool(e))),
        }
    }

    fn hole(&self, e: &HoleExpr) -> u64 {
        1 + match e {
            HoleExpr::Const(_)
            | HoleExpr::Origin
            | HoleExpr::LapStart
            | HoleExpr::Last
            | HoleExpr::Here
            | HoleExpr::X
            | HoleExpr::Var(_) => 0,
            HoleExpr::Step(h, k) | HoleExpr::StepOpen(h, k) => {
                self.hole(h).saturating_add(self.int(k))
            }
            HoleExpr::Opposite(h) | HoleExpr::Behind(h) => self.hole(h),
            HoleExpr::Store(side) => self.side(side),
            HoleExpr::If(c, t, e) => self.bool(c).saturating_add(self.hole(t).max(self.hole(e))),
        }
    }

    fn side(&self, e: &SideExpr) -> u64 {
        1 + match e {
            SideExpr::Const(_)
            | SideExpr::Mover
            | SideExpr::Opponent
            | SideExpr::Side
            | SideExpr::LastMover
            | SideExpr::Starter => 0,
            SideExpr::Owner(h) | SideExpr::OwnerNow(h) => self.hole(h),
            SideExpr::Other(x) => self.side(x),
            SideExpr::If(c, t, e) => self.bool(c).saturating_add(self.side(t).max(self.side(e))),
        }
    }

    fn set(&self, e: &SetExpr) -> u64 {
        1 + match e {
            SetExpr::All => 0,
            SetExpr::First(of) => self.set(of),
            SetExpr::Holes(side) | SetExpr::HolesNow(side) | SetExpr::Claims(side) => {
                self.side(side)
            }
            // Made once per position by the engine, whatever the expression.
            SetExpr::Threats(side) => self.side(side),
            SetExpr::List(items) => items
                .iter()
                .map(|h| self.hole(h))
                .fold(0, u64::saturating_add),
            SetExpr::Those(_, set, body) => self.quantified(set, self.bool(body)),
            SetExpr::If(c, t, e) => self.bool(c).saturating_add(self.set(t).max(self.set(e))),
        }
    }
}

/// An expression tree whose cost on a board can be worked out.
pub trait Costs {
    /// The most nodes one evaluation on `board` can visit (saturating).
    fn cost_on(&self, board: &Board) -> u64;
}

macro_rules! costs {
    ($($expr:ty => $method:ident),*) => {$(
        impl Costs for $expr {
            fn cost_on(&self, board: &Board) -> u64 {
                Cost { board }.$method(self)
            }
        }
    )*};
}

costs!(BoolExpr => bool, IntExpr => int, HoleExpr => hole, SideExpr => side, SetExpr => set);
