//! The file format of saves, replays and the hall of fame: a header, then a bounded payload.
//!
//! ```text
//! magic      8 bytes  "HEXDEEP\0"
//! format     u32 LE   FORMAT_VERSION
//! kind       u8       what the payload is (a save, a finished game, the hall of fame)
//! game       u8 + n   the game's version, as text (at most 64 bytes)
//! rng        u8 + n   the generator's id, as text (at most 64 bytes)
//! hash       u32 LE   the turn hash's version
//! rules      u32 LE   the rules' version (format 2 on)
//! content    u64 LE   a hash of the monsters, items and player data played with (format 2 on)
//! length     u64 LE   the payload's length (at most MAX_PAYLOAD)
//! crc        u32 LE   CRC-32 of everything above and the payload
//! payload    length bytes, the codec's encoding
//! ```

use super::codec::{self, CodecError, MAX_PAYLOAD};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The first bytes of every hexdeep file.
pub const MAGIC: &[u8; 8] = b"HEXDEEP\0";

/// The version of this layout and of the payloads' types (`persist::schema`). Raise it when
/// either changes, with a migration from the one before.
pub const FORMAT_VERSION: u32 = 7;

/// The oldest format this build still reads (and migrates).
pub const OLDEST_FORMAT: u32 = 1;

/// The longest version or generator text in a header.
const MAX_TEXT: usize = 64;

/// What a file holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game in progress.
    Save,
    /// A game that ended: a replay.
    Finished,
    /// The hall of fame.
    Scores,
}

impl Kind {
    fn byte(self) -> u8 {
        match self {
            Kind::Save => 1,
            Kind::Finished => 2,
            Kind::Scores => 3,
        }
    }

    fn from_byte(b: u8) -> Option<Kind> {
        match b {
            1 => Some(Kind::Save),
            2 => Some(Kind::Finished),
            3 => Some(Kind::Scores),
            _ => None,
        }
    }

    /// Words for messages.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Save => "a saved game",
            Kind::Finished => "a finished game",
            Kind::Scores => "a hall of fame",
        }
    }
}

/// A file's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The layout's version.
    pub format: u32,
    /// What the file holds.
    pub kind: Kind,
    /// The version of hexdeep that wrote it.
    pub game_version: String,
    /// The random generator's id.
    pub rng: String,
    /// The turn hash's version.
    pub hash_version: u32,
    /// The rules' version (1 for format 1: hexdeep 0.1.0).
    pub rules_version: u32,
    /// The hash of the content the game was played with (`None` in format 1, which had no
    /// such field: 0.1.0 played with its bundled data).
    pub content_hash: Option<u64>,
}

impl Header {
    /// The header this build writes for a file of `kind` whose game was played with the
    /// content of hash `content` (none for the hall of fame).
    pub fn current(kind: Kind, content: Option<u64>) -> Header {
        Header {
            format: FORMAT_VERSION,
            kind,
            game_version: env!("CARGO_PKG_VERSION").to_string(),
            rng: crate::rng::RNG_ID.to_string(),
            hash_version: crate::sim::TURN_HASH_VERSION,
            rules_version: crate::sim::RULES_VERSION,
            content_hash: content,
        }
    }
}

