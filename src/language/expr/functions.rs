//! Every function of the language in one table: its name, argument and
//! result types, what it reads beyond the board, what it needs of the board or
//! the rule, the typed expression it compiles to, its usage and its English
//! wording. The checker, the engine's memory, `explain` and the docs test all
//! take what they need from the one entry, so that adding a function is one
//! entry plus its evaluation (which the compiler asks for).

use std::collections::VecDeque;

use crate::ir::typed::{BoolExpr, HoleExpr, IntExpr, IntOp, SetExpr, SideExpr};
use crate::ir::{OfType, Type, Typed};
use crate::language::expr::check::Context;
use crate::rules::memory::Memory::{
    self, MovedFrom, Passes, Played, PreviousCapture, PreviousMove, Starter,
};

/// One function of the language.
pub struct Function {
    /// The name expressions call it by.
    pub name: &'static str,
    /// Argument types, in order.
    pub params: &'static [Type],
    /// How many trailing arguments may be left out (`next(h)` = `next(h, 1)`).
    pub optional: usize,
    /// The type of its value.
    pub result: Type,
    /// What it gives, for people (the reference and error messages).
    pub about: &'static str,
    /// The words `explain` uses: `{0}`, `{1}` stand for the arguments' words.
    pub wording: &'static str,
    /// The wording when the optional arguments are left out.
    pub short_wording: Option<&'static str>,
    /// What a position must remember for the function to be read (the engine
    /// keeps it only for games that call the function).
    pub reads: &'static [Memory],
    /// What the board or the rule must allow for the function to be used.
    pub needs: Needs,
    /// The typed expression for a call whose arguments were checked against
    /// `params`; it has type `result` (a test over the table holds it to that).
    pub build: fn(&mut Args, &Context) -> Typed,
}

/// What a function needs of the board or of the rule it is used in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// Usable anywhere.
    Nothing,
    /// A board of four rows.
    FourRows,
    /// A board with stores.
    Stores,
    /// A rule whose evaluation may play moves ahead (`[claims] gain`), and not
    /// inside `before(...)`, which cannot replay moves from the move's start.
    LookAhead,
}

/// A call's arguments, checked against the function's `params`, taken in order.
pub struct Args(VecDeque<Typed>);

impl Args {
    /// The arguments of a call, in order.
    pub fn new(args: Vec<Typed>) -> Args {
        Args(args.into())
    }

    fn take<T: OfType>(&mut self) -> Box<T> {
        let arg = self.0.pop_front().expect("arity checked against `params`");
        Box::new(T::from_typed(arg).expect("argument checked against `params`"))
    }

    fn int(&mut self) -> Box<IntExpr> {
        self.take()
    }

    /// An optional integer argument, `default` when left out.
    fn int_or(&mut self, default: i64) -> Box<IntExpr> {
        match self.0.is_empty() {
            true => Box::new(IntExpr::Const(default)),
            false => self.take(),
        }
    }

    fn hole(&mut self) -> Box<HoleExpr> {
        self.take()
    }

    fn side(&mut self) -> Box<SideExpr> {
        self.take()
    }

    fn set(&mut self) -> Box<SetExpr> {
        self.take()
    }
}

/// `next(h, k)` and `prev(h, k)`: `k` holes on, past the holes closed for a
/// round where a game closes any.
fn step(hole: Box<HoleExpr>, steps: Box<IntExpr>, cx: &Context) -> Typed {
    Typed::Hole(match cx.closes_holes {
        true => HoleExpr::StepOpen(hole, steps),
        false => HoleExpr::Step(hole, steps),
    })
}

use Type::{Bool, Hole, Int, Set, Side};

