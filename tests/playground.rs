//! The playground as players of other mancala programs expect it: stepping
//! through a game, swapping sides, conceding, a tally of games, the sowing's
//! speed and the agents' pause; a position set up by clicking; an editor that
//! opens, downloads, saves and compares; boards and results that fit a phone;
//! and pages an accessibility checker (axe-core, fetched by `tools/axe/fetch`)
//! finds nothing wrong with. In headless Chromium, as `tests/browser.rs`.

mod common;
#[path = "common/browser.rs"]
mod in_browser;

use std::path::Path;
use std::time::Duration;

use common::{Server, games_folder};
use fantoccini::{Client, Locator};
use in_browser::*;
use serde_json::{Value, json};

/// One browser at a time: on a 2-core machine, several Chromiums at once make
/// every wait a race.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `steps` in a fresh browser on `screen`, against `server`.
async fn in_a_browser<F>(name: &str, server: &Server, screen: Screen, steps: F)
where
    F: AsyncFnOnce(&Client, &Server),
{
    let _turn = ONE_AT_A_TIME.lock().await;
    let driver = Driver::start();
    let profile = common::scratch(&format!("{name}-profile"));
    let client = browser_on(&driver, &profile, screen).await;
    steps(&client, server).await;
    let _ = client.close().await;
}

/// The position after `decisions` of a bundled game, as the API gives it.
fn after(server: &Server, game: &str, decisions: &[&str]) -> Value {
    let (status, replay) = server.post_json(
        "/api/play",
        json!({"game": {"ref": game}, "decisions": decisions}),
    );
    assert_eq!(status, 200, "{replay}");
    replay
}

