//! The web playground in a real browser: headless Chromium driven through
//! ChromeDriver (Debian's `chromium` and `chromium-driver`, which `.ci/run`
//! installs). Each page is used as a person would — the library, a game played
//! against an agent and undone, an error typed into the editor and fixed, a
//! comparison run — and checked against the API. Screenshots of every page go to
//! `target/tmp/screenshots/`.

mod common;
#[path = "common/browser.rs"]
mod in_browser;

use std::path::Path;
use std::time::Duration;

use common::{Server, games_folder, scenarios_folder};
use fantoccini::{Client, Locator};
use in_browser::*;
use serde_json::{Value, json};

/// Oware where each side also holds twelve seeds it may put, as many as it
/// chooses, into one of its holes instead of moving.
const HAND_COUNTS: &str = "extends = \"oware\"\n[game]\nname = \"Hand counts\"\nsummary = \"Oware with twelve seeds in hand.\"\n[setup]\nhand = 12\n[hand]\noffered = \"beside\"\nchoose_seeds = \"true\"\n";

#[tokio::test(flavor = "multi_thread")]
async fn the_playground_works_in_a_browser() {
    let games = games_folder("browser");
    std::fs::write(games.join("hand-counts.toml"), HAND_COUNTS).unwrap();
    let scenarios = scenarios_folder("browser-scenarios");
    let server = Server::start_with(&[
        Path::new("--games"),
        &games,
        Path::new("--scenarios"),
        &scenarios,
    ]);
    let driver = Driver::start();
    let client = browser(&driver, &games.with_file_name("profile")).await;
    let result = run(&client, &server).await;
    let _ = client.close().await;
    result
}

