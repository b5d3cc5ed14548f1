//! One connection, from its hello to its end: lobby requests answered here, game messages
//! passed to the game's task, and the game's answers and views passed back.

use super::lobby::Lobby;
use super::pace::Pace;
use super::{Limits, payload};
use crate::net::frame::{self, FrameError};
use crate::net::game::seat::{ConnId, Link, LinkEnds};
use crate::net::game::task::{GameHandle, ToGame};
use crate::net::hello::{Hello, MAX_HELLO};
use crate::net::message::{ClientMessage, MAX_CLIENT_FRAME, ServerMessage};
use crate::net::store::{Claim, Credential};
use crate::net::stream;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadHalf, WriteHalf};
use tokio::time::timeout;

/// What a connection runs on: a TCP stream, or the server's end of an ssh session's pair.
pub(crate) trait Stream: AsyncRead + AsyncWrite + Unpin + Send + 'static {}

impl<S: AsyncRead + AsyncWrite + Unpin + Send + 'static> Stream for S {}

/// How long the server tries to tell a peer why it is closing before it just closes.
const PARTING: Duration = Duration::from_secs(1);

/// A connection after its hello.
struct Conn {
    id: ConnId,
    name: String,
    /// The account the connection proved its name is (its password or key matched the
    /// name's claim, or claimed it): `None` for a name played unclaimed.
    account: Option<String>,
    lobby: Arc<Lobby>,
    /// The game joined, the ends of its link, and whether the game has seated the player
    /// yet.
    joined: Option<Joined>,
}

/// A game joined or watched.
struct Joined {
    game: GameHandle,
    ends: LinkEnds,
    seated: bool,
    /// Whether the connection watches the game rather than plays it.
    watching: bool,
}

/// What ends a connection: nothing to say (the peer is gone), or a refusal.
enum End {
    Gone,
    Refuse(String),
}

/// Serves one connection: its hello, then its messages until it closes, breaks a rule or
/// stays silent too long.
pub(super) async fn serve(mut socket: impl Stream, limits: Limits, lobby: Arc<Lobby>) {
    let hello = match greet(&mut socket, limits).await {
        Ok(hello) => hello,
        Err(Some(why)) => return refuse(socket, why).await,
        Err(None) => return,
    };
    let account = match claim(&lobby, &hello).await {
        Ok(Claim::New | Claim::Known) => Some(hello.name.clone()),
        Ok(Claim::Unclaimed) => None,
        Err(why) => return refuse(socket, why).await,
    };
    serve_as(socket, limits, lobby, hello.name, account).await;
}

/// Serves a connection whose name (and account: `None` for a name played unclaimed) is
/// already known — an ssh session's, proved by its key or password — from its welcome on.
pub(crate) async fn serve_as(
    mut socket: impl Stream,
    limits: Limits,
    lobby: Arc<Lobby>,
    name: String,
    account: Option<String>,
) {
    let welcome = ServerMessage::Welcome {
        protocol: crate::net::PROTOCOL_VERSION,
        game: env!("CARGO_PKG_VERSION").to_string(),
        name: name.clone(),
    };
    if !send(&mut socket, &welcome).await {
        return;
    }
    let mut conn = Conn {
        id: ConnId(lobby.next_conn()),
        name,
        account,
        lobby,
        joined: None,
    };
    let (read, mut write) = tokio::io::split(socket);
    let (read, end) = conn.run(read, &mut write, limits).await;
    conn.leave().await;
    match (read, end) {
        (Some(read), End::Refuse(why)) if read.is_pair_of(&write) => {
            refuse(read.unsplit(write), why).await;
        }
        (_, End::Gone) | (Some(_), End::Refuse(_)) => {}
        (None, End::Refuse(why)) => {
            let _ = timeout(PARTING, async {
                send(&mut write, &ServerMessage::Refused(why)).await;
                let _ = write.shutdown().await;
            })
            .await;
        }
    }
}

/// What a connection in no game is told when the server stops.
const STOPPING: &str = "the server is stopping: come back once it is back";

