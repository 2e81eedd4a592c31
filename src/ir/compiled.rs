//! Expressions compiled once, when a game loads, into closures: each node of
//! the checked tree becomes a small function that calls its parts' functions
//! directly. Evaluating no longer matches every node against every form (a
//! tree walk spent most of its time in that dispatch), and the commonest forms
//! are specialised (a count compared with a constant, one comparison operator
//! per function, `and`/`or` of a few parts, a side's holes summed as a range).

use std::fmt;

use crate::ir::typed::{
    BoolExpr, Compare, HoleExpr, HoleRef, IntExpr, IntOp, Quantifier, Scope, SetExpr, SideExpr,
    lookahead,
};
use crate::rules::board::{Direction, Hole, HoleSet, Side};

/// A compiled expression's code.
pub type Run<T> = Box<Code<T>>;
type Code<T> = dyn Fn(&mut Scope) -> T + Send + Sync;

/// A checked expression tree that compiles to a function of the scope.
pub trait Compile {
    type Value;
    fn compile(&self) -> Run<Self::Value>;
}

/// An expression as a game keeps it: the checked tree (which load-time
/// analyses read) and the code it compiled to (which play runs).
pub struct Compiled<E: Compile> {
    tree: E,
    run: Run<E::Value>,
}

impl<E: Compile> Compiled<E> {
    pub fn new(tree: E) -> Self {
        let run = tree.compile();
        Compiled { tree, run }
    }

    #[inline(always)]
    pub fn eval(&self, s: &mut Scope) -> E::Value {
        (self.run)(s)
    }

    pub fn tree(&self) -> &E {
        &self.tree
    }
}

impl<E: Compile + fmt::Debug> fmt::Debug for Compiled<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.tree.fmt(f)
    }
}

/// Evaluates a tree once, compiling it first (constant folding at load).
pub fn eval_once<E: Compile>(tree: &E, s: &mut Scope) -> E::Value {
    tree.compile()(s)
}

/// Each tree type compiles with its function below.
macro_rules! compile_with {
    ($($tree:ty => $value:ty, $compile:ident;)*) => {
        $(
            impl Compile for $tree {
                type Value = $value;
                fn compile(&self) -> Run<$value> {
                    $compile(self)
                }
            }
        )*
    };
}

compile_with! {
    BoolExpr => bool, boolean;
    IntExpr => i64, int;
    HoleExpr => Hole, hole;
    SideExpr => Side, side;
    SetExpr => HoleSet, set;
}

/// One comparison operator, as a type, so that each compiled comparison is
/// a function of its own with the operator built in.
trait Comparison: Send + Sync + 'static {
    fn holds(l: i64, r: i64) -> bool;
}

macro_rules! comparisons {
    ($($name:ident: $l:ident, $r:ident => $test:expr;)*) => {
        $(
            struct $name;
            impl Comparison for $name {
                #[inline(always)]
                fn holds($l: i64, $r: i64) -> bool {
                    $test
                }
            }
        )*
    };
}

comparisons! {
    IsEq: l, r => l == r;
    IsNe: l, r => l != r;
    IsLt: l, r => l < r;
    IsLe: l, r => l <= r;
    IsGt: l, r => l > r;
    IsGe: l, r => l >= r;
}

/// `$make::<Operator>(args)` for the operator `op`.
macro_rules! with_comparison {
    ($op:expr, $make:ident($($arg:expr),*)) => {
        match $op {
            Compare::Eq => $make::<IsEq>($($arg),*),
            Compare::Ne => $make::<IsNe>($($arg),*),
            Compare::Lt => $make::<IsLt>($($arg),*),
            Compare::Le => $make::<IsLe>($($arg),*),
            Compare::Gt => $make::<IsGt>($($arg),*),
            Compare::Ge => $make::<IsGe>($($arg),*),
        }
    };
}

