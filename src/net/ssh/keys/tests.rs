use super::*;
use proptest::prelude::*;

fn all(bytes: &[u8]) -> Vec<KeyEvent> {
    let mut parser = KeyParser::default();
    let mut keys = parser.feed(bytes);
    keys.extend(parser.flush());
    keys
}

fn codes(bytes: &[u8]) -> Vec<KeyCode> {
    all(bytes).into_iter().map(|k| k.code).collect()
}

#[test]
fn printable_characters_in_utf8_are_typed() {
    assert_eq!(
        codes("aZ7 é→🙂".as_bytes()),
        "aZ7 é→🙂".chars().map(KeyCode::Char).collect::<Vec<_>>()
    );
}

#[test]
fn enter_backspace_tab_and_ctrl_letters() {
    assert_eq!(
        codes(b"\r\x7f\x08\t"),
        vec![
            KeyCode::Enter,
            KeyCode::Backspace,
            KeyCode::Backspace,
            KeyCode::Tab
        ]
    );
    let ctrl_c = all(b"\x03");
    assert_eq!(ctrl_c, vec![ctrl('c')]);
    assert_eq!(all(b"\x01\x1a"), vec![ctrl('a'), ctrl('z')]);
}

#[test]
fn arrows_home_end_and_pages_in_both_forms() {
    use KeyCode::{Down, End, Home, Left, PageDown, PageUp, Right, Up};
    assert_eq!(
        codes(b"\x1b[A\x1b[B\x1b[C\x1b[D\x1bOA\x1bOD"),
        vec![Up, Down, Right, Left, Up, Left]
    );
    assert_eq!(
        codes(b"\x1b[H\x1b[F\x1b[1~\x1b[4~\x1bOH\x1bOF\x1b[5~\x1b[6~"),
        vec![Home, End, Home, End, Home, End, PageUp, PageDown]
    );
    assert_eq!(
        all(b"\x1b[1;5C"),
        vec![KeyEvent::new(Right, KeyModifiers::CONTROL)]
    );
}

#[test]
fn an_esc_alone_waits_for_what_follows_then_is_esc() {
    let mut parser = KeyParser::default();
    assert!(parser.feed(b"\x1b").is_empty(), "it may start a sequence");
    assert!(parser.waiting());
    assert_eq!(parser.flush(), vec![plain(KeyCode::Esc)]);
    assert!(!parser.waiting());
    // Esc then a letter: both keys.
    assert_eq!(codes(b"\x1bq"), vec![KeyCode::Esc, KeyCode::Char('q')]);
    assert_eq!(codes(b"\x1b\x1b[A"), vec![KeyCode::Esc, KeyCode::Up]);
}

#[test]
fn a_sequence_cut_between_reads_waits_for_its_end() {
    let mut parser = KeyParser::default();
    assert!(parser.feed(b"x\x1b[").len() == 1);
    assert_eq!(parser.feed(b"6~"), vec![plain(KeyCode::PageDown)]);
    assert!(parser.feed(&[0xe2, 0x86]).is_empty());
    assert_eq!(parser.feed(&[0x92]), vec![plain(KeyCode::Char('→'))]);
}

#[test]
fn what_is_no_key_is_dropped_and_a_long_sequence_is_cut() {
    assert_eq!(codes(&[0xff, 0x80, b'a', 0xc3]), vec![KeyCode::Char('a')]);
    let mut long = b"\x1b[".to_vec();
    long.extend([b'1'; 40]);
    long.push(b'A');
    let mut parser = KeyParser::default();
    parser.feed(&long);
    assert!(parser.pending.len() < MAX_SEQUENCE);
    assert!(codes(b"\x1b[99~").is_empty(), "an unknown key");
}

proptest! {
    #[test]
    fn any_bytes_parse_without_panic_and_hold_little(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let mut parser = KeyParser::default();
        for chunk in bytes.chunks(7) {
            parser.feed(chunk);
            prop_assert!(parser.pending.len() < MAX_SEQUENCE);
        }
        parser.flush();
        prop_assert!(!parser.waiting());
    }

    #[test]
    fn bytes_cut_anywhere_parse_as_in_one_read(
        bytes in prop::collection::vec(
            prop_oneof![any::<u8>(), Just(0x1b), Just(b'['), Just(b'~'), Just(b'5'), Just(b'O')],
            0..80,
        ),
        cut in any::<prop::sample::Index>(),
    ) {
        let cut = cut.index(bytes.len() + 1);
        let mut parser = KeyParser::default();
        let mut keys = parser.feed(&bytes[..cut]);
        keys.extend(parser.feed(&bytes[cut..]));
        keys.extend(parser.flush());
        prop_assert_eq!(keys, all(&bytes));
    }
}
