//! The one place that knows bincode: a bounded encoding of any serde value. Decoding refuses a
//! payload that would need more than the limit and one with bytes left over.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The largest payload encoded or decoded.
pub const MAX_PAYLOAD: usize = 64 << 20;

/// Why a payload could not be encoded or decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CodecError {
    /// The value does not fit the format.
    #[error("cannot encode: {0}")]
    Encode(String),
    /// The value's bytes are more than the limit.
    #[error("cannot encode: {len} bytes, more than the limit of {limit}")]
    TooLarge {
        /// How many bytes the value took.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// The bytes are not a value of the expected type.
    #[error("cannot decode: {0}")]
    Decode(String),
    /// The bytes hold a value followed by more bytes.
    #[error("{0} bytes are left over after the saved game")]
    Trailing(usize),
}

fn config<const LIMIT: usize>() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<LIMIT>()
}

/// The bytes of `value`, at most [`MAX_PAYLOAD`].
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, CodecError> {
    encode_within::<T, MAX_PAYLOAD>(value)
}

/// The value in `bytes`, which must hold exactly one, needing at most [`MAX_PAYLOAD`].
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    decode_within::<T, MAX_PAYLOAD>(bytes)
}

/// The bytes of `value`, at most `LIMIT` (a network frame's limit, a save's).
pub fn encode_within<T: Serialize, const LIMIT: usize>(value: &T) -> Result<Vec<u8>, CodecError> {
    let bytes = bincode::serde::encode_to_vec(value, config::<LIMIT>())
        .map_err(|e| CodecError::Encode(e.to_string()))?;
    if bytes.len() > LIMIT {
        return Err(CodecError::TooLarge {
            len: bytes.len(),
            limit: LIMIT,
        });
    }
    Ok(bytes)
}

/// The value in `bytes`, which must hold exactly one, refused when decoding it would need
/// more than `LIMIT` bytes.
pub fn decode_within<T: DeserializeOwned, const LIMIT: usize>(
    bytes: &[u8],
) -> Result<T, CodecError> {
    let (value, used) = bincode::serde::decode_from_slice(bytes, config::<LIMIT>())
        .map_err(|e| CodecError::Decode(e.to_string()))?;
    if used != bytes.len() {
        return Err(CodecError::Trailing(bytes.len() - used));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn trailing_bytes_are_refused() {
        let mut bytes = encode(&(1u32, "x".to_string())).unwrap();
        assert_eq!(
            decode::<(u32, String)>(&bytes).unwrap(),
            (1, "x".to_string())
        );
        bytes.push(0);
        assert_eq!(
            decode::<(u32, String)>(&bytes),
            Err(CodecError::Trailing(1))
        );
    }

    #[test]
    fn a_huge_length_is_refused_without_allocating() {
        // A vector claiming 2^60 elements.
        let bytes = [0xfd, 0, 0, 0, 0, 0, 0, 0, 0x10];
        assert!(decode::<Vec<u64>>(&bytes).is_err());
    }

    proptest! {
        #[test]
        fn round_trips(v in proptest::collection::vec(any::<(u32, i64, bool)>(), 0..50), s in ".*") {
            let bytes = encode(&(v.clone(), s.clone())).unwrap();
            prop_assert_eq!(decode::<(Vec<(u32, i64, bool)>, String)>(&bytes).unwrap(), (v, s));
        }
    }
}