/// The functions, in the order the reference lists them. Quantifiers (`any`,
/// `all`, `number`, `those`) have a syntax of their own and are not here.
pub const FUNCTIONS: &[Function] = &[
    f(
        "count",
        &[Hole],
        Int,
        "seeds in the hole",
        "the number of seeds in {0}",
        |a, _| Typed::Int(IntExpr::Count(a.hole())),
    ),
    f(
        "total",
        &[Set],
        Int,
        "seeds in all holes of the set",
        "the number of seeds in {0}",
        |a, _| Typed::Int(IntExpr::Total(a.set())),
    ),
    f(
        "captured",
        &[Side],
        Int,
        "the side's score",
        "the seeds {0} has captured",
        |a, _| Typed::Int(IntExpr::Captured(a.side())),
    ),
    f(
        "hand",
        &[Side],
        Int,
        "seeds the side holds in hand ([hand] moves)",
        "the seeds {0} holds in hand",
        |a, _| Typed::Int(IntExpr::Hand(a.side())),
    ),
    f(
        "col",
        &[Hole],
        Int,
        "column 1..N from South's seat",
        "the column of {0}",
        |a, _| Typed::Int(IntExpr::Column(a.hole())),
    ),
    f(
        "seat_col",
        &[Hole],
        Int,
        "column 1..N from the owner's seat",
        "the column of {0} counted from its owner's seat",
        |a, _| Typed::Int(IntExpr::SeatColumn(a.hole())),
    ),
    f(
        "min",
        &[Int, Int],
        Int,
        "the smaller",
        "the smaller of {0} and {1}",
        |a, _| Typed::Int(IntExpr::Op(IntOp::Min, a.int(), a.int())),
    ),
    f(
        "max",
        &[Int, Int],
        Int,
        "the larger",
        "the larger of {0} and {1}",
        |a, _| Typed::Int(IntExpr::Op(IntOp::Max, a.int(), a.int())),
    ),
    Function {
        optional: 1,
        short_wording: Some("the hole after {0}"),
        ..f(
            "next",
            &[Hole, Int],
            Hole,
            "k steps (default 1) along the circuit",
            "the hole {1} steps after {0}",
            |a, cx| step(a.hole(), a.int_or(1), cx),
        )
    },
    Function {
        optional: 1,
        short_wording: Some("the hole before {0}"),
        ..f(
            "prev",
            &[Hole, Int],
            Hole,
            "k steps (default 1) back along the circuit",
            "the hole {1} steps before {0}",
            |a, cx| step(a.hole(), Box::new(IntExpr::Neg(a.int_or(1))), cx),
        )
    },
    f(
        "opposite",
        &[Hole],
        Hole,
        "the hole facing it (GEN-4)",
        "the hole opposite {0}",
        |a, _| Typed::Hole(HoleExpr::Opposite(a.hole())),
    ),
    Function {
        needs: Needs::FourRows,
        ..f(
            "behind",
            &[Hole],
            Hole,
            "same column, the owner's other row (four rows)",
            "the hole behind {0} (same column, other row)",
            |a, _| Typed::Hole(HoleExpr::Behind(a.hole())),
        )
    },
    Function {
        needs: Needs::Stores,
        ..f(
            "store",
            &[Side],
            Hole,
            "the side's store (boards with stores)",
            "the store of {0}",
            |a, _| Typed::Hole(HoleExpr::Store(a.side())),
        )
    },
    f(
        "is_store",
        &[Hole],
        Bool,
        "the hole is a store",
        "{0} is a store",
        |a, _| Typed::Bool(BoolExpr::IsStore(a.hole())),
    ),
    f(
        "owner",
        &[Hole],
        Side,
        "who owns the hole",
        "the owner of {0}",
        |a, cx| {
            Typed::Side(match cx.holes_change_hands {
                false => SideExpr::Owner(a.hole()),
                true => SideExpr::OwnerNow(a.hole()),
            })
        },
    ),
    f(
        "other",
        &[Side],
        Side,
        "the other side",
        "the side other than {0}",
        |a, _| Typed::Side(SideExpr::Other(a.side())),
    ),
    f(
        "own",
        &[Hole],
        Bool,
        "the mover owns the hole",
        "{0} is the mover's",
        |a, cx| {
            Typed::Bool(match cx.holes_change_hands {
                false => BoolExpr::Own(a.hole()),
                true => BoolExpr::OwnNow(a.hole()),
            })
        },
    ),
    f(
        "inner",
        &[Hole],
        Bool,
        "in a front row",
        "{0} is in an inner (front) row",
        |a, _| Typed::Bool(BoolExpr::Inner(a.hole())),
    ),
    f(
        "outer",
        &[Hole],
        Bool,
        "in a back row",
        "{0} is in an outer (back) row",
        |a, _| Typed::Bool(BoolExpr::Not(Box::new(BoolExpr::Inner(a.hole())))),
    ),
    f(
        "holes",
        &[Side],
        Set,
        "the side's holes",
        "the holes of {0}",
        |a, cx| {
            Typed::Set(match cx.holes_change_hands {
                false => SetExpr::Holes(a.side()),
                true => SetExpr::HolesNow(a.side()),
            })
        },
    ),
    f(
        "first",
        &[Set],
        Set,
        "the set's first hole in board order (a1, a2, ..., then b1, ...), as a set of one hole; empty if the set is",
        "the first in board order of {0}",
        |a, _| Typed::Set(SetExpr::First(a.set())),
    ),
    f(
        "contains",
        &[Set, Hole],
        Bool,
        "membership",
        "{1} is one of {0}",
        |a, _| Typed::Bool(BoolExpr::Contains(a.set(), a.hole())),
    ),
    f(
        "claimed_by",
        &[Hole, Side],
        Bool,
        "the side has claimed the hole (a capture rule with `claim`)",
        "{0} is claimed by {1}",
        |a, _| Typed::Bool(BoolExpr::ClaimedBy(a.hole(), a.side())),
    ),
    f(
        "claims",
        &[Side],
        Set,
        "the holes the side has claimed",
        "the holes {0} has claimed",
        |a, _| Typed::Set(SetExpr::Claims(a.side())),
    ),
    Function {
        needs: Needs::LookAhead,
        ..f(
            "threats",
            &[Side],
            Set,
            "the holes of its opponent's that the side's legal moves from this position would take first, one for each move that takes any (a look-ahead: only `[claims] gain` may use it)",
            "the holes {0} could take first with its next move",
            |a, _| Typed::Set(SetExpr::Threats(a.side())),
        )
    },
    Function {
        reads: &[PreviousMove],
        ..f(
            "previous_lifted",
            &[Hole],
            Int,
            "seeds the last move played lifted from the hole (0 if it started elsewhere or none was played)",
            "the number of seeds the last move played lifted from {0}",
            |a, _| Typed::Int(IntExpr::PreviousLifted(a.hole())),
        )
    },
    Function {
        reads: &[PreviousMove],
        ..f(
            "previous_ended",
            &[Hole],
            Bool,
            "the last move played ended its sowing in the hole",
            "the last move played ended in {0}",
            |a, _| Typed::Bool(BoolExpr::PreviousEnded(a.hole())),
        )
    },
    Function {
        reads: &[Starter],
        ..f(
            "starter",
            &[],
            Side,
            "the side that moved first in this game (in a match, this round)",
            "the side that started",
            |_, _| Typed::Side(SideExpr::Starter),
        )
    },
    Function {
        reads: &[PreviousMove],
        ..f(
            "previous_clockwise",
            &[],
            Bool,
            "the last move played was sown clockwise (its first lap; false before the first move)",
            "the last move played was sown clockwise",
            |_, _| Typed::Bool(BoolExpr::PreviousClockwise),
        )
    },
    Function {
        reads: &[PreviousMove, PreviousCapture],
        ..f(
            "previous_captured",
            &[],
            Bool,
            "the last move played captured: some capture rule took seeds (false before the first move)",
            "the last move played captured",
            |_, _| Typed::Bool(BoolExpr::PreviousCaptured),
        )
    },
    Function {
        reads: &[Passes],
        ..f(
            "passed",
            &[],
            Int,
            "turns passed in a row, by either side, since the last move: a side with no legal move, or a called pass (`[[end]] call` with outcome \"pass\"); 0 once a move is played",
            "the turns passed in a row",
            |_, _| Typed::Int(IntExpr::Passed),
        )
    },
    Function {
        reads: &[Played],
        ..f(
            "has_played",
            &[Side],
            Bool,
            "the side has had a turn this game (this round of a match): a move, a pass or a swap of seats; false for both sides at the start",
            "{0} has had a turn",
            |a, _| Typed::Bool(BoolExpr::HasPlayed(a.side())),
        )
    },
    Function {
        reads: &[MovedFrom],
        ..f(
            "moved_from",
            &[Hole],
            Bool,
            "a move has started from the hole this game (this round of a match), the move being played included",
            "a move has started from {0}",
            |a, _| Typed::Bool(BoolExpr::MovedFrom(a.hole())),
        )
    },
    f(
        "is_closed",
        &[Hole],
        Bool,
        "the hole is closed for the round of a match ([match] short_hole): no seed is sown into it and no move starts from it",
        "{0} is closed for the round",
        |a, _| Typed::Bool(BoolExpr::Closed(a.hole())),
    ),
];

