//! `serve --ssh-port` against russh's own client: a real server on 127.0.0.1:0 with its ssh
//! port 0. A session with a key sees the lobby; the first key used claims the name and
//! another is refused; a TCP client and an ssh session in the same game both see the same
//! segment resolve; the screen follows the terminal's size; garbage typed harms nobody else.

#![allow(clippy::unwrap_used)]

#[path = "support/server.rs"]
mod server;
#[path = "support/ssh.rs"]
mod ssh;

use hexdeep::geom::Tiling;
use hexdeep::net::server::Hosting;
use hexdeep::net::ssh::refusal::AT_ONCE;
use hexdeep::net::{Client, Limits, View};
use hexdeep::sim::Command;
use ssh::{Ssh, connect, connect_showing, new_key, with_key};
use std::io::{BufRead, BufReader};
use std::sync::Arc;
use std::time::Duration;

const LOBBY: &str = "Games on this server:";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn serve(limits: Limits) -> server::Running {
    let hosting = Hosting {
        clock: None,
        ..Hosting::default()
    };
    server::serve_with_ssh(limits, hosting, new_key())
}

fn tcp(addr: std::net::SocketAddr, name: &str) -> Client {
    let client = Client::connect(addr, name).unwrap();
    client
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    client
}

#[test]
fn a_session_with_a_key_sees_the_lobby_and_q_ends_it_with_exit_status_0() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (100, 30)).await;
        ann.until_shown(LOBBY).await;
        assert!(
            ann.screen.text().contains("n: new game"),
            "{}",
            ann.screen.text()
        );
        ann.send(b"q").await;
        ann.until_closed().await;
        assert_eq!(ann.exit, Some(0));
        // The connection goes with its session.
        while !ann.handle.is_closed() {
            tokio::task::yield_now().await;
        }
    });
}

#[test]
fn the_first_key_claims_the_name_and_another_key_is_refused() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let (first, other) = (new_key(), new_key());
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &first, (80, 24)).await;
        ann.until_shown(LOBBY).await;
        let mut handle = connect(addr).await;
        assert!(!with_key(&mut handle, "Ann", &other).await.success());
        assert!(
            !handle.authenticate_none("Ann").await.unwrap().success(),
            "no login without a key or password"
        );
        assert!(
            with_key(&mut handle, "Bob", &other).await.success(),
            "a free name"
        );
        let mut again = connect(addr).await;
        assert!(with_key(&mut again, "Ann", &first).await.success());
    });
    // Nor can a TCP client play Ann.
    let refused = Client::connect(running.addr, "Ann").unwrap_err();
    assert!(refused.to_string().contains("ssh key"), "{refused}");
}

#[test]
fn a_name_claimed_with_a_password_logs_in_over_ssh_with_it_and_only_with_it() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    drop(Client::login(running.addr, "Cid", "sesame").unwrap());
    runtime().block_on(async {
        let mut handle = connect(addr).await;
        assert!(!with_key(&mut handle, "Cid", &new_key()).await.success());
        let wrong = handle.authenticate_password("Cid", "open").await.unwrap();
        assert!(!wrong.success());
        let right = handle.authenticate_password("Cid", "sesame").await.unwrap();
        assert!(right.success());
        let mut cid = Ssh::shell(handle, (80, 24)).await;
        cid.until_shown(LOBBY).await;
    });
}

#[test]
fn a_name_that_cannot_be_a_players_is_told_why_and_closed() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let mut bad = Ssh::start(addr, "no/slash", &new_key(), (100, 10)).await;
        bad.until_closed().await;
        assert_eq!(bad.exit, Some(1));
        assert!(
            bad.screen.text().contains("cannot play as that name"),
            "{}",
            bad.screen.text()
        );
    });
}

/// The sidebar's turn line of `view`, as its player's screen shows it.
fn turn_line(view: &View) -> String {
    let content = Arc::new(hexdeep::content::Content::bundled().unwrap());
    let world = view.world(&content).unwrap();
    let (action, actions) = world.player_action_in_turn();
    format!("Turn {}, action {action}/{actions}", world.turn_shown())
}

/// Ann's ssh session (a new key, 120 x 40) at `addr`, which picks `game` in the lobby and
/// joins it.
async fn ann_joins(addr: std::net::SocketAddr, game: hexdeep::net::GameId) -> Ssh {
    let mut ann = Ssh::start(addr, "Ann", &new_key(), (120, 40)).await;
    ann.until_shown(&format!("game {:>3}", game.0)).await;
    ann.send(b"\r").await;
    ann
}

