//! The expression language of game files: parse (syntax), check (names and
//! types, into the typed trees of `crate::ir`), with every function in one
//! table. Each phase has its own error type.

pub mod check;
pub mod functions;
pub mod syntax;

pub use check::{Binding, CheckError, Context};
pub use syntax::{Span, SyntaxError};
