//! A game and the server's database: its row when made and seated, its end with each hero's
//! score, and a game resumed from its save at the same segment.

#![allow(clippy::unwrap_used)]

use super::seat::{ConnId, Link};
use super::{Game, Setup};
use crate::geom::Tiling;
use crate::net::message::GameId;
use crate::net::store::{Db, GameState, Store};
use crate::persist::SaveDir;
use crate::sim::{Command, Ending};

fn game(dir: &SaveDir, db: &Db) -> Game {
    let setup = Setup {
        players: 2,
        tiling: Tiling::Square,
        seed: 11,
        clock: None,
        saves: Some(dir.clone()),
        db: Some(db.clone()),
    };
    Game::new(GameId(4), setup).unwrap()
}

#[tokio::test]
async fn an_ended_game_is_noted_over_with_each_heros_score_and_player() {
    let scratch = crate::files::scratch::scratch("net-resume-end");
    let dir = SaveDir(scratch.to_path_buf());
    let db = Db::start(Store::in_memory().unwrap()).unwrap();
    let mut game = game(&dir, &db);
    let (link, _ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    db.flush().await;
    let playing = db.call(|s| s.games(GameState::Playing)).await.unwrap();
    let playing = playing.unwrap();
    assert_eq!(playing.len(), 1);
    assert_eq!(playing[0].seats, vec![Some("Ann".to_string()), None]);
    game.world.abandon(Ending::Quit);
    game.finish();
    db.flush().await;
    let over = db
        .call(|s| s.games(GameState::Over))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(over.iter().map(|g| g.id).collect::<Vec<_>>(), [4]);
    let scores = db.call(|s| s.scores()).await.unwrap().unwrap();
    let mut who: Vec<_> = scores
        .iter()
        .map(|s| {
            (
                s.game,
                s.hero.as_str(),
                s.player.as_deref(),
                s.ending.as_str(),
            )
        })
        .collect();
    who.sort_unstable();
    assert_eq!(
        who,
        [
            (4, "Hero 1", Some("Ann"), "quit"),
            (4, "Hero 2", None, "quit")
        ]
    );
}

#[tokio::test]
async fn a_game_resumes_from_its_save_at_the_same_segment_with_its_players_seats() {
    let scratch = crate::files::scratch::scratch("net-resume-again");
    let dir = SaveDir(scratch.to_path_buf());
    let db = Db::start(Store::in_memory().unwrap()).unwrap();
    let mut game = game(&dir, &db);
    let (link, _ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    let hero = game.seats[0].hero as u32;
    for _ in 0..2 {
        let at = (game.world.turn(), game.world.segment());
        game.direct(ConnId(1), at, hero, Command::Wait);
        game.settle();
    }
    let at = (game.world.turn(), game.world.segment());
    assert!(at > (0, 0), "{at:?}");
    game.stop();
    db.flush().await;
    let rows = db
        .call(|s| s.games(GameState::Playing))
        .await
        .unwrap()
        .unwrap();
    let back = Game::resume(&rows[0], None, dir.clone(), Some(db.clone())).unwrap();
    assert_eq!((back.world.turn(), back.world.segment()), at);
    assert_eq!(back.id, GameId(4));
    assert_eq!(back.seats[0].name.as_deref(), Some("Ann"));
    assert!(
        back.seats.iter().all(|s| !s.present()),
        "nobody connected yet"
    );
    assert_eq!(back.world.state_hash(), game.world.state_hash());
}

#[tokio::test]
async fn a_game_stopped_with_the_server_tells_its_players_why_they_lose_it() {
    let scratch = crate::files::scratch::scratch("net-resume-stop");
    let dir = SaveDir(scratch.to_path_buf());
    let db = Db::start(Store::in_memory().unwrap()).unwrap();
    let mut game = game(&dir, &db);
    let (link, mut ends) = Link::new(ConnId(1));
    game.join("Ann", link);
    game.stop();
    let mut last = None;
    while let Ok(message) = ends.replies.try_recv() {
        last = Some(message);
    }
    let Some(crate::net::ServerMessage::Refused(why)) = last else {
        panic!("{last:?}");
    };
    assert!(why.contains("server is stopping"), "{why}");
    assert!(why.contains("was saved"), "{why}");
}