#[test]
fn a_tcp_client_and_an_ssh_session_in_one_game_see_the_same_segment_resolve() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let mut bob = tcp(running.addr, "Bob");
    let (game, bob_hero) = server::create_and_join(&mut bob, 2, Tiling::Hex, 7);
    let first = bob.view_where(|v| v.hero == bob_hero).unwrap();
    runtime().block_on(async {
        let mut ann = ann_joins(addr, game).await;
        ann.until_shown(&turn_line(&first)).await;
        // Ann is seated under the name ssh logged her in with.
        let seated = bob
            .view_where(|v| v.seats.iter().any(|s| s.name.as_deref() == Some("Ann")))
            .unwrap();
        let server_hero = seated.server_id(seated.hero as usize).unwrap();
        bob.direct_server_id(&seated, server_hero, Command::Wait)
            .unwrap();
        ann.send(b".").await;
        let next = bob
            .view_where(|v| (v.turn, v.segment) != (first.turn, first.segment))
            .unwrap();
        let shown = turn_line(&next);
        assert_ne!(shown, turn_line(&first));
        ann.until_shown(&shown).await;
    });
}

#[test]
fn a_window_change_draws_the_screen_again_at_the_new_size() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (100, 30)).await;
        ann.until("the lobby's frame at 100 × 30", |s| s.at(99, 29) == '┘')
            .await;
        ann.channel.window_change(60, 20, 0, 0).await.unwrap();
        ann.screen.resize(60, 20);
        ann.until("the lobby's frame at 60 × 20", |s| {
            s.at(59, 19) == '┘' && s.at(0, 19) == '└' && s.text().contains("Games on this")
        })
        .await;
    });
}

#[test]
fn garbage_typed_in_one_session_harms_neither_the_server_nor_another_session() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (100, 30)).await;
        let mut cid = Ssh::start(addr, "Cid", &new_key(), (100, 30)).await;
        ann.until_shown(LOBBY).await;
        cid.until_shown(LOBBY).await;
        let mut garbage: Vec<u8> = (0..=255u8).filter(|b| !b"qQ\x1b".contains(b)).collect();
        garbage.extend(b"\x1b[".iter().chain([b'9'; 300].iter()));
        garbage.extend([0xf0, 0x9f, 0x98, 0xff, 0xc3, 0x1b, b'[', 0x01]);
        for _ in 0..200 {
            ann.send(&garbage).await;
        }
        cid.send(b"n").await;
        cid.until_shown("Cid's turn").await;
    });
    let mut bob = tcp(running.addr, "Bob");
    assert!(!bob.list().unwrap().is_empty(), "the server goes on");
}

#[test]
fn an_ssh_connection_past_the_servers_limit_is_told_it_is_full() {
    let running = serve(Limits {
        max_connections: 1,
        ..Limits::default()
    });
    let _bob = tcp(running.addr, "Bob");
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let (mut handle, banners) = connect_showing(addr).await;
        assert!(!with_key(&mut handle, "Ann", &new_key()).await.success());
        let shown = banners.lock().unwrap().concat();
        assert!(
            shown.contains("the server is full (1 connections)"),
            "{shown:?}"
        );
    });
    // Past the refusals told through ssh at once, a plain line.
    let waiting: Vec<_> = (0..AT_ONCE)
        .map(|_| {
            let mut socket = BufReader::new(std::net::TcpStream::connect(addr).unwrap());
            let mut line = String::new();
            socket.read_line(&mut line).unwrap();
            assert!(line.starts_with("SSH-2.0-"), "{line:?}");
            socket
        })
        .collect();
    let refused = std::net::TcpStream::connect(addr).unwrap();
    let mut line = String::new();
    BufReader::new(refused).read_line(&mut line).unwrap();
    assert!(
        line.contains("the server is full (1 connections)"),
        "{line:?}"
    );
    drop(waiting);
}

#[test]
fn a_session_nobody_types_in_is_closed_saying_why() {
    let running = serve(Limits {
        idle_after: Duration::from_millis(300),
        ..Limits::default()
    });
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (100, 10)).await;
        ann.until_closed().await;
        assert_eq!(ann.exit, Some(1));
        // Said by the session ("nothing typed for 0.3 s: closed") or by the connection it
        // plays through ("silent for 0 s: closed"), whichever counts first.
        let said = ann.screen.row(0);
        assert!(
            said.starts_with("hexdeep: ") && said.contains("s: closed"),
            "{said}"
        );
    });
}

#[test]
fn a_connection_that_does_not_log_in_in_time_is_closed() {
    let running = serve(Limits {
        login_within: Duration::from_millis(300),
        ..Limits::default()
    });
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        let handle = connect(addr).await;
        let mut no_shell = connect(addr).await;
        assert!(with_key(&mut no_shell, "Ann", &new_key()).await.success());
        while !handle.is_closed() || !no_shell.is_closed() {
            tokio::task::yield_now().await;
        }
    });
    // A silent one too, that never says which ssh it speaks.
    let mut silent = std::net::TcpStream::connect(addr).unwrap();
    let mut all = Vec::new();
    std::io::Read::read_to_end(&mut silent, &mut all).unwrap();
    assert!(String::from_utf8_lossy(&all).starts_with("SSH-2.0-"));
}

