//! Temporary files left behind by a write that never finished: `files::write_atomic` writes
//! `.NAME.PID.tmp` beside its target and renames it, so a process killed in between (SIGKILL,
//! a power cut) leaves the temporary file forever. Opening a saves folder removes those whose
//! writer is gone or that are too old to belong to a write still under way.

use std::path::Path;
use std::time::{Duration, SystemTime};

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

/// Removes the stale temporary files directly in `folder` (regular files only, never a
/// link); returns how many went. A folder that cannot be read is left alone.
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
        if meta.is_file()
            && pid != std::process::id()
            && is_stale(modified, now, is_running(pid))
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
