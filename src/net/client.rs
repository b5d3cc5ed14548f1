//! A client of the protocol over a plain blocking socket: the hello, the lobby's requests,
//! and a game's views and directives. The `join` terminal and the tests both use it.

use super::frame::{self, FrameError, MAX_FRAME};
use super::hello::Hello;
use super::message::{ClientMessage, GameId, GameInfo, NewGame, ServerMessage};
use super::view::View;
use crate::sim::{Command, CreatureId};
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::time::Duration;

/// Why the client could not go on.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed or broke a frame.
    #[error("{0}")]
    Frame(#[from] FrameError),
    /// The server closed the connection.
    #[error("the server closed the connection")]
    Closed,
    /// The server turned the client away and closed the connection, saying why (control
    /// characters escaped).
    #[error("the server closed the connection: {0}")]
    Refused(String),
    /// The server denied a request, saying why (control characters escaped); the
    /// connection stays open.
    #[error("{0}")]
    Denied(String),
    /// The server said something out of turn.
    #[error("the server answered {0}")]
    Unexpected(String),
}

/// What a client talks to the server through: a TCP connection, or one end of a socket pair
/// inside the server's own process (an ssh session's, whose other end the server serves as
/// the name ssh authenticated).
#[derive(Debug)]
enum Socket {
    Tcp(TcpStream),
    Local(UnixStream),
}

impl Socket {
    fn try_clone(&self) -> std::io::Result<Socket> {
        Ok(match self {
            Socket::Tcp(s) => Socket::Tcp(s.try_clone()?),
            Socket::Local(s) => Socket::Local(s.try_clone()?),
        })
    }

    fn set_read_timeout(&self, wait: Option<Duration>) -> std::io::Result<()> {
        match self {
            Socket::Tcp(s) => s.set_read_timeout(wait),
            Socket::Local(s) => s.set_read_timeout(wait),
        }
    }

    fn shutdown(&self) {
        let _ = match self {
            Socket::Tcp(s) => s.shutdown(std::net::Shutdown::Both),
            Socket::Local(s) => s.shutdown(std::net::Shutdown::Both),
        };
    }
}

impl Read for Socket {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Socket::Tcp(s) => s.read(buf),
            Socket::Local(s) => s.read(buf),
        }
    }
}

impl Write for Socket {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Socket::Tcp(s) => s.write(buf),
            Socket::Local(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Socket::Tcp(s) => s.flush(),
            Socket::Local(s) => s.flush(),
        }
    }
}

/// A connection to a server, welcomed.
#[derive(Debug)]
pub struct Client {
    socket: Socket,
    /// The name the server knows the client by.
    pub name: String,
    /// The newest view of the game joined.
    pub view: Option<View>,
}

impl Client {
    /// Connects to `addr` as `name`, without a password, and waits for the welcome.
    pub fn connect(addr: impl ToSocketAddrs, name: &str) -> Result<Client, ClientError> {
        Client::login(addr, name, "")
    }

    /// Connects to `addr` as `name` with `password` (empty for none) and waits for the
    /// welcome: the first use of a name claims it with the password, later ones must match.
    pub fn login(
        addr: impl ToSocketAddrs,
        name: &str,
        password: &str,
    ) -> Result<Client, ClientError> {
        let socket = TcpStream::connect(addr).map_err(FrameError::Io)?;
        let mut client = Client {
            socket: Socket::Tcp(socket),
            name: name.to_string(),
            view: None,
        };
        client.send(&Hello::with_password(name, password).encode()?)?;
        client.welcomed()
    }

    /// A client on `socket`, one end of a pair whose other end the server serves as a name
    /// it already knows (an ssh session's): no hello is sent, the welcome is waited for.
    pub fn local(socket: UnixStream) -> Result<Client, ClientError> {
        let client = Client {
            socket: Socket::Local(socket),
            name: String::new(),
            view: None,
        };
        client.welcomed()
    }

    /// Waits for the server's welcome; the name it gives is the client's.
    fn welcomed(mut self) -> Result<Client, ClientError> {
        match self.receive()? {
            ServerMessage::Welcome { name, .. } => {
                self.name = name;
                Ok(self)
            }
            other => Err(unexpected(other)),
        }
    }

    /// Reads of this connection give up after `wait` (`None`: never).
    pub fn set_read_timeout(&self, wait: Option<Duration>) -> Result<(), ClientError> {
        self.socket
            .set_read_timeout(wait)
            .map_err(|e| FrameError::Io(e).into())
    }

    /// A second handle on the same connection (a reader thread's).
    pub fn try_clone(&self) -> Result<Client, ClientError> {
        Ok(Client {
            socket: self.socket.try_clone().map_err(FrameError::Io)?,
            name: self.name.clone(),
            view: None,
        })
    }

    /// Closes the connection both ways (a reader thread's handle returns an error).
    pub fn close(&self) {
        self.socket.shutdown();
    }

    fn send(&mut self, payload: &[u8]) -> Result<(), ClientError> {
        frame::write_frame(&mut self.socket, payload)?;
        Ok(())
    }