/// A bound hole read as a type of its own where it is one of the named
/// bindings, so that a compiled read of `last` is a load, not a `match`.
trait Bound: Copy + Send + Sync + 'static {
    fn get(self, s: &Scope) -> Hole;
}

macro_rules! named_bindings {
    ($($name:ident => $field:ident;)*) => {
        $(
            #[derive(Clone, Copy)]
            struct $name;
            impl Bound for $name {
                #[inline(always)]
                fn get(self, s: &Scope) -> Hole {
                    s.env.$field
                }
            }
        )*
    };
}

named_bindings! {
    Last => last;
    Here => here;
    X => x;
    Origin => origin;
    LapStart => lap_start;
}

/// A constant or a quantifier's variable.
impl Bound for HoleRef {
    #[inline(always)]
    fn get(self, s: &Scope) -> Hole {
        HoleRef::get(self, s)
    }
}

/// `$make(bound, args)` with `h` as its own type where it is a named binding.
macro_rules! with_bound {
    ($h:expr, $make:ident$(::<$op:ty>)?($($arg:expr),*)) => {
        match $h {
            HoleRef::Last => $make$(::<$op, _>)?(Last, $($arg),*),
            HoleRef::Here => $make$(::<$op, _>)?(Here, $($arg),*),
            HoleRef::X => $make$(::<$op, _>)?(X, $($arg),*),
            HoleRef::Origin => $make$(::<$op, _>)?(Origin, $($arg),*),
            HoleRef::LapStart => $make$(::<$op, _>)?(LapStart, $($arg),*),
            h => $make$(::<$op, _>)?(h, $($arg),*),
        }
    };
}

fn count_compare<C: Comparison, B: Bound>(h: B, k: i64) -> Run<bool> {
    Box::new(move |s| C::holds(count_at(s, h.get(s)), k))
}

/// `own(h)` (`want` true) or `not own(h)`.
fn own<B: Bound>(h: B, want: bool) -> Run<bool> {
    match want {
        true => Box::new(move |s| s.board.owner(h.get(s)) == s.env.mover),
        false => Box::new(move |s| s.board.owner(h.get(s)) != s.env.mover),
    }
}

/// `count(h) == a or count(h) == b or ...` on one bound hole with every
/// number below 64: the hole and the numbers as a mask (bit `n` for `n`).
fn counts_among(items: &[BoolExpr]) -> Option<(HoleRef, u64)> {
    let mut hole = None;
    let mut mask = 0u64;
    for item in items {
        let BoolExpr::CountCompare(Compare::Eq, h, k) = item else {
            return None;
        };
        if hole.is_some_and(|hole| hole != *h) || !(0..64).contains(k) {
            return None;
        }
        hole = Some(*h);
        mask |= 1 << k;
    }
    Some((hole?, mask))
}

/// Whether `count(h)` is one of the numbers of `mask` (bit `n` for `n`).
fn count_in<B: Bound>(h: B, mask: u64) -> Run<bool> {
    Box::new(move |s| {
        let n = count_at(s, h.get(s));
        n < 64 && mask >> n & 1 == 1
    })
}

/// `h == other` (`eq` true) or `h != other`.
fn hole_is<B: Bound>(h: B, other: Run<Hole>, eq: bool) -> Run<bool> {
    Box::new(move |s| (h.get(s) == other(s)) == eq)
}

/// `h`, or `opposite(h)` (`across`).
fn bound_hole<B: Bound>(h: B, across: bool) -> Run<Hole> {
    match across {
        false => Box::new(move |s| h.get(s)),
        true => Box::new(move |s| s.board.opposite(h.get(s))),
    }
}

/// `count(h)`, or `count(opposite(h))` (`across`).
fn count<B: Bound>(h: B, across: bool) -> Run<i64> {
    match across {
        false => Box::new(move |s| count_at(s, h.get(s))),
        true => Box::new(move |s| count_at(s, s.board.opposite(h.get(s)))),
    }
}

