//! The first frame of every connection: the protocol the client speaks, its hexdeep version,
//! the name it plays under and the password that name is claimed with (empty for none). A server refuses a client of another protocol with a message
//! naming both, and a name nobody could type at a prompt or read in a roster.

use super::frame::{self, FrameError};
use serde::{Deserialize, Serialize};
use std::io::Read;

/// The protocol this build speaks: it changes whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 7;

/// The largest hello frame: a version, a short name and a password.
pub const MAX_HELLO: usize = 512;

/// The name `hexdeep watch` connects under unless given one: everyone's, never claimed, so
/// any spectator may use it (and it opens no hero's view while a game runs).
pub const SPECTATOR: &str = "spectator";

/// The longest name, in characters (as a hotseat name: it fits the sidebar's roster).
pub const MAX_NAME_CHARS: usize = 12;

/// What a client says first.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol the client speaks ([`PROTOCOL_VERSION`] of its build).
    pub protocol: u32,
    /// The client's hexdeep version, to name in a refusal.
    pub game: String,
    /// The name the client plays or watches under.
    pub name: String,
    /// The password the name is claimed with; empty for none (a name nobody has claimed is
    /// played unprotected).
    pub password: String,
}

impl std::fmt::Debug for Hello {
    // Never a password in a log or a panic message.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hello")
            .field("protocol", &self.protocol)
            .field("game", &self.game)
            .field("name", &self.name)
            .field(
                "password",
                &if self.password.is_empty() { "" } else { ".." },
            )
            .finish()
    }
}

/// The hello without a password (protocol 2, hexdeep 0.7.0, and the spectators' first
/// protocol 3), read only to name its version in the refusal.
#[derive(Deserialize)]
struct HelloV2 {
    protocol: u32,
    game: String,
    name: String,
}

impl From<HelloV2> for Hello {
    fn from(old: HelloV2) -> Hello {
        Hello {
            protocol: old.protocol,
            game: old.game,
            name: old.name,
            password: String::new(),
        }
    }
}

/// Why a server turns a client away.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The client speaks another protocol.
    #[error(
        "this server speaks hexdeep protocol {ours} (hexdeep {our_game}); the client speaks \
         protocol {theirs} (hexdeep {their_game}): use a hexdeep of protocol {ours}"
    )]
    OtherProtocol {
        /// The server's protocol.
        ours: u32,
        /// The server's hexdeep version.
        our_game: String,
        /// The client's protocol.
        theirs: u32,
        /// The client's hexdeep version, control characters escaped.
        their_game: String,
    },
    /// The name cannot be a player's.
    #[error("the name {0}")]
    BadName(String),
    /// The password is too long.
    #[error("{0}")]
    BadPassword(String),
    /// The first frame is not a hello.
    #[error("the first message is not a hello: {0}")]
    NotHello(String),
}

impl Hello {
    /// This build's hello under `name`, without a password.
    pub fn new(name: &str) -> Hello {
        Hello::with_password(name, "")
    }

    /// This build's hello under `name`, claimed with `password`.
    pub fn with_password(name: &str, password: &str) -> Hello {
        Hello {
            protocol: PROTOCOL_VERSION,
            game: env!("CARGO_PKG_VERSION").to_string(),
            name: name.to_string(),
            password: password.to_string(),
        }
    }

    /// The frame's payload.
    pub fn encode(&self) -> Result<Vec<u8>, FrameError> {
        frame::encode(self)
    }

    /// Reads the first frame of a connection as a hello and checks it: `Ok(None)` when the
    /// peer closed without a word; the outer error when the frame itself is broken.
    pub fn read(input: &mut impl Read) -> Result<Option<Result<Hello, Refusal>>, FrameError> {
        let Some(payload) = frame::read_frame(input, MAX_HELLO)? else {
            return Ok(None);
        };
        Ok(Some(Hello::from_payload(&payload)))
    }

    /// The hello in a first frame's payload, checked.
    pub fn from_payload(payload: &[u8]) -> Result<Hello, Refusal> {
        frame::decode::<Hello>(payload)
            .or_else(|e| {
                // Protocol 2's hello had no password: such a client is told the versions.
                frame::decode::<HelloV2>(payload)
                    .map(Hello::from)
                    .map_err(|_| Refusal::NotHello(e.to_string()))
            })
            .and_then(|hello| hello.check().map(|()| hello))
    }

    /// Whether a server of this build takes this client.
    pub fn check(&self) -> Result<(), Refusal> {
        if self.protocol != PROTOCOL_VERSION {
            return Err(Refusal::OtherProtocol {
                ours: PROTOCOL_VERSION,
                our_game: env!("CARGO_PKG_VERSION").to_string(),
                theirs: self.protocol,
                their_game: crate::text::escape_controls(&self.game),
            });
        }
        check_name(&self.name).map_err(Refusal::BadName)?;
        crate::net::store::accounts::check_password(&self.password).map_err(Refusal::BadPassword)
    }
}

