//! The player's own numbers, read from `data/player.toml` (embedded at build time: the core
//! never reads files).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// The embedded `data/player.toml`.
const BUNDLED: &str = include_str!("../../data/player.toml");

/// The player's numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerKind {
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
    /// The numbers used if the embedded file were broken (a test makes sure it is not).
    pub const BUILT_IN: PlayerKind = PlayerKind {
        hp: 20,
        damage: 4,
        strength: 2,
        speed: 2,
        sight: 8,
        regen_every: 10,
        rest_regen_every: 3,
    };

    /// The first entry out of range, with what is wrong.
    fn problem(&self) -> Option<(&'static str, String)> {
        let max_speed = super::monsters::MAX_SPEED;
        let checks = [
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

/// Why a player file was rejected; the message names the file and the entry.
#[derive(Debug, Error)]
pub enum PlayerError {
    /// Not valid TOML, a missing or unknown entry, or a value of the wrong type.
    #[error("data/player.toml: {0}")]
    Toml(#[from] toml::de::Error),
    /// A value out of range.
    #[error("data/player.toml: {entry} {problem}")]
    Invalid {
        /// The entry's name.
        entry: &'static str,
        /// What is wrong.
        problem: String,
    },
}

/// Parses a player file in the format of `data/player.toml`.
pub fn parse_player(text: &str) -> Result<PlayerKind, PlayerError> {
    let kind: PlayerKind = toml::from_str(text)?;
    match kind.problem() {
        Some((entry, problem)) => Err(PlayerError::Invalid { entry, problem }),
        None => Ok(kind),
    }
}

/// The bundled `data/player.toml`, or why it is broken.
pub fn bundled_player() -> Result<PlayerKind, PlayerError> {
    parse_player(BUNDLED)
}

/// The player's numbers from the bundled file. A broken file is caught by this module's tests
/// before a release; should one slip through, the game plays with [`PlayerKind::BUILT_IN`]
/// rather than stop.
pub fn player_kind() -> &'static PlayerKind {
    static KIND: OnceLock<PlayerKind> = OnceLock::new();
    KIND.get_or_init(|| bundled_player().unwrap_or(PlayerKind::BUILT_IN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_file_parses() {
        let kind = bundled_player().unwrap();
        assert_eq!(player_kind(), &kind);
        assert!(
            kind.rest_regen_every < kind.regen_every,
            "resting heals faster"
        );
    }

    #[test]
    fn broken_files_name_the_file_and_the_entry() {
        let err = parse_player(&BUNDLED.replace("speed = 2", "speed = 9")).unwrap_err();
        assert_eq!(err.to_string(), "data/player.toml: speed must be 1 to 4");
        let err = parse_player(&BUNDLED.replace("sight = 8", "sight = \"far\"")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("data/player.toml:") && text.contains("sight"),
            "{text}"
        );
        let err = parse_player(&BUNDLED.replace("hp = 20\n", "")).unwrap_err();
        assert!(err.to_string().contains("hp"), "{err}");
        let err = parse_player(&format!("{BUNDLED}wings = 2\n")).unwrap_err();
        assert!(err.to_string().contains("wings"), "{err}");
        let slow_rest = BUNDLED.replace("rest_regen_every = 3", "rest_regen_every = 11");
        assert!(parse_player(&slow_rest).is_err());
    }
}
