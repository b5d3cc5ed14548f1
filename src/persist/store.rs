//! Reading and writing hexdeep files: atomic writes that keep the previous file as `.bak`, and
//! bounded reads that name the file in every error.

use super::codec::{self, MAX_PAYLOAD};
use super::container::{self, FormatError, Header, Kind};
use super::game::{HallOfFame, SavedGame};
use super::schema;
use crate::content::Content;
use crate::files::{self, FileError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The largest file read: the payload limit and room for the header.
pub const MAX_FILE: u64 = MAX_PAYLOAD as u64 + 4096;

/// Why a file could not be saved or loaded; the message names the file.
#[derive(Debug, thiserror::Error)]
pub enum PersistError {
    /// The file system refused.
    #[error("{0}")]
    File(#[from] FileError),
    /// The saves folder is something else than a folder.
    #[error("{0} is not a folder: saves need a folder (--saves DIR or $HEXDEEP_SAVES)")]
    NotAFolder(String),
    /// A name that cannot name a save in a saves folder.
    #[error("{dir}: {name:?} cannot name a save (a plain file name of at most 200 bytes)")]
    BadName {
        /// The saves folder.
        dir: String,
        /// The name, escaped.
        name: String,
    },
    /// The bytes are not a readable file.
    #[error("{path}: {source}")]
    Format {
        /// The file.
        path: String,
        /// What is wrong.
        source: FormatError,
    },
}

impl PersistError {
    /// Whether the file exists but is damaged or unreadable, so a backup may help.
    pub fn is_damage(&self) -> bool {
        matches!(self, PersistError::Format { .. })
    }

    /// Whether the file was written by a newer hexdeep: no damage, and no older file should
    /// take its place.
    pub fn is_newer(&self) -> bool {
        matches!(
            self,
            PersistError::Format {
                source: FormatError::Newer { .. },
                ..
            }
        )
    }
}

pub(super) fn format_error(path: &Path, source: FormatError) -> PersistError {
    PersistError::Format {
        path: path.display().to_string(),
        source,
    }
}

/// The backup kept beside a file: `NAME.bak`.
pub fn backup_of(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".bak");
    path.with_file_name(name)
}

/// Writes `value` as a file of `kind` at `path`, atomically; the previous file is kept as
/// [`backup_of`] `path` when it is sound (a damaged file never replaces a good backup).
pub fn save<T: Serialize>(path: &Path, kind: Kind, value: &T) -> Result<(), PersistError> {
    let payload = codec::encode(value).map_err(|e| format_error(path, e.into()))?;
    save_payload(path, kind, None, &payload)
}

/// [`save`] for a payload already encoded, of a game played with the content of hash
/// `content`.
pub fn save_payload(
    path: &Path,
    kind: Kind,
    content: Option<u64>,
    payload: &[u8],
) -> Result<(), PersistError> {
    let bytes = container::frame(kind, content, payload);
    files::check_writable_target(path)?;
    if let Some(old) = sound_previous(path) {
        files::write_atomic(&backup_of(path), &old)?;
    }
    files::write_atomic(path, &bytes)?;
    Ok(())
}

/// The bytes of the file at `path` when it is there and sound: whole, with a matching
/// checksum (or only of another format version, which is no damage).
fn sound_previous(path: &Path) -> Option<Vec<u8>> {
    let old = files::read_limited(path, MAX_FILE).ok()?;
    match container::check(&old) {
        Ok(_) | Err(FormatError::Newer { .. } | FormatError::Older { .. }) => Some(old),
        Err(_) => None,
    }
}

/// Writes an encoded payload as a file of `kind` at `path`, atomically, keeping no backup.
pub fn save_plain_payload(
    path: &Path,
    kind: Kind,
    content: Option<u64>,
    payload: &[u8],
) -> Result<(), PersistError> {
    files::write_atomic(path, &container::frame(kind, content, payload))?;
    Ok(())
}

/// Reads a file of `kind`.
pub fn load<T: DeserializeOwned>(path: &Path, kind: Kind) -> Result<(Header, T), PersistError> {
    let bytes = files::read_limited(path, MAX_FILE)?;
    container::decode(kind, &bytes).map_err(|e| format_error(path, e))
}

/// Reads a file of any kind of game (a save or a finished game), of any format this build
/// reads, migrated to the current schema.
pub fn load_game(path: &Path, content: &Arc<Content>) -> Result<(Header, SavedGame), PersistError> {
    let bytes = files::read_limited(path, MAX_FILE)?;
    let header = container::peek_header(&bytes).map_err(|e| format_error(path, e))?;
    let kind = match header.kind {
        Kind::Finished => Kind::Finished,
        _ => Kind::Save,
    };
    let (header, payload) = container::open(kind, &bytes).map_err(|e| format_error(path, e))?;
    let game = schema::decode_game(
        header.format,
        payload,
        &header.game_version,
        header.hash_version,
        content,
    )
    .map_err(|e| format_error(path, container::payload_error(&header, e.to_string())))?;
    // The header's turn hash is that of whoever wrote the file last: the record's last stretch.
    let recorded = game.record.last_maker().hash;
    if header.hash_version != recorded {
        let why = format!(
            "its header says turn hash {} but its record was last made with turn hash {recorded}",
            header.hash_version
        );
        return Err(format_error(path, FormatError::Unreadable(why)));
    }
    Ok((header, game))
}

/// Reads the hall of fame, of any format this build reads.
pub fn load_scores(path: &Path) -> Result<HallOfFame, PersistError> {
    let bytes = files::read_limited(path, MAX_FILE)?;
    let (header, payload) =
        container::open(Kind::Scores, &bytes).map_err(|e| format_error(path, e))?;
    schema::decode_scores(header.format, payload)
        .map_err(|e| format_error(path, container::payload_error(&header, e.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::scratch(&format!("store-{name}"))
    }

    #[test]
    fn saving_keeps_the_previous_file_as_a_backup() {
        let dir = scratch("bak");
        let path = dir.join("g.hdsave");
        save(&path, Kind::Save, &1u32).unwrap();
        save(&path, Kind::Save, &2u32).unwrap();
        assert_eq!(load::<u32>(&path, Kind::Save).unwrap().1, 2);
        assert_eq!(load::<u32>(&backup_of(&path), Kind::Save).unwrap().1, 1);
    }

    #[test]
    fn a_damaged_save_never_replaces_a_good_backup() {
        let dir = scratch("bak-damaged");
        let path = dir.join("g.hdsave");
        save(&path, Kind::Save, &1u32).unwrap();
        save(&path, Kind::Save, &2u32).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 0xff;
        std::fs::write(&path, &bytes).unwrap();
        save(&path, Kind::Save, &3u32).unwrap();
        assert_eq!(load::<u32>(&path, Kind::Save).unwrap().1, 3);
        assert_eq!(load::<u32>(&backup_of(&path), Kind::Save).unwrap().1, 1);
        // An empty main save (a crash before any byte was written) is no backup either.
        std::fs::write(&path, b"").unwrap();
        save(&path, Kind::Save, &4u32).unwrap();
        assert_eq!(load::<u32>(&backup_of(&path), Kind::Save).unwrap().1, 1);
        // A sound one is.
        save(&path, Kind::Save, &5u32).unwrap();
        assert_eq!(load::<u32>(&backup_of(&path), Kind::Save).unwrap().1, 4);
    }

    #[test]
    fn bad_files_name_themselves() {
        let dir = scratch("bad");
        let empty = dir.join("empty.hdsave");
        std::fs::write(&empty, b"").unwrap();
        let err = load::<u32>(&empty, Kind::Save).unwrap_err();
        assert!(
            err.to_string().contains("empty.hdsave") && err.is_damage(),
            "{err}"
        );
        let err = load::<u32>(&dir, Kind::Save).unwrap_err();
        assert!(err.to_string().contains("folder"), "{err}");
        let missing = load::<u32>(&dir.join("none"), Kind::Save).unwrap_err();
        assert!(missing.to_string().contains("none") && !missing.is_damage());
    }
}
