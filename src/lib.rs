//! `mancala`: a rules interpreter for mancala (sowing) games described in TOML.
//!
//! A game file (`games/*.toml`) is parsed into a [`language::spec::GameSpec`],
//! checked and compiled into an immutable [`Game`] for one choice of options, and
//! played by the generic engine (`rules::engine`) through a [`GameState`].
//!
//! The modules follow that flow, each layer using only those listed after it:
//! - [`language`]: game files and their expressions — read, compose (`extends`),
//!   check, compile; the errors users see.
//! - [`rules`]: the compiled game, the engine, games and matches in progress;
//!   and, beneath everything, the board and positions.
//! - `ir` (within the crate): expressions as play evaluates them (typed trees
//!   compiled into closures), which `language` builds and `rules` runs.
//! - [`agents`]: random playouts, alpha-beta, Monte Carlo tree search.
//! - [`solve`]: exact values, every line searched to the end.
//! - [`studies`]: comparisons, plots, scenarios, rule explanations, benchmarks.
//! - [`present`]: what people and programs read — board drawings, the JSON
//!   contract, terminal play.
//! - [`serve`]: the web playground (`mancala serve`) and its JSON API.
//! - [`input`]: reading the files a user names, bounded.
//!
//! Load a game (a bundled id or a path to any `.toml` file, with option
//! overrides), play decisions by hole name, and read the result:
//!
//! ```
//! use mancala::{GameState, Side};
//!
//! let kalah = mancala::load("kalah", &[("seeds_per_hole".into(), "3".into())])?;
//! let mut state = GameState::new(&kalah);
//! let a4 = kalah.board().parse_hole("a4").expect("a hole of this board");
//! state.play(a4).expect("a legal decision");
//! // a5, a6, then South's store: South plays again (KA-6).
//! assert_eq!(state.position().captured()[Side::South.index()], 1);
//! assert_eq!(state.to_move(), Some(Side::South));
//! assert!(state.outcome().is_none());
//! # Ok::<(), mancala::LoadError>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod agents;
pub mod input;
pub(crate) mod ir;
pub mod language;
pub mod present;
pub mod rules;
#[cfg(feature = "serve")]
pub mod serve;
pub mod solve;
#[cfg(feature = "studies")]
pub mod studies;

pub use language::catalog::{Source, load};
pub use language::error::LoadError;
pub use rules::board::{Hole, Side};
pub use rules::game::{Game, Limits};
pub use rules::match_play::MatchState;
pub use rules::position::{AnyPosition, CellClass, Position};
pub use rules::setup::{Setup, SetupError};
pub use rules::state::{GameState, Outcome, Reason, Status};
