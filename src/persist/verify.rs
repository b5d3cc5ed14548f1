//! `hexdeep replay --verify`: replays records headlessly and checks the world's hash at
//! every step against the record.

use super::game::load_game;
use std::fmt::Write as _;
use std::path::Path;

/// Verifies each file; the report has one line a file (`FILE: ok: N turns, M steps` or where
/// and how it differs, or why it could not be read), and whether all verified.
pub fn verify_files(paths: &[impl AsRef<Path>]) -> (String, bool) {
    let mut report = String::new();
    let mut all_ok = true;
    for path in paths {
        let path = path.as_ref();
        let line = match load_game(path) {
            Err(e) => {
                all_ok = false;
                format!("{e}")
            }
            Ok(game) => match game.record.verify(Some(&game.current)) {
                Ok(world) => format!(
                    "{}: ok: {} turns, {} steps",
                    path.display(),
                    world.turn(),
                    game.record.steps.len()
                ),
                Err(d) => {
                    all_ok = false;
                    // Turns numbered as the game's sidebar and the viewer number them.
                    format!(
                        "{}: differs in turn {} (step {}): {}",
                        path.display(),
                        d.turn + 1,
                        d.step,
                        d.what
                    )
                }
            },
        };
        let _ = writeln!(report, "{line}");
    }
    (report, all_ok)
}
