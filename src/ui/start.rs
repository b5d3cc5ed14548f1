//! Starting and resuming games in the terminal: a new game, `hexdeep continue`, a game taken
//! over from a replay, and the small menu bare `hexdeep` opens when a save is present.

use super::app::Session;
use super::game_loop;
use super::keymap::Keymap;
use super::palette::Palette;
use super::replay::Replayer;
use super::saving::GameFile;
use super::state::UiState;
use super::terminal::TerminalGuard;
use super::watch::{ReplayArgs, ReplayEnd, run_replay};
use super::{PlayError, load_keymap};
use crate::persist::{self, Places, SaveDir, SavedGame};
use crate::sim::{GameRecord, World};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// How a game is played at this terminal: the keymap file chosen, if any, and the chess
/// clock of a game of several.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// A keymap file given with `--keymap`.
    pub keymap: Option<&'a Path>,
    /// The people's clock (a game of one never has one).
    pub clock: super::hotseat::timer::ClockSetting,
}

impl Default for Setup<'_> {
    /// No keymap file, and the default clock: what `continue` and a game taken over play with
    /// (the time banks are not saved, so they start afresh).
    fn default() -> Self {
        Setup {
            keymap: None,
            clock: super::hotseat::timer::ClockSetting::DEFAULT,
        }
    }
}

/// Plays `world` in the terminal, kept in `game`, with `notes` in the log first.
pub fn play_game(
    world: World,
    mut game: GameFile,
    notes: Vec<String>,
    setup: &Setup,
    places: &Places,
) -> Result<(), PlayError> {
    if !std::io::stdout().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let (keymap, keymap_note) = load_keymap(setup.keymap, places.keymap().as_deref());
    let notes: Vec<String> = keymap_note.into_iter().chain(notes).collect();
    // A game that cannot be saved would be lost: refuse it before it starts.
    game.save(&world, &[])
        .map_err(|e| PlayError::Map(format!("cannot save the game: {e}")))?;
    let mut session = session_of(world, game, notes, keymap, Palette::detect());
    let clock = std::sync::Arc::new(super::clock::SystemClock::new());
    session.time_people(setup.clock, clock);
    let tail = game_loop::play(session)?;
    for line in tail {
        crate::output::emit_line(&crate::text::escape_controls(&line));
    }
    Ok(())
}

/// The session that plays `world`, kept in `game`, with `notes` in the log first: a party's
/// game seats as many people, taking turns, each by their hero's name.
pub fn session_of(
    world: World,
    game: GameFile,
    notes: Vec<String>,
    keymap: Keymap,
    palette: Palette,
) -> Session {
    let mut ui = UiState::default();
    for note in notes {
        ui.log.push(note);
    }
    super::update::hint_sides(&mut ui, &world);
    let mut session = Session::new(world, keymap, palette);
    session.ui = ui;
    session.game = Some(game);
    if session.world.heroes().len() > 1 {
        session.seat_people();
    }
    session
}

/// `hexdeep continue [FILE]`: the named save, or the newest one in the saves folder.
pub fn continue_game(file: Option<PathBuf>, places: &Places) -> Result<(), PlayError> {
    let path = match file {
        Some(f) => f,
        None => open_saves(places)?
            .saves_in_progress()
            .into_iter()
            .next()
            .ok_or_else(|| {
                PlayError::Map(format!(
                    "there is no saved game in {} (hexdeep play starts one)",
                    places.saves().display()
                ))
            })?,
    };
    let game = load_or_explain(&path)?;
    resume(game, &path, places)
}

/// The saves folder, opened ([`SaveDir::open`]): refused when it is no folder.
pub fn open_saves(places: &Places) -> Result<SaveDir, PlayError> {
    places
        .open_saves()
        .map_err(|e| PlayError::Map(e.to_string()))
}

/// A save, or a message that offers its backup when the save is damaged.
fn load_or_explain(path: &Path) -> Result<SavedGame, PlayError> {
    persist::load_game(path).map_err(|e| {
        let bak = persist::store::backup_of(path);
        let offer = if e.is_damage() && persist::load_game(&bak).is_ok() {
            format!(
                "; the save before it is sound: hexdeep continue {}",
                bak.display()
            )
        } else {
            String::new()
        };
        PlayError::Map(format!("{e}{offer}"))
    })
}

/// Plays on from a loaded save, kept as [`resumed_file`] says.
fn resume(mut game: SavedGame, path: &Path, places: &Places) -> Result<(), PlayError> {
    let before = game.record.last_maker().clone();
    let file = resumed_file(&mut game, path)?;
    let mut notes = game.log.clone();
    if persist::game::played_with(path).is_some_and(|h| h != game.current.content().hash()) {
        notes.push(
            "This game was saved with other monster, item or player data; kinds are matched by name."
                .to_string(),
        );
    }
    if !before.same_rules() {
        notes.push(format!(
            "This game was saved by {}; it goes on under the rules of {} from here.",
            before.describe(),
            crate::sim::Maker::this().describe()
        ));
    }
    notes.push(format!("Welcome back. {}.", game.current.level().name));
    play_game(game.current, file, notes, &Setup::default(), places)
}

