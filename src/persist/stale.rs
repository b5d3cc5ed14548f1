//! Temporary files left behind by a write that never finished: `files::write_atomic` writes
//! `.NAME.PID.tmp` beside its target and renames it, so a process killed in between (SIGKILL,
//! a power cut) leaves the temporary file forever. Opening a saves folder removes those whose
//! writer is gone or that are too old to belong to a write still under way, and only those
//! hexdeep itself writes there: by their name (a save, its backup, a finished game, the hall
//! of fame, a character dump) and by their first bytes (a hexdeep file's magic, a dump's
//! heading). Another program's `.notes.md.4242.tmp` is never touched.

use std::io::Read;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The first line of every character dump (`saves/morgue/`), by which a dump's temporary
/// file is told from another program's.
pub const MORGUE_HEADING: &str = "hexdeep character dump";

/// A temporary file older than this is stale whatever its process: no save takes so long.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// The process id in a temporary file's name `.NAME.PID.tmp`, or `None` when the name is not
/// one `files::write_atomic` makes.
pub fn writer_of(file_name: &str) -> Option<u32> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (name, pid) = inner.rsplit_once('.')?;
    if name.is_empty() || pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether process `pid` is running, when the system can tell (`/proc` on Linux).
fn is_running(pid: u32) -> Option<bool> {
    let proc = Path::new("/proc");
    proc.join("self")
        .exists()
        .then(|| proc.join(pid.to_string()).exists())
}

/// Whether a temporary file last written at `modified` is stale at `now`: its process is
/// gone (`running` is `Some(false)`), or it is older than [`STALE_AFTER`].
pub fn is_stale(modified: SystemTime, now: SystemTime, running: Option<bool>) -> bool {
    let old = now
        .duration_since(modified)
        .is_ok_and(|age| age > STALE_AFTER);
    old || running == Some(false)
}

/// What a file hexdeep writes under `name` (the target of a temporary file) begins with: a
/// save's, a backup's or the hall of fame's magic, or a character dump's heading; `None` for a
/// name hexdeep never writes in a saves folder.
fn expected_start(name: &str) -> Option<&'static [u8]> {
    if name.ends_with(".hdsave") || name.ends_with(".hdsave.bak") {
        Some(super::container::MAGIC)
    } else if Path::new(name).extension().is_some_and(|e| e == "txt") {
        Some(MORGUE_HEADING.as_bytes())
    } else {
        None
    }
}

/// Whether the temporary file at `path`, written for the target `name`, is one hexdeep
/// wrote: a name hexdeep gives its files, and the first bytes such a file begins with.
fn is_ours(path: &Path, name: &str) -> bool {
    let Some(start) = expected_start(name) else {
        return false;
    };
    let mut first = Vec::with_capacity(start.len());
    let read =
        std::fs::File::open(path).and_then(|f| f.take(start.len() as u64).read_to_end(&mut first));
    read.is_ok() && first == start
}

/// The target's name in a temporary file's name `.NAME.PID.tmp`.
fn target_of(file_name: &str) -> Option<&str> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    inner.rsplit_once('.').map(|(name, _)| name)
}

/// Removes the stale temporary files hexdeep wrote directly in `folder` (regular files only,
/// never a link, and only files hexdeep wrote); returns how many went. A folder that cannot be read
/// is left alone. Call it only on hexdeep's own folders.
pub fn remove_stale(folder: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    let now = SystemTime::now();
    let mut removed = 0;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(writer_of) else {
            continue;
        };
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        let modified = meta.modified().unwrap_or(now);
        let target = name.to_str().and_then(target_of).unwrap_or_default();
        if meta.is_file()
            && pid != std::process::id()
            && is_stale(modified, now, is_running(pid))
            && is_ours(&entry.path(), target)
            && std::fs::remove_file(entry.path()).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_write_atomic_makes_are_temporary_files() {
        assert_eq!(writer_of(".game-3.hdsave.4242.tmp"), Some(4242));
        assert_eq!(writer_of(".scores.hdsave.1.tmp"), Some(1));
        for other in [
            "game-3.hdsave",
            ".game.hdsave.tmp",
            ".4242.tmp",
            ".x.42a.tmp",
            "x.42.tmp",
            ".x.42.tmp.bak",
        ] {
            assert_eq!(writer_of(other), None, "{other}");
        }
    }

    #[test]
    fn only_files_hexdeep_writes_are_its_own() {
        let dir = crate::files::scratch::scratch("stale-ours");
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        let save = write(".g.hdsave.7.tmp", b"HEXDEEP\0rest of a save");
        let backup = write(".g.hdsave.bak.7.tmp", b"HEXDEEP\0");
        let dump = write(".g.txt.7.tmp", b"hexdeep character dump\n\nEnding: ...");
        assert!(is_ours(&save, "g.hdsave"));
        assert!(is_ours(&backup, "g.hdsave.bak"));
        assert!(is_ours(&dump, "g.txt"));
        // Another program's file under a name of ours, and ours under another name.
        let notes = write(".notes.hdsave.7.tmp", b"my notes");
        assert!(!is_ours(&notes, "notes.hdsave"));
        let short = write(".cut.hdsave.7.tmp", b"HEX");
        assert!(!is_ours(&short, "cut.hdsave"));
        assert!(!is_ours(&save, "notes.md"));
        assert!(!is_ours(&save, "config.json"));
        assert_eq!(target_of(".notes.md.999999.tmp"), Some("notes.md"));
    }

    #[test]
    fn a_file_is_stale_when_its_writer_is_gone_or_it_is_old() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let fresh = now - Duration::from_secs(5);
        let old = now - STALE_AFTER - Duration::from_secs(1);
        assert!(!is_stale(fresh, now, Some(true)));
        assert!(!is_stale(fresh, now, None));
        assert!(is_stale(fresh, now, Some(false)));
        assert!(is_stale(old, now, Some(true)));
        assert!(is_stale(old, now, None));
    }
}
