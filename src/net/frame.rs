//! Length-delimited frames: a frame is its length as four bytes (big-endian) and then that
//! many bytes. The reader refuses a length over its limit before it reads or allocates
//! anything, so a peer can never make it hold more than the limit; the payload is decoded with
//! the saves' bounded encoding (`persist::codec`, bincode through serde) under the frame's limit,
//! which refuses bytes left over.

use crate::persist::codec::{self, CodecError};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::io::{self, Read, Write};

/// The most bytes a value inside a frame may claim while it is decoded: no frame is larger.
pub const MAX_FRAME: usize = 1 << 20;

/// Why a frame could not be read, written or decoded.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The peer announced a frame longer than the reader accepts.
    #[error("a frame of {len} bytes is longer than the limit of {limit}")]
    TooLarge {
        /// The announced length.
        len: u64,
        /// The reader's limit.
        limit: usize,
    },
    /// The connection ended inside a frame.
    #[error("the connection ended inside a frame ({got} of {want} bytes)")]
    Truncated {
        /// Bytes received.
        got: usize,
        /// Bytes announced.
        want: usize,
    },
    /// The bytes of a frame are not a value of the expected kind.
    #[error("a malformed frame: {0}")]
    Malformed(String),
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// The frame's payload for `value`.
pub fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, FrameError> {
    codec::encode_within::<T, MAX_FRAME>(value).map_err(malformed)
}

/// The value in a frame's payload, which must hold exactly one.
pub fn decode<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
    codec::decode_within::<T, MAX_FRAME>(payload).map_err(malformed)
}

/// A frame's error for the bounded encoding's.
fn malformed(error: CodecError) -> FrameError {
    match error {
        CodecError::TooLarge { len, limit } => FrameError::TooLarge {
            len: len as u64,
            limit,
        },
        CodecError::Trailing(left) => {
            FrameError::Malformed(format!("{left} bytes left over after the message"))
        }
        CodecError::Encode(why) | CodecError::Decode(why) => FrameError::Malformed(why),
    }
}

/// Writes `payload` as one frame.
pub fn write_frame(out: &mut impl Write, payload: &[u8]) -> Result<(), FrameError> {
    let len = length_of(payload)?;
    out.write_all(&len.to_be_bytes())?;
    out.write_all(payload)?;
    out.flush()?;
    Ok(())
}

/// Reads one frame of at most `limit` bytes: `None` when the connection ended cleanly between
/// frames.
pub fn read_frame(input: &mut impl Read, limit: usize) -> Result<Option<Vec<u8>>, FrameError> {
    let mut head = [0u8; 4];
    let got = read_up_to(input, &mut head)?;
    if got == 0 {
        return Ok(None);
    }
    if got < head.len() {
        return Err(FrameError::Truncated { got, want: 4 });
    }
    let len = announced(head, limit)?;
    let mut payload = vec![0u8; len];
    let got = read_up_to(input, &mut payload)?;
    if got < payload.len() {
        return Err(FrameError::Truncated {
            got,
            want: payload.len(),
        });
    }
    Ok(Some(payload))
}

/// The length a frame of `payload` announces: refused over [`MAX_FRAME`].
pub(super) fn length_of(payload: &[u8]) -> Result<u32, FrameError> {
    u32::try_from(payload.len())
        .ok()
        .filter(|&len| len as usize <= MAX_FRAME)
        .ok_or(FrameError::TooLarge {
            len: payload.len() as u64,
            limit: MAX_FRAME,
        })
}

/// The length a frame's `head` announces, refused over `limit` (and [`MAX_FRAME`]) before
/// anything is read or allocated for it.
pub(super) fn announced(head: [u8; 4], limit: usize) -> Result<usize, FrameError> {
    let len = u32::from_be_bytes(head);
    let limit = limit.min(MAX_FRAME);
    if len as usize > limit {
        return Err(FrameError::TooLarge {
            len: u64::from(len),
            limit,
        });
    }
    Ok(len as usize)
}

/// Fills `buf` as far as the input goes: how many bytes it got before the end.
fn read_up_to(input: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn framed(payloads: &[&[u8]]) -> Vec<u8> {
        let mut out = Vec::new();
        for p in payloads {
            write_frame(&mut out, p).unwrap();
        }
        out
    }

    #[test]
    fn frames_come_back_in_order_and_a_clean_end_is_none() {
        let bytes = framed(&[b"one", b"", b"three"]);
        let mut input = bytes.as_slice();
        assert_eq!(read_frame(&mut input, 64).unwrap().unwrap(), b"one");
        assert_eq!(read_frame(&mut input, 64).unwrap().unwrap(), b"");
        assert_eq!(read_frame(&mut input, 64).unwrap().unwrap(), b"three");
        assert!(read_frame(&mut input, 64).unwrap().is_none());
    }

    #[test]
    fn a_length_over_the_limit_is_refused_before_the_payload_is_read() {
        // Only the length is there: a reader that read on would see a truncated frame.
        let head = u32::MAX.to_be_bytes();
        let err = read_frame(&mut head.as_slice(), 1000).unwrap_err();
        assert!(
            matches!(err, FrameError::TooLarge { len, limit: 1000 } if len == u64::from(u32::MAX)),
            "{err}"
        );
    }

    #[test]
    fn an_end_inside_a_frame_is_truncated_not_a_clean_end() {
        let bytes = framed(&[b"hello"]);
        for cut in 1..bytes.len() {
            let err = read_frame(&mut &bytes[..cut], 64).unwrap_err();
            assert!(
                matches!(err, FrameError::Truncated { .. }),
                "cut {cut}: {err}"
            );
        }
    }

    #[test]
    fn a_payload_with_bytes_left_over_is_malformed() {
        let mut payload = encode(&7u32).unwrap();
        payload.push(0);
        assert!(matches!(
            decode::<u32>(&payload),
            Err(FrameError::Malformed(_))
        ));
    }

    proptest! {
        #[test]
        fn any_bytes_read_as_frames_give_frames_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            let mut input = bytes.as_slice();
            for _ in 0..200 {
                match read_frame(&mut input, 64) {
                    Ok(Some(frame)) => prop_assert!(frame.len() <= 64),
                    Ok(None) | Err(_) => break,
                }
            }
        }

        #[test]
        fn any_bytes_decoded_give_a_value_that_survives_encoding_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            if let Ok(value) = decode::<(u32, String, Vec<u64>)>(&bytes) {
                prop_assert_eq!(decode::<(u32, String, Vec<u64>)>(&encode(&value).unwrap()).unwrap(), value);
            }
        }

        #[test]
        fn a_value_survives_a_frame(value in (any::<u32>(), ".{0,40}", proptest::collection::vec(any::<i64>(), 0..20))) {
            let mut wire = Vec::new();
            write_frame(&mut wire, &encode(&value).unwrap()).unwrap();
            let payload = read_frame(&mut wire.as_slice(), MAX_FRAME).unwrap().unwrap();
            prop_assert_eq!(decode::<(u32, String, Vec<i64>)>(&payload).unwrap(), value);
        }
    }
}
