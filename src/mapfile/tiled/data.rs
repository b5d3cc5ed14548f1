//! Tile layer data: CSV or base64, uncompressed, zlib or gzip, decoded with bounds.

use base64::Engine as _;
use std::io::Read;

/// Decodes `count` GIDs from layer data text.
pub fn decode(
    text: &str,
    encoding: Option<&str>,
    compression: Option<&str>,
    count: usize,
) -> Result<Vec<u32>, String> {
    if count > crate::map::MAX_STORAGE {
        return Err(format!(
            "a layer of {count} tiles is larger than the limit of {}",
            crate::map::MAX_STORAGE
        ));
    }
    match encoding.unwrap_or("csv") {
        "csv" => csv(text, count),
        "base64" => {
            let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let raw = base64::engine::general_purpose::STANDARD
                .decode(clean.as_bytes())
                .map_err(|e| format!("bad base64 layer data: {e}"))?;
            let bytes = decompress(&raw, compression.unwrap_or(""), count * 4)?;
            from_bytes(&bytes, count)
        }
        other => Err(format!("layer encoding {other:?}: expected csv or base64")),
    }
}

/// GIDs from the little-endian bytes of a layer, which must be exactly `count * 4` long.
pub fn from_bytes(bytes: &[u8], count: usize) -> Result<Vec<u32>, String> {
    if bytes.len() != count * 4 {
        return Err(format!(
            "decoded layer data is {} bytes: expected width x height x 4 = {}",
            bytes.len(),
            count * 4
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect())
}

fn csv(text: &str, count: usize) -> Result<Vec<u32>, String> {
    let mut out = Vec::with_capacity(count.min(1 << 16));
    for token in text.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        if out.len() == count {
            return Err(format!("the CSV layer data has more than {count} GIDs"));
        }
        out.push(
            token
                .parse::<u32>()
                .map_err(|_| format!("bad GID {token:?} in CSV layer data: expected a number"))?,
        );
    }
    if out.len() == count {
        Ok(out)
    } else {
        Err(format!(
            "the CSV layer data has {} GIDs: expected width x height = {count}",
            out.len()
        ))
    }
}

/// Decompresses at most `expected + 1` bytes, so a bomb is cut short and reported by size.
fn decompress(raw: &[u8], compression: &str, expected: usize) -> Result<Vec<u8>, String> {
    let limit = expected as u64 + 1;
    let mut out = Vec::new();
    let result = match compression {
        "" => return Ok(raw.to_vec()),
        "zlib" => flate2::read::ZlibDecoder::new(raw)
            .take(limit)
            .read_to_end(&mut out),
        "gzip" => flate2::read::GzDecoder::new(raw)
            .take(limit)
            .read_to_end(&mut out),
        "zstd" => {
            return Err(
                "zstd compression is not supported: save the map with zlib, gzip or no compression"
                    .to_owned(),
            );
        }
        other => {
            return Err(format!(
                "compression {other:?}: expected zlib, gzip or none"
            ));
        }
    };
    result.map_err(|e| format!("bad {compression} layer data: {e}"))?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_counts_must_match() {
        assert_eq!(decode("1,2,\n3,0", None, None, 4), Ok(vec![1, 2, 3, 0]));
        assert!(decode("1,2", None, None, 3).is_err());
        assert!(decode("1,x,3", Some("csv"), None, 3).is_err());
    }

    #[test]
    fn zstd_is_refused_clearly() {
        let err = decode("AAAA", Some("base64"), Some("zstd"), 1).unwrap_err();
        assert!(err.contains("not supported"), "{err}");
    }

    #[test]
    fn base64_size_is_checked() {
        // "AQAAAA==" is the bytes 1, 0, 0, 0: one GID.
        assert_eq!(decode("AQAAAA==", Some("base64"), None, 1), Ok(vec![1]));
        assert!(decode("AQAAAA==", Some("base64"), None, 2).is_err());
    }
}
