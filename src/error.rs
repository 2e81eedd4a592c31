//! Errors users see: every problem in a game file names the file, line and
//! column, underlines the text and says what was expected (rendered by miette).

use std::ops::Range;
use std::sync::Arc;

use miette::{
    GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, Severity, SourceSpan,
};

/// One problem found in a game file: an error, or a warning about a likely mistake.
#[derive(Debug, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    pub message: String,
    source_code: NamedSource<Arc<str>>,
    span: Option<SourceSpan>,
    label: String,
    help: Option<String>,
    severity: Severity,
}

impl miette::Diagnostic for Problem {
    fn severity(&self) -> Option<Severity> {
        Some(self.severity)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn std::fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source_code)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let span = self.span?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
            span,
        ))))
    }
}

impl Problem {
    pub fn new(file: &SourceFile, span: Option<Range<usize>>, message: impl Into<String>) -> Self {
        Problem {
            label: "here".to_string(),
            source_code: NamedSource::new(&file.name, file.text.clone()),
            span: span.map(|r| r.into()),
            message: message.into(),
            help: None,
            severity: Severity::Error,
        }
    }

    pub fn warning(
        file: &SourceFile,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Self {
        Problem {
            severity: Severity::Warning,
            ..Problem::new(file, span, message)
        }
    }

    /// The full message as a person reads it, with its snippet.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = report_handler().render_report(&mut out, self);
        out
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// `file:line:column`, 1-based, for one-line messages and tests.
    pub fn location(&self) -> String {
        let name = self.source_code.name();
        let Some(span) = self.span else {
            return name.to_string();
        };
        let text = self.source_code.inner();
        let offset = span.offset().min(text.len());
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("{name}:{line}:{column}")
    }
}

/// A game file's name and text, shared by all problems found in it.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
}

/// Why a game could not be loaded.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum LoadError {
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("no game `{id}`; bundled games: {known}. A path to a .toml file works too.")]
    UnknownGame { id: String, known: String },
    #[error("{file}: {} problem{} found", problems.len(), if problems.len() == 1 { "" } else { "s" })]
    Invalid {
        file: String,
        #[related]
        problems: Vec<Problem>,
    },
    #[error("option {0}")]
    Option(String),
}

impl LoadError {
    /// The full report as a person reads it: every problem with its snippet.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let handler =
            GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100);
        match self {
            LoadError::Invalid { problems, .. } => {
                for problem in problems {
                    let _ = handler.render_report(&mut out, problem);
                }
                out.push_str(&format!("{self}\n"));
            }
            other => out.push_str(&format!("error: {other}\n")),
        }
        out
    }
}

/// One rendering for every message: no colour (messages are snapshotted), 100 columns.
fn report_handler() -> GraphicalReportHandler {
    GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor()).with_width(100)
}
