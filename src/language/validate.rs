//! `mancala validate`: a game file checked without playing it, under its
//! defaults and then with each option set to each value worth trying.

use crate::language::catalog;
use crate::language::error::{LoadError, Problem};

/// A file that loads under every option setting tried.
pub struct Validated {
    /// Likely mistakes found with the defaults.
    pub warnings: Vec<Problem>,
    /// Option settings loaded (the defaults count as one).
    pub settings: usize,
}

/// Why a file is not valid: the setting it failed under (`None`: the defaults).
#[derive(Debug, thiserror::Error)]
#[error("{}{}", .setting.as_ref().map_or(String::new(), |(k, v)| format!("with {k}={v}:\n")), .error.render())]
pub struct Invalid {
    pub setting: Option<(String, String)>,
    pub error: LoadError,
}

/// Loads a game with its defaults, then with each option set to each sample
/// value. A warning stands only if every setting gives it: a condition false
/// under the defaults but not under some option (`either_direction == 1`) is
/// the option at work, not a mistake.
pub fn validate(file: &str) -> Result<Validated, Invalid> {
    let game = catalog::load(file, &[]).map_err(|error| Invalid {
        setting: None,
        error,
    })?;
    let mut warnings = game.warnings;
    let mut settings = 1;
    for option in &game.options {
        for value in option.samples.iter().filter(|v| **v != option.default) {
            let setting = (option.name.clone(), value.to_string());
            let other =
                catalog::load(file, std::slice::from_ref(&setting)).map_err(|error| Invalid {
                    setting: Some(setting.clone()),
                    error,
                })?;
            warnings.retain(|w| other.warnings.iter().any(|o| o.same_as(w)));
            settings += 1;
        }
    }
    Ok(Validated { warnings, settings })
}

impl Validated {
    /// The warnings and a closing line, as `validate` prints them.
    pub fn report(&self, file: &str) -> String {
        let mut report: String = self.warnings.iter().map(Problem::render).collect();
        let plural = |n: usize| if n == 1 { "" } else { "s" };
        report += &format!(
            "{file}: valid ({} option setting{} checked, {} warning{})\n",
            self.settings,
            plural(self.settings),
            self.warnings.len(),
            plural(self.warnings.len()),
        );
        report
    }
}