async fn run(client: &Client, server: &Server) {
    // The library: every game, the folder's too, each with its board.
    open(
        client,
        server,
        "/#/",
        "the library",
        "[data-game=\"dir:three-seeds\"] svg",
    )
    .await;
    let cards = client.find_all(Locator::Css(".card")).await.unwrap().len();
    assert!(cards > 40, "{cards} cards");
    screenshot(client, "library").await;

    // Play Kalah: South a person; North too, at first.
    open(
        client,
        server,
        "/#/play/kalah",
        "the board",
        "#board g.hole.legal[data-hole=\"a1\"]",
    )
    .await;
    select(client, "agent-north", "human").await;
    let start = server
        .post_json("/api/play", json!({"game": {"ref": "kalah"}}))
        .1;
    until_board(client, "at the start", &board_of(&start)).await;
    click(client, "#board g.hole[data-hole=\"a1\"]").await;
    let after = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "kalah"}, "decisions": ["a1"]}),
        )
        .1;
    until_board(client, "after a1", &board_of(&after)).await;
    // North's agent replies: the record holds two decisions, the board agrees.
    select(client, "agent-north", "greedy").await;
    let record = until(
        client,
        "the agent's reply",
        "const r = document.querySelector('#record div').textContent.split(' '); return r.length === 2 ? r : null;",
    )
    .await;
    let reply = record[1].as_str().unwrap().to_string();
    let after = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "kalah"}, "decisions": ["a1", reply]}),
        )
        .1;
    until_board(client, "after North's reply", &board_of(&after)).await;
    let events = client
        .find(Locator::Id("events"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(events.starts_with("North played"), "{events}");
    screenshot(client, "play").await;
    // The address holds the game: a reload comes back to the same position.
    client.refresh().await.unwrap();
    until_board(client, "after a reload", &board_of(&after)).await;
    // Undo takes back South's a1 and North's reply.
    click(client, "#undo").await;
    until(
        client,
        "the start again",
        "return document.querySelector('#record div').textContent === 'no decision yet';",
    )
    .await;
    until_board(client, "after undo", &board_of(&start)).await;

    // The rules document, its clause ids in bold.
    let clause = client
        .execute(
            "document.getElementById('rules-document').open = true; return document.querySelector('#rules-document li strong').textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(clause, "KA-1");
    screenshot(client, "rules").await;

    // Play from a position typed in (as a `--position` file is written).
    let position = json!({"board": [[0, 0, 0, 0, 0, 2], [1, 3, 0, 0, 0, 0]],
        "captured": {"south": 20, "north": 22}, "to_move": "south"});
    client
        .execute(
            "document.getElementById('position-panel').open = true; document.getElementById('position').value = arguments[0]; \
             document.getElementById('setup-from-json').click();",
            vec![json!(position.to_string())],
        )
        .await
        .unwrap();
    until(
        client,
        "the position checked",
        "const c = document.getElementById('setup-check'); return c && c.textContent.startsWith('A position to play');",
    )
    .await;
    click(client, "#start-position").await;
    let there = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "kalah"}, "position": position}),
        )
        .1;
    until_board(client, "at the position typed in", &board_of(&there)).await;

    // A move is shown seed by seed (a "Skip" button stands while it is), and
    // skipping goes to the position after it: Ayoayo's a3 relays round the board.
    open(
        client,
        server,
        "/#/play/ayoayo",
        "Ayoayo's board",
        "#board g.hole.legal[data-hole=\"a3\"]",
    )
    .await;
    select(client, "agent-north", "human").await;
    click(client, "#board g.hole[data-hole=\"a3\"]").await;
    until(
        client,
        "the sowing shown",
        "const s = document.getElementById('skip'); return s && !s.hidden && document.getElementById('events').textContent.startsWith('Sowing');",
    )
    .await;
    click(client, "#skip").await;
    let after = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "ayoayo"}, "decisions": ["a3"]}),
        )
        .1;
    until_board(client, "after a3, skipped", &board_of(&after)).await;
    until(
        client,
        "the skip button gone",
        "return document.getElementById('skip').hidden;",
    )
    .await;

    // A hole with two decisions (Mbangbi's directions) asks which.
    open(
        client,
        server,
        "/#/play/mbangbi",
        "Mbangbi's board",
        "#board g.hole.legal[data-hole=\"a2\"]",
    )
    .await;
    select(client, "agent-north", "human").await;
    click(client, "#board g.hole[data-hole=\"a2\"]").await;
    let offered = until(
        client,
        "the choice of direction",
        "const b = [...document.querySelectorAll('#choices button')].map(b => b.dataset.decision); return b.length ? b : null;",
    )
    .await;
    assert_eq!(offered, json!(["a2:ccw", "a2:cw"]));
    click(client, "#choices button[data-decision=\"a2:cw\"]").await;
    let after = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "mbangbi"}, "decisions": ["a2:cw"]}),
        )
        .1;
    until_board(client, "after a2:cw", &board_of(&after)).await;

    // A hole with many counts from the hand asks the count first.
    open(
        client,
        server,
        "/#/play/dir:hand-counts",
        "the hand-counts board",
        "#board g.hole.legal[data-hole=\"a1\"]",
    )
    .await;
    select(client, "agent-north", "human").await;
    click(client, "#board g.hole[data-hole=\"a1\"]").await;
    let offered = until(
        client,
        "the choice of a count",
        "const c = [...document.querySelectorAll('#choices button')].map(b => b.dataset.count || b.dataset.decision); return c.length ? c : null;",
    )
    .await;
    let mut expected: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
    expected.push("a1".into());
    assert_eq!(offered, json!(expected));
    click(client, "#choices button[data-count=\"3\"]").await;
    let after = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "dir:hand-counts"}, "decisions": ["a1:hand=3"]}),
        )
        .1;
    until_board(client, "after a1:hand=3", &board_of(&after)).await;

    // The editor: an error at its line, then fixed, then played.
    client.goto(&server.url("/#/edit/kalah")).await.unwrap();
    until(
        client,
        "the editor",
        "return document.getElementById('explain') !== null",
    )
    .await;
    let set_text = "const t = document.getElementById('source'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));";
    client
        .execute(
            set_text,
            vec![json!("extends = \"kalah\"\n\n[board]\nrows = 3\n")],
        )
        .await
        .unwrap();
    let line = until(
        client,
        "the diagnostic",
        "const d = document.querySelector('#diagnostics li.error'); return d ? d.dataset.line : null;",
    )
    .await;
    assert_eq!(line, "4");
    let marked = client
        .execute(
            "return document.querySelectorAll('#gutter .bad')[0].textContent;",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(marked, "4");
    assert!(
        client
            .find(Locator::Id("play-edited"))
            .await
            .unwrap()
            .attr("disabled")
            .await
            .unwrap()
            .is_some()
    );
    screenshot(client, "editor-error").await;
    client
        .execute(
            set_text,
            vec![json!("extends = \"kalah\"\n\n[setup]\nseeds = 5\n")],
        )
        .await
        .unwrap();
    until(
        client,
        "the fixed file read back",
        "const e = document.getElementById('explain'); return e && e.textContent.includes('holds 5');",
    )
    .await;
    screenshot(client, "editor").await;
    click(client, "#play-edited").await;
    let board = until(client, "the edited game's board", BOARD).await;
    assert_eq!(board["a1"], "5");

    // The scenarios: a failure shows the board expected beside the board found.
    client.goto(&server.url("/#/scenarios")).await.unwrap();
    until(
        client,
        "the scenarios page",
        "return document.getElementById('scenarios-run') !== null",
    )
    .await;
    click(client, "#scenarios-run").await;
    let summary = until(
        client,
        "the scenarios' results",
        "const s = document.getElementById('scenario-summary'); return s ? s.textContent : null;",
    )
    .await;
    assert_eq!(summary, "2 passed, 1 failed, 1 broken.");
    let boards = client
        .find_all(Locator::Css(
            "[data-scenario=\"kalah/wrong.toml\"] svg.board",
        ))
        .await
        .unwrap()
        .len();
    assert_eq!(boards, 2, "expected and found");
    screenshot(client, "scenarios").await;

    // A comparison: progress, then the table and three charts.
    client.goto(&server.url("/#/compare")).await.unwrap();
    until(
        client,
        "the compare page",
        "return document.getElementById('compare-run') !== null",
    )
    .await;
    client
        .execute(
            "document.getElementById('compare-games').value = '30';",
            vec![],
        )
        .await
        .unwrap();
    click(client, "#compare-run").await;
    let table = until(
        client,
        "the comparison's table",
        "const t = document.getElementById('compare-table'); return t ? t.textContent : null;",
    )
    .await;
    let table = table.as_str().unwrap();
    assert!(
        table.contains("kalah") && table.contains("oware"),
        "{table}"
    );
    let charts = client
        .find_all(Locator::Css("[data-chart] svg"))
        .await
        .unwrap()
        .len();
    assert_eq!(charts, 3);
    // Tall enough for the table and the charts.
    client.set_window_size(1280, 2000).await.unwrap();
    screenshot(client, "compare").await;
}