#[test]
fn the_lobbys_w_watches_a_game_over_ssh_too() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let mut bob = tcp(running.addr, "Bob");
    let (game, _) = server::create_and_join(&mut bob, 1, Tiling::Hex, 3);
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (120, 40)).await;
        ann.until_shown(&format!("game {:>3}", game.0)).await;
        ann.send(b"w").await;
        ann.until_shown(&format!("You watch game {game}")).await;
        ann.send(b"q").await;
        ann.until_closed().await;
        assert_eq!(ann.exit, Some(0));
    });
}

#[test]
fn a_session_that_does_not_read_never_holds_up_a_game_and_is_drawn_whole_when_it_reads() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let mut bob = tcp(running.addr, "Bob");
    let (game, hero) = server::create_and_join(&mut bob, 1, Tiling::Hex, 5);
    let mut view = bob.view_where(|v| v.hero == hero).unwrap();
    runtime().block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (120, 40)).await;
        ann.until_shown(&format!("game {:>3}", game.0)).await;
        ann.send(b"w").await;
        ann.until_shown(&format!("You watch game {game}")).await;
        // Ann reads nothing from now on while Bob plays on.
        for _ in 0..60 {
            let at = (view.turn, view.segment);
            bob.direct(&view, view.hero as usize, Command::Wait)
                .unwrap();
            view = bob.view_where(|v| (v.turn, v.segment) != at).unwrap();
        }
        ann.until_shown(&turn_line(&view)).await;
    });
}

#[test]
fn a_terminal_of_any_size_draws_the_lobby_and_the_game() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    runtime().block_on(async {
        for (n, size) in [(1, 1), (3, 2), (12, 4), (30, 8)].into_iter().enumerate() {
            let name = format!("Tiny{n}");
            let mut tiny = Ssh::start(addr, &name, &new_key(), size).await;
            tiny.send(b"p").await;
            tiny.send(b"p").await;
            tiny.send(b"p").await;
            tiny.send(b"n").await;
            tiny.channel.window_change(2, 1, 0, 0).await.unwrap();
            // Q leaves the game once it is shown (the lobby takes no Q): sent again
            // whenever the screen changes, until the session ends.
            loop {
                tiny.send(b"Q").await;
                if !tiny.next().await {
                    break;
                }
            }
            assert_eq!(tiny.exit, Some(0), "{size:?}: {}", tiny.screen.text());
        }
    });
}

#[test]
fn a_stopping_server_gives_each_ssh_session_its_screen_back_and_says_why() {
    // Found in tmux: killed with SIGTERM, the server went before its sessions' last bytes,
    // and the ssh window was left on the game's screen, its shell prompt drawn over it.
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let mut bob = tcp(running.addr, "Bob");
    let (game, _) = server::create_and_join(&mut bob, 2, Tiling::Hex, 7);
    let runtime = runtime();
    let mut ann = runtime.block_on(async {
        let mut ann = ann_joins(addr, game).await;
        ann.until_shown("Party:").await;
        ann
    });
    // Stopping waits for the server's thread: on a thread of its own.
    let stopping = std::thread::spawn(move || drop(running));
    runtime.block_on(ann.until_closed());
    stopping.join().unwrap();
    let text = ann.screen.text();
    assert!(
        !text.contains("Party:"),
        "the game's screen is gone:\n{text}"
    );
    let why = format!(
        "hexdeep: the server closed the connection: the server is stopping; game {} was saved",
        game.0
    );
    assert!(text.contains(&why), "{text}");
    assert_eq!(ann.exit, Some(1));
}

#[test]
fn a_stopping_server_tells_a_session_in_its_lobby_too() {
    let running = serve(Limits::default());
    let addr = running.ssh.unwrap();
    let runtime = runtime();
    let mut ann = runtime.block_on(async {
        let mut ann = Ssh::start(addr, "Ann", &new_key(), (120, 40)).await;
        ann.until_shown(LOBBY).await;
        ann
    });
    let stopping = std::thread::spawn(move || drop(running));
    runtime.block_on(ann.until_closed());
    stopping.join().unwrap();
    let text = ann.screen.text();
    assert!(!text.contains(LOBBY), "the lobby's screen is gone:\n{text}");
    assert!(text.contains("the server is stopping"), "{text}");
    assert_eq!(ann.exit, Some(1));
}
