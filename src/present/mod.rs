//! What people and programs read: board drawings, the JSON contract and
//! position files, play in the terminal.

pub mod interactive;
pub mod json;
pub mod render;
pub mod tensor;
