//! Writing command output to stdout without panicking when the reader has gone away
//! (`hexdeep map render x.hexmap | head`): `println!` panics on a closed pipe.

use std::io::Write;

/// Writes `text` to stdout; a closed pipe or other write error is ignored, since nobody is
/// left to read the output.
pub fn emit(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Writes `text` and a newline to stdout, as [`emit`] does.
pub fn emit_line(text: &str) {
    emit(&format!("{text}\n"));
}

/// Writes `text` and a newline to stderr, with every control character but line feeds and
/// tabs escaped: a message names files and quotes what they hold (a reader's own error quotes
/// an unknown field as the file spells it), so no file can send the terminal an escape
/// sequence through it. An error is ignored, as when the terminal was closed or standard error
/// is full (`eprintln!` panics then).
pub fn warn_line(text: &str) {
    let text = crate::text::escape_output(text);
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{text}").and_then(|()| err.flush());
}
