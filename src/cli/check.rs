//! The commands that check game files and scenarios.

use std::path::PathBuf;

use clap::Args;

use mancala::studies::scenario::{self, Checked};

use crate::cli::Failure;
use crate::cli::output::{out, outln};

#[derive(Args)]
pub struct ValidateArgs {
    #[arg(required = true)]
    pub files: Vec<String>,
}

#[derive(Args)]
pub struct CheckArgs {
    /// Scenario files, or folders searched for scenario *.toml files (game
    /// files met there are passed over).
    #[arg(required = true)]
    pub scenarios: Vec<PathBuf>,
    /// List the clause ids (`**XX-N**`) of these rules documents that no
    /// scenario cites.
    #[arg(long, value_name = "RULES.md", num_args = 1..)]
    pub coverage: Vec<PathBuf>,
}

/// Exit status when scenarios ran but some expectation failed.
pub const CHECK_FAILED: u8 = 1;

/// `mancala check`: every scenario run, its failures listed, and the clauses of
/// the rules documents given that no scenario cites.
pub fn check(args: CheckArgs) -> Result<(), Failure> {
    // Rules documents are read first: a missing one fails before anything runs.
    let mut documents = Vec::new();
    for rules in &args.coverage {
        let text = mancala::input::read_text(rules, mancala::input::MAX_TEXT_BYTES)
            .map_err(|e| e.to_string())?;
        documents.push((rules, scenario::clause_ids(&text)));
    }
    let batch = scenario::check_all(&args.scenarios).map_err(|e| e.to_string())?;
    let [passed, failed, broken] = report(&batch);
    if !batch.skipped.is_empty() {
        outln!(
            "passed over {} game file(s), which are not scenarios",
            batch.skipped.len()
        );
    }
    match broken {
        0 => outln!("{passed} passed, {failed} failed"),
        _ => outln!("{passed} passed, {failed} failed, {broken} could not run"),
    }
    let cited = batch.cited();
    for (rules, ids) in documents {
        let missing: Vec<&str> = ids
            .iter()
            .map(String::as_str)
            .filter(|id| !cited.contains(id))
            .collect();
        match missing.as_slice() {
            [] => outln!("every clause of {} is cited", rules.display()),
            _ => outln!(
                "clauses of {} no scenario cites: {}",
                rules.display(),
                missing.join(" ")
            ),
        }
    }
    if broken > 0 {
        Err(Failure::BadInput(format!(
            "{broken} scenario file(s) could not run"
        )))
    } else if failed > 0 {
        Err(Failure::Checks)
    } else {
        Ok(())
    }
}

/// Each scenario's result, a line each (and its failures below it); how many
/// passed, failed and could not run.
fn report(batch: &scenario::Batch) -> [usize; 3] {
    let mut counts = [0; 3];
    for (file, checked) in &batch.files {
        match checked {
            Checked::Ran { clauses, failures } if failures.is_empty() => {
                counts[0] += 1;
                outln!("ok    {}{}", file.display(), cited(clauses));
            }
            Checked::Ran { clauses, failures } => {
                counts[1] += 1;
                outln!("FAIL  {}{}", file.display(), cited(clauses));
                for failure in failures {
                    outln!("{}", indent(failure));
                }
            }
            Checked::Broken(error) => {
                counts[2] += 1;
                outln!("ERROR {}", file.display());
                outln!("{}", indent(&error.to_string()));
            }
        }
    }
    counts
}

/// ` (NS-1 NS-2)`, or nothing for a scenario that cites no clause.
fn cited(clauses: &[String]) -> String {
    match clauses {
        [] => String::new(),
        _ => format!(" ({})", clauses.join(" ")),
    }
}

fn indent(text: &str) -> String {
    text.lines()
        .map(|l| format!("      {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `mancala validate`: each game file checked under every option value worth trying.
pub fn validate(args: ValidateArgs) -> Result<(), String> {
    let files = &args.files;
    let mut invalid = 0;
    for file in files {
        match mancala::language::validate::validate(file) {
            Ok(valid) => out!("{}", valid.report(file)),
            Err(report) => {
                eprint!("{report}");
                invalid += 1;
            }
        }
    }
    match invalid {
        0 => Ok(()),
        n => Err(format!("{n} of {} game files invalid", files.len())),
    }
}
