//! Issue 32's closing test: a server capped in memory is fed, from several
//! clients at once for a minute, the worst requests found against it (terms
//! that grow exponentially, explain's blow-up, moves of unbounded work, long
//! searches, hundreds of thousands of legal decisions, unfinished requests);
//! it must never abort and must keep answering the library's listing within a
//! second. (A bound on a hang, not a speed target.)

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::Server;
use serde_json::{Value, json};

/// The cap: the servers aborted under 1.5 and 3 GB.
const CAP_MB: u64 = 3072;
const RUN: Duration = Duration::from_secs(60);

/// A file of `tests/hostile/`.
fn hostile(name: &str) -> String {
    std::fs::read_to_string(format!("tests/hostile/{name}.toml")).unwrap()
}

/// The requests, each sent again and again by a client of its own.
fn worst_requests() -> Vec<(&'static str, Value)> {
    let text = |name: &str| json!({"text": hostile(name)});
    vec![
        ("/api/validate", text("terms-that-grow")),
        ("/api/validate", text("words-that-grow")),
        ("/api/game", json!({"game": text("words-that-grow")})),
        ("/api/validate", text("unbounded-moves")),
        ("/api/play", json!({"game": text("many-decisions")})),
        (
            "/api/agent",
            json!({"game": {"ref": "oware"}, "agent": "mcts:100000", "seed": 1}),
        ),
        (
            "/api/agent",
            json!({"game": {"ref": "nsolo"}, "options": {"holes_per_row": 36},
                   "agent": "alphabeta:8", "seed": 1}),
        ),
        (
            "/api/agent",
            json!({"game": text("many-decisions"), "agent": "mcts:100000", "seed": 1}),
        ),
        (
            "/api/compare",
            json!({"variants": [{"game": {"ref": "nsolo"}, "options": {"holes_per_row": 36}}],
                   "agents": ["mcts:100000", "alphabeta:8"], "games": 2000, "seed": 1}),
        ),
    ]
}

#[test]
fn a_memory_capped_server_survives_a_minute_of_the_worst_requests() {
    let mut server = Server::start_capped(CAP_MB);
    let server_address = server.address.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let mut clients = Vec::new();
    for (path, body) in worst_requests() {
        let (stop, address) = (stop.clone(), server_address.clone());
        clients.push(std::thread::spawn(move || {
            let client = Server::client(&address);
            let mut answers = 0;
            while !stop.load(Ordering::Relaxed) {
                let (status, _) = client.post(path, &body.to_string());
                assert!(
                    status != 0 && status < 500 || status == 503,
                    "{path}: {status}"
                );
                answers += 1;
            }
            answers
        }));
    }
    // Unfinished requests, held open.
    let unfinished: Vec<_> = (0..100)
        .filter_map(|_| {
            let mut stream = std::net::TcpStream::connect(&server_address).ok()?;
            std::io::Write::write_all(&mut stream, b"POST /api/play HTTP/1.1\r\nHost: lo").ok()?;
            Some(stream)
        })
        .collect();
    let started = Instant::now();
    let mut slowest = Duration::ZERO;
    while started.elapsed() < RUN {
        let asked = Instant::now();
        let (status, _) = server.get("/api/games");
        assert_eq!(status, 200, "after {:?}", started.elapsed());
        slowest = slowest.max(asked.elapsed());
        assert!(server.alive(), "the server stopped");
        std::thread::sleep(Duration::from_millis(500));
    }
    stop.store(true, Ordering::Relaxed);
    drop(unfinished);
    for client in clients {
        let answers = client
            .join()
            .expect("every answer was a 4xx or 503, never a failure");
        assert!(answers > 0);
    }
    assert!(server.alive(), "the server stopped");
    assert!(
        slowest < Duration::from_secs(1),
        "the listing took {slowest:?}"
    );
}
