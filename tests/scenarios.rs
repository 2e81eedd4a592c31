//! Every rule clause pinned by a scenario: each file under `tests/scenarios/`
//! is played, its expectations checked, and its report snapshotted.

use mancala::studies::scenario;

#[test]
fn scenarios() {
    insta::glob!("scenarios/**/*.toml", |path| {
        let file = scenario::read(path).unwrap_or_else(|e| panic!("{e}"));
        let game = file.load_game().unwrap_or_else(|e| panic!("{e}"));
        let run = file.run(&game).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            run.failures.is_empty(),
            "{}:\n{}\n{}",
            path.display(),
            run.failures.join("\n"),
            run.report
        );
        insta::assert_snapshot!(run.report);
    });
}
