//! Every rule clause pinned by a scenario: each file under `tests/scenarios/`
//! is played, its expectations checked, and its report snapshotted.

mod common;

#[test]
fn scenarios() {
    insta::glob!("scenarios/**/*.toml", |path| {
        insta::assert_snapshot!(common::scenario_report(path));
    });
}