/// Completes once `stopping` says the server stops (never, should the lobby go first).
async fn stops(mut stopping: tokio::sync::watch::Receiver<bool>) {
    while !*stopping.borrow_and_update() {
        if stopping.changed().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

impl Conn {
    /// Serves the connection until it ends; gives back its reading half when it has it.
    async fn run<S: Stream>(
        &mut self,
        read: ReadHalf<S>,
        write: &mut WriteHalf<S>,
        limits: Limits,
    ) -> (Option<ReadHalf<S>>, End) {
        // The frame being read lives across the loop, so that an answer or a view sent
        // meanwhile never cuts a frame in two.
        let pace = Pace::new(limits.messages_per_second, limits.message_burst);
        let reading = next_message(read, limits, pace);
        tokio::pin!(reading);
        let stops = stops(self.lobby.stopping());
        tokio::pin!(stops);
        loop {
            let out = tokio::select! {
                // A connection in a game is told by its game; one in the lobby, here.
                () = &mut stops, if self.joined.is_none() => {
                    return (None, End::Refuse(STOPPING.to_string()));
                }
                (read, pace, got) = &mut reading => match got {
                    Ok(message) => {
                        let answer = self.take(message).await;
                        reading.set(next_message(read, limits, pace));
                        answer
                    }
                    Err(end) => return (Some(read), end),
                },
                from = from_game(&mut self.joined) => match from {
                    // The game goes (the server stops): the connection goes with it, saying why.
                    FromGame::Reply(ServerMessage::Refused(why)) => {
                        return (None, End::Refuse(why));
                    }
                    FromGame::Reply(message) => {
                        self.seat(&message);
                        Some(message)
                    }
                    FromGame::View(view) => view.map(ServerMessage::Update),
                    FromGame::Dropped => return (None, End::Refuse(
                        "the game dropped this connection: it read too slowly".to_string())),
                },
            };
            if let Some(message) = out {
                // A peer that reads nothing for as long as it may stay silent is gone: its
                // connection does not hold a slot for ever.
                let sent = timeout(limits.idle_after, send(write, &message)).await;
                if !sent.unwrap_or(false) {
                    return (None, End::Gone);
                }
            }
        }
    }

    /// Takes one message: the answer to send now, if any (a game answers through the link).
    async fn take(&mut self, message: ClientMessage) -> Option<ServerMessage> {
        match message {
            ClientMessage::Ping(n) => Some(ServerMessage::Pong(n)),
            ClientMessage::List => Some(ServerMessage::Games(self.lobby.list())),
            ClientMessage::Create(new) => Some(match self.lobby.create(&new) {
                Ok(id) => ServerMessage::Created(id),
                Err(why) => ServerMessage::Denied(why),
            }),
            ClientMessage::Join(id) => self.join(id, false).await,
            ClientMessage::Watch(id) => self.join(id, true).await,
            ClientMessage::Follow(seat) => self.follow(seat).await,
            ClientMessage::Leave => Some(if self.leave().await {
                ServerMessage::Left
            } else {
                ServerMessage::Denied("you play no game".to_string())
            }),
            ClientMessage::Direct {
                turn,
                segment,
                creature,
                command,
            } => {
                let conn = self.id;
                let at = (turn, segment);
                self.to_game(ToGame::Direct {
                    conn,
                    at,
                    creature,
                    command,
                })
                .await
            }
            ClientMessage::Order {
                turn,
                segment,
                creature,
                order,
            } => {
                let conn = self.id;
                let at = (turn, segment);
                self.to_game(ToGame::Order {
                    conn,
                    at,
                    creature,
                    order,
                })
                .await
            }
            ClientMessage::Halt { creature } => {
                let conn = self.id;
                self.to_game(ToGame::Halt { conn, creature }).await
            }
        }
    }

    /// Passes a player's directive, order or halt to the game played: refused, saying why,
    /// without one or to a spectator.
    async fn to_game(&self, message: ToGame) -> Option<ServerMessage> {
        let Some(Joined { game, watching, .. }) = &self.joined else {
            return Some(ServerMessage::Denied(
                "join a game before giving directives".to_string(),
            ));
        };
        if *watching {
            let why = "a spectator gives no directives".to_string();
            return Some(ServerMessage::Denied(why));
        }
        let _ = game.inbox.send(message).await;
        None
    }

    /// Asks game `id` for a seat, or to watch it (`watching`).
    async fn join(&mut self, id: crate::net::GameId, watching: bool) -> Option<ServerMessage> {
        if let Some(joined) = &self.joined {
            let doing = if joined.watching { "watch" } else { "play" };
            return Some(ServerMessage::Denied(format!(
                "you {doing} game {} already: leave it first",
                joined.game.id
            )));
        }
        let Some(game) = self.lobby.find(id) else {
            return Some(ServerMessage::Denied(format!("there is no game {id}")));
        };
        let (link, ends) = Link::new(self.id);
        let name = self.name.clone();
        let join = if watching {
            let account = self.account.clone();
            ToGame::Watch {
                name,
                account,
                link,
            }
        } else {
            ToGame::Join { name, link }
        };
        if game.inbox.send(join).await.is_err() {
            return Some(ServerMessage::Denied(format!("game {id} has closed")));
        }
        self.joined = Some(Joined {
            game,
            ends,
            seated: false,
            watching,
        });
        None
    }

    /// Asks the game watched to follow the hero of `seat`.
    async fn follow(&mut self, seat: u8) -> Option<ServerMessage> {
        let Some(Joined {
            game,
            watching: true,
            ..
        }) = &self.joined
        else {
            return Some(ServerMessage::Denied(
                "watch a game before following a hero".to_string(),
            ));
        };
        let follow = ToGame::Follow {
            conn: self.id,
            seat: usize::from(seat),
        };
        let _ = game.inbox.send(follow).await;
        None
    }

    /// Notes what the game answered a join: seated, or refused (the connection is in the
    /// lobby again).
    fn seat(&mut self, message: &ServerMessage) {
        let Some(joined) = self.joined.as_mut() else {
            return;
        };
        match message {
            ServerMessage::Joined { .. } | ServerMessage::Watching { .. } => joined.seated = true,
            ServerMessage::Denied(_) if !joined.seated => self.joined = None,
            _ => {}
        }
    }

    /// Leaves the game joined, if any: whether there was one.
    async fn leave(&mut self) -> bool {
        let Some(joined) = self.joined.take() else {
            return false;
        };
        let _ = joined.game.inbox.send(ToGame::Leave(self.id)).await;
        true
    }
}

/// What the game joined sends.
enum FromGame {
    /// An answer.
    Reply(ServerMessage),
    /// The newest view.
    View(Option<Box<crate::net::view::View>>),
    /// The game dropped the connection.
    Dropped,
}

/// The next answer or view from the game joined (never, while none is). Answers come
/// first.
async fn from_game(joined: &mut Option<Joined>) -> FromGame {
    let Some(Joined { ends, .. }) = joined else {
        return std::future::pending().await;
    };
    tokio::select! {
        biased;
        reply = ends.replies.recv() => reply.map_or(FromGame::Dropped, FromGame::Reply),
        changed = ends.views.changed() => {
            if changed.is_err() {
                // The views' sender went with the link: the answers' end says so.
                return ends.replies.recv().await.map_or(FromGame::Dropped, FromGame::Reply);
            }
            let view = ends.views.borrow_and_update().as_ref().map(|v| Box::new(v.as_ref().clone()));
            FromGame::View(view)
        }
    }
}

/// Reads the next message, bounded in size and in the time the peer may stay silent, and
/// served no sooner than `pace` allows; gives the reading half and the pace back with it.
async fn next_message<S: Stream>(
    mut read: ReadHalf<S>,
    limits: Limits,
    mut pace: Pace,
) -> (ReadHalf<S>, Pace, Result<ClientMessage, End>) {
    let got = timeout(
        limits.idle_after,
        stream::read_frame(&mut read, MAX_CLIENT_FRAME),
    )
    .await;
    let message = match got {
        Err(_) => {
            let idle = limits.idle_after.as_secs();
            Err(End::Refuse(format!("silent for {idle} s: closed")))
        }
        Ok(Ok(None)) => Err(End::Gone),
        Ok(Err(e)) => Err(End::Refuse(broken(&e))),
        Ok(Ok(Some(bytes))) => {
            frame::decode::<ClientMessage>(&bytes).map_err(|e| End::Refuse(broken(&e)))
        }
    };
    if message.is_ok() {
        pace.wait().await;
    }
    (read, pace, message)
}

/// The connection's hello, checked; otherwise why to refuse it (`None`: it is gone).
async fn greet(socket: &mut impl Stream, limits: Limits) -> Result<Hello, Option<String>> {
    let first = timeout(limits.hello_within, stream::read_frame(socket, MAX_HELLO)).await;
    let why = match first {
        Err(_) => format!(
            "no hello within {} s: closed",
            limits.hello_within.as_secs_f32()
        ),
        Ok(Ok(None)) => return Err(None),
        Ok(Err(e)) => broken(&e),
        Ok(Ok(Some(bytes))) => match Hello::from_payload(&bytes) {
            Ok(hello) => return Ok(hello),
            Err(refusal) => refusal.to_string(),
        },
    };
    Err(Some(why))
}

/// Takes the hello's name with its password: claimed when nobody had it, else the password
/// must be the one it was claimed with (checked on the database's thread). The spectators'
/// name ([`crate::net::hello::SPECTATOR`]) is never claimed.
async fn claim(lobby: &Lobby, hello: &Hello) -> Result<Claim, String> {
    if hello.name == crate::net::hello::SPECTATOR {
        if !hello.password.is_empty() {
            let why = "the name spectator is everyone's: it cannot be claimed with a password";
            return Err(why.to_string());
        }
        return Ok(Claim::Unclaimed);
    }
    let name = hello.name.clone();
    let credential = if hello.password.is_empty() {
        Credential::None
    } else {
        Credential::Password(hello.password.clone())
    };
    lobby
        .db()
        .call(move |store| store.claim(&name, &credential))
        .await
        .unwrap_or_else(|| Err("the server's database is closed".to_string()))
}

/// What to tell a peer whose frame broke the rules.
fn broken(error: &FrameError) -> String {
    format!("{error}: closed")
}

/// Tells the peer why and closes. What the peer still sends is read and dropped for a
/// moment (at most [`DRAINED`] bytes), so that closing with unread bytes does not reset the
/// connection before the peer reads the refusal.
pub(crate) async fn refuse(mut socket: impl Stream, why: String) {
    let _ = timeout(PARTING, async {
        send(&mut socket, &ServerMessage::Refused(why)).await;
        let _ = socket.shutdown().await;
        let mut sink = [0u8; 4096];
        let mut drained = 0;
        while drained < DRAINED {
            match socket.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => drained += n,
            }
        }
    })
    .await;
}

/// The most bytes read and dropped from a peer being refused.
const DRAINED: usize = 1 << 20;

/// Sends one message: `false` when the peer is gone.
async fn send(socket: &mut (impl tokio::io::AsyncWrite + Unpin), message: &ServerMessage) -> bool {
    let Some(bytes) = payload(message) else {
        return false;
    };
    stream::write_frame(socket, &bytes).await.is_ok()
}
