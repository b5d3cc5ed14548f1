//! Problems found in a map file: errors and warnings with the file, line and column.

use std::fmt;

/// How bad a problem is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The map cannot be used.
    Error,
    /// The map loads, but probably not as its author meant.
    Warning,
}

/// One problem, printed as `file:line:col: error: message` (1-based positions in the file),
/// with control characters escaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file name given to the parser.
    pub file: String,
    /// The 1-based line and column (in characters), when the problem has a place.
    pub at: Option<(usize, usize)>,
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong and what was expected.
    pub message: String,
}

impl Problem {
    /// An error at a place.
    pub fn error(file: &str, at: Option<(usize, usize)>, message: impl Into<String>) -> Problem {
        Problem {
            file: file.to_owned(),
            at,
            severity: Severity::Error,
            message: message.into(),
        }
    }

    /// A warning at a place.
    pub fn warning(file: &str, at: Option<(usize, usize)>, message: impl Into<String>) -> Problem {
        Problem {
            severity: Severity::Warning,
            ..Problem::error(file, at, message)
        }
    }

    /// Whether this is an error.
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        // The message quotes what the file holds (an unknown grid, key or field): escaped
        // here, the one place every problem is printed through, so no file can send a
        // terminal an escape sequence.
        let file = crate::text::escape_controls(&self.file);
        let message = crate::text::escape_controls(&self.message);
        match self.at {
            Some((line, col)) => write!(f, "{file}:{line}:{col}: {kind}: {message}"),
            None => write!(f, "{file}: {kind}: {message}"),
        }
    }
}

/// Why a map could not be loaded: every problem found (at least one error, and the warnings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapFileErrors {
    /// Errors and warnings, in the order of their place in the file.
    pub problems: Vec<Problem>,
}

impl MapFileErrors {
    /// Errors and warnings from a list that holds at least one error; sorted by place.
    pub fn new(mut problems: Vec<Problem>) -> MapFileErrors {
        sort_problems(&mut problems);
        MapFileErrors { problems }
    }

    /// A single error.
    pub fn single(problem: Problem) -> MapFileErrors {
        MapFileErrors {
            problems: vec![problem],
        }
    }

    /// The errors only.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.problems.iter().filter(|p| p.is_error())
    }
}

impl fmt::Display for MapFileErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for MapFileErrors {}

/// Sorts problems by place (unplaced ones first), keeping the order of equal places.
pub fn sort_problems(problems: &mut [Problem]) {
    problems.sort_by_key(|p| p.at);
}
