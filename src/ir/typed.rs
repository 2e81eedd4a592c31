//! The typed form of an expression: a checked tree of enums, which load-time
//! analyses read and `compiled` turns into the code play runs.

use crate::ir::compiled::{Compile, Compiled};
use crate::rules::board::{Board, Hole, Side};
use crate::rules::position::AnyPosition;

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
    /// Seeds in the holes as the current lap's sowing began (set only where a
    /// rule reads `lap_board`).
    pub lap_board: u16,
    pub side: Side,
    /// In end checks, the side that made the last decision.
    pub last_mover: Side,
    /// In a match's tally, the winner of the round just over (`None`: drawn).
    pub round_winner: Option<Side>,
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
            lap_board: 0,
            side: mover,
            last_mover: mover.other(),
            round_winner: None,
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
    pub(in crate::ir) fn threats(side: Side) -> HoleSet {
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
    pub position: &'a AnyPosition,
    /// The start of the move being played (outside a move, `position` itself),
    /// read by `before(...)`.
    pub before: &'a AnyPosition,
    pub env: Env,
}

impl<'a> Scope<'a> {
    /// A scope outside any move: `before(...)` reads the position as it is.
    pub fn new(board: &'a Board, position: &'a AnyPosition, env: Env) -> Scope<'a> {
        Scope {
            board,
            position,
            before: position,
            env,
        }
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

impl Compare {
    #[inline(always)]
    pub fn holds(self, l: i64, r: i64) -> bool {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Any,
    All,
}

#[derive(Clone, Debug, PartialEq)]
pub enum IntExpr {
    Const(i64),
    Lap,
    /// Seeds in the holes as the current lap's sowing began.
    LapBoard,
    Taken,
    InHand,
    /// Completed turns.
    Turn,
    ExtraTurns,
    /// Turns passed in a row since the last move (`passed()`).
    Passed,
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
    /// In a match's tally: `side` won the round just over.
    Won,
    /// In a match's tally: the round just over was drawn.
    Drawn,
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
    /// The last move played was sown clockwise (its first lap).
    PreviousClockwise,
    /// The last move played captured (some capture rule took seeds).
    PreviousCaptured,
    MovedFrom(Box<HoleExpr>),
    /// The hole is closed for the round (match play).
    Closed(Box<HoleExpr>),
    /// The side has had a turn this game (this round).
    HasPlayed(Box<SideExpr>),
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
    /// The side that moved first in this game (this round).
    Starter,
    Owner(Box<HoleExpr>),
    /// `owner` where holes change hands: asked of the position.
    OwnerNow(Box<HoleExpr>),
    Other(Box<SideExpr>),
    If(Box<BoolExpr>, Box<SideExpr>, Box<SideExpr>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum SetExpr {
    /// The set's first hole in board order, as a set of one (none if it is empty).
    First(Box<SetExpr>),
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
    LapStart,
    Last,
    Here,
    X,
    Var(usize),
}

impl HoleRef {
    pub(super) fn of(h: &HoleExpr) -> Option<HoleRef> {
        Some(match h {
            HoleExpr::Const(h) => HoleRef::Const(*h),
            HoleExpr::Origin => HoleRef::Origin,
            HoleExpr::LapStart => HoleRef::LapStart,
            HoleExpr::Last => HoleRef::Last,
            HoleExpr::Here => HoleRef::Here,
            HoleExpr::X => HoleRef::X,
            HoleExpr::Var(v) => HoleRef::Var(*v),
            _ => return None,
        })
    }

    /// The hole expression this names (`of`'s inverse).
    pub(crate) fn expr(self) -> HoleExpr {
        match self {
            HoleRef::Const(h) => HoleExpr::Const(h),
            HoleRef::Origin => HoleExpr::Origin,
            HoleRef::LapStart => HoleExpr::LapStart,
            HoleRef::Last => HoleExpr::Last,
            HoleRef::Here => HoleExpr::Here,
            HoleRef::X => HoleExpr::X,
            HoleRef::Var(v) => HoleExpr::Var(v),
        }
    }

    #[inline(always)]
    pub(super) fn get(self, s: &Scope) -> Hole {
        match self {
            HoleRef::Const(h) => h,
            HoleRef::Origin => s.env.origin,
            HoleRef::LapStart => s.env.lap_start,
            HoleRef::Last => s.env.last,
            HoleRef::Here => s.env.here,
            HoleRef::X => s.env.x,
            HoleRef::Var(v) => s.env.vars[v],
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

/// The value types of the language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Type {
    Int,
    Bool,
    Hole,
    Side,
    Set,
}

impl Type {
    /// The type in one word, as usages write it.
    pub fn short_name(self) -> &'static str {
        match self {
            Type::Int => "integer",
            Type::Bool => "condition",
            Type::Hole => "hole",
            Type::Side => "side",
            Type::Set => "set",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Type::Int => "an integer",
            Type::Bool => "a condition (true or false)",
            Type::Hole => "a hole",
            Type::Side => "a side",
            Type::Set => "a set of holes",
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Typed {
    Int(IntExpr),
    Bool(BoolExpr),
    Hole(HoleExpr),
    Side(SideExpr),
    Set(SetExpr),
}

impl Typed {
    pub fn ty(&self) -> Type {
        match self {
            Typed::Int(_) => Type::Int,
            Typed::Bool(_) => Type::Bool,
            Typed::Hole(_) => Type::Hole,
            Typed::Side(_) => Type::Side,
            Typed::Set(_) => Type::Set,
        }
    }
}

/// A compiled expression of one value type.
pub trait OfType: Sized {
    const TYPE: Type;
    fn from_typed(typed: Typed) -> Option<Self>;
}

macro_rules! of_type {
    ($expr:ty, $variant:ident) => {
        impl OfType for $expr {
            const TYPE: Type = Type::$variant;
            fn from_typed(typed: Typed) -> Option<Self> {
                match typed {
                    Typed::$variant(x) => Some(x),
                    _ => None,
                }
            }
        }
    };
}

of_type!(IntExpr, Int);
of_type!(BoolExpr, Bool);
of_type!(HoleExpr, Hole);
of_type!(SideExpr, Side);
of_type!(SetExpr, Set);

/// An expression a game keeps is compiled as soon as it is checked.
impl<E: OfType + Compile> OfType for Compiled<E> {
    const TYPE: Type = E::TYPE;
    fn from_typed(typed: Typed) -> Option<Self> {
        E::from_typed(typed).map(Compiled::new)
    }
}
