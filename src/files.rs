//! Reading and writing the user's files safely: only regular files are opened (a FIFO or a
//! device would block forever), reads are bounded and report the real size of a file that is
//! too large, and writes go to a temporary file in the same folder that is synced and then
//! renamed over the target, so a failed write never leaves a half-written file behind.
//!
//! Every shell that touches a file (maps, scenarios, saves, scores, morgue files) goes through
//! here; the core never does.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a file could not be read or written.
#[derive(Debug, Error)]
pub enum FileError {
    /// The path names a folder.
    #[error("{0} is a folder, not a file")]
    Folder(String),
    /// The path names a FIFO, socket or device, which could block or never end.
    #[error("{0} is not a regular file")]
    NotRegular(String),
    /// The file is larger than this kind of file may be.
    #[error("{path} is {size} bytes, more than the limit of {limit} bytes")]
    TooLarge {
        /// The file.
        path: String,
        /// Its size on disk.
        size: u64,
        /// The most accepted.
        limit: u64,
    },
    /// The system refused.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: io::Error,
    },
}

impl FileError {
    fn io(path: &Path, source: io::Error) -> FileError {
        FileError::Io {
            path: path.display().to_string(),
            source,
        }
    }
}

/// Refuses what is not a regular file before it is opened (a FIFO blocks in `open`).
fn check_regular(path: &Path) -> Result<fs::Metadata, FileError> {
    let meta = fs::metadata(path).map_err(|e| FileError::io(path, e))?;
    let name = || path.display().to_string();
    if meta.is_dir() {
        return Err(FileError::Folder(name()));
    }
    if !meta.is_file() {
        return Err(FileError::NotRegular(name()));
    }
    Ok(meta)
}

/// Reads a whole regular file of at most `limit` bytes. A larger file is refused with its
/// real size, without reading it; a file that grows while it is read is refused too.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let meta = check_regular(path)?;
    let too_large = |size| FileError::TooLarge {
        path: path.display().to_string(),
        size,
        limit,
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    let file = File::open(path).map_err(|e| FileError::io(path, e))?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| FileError::io(path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Reads a regular text file of at most `limit` bytes as UTF-8, without a leading byte-order
/// mark.
pub fn read_text_limited(path: &Path, limit: u64) -> Result<String, FileError> {
    let bytes = read_limited(path, limit)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        FileError::io(
            path,
            io::Error::new(io::ErrorKind::InvalidData, format!("not UTF-8 text: {e}")),
        )
    })?;
    Ok(strip_bom(&text).to_string())
}

/// `text` without a leading UTF-8 byte-order mark.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `bytes` without a leading UTF-8 byte-order mark.
pub fn strip_bom_bytes(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

/// Whether `path` may be written: it does not exist yet, or it is a regular file.
pub fn check_writable_target(path: &Path) -> Result<(), FileError> {
    match fs::symlink_metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(FileError::io(path, e)),
        Ok(_) => check_regular(path).map(|_| ()),
    }
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, synced, renamed
/// over `path`, then the folder synced. On any failure `path` keeps its old content and the
/// temporary file is removed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic_with(path, bytes, |_| Ok(()))
}

/// [`write_atomic`] for a secret (a private key): the temporary file, and so `path`, can be
/// read by its owner only (mode 0600) from the moment it is created.
pub fn write_atomic_private(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_atomic_as(path, bytes, 0o600, |_| Ok(()))
}

/// [`write_atomic`], keeping the previous content of `path` (if any) as `backup`.
pub fn write_atomic_keeping(path: &Path, bytes: &[u8], backup: &Path) -> Result<(), FileError> {
    check_writable_target(path)?;
    if path.exists() {
        let old = fs::read(path).map_err(|e| FileError::io(path, e))?;
        write_atomic(backup, &old)?;
    }
    write_atomic(path, bytes)
}

/// The temporary name beside `path` used while it is written.
fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// [`write_atomic`] with a hook run between the synced write and the rename (tests make it
/// fail, to show the old file survives).
pub(crate) fn write_atomic_with(
    path: &Path,
    bytes: &[u8],
    before_rename: impl FnOnce(&Path) -> io::Result<()>,
) -> Result<(), FileError> {
    write_atomic_as(path, bytes, 0o666, before_rename)
}

/// [`write_atomic_with`], the temporary file created with `mode` (less the umask).
fn write_atomic_as(
    path: &Path,
    bytes: &[u8],
    mode: u32,
    before_rename: impl FnOnce(&Path) -> io::Result<()>,
) -> Result<(), FileError> {
    use std::os::unix::fs::OpenOptionsExt;
    check_writable_target(path)?;
    let temp = temporary_beside(path);
    let result = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        before_rename(&temp)?;
        fs::rename(&temp, path)
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&temp);
        return Err(FileError::io(path, e));
    }
    sync_folder(path);
    Ok(())
}

