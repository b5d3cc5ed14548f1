//! Saved games and the hall of fame as files: what a save holds, where it goes, and how a
//! finished game becomes a replay.

use super::container::Kind;
use super::location::SaveDir;
use super::schema;
use super::store::{self, PersistError};
use crate::content::Content;
use crate::geom::Tiling;
use crate::sim::{Ending, GameRecord, InvalidWorld, Origin, World};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A game on disk: its record from the first turn and the state now (loading restores the
/// state directly; it does not replay). On disk it is written through `persist::schema`.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The save's name: its file is `NAME.hdsave`.
    pub name: String,
    /// The start, every command and the hash after each.
    pub record: GameRecord,
    /// The world now.
    pub current: World,
    /// The last messages, to show again on continuing.
    pub log: Vec<String>,
}

/// Why a saved game could not be used.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{0}")]
    Persist(#[from] PersistError),
    /// The game's data files (built in) are broken.
    #[error("{0}")]
    Content(String),
    /// The file read, but its world is impossible.
    #[error("{path}: the saved world is invalid: {why}")]
    Invalid {
        /// The file.
        path: String,
        /// What is wrong.
        why: InvalidWorld,
    },
}

impl LoadError {
    /// Whether the file exists but is damaged, so its backup may help.
    pub fn is_damage(&self) -> bool {
        match self {
            LoadError::Persist(e) => e.is_damage(),
            LoadError::Invalid { .. } => true,
            LoadError::Content(_) => false,
        }
    }
}

/// Writes a new game in progress to `dir` under its own name, keeping the previous save as
/// `.bak`. The name must be one the program gave ([`new_save_name`]): a name read from a file
/// never chooses where a file is written (a game that goes on is saved with
/// [`save_game_at`] to the file it came from).
pub fn save_game(dir: &SaveDir, game: &SavedGame) -> Result<PathBuf, PersistError> {
    if !is_plain_name(&game.name) {
        return Err(PersistError::BadName {
            dir: dir.0.display().to_string(),
            name: crate::text::escape_controls(&game.name),
        });
    }
    let path = dir.save(&game.name);
    save_game_at(&path, game)?;
    Ok(path)
}

/// Writes a game in progress at `path` (creating its folder), keeping the previous save as
/// `.bak`.
pub fn save_game_at(path: &Path, game: &SavedGame) -> Result<(), PersistError> {
    let folder = folder_of(path);
    std::fs::create_dir_all(&folder).map_err(|e| crate::files::FileError::Io {
        path: folder.display().to_string(),
        source: e,
    })?;
    let payload = schema::encode_game(game).map_err(|e| store::format_error(path, e.into()))?;
    store::save_payload(path, Kind::Save, content_of(game), &payload)
}

/// The folder holding `path` (`.` for a bare file name).
pub fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The longest name the program gives a save, in bytes: room is left for `-N.hdsave.bak`
/// and the temporary file's name within the 255 bytes a file name may have.
pub const MAX_NAME: usize = 200;

/// Whether `name` can name a save in a saves folder without leaving it or taking the place
/// of another kind of file: not empty, at most [`MAX_NAME`] bytes, no separator, no control
/// character, not hidden, and not the hall of fame's name.
pub fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME
        && !name.starts_with('.')
        && !name
            .chars()
            .any(|c| c.is_control() || matches!(c, '/' | '\\' | ':'))
        && !name.eq_ignore_ascii_case(super::location::SCORES_NAME)
}

/// The name of the game whose save is `path`: its file name without `.hdsave` (and without
/// `.bak` for a backup), so that what a file says about itself never names a file.
pub fn name_of_save(path: &Path) -> String {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    let file = file.strip_suffix(".bak").unwrap_or(&file);
    let name = file.strip_suffix(".hdsave").unwrap_or(file);
    if name.is_empty() {
        "game".to_string()
    } else {
        name.to_string()
    }
}

