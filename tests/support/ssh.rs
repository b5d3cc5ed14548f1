//! An ssh client session through russh's client, and the screen its bytes draw (a small
//! terminal: cursor moves, clears and text; styles ignored), for tests of `serve --ssh-port`.
#![allow(dead_code)]

use russh::client::{self, AuthResult, Handle, Msg};
use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{Channel, ChannelMsg};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// A new Ed25519 key.
pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).unwrap()
}

/// Trusts any host key (the tests' server makes a new one each time), and keeps the
/// authentication banners the server shows.
pub struct Trusting {
    banners: Arc<Mutex<Vec<String>>>,
}

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }

    async fn auth_banner(
        &mut self,
        banner: &str,
        _: &mut client::Session,
    ) -> Result<(), Self::Error> {
        self.banners.lock().unwrap().push(banner.to_string());
        Ok(())
    }
}

/// A connection, not yet logged in.
pub async fn connect(addr: SocketAddr) -> Handle<Trusting> {
    connect_showing(addr).await.0
}

/// A connection, not yet logged in, and the banners it is shown.
pub async fn connect_showing(addr: SocketAddr) -> (Handle<Trusting>, Arc<Mutex<Vec<String>>>) {
    let config = Arc::new(client::Config::default());
    let banners = Arc::new(Mutex::new(Vec::new()));
    let trusting = Trusting {
        banners: Arc::clone(&banners),
    };
    (
        client::connect(config, addr, trusting).await.unwrap(),
        banners,
    )
}

/// Logs in as `user` with `key`.
pub async fn with_key(handle: &mut Handle<Trusting>, user: &str, key: &PrivateKey) -> AuthResult {
    let key = PrivateKeyWithHashAlg::new(Arc::new(key.clone()), None);
    handle.authenticate_publickey(user, key).await.unwrap()
}

/// A session's screen and how it ended.
pub struct Ssh {
    pub handle: Handle<Trusting>,
    pub channel: Channel<Msg>,
    pub screen: Screen,
    /// The exit status, once the server gave it.
    pub exit: Option<u32>,
    /// Whether the server closed the channel.
    pub closed: bool,
}

impl Ssh {
    /// Logs in as `user` with `key` and starts a shell on a `columns` × `rows` terminal.
    pub async fn start(addr: SocketAddr, user: &str, key: &PrivateKey, size: (u16, u16)) -> Ssh {
        let mut handle = connect(addr).await;
        assert!(
            with_key(&mut handle, user, key).await.success(),
            "{user} logs in"
        );
        Ssh::shell(handle, size).await
    }

    /// Starts a shell on a connection logged in.
    pub async fn shell(handle: Handle<Trusting>, (columns, rows): (u16, u16)) -> Ssh {
        let channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(false, "xterm", columns.into(), rows.into(), 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(false).await.unwrap();
        Ssh {
            handle,
            channel,
            screen: Screen::new(columns, rows),
            exit: None,
            closed: false,
        }
    }

    /// Types `bytes`.
    pub async fn send(&self, bytes: &[u8]) {
        self.channel.data(bytes).await.unwrap();
    }

    /// Reads until the screen satisfies `wanted` (or the channel ends: then it panics).
    pub async fn until(&mut self, what: &str, wanted: impl Fn(&Screen) -> bool) {
        while !wanted(&self.screen) {
            assert!(
                self.next().await,
                "the session ended before: {what}\n{}",
                self.screen.text()
            );
        }
    }

    /// Reads until the screen shows `text` somewhere.
    pub async fn until_shown(&mut self, text: &str) {
        self.until(text, |s| s.text().contains(text)).await;
    }

    /// Reads until the channel ends.
    pub async fn until_closed(&mut self) {
        while self.next().await {}
    }

    /// Takes the next message: `false` once the channel ended.
    pub async fn next(&mut self) -> bool {
        match self.channel.wait().await {
            Some(ChannelMsg::Data { data }) => self.screen.feed(&data),
            Some(ChannelMsg::ExitStatus { exit_status }) => self.exit = Some(exit_status),
            Some(ChannelMsg::Close) | None => {
                self.closed = true;
                return false;
            }
            Some(_) => {}
        }
        true
    }
}

/// The screen a session's bytes draw.
pub struct Screen {
    pub columns: u16,
    pub rows: u16,
    /// Everything received, drawn again from the start on a resize.
    bytes: Vec<u8>,
    cells: Vec<Vec<char>>,
}

impl Screen {
    pub fn new(columns: u16, rows: u16) -> Screen {
        Screen {
            columns,
            rows,
            bytes: Vec::new(),
            cells: vec![vec![' '; columns.into()]; rows.into()],
        }
    }

    /// The terminal is now `columns` × `rows`: what comes next is drawn at that size.
    pub fn resize(&mut self, columns: u16, rows: u16) {
        *self = Screen::new(columns, rows);
    }

    /// Takes bytes the server sent.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
        let text = String::from_utf8_lossy(&self.bytes).into_owned();
        let mut cells = vec![vec![' '; self.columns.into()]; self.rows.into()];
        let (mut x, mut y) = (0usize, 0usize);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                if chars.peek() != Some(&'[') {
                    chars.next();
                    continue;
                }
                chars.next();
                let mut params = String::new();
                let mut last = ' ';
                for c in chars.by_ref() {
                    if ('\x40'..='\x7e').contains(&c) {
                        last = c;
                        break;
                    }
                    params.push(c);
                }
                let numbers: Vec<usize> =
                    params.split(';').map(|p| p.parse().unwrap_or(1)).collect();
                match last {
                    'H' => {
                        y = numbers.first().copied().unwrap_or(1).saturating_sub(1);
                        x = numbers.get(1).copied().unwrap_or(1).saturating_sub(1);
                    }
                    'J' if params == "2" => {
                        cells = vec![vec![' '; self.columns.into()]; self.rows.into()];
                    }
                    // The alternate screen left: the (blank) main screen is back.
                    'l' if params == "?1049" => {
                        cells = vec![vec![' '; self.columns.into()]; self.rows.into()];
                        (x, y) = (0, 0);
                    }
                    _ => {}
                }
            } else if !c.is_control() {
                if let Some(cell) = cells.get_mut(y).and_then(|row| row.get_mut(x)) {
                    *cell = c;
                }
                x += 1;
            }
        }
        self.cells = cells;
    }

    /// Row `y`'s text.
    pub fn row(&self, y: usize) -> String {
        self.cells
            .get(y)
            .map(|r| r.iter().collect())
            .unwrap_or_default()
    }

    /// The whole screen, a line a row.
    pub fn text(&self) -> String {
        (0..self.cells.len()).map(|y| self.row(y) + "\n").collect()
    }

    /// The character at column `x` of row `y`.
    pub fn at(&self, x: usize, y: usize) -> char {
        self.cells
            .get(y)
            .and_then(|r| r.get(x))
            .copied()
            .unwrap_or(' ')
    }
}
