//! The first frame of every connection: the protocol the client speaks, its hexdeep version
//! and the name it plays under. A server refuses a client of another protocol with a message
//! naming both, and a name nobody could type at a prompt or read in a roster.

use super::frame::{self, FrameError};
use serde::{Deserialize, Serialize};
use std::io::Read;

/// The protocol this build speaks: it changes whenever a message changes shape.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest hello frame: a version and a short name.
pub const MAX_HELLO: usize = 256;

/// The longest name, in characters (as a hotseat name: it fits the sidebar's roster).
pub const MAX_NAME_CHARS: usize = 12;

/// What a client says first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol the client speaks ([`PROTOCOL_VERSION`] of its build).
    pub protocol: u32,
    /// The client's hexdeep version, to name in a refusal.
    pub game: String,
    /// The name the client plays or watches under.
    pub name: String,
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
    /// The first frame is not a hello.
    #[error("the first message is not a hello: {0}")]
    NotHello(String),
}

impl Hello {
    /// This build's hello under `name`.
    pub fn new(name: &str) -> Hello {
        Hello {
            protocol: PROTOCOL_VERSION,
            game: env!("CARGO_PKG_VERSION").to_string(),
            name: name.to_string(),
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
            .map_err(|e| Refusal::NotHello(e.to_string()))
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
        check_name(&self.name).map_err(Refusal::BadName)
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
    fn names_nobody_could_type_or_read_are_refused() {
        for bad in ["", "a name", "Ann\u{1b}[2J", "abcdefghijklm", "x/y"] {
            let hello = Hello::new(bad);
            assert!(matches!(hello.check(), Err(Refusal::BadName(_))), "{bad:?}");
        }
        let refusal = Hello::new("A\u{7}").check().unwrap_err().to_string();
        assert!(!refusal.chars().any(char::is_control), "{refusal:?}");
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
