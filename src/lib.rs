//! `mancala`: a rules interpreter for mancala (sowing) games described in TOML.
//!
//! A game file (`games/*.toml`) is parsed into a [`language::spec::GameSpec`],
//! checked and compiled into an immutable [`Game`] for one choice of options, and
//! played by the generic [`rules::engine`] through a [`GameState`].
//!
//! The modules follow that flow:
//! - [`language`]: game files and their expressions — read, compose (`extends`),
//!   check, compile; the errors users see.
//! - [`rules`]: the board, positions, the compiled game, the engine, games and
//!   matches in progress.
//! - [`agents`]: random playouts, alpha-beta, Monte Carlo tree search.
//! - [`studies`]: comparisons, plots, scenarios, rule explanations, benchmarks.
//! - [`present`]: what people and programs read — board drawings, the JSON
//!   contract, terminal play.

pub mod agents;
pub mod input;
pub mod language;
pub mod present;
pub mod rules;
pub mod studies;
