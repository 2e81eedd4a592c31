//! The language front end: a game file (and the files it extends) read, checked
//! and compiled into a [`crate::Game`].

pub mod bundled;
pub mod catalog;
pub mod compose;
pub mod define;
pub mod error;
pub mod expr;
pub mod load;
pub mod source;
pub mod spec;
pub mod validate;