/// Reads a save or a finished game, played with the bundled content, and checks its worlds.
pub fn load_game(path: &Path) -> Result<SavedGame, LoadError> {
    let content = Content::bundled().map_err(|e| LoadError::Content(e.to_string()))?;
    load_game_with(path, &Arc::new(content))
}

/// Reads a save or a finished game, played with `content`, and checks its worlds: that they
/// hold together, and (`persist::trust`) that they keep the content's numbers and that the
/// record's start is what its seed and maps make.
pub fn load_game_with(path: &Path, content: &Arc<Content>) -> Result<SavedGame, LoadError> {
    let (header, game): (_, SavedGame) = store::load_game(path, content)?;
    let invalid = |why| LoadError::Invalid {
        path: path.display().to_string(),
        why,
    };
    game.current.validate().map_err(invalid)?;
    game.record.start.validate().map_err(invalid)?;
    super::trust::check(&game.record, &game.current, header.content_hash).map_err(invalid)?;
    Ok(game)
}

/// Moves an ended game out of the saves in progress into `finished/` as a replay, and returns
/// the replay's path. Its save, `save`, and the save's backup are removed only once the
/// replay is written. The replay is named after the save's file, never after the name the
/// game holds.
pub fn finish_game(dir: &SaveDir, game: &SavedGame, save: &Path) -> Result<PathBuf, PersistError> {
    let folder = dir.finished();
    std::fs::create_dir_all(&folder).map_err(|e| crate::files::FileError::Io {
        path: folder.display().to_string(),
        source: e,
    })?;
    let path = unused_name(&folder, &name_of_save(save), "hdsave");
    write_finished(&path, game)?;
    let _ = std::fs::remove_file(store::backup_of(save));
    let _ = std::fs::remove_file(save);
    Ok(path)
}

/// The bytes of a file of `kind` (a save or a finished game) holding `game`.
pub fn game_bytes(kind: Kind, game: &SavedGame) -> Result<Vec<u8>, super::container::FormatError> {
    Ok(super::container::frame(
        kind,
        content_of(game),
        &schema::encode_game(game)?,
    ))
}

/// The hash of the content a game is played with, for its file's header.
fn content_of(game: &SavedGame) -> Option<u64> {
    let hash = game.current.content().hash();
    (hash != 0).then_some(hash)
}

/// The hash of the content the game in the file at `path` was played with, as its header
/// says (`None` for files older than format 2, or unreadable ones).
pub fn played_with(path: &Path) -> Option<u64> {
    let bytes = crate::files::read_limited(path, store::MAX_FILE).ok()?;
    super::container::peek_header(&bytes).ok()?.content_hash
}

/// The kind of hexdeep file at `path` as its header says (`None` for unreadable files and
/// files not ours).
pub fn kind_of(path: &Path) -> Option<Kind> {
    let bytes = crate::files::read_limited(path, store::MAX_FILE).ok()?;
    super::container::peek_header(&bytes).ok().map(|h| h.kind)
}

/// Writes an ended game at `path` as a finished game (a replay), keeping no backup.
pub fn write_finished(path: &Path, game: &SavedGame) -> Result<(), PersistError> {
    let payload = schema::encode_game(game).map_err(|e| store::format_error(path, e.into()))?;
    store::save_plain_payload(path, Kind::Finished, content_of(game), &payload)
}

/// `folder/NAME.EXT`, or `NAME-2.EXT`, `NAME-3.EXT`… when taken; `name` is cut to
/// [`MAX_NAME`] bytes.
pub fn unused_name(folder: &Path, name: &str, ext: &str) -> PathBuf {
    let mut end = name.len().min(MAX_NAME);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let name = &name[..end];
    let first = folder.join(format!("{name}.{ext}"));
    if !first.exists() {
        return first;
    }
    (2..100_000)
        .map(|n| folder.join(format!("{name}-{n}.{ext}")))
        .find(|p| !p.exists())
        .unwrap_or(first)
}

