//! The expression language of game files: parse (syntax), check (names and
//! types), evaluate (typed). Each phase has its own error type.

pub mod check;
pub mod cost;
pub mod functions;
pub mod syntax;
pub mod typed;

pub use check::{Binding, CheckError, Context, Type, Typed};
pub use syntax::{Span, SyntaxError};
pub use typed::{BoolExpr, Env, HoleExpr, IntExpr, Scope, SetExpr, SideExpr, lookahead};
