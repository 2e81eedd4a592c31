//! Every kind of mistake in a game file gets a message naming the file, line and
//! column, with the offending text underlined: one broken file per kind under
//! `tests/invalid/`, one snapshot each of the full rendered message.

use mancala::load;

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
