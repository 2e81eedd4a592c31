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
    /// What is wrong, in one sentence.
    pub message: String,
    source_code: NamedSource<Arc<str>>,
    span: Option<SourceSpan>,
    label: String,
    help: Option<String>,
    severity: Severity,
}

impl Problem {
    /// Whether `other` says the same thing at the same place (of another load
    /// of the same file).
    pub fn same_as(&self, other: &Problem) -> bool {
        self.message == other.message && self.span == other.span && self.label == other.label
    }
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
    /// An error at `span` of `file` (`None`: the file as a whole).
    pub fn new(file: &SourceFile, span: Option<Range<usize>>, message: impl Into<String>) -> Self {
        let (part, span) = file.locate(span);
        Problem {
            label: "here".to_string(),
            source_code: NamedSource::new(&part.name, displayable(&part.text)),
            span: span.map(|r| r.into()),
            message: message.into(),
            help: None,
            severity: Severity::Error,
        }
    }

    /// A warning at `span` of `file`: a likely mistake that does not stop the load.
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

    /// The same problem with a hint of how to put it right.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// The problem as data, for a program to show (the web playground's editor).
    pub fn diagnostic(&self) -> Diagnostic {
        let start = self.span.map(|s| self.line_column(s.offset()));
        let end = self.span.map(|s| self.line_column(s.offset() + s.len()));
        Diagnostic {
            severity: match self.severity {
                Severity::Warning | Severity::Advice => "warning",
                Severity::Error => "error",
            },
            file: self.source_code.name().to_string(),
            line: start.map(|p| p.0),
            column: start.map(|p| p.1),
            end_line: end.map(|p| p.0),
            end_column: end.map(|p| p.1),
            message: self.message.clone(),
            help: self.help.clone(),
            rendered: self.render(),
        }
    }

    /// `file:line:column`, 1-based, for one-line messages and tests.
    pub fn location(&self) -> String {
        let name = self.source_code.name();
        let Some(span) = self.span else {
            return name.to_string();
        };
        let (line, column) = self.line_column(span.offset());
        format!("{name}:{line}:{column}")
    }

    /// The 1-based line and column (in characters) of a byte offset of the text.
    fn line_column(&self, offset: usize) -> (usize, usize) {
        let text = self.source_code.inner();
        let before = &text[..offset.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, column)
    }
}

/// A problem as data: where it is (1-based lines and columns, in characters;
/// none for a problem of the whole file) and what it says.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Diagnostic {
    /// `"error"` or `"warning"`.
    pub severity: &'static str,
    /// The file, as its name was given.
    pub file: String,
    /// Where the problem starts: its line, from 1 (`None`: the whole file).
    pub line: Option<usize>,
    /// Where the problem starts: its column, from 1, in characters.
    pub column: Option<usize>,
    /// The line the problem ends on.
    pub end_line: Option<usize>,
    /// The column the problem ends before.
    pub end_column: Option<usize>,
    /// What is wrong.
    pub message: String,
    /// A hint of how to put it right.
    pub help: Option<String>,
    /// The message as the command line prints it, snippet included.
    pub rendered: String,
}

/// A file's text as a snippet shows it, byte for byte the same length so that
/// spans still fit: a lone carriage return ends a line (as the reader sees it),
/// and other control characters, which a terminal would act on, show as `?`.
fn displayable(text: &str) -> Arc<str> {
    let mut shown = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' if chars.peek() == Some(&'\n') => shown.push(c),
            '\r' => shown.push('\n'),
            '\n' | '\t' => shown.push(c),
            c if c.is_control() => shown.extend(std::iter::repeat_n('?', c.len_utf8())),
            c => shown.push(c),
        }
    }
    shown.into()
}

/// The text a game is loaded from: its file, followed by the files it extends,
/// laid end to end so that one span (an offset into `text`) names a place in any
/// of them.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The file named on the command line.
    pub name: String,
    /// Every part's text, in order, each followed by a newline.
    pub text: Arc<str>,
    parts: Vec<Part>,
}

#[derive(Debug, Clone)]
struct Part {
    name: String,
    text: Arc<str>,
    offset: usize,
}

impl SourceFile {
    /// `(name, text)` of the file and of each file it extends, in order.
    pub fn new(files: &[(String, String)]) -> SourceFile {
        let mut text = String::new();
        let mut parts = Vec::new();
        for (name, part) in files {
            parts.push(Part {
                name: name.clone(),
                text: part.as_str().into(),
                offset: text.len(),
            });
            text.push_str(part);
            text.push('\n');
        }
        SourceFile {
            name: files[0].0.clone(),
            text: text.into(),
            parts,
        }
    }

    /// One file's text, named `name` in messages.
    pub fn single(name: &str, text: &str) -> SourceFile {
        SourceFile::new(&[(name.to_string(), text.to_string())])
    }

    /// Where in the file text `offset` lies (0 is the first file's start).
    pub fn offset_of(&self, part: usize) -> usize {
        self.parts[part].offset
    }

    /// Whether `span` lies in the file named on the command line, not in a
    /// file it extends.
    pub fn is_own(&self, span: &Range<usize>) -> bool {
        self.parts
            .get(1)
            .is_none_or(|base| span.start < base.offset)
    }

    /// The part a span lies in, and the span within that part.
    fn locate(&self, span: Option<Range<usize>>) -> (&Part, Option<Range<usize>>) {
        let start = span.as_ref().map_or(0, |s| s.start);
        let part = self
            .parts
            .iter()
            .rev()
            .find(|p| p.offset <= start)
            .unwrap_or(&self.parts[0]);
        let local = span.map(|s| {
            let end = s.end.max(s.start).min(part.offset + part.text.len());
            s.start - part.offset..end.max(s.start) - part.offset
        });
        (part, local)
    }
}

/// Why a game could not be loaded.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
pub enum LoadError {
    #[error(transparent)]
    /// The file could not be read.
    Read(#[from] crate::input::ReadError),
    /// The message says what was named, a likely slip, and where the list is.
    #[error("{0}")]
    UnknownGame(String),
    #[error("{file}: {} problem{} found", problems.len(), if problems.len() == 1 { "" } else { "s" })]
    /// The file was read but is not a valid game.
    Invalid {
        /// The file's name, as given.
        file: String,
        #[related]
        /// Every problem found, in file order.
        problems: Vec<Problem>,
    },
    #[error("option {0}")]
    /// An option setting that is not one of the game's options or values.
    Option(String),
    /// A file outside the folder the games must come from (the web playground).
    #[error("{0}")]
    Confined(String),
}

impl LoadError {
    /// Every problem as data; a load that failed before any file was read
    /// (an unknown game, an unreadable file) is one problem without a place.
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        match self {
            LoadError::Invalid { problems, .. } => {
                problems.iter().map(Problem::diagnostic).collect()
            }
            other => vec![Diagnostic {
                severity: "error",
                file: String::new(),
                line: None,
                column: None,
                end_line: None,
                end_column: None,
                message: other.to_string(),
                help: None,
                rendered: other.render(),
            }],
        }
    }

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
