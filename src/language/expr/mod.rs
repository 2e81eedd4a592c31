//! The expression language of game files: parse (syntax), check (names and
//! types, into typed trees), compile (into closures, which play evaluates).
//! Each phase has its own error type.

pub mod check;
pub mod compiled;
pub mod cost;
pub mod functions;
pub mod reads;
pub mod syntax;
pub mod typed;

pub use check::{Binding, CheckError, Context, Type, Typed};
pub use compiled::{Compile, Compiled};
pub use syntax::{Span, SyntaxError};
pub use typed::{BoolExpr, Env, HoleExpr, IntExpr, Scope, SetExpr, SideExpr, lookahead};
