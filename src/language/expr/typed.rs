//! The typed, compiled form of an expression and its evaluator.
//! Evaluation walks a small tree of enums: no allocation, no name lookup.

use crate::rules::board::{Board, Direction, Hole, HoleSet, Side};
use crate::rules::position::Position;

/// Values the engine binds while a rule is evaluated (see `Binding`).
#[derive(Clone, Copy, Debug)]
pub struct Env {
    pub mover: Side,
    pub origin: Hole,
    /// The hole the current lap's hand was lifted from (`origin` on lap 1).
    pub lap_start: Hole,
    pub last: Hole,
    pub here: Hole,
    pub x: Hole,
    pub is_last: bool,
    pub lap: u32,
    /// Seeds a capture took (never more than the 65,535 a position may hold;
    /// kept small so that an `Env`, copied at every evaluation, stays small).
    pub taken: u16,
    /// Seeds of the hand about to be sown (captures at a lap's lift).
    pub in_hand: u16,
    pub side: Side,
    /// In end checks, the side that made the last decision.
    pub last_mover: Side,
    /// Whether the lap being sown runs against the game's direction, which
    /// turns `next` and `prev` round with it.
    pub reversed: bool,
    /// Variables of enclosing quantifiers, by nesting depth.
    pub vars: [Hole; MAX_QUANTIFIER_DEPTH],
}

pub const MAX_QUANTIFIER_DEPTH: usize = 8;

impl Env {
    pub fn new(mover: Side) -> Env {
        Env {
            mover,
            origin: 0,
            lap_start: 0,
            last: 0,
            here: 0,
            x: 0,
            is_last: false,
            lap: 0,
            taken: 0,
            in_hand: 0,
            side: mover,
            last_mover: mover.other(),
            reversed: false,
            vars: [0; MAX_QUANTIFIER_DEPTH],
        }
    }
}

/// The look-ahead `threats(side)` reads: the holes of its opponent's that a
/// side's next legal moves would take first. Only `[claims] gain` may read it
/// (checked at load), and the engine makes it only for the sides a gain asks
/// about: it evaluates the gain, learns which sides were missing, works those
/// out and evaluates again (expressions have no effects, so the second answer
/// is the one). It is kept beside the scope rather than in it: a field in every
/// scope cost the smallest games 3% in instructions, for a rule they never have.
pub mod lookahead {
    use std::cell::Cell;

    use crate::rules::board::{HoleSet, Side};

    /// What is known of each side's threats during one gain, and which sides an
    /// evaluation asked for without an answer.
    #[derive(Clone, Copy, Default)]
    struct Known {
        threats: [Option<HoleSet>; 2],
        missing: [bool; 2],
    }

    thread_local! {
        static KNOWN: Cell<Known> = Cell::new(Known::default());
    }

    /// Starts a gain: nothing known yet.
    pub fn begin() {
        KNOWN.set(Known::default());
    }

    /// The sides asked for and not known since the last call, no longer missing.
    pub fn take_missing() -> [bool; 2] {
        let mut known = KNOWN.get();
        let missing = std::mem::take(&mut known.missing);
        KNOWN.set(known);
        missing
    }

    /// Gives a side's threats for the rest of this gain.
    pub fn provide(side: Side, threats: HoleSet) {
        let mut known = KNOWN.get();
        known.threats[side.index()] = Some(threats);
        KNOWN.set(known);
    }

    /// A side's threats, or none (noted as missing) when not yet worked out.
    /// Out of line, as it is rare: inlined, it slowed every set's evaluation.
    #[cold]
    #[inline(never)]
    pub(super) fn threats(side: Side) -> HoleSet {
        let mut known = KNOWN.get();
        match known.threats[side.index()] {
            Some(threats) => threats,
            None => {
                known.missing[side.index()] = true;
                KNOWN.set(known);
                HoleSet::default()
            }
        }
    }
}