fn int_compare<C: Comparison>(l: &IntExpr, r: &IntExpr) -> Run<bool> {
    if let Some(run) = side_seeds_compare::<C>(l, r) {
        return run;
    }
    let l = int(l);
    match r {
        IntExpr::Const(k) => {
            let k = *k;
            Box::new(move |s| C::holds(l(s), k))
        }
        r => {
            let r = int(r);
            Box::new(move |s| {
                let l = l(s);
                C::holds(l, r(s))
            })
        }
    }
}

/// `total(holes(side)) > 0` and the other comparisons that only ask whether a
/// side has seeds: its holes are read until one has some, not summed.
fn side_seeds_compare<C: Comparison>(l: &IntExpr, r: &IntExpr) -> Option<Run<bool>> {
    let (IntExpr::Total(set), &IntExpr::Const(k)) = (l, r) else {
        return None;
    };
    let SetExpr::Holes(of) = set.as_ref() else {
        return None;
    };
    // A total is never negative, and with `k` 0 or 1 every total from 2 on
    // compares as 2 does: the comparison asks "has seeds" if it holds alike
    // for 1 and 2, and otherwise for 0.
    let when_some = C::holds(1, k);
    if !(0..=1).contains(&k) || C::holds(2, k) != when_some || C::holds(0, k) == when_some {
        return None;
    }
    // Stopping at the first hole with seeds: or-ing the whole row (as
    // `side_is_empty` does) cost a bundled game that asks it of every
    // candidate 4% in instructions and gained no time: rows are seldom empty
    // at their first hole.
    let has_seeds = |s: &Scope, side: Side| {
        s.position.counts[s.board.side_range(side)]
            .iter()
            .any(|&c| c > 0)
    };
    Some(match of.as_ref() {
        SideExpr::Mover => Box::new(move |s| has_seeds(s, s.env.mover) == when_some),
        SideExpr::Opponent => Box::new(move |s| has_seeds(s, s.env.mover.other()) == when_some),
        of => {
            let of = side(of);
            Box::new(move |s| {
                let of = of(s);
                has_seeds(s, of) == when_some
            })
        }
    })
}

/// `a and b and ...` (`all`) or `a or b or ...`.
fn junction(all: bool, items: &[BoolExpr]) -> Run<bool> {
    let items: Vec<Run<bool>> = items.iter().map(boolean).collect();
    // Two to four parts, the commonest, without a loop.
    let items = match <[Run<bool>; 2]>::try_from(items) {
        Ok([a, b]) if all => return Box::new(move |s| a(s) && b(s)),
        Ok([a, b]) => return Box::new(move |s| a(s) || b(s)),
        Err(items) => items,
    };
    let items = match <[Run<bool>; 3]>::try_from(items) {
        Ok([a, b, c]) if all => return Box::new(move |s| a(s) && b(s) && c(s)),
        Ok([a, b, c]) => return Box::new(move |s| a(s) || b(s) || c(s)),
        Err(items) => items,
    };
    let items = match <[Run<bool>; 4]>::try_from(items) {
        Ok([a, b, c, d]) if all => return Box::new(move |s| a(s) && b(s) && c(s) && d(s)),
        Ok([a, b, c, d]) => return Box::new(move |s| a(s) || b(s) || c(s) || d(s)),
        Err(items) => items,
    };
    match all {
        true => Box::new(move |s| items.iter().all(|b| b(s))),
        false => Box::new(move |s| items.iter().any(|b| b(s))),
    }
}

/// `eval` with the position at the move's start in view.
#[inline(always)]
fn at_move_start<T>(s: &mut Scope, eval: impl FnOnce(&mut Scope) -> T) -> T {
    let now = s.position;
    s.position = s.before;
    let value = eval(s);
    s.position = now;
    value
}

