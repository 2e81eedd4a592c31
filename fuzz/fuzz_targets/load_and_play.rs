//! Loads arbitrary bytes as a game file; when it loads, plays a short random game.
//! Neither may panic, hang or grow memory without bound.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala::load;
use mancala::playout;
use mancala::state::GameState;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match load::load_str("fuzz", "fuzz.toml", text, &[]) {
        Err(error) => {
            // Rendering the message must not panic either.
            let _ = error.render();
        }
        Ok(mut game) => {
            game.turn_limit = 30;
            game.lap_limit = 300;
            let mut state = GameState::new(&game);
            playout::play_out(&mut state, &mut playout::rng(data.len() as u64));
            let _ = mancala::json::replay(&state);
        }
    }
});
