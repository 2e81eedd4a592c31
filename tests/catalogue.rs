//! The game files written from Ludii's descriptions (`catalogue/ludii/`): each
//! is valid under every option setting with no warning, plays random games to
//! their end with its seeds conserved, and is listed in `placement.tsv`, whose
//! every expressible line names a file there and every bundled line a bundled
//! game; the scenarios worked out by hand for them (`scenarios/`) hold. The
//! files written by hand from StoneShark's code (`catalogue/stoneshark/`,
//! compared with its engine by `tools/stoneshark_compare.py`) are valid and
//! play to their end too.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod common;

use mancala::agents::playout::random_game;
use mancala::language::{catalog, validate};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue/ludii")
}

fn stoneshark_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue/stoneshark")
}

/// The ids of Ludii's files.
fn files() -> BTreeSet<String> {
    files_in(&folder())
}

/// The ids of the game files in `folder`.
fn files_in(folder: &Path) -> BTreeSet<String> {
    std::fs::read_dir(folder)
        .expect("a catalogue folder")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect()
}

/// The placement lines: (Ludii name, status, file id or what is missing).
fn placements() -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(folder().join("placement.tsv")).expect("placement.tsv");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "four fields: {line}");
            (fields[0].into(), fields[1].into(), fields[2].into())
        })
        .collect()
}

#[test]
fn every_file_is_valid_and_plays_to_its_end() {
    for id in files() {
        let path = folder().join(format!("{id}.toml"));
        let validated =
            validate::validate(&path.to_string_lossy()).unwrap_or_else(|e| panic!("{e}"));
        assert!(validated.warnings.is_empty(), "{id}: warnings");
        plays_to_its_end(&path);
    }
}

/// StoneShark's hand-written files may warn: StoneShark leaves seeds on the
/// board to nobody where a check ends a round, and the files say so.
#[test]
fn every_stoneshark_file_is_valid_and_plays_to_its_end() {
    let ids = files_in(&stoneshark_folder());
    assert!(ids.len() >= 8, "{ids:?}");
    for id in ids {
        let path = stoneshark_folder().join(format!("{id}.toml"));
        validate::validate(&path.to_string_lossy()).unwrap_or_else(|e| panic!("{e}"));
        plays_to_its_end(&path);
    }
}

/// Ten random games of the file at `path` end, with their seeds conserved.
fn plays_to_its_end(path: &Path) {
    let game = catalog::load(&path.to_string_lossy(), &[]).unwrap();
    let total = game.start().seeds();
    for seed in 0..10 {
        let state = random_game(&game, seed);
        assert!(state.outcome().is_some(), "{} seed {seed}", path.display());
        assert_eq!(
            state.position().seeds(),
            total,
            "{} seed {seed}",
            path.display()
        );
    }
}

#[test]
fn every_file_is_placed_and_every_placement_is_whole() {
    let placed = placements();
    let names: BTreeSet<&str> = placed.iter().map(|(name, ..)| name.as_str()).collect();
    assert_eq!(names.len(), placed.len(), "a name placed twice");
    let listed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/ludii_sowing.txt"),
    )
    .unwrap();
    let mut written = BTreeSet::new();
    for (name, status, what) in &placed {
        assert!(
            listed
                .lines()
                .any(|line| line.split_once('/').is_some_and(|(_, n)| n == name)),
            "{name} is not one of Ludii's descriptions listed"
        );
        match status.as_str() {
            "expressible" => assert!(written.insert(what.clone()), "{what} twice"),
            "not yet" => assert!(what.len() > 20, "{name}: say what is missing"),
            // Ludii's description compared with a bundled game and found to agree.
            "bundled" => assert!(
                mancala::load(what, &[]).is_ok(),
                "{name}: {what} is bundled"
            ),
            other => panic!("{name}: status {other}"),
        }
    }
    assert_eq!(written, files(), "files and expressible lines differ");
}

/// The scenarios worked out by hand for the files (`catalogue/ludii/scenarios/`,
/// each naming its file): each holds, and its report is snapshotted.
#[test]
fn the_hand_worked_scenarios_hold() {
    insta::glob!("../catalogue/ludii/scenarios", "*.toml", |path| {
        insta::assert_snapshot!(common::scenario_report(path));
    });
}
