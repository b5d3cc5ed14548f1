//! The server: it listens, takes each connection's hello, and serves the connections it takes
//! each in a task of its own (ARCHITECTURE.md, "The network"). Whatever one peer sends — a
//! frame too large, bytes that are no message, nothing at all — closes that connection only,
//! with a refusal saying why; the others go on.

mod connection;
pub mod lobby;
mod pace;

use super::message::ServerMessage;
use super::ssh::SshListener;
use super::ssh::session::Host;
pub(crate) use connection::serve_as;
pub use lobby::Hosting;
use russh::keys::PrivateKey;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

/// How much the server gives its peers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections served at once; the next is refused ("the server is full").
    pub max_connections: usize,
    /// How long a new connection may take to say hello.
    pub hello_within: Duration,
    /// How long a connection may stay silent before it is closed (an ssh session: how long
    /// its player may type nothing).
    pub idle_after: Duration,
    /// The steady rate of a connection's messages (directives and requests alike): one
    /// that comes sooner waits its turn, so a flood slows its own connection only.
    pub messages_per_second: u32,
    /// How many messages a connection may send at once before the rate holds.
    pub message_burst: u32,
    /// How long a new ssh connection may take to log in and start its session (its player
    /// may be typing a password).
    pub login_within: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 256,
            hello_within: Duration::from_secs(10),
            idle_after: Duration::from_secs(15 * 60),
            messages_per_second: 50,
            message_burst: 100,
            login_within: Duration::from_secs(60),
        }
    }
}

/// How long a stopping server waits for its connections to close, at most.
const PARTING_ALL: Duration = Duration::from_secs(3);

/// A server bound to its address, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    limits: Limits,
    slots: Arc<Semaphore>,
    lobby: Arc<lobby::Lobby>,
    /// The ssh port, if the server speaks ssh, and what its sessions need.
    ssh: Option<(SshListener, Host)>,
}

impl Server {
    /// Binds `addr` (port 0 picks a free port: see [`Server::local_addr`]), hosting games
    /// as [`Hosting::default`] says.
    pub async fn bind(addr: SocketAddr, limits: Limits) -> io::Result<Server> {
        Server::hosting(addr, limits, Hosting::default()).await
    }

    /// Binds `addr`, hosting games as `hosting` says.
    pub async fn hosting(addr: SocketAddr, limits: Limits, hosting: Hosting) -> io::Result<Server> {
        Ok(Server {
            listener: TcpListener::bind(addr).await?,
            limits,
            slots: Arc::new(Semaphore::new(limits.max_connections)),
            lobby: Arc::new(lobby::Lobby::new(hosting).map_err(io::Error::other)?),
            ssh: None,
        })
    }

    /// Also speaks ssh on `addr` (port 0 picks a free port: see [`Server::ssh_addr`]), with
    /// host key `key`: `ssh -p PORT NAME@HOST` plays as `join` does.
    pub async fn with_ssh(mut self, addr: SocketAddr, key: PrivateKey) -> io::Result<Server> {
        let content = crate::content::Content::bundled().map_err(io::Error::other)?;
        let host = Host {
            lobby: Arc::clone(&self.lobby),
            limits: self.limits,
            content: Arc::new(content),
        };
        self.ssh = Some((SshListener::bind(addr, key, self.limits).await?, host));
        Ok(self)
    }

    /// Where the server speaks ssh, if it does.
    pub fn ssh_addr(&self) -> Option<io::Result<SocketAddr>> {
        self.ssh.as_ref().map(|(ssh, _)| ssh.local_addr())
    }

    /// Where the server listens.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// What resuming the saved games said: one line a game.
    pub fn notes(&self) -> &[String] {
        self.lobby.notes()
    }

    /// Serves connections until `shutdown` completes, then saves and stops every game.
    pub async fn run(self, shutdown: impl Future<Output = ()>) {
        tokio::pin!(shutdown);
        loop {
            tokio::select! {
                () = &mut shutdown => return self.stop().await,
                accepted = self.listener.accept() => match accepted {
                    Ok((socket, _)) => self.take(socket),
                    // Out of file descriptors and the like: the peer is gone, the server
                    // waits a moment and goes on.
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                },
                accepted = accept_ssh(self.ssh.as_ref()) => match accepted {
                    Ok(socket) => self.take_ssh(socket),
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                },
            }
        }
    }

    /// Saves and stops every game (each player told why), then lets the connections go
    /// before the process does: an ssh session gives its terminal the screen back and says
    /// why it ends. A connection that does not close is left after [`PARTING_ALL`].
    async fn stop(&self) {
        self.lobby.stop().await;
        let every = u32::try_from(self.limits.max_connections).unwrap_or(u32::MAX);
        let _ = tokio::time::timeout(PARTING_ALL, self.slots.acquire_many(every)).await;
    }

    /// Serves an ssh connection in a task of its own, or refuses it when every slot is
    /// taken.
    fn take_ssh(&self, socket: TcpStream) {
        let Some((ssh, host)) = &self.ssh else {
            return;
        };
        if let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() {
            ssh.take(socket, host.clone(), slot);
        } else {
            ssh.refuse(socket, &self.full());
        }
    }

    /// Why a connection is refused when every slot is taken.
    fn full(&self) -> String {
        format!(
            "the server is full ({} connections): try again later",
            self.limits.max_connections
        )
    }

    /// Serves `socket` in a task of its own, or refuses it when every slot is taken.
    fn take(&self, socket: TcpStream) {
        let limits = self.limits;
        if let Ok(slot) = Arc::clone(&self.slots).try_acquire_owned() {
            let lobby = Arc::clone(&self.lobby);
            tokio::spawn(async move {
                connection::serve(socket, limits, lobby).await;
                drop(slot);
            });
        } else {
            tokio::spawn(connection::refuse(socket, self.full()));
        }
    }
}

/// The next connection to the ssh port (never, when there is none).
async fn accept_ssh(ssh: Option<&(SshListener, Host)>) -> io::Result<TcpStream> {
    match ssh {
        Some((ssh, _)) => ssh.accept().await,
        None => std::future::pending().await,
    }
}

/// The frame's payload for `message`, or `None` when it cannot be encoded (never for the
/// server's own small messages).
fn payload(message: &ServerMessage) -> Option<Vec<u8>> {
    super::frame::encode(message).ok()
}
