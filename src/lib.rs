//! `mancala`: a rules interpreter for mancala (sowing) games described in TOML.
//!
//! A game file (`games/*.toml`) is parsed into a [`spec::GameSpec`], checked and
//! compiled into an immutable [`game::Game`] for one choice of options, and played
//! by the generic [`engine`] through a [`state::GameState`].

pub mod bench;
pub mod board;
pub mod catalog;
pub mod compare;
pub mod compose;
pub mod engine;
pub mod error;
pub mod explain;
pub mod expr;
pub mod game;
pub mod interactive;
pub mod json;
pub mod load;
pub mod match_play;
pub mod mcts;
pub mod playout;
pub mod plot;
pub mod position;
pub mod render;
pub mod scenario;
pub mod search;
pub mod spec;
pub mod state;
