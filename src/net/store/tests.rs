#![allow(clippy::unwrap_used)]

use super::*;
use crate::geom::Tiling;

/// A scratch folder and the database's file in it.
fn scratch(name: &str) -> (crate::files::scratch::Scratch, PathBuf) {
    let dir = crate::files::scratch::scratch(&format!("net-store-{name}"));
    let path = dir.join(FILE);
    (dir, path)
}

#[test]
fn a_new_file_gets_this_schema_and_opens_again() {
    let (_dir, path) = scratch("new");
    drop(Store::open(&path).unwrap());
    let store = Store::open(&path).unwrap();
    let version: i64 = store
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
}

#[test]
fn a_password_claims_a_name_and_only_it_takes_it_after() {
    let mut store = Store::in_memory().unwrap();
    let right = Credential::Password("secret".into());
    assert_eq!(store.claim("Ann", &right), Ok(Claim::New));
    assert_eq!(store.claim("Ann", &right), Ok(Claim::Known));
    let wrong = store.claim("Ann", &Credential::Password("guess".into()));
    assert!(wrong.unwrap_err().contains("wrong password for Ann"));
    let none = store.claim("Ann", &Credential::None).unwrap_err();
    assert!(none.contains("claimed"), "{none}");
    let key = store.claim("Ann", &Credential::SshKey("SHA256:abc".into()));
    assert!(key.is_err());
    // The hash, not the password, is kept.
    let kept: String = store
        .conn
        .query_row(
            "SELECT password FROM accounts WHERE name = 'Ann'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(
        !kept.contains("secret") && kept.starts_with("$argon2"),
        "{kept}"
    );
}

#[test]
fn an_ssh_key_claims_a_name_and_only_it_takes_it_after() {
    let mut store = Store::in_memory().unwrap();
    let key = Credential::SshKey("SHA256:abc".into());
    assert_eq!(store.claim("Bob", &key), Ok(Claim::New));
    assert_eq!(store.claim("Bob", &key), Ok(Claim::Known));
    let other = store.claim("Bob", &Credential::SshKey("SHA256:xyz".into()));
    assert!(other.unwrap_err().contains("another key"));
    let password = store.claim("Bob", &Credential::Password(String::new()));
    assert!(password.unwrap_err().contains("ssh key"));
    assert!(store.claim("Bob", &Credential::None).is_err());
}

#[test]
fn a_name_used_without_a_credential_stays_unclaimed() {
    let mut store = Store::in_memory().unwrap();
    assert_eq!(store.claim("Cy", &Credential::None), Ok(Claim::Unclaimed));
    assert!(!store.is_claimed("Cy").unwrap());
    let pw = Credential::Password("x".into());
    assert_eq!(store.claim("Cy", &pw), Ok(Claim::New));
    assert!(store.is_claimed("Cy").unwrap());
}

#[test]
fn a_file_that_is_no_database_is_reported_and_left_as_it_was() {
    let (_dir, path) = scratch("corrupt");
    let junk = b"this is not a database, not even close; ".repeat(200);
    std::fs::write(&path, &junk).unwrap();
    let why = Store::open(&path).unwrap_err();
    assert!(why.contains(&path.display().to_string()), "{why}");
    assert!(why.contains("not a hexdeep server database"), "{why}");
    assert_eq!(std::fs::read(&path).unwrap(), junk);
}

#[test]
fn a_newer_schema_is_refused_naming_both_versions() {
    let (_dir, path) = scratch("newer");
    drop(Store::open(&path).unwrap());
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1))
        .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    let why = Store::open(&path).unwrap_err();
    assert!(
        why.contains(&format!("schema version {}", SCHEMA_VERSION + 1)),
        "{why}"
    );
    assert!(
        why.contains(&format!("up to version {SCHEMA_VERSION}")),
        "{why}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn games_are_kept_listed_by_state_and_finished_with_their_scores() {
    let mut store = Store::in_memory().unwrap();
    let mut row = GameRow {
        id: 3,
        save: PathBuf::from("/saves/game-5.hdsave"),
        tiling: Tiling::Triangle,
        seats: vec![Some("Ann".into()), None],
        state: GameState::Playing,
    };
    store.put_game(&row).unwrap();
    assert_eq!(store.games(GameState::Playing).unwrap(), vec![row.clone()]);
    assert_eq!(store.next_game_id().unwrap(), 4);
    let score = ScoreRow {
        game: 3,
        hero: "Hero 1".into(),
        player: Some("Ann".into()),
        ending: "died".into(),
        deepest: 2,
        turns: 40,
        kills: 1,
    };
    store.finish_game(3, std::slice::from_ref(&score)).unwrap();
    assert!(store.games(GameState::Playing).unwrap().is_empty());
    row.state = GameState::Over;
    assert_eq!(store.games(GameState::Over).unwrap(), vec![row]);
    assert_eq!(store.scores().unwrap(), vec![score]);
}
