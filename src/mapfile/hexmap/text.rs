//! Lines and positions in a text file.

/// The lines of a text, without their `\n` or `\r\n` endings.
pub fn lines(source: &str) -> Vec<&str> {
    source
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// The 1-based line and character column of byte `offset` (counting characters by their
/// UTF-8 lead bytes, so it works on bytes that are not all valid).
pub fn byte_position(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.split(|&b| b == b'\n').count();
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = before[start..]
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80)
        .count()
        + 1;
    (line, col)
}

/// The 1-based line and column of byte `offset` in `text`, where `text` starts at line
/// `first_line` (1-based), column 1.
pub fn position_in(text: &str, offset: usize, first_line: usize) -> (usize, usize) {
    let (line, col) = byte_position(text.as_bytes(), offset);
    (line + first_line - 1, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        assert_eq!(byte_position(b"ab\ncd", 4), (2, 2));
        assert_eq!(byte_position("é\nxé!".as_bytes(), 6), (2, 3));
        assert_eq!(position_in("a\nbc", 3, 5), (6, 2));
        assert_eq!(lines("a\r\nb\n"), vec!["a", "b", ""]);
    }
}