/// A file written bit by bit and put in place at once: the bytes go to a temporary file
/// beside `path`, which [`AtomicFile::commit`] syncs and renames over it. Made before the
/// work that fills it, so a target that cannot be written is told at once; dropped without a
/// commit, it leaves `path` as it was and removes the temporary file.
pub struct AtomicFile {
    path: PathBuf,
    temp: PathBuf,
    out: Option<io::BufWriter<File>>,
}

impl AtomicFile {
    /// Starts writing `path`: it must be a regular file or not exist, in a folder that can be
    /// written.
    pub fn create(path: &Path) -> Result<AtomicFile, FileError> {
        check_writable_target(path)?;
        let temp = temporary_beside(path);
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| FileError::io(path, e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            temp,
            out: Some(io::BufWriter::new(file)),
        })
    }

    /// Flushes, syncs and renames the written bytes over the target.
    pub fn commit(mut self) -> Result<(), FileError> {
        let path = self.path.clone();
        let result = (|| {
            let file = self
                .out
                .take()
                .ok_or_else(|| io::Error::other("already committed"))?
                .into_inner()
                .map_err(io::IntoInnerError::into_error)?;
            file.sync_all()?;
            drop(file);
            fs::rename(&self.temp, &self.path)
        })();
        result.map_err(|e| FileError::io(&path, e))?;
        sync_folder(&path);
        Ok(())
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.out {
            Some(out) => out.write(buf),
            None => Err(io::Error::other("the file is already in place")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if self.out.take().is_some() {
            let _ = fs::remove_file(&self.temp);
        }
    }
}

/// Syncs the folder holding `path`, so the rename itself survives a crash. Best effort: some
/// file systems refuse to sync a folder, and the data is already safe in the file.
fn sync_folder(path: &Path) {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
}

#[cfg(test)]
pub(crate) mod scratch;

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> scratch::Scratch {
        scratch::scratch(&format!("files-{name}"))
    }

    #[test]
    fn too_large_reports_the_real_size() {
        let dir = scratch("large");
        let path = dir.join("big.txt");
        fs::write(&path, vec![b'x'; 100]).unwrap();
        let err = read_limited(&path, 10).unwrap_err();
        assert!(err.to_string().contains("100 bytes"), "{err}");
        assert_eq!(read_limited(&path, 100).unwrap().len(), 100);
    }

    #[test]
    fn folders_and_fifos_are_refused_without_blocking() {
        let dir = scratch("kinds");
        assert!(matches!(read_limited(&dir, 10), Err(FileError::Folder(_))));
        let fifo = dir.join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(matches!(
                read_limited(&fifo, 10),
                Err(FileError::NotRegular(_))
            ));
            assert!(write_atomic(&fifo, b"x").is_err());
        }
    }

    #[test]
    fn a_bom_is_dropped() {
        let dir = scratch("bom");
        let path = dir.join("t.txt");
        fs::write(&path, "\u{feff}hello").unwrap();
        assert_eq!(read_text_limited(&path, 100).unwrap(), "hello");
        assert_eq!(strip_bom_bytes(b"\xef\xbb\xbfab"), b"ab");
    }

    #[test]
    fn a_failure_before_rename_keeps_the_old_file() {
        let dir = scratch("atomic");
        let path = dir.join("save");
        write_atomic(&path, b"old").unwrap();
        let failed = write_atomic_with(&path, b"new", |_| Err(io::Error::other("disk full")));
        assert!(failed.is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "the temporary file is removed");
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
    }

    #[test]
    fn an_atomic_file_appears_only_on_commit_and_leaves_nothing_when_dropped() {
        let dir = scratch("streamed");
        let path = dir.join("out.cast");
        write_atomic(&path, b"old").unwrap();
        let mut file = AtomicFile::create(&path).unwrap();
        file.write_all(b"new ").unwrap();
        file.write_all(b"bytes").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"old");
        file.commit().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new bytes");
        let mut dropped = AtomicFile::create(&path).unwrap();
        dropped.write_all(b"lost").unwrap();
        drop(dropped);
        assert_eq!(fs::read(&path).unwrap(), b"new bytes");
        assert_eq!(
            fs::read_dir(&dir).unwrap().count(),
            1,
            "no temporary file left"
        );
        assert!(AtomicFile::create(&dir.join("missing/out.cast")).is_err());
        assert!(AtomicFile::create(&dir).is_err(), "a folder is no target");
    }

    #[test]
    fn keeping_writes_a_backup_of_the_previous_content() {
        let dir = scratch("backup");
        let (path, bak) = (dir.join("s"), dir.join("s.bak"));
        write_atomic_keeping(&path, b"one", &bak).unwrap();
        assert!(!bak.exists());
        write_atomic_keeping(&path, b"two", &bak).unwrap();
        assert_eq!(fs::read(&bak).unwrap(), b"one");
        assert_eq!(fs::read(&path).unwrap(), b"two");
    }
}