/// Why a file's bytes are not a readable hexdeep file.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FormatError {
    /// Empty.
    #[error("the file is empty")]
    Empty,
    /// Not ours.
    #[error("this is not a hexdeep file")]
    NotOurs,
    /// Written by a newer hexdeep.
    #[error(
        "written by a newer version of hexdeep (format {found}; this build reads up to {FORMAT_VERSION})"
    )]
    Newer {
        /// The file's format.
        found: u32,
    },
    /// Written in an older format this build no longer reads.
    #[error(
        "written in format {found}, which this version of hexdeep (format {FORMAT_VERSION}) cannot read"
    )]
    Older {
        /// The file's format.
        found: u32,
    },
    /// Another kind of file than wanted.
    #[error("this is {found}, not {wanted}")]
    WrongKind {
        /// What it is.
        found: &'static str,
        /// What was wanted.
        wanted: &'static str,
    },
    /// A generator this build does not have.
    #[error("it was made with the random generator {0:?}, which this build does not have")]
    Generator(String),
    /// Cut short.
    #[error("the file is cut short (truncated)")]
    Truncated,
    /// Longer than its header says.
    #[error("the file has {0} bytes more than its header says")]
    TooLong(u64),
    /// A payload past the limit.
    #[error("the header claims a payload of {0} bytes, more than the limit of {MAX_PAYLOAD}")]
    Oversized(u64),
    /// The checksum does not match.
    #[error("the file is damaged (its checksum does not match)")]
    Damaged,
    /// The payload is not what it should be.
    #[error("{0}")]
    Payload(#[from] CodecError),
    /// The payload decodes but does not make a game (the schema's checks).
    #[error("the saved game does not hold together: {0}")]
    Unreadable(String),
    /// Written by another version of hexdeep whose saves this one cannot read.
    #[error("written by hexdeep {found}, whose saves this version ({}) cannot read ({why})", env!("CARGO_PKG_VERSION"))]
    OtherVersion {
        /// The version that wrote it.
        found: String,
        /// What failed.
        why: String,
    },
    /// The header itself is malformed.
    #[error("the header is malformed: {0}")]
    BadHeader(&'static str),
}

/// The bytes of a file of `kind` holding `value`.
pub fn encode<T: Serialize>(kind: Kind, value: &T) -> Result<Vec<u8>, FormatError> {
    Ok(frame(kind, None, &codec::encode(value)?))
}

/// The bytes of a file of `kind` around an encoded payload.
pub fn frame(kind: Kind, content: Option<u64>, payload: &[u8]) -> Vec<u8> {
    let header = Header::current(kind, content);
    let mut out = Vec::with_capacity(payload.len() + 128);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&header.format.to_le_bytes());
    out.push(kind.byte());
    push_text(&mut out, &header.game_version);
    push_text(&mut out, &header.rng);
    out.extend_from_slice(&header.hash_version.to_le_bytes());
    out.extend_from_slice(&header.rules_version.to_le_bytes());
    out.extend_from_slice(&header.content_hash.unwrap_or(0).to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&out);
    crc.update(payload);
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    out.extend_from_slice(payload);
    out
}

fn push_text(out: &mut Vec<u8>, text: &str) {
    let bytes = &text.as_bytes()[..text.len().min(MAX_TEXT)];
    out.push(bytes.len() as u8);
    out.extend_from_slice(bytes);
}

/// A reader over a file's bytes that fails with [`FormatError::Truncated`] at the end.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], FormatError> {
        let end = self.at.checked_add(n).ok_or(FormatError::Truncated)?;
        let part = self.bytes.get(self.at..end).ok_or(FormatError::Truncated)?;
        self.at = end;
        Ok(part)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], FormatError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn text(&mut self) -> Result<String, FormatError> {
        let [n] = self.array::<1>()?;
        if usize::from(n) > MAX_TEXT {
            return Err(FormatError::BadHeader("a version text is too long"));
        }
        let bytes = self.take(usize::from(n))?;
        String::from_utf8(bytes.to_vec())
            .map_err(|_| FormatError::BadHeader("a version is not text"))
    }
}

/// Reads the header of a file's bytes, checking the magic and the format version only.
pub fn peek_header(bytes: &[u8]) -> Result<Header, FormatError> {
    read_header(bytes).map(|(h, _, _)| h)
}

fn read_header(bytes: &[u8]) -> Result<(Header, u64, usize), FormatError> {
    if bytes.is_empty() {
        return Err(FormatError::Empty);
    }
    let mut r = Reader { bytes, at: 0 };
    let magic = r.take(MAGIC.len()).map_err(|_| FormatError::NotOurs)?;
    if magic != MAGIC {
        return Err(FormatError::NotOurs);
    }
    let format = u32::from_le_bytes(r.array()?);
    if format > FORMAT_VERSION {
        return Err(FormatError::Newer { found: format });
    }
    if format < OLDEST_FORMAT {
        return Err(FormatError::Older { found: format });
    }
    let [kind] = r.array::<1>()?;
    let kind = Kind::from_byte(kind).ok_or(FormatError::BadHeader("unknown kind of file"))?;
    let game_version = r.text()?;
    let rng = r.text()?;
    let hash_version = u32::from_le_bytes(r.array()?);
    let (rules_version, content_hash) = if format >= 2 {
        let rules = u32::from_le_bytes(r.array()?);
        // 0 stands for none (the hall of fame).
        let content = u64::from_le_bytes(r.array()?);
        (rules, (content != 0).then_some(content))
    } else {
        (1, None)
    };
    let length = u64::from_le_bytes(r.array()?);
    let header = Header {
        format,
        kind,
        game_version,
        rng,
        hash_version,
        rules_version,
        content_hash,
    };
    Ok((header, length, r.at))
}

/// The header of a file's bytes once their length and checksum are checked, without decoding
/// the payload: whether the file is sound as written.
pub fn check(bytes: &[u8]) -> Result<Header, FormatError> {
    framed(bytes).map(|(h, _)| h)
}

