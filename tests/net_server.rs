//! A real server on 127.0.0.1:0 and real clients (plain blocking sockets, as any client in
//! any language would be): the hello, the refusals, and that one peer's bad frames close only
//! that peer's connection.

#![allow(clippy::unwrap_used)]

use hexdeep::net::frame::{self, read_frame, write_frame};
use hexdeep::net::{ClientMessage, Hello, Limits, PROTOCOL_VERSION, Server, ServerMessage};
use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// A server serving on a thread of its own until the guard is dropped.
struct Running {
    addr: SocketAddr,
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

fn serve(limits: Limits) -> Running {
    let (addr_tx, addr_rx) = mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let server = Server::bind("127.0.0.1:0".parse().unwrap(), limits)
                .await
                .unwrap();
            addr_tx.send(server.local_addr().unwrap()).unwrap();
            server
                .run(async {
                    let _ = stopped.await;
                })
                .await;
        });
    });
    Running {
        addr: addr_rx.recv().unwrap(),
        stop: Some(stop),
        thread: Some(thread),
    }
}

fn send(socket: &mut TcpStream, payload: &[u8]) {
    write_frame(socket, payload).unwrap();
}

fn receive(socket: &mut TcpStream) -> Option<ServerMessage> {
    let bytes = read_frame(socket, frame::MAX_FRAME).ok()??;
    Some(frame::decode(&bytes).unwrap())
}

fn connect(running: &Running, hello: &Hello) -> TcpStream {
    let mut socket = TcpStream::connect(running.addr).unwrap();
    send(&mut socket, &hello.encode().unwrap());
    socket
}

fn ping(socket: &mut TcpStream, n: u64) -> Option<ServerMessage> {
    send(socket, &frame::encode(&ClientMessage::Ping(n)).unwrap());
    receive(socket)
}

fn refusal(message: Option<ServerMessage>) -> String {
    match message {
        Some(ServerMessage::Refused(why)) => why,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_client_of_this_build_is_welcomed_under_its_name_and_answered() {
    let running = serve(Limits::default());
    let mut ann = connect(&running, &Hello::new("Ann"));
    assert_eq!(
        receive(&mut ann),
        Some(ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            game: env!("CARGO_PKG_VERSION").to_string(),
            name: "Ann".into(),
        })
    );
    assert_eq!(ping(&mut ann, 41), Some(ServerMessage::Pong(41)));
}

#[test]
fn a_client_of_another_protocol_is_refused_naming_both_and_closed() {
    let running = serve(Limits::default());
    let old = Hello {
        protocol: PROTOCOL_VERSION + 7,
        game: "0.0.1".into(),
        name: "Ann".into(),
        password: String::new(),
    };
    let mut socket = connect(&running, &old);
    let why = refusal(receive(&mut socket));
    assert!(
        why.contains(&format!("protocol {}", PROTOCOL_VERSION + 7)),
        "{why}"
    );
    assert!(
        why.contains(&format!("protocol {PROTOCOL_VERSION}")),
        "{why}"
    );
    assert_eq!(receive(&mut socket), None, "closed after the refusal");
}

#[test]
fn an_oversized_or_malformed_frame_closes_only_that_connection() {
    let running = serve(Limits::default());
    let mut ann = connect(&running, &Hello::new("Ann"));
    assert!(matches!(
        receive(&mut ann),
        Some(ServerMessage::Welcome { .. })
    ));

    let mut huge = connect(&running, &Hello::new("Bob"));
    assert!(matches!(
        receive(&mut huge),
        Some(ServerMessage::Welcome { .. })
    ));
    huge.write_all(&(64u32 << 20).to_be_bytes()).unwrap();
    let why = refusal(receive(&mut huge));
    assert!(why.contains("longer than the limit"), "{why}");

    let mut garbage = connect(&running, &Hello::new("Cy"));
    assert!(matches!(
        receive(&mut garbage),
        Some(ServerMessage::Welcome { .. })
    ));
    send(&mut garbage, &[0xff, 0xff, 0xff, 0xff, 0xff]);
    let why = refusal(receive(&mut garbage));
    assert!(why.contains("malformed"), "{why}");

    assert_eq!(
        ping(&mut ann, 7),
        Some(ServerMessage::Pong(7)),
        "Ann plays on"
    );
}

#[test]
fn a_first_frame_that_is_no_hello_is_refused() {
    let running = serve(Limits::default());
    let mut socket = TcpStream::connect(running.addr).unwrap();
    send(
        &mut socket,
        &frame::encode(&ClientMessage::Ping(1)).unwrap(),
    );
    let why = refusal(receive(&mut socket));
    assert!(why.contains("not a hello"), "{why}");
}

#[test]
fn a_full_server_refuses_the_next_connection_saying_so() {
    let running = serve(Limits {
        max_connections: 1,
        ..Limits::default()
    });
    let mut ann = connect(&running, &Hello::new("Ann"));
    assert!(matches!(
        receive(&mut ann),
        Some(ServerMessage::Welcome { .. })
    ));
    let mut bob = connect(&running, &Hello::new("Bob"));
    let why = refusal(receive(&mut bob));
    assert!(why.contains("full (1 connections)"), "{why}");
    assert_eq!(ping(&mut ann, 2), Some(ServerMessage::Pong(2)));
}

#[test]
fn a_silent_connection_is_closed_with_a_reason() {
    let running = serve(Limits {
        hello_within: Duration::from_millis(50),
        ..Limits::default()
    });
    let mut silent = TcpStream::connect(running.addr).unwrap();
    let why = refusal(receive(&mut silent));
    assert!(why.contains("no hello within"), "{why}");
}

#[test]
fn a_flood_of_messages_is_served_at_the_connections_pace() {
    let running = serve(Limits {
        messages_per_second: 20,
        message_burst: 2,
        ..Limits::default()
    });
    let mut ann = connect(&running, &Hello::new("Ann"));
    assert!(matches!(
        receive(&mut ann),
        Some(ServerMessage::Welcome { .. })
    ));
    let start = std::time::Instant::now();
    for n in 0..12 {
        send(&mut ann, &frame::encode(&ClientMessage::Ping(n)).unwrap());
    }
    // Every message is answered, none dropped, in order...
    for n in 0..12 {
        assert_eq!(receive(&mut ann), Some(ServerMessage::Pong(n)));
    }
    // ...but after the burst of two, one every 50 ms: the twelfth is served no sooner than
    // ten intervals after the first.
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(500), "{took:?}");
}