/// Why `name` cannot be a player's on a server: it must be 1 to [`MAX_NAME_CHARS`] letters,
/// digits, `-` or `_`, so it is typed at any prompt (an ssh user name) and read in a roster.
pub fn check_name(name: &str) -> Result<(), String> {
    let shown = crate::text::escape_controls(name);
    let chars = name.chars().count();
    if chars == 0 {
        return Err("is empty".to_string());
    }
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "{shown} has {chars} characters; at most {MAX_NAME_CHARS}"
        ));
    }
    if let Some(bad) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || c == '-' || c == '_'))
    {
        return Err(format!(
            "{shown} holds {}: use letters, digits, - and _",
            crate::text::escape_controls(&bad.to_string())
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::frame::write_frame;
    use proptest::prelude::*;

    fn wire(hello: &Hello) -> Vec<u8> {
        let mut out = Vec::new();
        write_frame(&mut out, &hello.encode().unwrap()).unwrap();
        out
    }

    #[test]
    fn a_client_of_this_build_is_taken() {
        let hello = Hello::new("Ann");
        assert_eq!(
            Hello::read(&mut wire(&hello).as_slice()).unwrap(),
            Some(Ok(hello))
        );
    }

    #[test]
    fn a_client_of_another_protocol_is_refused_naming_both() {
        let hello = Hello {
            protocol: PROTOCOL_VERSION + 1,
            game: "9.9.9".into(),
            name: "Ann".into(),
            password: String::new(),
        };
        let refusal = Hello::read(&mut wire(&hello).as_slice())
            .unwrap()
            .unwrap()
            .unwrap_err();
        let text = refusal.to_string();
        assert!(
            text.contains(&format!("protocol {PROTOCOL_VERSION}")),
            "{text}"
        );
        assert!(
            text.contains(&format!("protocol {}", PROTOCOL_VERSION + 1)),
            "{text}"
        );
        assert!(
            text.contains("9.9.9") && text.contains(env!("CARGO_PKG_VERSION")),
            "{text}"
        );
    }

    #[test]
    fn a_client_of_protocol_2_or_3_without_a_password_is_told_both_versions() {
        #[derive(Serialize)]
        struct Old {
            protocol: u32,
            game: String,
            name: String,
        }
        for protocol in [2, 3] {
            let old = Old {
                protocol,
                game: "0.7.0".into(),
                name: "Ann".into(),
            };
            let refusal = Hello::from_payload(&frame::encode(&old).unwrap()).unwrap_err();
            assert!(
                matches!(refusal, Refusal::OtherProtocol { theirs, .. } if theirs == protocol),
                "{refusal:?}"
            );
        }
        // Protocol 3 with a password (accounts) is this hello's shape: told both too.
        let three = Hello {
            protocol: 3,
            ..Hello::with_password("Ann", "tulip")
        };
        let refusal = three.check().unwrap_err();
        assert!(
            matches!(
                refusal,
                Refusal::OtherProtocol {
                    theirs: 3,
                    ours: PROTOCOL_VERSION,
                    ..
                }
            ),
            "{refusal:?}"
        );
    }

    #[test]
    fn names_nobody_could_type_or_read_are_refused() {
        for bad in ["", "a name", "Ann\u{1b}[2J", "abcdefghijklm", "x/y"] {
            let hello = Hello::new(bad);
            assert!(matches!(hello.check(), Err(Refusal::BadName(_))), "{bad:?}");
        }
        let refusal = Hello::new("A\u{7}").check().unwrap_err().to_string();
        assert!(!refusal.chars().any(char::is_control), "{refusal:?}");
    }

    #[test]
    fn a_password_travels_in_the_hello_and_a_too_long_one_is_refused() {
        let hello = Hello::with_password("Ann", "s3cret");
        let read = Hello::read(&mut wire(&hello).as_slice()).unwrap().unwrap();
        assert_eq!(read.unwrap().password, "s3cret");
        let long = "x".repeat(crate::net::store::accounts::MAX_PASSWORD + 1);
        let refused = Hello::with_password("Ann", &long).check();
        assert!(
            matches!(refused, Err(Refusal::BadPassword(_))),
            "{refused:?}"
        );
        // The longest password and name still fit the hello frame.
        let most = "x".repeat(crate::net::store::accounts::MAX_PASSWORD);
        let name = "é".repeat(MAX_NAME_CHARS);
        assert!(wire(&Hello::with_password(&name, &most)).len() <= MAX_HELLO);
    }

    #[test]
    fn a_hello_never_shows_its_password_in_debug_output() {
        let shown = format!("{:?}", Hello::with_password("Ann", "s3cret"));
        assert!(
            !shown.contains("s3cret") && shown.contains("Ann"),
            "{shown}"
        );
    }

    #[test]
    fn a_first_frame_that_is_not_a_hello_is_refused_and_a_huge_one_never_read() {
        let mut out = Vec::new();
        write_frame(&mut out, &[0xff; 8]).unwrap();
        let read = Hello::read(&mut out.as_slice()).unwrap().unwrap();
        assert!(matches!(read, Err(Refusal::NotHello(_))), "{read:?}");
        let huge = (MAX_HELLO as u32 + 1).to_be_bytes();
        assert!(matches!(
            Hello::read(&mut huge.as_slice()),
            Err(FrameError::TooLarge { .. })
        ));
    }

    proptest! {
        #[test]
        fn a_taken_name_is_short_and_printable(name in ".{0,16}") {
            if check_name(&name).is_ok() {
                prop_assert!((1..=MAX_NAME_CHARS).contains(&name.chars().count()));
                prop_assert!(!name.chars().any(char::is_control));
            }
        }
    }
}
