//! The player's own numbers, read from `data/player.toml` (embedded at build time: the core
//! never reads files).

use super::data::{DataError, parse_toml};
use serde::{Deserialize, Serialize};

/// The player's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerKind {
    /// What the player is called in messages ("you").
    pub name: String,
    /// The player's glyph on the map.
    pub glyph: char,
    /// Hit points when unhurt.
    pub hp: i32,
    /// Damage of one blow.
    pub damage: i32,
    /// Contest strength.
    pub strength: i32,
    /// Actions per turn.
    pub speed: u32,
    /// Sight radius.
    pub sight: u32,
    /// Turns per hit point regained when not resting.
    pub regen_every: u32,
    /// Turns per hit point regained while resting.
    pub rest_regen_every: u32,
}

impl PlayerKind {
    /// The first entry out of range, with what is wrong.
    fn problem(&self) -> Option<(&'static str, String)> {
        let max_speed = crate::content::MAX_SPEED;
        let checks = [
            (
                "name",
                !self.name.is_empty() && self.name.len() <= 40,
                "must be 1 to 40 bytes long".to_string(),
            ),
            ("hp", self.hp >= 1, "must be at least 1".to_string()),
            ("damage", self.damage >= 0, "must not be negative".into()),
            (
                "speed",
                (1..=max_speed).contains(&self.speed),
                format!("must be 1 to {max_speed}"),
            ),
            ("sight", self.sight <= 30, "must be at most 30".into()),
            (
                "regen_every",
                self.regen_every >= 1,
                "must be at least 1".into(),
            ),
            (
                "rest_regen_every",
                (1..=self.regen_every).contains(&self.rest_regen_every),
                "must be 1 to regen_every (resting is never slower)".into(),
            ),
        ];
        checks
            .into_iter()
            .find(|(_, ok, _)| !ok)
            .map(|(entry, _, problem)| (entry, problem))
    }
}

/// The player file's name, for messages.
pub const PLAYER_FILE: &str = "data/player.toml";

/// Parses a player file in the format of `data/player.toml`: errors name the file and the
/// line and column, or the entry out of range.
pub fn parse_player(text: &str) -> Result<PlayerKind, DataError> {
    let kind: PlayerKind = parse_toml(PLAYER_FILE, text)?;
    match kind.problem() {
        Some((entry, problem)) => Err(DataError::entry(PLAYER_FILE, "entry", entry, &problem)),
        None => Ok(kind),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUNDLED: &str = include_str!("../../data/player.toml");

    #[test]
    fn the_bundled_file_parses() {
        let kind = parse_player(BUNDLED).unwrap();
        assert_eq!((kind.name.as_str(), kind.glyph), ("you", '@'));
        assert!(
            kind.rest_regen_every < kind.regen_every,
            "resting heals faster"
        );
    }

    #[test]
    fn broken_files_name_the_file_and_the_entry() {
        let err = parse_player(&BUNDLED.replace("speed = 2", "speed = 9")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "data/player.toml: entry speed: must be 1 to 4"
        );
        let err = parse_player(&BUNDLED.replace("sight = 8", "sight = \"far\"")).unwrap_err();
        let text = err.to_string();
        let line = BUNDLED
            .lines()
            .position(|l| l.starts_with("sight"))
            .unwrap()
            + 1;
        assert!(
            text.starts_with(&format!("data/player.toml:{line}:")),
            "{text}"
        );
        let err = parse_player(&BUNDLED.replace("hp = 20\n", "")).unwrap_err();
        assert!(err.to_string().contains("hp"), "{err}");
        let err = parse_player(&format!("{BUNDLED}wings = 2\n")).unwrap_err();
        assert!(err.to_string().contains("wings"), "{err}");
        let slow_rest = BUNDLED.replace("rest_regen_every = 3", "rest_regen_every = 11");
        assert!(parse_player(&slow_rest).is_err());
        let nameless = BUNDLED.replace("name = \"you\"", "name = \"\"");
        assert!(
            parse_player(&nameless)
                .unwrap_err()
                .to_string()
                .contains("name")
        );
    }
}
