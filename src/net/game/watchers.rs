//! A game's spectators (ARCHITECTURE.md, "The network"): connections that follow one hero's
//! view and may switch to another's, and give no directives. While the game runs, a
//! spectator logged in to the account of one of the game's players (its name claimed and its
//! password or key shown, not merely the same name) sees the hero followed as that hero's
//! player does; anyone else, an unclaimed name included, sees only the roster ([`crate::net::view::roster_only`]) and the game's public
//! lines; once the game is over, everyone sees every hero's view. Views reach a spectator
//! through the same newest-view slot as a player's, so a slow spectator never stalls the game.

use super::Game;
use super::seat::{ConnId, Link};
use crate::net::message::ServerMessage;
use crate::net::view::{SeatView, VIEW_LINES, View};
use std::sync::Arc;

/// One spectator of a game.
#[derive(Debug)]
pub struct Watcher {
    /// The name it connected under.
    pub name: String,
    /// The account it proved its name is; `None` for a name played unclaimed.
    pub account: Option<String>,
    /// How the game reaches it.
    pub link: Link,
    /// The seat whose hero it follows.
    pub seat: usize,
}

/// The lines every spectator may read: who took a seat, left, ran out of time; at most
/// [`VIEW_LINES`], numbered as a seat's are.
#[derive(Debug, Default)]
pub struct PublicLog {
    /// The latest lines.
    pub lines: Vec<String>,
    /// The number of `lines[0]` among every public line.
    pub start: u64,
}

impl PublicLog {
    /// Adds `line`, keeping the last [`VIEW_LINES`].
    pub fn tell(&mut self, line: String) {
        self.lines.push(line);
        if self.lines.len() > VIEW_LINES {
            let over = self.lines.len() - VIEW_LINES;
            self.lines.drain(..over);
            self.start += over as u64;
        }
    }
}

impl Game {
    /// Spectator `name`, logged in to `account` (`None`: an unclaimed name), watches the
    /// game through `link`, following the first hero.
    pub fn watch(&mut self, name: &str, account: Option<String>, link: Link) {
        let watching = ServerMessage::Watching {
            game: self.id,
            seat: 0,
        };
        if !link.reply(watching) {
            return;
        }
        self.watchers.push(Watcher {
            name: name.to_string(),
            account,
            link,
            seat: 0,
        });
        let seats = self.roster();
        self.send_watcher_view(self.watchers.len() - 1, &seats);
    }

    /// Spectator `conn` follows the hero of seat `seat` from now on.
    pub fn follow(&mut self, conn: ConnId, seat: usize) {
        let Some(n) = self.watchers.iter().position(|w| w.link.conn == conn) else {
            let why = "watch a game before following a hero".to_string();
            self.answer(conn, ServerMessage::Denied(why));
            return;
        };
        if seat >= self.seats.len() {
            let why = format!("game {} has {} heroes", self.id, self.seats.len());
            self.answer_watcher(conn, ServerMessage::Denied(why));
            return;
        }
        self.watchers[n].seat = seat;
        let seats = self.roster();
        self.send_watcher_view(n, &seats);
    }

    /// Spectator `conn` stops watching: whether it was one.
    pub fn unwatch(&mut self, conn: ConnId) -> bool {
        let Some(n) = self.watchers.iter().position(|w| w.link.conn == conn) else {
            return false;
        };
        let watcher = self.watchers.remove(n);
        watcher.link.reply(ServerMessage::Left);
        true
    }

    /// Sends `message` to spectator `conn`; one that lets its answers pile up is let go.
    pub(super) fn answer_watcher(&mut self, conn: ConnId, message: ServerMessage) {
        let Some(n) = self.watchers.iter().position(|w| w.link.conn == conn) else {
            return;
        };
        if !self.watchers[n].link.reply(message) {
            self.watchers.remove(n);
        }
    }

    /// Whether connection `conn` watches the game.
    pub fn watched_by(&self, conn: ConnId) -> bool {
        self.watchers.iter().any(|w| w.link.conn == conn)
    }

    /// Sends every spectator its view; one whose view cannot be made is told why and let go.
    pub(super) fn send_watchers_views(&mut self, seats: &[SeatView]) {
        let mut n = 0;
        while n < self.watchers.len() {
            if self.send_watcher_view(n, seats) {
                n += 1;
            }
        }
    }

    /// Puts spectator `n`'s view in its slot: whether it is still watching.
    fn send_watcher_view(&mut self, n: usize, seats: &[SeatView]) -> bool {
        match self.watcher_view(n, seats.to_vec()) {
            Ok(view) => {
                self.watchers[n]
                    .link
                    .views
                    .send_replace(Some(Arc::new(view)));
                true
            }
            Err(why) => {
                let watcher = self.watchers.remove(n);
                watcher.link.reply(ServerMessage::Denied(why));
                false
            }
        }
    }

    /// Whether spectator `n` sees the heroes' fields of view: the game is over, or it is
    /// logged in to the account of one of the game's players (a bare name is not enough: an
    /// unclaimed one is anybody's).
    fn sees_views(&self, n: usize) -> bool {
        let Some(account) = &self.watchers[n].account else {
            return self.world.is_over();
        };
        self.world.is_over() || self.seats.iter().any(|s| s.name.as_ref() == Some(account))
    }

