//! `hexdeep serve`: hosts games on a port until SIGINT, SIGTERM or SIGHUP, then saves every
//! game and stops; started again on the same saves folder it resumes every game still played
//! (its database, [`crate::net::store`]). It says where it listens on standard output first,
//! so a script (or a test) can wait for that line, then which games it resumed.

use super::server::{Hosting, Limits, Server};
use crate::persist::Places;
use crate::ui::hotseat::timer::ClockSetting;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

/// Options of `hexdeep serve`.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port to listen on (0 picks a free one, told on the first line).
    #[arg(long)]
    pub port: u16,
    /// Also speak ssh on this port (0 picks a free one, told on the line after the first):
    /// `ssh -p PORT NAME@HOST` plays in any terminal. The host key is made on the first
    /// start and kept in the saves folder.
    #[arg(long, value_name = "PORT")]
    pub ssh_port: Option<u16>,
    /// The address to listen on: 127.0.0.1 (this machine only) unless given (0.0.0.0 for
    /// every network).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// Each player's chess clock in a game of several, in seconds: a starting credit and what
    /// every segment adds (`120+10`), or `off`; 300+15 by default.
    #[arg(long, value_name = "START+INC", value_parser = ClockSetting::parse)]
    pub clock: Option<ClockSetting>,
}

/// Serves until SIGINT, SIGTERM or SIGHUP; games are saved in the saves folder (`saves`,
/// else the usual one) after each segment and on stopping, and resumed on starting.
pub fn run(args: &ServeArgs, saves: Option<PathBuf>) -> Result<(), String> {
    let places = Places::from_environment(saves);
    let dir = places.open_saves().map_err(|e| e.to_string())?;
    let clock = match args.clock.unwrap_or(ClockSetting::DEFAULT) {
        ClockSetting::Off => None,
        ClockSetting::Chess { start, increment } => Some((start, increment)),
    };
    let folder = dir.0.clone();
    let hosting = Hosting {
        clock,
        ..Hosting::persistent(dir)?
    };
    let host_key = match args.ssh_port {
        Some(_) => Some(crate::net::ssh::hostkey::load_or_make(&folder)?),
        None => None,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    let addr = SocketAddr::new(args.host, args.port);
    let ssh = args
        .ssh_port
        .zip(host_key)
        .map(|(port, key)| (SocketAddr::new(args.host, port), key));
    runtime.block_on(serve(addr, ssh, hosting))
}

/// Binds (the ssh port too, when `ssh` gives it and the host key), says where, and serves
/// until a stop signal.
async fn serve(
    addr: SocketAddr,
    ssh: Option<(SocketAddr, russh::keys::PrivateKey)>,
    hosting: Hosting,
) -> Result<(), String> {
    let mut server = Server::hosting(addr, Limits::default(), hosting)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let bound = server
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let mut fingerprint = None;
    if let Some((ssh_addr, key)) = ssh {
        fingerprint = Some(crate::net::ssh::hostkey::fingerprint(&key));
        server = server
            .with_ssh(ssh_addr, key)
            .await
            .map_err(|e| format!("cannot listen for ssh on {ssh_addr}: {e}"))?;
    }
    let mut out = std::io::stdout();
    let _ = writeln!(out, "listening on {bound}");
    if let Some(Ok(ssh_bound)) = server.ssh_addr() {
        let _ = writeln!(out, "ssh on {ssh_bound}");
    }
    if let Some(fingerprint) = fingerprint {
        let _ = writeln!(out, "ssh host key {fingerprint}");
    }
    for note in server.notes() {
        let _ = writeln!(out, "{note}");
    }
    let _ = out.flush();
    let stop = stop_signal().map_err(|e| format!("cannot watch for signals: {e}"))?;
    server.run(stop).await;
    let _ = writeln!(
        out,
        "stopped: every game was saved; start again to resume them"
    );
    Ok(())
}

/// A future that completes on SIGINT, SIGTERM or SIGHUP.
fn stop_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    let mut hangup = signal(SignalKind::hangup())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
            _ = hangup.recv() => {}
        }
    })
}