fn boolean(e: &BoolExpr) -> Run<bool> {
    match e {
        BoolExpr::Const(b) => {
            let b = *b;
            Box::new(move |_| b)
        }
        BoolExpr::IsLast => Box::new(|s| s.env.is_last),
        BoolExpr::Won => Box::new(|s| s.env.round_winner == Some(s.env.side)),
        BoolExpr::Drawn => Box::new(|s| s.env.round_winner.is_none()),
        BoolExpr::LapClockwise => {
            Box::new(|s| (s.board.direction() == Direction::Clockwise) != s.env.reversed)
        }
        BoolExpr::Not(x) => not(x),
        BoolExpr::AllOf(items) => junction(true, items),
        BoolExpr::AnyOf(items) => match counts_among(items) {
            // `count(last) == 2 or count(last) == 3`: one test of a mask.
            Some((h, mask)) => with_bound!(h, count_in(mask)),
            None => junction(false, items),
        },
        BoolExpr::IntCompare(op, l, r) => with_comparison!(op, int_compare(l, r)),
        BoolExpr::CountCompare(op, h, k) => count_comparison(*op, *h, *k),
        BoolExpr::BoolEq(eq, l, r) => {
            let (eq, l, r) = (*eq, boolean(l), boolean(r));
            Box::new(move |s| (l(s) == r(s)) == eq)
        }
        BoolExpr::HoleEq(eq, l, r) => hole_equality(*eq, l, r),
        BoolExpr::SideEq(eq, l, r) => {
            let (eq, l, r) = (*eq, side(l), side(r));
            Box::new(move |s| (l(s) == r(s)) == eq)
        }
        BoolExpr::Inner(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.is_inner(h(s)))
        }
        BoolExpr::IsStore(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.is_store(h(s)))
        }
        BoolExpr::Own(h) => match HoleRef::of(h) {
            Some(h) => with_bound!(h, own(true)),
            None => {
                let h = hole(h);
                Box::new(move |s| s.board.owner(h(s)) == s.env.mover)
            }
        },
        BoolExpr::OwnNow(h) => {
            let h = hole(h);
            Box::new(move |s| s.position.owner(s.board, h(s)) == s.env.mover)
        }
        BoolExpr::Contains(set_expr, h) => {
            let (set, h) = (set(set_expr), hole(h));
            Box::new(move |s| set(s).contains(h(s)))
        }
        BoolExpr::ClaimedBy(h, by) => {
            let (h, by) = (hole(h), side(by));
            Box::new(move |s| {
                let hole = h(s);
                s.position.claims[by(s).index()].contains(hole)
            })
        }
        BoolExpr::PreviousClockwise => {
            Box::new(|s| s.position.previous.is_some_and(|p| p.clockwise()))
        }
        BoolExpr::PreviousCaptured => Box::new(|s| s.position.previous_captured),
        BoolExpr::PreviousEnded(h) => {
            let h = hole(h);
            Box::new(move |s| {
                let hole = h(s);
                s.position.previous.is_some_and(|p| p.ended() == hole)
            })
        }
        BoolExpr::HasPlayed(by) => {
            let by = side(by);
            Box::new(move |s| s.position.played[by(s).index()])
        }
        BoolExpr::MovedFrom(h) => {
            let h = hole(h);
            Box::new(move |s| s.position.moved_from.contains(h(s)))
        }
        BoolExpr::Closed(h) => {
            let h = hole(h);
            Box::new(move |s| s.position.closed.contains(h(s)))
        }
        BoolExpr::Before(x) => {
            let x = boolean(x);
            Box::new(move |s| at_move_start(s, |s| x(s)))
        }
        BoolExpr::Quantified(q, var, set_expr, body) => quantified(*q, *var, set_expr, body),
        BoolExpr::If(c, t, e) => {
            let (c, t, e) = (boolean(c), boolean(t), boolean(e));
            Box::new(move |s| if c(s) { t(s) } else { e(s) })
        }
    }
}

