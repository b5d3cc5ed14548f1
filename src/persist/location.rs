//! Where hexdeep keeps its files: saves, finished games, character dumps, the hall of fame and
//! the player's keymap.

use super::store::PersistError;
use std::path::{Path, PathBuf};

/// What decides the saves folder, gathered from the command line and the environment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Places {
    /// `--saves DIR`.
    pub flag: Option<PathBuf>,
    /// `HEXDEEP_SAVES`.
    pub env: Option<PathBuf>,
    /// Whether `saves/` exists in the current folder (the source tree).
    pub local_saves: bool,
    /// `XDG_DATA_HOME`.
    pub xdg_data: Option<PathBuf>,
    /// `XDG_CONFIG_HOME`.
    pub xdg_config: Option<PathBuf>,
    /// `HOME`.
    pub home: Option<PathBuf>,
}

impl Places {
    /// The places of this process: its environment and current folder.
    pub fn from_environment(flag: Option<PathBuf>) -> Places {
        let var = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Places {
            flag,
            env: var("HEXDEEP_SAVES"),
            local_saves: Path::new("saves").is_dir(),
            xdg_data: var("XDG_DATA_HOME"),
            xdg_config: var("XDG_CONFIG_HOME"),
            home: var("HOME"),
        }
    }

    /// The saves folder: `--saves`, else `HEXDEEP_SAVES`, else `saves/` here when it exists,
    /// else the platform's data folder (`$XDG_DATA_HOME/hexdeep/saves`, or
    /// `~/.local/share/hexdeep/saves`), else `saves` here.
    pub fn saves(&self) -> PathBuf {
        if let Some(p) = self.flag.clone().or_else(|| self.env.clone()) {
            return p;
        }
        if self.local_saves {
            return PathBuf::from("saves");
        }
        let data = self
            .xdg_data
            .clone()
            .or_else(|| self.home.as_ref().map(|h| h.join(".local/share")));
        data.map_or_else(
            || PathBuf::from("saves"),
            |d| d.join("hexdeep").join("saves"),
        )
    }

    /// The saves folder, opened ([`SaveDir::open`]).
    pub fn open_saves(&self) -> Result<SaveDir, PersistError> {
        SaveDir::open(self.saves())
    }

    /// The player's keymap: `$XDG_CONFIG_HOME/hexdeep/keymap.toml`, or
    /// `~/.config/hexdeep/keymap.toml`.
    pub fn keymap(&self) -> Option<PathBuf> {
        let config = self
            .xdg_config
            .clone()
            .or_else(|| self.home.as_ref().map(|h| h.join(".config")))?;
        Some(config.join("hexdeep").join("keymap.toml"))
    }
}

/// The hall of fame's name in a saves folder (`scores.hdsave`), which no save may take.
pub const SCORES_NAME: &str = "scores";

/// The folders and files inside a saves folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveDir(pub PathBuf);

impl SaveDir {
    /// The saves folder at `path`, checked before anything is played or read there: refused
    /// when something other than a folder is there (every save would fail), and rid of the
    /// temporary files that hexdeep's saves killed while writing left behind. A folder not
    /// made yet is fine: the first save makes it. Only for hexdeep's own saves folder.
    pub fn open(path: PathBuf) -> Result<SaveDir, PersistError> {
        let dir = SaveDir::at(path)?;
        if dir.0.is_dir() {
            for folder in [dir.0.clone(), dir.finished(), dir.morgue()] {
                super::stale::remove_stale(&folder);
            }
        }
        Ok(dir)
    }

    /// The folder at `path`, checked as [`SaveDir::open`] checks it but left as it is: the
    /// folder of a save given by name (`hexdeep continue FILE`), which may be anyone's.
    pub fn at(path: PathBuf) -> Result<SaveDir, PersistError> {
        match std::fs::metadata(&path) {
            Ok(meta) if !meta.is_dir() => Err(PersistError::NotAFolder(path.display().to_string())),
            _ => Ok(SaveDir(path)),
        }
    }

    /// A game in progress named `name`.
    pub fn save(&self, name: &str) -> PathBuf {
        self.0.join(format!("{name}.hdsave"))
    }

    /// Where finished games go.
    pub fn finished(&self) -> PathBuf {
        self.0.join("finished")
    }

    /// Where character dumps go.
    pub fn morgue(&self) -> PathBuf {
        self.0.join("morgue")
    }

    /// The hall of fame.
    pub fn scores(&self) -> PathBuf {
        self.0.join(format!("{SCORES_NAME}.hdsave"))
    }

    /// The games in progress here, newest first.
    pub fn saves_in_progress(&self) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(&self.0) else {
            return Vec::new();
        };
        let mut found: Vec<(std::time::SystemTime, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "hdsave") && p != &self.scores())
            .filter(|p| p.is_file())
            .map(|p| {
                let time = p
                    .metadata()
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (time, p)
            })
            .collect();
        found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        found.into_iter().map(|(_, p)| p).collect()
    }
}

/// A paragraph for `hexdeep --help`: where each file is looked for.
pub const FILES_HELP: &str = "\
Files:
  saves       --saves DIR, else $HEXDEEP_SAVES, else ./saves when it exists,
              else $XDG_DATA_HOME/hexdeep/saves (~/.local/share/hexdeep/saves)
              games in progress: NAME.hdsave (and NAME.hdsave.bak, the one before)
              finished games (replays): finished/   character dumps: morgue/
              hall of fame: scores.hdsave (and scores.hdsave.bak)
  keymap      --keymap FILE, else $XDG_CONFIG_HOME/hexdeep/keymap.toml
              (~/.config/hexdeep/keymap.toml), else ./data/keymap.toml, else built in
  data        monsters, items and the player's numbers are built into the program
              (data/*.toml in the source tree)";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_beats_the_environment_beats_the_local_folder_beats_xdg() {
        let mut p = Places {
            flag: Some("a".into()),
            env: Some("b".into()),
            local_saves: true,
            xdg_data: Some("/x".into()),
            xdg_config: None,
            home: Some("/home/u".into()),
        };
        assert_eq!(p.saves(), PathBuf::from("a"));
        p.flag = None;
        assert_eq!(p.saves(), PathBuf::from("b"));
        p.env = None;
        assert_eq!(p.saves(), PathBuf::from("saves"));
        p.local_saves = false;
        assert_eq!(p.saves(), PathBuf::from("/x/hexdeep/saves"));
        p.xdg_data = None;
        assert_eq!(
            p.saves(),
            PathBuf::from("/home/u/.local/share/hexdeep/saves")
        );
        assert_eq!(
            p.keymap(),
            Some(PathBuf::from("/home/u/.config/hexdeep/keymap.toml"))
        );
    }
}
