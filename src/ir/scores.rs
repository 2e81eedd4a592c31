//! Whether an expression may read a score: a side's captured seeds
//! (`captured(side)`, a store's count, whether a game was won). Where no rule
//! of a game does, and scores decide its outcome, the rest of a game from a
//! position does not depend on the scores so far, which lets the solver share
//! one value among positions that differ only in them.
//!
//! A hole's count reads a score when the hole may be a store: the analysis
//! knows that sets of holes hold no store, and that a hole tested `not
//! is_store(h)` earlier in an `and` (or in an `if`'s condition) is none there,
//! as in a capture of `own(last) and not is_store(last) and count(last) == 1`.

use crate::ir::typed::{BoolExpr, HoleExpr, IntExpr, SetExpr, SideExpr, Typed};
use crate::rules::board::Board;

/// Whether evaluating `expr` on `board` may read a score.
pub fn may_read_scores(expr: &Typed, board: &Board) -> bool {
    let mut walk = Walk {
        board,
        not_stores: Vec::new(),
        vars: Vec::new(),
    };
    match expr {
        Typed::Int(e) => walk.int(e),
        Typed::Bool(e) => walk.bool(e),
        Typed::Hole(e) => walk.hole(e),
        Typed::Side(e) => walk.side(e),
        Typed::Set(e) => walk.set(e),
    }
}

struct Walk<'a> {
    board: &'a Board,
    /// Holes known here not to be stores.
    not_stores: Vec<HoleExpr>,
    /// For each quantifier's variable in scope (by index), whether its set
    /// may hold a store.
    vars: Vec<(usize, bool)>,
}

