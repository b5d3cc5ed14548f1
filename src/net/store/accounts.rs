//! Accounts: a name is claimed by the first credential used with it — a password (kept only
//! as an Argon2 hash) or an ssh key (by its fingerprint) — and every later use must show the
//! same. A name never claimed is nobody's: a player without a password plays under it
//! unprotected, and the first to claim it holds it from then on.

use super::Store;
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rusqlite::{OptionalExtension, params};

/// The longest password, in bytes.
pub const MAX_PASSWORD: usize = 128;

/// What a player shows for a name.
#[derive(Clone, PartialEq, Eq)]
pub enum Credential {
    /// Nothing: the name is played unclaimed, if nobody has claimed it.
    None,
    /// A password.
    Password(String),
    /// An ssh key, by its fingerprint (`SHA256:...`).
    SshKey(String),
}

impl std::fmt::Debug for Credential {
    // Never a password in a log or a panic message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Credential::None => f.write_str("None"),
            Credential::Password(_) => f.write_str("Password(..)"),
            Credential::SshKey(key) => write!(f, "SshKey({key})"),
        }
    }
}

/// What a claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The name was nobody's and now is the credential's.
    New,
    /// The name was claimed with this credential before.
    Known,
    /// The name is nobody's and stays so (no credential was shown).
    Unclaimed,
}

impl Store {
    /// `name` used with `credential`: claimed when it was nobody's, taken when the
    /// credential matches its claim, else refused saying why.
    pub fn claim(&mut self, name: &str, credential: &Credential) -> Result<Claim, String> {
        let row: Option<(Option<String>, Option<String>)> = self
            .conn
            .query_row(
                "SELECT password, ssh_key FROM accounts WHERE name = ?1",
                params![name],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
            .map_err(|e| self.failed(&e))?;
        let Some((password, key)) = row else {
            return self.create(name, credential);
        };
        let matches = match credential {
            Credential::Password(given) => password.as_deref().is_some_and(|h| verify(given, h)),
            Credential::SshKey(given) => key.as_deref() == Some(given.as_str()),
            Credential::None => false,
        };
        if matches {
            return Ok(Claim::Known);
        }
        Err(match (credential, password.is_some()) {
            (Credential::None, true) => format!("the name {name} is claimed: give its password"),
            (Credential::None, false) => {
                format!("the name {name} is claimed with an ssh key: connect with that key")
            }
            (Credential::Password(_), true) => format!("wrong password for {name}"),
            (Credential::Password(_), false) => {
                format!("the name {name} is claimed with an ssh key, not a password")
            }
            (Credential::SshKey(_), _) => format!("the name {name} is claimed with another key"),
        })
    }

    /// Claims `name`, nobody's yet, with `credential`.
    fn create(&mut self, name: &str, credential: &Credential) -> Result<Claim, String> {
        let (password, key) = match credential {
            Credential::None => return Ok(Claim::Unclaimed),
            Credential::Password(given) => (Some(hash(given)?), None),
            Credential::SshKey(key) => (None, Some(key.clone())),
        };
        self.conn
            .execute(
                "INSERT INTO accounts (name, password, ssh_key) VALUES (?1, ?2, ?3)",
                params![name, password, key],
            )
            .map_err(|e| self.failed(&e))?;
        Ok(Claim::New)
    }

    /// Whether `name` is claimed.
    pub fn is_claimed(&self, name: &str) -> Result<bool, String> {
        self.conn
            .query_row(
                "SELECT 1 FROM accounts WHERE name = ?1",
                params![name],
                |_| Ok(()),
            )
            .optional()
            .map(|found| found.is_some())
            .map_err(|e| self.failed(&e))
    }
}

/// Why `password` cannot be one.
pub fn check_password(password: &str) -> Result<(), String> {
    if password.len() > MAX_PASSWORD {
        return Err(format!(
            "the password has {} bytes; at most {MAX_PASSWORD}",
            password.len()
        ));
    }
    Ok(())
}

/// `password`'s hash, salted, as a PHC string.
fn hash(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether `password` is the one `hash` was made from.
fn verify(password: &str, hash: &str) -> bool {
    Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok()
}