    /// Sends one message.
    pub fn tell(&mut self, message: &ClientMessage) -> Result<(), ClientError> {
        let payload = frame::encode(message)?;
        self.send(&payload)
    }

    /// The next message from the server; a view is also kept as [`Client::view`], and a
    /// refusal is an error.
    pub fn receive(&mut self) -> Result<ServerMessage, ClientError> {
        let Some(bytes) = frame::read_frame(&mut self.socket, MAX_FRAME)? else {
            return Err(ClientError::Closed);
        };
        let message: ServerMessage = frame::decode(&bytes)?;
        match message {
            ServerMessage::Refused(why) => {
                Err(ClientError::Refused(crate::text::escape_controls(&why)))
            }
            ServerMessage::Update(view) => {
                self.view = Some((*view).clone());
                Ok(ServerMessage::Update(view))
            }
            other => Ok(other),
        }
    }

    /// The next answer that is not a view (views meanwhile are kept); a denial is an error.
    pub fn answer(&mut self) -> Result<ServerMessage, ClientError> {
        loop {
            match self.receive()? {
                ServerMessage::Update(_) => {}
                ServerMessage::Denied(why) => {
                    return Err(ClientError::Denied(crate::text::escape_controls(&why)));
                }
                other => return Ok(other),
            }
        }
    }

    /// Asks for a new game; its number.
    pub fn create(&mut self, new: NewGame) -> Result<GameId, ClientError> {
        self.tell(&ClientMessage::Create(new))?;
        match self.answer()? {
            ServerMessage::Created(id) => Ok(id),
            other => Err(unexpected(other)),
        }
    }

    /// The server's games.
    pub fn list(&mut self) -> Result<Vec<GameInfo>, ClientError> {
        self.tell(&ClientMessage::List)?;
        match self.answer()? {
            ServerMessage::Games(games) => Ok(games),
            other => Err(unexpected(other)),
        }
    }

    /// Joins game `id`: the hero played (by id) once seated.
    pub fn join(&mut self, id: GameId) -> Result<u32, ClientError> {
        self.view = None;
        self.tell(&ClientMessage::Join(id))?;
        match self.answer()? {
            ServerMessage::Joined { hero, .. } => Ok(hero),
            other => Err(unexpected(other)),
        }
    }

    /// Watches game `id` as a spectator: the seat followed first.
    pub fn watch(&mut self, id: GameId) -> Result<u8, ClientError> {
        self.view = None;
        self.tell(&ClientMessage::Watch(id))?;
        match self.answer()? {
            ServerMessage::Watching { seat, .. } => Ok(seat),
            other => Err(unexpected(other)),
        }
    }

    /// Follows the hero of seat `seat` of the game watched; the views that follow are of it.
    pub fn follow(&mut self, seat: u8) -> Result<(), ClientError> {
        self.tell(&ClientMessage::Follow(seat))
    }

    /// Leaves the game joined or watched.
    pub fn leave(&mut self) -> Result<(), ClientError> {
        self.tell(&ClientMessage::Leave)?;
        match self.answer()? {
            ServerMessage::Left => Ok(()),
            other => Err(unexpected(other)),
        }
    }

    /// Waits for a view that satisfies `wanted` and returns it.
    pub fn view_where(&mut self, wanted: impl Fn(&View) -> bool) -> Result<View, ClientError> {
        if let Some(view) = self.view.as_ref().filter(|v| wanted(v)) {
            return Ok(view.clone());
        }
        loop {
            match self.receive()? {
                ServerMessage::Update(view) if wanted(&view) => return Ok(*view),
                ServerMessage::Denied(why) => {
                    return Err(ClientError::Denied(crate::text::escape_controls(&why)));
                }
                _ => {}
            }
        }
    }

    /// Gives creature `creature` of `view`'s world (its id there) `command` for `view`'s
    /// segment.
    pub fn direct(
        &mut self,
        view: &View,
        creature: CreatureId,
        command: Command,
    ) -> Result<(), ClientError> {
        let Some(id) = view.server_id(creature) else {
            return Err(ClientError::Denied(format!(
                "creature {creature} is not in the view"
            )));
        };
        self.direct_server_id(view, id, command)
    }

    /// Gives the creature of server id `id` `command` for `view`'s segment.
    pub fn direct_server_id(
        &mut self,
        view: &View,
        id: u32,
        command: Command,
    ) -> Result<(), ClientError> {
        self.tell(&ClientMessage::Direct {
            turn: view.turn,
            segment: view.segment,
            creature: id,
            command,
        })
    }
}

/// An error for an answer the client did not expect.
fn unexpected(message: ServerMessage) -> ClientError {
    match message {
        ServerMessage::Refused(why) => ClientError::Refused(crate::text::escape_controls(&why)),
        ServerMessage::Denied(why) => ClientError::Denied(crate::text::escape_controls(&why)),
        other => ClientError::Unexpected(crate::text::escape_controls(&format!("{other:?}"))),
    }
}
