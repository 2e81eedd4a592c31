//! Every rule clause pinned by a scenario: each file under `tests/scenarios/`
//! is played, its expectations checked, and its report snapshotted.

use mancala::catalog;
use mancala::scenario::{self, Scenario};

#[test]
fn scenarios() {
    insta::glob!("scenarios/**/*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let scenario: Scenario =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut game = catalog::load(&scenario.game, &scenario::option_overrides(&scenario))
            .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.render()));
        if let Some(n) = scenario.max_turns {
            game.turn_limit = n;
        }
        if let Some(n) = scenario.lap_limit {
            game.lap_limit = n;
        }
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
