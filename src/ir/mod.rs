//! Expressions as the engine evaluates them: the typed tree the checker
//! (`language::expr::check`) produces, the closures it is compiled into, and
//! what a tree reads and may cost. Both layers above use this one: `language`
//! builds these trees from a file, `rules` evaluates them in play; it reads
//! nothing of theirs but the board and the position.

pub mod compiled;
pub mod cost;
pub mod reads;
pub mod scores;
pub mod typed;

pub use compiled::Compiled;
pub use typed::{
    BoolExpr, Env, HoleExpr, IntExpr, OfType, Scope, SetExpr, SideExpr, Type, Typed, lookahead,
};