impl Walk<'_> {
    fn may_be_store(&self, hole: &HoleExpr) -> bool {
        let has_stores = self.board.cell_count() > self.board.hole_count();
        if !has_stores || self.not_stores.contains(hole) {
            return false;
        }
        match hole {
            HoleExpr::Const(h) => self.board.is_store(*h),
            HoleExpr::Var(index) => self
                .vars
                .iter()
                .rev()
                .find(|(i, _)| i == index)
                .is_none_or(|&(_, stores)| stores),
            HoleExpr::If(_, t, e) => self.may_be_store(t) || self.may_be_store(e),
            // A store faces itself; a hole faces a hole.
            HoleExpr::Opposite(h) | HoleExpr::Behind(h) => self.may_be_store(h),
            _ => true,
        }
    }

    /// Whether a set may hold a store: only a list of holes can.
    fn set_may_hold_store(&self, set: &SetExpr) -> bool {
        match set {
            SetExpr::List(items) => items.iter().any(|h| self.may_be_store(h)),
            SetExpr::First(of) | SetExpr::Those(_, of, _) => self.set_may_hold_store(of),
            SetExpr::If(_, t, e) => self.set_may_hold_store(t) || self.set_may_hold_store(e),
            SetExpr::All
            | SetExpr::Holes(_)
            | SetExpr::HolesNow(_)
            | SetExpr::Claims(_)
            | SetExpr::Threats(_) => false,
        }
    }

    /// `body` read with the quantifier variable `index` ranging over `set`.
    fn over<T>(&mut self, index: usize, set: &SetExpr, body: impl FnOnce(&mut Self) -> T) -> T {
        let stores = self.set_may_hold_store(set);
        self.vars.push((index, stores));
        let read = body(self);
        self.vars.pop();
        read
    }

    /// `then` read where `hole` is known not to be a store.
    fn guarded<T>(&mut self, hole: &HoleExpr, then: impl FnOnce(&mut Self) -> T) -> T {
        self.not_stores.push(hole.clone());
        let read = then(self);
        self.not_stores.pop();
        read
    }

    fn bool(&mut self, e: &BoolExpr) -> bool {
        match e {
            BoolExpr::Const(_)
            | BoolExpr::IsLast
            | BoolExpr::LapClockwise
            | BoolExpr::PreviousClockwise
            | BoolExpr::PreviousCaptured => false,
            // Whether a round was won or drawn: its scores decided it.
            BoolExpr::Won | BoolExpr::Drawn => true,
            BoolExpr::AllOf(items) => self.all_of(items),
            BoolExpr::AnyOf(items) => items.iter().any(|x| self.bool(x)),
            BoolExpr::Not(x) | BoolExpr::Before(x) => self.bool(x),
            BoolExpr::IntCompare(_, l, r) => self.int(l) || self.int(r),
            BoolExpr::CountCompare(_, hole, _) => self.may_be_store(&hole.expr()),
            BoolExpr::BoolEq(_, l, r) => self.bool(l) || self.bool(r),
            BoolExpr::HoleEq(_, l, r) => self.hole(l) || self.hole(r),
            BoolExpr::SideEq(_, l, r) => self.side(l) || self.side(r),
            BoolExpr::Inner(h)
            | BoolExpr::IsStore(h)
            | BoolExpr::Own(h)
            | BoolExpr::OwnNow(h)
            | BoolExpr::PreviousEnded(h)
            | BoolExpr::MovedFrom(h)
            | BoolExpr::Closed(h) => self.hole(h),
            BoolExpr::Contains(set, h) => self.set(set) || self.hole(h),
            BoolExpr::ClaimedBy(h, side) => self.hole(h) || self.side(side),
            BoolExpr::HasPlayed(side) => self.side(side),
            BoolExpr::Quantified(_, index, set, body) => {
                self.set(set) || self.over(*index, set, |w| w.bool(body))
            }
            BoolExpr::If(c, t, e) => self.condition(c, |w| w.bool(t), |w| w.bool(e)),
        }
    }

    /// `and`: each part read knowing the stores the parts before it ruled out.
    fn all_of(&mut self, items: &[BoolExpr]) -> bool {
        let known = self.not_stores.len();
        let mut reads = false;
        for item in items {
            reads |= self.bool(item);
            if let Some(hole) = not_a_store(item) {
                self.not_stores.push(hole.clone());
            }
        }
        self.not_stores.truncate(known);
        reads
    }

    /// An `if`: its branches read knowing what its condition says of a store.
    fn condition(
        &mut self,
        c: &BoolExpr,
        then: impl FnOnce(&mut Self) -> bool,
        otherwise: impl FnOnce(&mut Self) -> bool,
    ) -> bool {
        let reads = self.bool(c);
        let then = match not_a_store(c) {
            Some(hole) => self.guarded(hole, then),
            None => then(self),
        };
        let otherwise = match c {
            BoolExpr::IsStore(hole) => self.guarded(hole, otherwise),
            _ => otherwise(self),
        };
        reads || then || otherwise
    }

    fn int(&mut self, e: &IntExpr) -> bool {
        match e {
            IntExpr::Const(_)
            | IntExpr::Lap
            | IntExpr::LapBoard
            | IntExpr::Taken
            | IntExpr::InHand
            | IntExpr::Turn
            | IntExpr::ExtraTurns
            | IntExpr::Passed => false,
            IntExpr::Captured(_) => true,
            IntExpr::Count(h) => self.hole(h) || self.may_be_store(h),
            IntExpr::Total(set) => self.set(set) || self.set_may_hold_store(set),
            IntExpr::Before(x) | IntExpr::Neg(x) => self.int(x),
            IntExpr::Hand(side) => self.side(side),
            IntExpr::PreviousLifted(h) | IntExpr::Column(h) | IntExpr::SeatColumn(h) => {
                self.hole(h)
            }
            IntExpr::Number(index, set, body) => {
                self.set(set) || self.over(*index, set, |w| w.bool(body))
            }
            IntExpr::Op(_, l, r) => self.int(l) || self.int(r),
            IntExpr::If(c, t, e) => self.condition(c, |w| w.int(t), |w| w.int(e)),
        }
    }

    fn hole(&mut self, e: &HoleExpr) -> bool {
        match e {
            HoleExpr::Const(_)
            | HoleExpr::Origin
            | HoleExpr::LapStart
            | HoleExpr::Last
            | HoleExpr::Here
            | HoleExpr::X
            | HoleExpr::Var(_) => false,
            HoleExpr::Step(h, n) | HoleExpr::StepOpen(h, n) => self.hole(h) || self.int(n),
            HoleExpr::Opposite(h) | HoleExpr::Behind(h) => self.hole(h),
            HoleExpr::Store(side) => self.side(side),
            HoleExpr::If(c, t, e) => self.condition(c, |w| w.hole(t), |w| w.hole(e)),
        }
    }

    fn side(&mut self, e: &SideExpr) -> bool {
        match e {
            SideExpr::Const(_)
            | SideExpr::Mover
            | SideExpr::Opponent
            | SideExpr::Side
            | SideExpr::LastMover
            | SideExpr::Starter => false,
            SideExpr::Owner(h) | SideExpr::OwnerNow(h) => self.hole(h),
            SideExpr::Other(x) => self.side(x),
            SideExpr::If(c, t, e) => self.condition(c, |w| w.side(t), |w| w.side(e)),
        }
    }

    fn set(&mut self, e: &SetExpr) -> bool {
        match e {
            SetExpr::All => false,
            SetExpr::First(of) => self.set(of),
            SetExpr::Holes(side)
            | SetExpr::HolesNow(side)
            | SetExpr::Claims(side)
            | SetExpr::Threats(side) => self.side(side),
            SetExpr::List(items) => items.iter().any(|h| self.hole(h)),
            SetExpr::Those(index, set, body) => {
                self.set(set) || self.over(*index, set, |w| w.bool(body))
            }
            SetExpr::If(c, t, e) => self.condition(c, |w| w.set(t), |w| w.set(e)),
        }
    }
}

