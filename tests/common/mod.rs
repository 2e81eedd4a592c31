//! Running the program as a user would, for the command-line tests.

#![allow(dead_code)] // each test file uses its own share of these

pub mod solving;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs `mancala ARGS` from the crate's folder, with no input.
pub fn mancala(args: &[&str]) -> Output {
    mancala_in(Path::new(env!("CARGO_MANIFEST_DIR")), args)
}

/// Runs `mancala ARGS` from `dir`, with no input.
pub fn mancala_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(dir)
        // Solutions are kept apart from the user's cache, and from earlier
        // runs, so that a test solves afresh.
        .env("MANCALA_CACHE", scratch_path("cache"))
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs `mancala ARGS` with `input` as its standard input.
pub fn mancala_with_input(args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    // The program may stop reading early (it quits); what it did not read is moot.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary ends")
}

/// This test run's own path for `name`, not made.
pub fn scratch_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("mancala-{name}-{}", std::process::id()))
}

/// A fresh folder for one test's files.
pub fn scratch(name: &str) -> PathBuf {
    let dir = scratch_path(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A games folder with one good variant, one broken file, and a file outside
/// it that a variant tries to reach.
pub fn games_folder(name: &str) -> std::path::PathBuf {
    let root = scratch(name);
    let games = root.join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(
        games.join("three-seeds.toml"),
        "extends = \"kalah\"\n[game]\nname = \"Kalah, three seeds\"\nsummary = \"Kalah with three seeds a house.\"\n[setup]\nseeds = 3\n",
    )
    .unwrap();
    std::fs::write(
        games.join("broken.toml"),
        "extends = \"kalah\"\n[board]\nrows = 3\n",
    )
    .unwrap();
    std::fs::write(root.join("outside.toml"), "extends = \"kalah\"\n").unwrap();
    std::fs::write(
        games.join("reaches-out.toml"),
        "extends = \"../outside.toml\"\n",
    )
    .unwrap();
    games
}

/// A scenarios folder: a scenario that passes, one that fails (its board), one
/// on a game of the folder, and one whose game lies outside the folder.
pub fn scenarios_folder(name: &str) -> PathBuf {
    let root = scratch(name);
    let dir = root.join("scenarios");
    std::fs::create_dir_all(dir.join("kalah")).unwrap();
    let capture = |board: &str| {
        format!(
            "game = \"kalah\"\nclauses = [\"KA-5\"]\nabout = \"a1's seed lands in the empty a2 facing b2's 3.\"\ndecisions = [\"a1\"]\n\n[start]\nto_move = \"south\"\nboard = \"\"\"\nb: 1 3 0 0 0 0\na: 1 0 0 0 0 2\n\"\"\"\n\n[expect]\nboard = \"\"\"\n{board}\"\"\"\ncaptured = {{ south = 4, north = 0 }}\n"
        )
    };
    std::fs::write(
        dir.join("kalah/capture.toml"),
        capture("b: 1 0 0 0 0 0\na: 0 0 0 0 0 2\n"),
    )
    .unwrap();
    std::fs::write(
        dir.join("kalah/wrong.toml"),
        capture("b: 1 3 0 0 0 0\na: 0 0 0 0 0 2\n"),
    )
    .unwrap();
    std::fs::write(
        dir.join("variant.toml"),
        "extends = \"kalah\"\n[game]\nname = \"Kalah, five\"\nsummary = \"Five seeds.\"\n[setup]\nseeds = 5\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("on-the-variant.toml"),
        "game = \"variant.toml\"\nclauses = [\"KA-1\"]\nabout = \"Five a house.\"\n[expect]\nboard = \"\"\"\nb: 5 5 5 5 5 5\na: 5 5 5 5 5 5\n\"\"\"\n",
    )
    .unwrap();
    std::fs::write(root.join("outside.toml"), "extends = \"kalah\"\n").unwrap();
    std::fs::write(
        dir.join("reaches-out.toml"),
        "game = \"../outside.toml\"\nclauses = [\"KA-1\"]\nabout = \"Outside.\"\n",
    )
    .unwrap();
    dir
}

/// `mancala serve` on a free port, stopped when dropped.
pub struct Server {
    child: std::process::Child,
    client: Client,
}

/// Requests to a server at `address` (`127.0.0.1:PORT`).
pub struct Client {
    pub address: String,
}

impl std::ops::Deref for Server {
    type Target = Client;

    fn deref(&self) -> &Client {
        &self.client
    }
}

impl Server {
    /// Serves the bundled games and those of `games`.
    pub fn start(games: &Path) -> Server {
        Server::start_with(&[Path::new("--games"), games])
    }

    /// Serves with these arguments after `serve --port 0`.
    pub fn start_with(args: &[&Path]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
        command.args(["serve", "--port", "0"]).args(args);
        Server::spawn(command)
    }

    /// Serves the bundled games with the address space capped at
    /// `megabytes` (`ulimit -v`), so that unbounded growth aborts it.
    pub fn start_capped(megabytes: u64) -> Server {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!(
                "ulimit -v {} && exec \"$0\" serve --port 0",
                megabytes * 1024
            ))
            .arg(env!("CARGO_BIN_EXE_mancala"));
        Server::spawn(command)
    }

    /// Whether the server is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    fn spawn(mut command: Command) -> Server {
        use std::io::BufRead;
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().expect("piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let address = line
            .trim()
            .strip_prefix("mancala serve: http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("an address, not {line:?}"))
            .to_string();
        Server {
            child,
            client: Client { address },
        }
    }

    /// Requests to the server at `address`, from another thread.
    pub fn client(address: &str) -> Client {
        Client {
            address: address.to_string(),
        }
    }
}

impl Client {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Sends raw bytes as one request and reads the answer until the server
    /// closes the connection or `wait` passes: the status (0 for none) and the
    /// body.
    pub fn raw_within(&self, request: &[u8], wait: std::time::Duration) -> (u16, String) {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(&self.address).expect("connects");
        stream.set_read_timeout(Some(wait)).unwrap();
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer).into_owned();
        let status = answer
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer
            .split_once("\r\n\r\n")
            .map_or(String::new(), |(_, b)| b.to_string());
        (status, body)
    }

    /// A well-formed request (with `Connection: close`): its status and body.
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        self.raw_within(request, std::time::Duration::from_secs(120))
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        self.raw(
            format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    }

    pub fn post(&self, path: &str, body: &str) -> (u16, String) {
        self.raw(
            format!(
                "POST {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .as_bytes(),
        )
    }

    /// `post`, with the answer read as JSON.
    pub fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, text) = self.get(path);
        let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON, not {text:?}"));
        (status, value)
    }

    pub fn post_json(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let (status, text) = self.post(path, &body.to_string());
        let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("JSON, not {text:?}"));
        (status, value)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `mancala ARGS` from the crate's folder with its address space capped
/// at `megabytes` (`ulimit -v`), so that unbounded growth aborts the run.
pub fn mancala_capped(megabytes: u64, args: &[&str]) -> Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -v {} && exec \"$0\" \"$@\"",
            megabytes * 1024
        ))
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null());
    command.output().expect("the binary runs")
}

