//! `hexdeep replay --verify`: replays records headlessly and checks the world's hash at
//! every step against the record.

use super::Kind;
use super::game::{kind_of, load_game};
use std::fmt::Write as _;
use std::path::Path;

/// Verifies each file; the report has one line a file (`FILE: ok: to turn N, M steps`, with
/// `, on squares` or `, on triangles` for a game on those tilings, or where
/// and how it differs, or why it could not be read), and whether all verified. A hall of fame
/// among them is named and skipped.
pub fn verify_files(paths: &[impl AsRef<Path>]) -> (String, bool) {
    let mut report = String::new();
    let mut all_ok = true;
    for path in paths {
        let path = path.as_ref();
        let line = match load_game(path) {
            // A shell glob (`saves/*.hdsave`) matches the hall of fame too: not a failure.
            Err(_) if kind_of(path) == Some(Kind::Scores) => {
                format!(
                    "{} is the hall of fame, not a game; skipped",
                    path.display()
                )
            }
            Err(e) => {
                all_ok = false;
                format!("{e}")
            }
            Ok(game) if game.record.unverifiable().is_some() => {
                all_ok = false;
                let why = game.record.unverifiable().unwrap_or_default();
                format!("{}: cannot be checked: {why}", path.display())
            }
            Ok(game) => match game.record.verify(Some(&game.current)) {
                // The last turn as the game's sidebar and the viewer number it (the turn
                // under way, from 1, or the one a finished run ended in), not the count of
                // turns completed before it.
                // A game on squares or triangles says so; a hex game's line is as it was.
                Ok(world) => format!(
                    "{}: ok: to turn {}, {} steps{}{}",
                    path.display(),
                    world.turn_shown(),
                    game.record.steps.len(),
                    super::on_tiling(world.level().terrain.tiling()),
                    unchecked_note(&game.record)
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

/// For a record continued by a release with other rules: which steps were checked and which
/// could not be.
fn unchecked_note(record: &crate::sim::GameRecord) -> String {
    match record.unchecked_prefix() {
        None => String::new(),
        Some((steps, by)) => format!(
            " (steps 1 to {steps}, recorded by {}, are not checked; steps {} on were checked from the state {} loaded)",
            by.describe(),
            steps + 1,
            record.last_maker().describe()
        ),
    }
}
