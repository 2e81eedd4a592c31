//! `mancala validate`: a game file checked without playing it, under its
//! defaults and then with each option set to each value worth trying.

use crate::language::catalog;
use crate::language::error::{LoadError, Problem};
use crate::language::load::Loaded;
use crate::rules::engine::{self, NotLegal};
use crate::rules::game::Game;
use crate::rules::work::MAX_MOVE_WORK;

/// A file that loads under every option setting tried.
pub struct Validated {
    /// Likely mistakes found with the defaults.
    pub warnings: Vec<Problem>,
    /// Option settings loaded (the defaults count as one).
    pub settings: usize,
    /// Moves from the start (with the defaults) that a limit makes illegal.
    pub cut: Vec<String>,
}

/// Why a file is not valid: the setting it failed under (`None`: the defaults).
#[derive(Debug, thiserror::Error)]
#[error("{}{}", .setting.as_ref().map_or(String::new(), |(k, v)| format!("with {k}={v}:\n")), .error.render())]
pub struct Invalid {
    /// The option setting it failed under (`None`: the defaults).
    pub setting: Option<(String, String)>,
    /// Why it failed.
    pub error: LoadError,
}

/// Loads a game with its defaults, then with each option set to each sample
/// value. A warning stands only if every setting gives it: a condition false
/// under the defaults but not under some option (`either_direction == 1`) is
/// the option at work, not a mistake.
pub fn validate(file: &str) -> Result<Validated, Invalid> {
    let Loaded { game, mut warnings } =
        catalog::load_warned(file, &[]).map_err(|error| Invalid {
            setting: None,
            error,
        })?;
    let cut = cut_at_start(&game);
    let mut settings = 1;
    for option in &game.options {
        for value in option.samples.iter().filter(|v| **v != option.default) {
            let setting = (option.name.clone(), value.to_string());
            let other = catalog::load_warned(file, std::slice::from_ref(&setting));
            let other = other.map_err(|error| Invalid {
                setting: Some(setting.clone()),
                error,
            })?;
            warnings.retain(|w| other.warnings.iter().any(|o| o.same_as(w)));
            settings += 1;
        }
    }
    Ok(Validated {
        warnings,
        settings,
        cut,
    })
}

/// The moves from the start that a limit makes illegal (GEN-7), in words: a
/// file whose moves are cut is most likely not what its author meant.
pub fn cut_at_start(game: &Game) -> Vec<String> {
    let start = &game.start;
    if !engine::Sources::of(game, start).board() {
        return Vec::new();
    }
    let mut cut = Vec::new();
    for hole in engine::candidates(game, start, false) {
        if !engine::may_start_from(game, start, hole) {
            continue;
        }
        for decision in engine::board_moves_from(game, start, hole) {
            let limit = match engine::sow(game, &mut start.clone(), decision) {
                Err(NotLegal::Endless) => format!(
                    "the lap limit ({} laps) or finds no hole to sow into",
                    game.limits().laps
                ),
                Err(NotLegal::TooMuchWork) => format!(
                    "the work limit ({MAX_MOVE_WORK} seeds dropped and expression nodes visited)"
                ),
                Ok(_) | Err(NotLegal::FailsAfter { .. }) => continue,
            };
            cut.push(format!(
                "warning: the move {} from the start is endless, not legal (GEN-7): it reaches {limit}",
                game.decision_name(decision.into())
            ));
        }
    }
    cut
}

impl Validated {
    /// The warnings and a closing line, as `validate` prints them.
    pub fn report(&self, file: &str) -> String {
        let mut report: String = self.warnings.iter().map(Problem::render).collect();
        for cut in &self.cut {
            report += &format!("{cut}\n");
        }
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        report += &format!(
            "{file}: valid ({} option setting{} checked, {} warning{})\n",
            self.settings,
            plural(self.settings),
            self.warnings.len() + self.cut.len(),
            plural(self.warnings.len() + self.cut.len()),
        );
        report
    }
}
