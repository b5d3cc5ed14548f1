//! The one loader of the data files' tables (`[[monster]]`, `[[item]]`): each raw entry
//! becomes its kind (errors naming the file and the entry) and a name defined twice is
//! refused. The files' own modules only say what their entries look like.

use super::data::{DataError, first_duplicate, parse_toml};
use serde::de::DeserializeOwned;

/// A raw entry of a table, before its checks.
pub trait RawEntry {
    /// The kind it becomes.
    type Kind;
    /// The checked kind, or what is wrong with the entry.
    fn into_kind(self) -> Result<Self::Kind, DataError>;
    /// The kind's name.
    fn name(kind: &Self::Kind) -> &str;
}

/// The kinds of a file `file` whose text parses (errors by line and column) into `F`, whose
/// entries of the table `table` (`"monster"`, `"item"`) `entries` takes out.
pub fn load_kinds<F: DeserializeOwned, R: RawEntry>(
    file: &str,
    text: &str,
    table: &str,
    entries: impl FnOnce(F) -> Vec<R>,
) -> Result<Vec<R::Kind>, DataError> {
    let parsed: F = parse_toml(file, text)?;
    let kinds = entries(parsed)
        .into_iter()
        .map(RawEntry::into_kind)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.in_file(file))?;
    if let Some(dup) = first_duplicate(kinds.iter().map(R::name)) {
        return Err(DataError::entry(file, table, dup, "defined twice"));
    }
    Ok(kinds)
}