/// The header and the payload of a file's bytes, checked against the length and the checksum.
fn framed(bytes: &[u8]) -> Result<(Header, &[u8]), FormatError> {
    let (header, length, at) = read_header(bytes)?;
    if length > MAX_PAYLOAD as u64 {
        return Err(FormatError::Oversized(length));
    }
    let mut r = Reader { bytes, at };
    let crc = u32::from_le_bytes(r.array()?);
    let payload = r.take(length as usize)?;
    if r.at < bytes.len() {
        return Err(FormatError::TooLong((bytes.len() - r.at) as u64));
    }
    let mut check = crc32fast::Hasher::new();
    check.update(&bytes[..at]);
    check.update(payload);
    if check.finalize() != crc {
        return Err(FormatError::Damaged);
    }
    Ok((header, payload))
}

/// The header and the payload of a file's bytes, which must be of `kind`, checked against
/// the length and the checksum.
pub fn open(kind: Kind, bytes: &[u8]) -> Result<(Header, &[u8]), FormatError> {
    let (header, payload) = framed(bytes)?;
    if header.kind != kind {
        return Err(FormatError::WrongKind {
            found: header.kind.describe(),
            wanted: kind.describe(),
        });
    }
    if header.rng != crate::rng::RNG_ID {
        return Err(FormatError::Generator(crate::text::escape_controls(
            &header.rng,
        )));
    }
    Ok((header, payload))
}

/// Why a payload could not be read, told as the version that wrote it when that is another
/// one (an unreadable file from another release is not damage).
pub fn payload_error(header: &Header, why: String) -> FormatError {
    if header.game_version == env!("CARGO_PKG_VERSION") {
        FormatError::Unreadable(why)
    } else {
        FormatError::OtherVersion {
            found: crate::text::escape_controls(&header.game_version),
            why,
        }
    }
}

/// The header and value in a file's bytes of the current format, which must be of `kind`.
pub fn decode<T: DeserializeOwned>(kind: Kind, bytes: &[u8]) -> Result<(Header, T), FormatError> {
    let (header, payload) = open(kind, bytes)?;
    if header.format != FORMAT_VERSION {
        return Err(FormatError::Older {
            found: header.format,
        });
    }
    let value = codec::decode(payload).map_err(|e| payload_error(&header, e.to_string()))?;
    Ok((header, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> Vec<u8> {
        encode(Kind::Save, &(7u64, vec!["a".to_string(); 20], -3i32)).unwrap()
    }

    type Sample = (u64, Vec<String>, i32);

    #[test]
    fn a_file_reads_back() {
        let (h, v): (Header, Sample) = decode(Kind::Save, &sample()).unwrap();
        assert_eq!(h, Header::current(Kind::Save, None));
        assert_eq!(v.0, 7);
    }

    #[test]
    fn every_truncation_is_refused() {
        let bytes = sample();
        for n in 0..bytes.len() {
            assert!(decode::<Sample>(Kind::Save, &bytes[..n]).is_err(), "{n}");
        }
        assert_eq!(
            decode::<Sample>(Kind::Save, &[]).unwrap_err(),
            FormatError::Empty
        );
    }

    #[test]
    fn wrong_magic_future_versions_and_other_kinds_are_named() {
        let mut bytes = sample();
        assert_eq!(
            decode::<Sample>(Kind::Finished, &bytes).unwrap_err(),
            FormatError::WrongKind {
                found: "a saved game",
                wanted: "a finished game"
            }
        );
        bytes[8] = 9;
        assert_eq!(
            decode::<Sample>(Kind::Save, &bytes).unwrap_err(),
            FormatError::Newer { found: 9 }
        );
        bytes[8] = 0;
        assert_eq!(
            decode::<Sample>(Kind::Save, &bytes).unwrap_err(),
            FormatError::Older { found: 0 }
        );
        bytes[0] = b'X';
        assert_eq!(
            decode::<Sample>(Kind::Save, &bytes).unwrap_err(),
            FormatError::NotOurs
        );
        let mut long = sample();
        long.push(1);
        assert_eq!(
            decode::<Sample>(Kind::Save, &long).unwrap_err(),
            FormatError::TooLong(1)
        );
    }

    #[test]
    fn an_oversized_length_is_refused_before_reading() {
        let bytes = sample();
        let (_, _, at) = read_header(&bytes).unwrap();
        let mut bad = bytes.clone();
        bad[at - 8..at].copy_from_slice(&u64::MAX.to_le_bytes());
        assert_eq!(
            decode::<Sample>(Kind::Save, &bad).unwrap_err(),
            FormatError::Oversized(u64::MAX)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn a_flipped_bit_is_refused(bit in 0usize..10_000) {
            let mut bytes = sample();
            let bit = bit % (bytes.len() * 8);
            bytes[bit / 8] ^= 1 << (bit % 8);
            prop_assert!(decode::<Sample>(Kind::Save, &bytes).is_err());
        }
    }
}
