//! The server's ssh host key: made on the first start and kept in the saves folder
//! ([`FILE`], only the owner may read it), read on every later start, so a returning player's
//! `ssh` finds the key it saw last time and warns of nothing.

use crate::files::FileError;
use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use std::path::Path;

/// The host key's file in the saves folder.
pub const FILE: &str = "ssh_host_ed25519_key";

/// The host key kept in `dir`, made there first if there is none. Why not, naming the file,
/// when it cannot be read or written or is no key.
pub fn load_or_make(dir: &Path) -> Result<PrivateKey, String> {
    let path = dir.join(FILE);
    // Only a regular file of a key's size is read: a FIFO there would block the server's
    // start for ever, a huge file fill its memory.
    match crate::files::read_limited(&path, MAX_KEY_BYTES) {
        Ok(bytes) => PrivateKey::from_openssh(&bytes).map_err(|e| {
            format!(
                "{}: not an ssh private key in the OpenSSH format ({e}); remove it to make a new \
                 host key (players' ssh will warn that the key changed)",
                path.display()
            )
        }),
        Err(FileError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => {
            make(&path)
        }
        Err(e) => Err(format!("cannot read the ssh host key: {e}")),
    }
}

/// The largest host key file read (an Ed25519 key in the OpenSSH format is about 400 bytes).
const MAX_KEY_BYTES: u64 = 64 * 1024;

/// The host key's fingerprint, as ssh shows it (`SHA256:...`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.fingerprint(HashAlg::Sha256).to_string()
}

/// Makes a new Ed25519 key and writes it to `path` whole or not at all, readable by its
/// owner only from its creation ([`crate::files::write_atomic_private`]).
fn make(path: &Path) -> Result<PrivateKey, String> {
    let failed = |e: &dyn std::fmt::Display| {
        format!("{}: cannot write the ssh host key: {e}", path.display())
    };
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|e| failed(&e))?;
    let text = key.to_openssh(LineEnding::LF).map_err(|e| failed(&e))?;
    crate::files::write_atomic_private(path, text.as_bytes())
        .map_err(|e| format!("cannot write the ssh host key: {e}"))?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn scratch(name: &str) -> crate::files::scratch::Scratch {
        crate::files::scratch::scratch(&format!("ssh-hostkey-{name}"))
    }

    #[test]
    fn a_key_is_made_once_only_its_owner_reads_it_and_it_is_the_same_on_the_next_start() {
        let dir = scratch("kept");
        let made = load_or_make(&dir).unwrap();
        let mode = std::fs::metadata(dir.join(FILE))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let files: Vec<_> = std::fs::read_dir(&*dir).unwrap().collect();
        assert_eq!(
            files.len(),
            1,
            "the key alone, no temporary file left: {files:?}"
        );
        let again = load_or_make(&dir).unwrap();
        assert_eq!(fingerprint(&made), fingerprint(&again));
        assert!(fingerprint(&made).starts_with("SHA256:"));
    }

    #[test]
    fn a_corrupt_key_file_is_refused_naming_it_and_left_alone() {
        let dir = scratch("corrupt");
        let path = dir.join(FILE);
        std::fs::write(&path, "-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n").unwrap();
        let err = load_or_make(&dir).unwrap_err();
        assert!(err.contains(&path.display().to_string()), "{err}");
        assert!(err.contains("not an ssh private key"), "{err}");
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(kept.contains("garbage"), "the file is not replaced");
    }

    #[test]
    fn a_fifo_a_folder_or_a_huge_file_in_the_keys_place_is_refused_not_read() {
        let dir = scratch("hostile");
        let path = dir.join(FILE);
        let fifo = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(fifo.unwrap().success());
        let err = load_or_make(&dir).unwrap_err();
        assert!(err.contains("not a regular file"), "{err}");
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        let err = load_or_make(&dir).unwrap_err();
        assert!(err.contains("is a folder"), "{err}");
        std::fs::remove_dir(&path).unwrap();
        let file = std::fs::File::create(&path).unwrap();
        file.set_len(1 << 30).unwrap();
        let err = load_or_make(&dir).unwrap_err();
        assert!(err.contains("more than the limit"), "{err}");
        assert!(err.contains(&path.display().to_string()), "{err}");
    }
}
