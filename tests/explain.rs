//! `mancala explain` reads every bundled game back in English; the snapshot is
//! reviewed against each game's rules document.

use mancala::language::{catalog, load};
use mancala::studies::explain;

#[test]
fn every_bundled_game_explained() {
    for id in catalog::bundled_ids() {
        let source = catalog::source(&id).unwrap();
        let game = catalog::load(&id, &[]).unwrap();
        let spec = load::spec_of(&source).unwrap();
        insta::assert_snapshot!(id.clone(), explain::explain(&spec, &game));
    }
}

/// A conditional inside a `then` is bracketed, an option is named (with its
/// value in force), and `%` is read out in words.
#[test]
fn nested_conditionals_options_and_remainders_read_right() {
    let text = r#"
[game]
name = "Wording"
origin = "a test"
rules = "none"
summary = "expressions in words"

[options.depth]
default = 3
range = [1, 5]
help = "a number"

[board]
rows = 2
holes_per_row = 4

[setup]
seeds = "if col(here) > 2 then if col(here) == 4 then depth else 1 else col(here) % 2"

[sowing]
circuit = "board"
direction = "ccw"

[move]

[[end]]
check = "no_moves"
outcome = "loses"
"#;
    let source = catalog::Source::from_text("wording", "wording.toml", text);
    let game = load::load_source(&source, &[]).unwrap();
    let spec = load::spec_of(&source).unwrap();
    let explained = explain::explain(&spec, &game);
    let setup = explained
        .lines()
        .find(|l| l.contains("At the start"))
        .unwrap();
    assert_eq!(
        setup,
        " 2. At the start each hole holds (the option depth (now 3) if the column of the hole is 4, \
         otherwise 1) if the column of the hole is more than 2, otherwise the remainder of the \
         column of the hole divided by 2. South moves first."
    );
}

/// Setups that scatter seeds at random, and stores both sides sow, are said.
#[test]
fn random_starts_and_both_stores_are_read_out() {
    for (file, phrase) in [
        (
            "tests/games/scattered.toml",
            "each hole holds 2; then 24 more seeds are dropped one by one, each into a hole drawn at random",
        ),
        (
            "tests/games/both-stores.toml",
            "both stores lie on both sides' circuits",
        ),
    ] {
        let source = catalog::source(file).unwrap();
        let game = catalog::load(file, &[]).unwrap();
        let spec = load::spec_of(&source).unwrap();
        let text = explain::explain(&spec, &game);
        assert!(text.contains(phrase), "{file}:\n{text}");
    }
}
