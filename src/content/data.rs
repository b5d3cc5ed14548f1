//! Checks shared by the human-edited data files (`data/monsters.toml`, `data/items.toml`,
//! `data/player.toml`): errors that name the file, the line and column or the entry.

use thiserror::Error;

/// Why a data file was rejected.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum DataError {
    /// Not valid TOML, or a field of the wrong type.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// An entry with a value missing, out of range or inconsistent.
    #[error("{file}: {what} {name}: {problem}")]
    Entry {
        /// The file.
        file: String,
        /// "item", "monster".
        what: String,
        /// The entry's name.
        name: String,
        /// What is wrong.
        problem: String,
    },
}

impl DataError {
    /// A problem with one named entry.
    pub fn entry(file: &str, what: &str, name: &str, problem: &str) -> DataError {
        DataError::Entry {
            file: file.to_string(),
            what: what.to_string(),
            name: name.to_string(),
            problem: problem.to_string(),
        }
    }

    /// The same error, for the file `file`.
    pub fn in_file(self, file: &str) -> DataError {
        match self {
            DataError::Syntax {
                line,
                column,
                message,
                ..
            } => DataError::Syntax {
                file: file.to_string(),
                line,
                column,
                message,
            },
            DataError::Entry {
                what,
                name,
                problem,
                ..
            } => DataError::Entry {
                file: file.to_string(),
                what,
                name,
                problem,
            },
        }
    }
}

/// Parses TOML into `T`, with errors placed by line and column.
pub(crate) fn parse_toml<T: serde::de::DeserializeOwned>(
    file: &str,
    text: &str,
) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let mut offset = e.span().map_or(0, |s| s.start.min(text.len()));
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        DataError::Syntax {
            file: file.to_string(),
            line,
            column,
            message: e.message().trim().to_string(),
        }
    })
}

/// The colour names data files may use: the terminal's sixteen named colours.
pub const COLOURS: [&str; 16] = [
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "gray",
    "darkgray",
    "lightred",
    "lightgreen",
    "lightyellow",
    "lightblue",
    "lightmagenta",
    "lightcyan",
    "white",
];

/// Whether `name` is one of [`COLOURS`]; the problem otherwise.
pub(crate) fn check_colour(name: &str) -> Result<(), String> {
    if COLOURS.contains(&name) {
        Ok(())
    } else {
        Err(format!(
            "unknown colour {name:?} (one of: {})",
            COLOURS.join(", ")
        ))
    }
}

/// The colour of an entry that names none (a serde default).
pub(crate) fn default_colour() -> String {
    "white".to_string()
}

/// The shallowest depth an entry may appear on when it names none (a serde default).
pub(crate) const fn first_depth() -> u32 {
    1
}

/// The deepest depth an entry may appear on when it names none (a serde default).
pub(crate) const fn last_depth() -> u32 {
    super::MAX_DEPTH
}

/// Checks an entry's depth range: `min_depth` at least 1 and at most `max_depth`.
pub(crate) fn check_depths(min_depth: u32, max_depth: u32) -> Result<(), &'static str> {
    if min_depth < 1 || min_depth > max_depth {
        return Err("min_depth must be at least 1 and at most max_depth");
    }
    Ok(())
}

/// The first name that appears twice, if any.
pub(crate) fn first_duplicate<'a>(names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut seen: Vec<&str> = Vec::new();
    for name in names {
        if seen.contains(&name) {
            return Some(name);
        }
        seen.push(name);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_repeat() {
        assert_eq!(first_duplicate(["a", "b", "a", "b"]), Some("a"));
        assert_eq!(first_duplicate(["a", "b"]), None);
    }

    #[test]
    fn toml_errors_give_line_and_column() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct T {
            a: u32,
        }
        let e = parse_toml::<T>("f.toml", "\n\na = 'x'\n").unwrap_err();
        let DataError::Syntax { line, column, .. } = e else {
            panic!("{e}")
        };
        assert_eq!((line, column), (3, 5));
        assert!(check_colour("plaid").is_err() && check_colour("red").is_ok());
    }
}