    /// Spectator `n`'s view, with the roster `seats`.
    fn watcher_view(&self, n: usize, seats: Vec<SeatView>) -> Result<View, String> {
        let seat = &self.seats[self.watchers[n].seat];
        let full = self.sees_views(n);
        let log = if full {
            (seat.log_start, seat.log.clone())
        } else {
            (self.public.start, self.public.lines.clone())
        };
        self.view_of(seat.hero, full, log, seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Tiling;
    use crate::net::game::Setup;
    use crate::net::game::seat::LinkEnds;
    use crate::net::message::GameId;
    use crate::sim::Ending;

    /// A game of two whose hero `hero` sees a monster at the start: the first seed that
    /// makes one, with that hero.
    fn game_with_a_monster_in_sight() -> (Game, usize) {
        for seed in 0..500 {
            let setup = Setup {
                players: 2,
                tiling: Tiling::Hex,
                seed,
                clock: None,
                saves: None,
                db: None,
            };
            let game = Game::new(GameId(1), setup).unwrap();
            let world = &game.world;
            let seen = (0..2).find(|&h| {
                let hero = world.heroes()[h];
                world
                    .creatures()
                    .iter()
                    .any(|c| c.alive && !world.is_hero(c.id) && world.hero_sees(hero, c.pos))
            });
            if let Some(seat) = seen {
                return (game, seat);
            }
        }
        panic!("no seed of 500 starts a hero in sight of a monster");
    }

    /// Spectator `name` on connection `conn`, logged in to its name's account when
    /// `logged_in`.
    fn watch(game: &mut Game, conn: u64, name: &str, logged_in: bool) -> LinkEnds {
        let (link, ends) = Link::new(ConnId(conn));
        game.watch(name, logged_in.then(|| name.to_string()), link);
        ends
    }

    /// The creatures of the newest view in `ends` that are no heroes.
    fn monsters(ends: &LinkEnds) -> usize {
        let view = ends.views.borrow().clone().expect("a view");
        let content = std::sync::Arc::new(crate::content::Content::bundled().unwrap());
        let world = view.world(&content).unwrap();
        world
            .creatures()
            .iter()
            .filter(|c| !world.is_hero(c.id))
            .count()
    }

    #[test]
    fn an_outsider_sees_no_fields_of_view_until_the_game_is_over_and_a_player_does() {
        let (mut game, seat) = game_with_a_monster_in_sight();
        let (link, _ann) = Link::new(ConnId(1));
        game.join("Ann", link);
        let mut cy = watch(&mut game, 2, "Cy", true);
        let mut ann = watch(&mut game, 3, "Ann", true);
        let bare = watch(&mut game, 4, "Ann", false);
        for conn in [2, 3, 4] {
            game.follow(ConnId(conn), seat);
        }
        assert_eq!(
            cy.replies.try_recv().ok(),
            Some(ServerMessage::Watching {
                game: GameId(1),
                seat: 0
            })
        );
        assert_eq!(
            monsters(&cy),
            0,
            "the monster is in hero {seat}'s field of view only"
        );
        let outsider = cy.views.borrow().clone().unwrap();
        assert_eq!(outsider.hero as usize, game.seats[seat].hero);
        assert_eq!(outsider.ids.len(), 2, "the heroes only");
        assert!(
            monsters(&ann) > 0,
            "one of the game's players sees what the hero sees"
        );
        assert_eq!(
            monsters(&bare),
            0,
            "the player's name without its account is an outsider's"
        );
        ann.views.borrow_and_update();
        game.world.abandon(Ending::Quit);
        game.dirty = true;
        game.settle();
        assert!(
            monsters(&cy) > 0,
            "the game is over: its views are open to all"
        );
    }

    #[test]
    fn a_spectator_is_refused_directives_and_a_seat_that_is_not_there() {
        let (mut game, _) = game_with_a_monster_in_sight();
        let mut cy = watch(&mut game, 2, "Cy", false);
        cy.replies.try_recv().unwrap();
        game.direct(
            ConnId(2),
            (game.world.turn(), game.world.segment()),
            0,
            crate::sim::Command::Wait,
        );
        let why = cy.replies.try_recv().unwrap();
        assert!(
            matches!(&why, ServerMessage::Denied(w) if w.contains("spectator")),
            "{why:?}"
        );
        game.follow(ConnId(2), 7);
        let why = cy.replies.try_recv().unwrap();
        assert!(
            matches!(&why, ServerMessage::Denied(w) if w.contains("has 2 heroes")),
            "{why:?}"
        );
        game.leave(ConnId(2));
        assert_eq!(cy.replies.try_recv().ok(), Some(ServerMessage::Left));
        assert!(!game.watched_by(ConnId(2)));
    }

    #[test]
    fn the_public_lines_keep_the_last_and_count_the_dropped() {
        let mut log = PublicLog::default();
        for n in 0..VIEW_LINES + 2 {
            log.tell(format!("line {n}"));
        }
        assert_eq!(log.lines.len(), VIEW_LINES);
        assert_eq!(log.start, 2);
        assert_eq!(log.lines[0], "line 2");
    }
}
