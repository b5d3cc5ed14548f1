//! Scratch folders for unit tests: under `target/test-scratch/` of the package (found from
//! `CARGO_MANIFEST_DIR`, since Cargo sets `CARGO_TARGET_TMPDIR` for integration tests only),
//! never in the system's temporary folder, and removed when the test is done with them.

use std::path::{Path, PathBuf};

/// A fresh, empty folder for one test's files, removed with everything in it when dropped
/// (also when the test fails).
#[derive(Debug)]
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Where every scratch folder of the unit tests is made.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-scratch")
}

/// A new scratch folder named after `name` (unique among the tests of the package) and this
/// process, so that two test runs side by side never share one.
pub fn scratch(name: &str) -> Scratch {
    let dir = root().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scratch_folder_is_under_target_and_gone_once_dropped() {
        let dir = scratch("scratch-self");
        assert!(dir.starts_with(Path::new(env!("CARGO_MANIFEST_DIR")).join("target")));
        std::fs::write(dir.join("f"), b"x").unwrap();
        let path = dir.to_path_buf();
        drop(dir);
        assert!(!path.exists());
    }
}
