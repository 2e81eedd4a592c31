//! The game files written from Ludii's descriptions (`catalogue/ludii/`): each
//! is valid under every option setting with no warning, plays random games to
//! their end with its seeds conserved, and is listed in `placement.tsv`, whose
//! every expressible line names a file there and every bundled line a bundled
//! game; the scenarios worked out by hand for them (`scenarios/`) hold.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod common;

use mancala::agents::playout::random_game;
use mancala::language::{catalog, validate};

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("catalogue/ludii")
}

/// The ids of the files in the folder.
fn files() -> BTreeSet<String> {
    std::fs::read_dir(folder())
        .expect("catalogue/ludii")
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
        let path = path.to_string_lossy();
        let validated = validate::validate(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(validated.warnings.is_empty(), "{id}: warnings");
        let game = catalog::load(&path, &[]).unwrap();
        let total = game.start().seeds();
        for seed in 0..10 {
            let state = random_game(&game, seed);
            assert!(state.outcome().is_some(), "{id} seed {seed}");
            assert_eq!(state.position().seeds(), total, "{id} seed {seed}");
        }
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