/// Issue 33's first fixes, each as a player meets it: a board redrawn at once
/// when an option changes its size; a double click on a choice sends one
/// decision; leaving the board mid-animation throws nothing; an icon is served.
#[tokio::test(flavor = "multi_thread")]
async fn what_a_player_sees_stays_right() {
    let games = games_folder("browser-second");
    std::fs::copy(
        "tests/games/called-ends.toml",
        games.join("called-ends.toml"),
    )
    .unwrap();
    let server = Server::start(&games);
    let driver = Driver::start();
    let client = browser(&driver, &games.with_file_name("profile")).await;
    let result = second_pass(&client, &server).await;
    let _ = client.close().await;
    result
}

async fn second_pass(client: &Client, server: &Server) {
    // The icon browsers ask for on every page.
    assert_eq!(server.get("/favicon.ico").0, 200);
    client.goto(&server.url("/#/")).await.unwrap();
    client.execute(RECORD_ERRORS, vec![]).await.unwrap();

    // Item 1: more holes a row, applied: the board drawn is the new one.
    open(
        client,
        server,
        "/#/play/nsolo",
        "Nsolo's board",
        "#board g.hole[data-hole=\"a1\"]",
    )
    .await;
    client
        .execute(
            "document.querySelector('[data-option=\"holes_per_row\"]').value = '12'; \
             [...document.querySelectorAll('button')].find((b) => b.textContent === 'Apply and restart').click();",
            vec![],
        )
        .await
        .unwrap();
    let wider = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "nsolo"}, "options": {"holes_per_row": 12}}),
        )
        .1;
    until_board(client, "after twelve holes a row", &board_of(&wider)).await;

    // Item 2: a double click on a direction sends one decision.
    client
        .goto(&server.url("/#/play/mbangbi?north=human"))
        .await
        .unwrap();
    until(
        client,
        "Mbangbi's board",
        "return document.querySelector('#board g.hole.legal[data-hole=\"a1\"]') !== null",
    )
    .await;
    click(client, "#board g.hole[data-hole=\"a1\"]").await;
    until(
        client,
        "the direction to choose",
        "return document.querySelector('[data-decision=\"a1:cw\"]') !== null",
    )
    .await;
    client
        .execute(
            "const b = document.querySelector('[data-decision=\"a1:cw\"]'); b.click(); b.click();",
            vec![],
        )
        .await
        .unwrap();
    let once = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "mbangbi"}, "decisions": ["a1:cw"]}),
        )
        .1;
    until_board(client, "after one a1:cw", &board_of(&once)).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let record = client
        .execute(
            "return document.querySelector('#record div').textContent",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(record.as_str().unwrap().trim(), "a1:cw", "{record}");
    let status = client
        .execute(
            "return document.getElementById('status').textContent",
            vec![],
        )
        .await
        .unwrap();
    assert!(!status.as_str().unwrap().contains("not legal"), "{status}");

    // Item 14: a shared link of a whole game opens with one request for the
    // position, not one per decision.
    let game = common::random_decisions("oware", 1);
    let decisions: Vec<&str> = game.iter().map(String::as_str).collect();
    assert!(decisions.len() > 50, "{} decisions", decisions.len());
    client
        .execute("performance.clearResourceTimings()", vec![])
        .await
        .unwrap();
    let link = format!(
        "/#/play/oware?south=human&north=human&d={}",
        decisions.join(",")
    );
    client.goto(&server.url(&link)).await.unwrap();
    let end = server
        .post_json(
            "/api/play",
            json!({"game": {"ref": "oware"}, "decisions": decisions}),
        )
        .1;
    until_board(client, "the shared game's end", &board_of(&end)).await;
    let requests = client
        .execute(
            "return performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/play')).length",
            vec![],
        )
        .await
        .unwrap();
    assert!(
        requests.as_u64().unwrap() <= 2,
        "{requests} requests for the position"
    );

    // Item 6: a library file that does not load opens as it is written, its
    // problem listed beside it; scrolled to the end, the line numbers stay
    // level with the lines.
    client
        .goto(&server.url("/#/edit/dir:broken"))
        .await
        .unwrap();
    let text = until(
        client,
        "the broken file's text",
        "const s = document.getElementById('source'); return s && s.value.includes('rows = 3') ? s.value : null;",
    )
    .await;
    assert!(
        text.as_str().unwrap().starts_with("extends = \"kalah\""),
        "{text}"
    );
    until(
        client,
        "its problem",
        "const d = document.querySelector('#diagnostics li'); return d && d.textContent.includes('3') ? d.textContent : null;",
    )
    .await;
    client
        .goto(&server.url("/#/edit/bao-la-kiswahili"))
        .await
        .unwrap();
    until(
        client,
        "a long file",
        "const s = document.getElementById('source'); return s && s.value.length > 5000;",
    )
    .await;
    let drift = until(
        client,
        "both scrolled to the end",
        "const s = document.getElementById('source'); const g = document.getElementById('gutter'); \
         s.scrollTop = s.scrollHeight; s.dispatchEvent(new Event('scroll')); \
         return s.scrollTop > 0 && g.scrollTop > 0 ? [s.scrollTop, g.scrollTop] : null;",
    )
    .await;
    assert_eq!(drift[0], drift[1], "the text and its line numbers: {drift}");

    // Item 3: seeds in hand, and the captures of a game without stores, are
    // shown at each side's end of the board.
    client
        .goto(&server.url("/#/play/omweso?south=human&north=human"))
        .await
        .unwrap();
    let tally = until(
        client,
        "Omweso's hands",
        "const t = document.querySelector('#board [data-tally=\"south\"]'); return t ? t.textContent : null;",
    )
    .await;
    assert_eq!(tally, "captured 0 · 32 in hand");
    client
        .goto(&server.url("/#/play/oware?south=human&north=human&d=a1"))
        .await
        .unwrap();
    let tally = until(
        client,
        "Oware's captures",
        "const t = document.querySelector('#board [data-tally=\"north\"]'); return t ? t.textContent : null;",
    )
    .await;
    assert_eq!(tally, "captured 0");
    open(
        client,
        server,
        "/#/play/kalah",
        "Kalah's board",
        "#board g.hole[data-hole=\"a1\"]",
    )
    .await;
    let tallies = client
        .execute(
            "return document.querySelectorAll('#board [data-tally]').length",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(tallies, 0, "Kalah's stores show its captures");

    // Item 5: a match shows its rounds, each as the API reports it.
    let played: Value = serde_json::from_str(
        common::stdout(&common::mancala(&[
            "random",
            "rio-kadalis",
            "--match",
            "--seed",
            "2",
            "--games",
            "1",
            "--json",
        ]))
        .lines()
        .next()
        .unwrap(),
    )
    .unwrap();
    let rounds = played["match"]["rounds"].as_array().unwrap().len();
    assert!(rounds >= 2, "{rounds} rounds");
    let decisions: Vec<&str> = played["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_str().unwrap())
        .collect();
    let link = format!(
        "/#/play/rio-kadalis?match=1&south=human&north=human&d={}",
        decisions.join(",")
    );
    client.goto(&server.url(&link)).await.unwrap();
    let shown = until(
        client,
        "the rounds of the match",
        "const t = document.getElementById('rounds-table'); return t ? t.querySelectorAll('tbody tr').length : null;",
    )
    .await;
    assert_eq!(shown, json!(rounds));

    // Item 5: random matches of Walak-pussa reach the round limit; asked, the
    // side ahead then wins, and none is left unfinished.
    open(
        client,
        server,
        "/#/compare",
        "the compare page",
        "[data-variant=\"walak-pussa\"]",
    )
    .await;
    client
        .execute(
            "for (const box of document.querySelectorAll('[data-variant] input[type=checkbox]')) \
               box.checked = box.value === 'walak-pussa'; \
             document.getElementById('compare-match').checked = true; \
             document.getElementById('compare-at-limit').value = 'ahead'; \
             document.getElementById('compare-games').value = '10';",
            vec![],
        )
        .await
        .unwrap();
    click(client, "#compare-run").await;
    let figures = until(
        client,
        "the matches compared",
        "const card = document.querySelector('[data-result=\"walak-pussa\"]'); if (!card) return null; \
         return Object.fromEntries([...card.querySelectorAll('tr')].map((r) => [r.cells[0].textContent, r.cells[1].textContent]));",
    )
    .await;
    assert_eq!(figures["unfinished"], "0", "{figures}");
    assert_eq!(figures["rounds: mean"], "100.00", "{figures}");
    client.goto(&server.url("/#/")).await.unwrap();

    // Item 11: one game compared under two option sets, side by side.
    open(
        client,
        server,
        "/#/compare",
        "the compare page",
        "[data-variant=\"kalah\"] button.again",
    )
    .await;
    client
        .execute(
            "for (const box of document.querySelectorAll('[data-variant] input[type=checkbox]')) box.checked = false; \
             document.querySelector('[data-variant=\"kalah\"] button.again').click(); \
             const [first, second] = document.querySelectorAll('[data-variant=\"kalah\"]'); \
             first.querySelector('input[type=checkbox]').checked = true; \
             first.querySelector('input[type=text]').value = 'seeds_per_hole=3'; \
             second.querySelector('input[type=text]').value = 'seeds_per_hole=5'; \
             document.getElementById('compare-games').value = '20';",
            vec![],
        )
        .await
        .unwrap();
    click(client, "#compare-run").await;
    let table = until(
        client,
        "the comparison of two option sets",
        "const t = document.getElementById('compare-table'); return t ? t.textContent : null;",
    )
    .await;
    let header = table.as_str().unwrap().lines().next().unwrap().to_string();
    assert!(
        header.contains("kalah:seeds_per_hole=3") && header.contains("kalah:seeds_per_hole=5"),
        "{table}"
    );

    // Best moves: a small Kalah solved from the page, each decision's value
    // listed best first as the API gives it; a move played clears them.
    client
        .goto(&server.url("/#/play/kalah?holes_per_row=3&seeds_per_hole=3&north=human"))
        .await
        .unwrap();
    until(
        client,
        "the small Kalah's board",
        "return document.querySelector('#board g.hole.legal[data-hole=\"a1\"]') !== null",
    )
    .await;
    click(client, "#solve").await;
    let solution = until(
        client,
        "the solved start",
        "const li = document.querySelectorAll('#solution li'); \
         return li.length === 3 ? document.getElementById('solution').textContent : null;",
    )
    .await;
    let solution = solution.as_str().unwrap().to_string();
    assert!(
        solution.starts_with("South to move wins by 2 under perfect play."),
        "{solution}"
    );
    let (_, solved) = server.post_json(
        "/api/solve",
        json!({"game": {"ref": "kalah"}, "options": {"holes_per_row": 3, "seeds_per_hole": 3}}),
    );
    let best = &solved["decisions"][0];
    let first = format!(
        "{} wins by {}",
        best["decision"].as_str().unwrap(),
        best["margin"]
    );
    assert!(solution.contains(&first), "{solution} lacks {first}");
    click(client, "#board g.hole[data-hole=\"a1\"]").await;
    until(
        client,
        "the solution cleared by a move",
        "return document.getElementById('solution').textContent === '' ? true : null",
    )
    .await;

    // A decision on no hole (a resignation, an offer, its answers) is a button.
    client
        .goto(&server.url("/#/play/dir:called-ends?north=human"))
        .await
        .unwrap();
    until(
        client,
        "the resign button",
        "return document.querySelector('#choices button[data-decision=\"resign\"]') !== null || null",
    )
    .await;
    click(client, "#choices button[data-decision=\"resign\"]").await;
    until(
        client,
        "the game over",
        "return document.getElementById('status').textContent.includes('North won') || null",
    )
    .await;

    // Item 7: leaving the board while a move is being shown throws nothing.
    client
        .goto(&server.url("/#/play/kalah?north=human"))
        .await
        .unwrap();
    until(
        client,
        "Kalah's board",
        "return document.querySelector('#board g.hole.legal[data-hole=\"a3\"]') !== null",
    )
    .await;
    click(client, "#board g.hole[data-hole=\"a3\"]").await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    client.goto(&server.url("/#/")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(2000)).await;
    let errors = client
        .execute("return window.errors", vec![])
        .await
        .unwrap();
    assert_eq!(errors, json!([]), "the page threw");
}
