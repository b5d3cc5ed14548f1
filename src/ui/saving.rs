//! Keeping a game on disk while it is played: the record of every accepted command, autosaves
//! every [`AUTOSAVE_TURNS`] turns and on every change of level, a save on quitting, on Ctrl-C
//! and on a closed terminal, and at the end the finished replay and the hall of fame.

use crate::persist::{self, SaveDir, SavedGame, Score};
use crate::sim::{Command, GameRecord, Given, Origin, World};
use std::path::PathBuf;

/// Turns between autosaves.
pub const AUTOSAVE_TURNS: u64 = 50;

/// How many recent messages a save keeps.
const SAVED_MESSAGES: usize = 50;

/// A game's file and record while it is played.
#[derive(Clone, Debug)]
pub struct GameFile {
    /// The saves folder: finished games, character dumps and the hall of fame go there.
    pub dir: SaveDir,
    /// The save's file: a new game's is named by the program, a continued game's is the file
    /// it came from, never a name read from inside a file.
    pub path: PathBuf,
    /// The game's name: the save's file name without `.hdsave`.
    pub name: String,
    /// The game's record from its first turn.
    pub record: GameRecord,
    /// The turn of the last save.
    last_turn: u64,
    /// The depth at the last save.
    last_depth: u32,
    /// Whether the ended game has been put away.
    finished: bool,
    /// How many steps the record held at the last save.
    saved_steps: Option<usize>,
}

/// What happened to an ended game's files, for the end screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Finished {
    /// The replay, if it was written.
    pub replay: Option<PathBuf>,
    /// The places in the hall of fame of the game's runs that made it (a party's heroes each
    /// have their own).
    pub places: Vec<usize>,
    /// Why the run is not in the hall of fame, when it could not be recorded.
    pub not_recorded: Option<String>,
    /// The character dump in `morgue/`, if it was written.
    pub morgue: Option<PathBuf>,
    /// Problems met writing them.
    pub problems: Vec<String>,
    /// The game's runs as the hall of fame took them (a party's heroes each have their own).
    pub runs: Vec<Score>,
}

impl GameFile {
    /// A new game's file in `dir`, under a name no other save uses.
    pub fn new(dir: SaveDir, start: &World, origin: Origin) -> GameFile {
        let path = dir.save(&persist::new_save_name(&dir, start.seed()));
        GameFile::at(dir, path, GameRecord::new(start.clone(), origin), start)
    }

    /// The file of a game that goes on from a save: it is saved back to `path`, the file it
    /// was loaded from, whatever name the save holds; `dir` takes its finished game, dump and
    /// score.
    pub fn resumed(dir: SaveDir, path: PathBuf, game: &SavedGame) -> GameFile {
        GameFile::at(dir, path, game.record.clone(), &game.current)
    }

    fn at(dir: SaveDir, path: PathBuf, record: GameRecord, now: &World) -> GameFile {
        GameFile {
            dir,
            name: persist::name_of_save(&path),
            path,
            record,
            last_turn: now.turn(),
            last_depth: now.depth(),
            finished: false,
            saved_steps: None,
        }
    }

    /// Notes an accepted command: the one place commands enter the record.
    pub fn note(&mut self, command: Command, world: &World) {
        self.record.push(command, world);
    }

    /// Notes a resolved segment of a party's game: the directives that counted, by their
    /// heroes and players (a hotseat game's one place directives enter the record).
    pub fn note_segment(&mut self, given: &[Given], world: &World) {
        self.record.push_segment(given, world);
    }

    /// Whether it is time for an autosave.
    pub fn autosave_due(&self, world: &World) -> bool {
        world.turn() >= self.last_turn + AUTOSAVE_TURNS || world.depth() != self.last_depth
    }

    /// The game as a save.
    fn saved(&self, world: &World, log: &[String]) -> SavedGame {
        let from = log.len().saturating_sub(SAVED_MESSAGES);
        SavedGame {
            name: self.name.clone(),
            record: self.record.clone(),
            current: world.clone(),
            log: log[from..].to_vec(),
        }
    }

    /// Writes the save (the previous one kept as `.bak`).
    pub fn save(&mut self, world: &World, log: &[String]) -> Result<PathBuf, String> {
        persist::save_game_at(&self.path, &self.saved(world, log)).map_err(|e| e.to_string())?;
        self.saved_steps = Some(self.record.steps.len());
        self.last_turn = world.turn();
        self.last_depth = world.depth();
        Ok(self.path.clone())
    }

    /// Whether the file holds the game as it is: saved since the last command.
    pub fn is_saved(&self) -> bool {
        self.saved_steps == Some(self.record.steps.len())
    }

    /// Puts an ended game away once: the replay into `finished/`, the run into the hall of
    /// fame, the character dump into `morgue/`. The save in progress is removed only once the replay is written.
    pub fn finish(&mut self, world: &World, log: &[String]) -> Option<Finished> {
        if self.finished || !world.is_over() {
            return None;
        }
        self.finished = true;
        let mut done = Finished::default();
        match persist::finish_game(&self.dir, &self.saved(world, log), &self.path) {
            Ok(path) => done.replay = Some(path),
            Err(e) => done.problems.push(e.to_string()),
        }
        // A party's heroes each have their own run: found once, by replaying the record.
        let fates = (world.heroes().len() > 1).then(|| self.record.fates());
        match super::morgue::write(&self.dir, &self.name, world, log, fates.as_ref()) {
            Ok(path) => done.morgue = Some(path),
            Err(e) => done.problems.push(e),
        }
        let runs = Score::of_game(&self.name, &self.record, world, fates.as_ref());
        done.runs.clone_from(&runs);
        match persist::record_scores(&self.dir, runs) {
            Ok(places) => done.places = places.into_iter().flatten().collect(),
            Err(e) => done.not_recorded = Some(e.to_string()),
        }
        Some(done)
    }

    /// Whether the ended game has been put away.
    pub fn is_finished(&self) -> bool {
        self.finished
    }
}