const fn f(
    name: &'static str,
    params: &'static [Type],
    result: Type,
    about: &'static str,
    wording: &'static str,
    build: fn(&mut Args, &Context) -> Typed,
) -> Function {
    Function {
        name,
        params,
        optional: 0,
        result,
        about,
        wording,
        short_wording: None,
        reads: &[],
        needs: Needs::Nothing,
        build,
    }
}

/// The function called `name`.
pub fn find(name: &str) -> Option<&'static Function> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

impl Function {
    /// Whether `n` arguments are accepted.
    pub fn takes(&self, n: usize) -> bool {
        (self.params.len() - self.optional..=self.params.len()).contains(&n)
    }

    /// `next(hole, integer) → hole`, as error messages and the reference show it.
    pub fn usage(&self) -> String {
        let params: Vec<&str> = self.params.iter().map(|t| t.short_name()).collect();
        let shown = match self.optional {
            0 => params.join(", "),
            n => {
                let (required, optional) = params.split_at(params.len() - n);
                format!("{}[, {}]", required.join(", "), optional.join(", "))
            }
        };
        format!(
            "{}({shown}) → {}: {}",
            self.name,
            self.result.short_name(),
            self.about
        )
    }

    /// The English for a call whose arguments read `args`, each put in once
    /// (an argument's words are not searched for braces); "1 steps" is said
    /// "1 step".
    pub fn words(&self, args: &[String]) -> String {
        let template = match self.short_wording {
            Some(short) if args.len() < self.params.len() => short,
            _ => self.wording,
        };
        let mut out = String::new();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            out += &rest[..open];
            let index = rest[open + 1..].find('}').and_then(|close| {
                let index: usize = rest[open + 1..open + 1 + close].parse().ok()?;
                Some((index, open + 1 + close + 1))
            });
            match index.and_then(|(index, after)| Some((args.get(index)?, after))) {
                Some((arg, after)) => {
                    out += arg;
                    rest = &rest[after..];
                    if arg == "1" && rest.starts_with(" steps") {
                        out += " step";
                        rest = &rest[" steps".len()..];
                    }
                }
                None => {
                    out.push('{');
                    rest = &rest[open + 1..];
                }
            }
        }
        out + rest
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{Board, CircuitKind, Direction, Side, SownStores};