/// A name for a new game's save that no other save uses: `game-SEED`, then `game-SEED-2`…
pub fn new_save_name(dir: &SaveDir, seed: u64) -> String {
    let base = format!("game-{seed}");
    if !dir.save(&base).exists() {
        return base;
    }
    (2..100_000)
        .map(|n| format!("{base}-{n}"))
        .find(|n| !dir.save(n).exists())
        .unwrap_or(base)
}

/// One run in the hall of fame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The save's name.
    pub name: String,
    /// The game's seed.
    pub seed: u64,
    /// The tiling it was played on.
    pub tiling: Tiling,
    /// How it ended.
    pub ending: Ending,
    /// The deepest depth reached.
    pub deepest: u32,
    /// Turns played.
    pub turns: u64,
    /// Monsters killed.
    pub kills: u32,
    /// Whether it was taken over from a replay.
    pub taken_over: bool,
}

impl Score {
    /// The run's turns and kills as a reader says them: "1 turn, 0 kills", "40 turns, 1 kill".
    pub fn tally(&self) -> String {
        let count = |n: u64, one: &str| {
            if n == 1 {
                format!("1 {one}")
            } else {
                format!("{n} {one}s")
            }
        };
        format!(
            "{}, {}",
            count(self.turns, "turn"),
            count(u64::from(self.kills), "kill")
        )
    }

    /// The run's score of a world: a win counts most, then depth, then kills, then speed.
    pub fn of(name: &str, world: &World, taken_over: bool) -> Score {
        Score {
            name: name.to_string(),
            seed: world.seed(),
            tiling: world.level().terrain.tiling(),
            ending: world.ending().cloned().unwrap_or(Ending::Quit),
            deepest: world.story().deepest,
            turns: world.turns_played(),
            kills: world.story().kill_count(),
            taken_over,
        }
    }

    /// The score of the run `record` holds, ended in `world`. A run taken over from a replay
    /// is a new game from the moment taken over, as a game continued from another's recording
    /// is its own: its kills, turns and deepest depth count from there (and its entry says it
    /// was taken over), so its points sit beside its own death. The deepest depth comes from
    /// replaying the record, never from what its steps say of themselves.
    pub fn of_run(name: &str, record: &GameRecord, world: &World) -> Score {
        let mut score = Score::of(name, world, false);
        if let Origin::TakenOver { .. } = record.origin {
            let start = &record.start;
            score.taken_over = true;
            score.kills = score.kills.saturating_sub(start.story().kill_count());
            score.turns = world.turns_played().saturating_sub(start.turns_played());
            score.deepest = record.deepest_replayed();
        }
        score
    }

    /// Points: 100,000 for a win, 1,000 a depth, 10 a kill, less the turns over 10,000 for a
    /// win.
    pub fn points(&self) -> u64 {
        let won = if self.ending == Ending::Won {
            100_000 + 10_000u64.saturating_sub(self.turns.min(10_000))
        } else {
            0
        };
        won + u64::from(self.deepest) * 1000 + u64::from(self.kills) * 10
    }
}

/// The ten best runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HallOfFame {
    /// Best first.
    pub entries: Vec<Score>,
}

/// How many runs the hall of fame keeps.
pub const HALL_SIZE: usize = 10;

impl HallOfFame {
    /// Adds a run; returns its place (from 1) if it made the ten best.
    pub fn add(&mut self, score: Score) -> Option<usize> {
        let place = self
            .entries
            .iter()
            .position(|e| e.points() < score.points())
            .unwrap_or(self.entries.len());
        if place >= HALL_SIZE {
            return None;
        }
        self.entries.insert(place, score);
        self.entries.truncate(HALL_SIZE);
        Some(place + 1)
    }

