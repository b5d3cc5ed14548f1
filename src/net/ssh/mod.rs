//! Play over ssh (`hexdeep serve --ssh-port`): `ssh -p PORT NAME@HOST` opens the lobby and
//! the game of `hexdeep join` in any terminal (ARCHITECTURE.md, "The network"). The server
//! speaks ssh through russh; each session runs join's screens, drawn by ratatui at the
//! client's size, over a connection to the server inside the process, as the name ssh
//! authenticated. An ssh connection takes one of the server's connection slots.

pub mod handler;
pub mod hostkey;
pub mod keys;
pub mod refusal;
pub mod session;
pub mod terminal;

use russh::MethodKind;
use russh::keys::PrivateKey;
use russh::server::Config;
use session::Host;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};

/// The ssh port of a server, bound, with what every connection to it is served with.
#[derive(Debug)]
pub struct SshListener {
    listener: TcpListener,
    config: Arc<Config>,
    login_within: Duration,
    refusals: refusal::Refusals,
}

impl SshListener {
    /// Binds `addr` (port 0 picks a free one), to speak ssh with host key `key`; connections
    /// silent for the limits' idle time are closed.
    pub async fn bind(
        addr: SocketAddr,
        key: PrivateKey,
        limits: crate::net::Limits,
    ) -> io::Result<SshListener> {
        let config = Config {
            keys: vec![key],
            methods: (&[MethodKind::PublicKey, MethodKind::Password][..]).into(),
            inactivity_timeout: Some(limits.idle_after),
            keepalive_interval: Some(Duration::from_secs(60)),
            keepalive_max: 3,
            // The client's first "none" is refused at once; failed keys and passwords wait.
            auth_rejection_time_initial: Some(Duration::ZERO),
            max_auth_attempts: 6,
            nodelay: true,
            ..Config::default()
        };
        Ok(SshListener {
            listener: TcpListener::bind(addr).await?,
            config: Arc::new(config),
            login_within: limits.login_within,
            refusals: refusal::Refusals::default(),
        })
    }

    /// Where it listens.
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// The next connection.
    pub(crate) async fn accept(&self) -> io::Result<TcpStream> {
        self.listener.accept().await.map(|(socket, _)| socket)
    }

    /// Tells the client on `socket` why the server cannot take it, and closes.
    pub(crate) fn refuse(&self, socket: TcpStream, why: &str) {
        self.refusals.refuse(socket, &self.config, why);
    }

    /// Serves `socket` in a task of its own until it ends.
    pub(crate) fn take(&self, socket: TcpStream, host: Host, slot: impl Send + 'static) {
        let config = Arc::clone(&self.config);
        let login_within = self.login_within;
        tokio::spawn(async move {
            serve(socket, config, login_within, host).await;
            drop(slot);
        });
    }
}

/// Serves one connection until it ends; one that has not logged in and started its session
/// within `login_within` is closed.
async fn serve(socket: TcpStream, config: Arc<Config>, login_within: Duration, host: Host) {
    let started = Arc::new(AtomicBool::new(false));
    let handler = handler::Conn::new(host, Arc::clone(&started));
    let greeted = russh::server::run_stream(config, socket, handler);
    let Ok(Ok(running)) = tokio::time::timeout(login_within, greeted).await else {
        return;
    };
    let handle = running.handle();
    let watch = tokio::spawn(async move {
        tokio::time::sleep(login_within).await;
        if !started.load(Ordering::Relaxed) {
            let why = format!("no session started within {} s", login_within.as_secs_f32());
            let reason = russh::Disconnect::ByApplication;
            let _ = handle.disconnect(reason, why, "en".to_string()).await;
        }
    });
    let _ = running.await;
    watch.abort();
}
