//! Every function of the expression language in one table: its name, argument
//! and result types, usage, and English wording. The checker takes arity and
//! types from here, `explain` its words, and the docs test its usage, so that
//! the three cannot drift apart.

use crate::language::expr::check::Type;

/// One function of the language.
pub struct Function {
    pub name: &'static str,
    /// Argument types, in order.
    pub params: &'static [Type],
    /// How many trailing arguments may be left out (`next(h)` = `next(h, 1)`).
    pub optional: usize,
    pub result: Type,
    /// What it gives, for people (the reference and error messages).
    pub about: &'static str,
    /// The words `explain` uses: `{0}`, `{1}` stand for the arguments' words.
    pub wording: &'static str,
    /// The wording when the optional arguments are left out.
    pub short_wording: Option<&'static str>,
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
    ),
    f(
        "total",
        &[Set],
        Int,
        "seeds in all holes of the set",
        "the number of seeds in {0}",
    ),
    f(
        "captured",
        &[Side],
        Int,
        "the side's score",
        "the seeds {0} has captured",
    ),
    f(
        "hand",
        &[Side],
        Int,
        "seeds the side holds in hand ([hand] moves)",
        "the seeds {0} holds in hand",
    ),
    f(
        "col",
        &[Hole],
        Int,
        "column 1..N from South's seat",
        "the column of {0}",
    ),
    f(
        "seat_col",
        &[Hole],
        Int,
        "column 1..N from the owner's seat",
        "the column of {0} counted from its owner's seat",
    ),
    f(
        "min",
        &[Int, Int],
        Int,
        "the smaller",
        "the smaller of {0} and {1}",
    ),
    f(
        "max",
        &[Int, Int],
        Int,
        "the larger",
        "the larger of {0} and {1}",
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
        )
    },
    f(
        "opposite",
        &[Hole],
        Hole,
        "the hole facing it (GEN-4)",
        "the hole opposite {0}",
    ),
    f(
        "behind",
        &[Hole],
        Hole,
        "same column, the owner's other row (four rows)",
        "the hole behind {0} (same column, other row)",
    ),
    f(
        "store",
        &[Side],
        Hole,
        "the side's store (boards with stores)",
        "the store of {0}",
    ),
    f(
        "is_store",
        &[Hole],
        Bool,
        "the hole is a store",
        "{0} is a store",
    ),
    f(
        "owner",
        &[Hole],
        Side,
        "who owns the hole",
        "the owner of {0}",
    ),
    f(
        "other",
        &[Side],
        Side,
        "the other side",
        "the side other than {0}",
    ),
    f(
        "own",
        &[Hole],
        Bool,
        "the mover owns the hole",
        "{0} is the mover's",
    ),
    f(
        "inner",
        &[Hole],
        Bool,
        "in a front row",
        "{0} is in an inner (front) row",
    ),
    f(
        "outer",
        &[Hole],
        Bool,
        "in a back row",
        "{0} is in an outer (back) row",
    ),
    f(
        "holes",
        &[Side],
        Set,
        "the side's holes",
        "the holes of {0}",
    ),
    f(
        "contains",
        &[Set, Hole],
        Bool,
        "membership",
        "{1} is one of {0}",
    ),
    f(
        "claimed_by",
        &[Hole, Side],
        Bool,
        "the side has claimed the hole (a capture rule with `claim`)",
        "{0} is claimed by {1}",
    ),
    f(
        "claims",
        &[Side],
        Set,
        "the holes the side has claimed",
        "the holes {0} has claimed",
    ),
    f(
        "threats",
        &[Side],
        Set,
        "the holes of its opponent's that the side's legal moves from this position would take first, one for each move that takes any (a look-ahead: only `[claims] gain` may use it)",
        "the holes {0} could take first with its next move",
    ),
    f(
        "previous_lifted",
        &[Hole],
        Int,
        "seeds the last move played lifted from the hole (0 if it started elsewhere or none was played)",
        "the number of seeds the last move played lifted from {0}",
    ),
    f(
        "previous_ended",
        &[Hole],
        Bool,
        "the last move played ended its sowing in the hole",
        "the last move played ended in {0}",
    ),
    f(
        "starter",
        &[],
        Side,
        "the side that moved first in this game (in a match, this round)",
        "the side that started",
    ),
    f(
        "previous_clockwise",
        &[],
        Bool,
        "the last move played was sown clockwise (its first lap; false before the first move)",
        "the last move played was sown clockwise",
    ),
    f(
        "previous_captured",
        &[],
        Bool,
        "the last move played captured: some capture rule took seeds (false before the first move)",
        "the last move played captured",
    ),
    f(
        "moved_from",
        &[Hole],
        Bool,
        "a move has started from the hole this game (this round of a match), the move being played included",
        "a move has started from {0}",
    ),
];

const fn f(
    name: &'static str,
    params: &'static [Type],
    result: Type,
    about: &'static str,
    wording: &'static str,
) -> Function {
    Function {
        name,
        params,
        optional: 0,
        result,
        about,
        wording,
        short_wording: None,
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