/// Exit status 2, nothing on stdout, and `reason` in the message.
pub fn refused(output: &Output, reason: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    assert_eq!(stdout(output), "", "stdout stays clean");
    assert!(
        stderr(output).contains(reason),
        "expected `{reason}` in:\n{}",
        stderr(output)
    );
}

/// The decisions of random game `seed` of a bundled game, as `mancala random
/// GAME --seed S --games 1 --json` plays it.
pub fn random_decisions(game: &str, seed: u64) -> Vec<String> {
    let seed = seed.to_string();
    let args = ["random", game, "--seed", &seed, "--games", "1", "--json"];
    let played: serde_json::Value = serde_json::from_str(&stdout(&mancala(&args))).unwrap();
    played["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap().to_string())
        .collect()
}

/// Plays the scenario file at `path` against its game and gives its report,
/// failing the test where an expectation does not hold.
pub fn scenario_report(path: &Path) -> String {
    use mancala::studies::scenario;
    let file = scenario::read(path).unwrap_or_else(|e| panic!("{e}"));
    let game = file.load_game().unwrap_or_else(|e| panic!("{e}"));
    let run = file.run(&game).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        run.failures.is_empty(),
        "{}:\n{}\n{}",
        path.display(),
        run.failures.join("\n"),
        run.report
    );
    run.report
}