/// The file a game loaded from `path` goes on in: saved back to `path` (a backup's game to
/// the save beside it), with its finished game, dump and score in that file's folder. The
/// name the save holds never chooses a file. A finished game is refused; a game recorded
/// under other rules is marked as taken over by this build here.
pub fn resumed_file(game: &mut SavedGame, path: &Path) -> Result<GameFile, PlayError> {
    let save = save_of(path);
    // The file's own folder, which may be anyone's: checked, never cleaned.
    let dir =
        SaveDir::at(persist::game::folder_of(&save)).map_err(|e| PlayError::Map(e.to_string()))?;
    if dir.0.ends_with("finished") || game.current.is_over() {
        return Err(PlayError::Map(format!(
            "{} is a finished game: watch it with hexdeep replay",
            path.display()
        )));
    }
    game.record.continue_here(&game.current);
    Ok(GameFile::resumed(dir, save, game))
}

/// The save a game loaded from `path` goes on in: `path` itself, or for a backup
/// (`NAME.hdsave.bak`) the save it backs up, beside it.
fn save_of(path: &Path) -> PathBuf {
    if path.extension().is_some_and(|e| e == "bak") {
        path.with_extension("")
    } else {
        path.to_path_buf()
    }
}

/// What a game taken over from `replay` starts from: the shown world, its new record and the
/// note that tells it. The viewer goes with its snapshots (up to 512 MiB of worlds) before the
/// game is made, so the game is never played beside them.
pub fn taken_over(replay: Box<Replayer>) -> Result<(World, GameRecord, String), String> {
    let (world, record) = replay.take_over()?;
    let note = format!(
        "You take over {} after step {}: a new run, marked as taken over.",
        replay.game.name, replay.pos
    );
    // The viewer and its snapshots go now, before the game is made.
    drop(replay);
    Ok((world, record, note))
}

/// A new game from the moment a replay shows, marked in its record as taken over.
pub fn take_over(replay: Box<Replayer>, places: &Places) -> Result<(), PlayError> {
    let (world, record, note) = taken_over(replay).map_err(PlayError::Map)?;
    let game = GameFile::new(open_saves(places)?, &world, record.origin);
    play_game(world, game, vec![note], &Setup::default(), places)
}

/// `hexdeep replay`: watch (and maybe take over), verify or export.
pub fn replay_command(args: &ReplayArgs, saves: Option<PathBuf>) -> Result<bool, String> {
    let places = Places::from_environment(saves);
    let (keymap, _) = load_keymap(None, places.keymap().as_deref());
    let end = run_replay(args, &keymap).map_err(|e| crate::text::escape_output(&e))?;
    match end {
        ReplayEnd::Done => Ok(true),
        ReplayEnd::Failed => Ok(false),
        ReplayEnd::TakeOver(replay) => take_over(replay, &places)
            .map(|()| true)
            .map_err(|e| e.to_string()),
    }
}

/// `hexdeep scores`: the hall of fame as text.
pub fn scores_command(saves: Option<PathBuf>) -> Result<bool, String> {
    let dir = Places::from_environment(saves)
        .open_saves()
        .map_err(|e| e.to_string())?;
    let hall =
        persist::load_scores(&dir).map_err(|e| crate::text::escape_output(&e.to_string()))?;
    crate::output::emit(&hall.to_text());
    Ok(true)
}

/// What the start menu offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Go on with the newest save.
    Continue,
    /// Its backup, when the newest save is damaged.
    Backup,
    /// A new game.
    NewGame,
    /// Watch the newest finished game.
    Watch,
    /// The hall of fame.
    Scores,
    /// Leave.
    Quit,
}

/// The choices of the menu for the saves in `dir`, with their keys and words.
pub fn menu_choices(dir: &SaveDir) -> Vec<(char, Choice, String)> {
    let mut out = Vec::new();
    if let Some(newest) = dir.saves_in_progress().into_iter().next() {
        match persist::load_game(&newest) {
            Ok(game) => out.push((
                'c',
                Choice::Continue,
                // The turn under way, numbered as the sidebar numbers it.
                format!(
                    "Continue {} (depth {}, turn {})",
                    persist::name_of_save(&newest),
                    game.current.depth(),
                    game.current.turn() + 1
                ),
            )),
            Err(e) => {
                out.push(('!', Choice::Quit, format!("{e}")));
                let bak = persist::store::backup_of(&newest);
                if persist::load_game(&bak).is_ok() {
                    out.push((
                        'b',
                        Choice::Backup,
                        "Continue from the save before it".into(),
                    ));
                }
            }
        }
    }
    out.push(('n', Choice::NewGame, "New game".into()));
    if newest_finished(dir).is_some() {
        out.push(('w', Choice::Watch, "Watch the last finished game".into()));
    }
    out.push(('h', Choice::Scores, "Hall of fame".into()));
    out.push(('q', Choice::Quit, "Quit".into()));
    out
}

