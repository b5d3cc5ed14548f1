//! Who plays a hotseat game: `--players N` and `--names A,B,…` checked before the game starts.

/// The most people one terminal seats.
pub const MAX_PLAYERS: u32 = 4;

/// The longest name, in characters: it fits the sidebar's line with the hero's hit points.
pub const MAX_NAME_CHARS: usize = 12;

/// The people of a game from `--players` and `--names`: their names in order, one a hero
/// (a single name, or none, for the game of one). Refused, saying why: a count outside 1 to
/// [`MAX_PLAYERS`], a count of names other than the players', an empty name, one longer than
/// [`MAX_NAME_CHARS`], one holding a control character, or two alike.
pub fn people(players: Option<u32>, names: Option<&str>) -> Result<Vec<String>, String> {
    let count = players.unwrap_or(1);
    if !(1..=MAX_PLAYERS).contains(&count) {
        return Err(format!(
            "--players {count}: a game seats 1 to {MAX_PLAYERS} people at one terminal \
             (1 is the game of one)"
        ));
    }
    let Some(names) = names else {
        return Ok(if count == 1 {
            Vec::new()
        } else {
            (1..=count).map(|n| format!("Player {n}")).collect()
        });
    };
    let list: Vec<String> = names.split(',').map(|n| n.trim().to_string()).collect();
    if list.len() != count as usize {
        return Err(format!(
            "--names gives {} name{} for {count} player{}: give one name a player, \
             separated by commas (--names Ann,Bob)",
            list.len(),
            if list.len() == 1 { "" } else { "s" },
            if count == 1 { "" } else { "s" },
        ));
    }
    for (n, name) in list.iter().enumerate() {
        check_name(n + 1, name)?;
        if list[..n].contains(name) {
            return Err(format!(
                "--names: two players are named {name}: give each their own name"
            ));
        }
    }
    Ok(list)
}

/// Why the `n`th name cannot be a player's, if it cannot (shown with control characters
/// escaped).
fn check_name(n: usize, name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err(format!("--names: name {n} is empty"));
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "--names: name {n} ({}) holds a control character",
            crate::text::escape_controls(name)
        ));
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "--names: name {n} ({name}) has {chars} characters; at most {MAX_NAME_CHARS} fit \
             the sidebar"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::people;

    #[test]
    fn a_party_is_two_to_four_named_people_and_one_is_the_game_of_one() {
        assert_eq!(people(None, None), Ok(Vec::new()));
        assert_eq!(people(Some(1), None), Ok(Vec::new()));
        assert_eq!(
            people(Some(2), Some("Ann, Bob")),
            Ok(vec!["Ann".to_string(), "Bob".to_string()])
        );
        assert_eq!(
            people(Some(3), None).unwrap(),
            ["Player 1", "Player 2", "Player 3"]
        );
        for refused in [Some(0), Some(5), Some(40)] {
            let why = people(refused, None).unwrap_err();
            assert!(why.contains("1 to 4"), "{why}");
        }
    }

    #[test]
    fn wrong_names_are_refused_saying_why() {
        let why = |players, names| people(Some(players), Some(names)).unwrap_err();
        assert!(why(2, "Ann").contains("1 name for 2 players"));
        assert!(why(2, "Ann,Bob,Cy").contains("3 names for 2 players"));
        assert!(why(2, "Ann,").contains("name 2 is empty"));
        assert!(why(2, "Ann,Bartholomew the Bold").contains("at most 12"));
        let control = why(2, "Ann,B\u{1b}[31mob");
        assert!(control.contains("control character"), "{control}");
        assert!(!control.contains('\u{1b}'), "escaped: {control}");
        assert!(why(2, "Ann,Ann").contains("two players are named Ann"));
    }
}