#[test]
fn a_peer_that_reads_nothing_is_closed_when_its_answers_cannot_be_sent() {
    let running = serve(Limits {
        messages_per_second: 1_000_000,
        message_burst: 1_000_000,
        idle_after: Duration::from_millis(200),
        ..Limits::default()
    });
    let mut ann = connect(&running, &Hello::new("Ann"));
    // The server's answers pile up unread until its writes block; it then gives up on the
    // peer instead of holding its slot for ever, and the peer's writes fail. Without that,
    // the peer's writes would block too, and time out here (a guard, not a measure).
    ann.set_write_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let one = frame::encode(&ClientMessage::Ping(7)).unwrap();
    let mut batch = Vec::new();
    for _ in 0..1000 {
        write_frame(&mut batch, &one).unwrap();
    }
    let failed = (0..100_000).find_map(|_| ann.write_all(&batch).err());
    let kind = failed.map(|e| e.kind());
    assert!(
        matches!(
            kind,
            Some(std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::BrokenPipe)
        ),
        "{kind:?}"
    );
    // The server goes on serving the others.
    let mut bob = connect(&running, &Hello::new("Bob"));
    assert!(matches!(
        receive(&mut bob),
        Some(ServerMessage::Welcome { .. })
    ));
    assert_eq!(ping(&mut bob, 3), Some(ServerMessage::Pong(3)));
}

#[test]
fn a_stopping_server_tells_a_client_in_its_lobby_why_it_closes() {
    let running = serve(Limits::default());
    let mut ann = connect(&running, &Hello::new("Ann"));
    assert!(matches!(
        receive(&mut ann),
        Some(ServerMessage::Welcome { .. })
    ));
    assert_eq!(ping(&mut ann, 1), Some(ServerMessage::Pong(1)));
    // Stopping waits for the server's thread, and the server for its connections.
    let stopping = thread::spawn(move || drop(running));
    let why = refusal(receive(&mut ann));
    assert!(why.contains("the server is stopping"), "{why}");
    stopping.join().unwrap();
}
