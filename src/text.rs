//! Text read from files made safe to print: a name, a version or a cause of death from a save
//! or a score file may hold escape sequences (`\x1b]0;title\x07` renames the window,
//! `\x1b[2J` clears the screen), so every such text goes through [`escape_controls`] before
//! it reaches standard output or standard error.

use std::fmt::Write as _;

/// `text` with every control character (C0, DEL and C1, line breaks included) written as a
/// visible `\u{..}` escape; everything else is kept. Applying it twice changes nothing more.
pub fn escape_controls(text: &str) -> String {
    escape(text, |_| false)
}

/// [`escape_controls`] for printed output of several lines: line feeds and tabs are kept, every
/// other control character is escaped.
pub fn escape_output(text: &str) -> String {
    escape(text, |c| c == '\n' || c == '\t')
}

fn escape(text: &str, keep: impl Fn(char) -> bool) -> String {
    if !text.chars().any(|c| c.is_control() && !keep(c)) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c.is_control() && !keep(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_window_title_sequence_is_shown_not_obeyed() {
        let hostile = "\x1b]0;PWNED\x07\x1b[2Jgoblin";
        assert_eq!(
            escape_controls(hostile),
            "\\u{1b}]0;PWNED\\u{7}\\u{1b}[2Jgoblin"
        );
        assert_eq!(escape_controls("a\nb\u{9b}c"), "a\\u{a}b\\u{9b}c");
        assert_eq!(escape_output("a\n\tb\x1bc"), "a\n\tb\\u{1b}c");
        assert_eq!(escape_controls("plain words, é"), "plain words, é");
    }

    proptest! {
        #[test]
        fn escaped_text_holds_no_control_character_and_escaping_again_keeps_it(s in ".*") {
            let once = escape_controls(&s);
            prop_assert!(!once.chars().any(char::is_control));
            prop_assert_eq!(escape_controls(&once), once.clone());
            let lines = escape_output(&s);
            prop_assert!(!lines.chars().any(|c| c.is_control() && c != '\n' && c != '\t'));
        }
    }
}
