//! Telling an ssh client the server cannot take it: in ssh's own authentication banner,
//! which every ssh client shows its user, then no login (the client says "permission
//! denied"). Only a few are told so at once ([`AT_ONCE`], each for at most [`TELLING`]); past
//! them a connection is told in a plain line before any ssh, and closed.

use russh::server::{Auth, Config, PublicKeyOffer};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::Semaphore;

/// Refusals told through ssh at once, at most.
pub const AT_ONCE: usize = 8;

/// How long one refusal through ssh may take.
pub const TELLING: Duration = Duration::from_secs(10);

/// Refuses every login, showing why first.
struct Refuser {
    why: String,
}

impl russh::server::Handler for Refuser {
    type Error = russh::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(Some(format!("hexdeep: {}\r\n", self.why)))
    }

    async fn auth_publickey_offered(
        &mut self,
        _: &str,
        _: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(Auth::reject())
    }
}

/// Refusals under way.
#[derive(Debug)]
pub struct Refusals {
    at_once: Arc<Semaphore>,
}

impl Default for Refusals {
    fn default() -> Refusals {
        Refusals {
            at_once: Arc::new(Semaphore::new(AT_ONCE)),
        }
    }
}

impl Refusals {
    /// Tells the client on `socket` why the server cannot take it, in a task of its own.
    pub fn refuse(&self, socket: TcpStream, config: &Arc<Config>, why: &str) {
        let why = crate::text::escape_controls(why);
        let Ok(turn) = Arc::clone(&self.at_once).try_acquire_owned() else {
            tokio::spawn(plain(socket, why));
            return;
        };
        let config = Arc::clone(config);
        tokio::spawn(async move {
            let _ = tokio::time::timeout(TELLING, async move {
                if let Ok(running) =
                    russh::server::run_stream(config, socket, Refuser { why }).await
                {
                    let _ = running.await;
                }
            })
            .await;
            drop(turn);
        });
    }
}

/// Tells the client why in a line before any ssh, and closes.
async fn plain(mut socket: TcpStream, why: String) {
    let line = format!("hexdeep: {why}\r\n");
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = socket.write_all(line.as_bytes()).await;
        let _ = socket.shutdown().await;
    })
    .await;
}