fn newest_finished(dir: &SaveDir) -> Option<PathBuf> {
    SaveDir(dir.finished())
        .saves_in_progress()
        .into_iter()
        .next()
}

/// Bare `hexdeep`: the menu when a save is present, else a new game.
pub fn start(args: &super::PlayArgs, saves: Option<PathBuf>) -> Result<(), PlayError> {
    let places = Places::from_environment(saves.clone());
    let dir = open_saves(&places)?;
    if dir.saves_in_progress().is_empty() {
        return super::run(args, saves);
    }
    if !std::io::stdout().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let choices = menu_choices(&dir);
    let mut note = String::new();
    loop {
        let Some(picked) = menu(&choices, &note)? else {
            // Esc over the hall of fame: back to the bare menu.
            note.clear();
            continue;
        };
        let newest = dir.saves_in_progress().into_iter().next();
        match picked {
            Choice::Continue => return continue_game(newest, &places),
            Choice::Backup => {
                let bak = newest.map(|p| persist::store::backup_of(&p));
                return continue_game(bak, &places);
            }
            Choice::NewGame => return super::run(args, saves),
            Choice::Watch => {
                let Some(file) = newest_finished(&dir) else {
                    continue;
                };
                let args = ReplayArgs {
                    files: vec![file],
                    ..ReplayArgs::default()
                };
                return replay_command(&args, saves)
                    .map(|_| ())
                    .map_err(PlayError::Map);
            }
            Choice::Scores => {
                note = persist::load_scores(&dir).map_or_else(|e| e.to_string(), |h| h.to_text());
            }
            Choice::Quit => return Ok(()),
        }
    }
}

/// What a key does in the start menu: `Some(Some(choice))` picks a choice, `Some(None)` goes
/// back from the text shown under the menu (`showing`: the hall of fame) to the bare menu,
/// `None` means nothing. Esc quits only from the bare menu.
pub fn menu_key(
    choices: &[(char, Choice, String)],
    showing: bool,
    code: KeyCode,
) -> Option<Option<Choice>> {
    match code {
        KeyCode::Char(c) => choices
            .iter()
            .find(|(k, _, _)| *k == c)
            .map(|(_, choice, _)| Some(*choice)),
        KeyCode::Esc if showing => Some(None),
        KeyCode::Esc => Some(Some(Choice::Quit)),
        _ => None,
    }
}

/// Shows the menu until a choice is made; `None` when Esc leaves the text shown under it.
fn menu(choices: &[(char, Choice, String)], note: &str) -> Result<Option<Choice>, PlayError> {
    let mut guard = TerminalGuard::enter()?;
    loop {
        guard.terminal().draw(|frame| {
            let mut lines = vec![
                Line::styled("hexdeep", Style::default().add_modifier(Modifier::BOLD)),
                Line::raw(""),
            ];
            for (key, _, words) in choices {
                lines.push(Line::raw(format!("  {key}  {words}")));
            }
            lines.push(Line::raw(""));
            lines.extend(note.lines().map(|l| Line::raw(l.to_string())));
            let block = Block::bordered().title(" a roguelike where everyone acts at once ");
            let text = Paragraph::new(lines)
                .block(block)
                .wrap(Wrap { trim: false });
            frame.render_widget(text, frame.area());
        })?;
        if let Event::Key(key) = event::read()? {
            if key.kind != KeyEventKind::Press {
                continue;
            }
            if let Some(meant) = menu_key(choices, !note.is_empty(), key.code) {
                return Ok(meant);
            }
        }
    }
}

/// The keymap `hexdeep` uses: for tests and other shells.
pub fn keymap_for(places: &Places) -> Keymap {
    load_keymap(None, places.keymap().as_deref()).0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn esc_goes_back_from_the_hall_of_fame_and_quits_from_the_bare_menu() {
        let choices = vec![
            ('n', Choice::NewGame, "New game".to_string()),
            ('h', Choice::Scores, "Hall of fame".to_string()),
        ];
        assert_eq!(menu_key(&choices, true, KeyCode::Esc), Some(None));
        assert_eq!(
            menu_key(&choices, false, KeyCode::Esc),
            Some(Some(Choice::Quit))
        );
        assert_eq!(
            menu_key(&choices, true, KeyCode::Char('n')),
            Some(Some(Choice::NewGame))
        );
        assert_eq!(menu_key(&choices, false, KeyCode::Char('x')), None);
        assert_eq!(menu_key(&choices, false, KeyCode::Enter), None);
    }
}
