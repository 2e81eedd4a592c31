//! Who chooses decisions: uniformly random playouts, alpha-beta search and
//! Monte Carlo tree search, generic over every game file.

pub mod choice;
pub mod deadline;
pub mod mcts;
pub mod playout;
pub mod search;

pub use choice::{Agent, UnknownAgent};