/// The text of the element `css`, once it has some for which `test` holds.
async fn text_when(client: &Client, what: &str, css: &str, test: &str) -> String {
    let script = format!(
        "const e = document.querySelector('{css}'); const t = e ? e.textContent : null; \
         return t !== null && ({test}) ? t : null;"
    );
    until(client, what, &script)
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// Moves drawn at once and agents answering at once, in this browser from now on.
async fn no_waiting(client: &Client, server: &Server) {
    client.goto(&server.url("/#/")).await.unwrap();
    client
        .execute(
            "localStorage.setItem('prefs', JSON.stringify({speed: 'off', delay: 0}))",
            vec![],
        )
        .await
        .unwrap();
}

async fn record(client: &Client) -> String {
    text_when(client, "the record", "#record div", "true").await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_player_steps_through_swaps_concedes_and_keeps_a_tally() {
    let server = Server::start(&games_folder("playground-history"));
    in_a_browser(
        "history",
        &server,
        Screen::Desktop,
        async |client, server| {
            stepping_through(client, server).await;
            swapping_sides(client, server).await;
            conceding_and_tallying(client, server).await;
            speed_and_delay(client, server).await;
        },
    )
    .await;
}

async fn stepping_through(client: &Client, server: &Server) {
    let game = common::random_decisions("kalah", 1);
    let played: Vec<&str> = game[..3].iter().map(String::as_str).collect();
    let boards: Vec<Value> = (0..=3)
        .map(|k| board_of(&after(server, "kalah", &played[..k])))
        .collect();
    let link = format!(
        "/#/play/kalah?south=human&north=human&d={}",
        played.join(",")
    );
    client.goto(&server.url(&link)).await.unwrap();
    until_board(client, "the latest position", &boards[3]).await;
    for (button, shown) in [
        ("#history-back", 2),
        ("#history-first", 0),
        ("#history-forward", 1),
        ("#history-last", 3),
        ("#history-back", 2),
    ] {
        click(client, button).await;
        until_board(client, &format!("{button} to {shown}"), &boards[shown]).await;
    }
    let at = text_when(client, "where the record is", "#history-at", "true").await;
    assert_eq!(at, "2 of 3");
    // A move made two decisions in plays on from there: the third is replaced.
    let legal = after(server, "kalah", &played[..2])["legal"].clone();
    let other = legal
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .find(|d| *d != played[2])
        .expect("another legal decision");
    play_hole(client, other).await;
    let expected = format!("{} {} {other}", played[0], played[1]);
    let test = format!("t === '{expected}'");
    text_when(client, "the record played on", "#record div", &test).await;
}

async fn swapping_sides(client: &Client, server: &Server) {
    no_waiting(client, server).await;
    open(
        client,
        server,
        "/#/play/kalah?south=human&north=greedy",
        "Kalah against greedy",
        "#board g.hole.legal",
    )
    .await;
    click(client, "#swap").await;
    let agents = client
        .execute(
            "return [document.getElementById('agent-south').value, document.getElementById('agent-north').value]",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(agents, json!(["greedy", "human"]));
    // Greedy now plays South, whose turn it is.
    let first = text_when(
        client,
        "greedy's move",
        "#record div",
        "t !== 'no decision yet'",
    )
    .await;
    let reply = server
        .post_json(
            "/api/agent",
            json!({"game": {"ref": "kalah"}, "agent": "greedy", "seed": 0}),
        )
        .1;
    assert_eq!(first.split(' ').next(), reply["decision"].as_str());
}

async fn conceding_and_tallying(client: &Client, server: &Server) {
    client
        .execute("sessionStorage.removeItem('tally')", vec![])
        .await
        .unwrap();
    open(
        client,
        server,
        "/#/play/kalah?south=human&north=human",
        "Kalah between people",
        "#board g.hole.legal",
    )
    .await;
    click(client, "#concede").await;
    let status = text_when(
        client,
        "the concession",
        "#status",
        "t.startsWith('Game over')",
    )
    .await;
    assert!(
        status.starts_with("Game over: North won, South conceded."),
        "{status}"
    );
    let tally = text_when(client, "the tally", "#tally-text", "true").await;
    assert_eq!(
        tally,
        "Games this session: 1 (a person (South) 0, a person (North) 1, draws 0)."
    );
    // A new game; South moves, then North concedes.
    click(client, "#restart").await;
    until_board(
        client,
        "a new game",
        &board_of(&after(server, "kalah", &[])),
    )
    .await;
    play_hole(client, "a1").await;
    until_board(
        client,
        "after a1",
        &board_of(&after(server, "kalah", &["a1"])),
    )
    .await;
    text_when(
        client,
        "North's turn",
        "#status",
        "t.startsWith('North to move')",
    )
    .await;
    click(client, "#concede").await;
    let tally = text_when(client, "the tally", "#tally-text", "t.includes(': 2 ')").await;
    assert_eq!(
        tally,
        "Games this session: 2 (a person (South) 1, a person (North) 1, draws 0)."
    );
    // Undo takes the concession back; the game is counted once all the same.
    click(client, "#undo").await;
    text_when(
        client,
        "the game again",
        "#status",
        "t.startsWith('North to move')",
    )
    .await;
    let tally = text_when(client, "the tally", "#tally-text", "true").await;
    assert!(tally.starts_with("Games this session: 2 "), "{tally}");
}

async fn speed_and_delay(client: &Client, server: &Server) {
    // The settings are kept across pages and reloads.
    open(
        client,
        server,
        "/#/play/kalah?north=greedy",
        "Kalah",
        "#speed",
    )
    .await;
    select(client, "speed", "slow").await;
    select(client, "delay", "2000").await;
    client.refresh().await.unwrap();
    let kept = until(
        client,
        "the settings after a reload",
        "const s = document.getElementById('speed'), d = document.getElementById('delay'); \
         return s && d && document.querySelector('#board g.hole') ? [s.value, d.value] : null;",
    )
    .await;
    assert_eq!(kept, json!(["slow", "2000"]));
    // With the sowing off, a move is drawn at once, never seed by seed.
    select(client, "speed", "off").await;
    client
        .execute(
            "window.skipShown = false; new MutationObserver(() => { \
               if (!document.getElementById('skip').hidden) window.skipShown = true; \
             }).observe(document.getElementById('skip'), {attributes: true});",
            vec![],
        )
        .await
        .unwrap();
    play_hole(client, "a1").await;
    until_board(
        client,
        "after a1",
        &board_of(&after(server, "kalah", &["a1"])),
    )
    .await;
    // The agent waits its two seconds before it answers.
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(
        record(client).await,
        "a1",
        "the agent answered within a second"
    );
    text_when(
        client,
        "greedy's reply",
        "#record div",
        "t.split(' ').length === 2",
    )
    .await;
    let shown = client
        .execute("return window.skipShown", vec![])
        .await
        .unwrap();
    assert_eq!(shown, json!(false), "a move was shown seed by seed");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_position_is_set_up_by_clicking() {
    let server = Server::start(&games_folder("playground-setup"));
    in_a_browser("setup", &server, Screen::Desktop, async |client, server| {
        open(
            client,
            server,
            "/#/play/kalah?north=human",
            "Kalah",
            "#board g.hole",
        )
        .await;
        client
            .execute(
                "document.getElementById('position-panel').open = true",
                vec![],
            )
            .await
            .unwrap();
        until(
            client,
            "the board to set up",
            "return document.querySelector('#setup-board g.hole') !== null",
        )
        .await;
        click(client, "#setup-empty").await;
        for hole in ["a1", "a1", "a1", "b2"] {
            click(
                client,
                &format!("#setup-board g.hole[data-hole=\"{hole}\"]"),
            )
            .await;
        }
        select(client, "setup-mode", "remove").await;
        click(client, "#setup-board g.hole[data-hole=\"a1\"]").await;
        let check = "#setup-check";
        // Two seeds in a1 and one in b2: South can play a1 only.
        let expected =
            "A position to play: 3 seeds on the board, 1 legal decision(s) for the side to move.";
        text_when(client, "the check", check, &format!("t === '{expected}'")).await;
        // Checked as a position file is: too many seeds are refused.
        select(client, "setup-captured-south", "70000").await;
        let said = text_when(client, "the refusal", check, "t.startsWith('Not')").await;
        assert!(said.contains("at most 65535"), "{said}");
        let disabled = client
            .execute(
                "return document.getElementById('start-position').disabled",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(disabled, json!(true));
        select(client, "setup-captured-south", "5").await;
        select(client, "setup-to-move", "north").await;
        text_when(client, "North's turn", check, "t.startsWith('A position')").await;
        click(client, "#start-position").await;
        let position = json!({"board": [[2, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]],
            "captured": {"south": 5, "north": 0}, "to_move": "north", "closed": []});
        let (status, there) = server.post_json(
            "/api/play",
            json!({"game": {"ref": "kalah"}, "position": position}),
        );
        assert_eq!(status, 200, "{there}");
        until_board(client, "play from the set-up position", &board_of(&there)).await;
        let status = text_when(client, "North to move", "#status", "true").await;
        assert!(
            status.starts_with("North to move. South 5, North 0."),
            "{status}"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn the_editor_opens_downloads_saves_and_compares() {
    let games = games_folder("playground-editor");
    let server = Server::start_with(&[Path::new("--games"), &games, Path::new("--writable")]);
    let local = common::scratch("playground-local").join("five.toml");
    let text = "extends = \"kalah\"\n\n[game]\nname = \"Kalah, five\"\nsummary = \"Five seeds a house.\"\n\n[setup]\nseeds = 5\n";
    std::fs::write(&local, text).unwrap();
    in_a_browser("editor", &server, Screen::Desktop, async |client, server| {
        open(client, server, "/#/edit/kalah", "the editor", "#open-file").await;
        // A file from this computer.
        client
            .find(Locator::Id("open-file"))
            .await
            .unwrap()
            .send_keys(&local.display().to_string())
            .await
            .unwrap();
        let opened = until(
            client,
            "the opened file",
            "const s = document.getElementById('source'); return s.value.includes('seeds = 5') ? s.value : null;",
        )
        .await;
        assert_eq!(opened, json!(text));
        let name = client
            .execute("return document.getElementById('save-name').value", vec![])
            .await
            .unwrap();
        assert_eq!(name, json!("five"));
        // Downloaded as it stands.
        client
            .execute(
                "HTMLAnchorElement.prototype.click = function () { \
                   const name = this.download; \
                   fetch(this.href).then((r) => r.text()).then((t) => { window.downloaded = [name, t]; }); };",
                vec![],
            )
            .await
            .unwrap();
        click(client, "#download-file").await;
        let downloaded = until(client, "the download", "return window.downloaded || null").await;
        assert_eq!(downloaded, json!(["five.toml", text]));
        // Saved into the games folder, and then in the library.
        click(client, "#save").await;
        text_when(client, "the save", "#save-result", "t.startsWith('Saved as five.toml')").await;
        assert_eq!(std::fs::read_to_string(games.join("five.toml")).unwrap(), text);
        let listing = server.get_json("/api/games").1;
        assert!(
            listing.as_array().unwrap().iter().any(|g| g["ref"] == "dir:five"),
            "{listing}"
        );
        // Compared with the game it started from, in one click.
        until(
            client,
            "a file that loads",
            "return !document.getElementById('compare-original').disabled",
        )
        .await;
        client
            .execute("document.getElementById('compare-original').click()", vec![])
            .await
            .unwrap();
        let compared = until(
            client,
            "the comparison",
            "const r = [...document.querySelectorAll('#compare-results [data-result]')].map((e) => e.dataset.result); \
             return r.length ? r : null;",
        )
        .await;
        assert_eq!(compared, json!(["edited", "kalah"]));
    })
    .await;
}

/// The compare page's first choice (Kalah beside Oware), `games` of each,
/// until its charts are drawn.
async fn compare_kalah_and_oware(client: &Client, server: &Server, games: u32) {
    open(
        client,
        server,
        "/#/compare",
        "the compare page",
        "#compare-run",
    )
    .await;
    client
        .execute(
            "document.getElementById('compare-games').value = arguments[0]",
            vec![json!(games.to_string())],
        )
        .await
        .unwrap();
    click(client, "#compare-run").await;
    until(
        client,
        "the results",
        "return document.querySelectorAll('[data-chart] svg').length > 0",
    )
    .await;
}

/// The rendered size of every element `css` matches: `[smallest width, smallest height]`.
async fn smallest(client: &Client, css: &str) -> (f64, f64) {
    let sizes = client
        .execute(
            "const r = [...document.querySelectorAll(arguments[0])].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0); \
             return r.length ? [Math.min(...r.map((b) => b.width)), Math.min(...r.map((b) => b.height))] : null;",
            vec![json!(css)],
        )
        .await
        .unwrap();
    assert!(!sizes.is_null(), "no {css}");
    (sizes[0].as_f64().unwrap(), sizes[1].as_f64().unwrap())
}

/// Whether the page is wider than the screen (a sideways scroll of the whole page).
async fn overflows(client: &Client) -> bool {
    client
        .execute(
            "return document.documentElement.scrollWidth > innerWidth",
            vec![],
        )
        .await
        .unwrap()
        .as_bool()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn boards_and_results_fit_a_phone() {
    let server = Server::start(&games_folder("playground-phone"));
    in_a_browser("phone", &server, Screen::Phone, async |client, server| {
        for game in ["kalah", "bao-la-kiswahili", "en-gehe"] {
            let path = format!("/#/play/{game}?north=human");
            open(client, server, &path, game, "#board g.hole.legal").await;
            assert!(
                !overflows(client).await,
                "{game}: the page is wider than a phone"
            );
            let (w, h) = smallest(client, "#board g.hole.legal .hit").await;
            assert!(w >= 44.0 && h >= 44.0, "{game}: holes of {w}x{h} px");
            let (_, h) = smallest(client, ".play button:not([hidden])").await;
            assert!(h >= 44.0, "{game}: buttons {h} px high");
        }
        // En Gehé's 2x40 scrolls sideways within its board, not the page.
        let scrolls = client
            .execute(
                "const b = document.getElementById('board'); return b.scrollWidth > b.clientWidth",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(scrolls, json!(true));
        // A comparison's results and charts fit, their text readable.
        compare_kalah_and_oware(client, server, 20).await;
        assert!(
            !overflows(client).await,
            "the results are wider than a phone"
        );
        let (_, h) = smallest(client, "[data-chart] svg text").await;
        assert!(h >= 9.0, "chart text {h} px high");
    })
    .await;
    // On a desktop, En Gehé's holes are no longer 20 px.
    in_a_browser(
        "desktop-board",
        &server,
        Screen::Desktop,
        async |client, server| {
            open(
                client,
                server,
                "/#/play/en-gehe",
                "En Gehé",
                "#board g.hole.legal",
            )
            .await;
            let (w, _) = smallest(client, "#board g.hole .hit").await;
            assert!(w >= 36.0, "En Gehé's holes are {w} px");
        },
    )
    .await;
}

/// axe-core's source, fetched by `tools/axe/fetch`.
fn axe() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/axe/axe-core/axe.min.js");
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}; run tools/axe/fetch (.ci/run does)"))
}

/// The WCAG 2 A and AA rules axe finds broken on the page as it is now.
async fn violations(client: &Client, axe: &str) -> Value {
    client
        .execute_async(
            "const [source, done] = arguments; \
             if (!window.axe) { const s = document.createElement('script'); s.textContent = source; document.head.append(s); } \
             axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}) \
               .then((r) => done(r.violations.map((v) => [v.id, v.help, v.nodes.slice(0, 3).map((n) => n.target.join(' '))]))) \
               .catch((e) => done(String(e)));",
            vec![json!(axe)],
        )
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn every_page_passes_an_accessibility_check() {
    let axe = axe();
    let scenarios = common::scenarios_folder("playground-a11y-scenarios");
    let games = games_folder("playground-a11y");
    let server = Server::start_with(&[
        Path::new("--games"),
        &games,
        Path::new("--scenarios"),
        &scenarios,
    ]);
    in_a_browser("a11y", &server, Screen::Desktop, async |client, server| {
        let pages = [
            ("/#/", ".card svg.board"),
            ("/#/play/kalah?north=human&d=a1", "#board g.hole.last"),
            ("/#/play/omweso?north=human", "#board g.hole"),
            ("/#/edit/kalah", "#explain"),
            ("/#/compare", "#compare-run"),
            ("/#/scenarios", "#scenarios-run"),
        ];
        for (path, ready) in pages {
            open(client, server, path, path, ready).await;
            let found = violations(client, &axe).await;
            assert_eq!(found, json!([]), "{path}");
        }
        // A move made from the keyboard leaves the focus on the board.
        open(client, server, "/#/play/kalah?north=human&d=a3", "Kalah", "#board g.hole.last").await;
        client
            .execute("document.querySelector('#board g.hole.legal').focus()", vec![])
            .await
            .unwrap();
        let focused = client
            .execute("return document.activeElement.dataset.hole", vec![])
            .await
            .unwrap();
        let hole = focused.as_str().unwrap().to_string();
        client
            .find(Locator::Css("#board g.hole.legal:focus"))
            .await
            .unwrap()
            .send_keys("\u{E007}")
            .await
            .unwrap();
        let decisions = format!("a3 {hole}");
        text_when(client, "the keyboard's move", "#record div", &format!("t === '{decisions}'")).await;
        until(
            client,
            "the focus on the board",
            "return document.activeElement && document.activeElement.closest('#board') !== null",
        )
        .await;
        // Every hole says what it is; the cues stand out from what is around them.
        let names = client
            .execute(
                "return [...document.querySelectorAll('#board g.hole')].map((g) => g.getAttribute('aria-label'))",
                vec![],
            )
            .await
            .unwrap();
        let names: Vec<&str> = names.as_array().unwrap().iter().map(|n| n.as_str().unwrap()).collect();
        assert_eq!(names.len(), 12);
        let played = format!("{hole}: 0 seeds, South's, last move, changed");
        assert!(names.contains(&played.as_str()), "{names:?}");
        assert!(names.contains(&"b6: 4 seeds, North's"), "{names:?}");
        let contrast = client.execute(CONTRASTS, vec![]).await.unwrap();
        for (cue, ratio) in contrast.as_object().unwrap() {
            let ratio = ratio.as_f64().unwrap();
            assert!(ratio >= 3.0, "{cue}: contrast {ratio:.2}");
        }
    })
    .await;
}

/// The contrast ratio (WCAG) of each cue against what surrounds it, read from
/// the colours the page draws with.
const CONTRASTS: &str = r#"
    const rgb = (c) => c.match(/\d+/g).slice(0, 3).map(Number);
    const luminance = (c) => {
      const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const style = (css) => getComputedStyle(document.querySelector(css));
    const wood = style('#board .frame').fill, pit = style('#board g.hole:not(.changed) .pit').fill;
    const changedPit = style('#board g.hole.changed .pit').fill;
    return {
      "last move against the wood": ratio(style('#board .cue-last').stroke, wood),
      "changed mark against the changed hole": ratio(style('#board .cue-changed').fill, changedPit),
      "legal ring against the hole": ratio(style('#board g.hole.legal .pit').stroke, pit),
      "legal ring against the wood": ratio(style('#board g.hole.legal .pit').stroke, wood),
    };"#;

/// Milliseconds from running `action` in the page until `condition` holds
/// there, timed by the page's own clock (checked every frame).
async fn time_in_page(client: &Client, action: &str, condition: &str) -> f64 {
    let script = "const [action, condition, done] = arguments; \
        const t0 = performance.now(); new Function(action)(); \
        const poll = () => { if (new Function(condition)()) done(performance.now() - t0); else requestAnimationFrame(poll); }; \
        poll();";
    client
        .execute_async(script, vec![json!(action), json!(condition)])
        .await
        .unwrap()
        .as_f64()
        .unwrap()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The playground's pages photographed at 1280x800 and 390x844 (into
/// `target/tmp/screenshots/desktop` and `phone`: `docs/screenshots` holds
/// copies), and the times a player waits, measured in the browser. Not a
/// check: run it with `-- --ignored --nocapture` to refresh the figures in
/// `docs/playground.md`.
#[tokio::test(flavor = "multi_thread")]
#[ignore]
async fn screenshots_and_timings() {
    let scenarios = common::scenarios_folder("playground-shots-scenarios");
    let games = games_folder("playground-shots");
    let server = Server::start_with(&[
        Path::new("--games"),
        &games,
        Path::new("--scenarios"),
        &scenarios,
    ]);
    for screen in [Screen::Desktop, Screen::Phone] {
        in_a_browser("shots", &server, screen, async |client, server| {
            let folder = if screen == Screen::Desktop {
                viewport(client, 1280, 800).await;
                "desktop"
            } else {
                "phone"
            };
            photograph(client, server, folder).await;
        })
        .await;
    }
    in_a_browser(
        "timings",
        &server,
        Screen::Desktop,
        async |client, server| {
            timings(client, server).await;
        },
    )
    .await;
}

async fn photograph(client: &Client, server: &Server, folder: &str) {
    let shot = async |name: &str| screenshot(client, &format!("{folder}/{name}")).await;
    std::fs::create_dir_all(screenshots().join(folder)).unwrap();
    no_waiting(client, server).await;
    open(client, server, "/#/", "the library", ".card svg.board").await;
    shot("library").await;
    // A game some way in, South (a person) to move.
    let game = common::random_decisions("kalah", 4);
    let decisions: Vec<&str> = game.iter().map(String::as_str).collect();
    let sofar = (8..decisions.len())
        .find(|&k| after(server, "kalah", &decisions[..k])["position"]["to_move"] == "south")
        .expect("South to move somewhere");
    let play = format!(
        "/#/play/kalah?north=alphabeta:4&d={}",
        decisions[..sofar].join(",")
    );
    open(client, server, &play, "a game", "#board g.hole.legal").await;
    shot("play").await;
    client
        .execute("document.getElementById('position-panel').open = true; document.getElementById('position-panel').scrollIntoView()", vec![])
        .await
        .unwrap();
    until(
        client,
        "the set-up board",
        "return document.querySelector('#setup-board g.hole') !== null",
    )
    .await;
    shot("setup").await;
    open(
        client,
        server,
        "/#/play/bao-la-kiswahili?north=human",
        "Bao",
        "#board g.hole",
    )
    .await;
    shot("bao").await;
    open(client, server, "/#/edit/kalah", "the editor", "#explain").await;
    client
        .execute(
            "const s = document.getElementById('source'); s.value = s.value.replace('rows = 2', 'rows = 3'); s.dispatchEvent(new Event('input'));",
            vec![],
        )
        .await
        .unwrap();
    until(
        client,
        "the error",
        "return document.querySelector('#diagnostics li') !== null",
    )
    .await;
    shot("editor-error").await;
    compare_kalah_and_oware(client, server, 200).await;
    client
        .execute(
            "document.getElementById('compare-progress').scrollIntoView()",
            vec![],
        )
        .await
        .unwrap();
    shot("compare").await;
    open(
        client,
        server,
        "/#/scenarios",
        "the scenarios",
        "#scenarios-run",
    )
    .await;
    click(client, "#scenarios-run").await;
    until(
        client,
        "a failure",
        "return document.querySelector('[data-status=\"failed\"]') !== null",
    )
    .await;
    shot("scenarios").await;
}

async fn timings(client: &Client, server: &Server) {
    const RUNS: usize = 7;
    let mut load = Vec::new();
    for _ in 0..RUNS {
        client.goto("about:blank").await.unwrap();
        client.goto(&server.url("/#/")).await.unwrap();
        let shown = until(
            client,
            "the library",
            "return document.querySelectorAll('.card svg.board').length > 50 ? performance.now() : null",
        )
        .await;
        load.push(shown.as_f64().unwrap());
    }
    no_waiting(client, server).await;
    let (mut move_drawn, mut replies) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        client.goto("about:blank").await.unwrap();
        open(
            client,
            server,
            "/#/play/kalah?north=alphabeta:4",
            "Kalah",
            "#board g.hole.legal",
        )
        .await;
        let clicked = client
            .execute("return performance.now()", vec![])
            .await
            .unwrap();
        let drawn = time_in_page(
            client,
            "document.querySelector('#board g.hole[data-hole=\"a1\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))",
            "return document.querySelector('#board g.hole[data-hole=\"a1\"] .count').textContent === '0'",
        )
        .await;
        move_drawn.push(drawn);
        // From the same click (the page's clock runs on), to the reply drawn.
        let reply = until(
            client,
            "the agent's reply",
            "return document.querySelector('#record div').textContent.split(' ').length >= 2 ? performance.now() : null",
        )
        .await;
        replies.push(reply.as_f64().unwrap() - clicked.as_f64().unwrap());
    }
    let mut shared = Vec::new();
    let game = common::random_decisions("oware", 1);
    let decisions: Vec<&str> = game.iter().map(String::as_str).collect();
    let link = format!(
        "/#/play/oware?south=human&north=human&d={}",
        decisions.join(",")
    );
    for _ in 0..RUNS {
        client.goto("about:blank").await.unwrap();
        client.goto(&server.url(&link)).await.unwrap();
        let shown = until(
            client,
            "the shared game",
            "const s = document.getElementById('status'); return s && s.textContent.startsWith('Game over') ? performance.now() : null",
        )
        .await;
        shared.push(shown.as_f64().unwrap());
    }
    println!("medians of {RUNS}, in ms (the page's own clock):");
    println!("library page load, every board drawn: {:.0}", median(load));
    println!(
        "click on a hole to the board redrawn (sowing shown off): {:.0}",
        median(move_drawn)
    );
    println!(
        "click to alpha-beta depth 4's reply drawn (agent delay 0, polled every 100 ms): {:.0}",
        median(replies)
    );
    println!(
        "a shared link of a whole Oware game ({} decisions) opened: {:.0}",
        decisions.len(),
        median(shared)
    );
}
