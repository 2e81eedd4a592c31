//! Every kind of mistake in a game file gets a message naming the file, line and
//! column, with the offending text underlined: one broken file per kind under
//! `tests/invalid/`, one snapshot each of the full rendered message.

use mancala::language::load;

#[test]
fn broken_game_files() {
    insta::glob!("invalid/*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let name = format!(
            "tests/invalid/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let error = match load::load_str("broken", &name, &text, &[]) {
            Ok(_) => panic!("{name} loaded, but it is broken"),
            Err(e) => e.render(),
        };
        insta::assert_snapshot!(error);
    });
}

/// Inputs the fuzzer once crashed on (`tests/fuzz/`): each must load or be
/// refused, and play safely when it loads.
#[test]
fn fuzzer_findings_stay_fixed() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz");
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let text = String::from_utf8_lossy(&std::fs::read(entry.path()).unwrap()).into_owned();
        match load::load_str("fuzz", "fuzz.toml", &text, &[]) {
            Err(error) => drop(error.render()),
            Ok(mut game) => {
                let limits = mancala::rules::game::Limits {
                    turns: 30,
                    laps: 300,
                    ..game.limits()
                };
                game.set_limits(limits).unwrap();
                let mut state = mancala::rules::state::GameState::new(&game);
                mancala::agents::playout::play_out(
                    &mut state,
                    &mut mancala::agents::playout::rng(1),
                );
            }
        }
    }
}