/// What an expression reads: the board geometry, the position (counts,
/// scores — a store holds its side's score — and completed turns), the position
/// at the start of the move being played, and bindings.
pub struct Scope<'a> {
    pub board: &'a Board,
    pub position: &'a Position,
    /// The start of the move being played (outside a move, `position` itself),
    /// read by `before(...)`.
    pub before: &'a Position,
    pub env: Env,
}

impl<'a> Scope<'a> {
    /// A scope outside any move: `before(...)` reads the position as it is.
    pub fn new(board: &'a Board, position: &'a Position, env: Env) -> Scope<'a> {
        Scope {
            board,
            position,
            before: position,
            env,
        }
    }

    /// Evaluates with the position at the move's start in view.
    fn at_move_start<T>(&mut self, eval: impl FnOnce(&mut Scope<'a>) -> T) -> T {
        let now = self.position;
        self.position = self.before;
        let value = eval(self);
        self.position = now;
        value
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Min,
    Max,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    All,
}

#[derive(Clone, Debug, PartialEq)]
pub enum IntExpr {
    Const(i64),
    Lap,
    Taken,
    InHand,
    /// Completed turns.
    Turn,
    ExtraTurns,
    /// The value at the start of the move.
    Before(Box<IntExpr>),
    Count(Box<HoleExpr>),
    Total(Box<SetExpr>),
    Captured(Box<SideExpr>),
    /// Seeds a side holds in hand.
    Hand(Box<SideExpr>),
    /// Seeds the last move played lifted from the hole.
    PreviousLifted(Box<HoleExpr>),
    Column(Box<HoleExpr>),
    SeatColumn(Box<HoleExpr>),
    Number(usize, Box<SetExpr>, Box<BoolExpr>),
    Neg(Box<IntExpr>),
    Op(IntOp, Box<IntExpr>, Box<IntExpr>),
    If(Box<BoolExpr>, Box<IntExpr>, Box<IntExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum BoolExpr {
    Const(bool),
    IsLast,
    /// The lap being sown runs clockwise.
    LapClockwise,
    Not(Box<BoolExpr>),
    /// `a and b and ...`, flattened: one call evaluates the whole conjunction.
    AllOf(Vec<BoolExpr>),
    /// `a or b or ...`, flattened.
    AnyOf(Vec<BoolExpr>),
    IntCompare(Compare, Box<IntExpr>, Box<IntExpr>),
    /// `count(h) OP k` for a bound or constant hole: the commonest test of all
    /// (relays, captures), read without walking a tree.
    CountCompare(Compare, HoleRef, i64),
    /// `==` / `!=` on booleans, holes and sides: (equal?, left, right).
    BoolEq(bool, Box<BoolExpr>, Box<BoolExpr>),
    HoleEq(bool, Box<HoleExpr>, Box<HoleExpr>),
    SideEq(bool, Box<SideExpr>, Box<SideExpr>),
    Inner(Box<HoleExpr>),
    IsStore(Box<HoleExpr>),
    Own(Box<HoleExpr>),
    /// `own` where holes change hands: asked of the position.
    OwnNow(Box<HoleExpr>),
    Contains(Box<SetExpr>, Box<HoleExpr>),
    /// The hole is claimed by the side.
    ClaimedBy(Box<HoleExpr>, Box<SideExpr>),
    /// The last move played ended its sowing in the hole.
    PreviousEnded(Box<HoleExpr>),
    MovedFrom(Box<HoleExpr>),
    /// The value at the start of the move.
    Before(Box<BoolExpr>),
    Quantified(Quantifier, usize, Box<SetExpr>, Box<BoolExpr>),
    If(Box<BoolExpr>, Box<BoolExpr>, Box<BoolExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum HoleExpr {
    Const(Hole),
    Origin,
    LapStart,
    Last,
    Here,
    X,
    Var(usize),
    /// Steps along the circuit in use (negative: backward).
    Step(Box<HoleExpr>, Box<IntExpr>),
    /// `Step` in a game whose matches close holes: closed holes are passed over.
    StepOpen(Box<HoleExpr>, Box<IntExpr>),
    Opposite(Box<HoleExpr>),
    Behind(Box<HoleExpr>),
    /// A side's store (checked at load: only on boards with stores).
    Store(Box<SideExpr>),
    If(Box<BoolExpr>, Box<HoleExpr>, Box<HoleExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum SideExpr {
    Const(Side),
    Mover,
    Opponent,
    Side,
    /// The side that made the last decision (end checks).
    LastMover,
    Owner(Box<HoleExpr>),
    /// `owner` where holes change hands: asked of the position.
    OwnerNow(Box<HoleExpr>),
    Other(Box<SideExpr>),
    If(Box<BoolExpr>, Box<SideExpr>, Box<SideExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetExpr {
    All,
    Holes(Box<SideExpr>),
    /// `holes` where holes change hands: asked of the position.
    HolesNow(Box<SideExpr>),
    List(Vec<HoleExpr>),
    /// The holes a side has claimed.
    Claims(Box<SideExpr>),
    /// The holes a side's next legal moves would take first (a look-ahead the
    /// engine makes, see `lookahead`).
    Threats(Box<SideExpr>),
    /// `those(h in set, condition)`: the holes of the set for which it holds.
    Those(usize, Box<SetExpr>, Box<BoolExpr>),
    If(Box<BoolExpr>, Box<SetExpr>, Box<SetExpr>),
}

// One evaluator per type. `eval` takes the commonest forms in place (leaves,
// comparisons, `count(h)`: most game expressions are a comparison of a count
// with a constant, where a call would cost more than the work) and is inlined
// into the engine's hot paths; every other form is evaluated by a call to
// `compound`. Each form is evaluated in exactly one of the two.

impl IntExpr {
    #[inline(always)]
    pub fn eval(&self, s: &mut Scope) -> i64 {
        match self {
            IntExpr::Const(n) => *n,
            IntExpr::Lap => s.env.lap as i64,
            IntExpr::Count(h) => {
                let hole = h.eval(s);
                count_at(s, hole)
            }
            _ => self.compound(s),
        }
    }

    #[inline(never)]
    fn compound(&self, s: &mut Scope) -> i64 {
        match self {
            IntExpr::Const(_) | IntExpr::Lap | IntExpr::Count(_) => self.eval(s),
            IntExpr::Taken => i64::from(s.env.taken),
            IntExpr::InHand => i64::from(s.env.in_hand),
            IntExpr::Turn => i64::from(s.position.turn),
            IntExpr::ExtraTurns => i64::from(s.position.extra_turns),
            IntExpr::Total(set) => match set.as_ref() {
                // A side's holes are a contiguous range: summed without a set.
                SetExpr::Holes(side) => {
                    let side = side.eval(s);
                    s.position.counts[s.board.side_range(side)]
                        .iter()
                        .map(|&c| c as i64)
                        .sum()
                }
                set => {
                    let set = set.eval(s);
                    set.iter()
                        .map(|h| s.position.counts[h as usize] as i64)
                        .sum()
                }
            },
            IntExpr::Captured(side) => s.position.captured[side.eval(s).index()] as i64,
            IntExpr::Hand(side) => i64::from(s.position.hand[side.eval(s).index()]),
            IntExpr::PreviousLifted(h) => {
                let hole = h.eval(s);
                s.position
                    .previous
                    .filter(|p| p.from() == Some(hole))
                    .map_or(0, |p| i64::from(p.lifted()))
            }
            IntExpr::Column(h) => s.board.column(h.eval(s)) as i64,
            IntExpr::SeatColumn(h) => s.board.seat_column(h.eval(s)) as i64,
            IntExpr::Number(var, set, body) => {
                let set = set.eval(s);
                let mut n = 0;
                for h in set.iter() {
                    s.env.vars[*var] = h;
                    n += body.eval(s) as i64;
                }
                n
            }
            IntExpr::Neg(x) => x.eval(s).wrapping_neg(),
            IntExpr::Before(x) => s.at_move_start(|s| x.eval(s)),
            IntExpr::Op(op, l, r) => {
                let (l, r) = (l.eval(s), r.eval(s));
                match op {
                    IntOp::Add => l.wrapping_add(r),
                    IntOp::Sub => l.wrapping_sub(r),
                    IntOp::Mul => l.wrapping_mul(r),
                    // Division by zero (and the one overflowing quotient) is defined
                    // as 0 so that no game file can crash play.
                    IntOp::Div => floor_div(l, r).unwrap_or(0),
                    IntOp::Rem => floor_div(l, r).map_or(0, |q| l.wrapping_sub(q.wrapping_mul(r))),
                    IntOp::Min => l.min(r),
                    IntOp::Max => l.max(r),
                }
            }
            IntExpr::If(c, t, e) => {
                if c.eval(s) {
                    t.eval(s)
                } else {
                    e.eval(s)
                }
            }
        }
    }
}

impl BoolExpr {
    #[inline(always)]
    pub fn eval(&self, s: &mut Scope) -> bool {
        match self {
            BoolExpr::Const(b) => *b,
            BoolExpr::IsLast => s.env.is_last,
            BoolExpr::Own(h) => s.board.owner(h.eval(s)) == s.env.mover,
            BoolExpr::IntCompare(op, l, r) => {
                let (l, r) = (l.eval(s), r.eval(s));
                op.holds(l, r)
            }
            BoolExpr::HoleEq(eq, l, r) => (l.eval(s) == r.eval(s)) == *eq,
            BoolExpr::IsStore(h) => s.board.is_store(h.eval(s)),
            BoolExpr::CountCompare(op, h, k) => op.holds(count_at(s, h.get(s)), *k),
            _ => self.compound(s),
        }
    }

    #[inline(never)]
    fn compound(&self, s: &mut Scope) -> bool {
        match self {
            BoolExpr::Const(_)
            | BoolExpr::IsLast
            | BoolExpr::Own(_)
            | BoolExpr::IntCompare(..)
            | BoolExpr::HoleEq(..)
            | BoolExpr::IsStore(_)
            | BoolExpr::CountCompare(..) => self.eval(s),
            BoolExpr::LapClockwise => {
                (s.board.direction() == Direction::Clockwise) != s.env.reversed
            }
            BoolExpr::OwnNow(h) => s.position.owner(s.board, h.eval(s)) == s.env.mover,
            BoolExpr::Not(x) => !x.eval(s),
            BoolExpr::AllOf(items) => items.iter().all(|b| b.eval(s)),
            BoolExpr::AnyOf(items) => items.iter().any(|b| b.eval(s)),
            BoolExpr::BoolEq(eq, l, r) => (l.eval(s) == r.eval(s)) == *eq,
            BoolExpr::SideEq(eq, l, r) => (l.eval(s) == r.eval(s)) == *eq,
            BoolExpr::Inner(h) => s.board.is_inner(h.eval(s)),
            BoolExpr::Contains(set, h) => set.eval(s).contains(h.eval(s)),
            BoolExpr::ClaimedBy(h, side) => {
                let hole = h.eval(s);
                s.position.claims[side.eval(s).index()].contains(hole)
            }
            BoolExpr::PreviousEnded(h) => {
                let hole = h.eval(s);
                s.position.previous.is_some_and(|p| p.ended() == hole)
            }
            BoolExpr::MovedFrom(h) => s.position.moved_from.contains(h.eval(s)),
            BoolExpr::Before(x) => s.at_move_start(|s| x.eval(s)),
            BoolExpr::Quantified(q, var, set, body) => {
                let set = set.eval(s);
                let want = *q == Quantifier::Any;
                for h in set.iter() {
                    s.env.vars[*var] = h;
                    if body.eval(s) == want {
                        return want;
                    }
                }
                !want
            }
            BoolExpr::If(c, t, e) => {
                if c.eval(s) {
                    t.eval(s)
                } else {
                    e.eval(s)
                }
            }
        }
    }
}

impl HoleExpr {
    #[inline(always)]
    pub fn eval(&self, s: &mut Scope) -> Hole {
        match self {
            HoleExpr::Opposite(h) => {
                let hole = h.binding(s).unwrap_or_else(|| h.compound(s));
                s.board.opposite(hole)
            }
            _ => self.binding(s).unwrap_or_else(|| self.compound(s)),
        }
    }

    /// A hole read straight from the bindings (or a constant), if this is one.
    #[inline(always)]
    fn binding(&self, s: &Scope) -> Option<Hole> {
        Some(match self {
            HoleExpr::Const(h) => *h,
            HoleExpr::Origin => s.env.origin,
            HoleExpr::LapStart => s.env.lap_start,
            HoleExpr::Last => s.env.last,
            HoleExpr::Here => s.env.here,
            HoleExpr::X => s.env.x,
            HoleExpr::Var(v) => s.env.vars[*v],
            _ => return None,
        })
    }

    #[inline(never)]
    fn compound(&self, s: &mut Scope) -> Hole {
        match self {
            HoleExpr::Const(_)
            | HoleExpr::Origin
            | HoleExpr::LapStart
            | HoleExpr::Last
            | HoleExpr::Here
            | HoleExpr::X
            | HoleExpr::Var(_)
            | HoleExpr::Opposite(_) => self.eval(s),
            HoleExpr::Step(h, k) => {
                let (h, k) = (h.eval(s), k.eval(s));
                let k = if s.env.reversed { k.wrapping_neg() } else { k };
                s.board.step(s.env.mover, h, k)
            }
            HoleExpr::StepOpen(h, k) => {
                let (h, k) = (h.eval(s), k.eval(s));
                let k = if s.env.reversed { k.wrapping_neg() } else { k };
                match s.position.closed.is_empty() {
                    true => s.board.step(s.env.mover, h, k),
                    false => s.board.step_open(s.env.mover, h, k, s.position.closed),
                }
            }
            HoleExpr::Behind(h) => s.board.behind(h.eval(s)),
            HoleExpr::Store(side) => {
                let side = side.eval(s);
                s.board
                    .store(side)
                    .expect("store() is checked to need stores")
            }
            HoleExpr::If(c, t, e) => {
                if c.eval(s) {
                    t.eval(s)
                } else {
                    e.eval(s)
                }
            }
        }
    }
}

impl SideExpr {
    #[inline(always)]
    pub fn eval(&self, s: &mut Scope) -> Side {
        match self {
            SideExpr::Const(side) => *side,
            SideExpr::Mover => s.env.mover,
            SideExpr::Opponent => s.env.mover.other(),
            SideExpr::Side => s.env.side,
            SideExpr::LastMover => s.env.last_mover,
            _ => self.compound(s),
        }
    }

    #[inline(never)]
    fn compound(&self, s: &mut Scope) -> Side {
        match self {
            SideExpr::Const(_)
            | SideExpr::Mover
            | SideExpr::Opponent
            | SideExpr::Side
            | SideExpr::LastMover => self.eval(s),
            SideExpr::Owner(h) => s.board.owner(h.eval(s)),
            SideExpr::OwnerNow(h) => s.position.owner(s.board, h.eval(s)),
            SideExpr::Other(x) => x.eval(s).other(),
            SideExpr::If(c, t, e) => {
                if c.eval(s) {
                    t.eval(s)
                } else {
                    e.eval(s)
                }
            }
        }
    }
}

impl SetExpr {
    pub fn eval(&self, s: &mut Scope) -> HoleSet {
        match self {
            SetExpr::All => s.board.all_holes(),
            SetExpr::Holes(side) => s.board.side_holes(side.eval(s)),
            SetExpr::HolesNow(side) => s.position.holes(s.board, side.eval(s)),
            SetExpr::Claims(side) => s.position.claims[side.eval(s).index()],
            SetExpr::Threats(side) => {
                let side = side.eval(s);
                lookahead::threats(side)
            }
            SetExpr::List(items) => {
                let mut set = HoleSet::default();
                for h in items {
                    set.insert(h.eval(s));
                }
                set
            }
            SetExpr::Those(var, set, body) => {
                let mut those = HoleSet::default();
                for h in set.eval(s).iter() {
                    s.env.vars[*var] = h;
                    if body.eval(s) {
                        those.insert(h);
                    }
                }
                those
            }
            SetExpr::If(c, t, e) => {
                if c.eval(s) {
                    t.eval(s)
                } else {
                    e.eval(s)
                }
            }
        }
    }
}

/// `l / r` rounded down (towards minus infinity: -7 / 2 is -4, -7 / -2 is 3);
/// `None` when it has no value (by zero, or `i64::MIN / -1`).
fn floor_div(l: i64, r: i64) -> Option<i64> {
    let q = l.checked_div(r)?;
    let inexact = l.wrapping_rem(r) != 0;
    Some(if inexact && ((l < 0) != (r < 0)) {
        q - 1
    } else {
        q
    })
}

/// Seeds in a hole; a store holds its side's captures.
#[inline(always)]
fn count_at(s: &Scope, hole: Hole) -> i64 {
    if s.board.is_store(hole) {
        s.position.captured[s.board.owner(hole).index()] as i64
    } else {
        s.position.counts[hole as usize] as i64
    }
}

impl Compare {
    #[inline(always)]
    fn holds(self, l: i64, r: i64) -> bool {
        match self {
            Compare::Eq => l == r,
            Compare::Ne => l != r,
            Compare::Lt => l < r,
            Compare::Le => l <= r,
            Compare::Gt => l > r,
            Compare::Ge => l >= r,
        }
    }
}

impl BoolExpr {
    /// `l and r` (`all`) or `l or r` as one flat list: a side that is already the
    /// same kind of list is spliced in.
    pub fn junction(all: bool, l: BoolExpr, r: BoolExpr) -> BoolExpr {
        let mut items = Vec::new();
        for part in [l, r] {
            match part {
                BoolExpr::AllOf(inner) if all => items.extend(inner),
                BoolExpr::AnyOf(inner) if !all => items.extend(inner),
                other => items.push(other),
            }
        }
        if all {
            BoolExpr::AllOf(items)
        } else {
            BoolExpr::AnyOf(items)
        }
    }
}

/// A hole read straight from the bindings (or a constant).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HoleRef {
    Const(Hole),
    Origin,
    Last,
    Here,
    X,
}

impl HoleRef {
    fn of(h: &HoleExpr) -> Option<HoleRef> {
        Some(match h {
            HoleExpr::Const(h) => HoleRef::Const(*h),
            HoleExpr::Origin => HoleRef::Origin,
            HoleExpr::Last => HoleRef::Last,
            HoleExpr::Here => HoleRef::Here,
            HoleExpr::X => HoleRef::X,
            _ => return None,
        })
    }

    #[inline(always)]
    fn get(self, s: &Scope) -> Hole {
        match self {
            HoleRef::Const(h) => h,
            HoleRef::Origin => s.env.origin,
            HoleRef::Last => s.env.last,
            HoleRef::Here => s.env.here,
            HoleRef::X => s.env.x,
        }
    }
}

impl BoolExpr {
    /// `l OP r` on integers, in its specialised form where there is one.
    pub fn compare(op: Compare, l: IntExpr, r: IntExpr) -> BoolExpr {
        if let (IntExpr::Count(h), IntExpr::Const(k)) = (&l, &r)
            && let Some(h) = HoleRef::of(h)
        {
            return BoolExpr::CountCompare(op, h, *k);
        }
        BoolExpr::IntCompare(op, Box::new(l), Box::new(r))
    }
}

#[cfg(test)]
mod tests {
    use super::floor_div;

    #[test]
    fn division_rounds_down_as_the_reference_says() {
        let cases = [
            (7, 2, 3),
            (-7, 2, -4),
            (7, -2, -4),
            (-7, -2, 3),
            (6, -3, -2),
        ];
        for (l, r, q) in cases {
            assert_eq!(floor_div(l, r), Some(q), "{l} / {r}");
        }
        assert_eq!(floor_div(1, 0), None);
        assert_eq!(floor_div(i64::MIN, -1), None);
    }
}