/// The hole a condition says is no store (`not is_store(h)`), if it says so.
fn not_a_store(condition: &BoolExpr) -> Option<&HoleExpr> {
    match condition {
        BoolExpr::Not(inner) => match inner.as_ref() {
            BoolExpr::IsStore(hole) => Some(hole),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::typed::Compare;
    use crate::rules::board::{Board, CircuitKind, Direction, SownStores, StoreEnd};

    fn board(stores: Option<StoreEnd>) -> Board {
        let ccw = Direction::Counterclockwise;
        Board::new(2, 6, CircuitKind::WholeBoard, ccw, stores, SownStores::Own).unwrap()
    }

    fn count_of(hole: HoleExpr) -> BoolExpr {
        BoolExpr::IntCompare(
            Compare::Gt,
            Box::new(IntExpr::Count(Box::new(hole))),
            Box::new(IntExpr::Const(0)),
        )
    }

    fn reads(board: &Board, e: BoolExpr) -> bool {
        may_read_scores(&Typed::Bool(e), board)
    }

    #[test]
    fn a_count_reads_a_score_where_its_hole_may_be_a_store() {
        let board = board(Some(StoreEnd::Right));
        let last = || HoleExpr::Last;
        assert!(reads(&board, count_of(last())));
        assert!(reads(
            &board,
            count_of(HoleExpr::Opposite(Box::new(last())))
        ));
        // `last` ruled out as a store before it is counted.
        let not_store = BoolExpr::Not(Box::new(BoolExpr::IsStore(Box::new(last()))));
        let guarded = BoolExpr::AllOf(vec![
            not_store.clone(),
            count_of(last()),
            count_of(HoleExpr::Opposite(Box::new(last()))),
        ]);
        assert!(!reads(&board, guarded));
        // Only after the test, not before it.
        let early = BoolExpr::AllOf(vec![count_of(last()), not_store]);
        assert!(reads(&board, early));
        // Sets of holes hold no store; a quantifier's variable over one is none.
        let total = BoolExpr::IntCompare(
            Compare::Gt,
            Box::new(IntExpr::Total(Box::new(SetExpr::All))),
            Box::new(IntExpr::Const(0)),
        );
        assert!(!reads(&board, total));
        let over_all = BoolExpr::Quantified(
            crate::ir::typed::Quantifier::Any,
            0,
            Box::new(SetExpr::All),
            Box::new(count_of(HoleExpr::Var(0))),
        );
        assert!(!reads(&board, over_all));
        let captured = BoolExpr::IntCompare(
            Compare::Gt,
            Box::new(IntExpr::Captured(Box::new(SideExpr::Mover))),
            Box::new(IntExpr::Const(0)),
        );
        assert!(reads(&board, captured));
    }

    #[test]
    fn without_stores_only_captured_reads_a_score() {
        let board = board(None);
        assert!(!reads(&board, count_of(HoleExpr::Last)));
    }
}
