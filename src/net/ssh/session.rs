//! One ssh session's game: the `join` screens ([`play::play`]) on a thread of their own,
//! talking to the server through a socket pair inside the process whose other end the server
//! serves as the name ssh authenticated (so no password is asked again, and nothing a TCP
//! client sends can claim that name), drawing into the channel ([`SshTerminal`]).

use super::terminal::{Input, Size, SshTerminal};
use crate::content::Content;
use crate::net::client::Client;
use crate::net::join::lobby::LobbyScreen;
use crate::net::join::screen::GameScreen;
use crate::net::join::{play, read_in_background};
use crate::net::message::ClientMessage;
use crate::net::server::{Limits, lobby::Lobby};
use crate::ui::clock::{Clock, SystemClock};
use crate::ui::keymap::Keymap;
use crate::ui::palette::Palette;
use russh::ChannelWriteHalf;
use russh::server::{Handle, Msg};
use std::os::unix::net::UnixStream;
use std::sync::Arc;
use std::sync::mpsc::Receiver;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// Frames waiting for the channel at most; more are dropped (the screen is drawn whole
/// again when there is room).
const FRAMES: usize = 4;

/// What the terminal is told first: the alternate screen, the cursor hidden.
const ENTER: &[u8] = b"\x1b[?1049h\x1b[?25l";

/// What it is told last: the cursor shown, the screen the player had given back.
const LEAVE: &[u8] = b"\x1b[?25h\x1b[?1049l";

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host")
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

/// How long the end of a session waits for the client, at most.
const PARTING: Duration = Duration::from_secs(1);

/// Who an ssh connection plays as.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Login {
    /// The name, the ssh user name.
    pub name: String,
    /// The account its key or password proved (`None`: the name is played unclaimed).
    pub account: Option<String>,
}

/// What a session needs of the server.
#[derive(Clone)]
pub struct Host {
    /// The server's games.
    pub lobby: Arc<Lobby>,
    /// Its limits.
    pub limits: Limits,
    /// The game's content, read once for every session.
    pub content: Arc<Content>,
}

/// What a session shows: the screens for a login, else the refusal.
pub struct Start {
    /// Who logged in, or why they may not play.
    pub login: Result<Login, String>,
    /// The terminal's size, as the client says it.
    pub size: Arc<Size>,
    /// The colours the client's terminal takes.
    pub palette: Palette,
}

/// Starts the session on `channel` (with its connection's handle): the screens on a thread
/// of their own, fed by `input`, and a task writing what they draw, then the session's end
/// (exit status 0 when the player quit, else the reason and 1), to the channel.
pub fn start(
    host: &Host,
    start: Start,
    input: Receiver<Input>,
    channel: (Handle, ChannelWriteHalf<Msg>),
) {
    let (frames, drawn) = mpsc::channel(FRAMES);
    let (done, ended) = oneshot::channel();
    tokio::spawn(write_out(channel, drawn, ended));
    let (ours, name) = match start.login.and_then(|login| connect(host, login)) {
        Ok(connected) => connected,
        // `frames` goes: the writer ends the session with the reason.
        Err(why) => {
            let _ = done.send(Err(why));
            return;
        }
    };
    let content = Arc::clone(&host.content);
    let idle_after = host.limits.idle_after;
    let (size, palette) = (start.size, start.palette);
    // Should the thread not start, the closure goes, and with it `done`: the writer ends
    // the session saying it failed.
    let _ = std::thread::Builder::new()
        .name(format!("ssh {name}"))
        .spawn(move || {
            let _ = frames.blocking_send(ENTER.to_vec());
            let term = SshTerminal::new(frames, input, size, idle_after);
            let ended = term.and_then(|mut term| run(ours, &content, palette, &mut term));
            let _ = done.send(ended);
        });
}

/// A connection to the server inside the process, served as `login`: the screens' end of it,
/// and the name.
fn connect(host: &Host, login: Login) -> Result<(UnixStream, String), String> {
    let (ours, theirs) = UnixStream::pair()
        .and_then(|(ours, theirs)| {
            theirs.set_nonblocking(true)?;
            Ok((ours, tokio::net::UnixStream::from_std(theirs)?))
        })
        .map_err(|e| format!("the server cannot start a session: {e}"))?;
    // The session closes itself when its player types nothing for the idle time (the
    // screens' pings would keep its connection open anyway), and says so.
    let inside = Limits {
        idle_after: Duration::MAX,
        ..host.limits
    };
    let name = login.name.clone();
    tokio::spawn(crate::net::server::serve_as(
        theirs,
        inside,
        Arc::clone(&host.lobby),
        login.name,
        login.account,
    ));
    Ok((ours, name))
}

/// The screens, from the lobby on, until the player quits or the client or server is gone.
fn run(
    socket: UnixStream,
    content: &Arc<Content>,
    palette: Palette,
    term: &mut SshTerminal,
) -> Result<(), String> {
    let mut client = Client::local(socket).map_err(|e| e.to_string())?;
    let inbox = read_in_background(&client)?;
    play::send_all(&mut client, &[ClientMessage::List])?;
    let keymap = Keymap::default_keys();
    let clock: Arc<dyn Clock> = Arc::new(SystemClock::new());
    let make = |view| {
        GameScreen::new(
            view,
            keymap.clone(),
            palette,
            Arc::clone(content),
            Arc::clone(&clock),
        )
    };
    let ended = play::play(&mut client, &inbox, &make, LobbyScreen::default(), term);
    client.close();
    ended
}

/// Writes the frames drawn to the channel as its window lets them through (so a client that
/// reads slowly holds up this task, never the screens: they drop frames meanwhile), then the
/// session's end: the screen given back, the reason it ended unless the player quit, the exit
/// status, and the channel closed.
async fn write_out(
    (connection, channel): (Handle, ChannelWriteHalf<Msg>),
    mut drawn: mpsc::Receiver<Vec<u8>>,
    ended: oneshot::Receiver<Result<(), String>>,
) {
    while let Some(frame) = drawn.recv().await {
        if channel.data_bytes(frame).await.is_err() {
            return;
        }
    }
    let ended = ended
        .await
        .unwrap_or_else(|_| Err("the session failed".to_string()));
    let mut last = LEAVE.to_vec();
    let status = match ended {
        Ok(()) => 0,
        Err(why) => {
            let why = crate::text::escape_controls(&why);
            last.extend_from_slice(format!("hexdeep: {why}\r\n").as_bytes());
            1
        }
    };
    let _ = tokio::time::timeout(PARTING, async {
        let _ = channel.data_bytes(last).await;
        let _ = channel.exit_status(status).await;
        let _ = channel.eof().await;
        let _ = channel.close().await;
    })
    .await;
    // The connection served this one session: a client that keeps it open is let go.
    tokio::time::sleep(PARTING).await;
    let why = "the session ended".to_string();
    let _ = connection
        .disconnect(russh::Disconnect::ByApplication, why, "en".to_string())
        .await;
}