/// `not x`; `not own(h)` of a bound hole read at once.
fn not(x: &BoolExpr) -> Run<bool> {
    match x {
        BoolExpr::Own(h) if let Some(h) = HoleRef::of(h) => with_bound!(h, own(false)),
        x => {
            let x = boolean(x);
            Box::new(move |s| !x(s))
        }
    }
}

/// `count(h) OP k`, one closure per comparison.
fn count_comparison(op: Compare, h: HoleRef, k: i64) -> Run<bool> {
    match op {
        Compare::Eq => with_bound!(h, count_compare::<IsEq>(k)),
        Compare::Ne => with_bound!(h, count_compare::<IsNe>(k)),
        Compare::Lt => with_bound!(h, count_compare::<IsLt>(k)),
        Compare::Le => with_bound!(h, count_compare::<IsLe>(k)),
        Compare::Gt => with_bound!(h, count_compare::<IsGt>(k)),
        Compare::Ge => with_bound!(h, count_compare::<IsGe>(k)),
    }
}

/// `l == r` (or `!=`, `eq` false) between holes, a bound hole read at once.
fn hole_equality(eq: bool, l: &HoleExpr, r: &HoleExpr) -> Run<bool> {
    match (HoleRef::of(l), HoleRef::of(r)) {
        (Some(l), Some(r)) => Box::new(move |s| (l.get(s) == r.get(s)) == eq),
        // `last == store(mover)` and the like.
        (Some(l), None) => with_bound!(l, hole_is(hole(r), eq)),
        (None, Some(r)) => with_bound!(r, hole_is(hole(l), eq)),
        _ => {
            let (l, r) = (hole(l), hole(r));
            Box::new(move |s| (l(s) == r(s)) == eq)
        }
    }
}

/// `any(h in set, body)` and `all(...)`: stops at the first hole that decides.
fn quantified(q: Quantifier, var: usize, set_expr: &SetExpr, body: &BoolExpr) -> Run<bool> {
    let want = q == Quantifier::Any;
    let (set, body) = (set(set_expr), boolean(body));
    Box::new(move |s| {
        for h in set(s).iter() {
            s.env.vars[var] = h;
            if body(s) == want {
                return want;
            }
        }
        !want
    })
}

fn int(e: &IntExpr) -> Run<i64> {
    match e {
        IntExpr::Const(n) => {
            let n = *n;
            Box::new(move |_| n)
        }
        IntExpr::Lap => Box::new(|s| i64::from(s.env.lap)),
        IntExpr::LapBoard => Box::new(|s| i64::from(s.env.lap_board)),
        IntExpr::Taken => Box::new(|s| i64::from(s.env.taken)),
        IntExpr::InHand => Box::new(|s| i64::from(s.env.in_hand)),
        IntExpr::Turn => Box::new(|s| i64::from(s.position.turn)),
        IntExpr::ExtraTurns => Box::new(|s| i64::from(s.position.extra_turns)),
        IntExpr::Passed => Box::new(|s| i64::from(s.position.passed)),
        IntExpr::Before(x) => {
            let x = int(x);
            Box::new(move |s| at_move_start(s, |s| x(s)))
        }
        IntExpr::Count(h) => count_of(h),
        IntExpr::Total(set_expr) => total(set_expr),
        IntExpr::Captured(of) => {
            let of = side(of);
            Box::new(move |s| i64::from(s.position.captured[of(s).index()]))
        }
        IntExpr::Hand(of) => {
            let of = side(of);
            Box::new(move |s| i64::from(s.position.hand[of(s).index()]))
        }
        IntExpr::PreviousLifted(h) => {
            let h = hole(h);
            Box::new(move |s| {
                let hole = h(s);
                s.position
                    .previous
                    .filter(|p| p.from() == Some(hole))
                    .map_or(0, |p| i64::from(p.lifted()))
            })
        }
        IntExpr::Column(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.column(h(s)) as i64)
        }
        IntExpr::SeatColumn(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.seat_column(h(s)) as i64)
        }
        IntExpr::Number(var, set_expr, body) => {
            let var = *var;
            let (set, body) = (set(set_expr), boolean(body));
            Box::new(move |s| {
                let mut n = 0;
                for h in set(s).iter() {
                    s.env.vars[var] = h;
                    n += i64::from(body(s));
                }
                n
            })
        }
        IntExpr::Neg(x) => {
            let x = int(x);
            Box::new(move |s| x(s).saturating_neg())
        }
        IntExpr::Op(op, l, r) => arithmetic(*op, int(l), int(r)),
        IntExpr::If(c, t, e) => {
            let (c, t, e) = (boolean(c), int(t), int(e));
            Box::new(move |s| if c(s) { t(s) } else { e(s) })
        }
    }
}

