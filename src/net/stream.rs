//! Frames over an asynchronous connection: the same frames as [`super::frame`], read with the
//! same limits before anything is allocated.

use super::frame::{self, FrameError};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// Writes `payload` as one frame.
pub async fn write_frame(
    out: &mut (impl AsyncWrite + Unpin),
    payload: &[u8],
) -> Result<(), FrameError> {
    let len = frame::length_of(payload)?;
    out.write_all(&len.to_be_bytes()).await?;
    out.write_all(payload).await?;
    out.flush().await?;
    Ok(())
}

/// Reads one frame of at most `limit` bytes: `None` when the connection ended cleanly
/// between frames.
pub async fn read_frame(
    input: &mut (impl AsyncRead + Unpin),
    limit: usize,
) -> Result<Option<Vec<u8>>, FrameError> {
    let mut head = [0u8; 4];
    let got = read_up_to(input, &mut head).await?;
    if got == 0 {
        return Ok(None);
    }
    if got < head.len() {
        return Err(FrameError::Truncated { got, want: 4 });
    }
    let len = frame::announced(head, limit)?;
    let mut payload = vec![0u8; len];
    let got = read_up_to(input, &mut payload).await?;
    if got < len {
        return Err(FrameError::Truncated { got, want: len });
    }
    Ok(Some(payload))
}

async fn read_up_to(
    input: &mut (impl AsyncRead + Unpin),
    buf: &mut [u8],
) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]).await? {
            0 => break,
            n => got += n,
        }
    }
    Ok(got)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_async_reader_reads_what_the_plain_writer_wrote_and_the_reverse() {
        let mut wire = Vec::new();
        crate::net::frame::write_frame(&mut wire, b"north").unwrap();
        write_frame(&mut wire, b"south").await.unwrap();
        let mut input = wire.as_slice();
        assert_eq!(read_frame(&mut input, 64).await.unwrap().unwrap(), b"north");
        let mut rest = input;
        assert_eq!(
            crate::net::frame::read_frame(&mut rest, 64)
                .unwrap()
                .unwrap(),
            b"south"
        );
        assert!(read_frame(&mut rest, 64).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn a_length_over_the_limit_is_refused_before_the_payload_is_read() {
        let head = 65u32.to_be_bytes();
        let err = read_frame(&mut head.as_slice(), 64).await.unwrap_err();
        assert!(
            matches!(err, FrameError::TooLarge { len: 65, limit: 64 }),
            "{err}"
        );
    }

    #[tokio::test]
    async fn an_end_inside_a_frame_is_truncated() {
        let mut wire = Vec::new();
        write_frame(&mut wire, b"abc").await.unwrap();
        for cut in 1..wire.len() {
            let err = read_frame(&mut &wire[..cut], 64).await.unwrap_err();
            assert!(
                matches!(err, FrameError::Truncated { .. }),
                "cut {cut}: {err}"
            );
        }
    }
}
