//! The rules engine: board geometry, positions, the compiled game, sowing and
//! capturing, games and matches in progress. Nothing here knows a game.

pub mod actions;
pub mod board;
pub mod decision;
pub(crate) mod engine;
pub use engine::Step;
pub(crate) mod gain;
pub mod game;
pub mod match_play;
pub mod memory;
pub(crate) mod opening;
pub mod position;
pub mod setup;
pub(crate) mod skip_table;
pub mod state;
pub mod work;
