//! A real server on 127.0.0.1:0, serving on a thread of its own until its guard is dropped.
#![allow(dead_code)]

use hexdeep::net::server::Hosting;
use hexdeep::net::{Limits, Server};
use std::net::SocketAddr;
use std::sync::mpsc;
use std::thread;

/// A server serving until dropped.
pub struct Running {
    pub addr: SocketAddr,
    /// Where it speaks ssh, if it does ([`serve_with_ssh`]).
    pub ssh: Option<SocketAddr>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            thread.join().unwrap();
        }
    }
}

/// A server with `limits` hosting as `hosting` says.
pub fn serve(limits: Limits, hosting: Hosting) -> Running {
    serve_maybe_ssh(limits, hosting, None)
}

/// A server with `limits` hosting as `hosting` says, speaking ssh too on a port of its own
/// with host key `key`.
pub fn serve_with_ssh(limits: Limits, hosting: Hosting, key: russh::keys::PrivateKey) -> Running {
    serve_maybe_ssh(limits, hosting, Some(key))
}

fn serve_maybe_ssh(
    limits: Limits,
    hosting: Hosting,
    key: Option<russh::keys::PrivateKey>,
) -> Running {
    let (addr_tx, addr_rx) = mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let mut server = Server::hosting("127.0.0.1:0".parse().unwrap(), limits, hosting)
                .await
                .unwrap();
            if let Some(key) = key {
                server = server
                    .with_ssh("127.0.0.1:0".parse().unwrap(), key)
                    .await
                    .unwrap();
            }
            let ssh = server.ssh_addr().map(Result::unwrap);
            addr_tx.send((server.local_addr().unwrap(), ssh)).unwrap();
            server
                .run(async {
                    let _ = stopped.await;
                })
                .await;
        });
    });
    let (addr, ssh) = addr_rx.recv().unwrap();
    Running {
        addr,
        ssh,
        stop: Some(stop),
        thread: Some(thread),
    }
}

/// `client`'s new game of `players` on `tiling` with `seed`, joined: the game and the
/// client's hero in it.
pub fn create_and_join(
    client: &mut hexdeep::net::Client,
    players: u8,
    tiling: hexdeep::geom::Tiling,
    seed: u64,
) -> (hexdeep::net::GameId, u32) {
    let game = client
        .create(hexdeep::net::NewGame {
            players,
            tiling,
            seed: Some(seed),
        })
        .unwrap();
    let hero = client.join(game).unwrap();
    (game, hero)
}