/// `count(h)`: a bound hole, or the hole across from one, read at once.
fn count_of(h: &HoleExpr) -> Run<i64> {
    match HoleRef::of(h) {
        Some(h) => with_bound!(h, count(false)),
        // `count(opposite(last))` and the like: one of the commonest reads.
        None if let HoleExpr::Opposite(across) = h
            && let Some(h) = HoleRef::of(across) =>
        {
            with_bound!(h, count(true))
        }
        None => {
            let h = hole(h);
            Box::new(move |s| {
                let hole = h(s);
                count_at(s, hole)
            })
        }
    }
}

/// `total(set)`: a side's holes summed as a range, any other set hole by hole.
fn total(set_expr: &SetExpr) -> Run<i64> {
    match set_expr {
        // A side's holes are a contiguous range: summed without a set.
        SetExpr::Holes(of) => match of.as_ref() {
            SideExpr::Mover => Box::new(|s| total_of(s, s.env.mover)),
            SideExpr::Opponent => Box::new(|s| total_of(s, s.env.mover.other())),
            of => {
                let of = side(of);
                Box::new(move |s| {
                    let of = of(s);
                    total_of(s, of)
                })
            }
        },
        set_expr => {
            let set = set(set_expr);
            Box::new(move |s| {
                set(s)
                    .iter()
                    .map(|h| i64::from(s.position.counts[h as usize]))
                    .sum()
            })
        }
    }
}

fn arithmetic(op: IntOp, l: Run<i64>, r: Run<i64>) -> Run<i64> {
    macro_rules! op {
        (|$l:ident, $r:ident| $value:expr) => {
            Box::new(move |s| {
                let $l = l(s);
                let $r = r(s);
                $value
            })
        };
    }
    match op {
        // Saturating, not wrapping: a value past the range stays the largest
        // (or smallest) there is, rather than turning negative.
        IntOp::Add => op!(|l, r| l.saturating_add(r)),
        IntOp::Sub => op!(|l, r| l.saturating_sub(r)),
        IntOp::Mul => op!(|l, r| l.saturating_mul(r)),
        // Division by zero (and the one overflowing quotient) is defined as 0
        // so that no game file can crash play.
        IntOp::Div => op!(|l, r| floor_div(l, r).unwrap_or(0)),
        IntOp::Rem => op!(|l, r| floor_div(l, r).map_or(0, |q| l.wrapping_sub(q.wrapping_mul(r)))),
        IntOp::Min => op!(|l, r| l.min(r)),
        IntOp::Max => op!(|l, r| l.max(r)),
    }
}

