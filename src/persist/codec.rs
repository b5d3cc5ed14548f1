//! The one place that knows bincode: a bounded encoding of any serde value. Decoding refuses a
//! payload that would need more than the limit and one with bytes left over.

use serde::Serialize;
use serde::de::DeserializeOwned;

/// The largest payload encoded or decoded.
pub const MAX_PAYLOAD: usize = 64 << 20;

/// Why a payload could not be encoded or decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CodecError {
    /// The value does not fit the format or the limit.
    #[error("cannot encode: {0}")]
    Encode(String),
    /// The bytes are not a value of the expected type.
    #[error("cannot decode: {0}")]
    Decode(String),
    /// The bytes hold a value followed by more bytes.
    #[error("{0} bytes are left over after the saved game")]
    Trailing(usize),
}

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<MAX_PAYLOAD>()
}

/// The bytes of `value`.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, CodecError> {
    let bytes = bincode::serde::encode_to_vec(value, config())
        .map_err(|e| CodecError::Encode(e.to_string()))?;
    if bytes.len() > MAX_PAYLOAD {
        return Err(CodecError::Encode(format!(
            "{} bytes, more than the limit of {MAX_PAYLOAD}",
            bytes.len()
        )));
    }
    Ok(bytes)
}

/// The value in `bytes`, which must hold exactly one.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    let (value, used) = bincode::serde::decode_from_slice(bytes, config())
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
