//! One ssh connection's handler: who logs in (the user name is the player's name; the first
//! key or password used with a name nobody holds claims it, a claimed name takes only its own;
//! never "none"), and one session channel a connection, whose `shell` starts the game's
//! screens ([`super::session`]) at the size the `pty-req` gave and follows `window-change`.

use super::session::{self, Host, Login, Start};
use super::terminal::{Input, Size};
use crate::net::hello::{SPECTATOR, check_name};
use crate::net::store::{Claim, Credential, accounts::MAX_PASSWORD};
use crate::ui::palette::Palette;
use russh::keys::HashAlg;
use russh::server::{Auth, ChannelOpenHandle, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelMsg, ChannelOpenFailure, ChannelWriteHalf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};

/// Reads of the client's bytes held for the session at most; more are dropped.
const INPUT_READS: usize = 32;

/// The size of a terminal the client gave none for (no `pty-req`).
const DEFAULT_SIZE: (u32, u32) = (80, 24);

/// One ssh connection.
pub struct Conn {
    host: Host,
    /// Raised once the client logged in and started its session (the server's watch on
    /// slow logins reads it).
    started: Arc<AtomicBool>,
    login: Option<Result<Login, String>>,
    channel: Option<Opened>,
}

/// The connection's session channel.
struct Opened {
    id: ChannelId,
    size: Arc<Size>,
    palette: Palette,
    /// The client's bytes, until the shell starts and takes them.
    input: Option<Receiver<Input>>,
    /// The channel's writing half, until the shell starts and takes it.
    write: Option<ChannelWriteHalf<Msg>>,
}

impl Conn {
    /// A handler for a new connection to `host`; `started` is raised when it has logged in
    /// and started its session.
    pub fn new(host: Host, started: Arc<AtomicBool>) -> Conn {
        Conn {
            host,
            started,
            login: None,
            channel: None,
        }
    }

    /// `user` shows `credential`: accepted when the name is theirs (claimed now, or before
    /// with the same key or password), rejected otherwise, so the client may try another key.
    /// A name that cannot be a player's is let in only to be told why, then closed.
    async fn authenticate(&mut self, user: &str, credential: Credential) -> Auth {
        let login = if let Err(why) = check_name(user) {
            Err(format!("cannot play as that name: the name {why}"))
        } else if user == SPECTATOR {
            Ok(Login {
                name: user.to_string(),
                account: None,
            })
        } else {
            let name = user.to_string();
            let claimed = self
                .host
                .lobby
                .db()
                .call(move |store| store.claim(&name, &credential))
                .await;
            match claimed {
                Some(Ok(Claim::New | Claim::Known)) => Ok(Login {
                    name: user.to_string(),
                    account: Some(user.to_string()),
                }),
                _ => return Auth::reject(),
            }
        };
        self.login = Some(login);
        Auth::Accept
    }
}

impl russh::server::Handler for Conn {
    type Error = russh::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let fingerprint = key.public_key.fingerprint(HashAlg::Sha256).to_string();
        Ok(self
            .authenticate(user, Credential::SshKey(fingerprint))
            .await)
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        if password.is_empty() || password.len() > MAX_PASSWORD {
            return Ok(Auth::reject());
        }
        let credential = Credential::Password(password.to_string());
        Ok(self.authenticate(user, credential).await)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        let (read, write) = channel.split();
        let (typed, input) = std::sync::mpsc::sync_channel(INPUT_READS);
        tokio::spawn(read_input(read, typed));
        self.channel = Some(Opened {
            id: write.id(),
            size: Arc::new(Size::new(DEFAULT_SIZE.0, DEFAULT_SIZE.1)),
            palette: Palette::for_term("xterm"),
            input: Some(input),
            write: Some(write),
        });
        reply.accept().await;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)] // russh's signature
    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channel.as_mut().filter(|c| c.id == channel) {
            Some(opened) => {
                opened.size.set(columns, rows);
                opened.palette = Palette::for_term(term);
                session.channel_success(channel)
            }
            None => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(opened) = self.channel.as_ref().filter(|c| c.id == channel) {
            opened.size.set(columns, rows);
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let opened = self.channel.as_mut().filter(|c| c.id == channel);
        let (Some(opened), Some(login)) = (opened, self.login.clone()) else {
            return session.channel_failure(channel);
        };
        let (Some(input), Some(write)) = (opened.input.take(), opened.write.take()) else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let start = Start {
            login,
            size: Arc::clone(&opened.size),
            palette: opened.palette,
        };
        session::start(&self.host, start, input, (session.handle(), write));
        self.started.store(true, Ordering::Relaxed);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }
}

/// Passes the client's bytes to the session (the reads that do not fit are dropped) until the
/// channel ends; then the session hears the client is gone.
async fn read_input(mut read: russh::ChannelReadHalf, typed: SyncSender<Input>) {
    while let Some(message) = read.wait().await {
        match message {
            ChannelMsg::Data { data } => match typed.try_send(Input::Bytes(data.to_vec())) {
                Ok(()) | Err(TrySendError::Full(_)) => {}
                Err(TrySendError::Disconnected(_)) => return,
            },
            ChannelMsg::Eof | ChannelMsg::Close => return,
            _ => {}
        }
    }
}
