//! Every rule clause pinned by a scenario: each file under `tests/scenarios/`
//! is played, its expectations checked, and its report snapshotted.

use mancala::studies::scenario;

#[test]
fn scenarios() {
    insta::glob!("scenarios/**/*.toml", |path| {
        let scenario = scenario::read(path).unwrap_or_else(|e| panic!("{e}"));
        let game = scenario::load_game(&scenario, path)
            .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.render()));
        let run =
            scenario::run(&scenario, &game).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