fn hole(e: &HoleExpr) -> Run<Hole> {
    if let Some(h) = HoleRef::of(e) {
        return with_bound!(h, bound_hole(false));
    }
    match e {
        HoleExpr::Const(_)
        | HoleExpr::Origin
        | HoleExpr::LapStart
        | HoleExpr::Last
        | HoleExpr::Here
        | HoleExpr::X
        | HoleExpr::Var(_) => unreachable!("a binding is read above"),
        HoleExpr::Step(h, k) => {
            let (h, k) = (hole(h), int(k));
            Box::new(move |s| {
                let (h, k) = (h(s), k(s));
                let k = if s.env.reversed { k.wrapping_neg() } else { k };
                s.board.step(s.env.mover, h, k)
            })
        }
        HoleExpr::StepOpen(h, k) => {
            let (h, k) = (hole(h), int(k));
            Box::new(move |s| {
                let (h, k) = (h(s), k(s));
                let k = if s.env.reversed { k.wrapping_neg() } else { k };
                match s.position.closed.is_empty() {
                    true => s.board.step(s.env.mover, h, k),
                    false => s.board.step_open(s.env.mover, h, k, s.position.closed),
                }
            })
        }
        HoleExpr::Opposite(h) => match HoleRef::of(h) {
            Some(h) => with_bound!(h, bound_hole(true)),
            None => {
                let h = hole(h);
                Box::new(move |s| s.board.opposite(h(s)))
            }
        },
        HoleExpr::Behind(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.behind(h(s)))
        }
        HoleExpr::Store(of) if **of == SideExpr::Mover => Box::new(|s| {
            s.board
                .store(s.env.mover)
                .expect("store() is checked to need stores")
        }),
        HoleExpr::Store(of) => {
            let of = side(of);
            Box::new(move |s| {
                s.board
                    .store(of(s))
                    .expect("store() is checked to need stores")
            })
        }
        HoleExpr::If(c, t, e) => {
            let (c, t, e) = (boolean(c), hole(t), hole(e));
            Box::new(move |s| if c(s) { t(s) } else { e(s) })
        }
    }
}

fn side(e: &SideExpr) -> Run<Side> {
    match e {
        SideExpr::Const(side) => {
            let side = *side;
            Box::new(move |_| side)
        }
        SideExpr::Mover => Box::new(|s| s.env.mover),
        SideExpr::Opponent => Box::new(|s| s.env.mover.other()),
        SideExpr::Side => Box::new(|s| s.env.side),
        SideExpr::LastMover => Box::new(|s| s.env.last_mover),
        SideExpr::Starter => Box::new(|s| s.position.starter),
        SideExpr::Owner(h) => {
            let h = hole(h);
            Box::new(move |s| s.board.owner(h(s)))
        }
        SideExpr::OwnerNow(h) => {
            let h = hole(h);
            Box::new(move |s| s.position.owner(s.board, h(s)))
        }
        SideExpr::Other(x) => {
            let x = side(x);
            Box::new(move |s| x(s).other())
        }
        SideExpr::If(c, t, e) => {
            let (c, t, e) = (boolean(c), side(t), side(e));
            Box::new(move |s| if c(s) { t(s) } else { e(s) })
        }
    }
}

fn set(e: &SetExpr) -> Run<HoleSet> {
    match e {
        SetExpr::All => Box::new(|s| s.board.all_holes()),
        SetExpr::First(of) => {
            let of = set(of);
            Box::new(move |s| {
                let mut first = HoleSet::default();
                if let Some(hole) = of(s).pop_first() {
                    first.insert(hole);
                }
                first
            })
        }
        SetExpr::Holes(of) => {
            let of = side(of);
            Box::new(move |s| s.board.side_holes(of(s)))
        }
        SetExpr::HolesNow(of) => {
            let of = side(of);
            Box::new(move |s| s.position.holes(s.board, of(s)))
        }
        SetExpr::Claims(of) => {
            let of = side(of);
            Box::new(move |s| s.position.claims[of(s).index()])
        }
        SetExpr::Threats(of) => {
            let of = side(of);
            Box::new(move |s| lookahead::threats(of(s)))
        }
        SetExpr::List(items) => {
            let items: Vec<Run<Hole>> = items.iter().map(hole).collect();
            Box::new(move |s| {
                let mut set = HoleSet::default();
                for h in &items {
                    set.insert(h(s));
                }
                set
            })
        }
        SetExpr::Those(var, set_expr, body) => {
            let var = *var;
            let (set, body) = (set(set_expr), boolean(body));
            Box::new(move |s| {
                let mut those = HoleSet::default();
                for h in set(s).iter() {
                    s.env.vars[var] = h;
                    if body(s) {
                        those.insert(h);
                    }
                }
                those
            })
        }
        SetExpr::If(c, t, e) => {
            let (c, t, e) = (boolean(c), set(t), set(e));
            Box::new(move |s| if c(s) { t(s) } else { e(s) })
        }
    }
}

