//! Loads arbitrary bytes as a game file; when it loads, plays a short random game
//! (a short match, when the file has a `[match]` section). Neither may panic, hang
//! or grow memory without bound.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala::language::load;
use mancala::agents::playout;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match load::load_str("fuzz", "fuzz.toml", text, &[]) {
        Err(error) => {
            // Rendering the message must not panic either.
            let _ = error.render();
        }
        Ok(mut game) => {
            let limits = mancala::rules::game::Limits {
                turns: 30,
                laps: 300,
                rounds: 4,
                ..game.limits()
            };
            game.set_limits(limits).expect("limits within range");
            let as_match = game.match_rules().is_some();
            let state = playout::random_match(&game, data.len() as u64, as_match)
                .expect("a match only where the file has a [match] section");
            let _ = mancala::present::json::replay(&state);
        }
    }
});
