//! One connection, from its hello to its end.

use super::{Limits, payload};
use crate::net::frame::{self, FrameError};
use crate::net::hello::{Hello, MAX_HELLO};
use crate::net::message::{ClientMessage, MAX_CLIENT_FRAME, ServerMessage};
use crate::net::stream;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// How long the server tries to tell a peer why it is closing before it just closes.
const PARTING: Duration = Duration::from_secs(1);

/// Serves one connection: its hello, then its messages until it closes, breaks a rule or
/// stays silent too long.
pub(super) async fn serve(mut socket: TcpStream, limits: Limits) {
    let hello = match greet(&mut socket, limits).await {
        Ok(hello) => hello,
        Err(Some(why)) => return refuse(socket, why).await,
        Err(None) => return,
    };
    let welcome = ServerMessage::Welcome {
        protocol: crate::net::PROTOCOL_VERSION,
        game: env!("CARGO_PKG_VERSION").to_string(),
        name: hello.name,
    };
    if !send(&mut socket, &welcome).await {
        return;
    }
    loop {
        let read = timeout(
            limits.idle_after,
            stream::read_frame(&mut socket, MAX_CLIENT_FRAME),
        )
        .await;
        let message = match read {
            Err(_) => {
                let idle = limits.idle_after.as_secs();
                return refuse(socket, format!("silent for {idle} s: closed")).await;
            }
            Ok(Ok(None)) => return,
            Ok(Err(e)) => return refuse(socket, broken(&e)).await,
            Ok(Ok(Some(bytes))) => match frame::decode::<ClientMessage>(&bytes) {
                Ok(message) => message,
                Err(e) => return refuse(socket, broken(&e)).await,
            },
        };
        let answer = match message {
            ClientMessage::Ping(n) => ServerMessage::Pong(n),
        };
        if !send(&mut socket, &answer).await {
            return;
        }
    }
}

/// The connection's hello, checked; otherwise why to refuse it (`None`: it is gone).
async fn greet(socket: &mut TcpStream, limits: Limits) -> Result<Hello, Option<String>> {
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

/// What to tell a peer whose frame broke the rules.
fn broken(error: &FrameError) -> String {
    format!("{error}: closed")
}

/// Tells the peer why and closes. What the peer still sends is read and dropped for a
/// moment (at most [`DRAINED`] bytes), so that closing with unread bytes does not reset the
/// connection before the peer reads the refusal.
pub(super) async fn refuse(mut socket: TcpStream, why: String) {
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
async fn send(socket: &mut TcpStream, message: &ServerMessage) -> bool {
    let Some(bytes) = payload(message) else {
        return false;
    };
    stream::write_frame(socket, &bytes).await.is_ok()
}