/// Seeds on a side's holes, a contiguous range.
#[inline(always)]
fn total_of(s: &Scope, side: Side) -> i64 {
    s.position.counts[s.board.side_range(side)]
        .iter()
        .map(|&c| i64::from(c))
        .sum()
}

/// Seeds in a hole; a store holds its side's captures.
#[inline(always)]
fn count_at(s: &Scope, hole: Hole) -> i64 {
    i64::from(s.position.count_at(s.board, hole))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Env;
    use crate::rules::board::{Board, CircuitKind, SownStores};
    use crate::rules::position::Position;

    /// A board of two rows of three holes, without stores.
    fn two_by_three() -> Board {
        Board::new(
            2,
            3,
            CircuitKind::WholeBoard,
            Direction::Counterclockwise,
            None,
            SownStores::Own,
        )
        .unwrap()
    }

    /// `count(last) == 2 or count(last) == 3`, asked as a mask, holds just
    /// where one of its parts does; a number past the mask's is not fused.
    #[test]
    fn counts_compared_with_a_few_numbers_are_what_their_parts_say() {
        let board = two_by_three();
        let is = |k| BoolExpr::CountCompare(Compare::Eq, HoleRef::Last, k);
        let fused = BoolExpr::AnyOf(vec![is(2), is(3)]);
        assert!(counts_among(&[is(2), is(64)]).is_none());
        assert!(
            counts_among(&[is(2), BoolExpr::CountCompare(Compare::Eq, HoleRef::Here, 3)]).is_none()
        );
        for seeds in 0..70 {
            let mut position = Position::empty(Side::South);
            position.counts[4] = seeds;
            let mut env = Env::new(Side::South);
            env.last = 4;
            let mut scope = Scope::new(&board, &position, env);
            let parts = [2, 3].contains(&seeds);
            assert_eq!(boolean(&fused)(&mut scope), parts, "{seeds} seeds");
        }
    }

    /// `total(holes(opponent)) op k`, asked whether the opponent has seeds
    /// where it can be, says what the sum says, for every operator and small `k`.
    #[test]
    fn a_side_total_compared_with_a_constant_is_what_the_sum_says() {
        let board = two_by_three();
        let ops = [
            Compare::Eq,
            Compare::Ne,
            Compare::Lt,
            Compare::Le,
            Compare::Gt,
            Compare::Ge,
        ];
        let total = || IntExpr::Total(Box::new(SetExpr::Holes(Box::new(SideExpr::Opponent))));
        for north in [[0, 0, 0], [0, 1, 0], [2, 0, 0], [3, 4, 5]] {
            let mut position = Position::empty(Side::South);
            position.counts[3..6].copy_from_slice(&north);
            let sum: i64 = north.iter().map(|&c| i64::from(c)).sum();
            for op in ops {
                for k in -1..=3 {
                    let e =
                        BoolExpr::IntCompare(op, Box::new(total()), Box::new(IntExpr::Const(k)));
                    let mut scope = Scope::new(&board, &position, Env::new(Side::South));
                    assert_eq!(
                        boolean(&e)(&mut scope),
                        op.holds(sum, k),
                        "{op:?} {k} with {north:?}"
                    );
                }
            }
        }
    }

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