    /// The table as text, one run a line.
    pub fn to_text(&self) -> String {
        if self.entries.is_empty() {
            return "The hall of fame is empty: no game has ended yet.\n".to_string();
        }
        let mut out = String::from("Hall of fame\n");
        for (i, e) in self.entries.iter().enumerate() {
            let _ = writeln!(
                out,
                "{:>2}. {:>7} pts  {}{}  depth {}, {}{}  (seed {}{})",
                i + 1,
                e.points(),
                e.played_by(),
                crate::text::escape_controls(&e.ending.describe()),
                e.deepest,
                e.tally(),
                if e.taken_over {
                    ", taken over: counted from there"
                } else {
                    ""
                },
                e.seed,
                on_tiling(e.tiling)
            );
        }
        out
    }
}

/// What a line about a game adds to say the tiling it was played on: nothing for hexes, the
/// game's own (so that what was written about hex games before tilings stays as it was),
/// `, on squares` or `, on triangles` otherwise.
pub fn on_tiling(tiling: Tiling) -> &'static str {
    match tiling {
        Tiling::Hex => "",
        Tiling::Square => ", on squares",
        Tiling::Triangle => ", on triangles",
    }
}

/// Reads the hall of fame (empty when there is none yet); when it is damaged, the one before
/// it (`scores.hdsave.bak`) stands in.
pub fn load_scores(dir: &SaveDir) -> Result<HallOfFame, PersistError> {
    let path = dir.scores();
    if !path.exists() {
        return Ok(HallOfFame::default());
    }
    match store::load_scores(&path) {
        Err(e) if e.is_damage() && !e.is_newer() => {
            store::load_scores(&store::backup_of(&path)).map_err(|_| e)
        }
        read => read,
    }
}

/// Adds a run to the hall of fame on disk (written atomically, the one before kept as
/// `scores.hdsave.bak` as saves keep theirs); its place if it made it. An error means the run
/// was not recorded.
pub fn record_score(dir: &SaveDir, score: Score) -> Result<Option<usize>, PersistError> {
    Ok(record_scores(dir, vec![score])?.pop().flatten())
}

/// Adds the runs of one game (a party's heroes, [`Score::of_game`]) to the hall of fame on
/// disk in one write, as [`record_score`] adds one; the place each made, in their order.
pub fn record_scores(
    dir: &SaveDir,
    scores: Vec<Score>,
) -> Result<Vec<Option<usize>>, PersistError> {
    let mut hall = load_scores(dir)?;
    let place = hall.add_all(scores);
    std::fs::create_dir_all(&dir.0).map_err(|e| crate::files::FileError::Io {
        path: dir.0.display().to_string(),
        source: e,
    })?;
    let path = dir.scores();
    let payload = schema::encode_scores(&hall).map_err(|e| store::format_error(&path, e.into()))?;
    store::save_payload(&path, Kind::Scores, None, &payload)?;
    Ok(place)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(ending: Ending, deepest: u32) -> Score {
        Score {
            name: "g".into(),
            seed: 1,
            tiling: Tiling::Hex,
            ending,
            deepest,
            turns: 100,
            kills: 3,
            taken_over: false,
        }
    }

    #[test]
    fn the_hall_keeps_the_ten_best_in_order() {
        let mut hall = HallOfFame::default();
        for d in 1..=12 {
            hall.add(score(Ending::Quit, d));
        }
        assert_eq!(hall.entries.len(), HALL_SIZE);
        assert_eq!(hall.entries[0].deepest, 12);
        assert_eq!(hall.add(score(Ending::Quit, 1)), None);
        assert_eq!(hall.add(score(Ending::Won, 1)), Some(1));
        assert!(hall.to_text().contains("escaped with the artifact"));
    }

    #[test]
    fn a_tally_of_one_is_singular() {
        let mut one = score(Ending::Quit, 1);
        (one.turns, one.kills) = (1, 1);
        assert_eq!(one.tally(), "1 turn, 1 kill");
        (one.turns, one.kills) = (0, 2);
        assert_eq!(one.tally(), "0 turns, 2 kills");
        assert!(
            HallOfFame { entries: vec![one] }
                .to_text()
                .contains("0 turns, 2 kills")
        );
    }
}
