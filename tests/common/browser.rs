//! Driving the playground in a real browser: headless Chromium through
//! ChromeDriver (Debian's `chromium` and `chromium-driver`, which `.ci/run`
//! installs), and waiting for what a page shows. Included by the browser tests
//! only (`#[path]`), so that the other tests do not build it.

#![allow(dead_code)] // each browser test uses its own share of these

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

use crate::common::Server;

pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// ChromeDriver on a free port, stopped when dropped.
pub struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    pub fn start() -> Driver {
        assert!(
            std::path::Path::new(CHROMEDRIVER).exists() && std::path::Path::new(CHROMIUM).exists(),
            "the browser tests need Debian's chromium and chromium-driver ({CHROMIUM}, {CHROMEDRIVER}); .ci/run installs them"
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        // Listening is not serving: wait until its status says it is ready.
        let deadline = Instant::now() + Duration::from_secs(20);
        while !ready(port) {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

/// Whether ChromeDriver on `port` answers `GET /status` with `"ready":true`
/// (it keeps the connection open: the answer is read until that appears).
fn ready(port: u16) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /status HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let (mut answer, mut chunk) = (Vec::new(), [0; 4096]);
    while let Ok(n @ 1..) = stream.read(&mut chunk) {
        answer.extend_from_slice(&chunk[..n]);
        if String::from_utf8_lossy(&answer).contains("\"ready\":true") {
            return true;
        }
    }
    false
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub async fn browser(driver: &Driver, profile: &std::path::Path) -> Client {
    browser_on(driver, profile, Screen::Desktop).await
}

/// The screen a page is seen on: a desktop's window (1280x900), or a phone's
/// (390x844 CSS pixels, touch, as Chromium's device emulation gives it).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Desktop,
    Phone,
}

pub async fn browser_on(driver: &Driver, profile: &std::path::Path, screen: Screen) -> Client {
    // The flags keep Chromium off the network this machine does not have.
    let args = [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,900",
    ];
    let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut options = json!({"binary": CHROMIUM, "args": args});
    if screen == Screen::Phone {
        options["mobileEmulation"] = json!({"deviceMetrics":
            {"width": 390, "height": 844, "pixelRatio": 1, "touch": true}});
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("goog:chromeOptions".into(), options);
    // A loaded machine may drop the first request while Chromium starts: a
    // session is asked for three times.
    let mut attempts = 0;
    loop {
        let session = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await;
        attempts += 1;
        match session {
            Ok(client) => return client,
            Err(e) if attempts < 3 => {
                eprintln!("browser session, attempt {attempts}: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => panic!("a browser session: {e}"),
        }
    }
}

/// Sizes the window so that the page's own area (the viewport) is `width` by
/// `height`, whatever the window around it takes.
pub async fn viewport(client: &Client, width: u32, height: u32) {
    client.set_window_size(width, height).await.unwrap();
    let inner = client
        .execute("return [innerWidth, innerHeight]", vec![])
        .await
        .unwrap();
    let (w, h) = (
        inner[0].as_u64().unwrap() as u32,
        inner[1].as_u64().unwrap() as u32,
    );
    client
        .set_window_size(2 * width - w, 2 * height - h)
        .await
        .unwrap();
}

pub fn screenshots() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(screenshots().join(format!("{name}.png")), png).unwrap();
}

/// Waits (up to 30 s) until `script` returns something other than null/false.
pub async fn until(client: &Client, what: &str, script: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let value = client
            .execute(script, vec![])
            .await
            .expect("the script runs");
        if !value.is_null() && value != Value::Bool(false) {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The board as drawn: every hole's count by name (closed holes `×`).
pub const BOARD: &str = r#"
    const holes = document.querySelectorAll('#board g.hole');
    if (!holes.length) return null;
    const board = {};
    for (const g of holes) board[g.dataset.hole] = g.querySelector('.count').textContent;
    return board;"#;

/// Waits until the board drawn is `expected`.
pub async fn until_board(client: &Client, what: &str, expected: &Value) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let drawn = client
            .execute(BOARD, vec![])
            .await
            .expect("the script runs");
        if &drawn == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: the board drawn is {drawn}, not {expected}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The same, from a `replay --json` answer.
pub fn board_of(replay: &Value) -> Value {
    let mut board = serde_json::Map::new();
    for (r, row) in replay["position"]["board"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        for (c, n) in row.as_array().unwrap().iter().enumerate() {
            let name = format!("{}{}", (b'a' + r as u8) as char, c + 1);
            board.insert(name, Value::String(n.to_string()));
        }
    }
    Value::Object(board)
}

/// Goes to `path` and waits (up to 30 s) until the element `css` is there.
pub async fn open(client: &Client, server: &Server, path: &str, what: &str, css: &str) {
    client.goto(&server.url(path)).await.unwrap();
    until(
        client,
        what,
        &format!("return document.querySelector('{css}') !== null"),
    )
    .await;
}

/// Clicks the element `css` finds. A page that redraws it between the
/// finding and the click (the board drawn again with its legal cues) leaves a
/// stale element: it is found again, as a person would click what is shown.
pub async fn click(client: &Client, css: &str) {
    for _ in 0..20 {
        let found = client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match found.click().await {
            Ok(_) => return,
            Err(e) if e.to_string().contains("stale element") => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{css}: {e}"),
        }
    }
    panic!("{css}: redrawn at every one of 20 clicks");
}

/// Plays `hole` on the board once it shows it legal, as a player waits for
/// the cue.
pub async fn play_hole(client: &Client, hole: &str) {
    let legal = format!("#board g.hole.legal[data-hole=\"{hole}\"]");
    let shown = format!("return document.querySelector('{legal}') !== null");
    until(client, &format!("{hole} shown legal"), &shown).await;
    click(client, &legal).await;
}

/// Sets a field's value and tells the page, as a person choosing it would.
pub async fn select(client: &Client, id: &str, value: &str) {
    client
        .execute(
            "const s = document.getElementById(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change'));",
            vec![json!(id), json!(value)],
        )
        .await
        .unwrap();
}

/// Records the page's uncaught errors in `window.errors` (the page is one
/// document: hash routes keep it).
pub const RECORD_ERRORS: &str = "window.errors = []; \
    window.addEventListener('error', (e) => window.errors.push(String(e.message))); \
    window.addEventListener('unhandledrejection', (e) => window.errors.push(String(e.reason)));";