    fn an_argument(ty: Type) -> Typed {
        match ty {
            Int => Typed::Int(IntExpr::Const(1)),
            Bool => Typed::Bool(BoolExpr::Const(true)),
            Hole => Typed::Hole(HoleExpr::Const(0)),
            Side => Typed::Side(SideExpr::Const(Side::South)),
            Set => Typed::Set(SetExpr::All),
        }
    }

    /// Every entry builds an expression of its stated result type from
    /// arguments of its stated types, with and without the optional ones, in
    /// every kind of game the build looks at.
    #[test]
    fn every_function_builds_what_its_entry_says() {
        let board = Board::new(
            2,
            3,
            CircuitKind::WholeBoard,
            Direction::Counterclockwise,
            None,
            SownStores::Own,
        )
        .unwrap();
        for (closes_holes, holes_change_hands) in [(false, false), (true, true)] {
            let cx = Context {
                board: &board,
                options: &[],
                word_options: &[],
                bindings: &[],
                closes_holes,
                holes_change_hands,
                looks_ahead: true,
            };
            for function in FUNCTIONS {
                for given in function.params.len() - function.optional..=function.params.len() {
                    let args = function.params[..given].iter().map(|&t| an_argument(t));
                    let typed = (function.build)(&mut Args::new(args.collect()), &cx);
                    assert_eq!(typed.ty(), function.result, "{}", function.name);
                }
            }
        }
    }

    #[test]
    fn names_are_unique_and_wordings_use_every_argument() {
        for (i, function) in FUNCTIONS.iter().enumerate() {
            assert!(FUNCTIONS[..i].iter().all(|f| f.name != function.name));
            for arg in 0..function.params.len() {
                assert!(
                    function.wording.contains(&format!("{{{arg}}}")),
                    "{}",
                    function.name
                );
            }
        }
    }
}
