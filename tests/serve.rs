//! The web playground's HTTP side (`mancala serve`): its API answers as the
//! command line does, it reads nothing outside its games folder, its bounds
//! hold, and no request, however malformed, stops it.

mod common;

use common::{Server, games_folder, mancala, scenarios_folder, stdout};
use serde_json::{Value, json};
use std::path::Path;

#[test]
fn pages_are_served_from_the_program() {
    let server = Server::start(&games_folder("serve-pages"));
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(
        page.contains("<script type=\"module\" src=\"/js/app.js\">"),
        "{page}"
    );
    // No resource from elsewhere: every link and script is the server's own.
    assert!(!page.contains("http://") && !page.contains("https://"));
    let scripts = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/web/js")).unwrap();
    let mut assets: Vec<String> = scripts
        .map(|entry| format!("/js/{}", entry.unwrap().file_name().to_string_lossy()))
        .collect();
    assets.push("/style.css".into());
    for asset in &assets {
        let (status, body) = server.get(asset);
        assert_eq!(status, 200, "{asset}");
        assert!(!body.contains("https://"), "{asset} fetches from elsewhere");
    }
    assert_eq!(server.get("/no-such-page").0, 404);
    assert_eq!(server.get("/js/no-such-script.js").0, 404);
}

#[test]
fn the_library_lists_bundled_and_folder_games() {
    let server = Server::start(&games_folder("serve-library"));
    let (status, body) = server.get("/api/games");
    assert_eq!(status, 200);
    let games: Vec<Value> = serde_json::from_str(&body).unwrap();
    let find = |reference: &str| games.iter().find(|g| g["ref"] == reference).cloned();
    let kalah = find("kalah").expect("bundled games are listed");
    assert_eq!(
        kalah["layout"],
        json!({"rows": 2, "columns": 6, "stores": "right"})
    );
    assert_eq!(
        kalah["start"]["legal"],
        json!(["a1", "a2", "a3", "a4", "a5", "a6"])
    );
    // A game's detail carries its rules document.
    let (_, detail) = server.post_json("/api/game", json!({"game": {"ref": "kalah"}}));
    let document = detail["rules_document"].as_str().unwrap();
    assert!(
        document.starts_with("# Kalah") && document.contains("**KA-1**"),
        "{document}"
    );
    let variant = find("dir:three-seeds").expect("the folder's games are listed");
    assert_eq!(variant["name"], "Kalah, three seeds");
    assert_eq!(variant["start"]["position"]["board"][0][0], 3);
    // A file that does not load is listed with what is wrong.
    let broken = find("dir:broken").unwrap();
    assert_eq!(
        broken["error"], "a board has 2 or 4 rows, not 3",
        "{broken}"
    );
    // A file extending one outside the folder does not load.
    let reaching = find("dir:reaches-out").unwrap();
    assert!(
        reaching["error"]
            .as_str()
            .unwrap()
            .contains("lies outside the folder files may be read from"),
        "{reaching}"
    );
}

/// `/api/play`'s answer less the decisions' movers: what `replay --json` prints.
fn without_movers(mut played: Value) -> Value {
    played.as_object_mut().unwrap().remove("movers");
    played
}

#[test]
fn play_answers_as_replay_json_does() {
    let server = Server::start(&games_folder("serve-play"));
    let (status, played) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "sadeqa-iii"}, "decisions": ["a1", "b2"]}),
    );
    assert_eq!(status, 200);
    // Besides what `replay --json` prints, who made each decision.
    assert_eq!(played["movers"], json!(["south", "north"]));
    let played = without_movers(played);
    let cli: Value = serde_json::from_str(&stdout(&mancala(&[
        "replay",
        "sadeqa-iii",
        "a1",
        "b2",
        "--json",
    ])))
    .unwrap();
    assert_eq!(played, cli);
    // Options, and a match of rounds.
    let (_, with_option) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "kalah"}, "options": {"seeds_per_hole": 3}, "decisions": ["a4"]}),
    );
    let cli: Value = serde_json::from_str(&stdout(&mancala(&[
        "replay",
        "kalah",
        "a4",
        "--option",
        "seeds_per_hole=3",
        "--json",
    ])))
    .unwrap();
    assert_eq!(without_movers(with_option), cli);
    let (_, round) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "dakon"}, "match": true}),
    );
    assert_eq!(round["match"]["round"], 1);
    // An illegal decision is refused with the command line's message.
    let (status, refused) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "oware"}, "decisions": ["a3", "a1"]}),
    );
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        "decision 2 `a1` is not legal; legal decisions: b1 b2 b3 b4 b5 b6"
    );
    // From a position, as `replay --position` plays from one.
    let position = json!({"board": [[0, 0, 0, 0, 0, 2], [1, 3, 0, 0, 0, 0]],
        "captured": {"south": 20, "north": 22}, "to_move": "south"});
    let dir = common::scratch("serve-position");
    let file = dir.join("position.json");
    std::fs::write(&file, position.to_string()).unwrap();
    let (status, from_there) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "kalah"}, "position": position, "decisions": ["a6"]}),
    );
    assert_eq!(status, 200, "{from_there}");
    let cli: Value = serde_json::from_str(&stdout(&mancala(&[
        "replay",
        "kalah",
        "a6",
        "--json",
        "--position",
        file.to_str().unwrap(),
    ])))
    .unwrap();
    assert_eq!(without_movers(from_there), cli);
    let (status, refused) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "kalah"}, "position": {"board": [[1]], "to_move": "south"}}),
    );
    assert_eq!(status, 400);
    assert!(
        refused["error"].as_str().unwrap().starts_with("position:"),
        "{refused}"
    );
    // A match of a game without one.
    let (status, _) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "kalah"}, "match": true}),
    );
    assert_eq!(status, 400);
}

/// `/api/solve` ("best moves"): the value of the position in play and of each
/// decision, as `mancala solve` finds it; too large a position is refused
/// within the playground's bounds (limits.rs), and a finished game is no
/// position to solve.
#[test]
fn a_small_position_is_solved_and_a_large_one_refused() {
    let server = Server::start(&games_folder("serve-solve"));
    let small = json!({"holes_per_row": 3, "seeds_per_hole": 3});
    let (status, solved) = server.post_json(
        "/api/solve",
        json!({"game": {"ref": "kalah"}, "options": small, "decisions": ["a1"]}),
    );
    assert_eq!(status, 200, "{solved}");
    // After a1 (sown into the store) South moves again: a2 wins by 2, a3 loses by 4.
    assert_eq!(
        (&solved["to_move"], &solved["verdict"], &solved["margin"]),
        (&json!("south"), &json!("win"), &json!(2))
    );
    assert_eq!(
        solved["decisions"],
        json!([
            {"decision": "a2", "verdict": "win", "margin": 2},
            {"decision": "a3", "verdict": "loss", "margin": -4}
        ])
    );
    assert_eq!(solved["proven"], true);

    let (status, refused) = server.post_json("/api/solve", json!({"game": {"ref": "kalah"}}));
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("too large to solve here"),
        "{refused}"
    );
    let (status, _) = server.post_json(
        "/api/solve",
        json!({"game": {"ref": "tchuka-ruma"}, "decisions": ["a4", "a2", "a3", "a1", "a4"]}),
    );
    assert_eq!(status, 400);
}

#[test]
fn an_agent_answers_with_a_legal_decision_within_bounds() {
    let server = Server::start(&games_folder("serve-agent"));
    for agent in [
        "random",
        "greedy",
        "alphabeta:3",
        "mcts:200",
        "alphabeta:50ms",
    ] {
        let (status, reply) = server.post_json(
            "/api/agent",
            json!({"game": {"ref": "oware"}, "decisions": ["a3"], "agent": agent, "seed": 7}),
        );
        assert_eq!(status, 200, "{agent}: {reply}");
        let decision = reply["decision"].as_str().unwrap();
        assert!(
            ["b1", "b2", "b3", "b4", "b5", "b6"].contains(&decision),
            "{agent}: {decision}"
        );
    }
    // Deterministic for a seed.
    let ask = || {
        server
            .post_json(
                "/api/agent",
                json!({"game": {"ref": "oware"}, "agent": "random", "seed": 3}),
            )
            .1
    };
    assert_eq!(ask(), ask());
    for too_much in ["alphabeta:12", "mcts:1000000", "alphabeta:60s", "nobody"] {
        let (status, refused) = server.post_json(
            "/api/agent",
            json!({"game": {"ref": "oware"}, "agent": too_much}),
        );
        assert_eq!(status, 400, "{too_much}");
        assert!(refused["error"].is_string());
    }
    let (status, refused) = server.post_json(
        "/api/agent",
        json!({"game": {"ref": "tchuka-ruma"}, "decisions": ["a4", "a2", "a3", "a1", "a4"], "agent": "random"}),
    );
    assert_eq!(status, 400, "{refused}");
}

#[test]
fn the_editor_sees_problems_where_they_are_and_reads_a_good_file_back() {
    let server = Server::start(&games_folder("serve-validate"));
    let (status, checked) = server.post_json(
        "/api/validate",
        json!({"text": "extends = \"kalah\"\n\n[board]\nrows = 3\n"}),
    );
    assert_eq!(status, 200);
    assert_eq!(checked["valid"], false);
    let problem = &checked["diagnostics"][0];
    assert_eq!(problem["line"], 4);
    assert_eq!(problem["column"], 8);
    assert_eq!(problem["message"], "a board has 2 or 4 rows, not 3");
    assert!(problem["rendered"].as_str().unwrap().contains("rows = 3"));
    // A file that loads: its rules read back and its start.
    let (_, good) = server.post_json(
        "/api/validate",
        json!({"text": "extends = \"kalah\"\n[setup]\nseeds = 5\n"}),
    );
    assert_eq!(good["valid"], true);
    assert!(
        good["game"]["explain"]
            .as_str()
            .unwrap()
            .contains("holds 5")
    );
    assert_eq!(good["game"]["start"]["position"]["board"][1][0], 5);
    // An edited file may extend the folder's games, but nothing outside it.
    let (_, folder) = server.post_json(
        "/api/validate",
        json!({"text": "extends = \"three-seeds.toml\"\n"}),
    );
    assert_eq!(folder["valid"], true, "{folder}");
    for outside in [
        "../outside.toml",
        "/etc/passwd.toml",
        "../../../../../../etc/x.toml",
    ] {
        let (_, refused) = server.post_json(
            "/api/validate",
            json!({"text": format!("extends = \"{outside}\"\n")}),
        );
        assert_eq!(refused["valid"], false, "{outside}");
        let message = refused["diagnostics"][0]["message"].as_str().unwrap();
        assert!(
            message.contains("lies outside the folder files may be read from"),
            "{outside}: {message}"
        );
    }
    // Playing an edited text works as playing a file.
    let (status, played) = server.post_json(
        "/api/play",
        json!({"game": {"text": "extends = \"kalah\"\n[setup]\nseeds = 5\n"}, "decisions": ["a2"]}),
    );
    assert_eq!(status, 200);
    assert_eq!(played["position"]["board"][0], json!([5, 0, 6, 6, 6, 6]));
}

#[test]
fn only_the_folders_own_files_are_named() {
    let games = games_folder("serve-traversal");
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        games.parent().unwrap().join("outside.toml"),
        games.join("link.toml"),
    )
    .unwrap();
    let server = Server::start(&games);
    for reference in [
        "dir:../outside",
        "dir:..%2Foutside",
        "dir:/etc/passwd",
        "dir:link",
        "../games/three-seeds.toml",
        "/etc/passwd",
        "dir:",
    ] {
        let (status, refused) = server.post_json("/api/game", json!({"game": {"ref": reference}}));
        assert_eq!(status, 404, "{reference}: {refused}");
    }
    let (status, _) = server.post_json("/api/game", json!({"game": {"ref": "dir:three-seeds"}}));
    assert_eq!(status, 200);
}

#[test]
fn bounds_and_malformed_requests_leave_the_server_serving() {
    let server = Server::start(&games_folder("serve-malformed"));
    let huge = format!("{{\"text\": \"{}\"}}", "#".repeat(3 << 20));
    assert_eq!(server.post("/api/validate", &huge).0, 413);
    let many: Vec<String> = (0..20_001).map(|_| "a1".to_string()).collect();
    let (status, refused) = server.post_json(
        "/api/play",
        json!({"game": {"ref": "kalah"}, "decisions": many}),
    );
    assert_eq!(status, 400);
    assert!(refused["error"].as_str().unwrap().contains("at most"));
    let malformed: [&[u8]; 9] = [
        b"",
        b"\x00\x01\x02garbage\r\n\r\n",
        b"GET\r\n\r\n",
        b"POST /api/play HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\n\r\n{\"ga",
        b"POST /api/play HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\nnot json!",
        b"POST /api/play HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        b"POST /api/play HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
        b"POST /api/compare HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\nConnection: close\r\n\r\n{",
        b"GET /api/compare/not-a-number HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    ];
    for request in malformed {
        let (status, _) = server.raw_within(request, std::time::Duration::from_secs(2));
        assert!(
            status == 0 || (400..500).contains(&status),
            "{status} for {request:?}"
        );
    }
    let (status, body) = server.post(
        "/api/play",
        "{\"game\": {\"ref\": \"kalah\"}, \"decisions\": 7}",
    );
    assert_eq!(status, 422);
    assert!(body.starts_with("{\"error\""), "errors are JSON: {body}");
    for body in [
        json!({"game": {}}),
        json!({"game": {"ref": "kalah", "text": "x"}}),
        json!({"game": {"ref": "kalah"}, "options": {"seeds_per_hole": [1]}}),
        json!({"game": {"ref": "kalah"}, "options": {"seeds_per_hole": 99}}),
        json!({"game": {"ref": "kalah"}, "options": {"no_such_option": 1}}),
    ] {
        let (status, refused) = server.post_json("/api/play", body.clone());
        assert_eq!(status, 400, "{body}: {refused}");
    }
    // Still serving.
    assert_eq!(server.get("/api/games").0, 200);
}

#[test]
fn a_comparison_runs_in_the_background_and_ends_with_its_table_and_charts() {
    let server = Server::start(&games_folder("serve-compare"));
    let (status, started) = server.post_json(
        "/api/compare",
        json!({
            "variants": [{"game": {"ref": "kalah"}}, {"game": {"ref": "dir:three-seeds"}, "label": "three seeds"}],
            "agents": ["random", "greedy"], "games": 20, "seed": 5
        }),
    );
    assert_eq!(status, 200, "{started}");
    let job = started["job"].as_u64().unwrap();
    let finished = loop {
        let (status, body) = server.get(&format!("/api/compare/{job}"));
        assert_eq!(status, 200);
        let progress: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(progress["total"], 40);
        if progress["done"] == true {
            break progress;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(finished["played"], 40);
    let table = finished["table"].as_str().unwrap();
    assert!(
        table.contains("kalah") && table.contains("three seeds"),
        "{table}"
    );
    let charts: Vec<&str> = finished["charts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        charts,
        ["game-length.svg", "south-score.svg", "branching.svg"]
    );
    assert!(
        finished["charts"][0]["svg"]
            .as_str()
            .unwrap()
            .starts_with("<svg")
    );
    // The same comparison as the command line's (same seeds, same games).
    let cli = stdout(&mancala(&[
        "compare", "kalah", "--games", "20", "--seed", "5", "--south", "random", "--north",
        "greedy", "--json",
    ]));
    let cli: Value = serde_json::from_str(cli.lines().next().unwrap()).unwrap();
    let web = &finished["summaries"][0];
    for key in ["south_wins", "north_wins", "draws", "turns_mean"] {
        assert_eq!(web[key], cli[key], "{key}");
    }
    // Bounds.
    for (body, why) in [
        (
            json!({"variants": [], "agents": ["random", "random"], "games": 5}),
            "no variant",
        ),
        (
            json!({"variants": [{"game": {"ref": "kalah"}}], "agents": ["random", "random"], "games": 5000}),
            "too many games",
        ),
        (
            json!({"variants": [{"game": {"ref": "kalah"}}], "agents": ["alphabeta:12", "random"], "games": 5}),
            "too strong an agent",
        ),
        (
            json!({"variants": [{"game": {"ref": "kalah"}}], "agents": ["random", "random"], "games": 5, "match": true}),
            "no [match]",
        ),
    ] {
        let (status, _) = server.post_json("/api/compare", body);
        assert_eq!(status, 400, "{why}");
    }
    assert_eq!(server.get("/api/compare/999").0, 404);
}

#[test]
fn scenarios_of_the_folder_run_with_the_boards_expected_and_found() {
    let scenarios = scenarios_folder("serve-scenarios");
    let server = Server::start_with(&[Path::new("--scenarios"), &scenarios]);
    let (status, body) = server.get("/api/scenarios");
    assert_eq!(status, 200);
    let listing: Value = serde_json::from_str(&body).unwrap();
    // The game file among them is not a scenario.
    assert_eq!(
        listing["files"],
        json!([
            "kalah/capture.toml",
            "kalah/wrong.toml",
            "on-the-variant.toml",
            "reaches-out.toml"
        ])
    );
    let (status, results) = server.post_json("/api/scenarios", json!({}));
    assert_eq!(status, 200);
    let by_file = |file: &str| {
        results
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["file"] == file)
            .unwrap()
            .clone()
    };
    assert_eq!(by_file("kalah/capture.toml")["status"], "passed");
    assert_eq!(by_file("on-the-variant.toml")["status"], "passed");
    let wrong = by_file("kalah/wrong.toml");
    assert_eq!(wrong["status"], "failed");
    assert!(
        wrong["failures"][0].as_str().unwrap().starts_with("board:"),
        "{wrong}"
    );
    assert_eq!(wrong["expected"]["board"][1], json!([1, 3, 0, 0, 0, 0]));
    assert_eq!(wrong["actual"]["board"][1], json!([1, 0, 0, 0, 0, 0]));
    let outside = by_file("reaches-out.toml");
    assert_eq!(outside["status"], "broken");
    assert!(
        outside["error"]
            .as_str()
            .unwrap()
            .contains("lies outside the folder files may be read from"),
        "{outside}"
    );
    // One file, by its listed name; a name not listed is refused.
    let (status, one) = server.post_json("/api/scenarios", json!({"files": ["kalah/wrong.toml"]}));
    assert_eq!(status, 200);
    assert_eq!(one.as_array().unwrap().len(), 1);
    for name in ["../outside.toml", "/etc/passwd", "kalah/../../outside.toml"] {
        let (status, _) = server.post_json("/api/scenarios", json!({"files": [name]}));
        assert_eq!(status, 404, "{name}");
    }
    // A server without a folder says so.
    let bare = Server::start_with(&[]);
    let (_, body) = bare.get("/api/scenarios");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["folder"],
        false
    );
    assert_eq!(bare.post_json("/api/scenarios", json!({})).0, 404);
}

#[test]
fn steps_show_a_move_seed_by_seed() {
    let server = Server::start(&games_folder("serve-steps"));
    // Kalah's a3 after a1: a3 holds 4, sown into a4, a5, a6 and South's store.
    let (status, steps) = server.post_json(
        "/api/steps",
        json!({"game": {"ref": "kalah"}, "decisions": ["a3"]}),
    );
    assert_eq!(status, 200);
    assert_eq!(
        steps["steps"],
        json!([
            {"kind": "lift", "hole": "a3", "seeds": 4},
            {"kind": "drop", "cell": "a4"},
            {"kind": "drop", "cell": "a5"},
            {"kind": "drop", "cell": "a6"},
            {"kind": "drop", "cell": "south_store"},
        ])
    );
    // A relay lifts again where the lap ended (Ayoayo: a3's 4 end in b6, which
    // then holds 5).
    let (_, relayed) = server.post_json(
        "/api/steps",
        json!({"game": {"ref": "ayoayo"}, "decisions": ["a3"]}),
    );
    assert_eq!(
        relayed["steps"][5],
        json!({"kind": "lift", "hole": "b6", "seeds": 5})
    );
    // The steps end where the position after the move says (before captures).
    // Sadeqa III's a1 captures 8 for South (as replay --json says); every seed
    // that comes into the hand falls somewhere.
    let (_, captured) = server.post_json(
        "/api/steps",
        json!({"game": {"ref": "sadeqa-iii"}, "decisions": ["a1"]}),
    );
    let steps = captured["steps"].as_array().unwrap();
    let seeds = |kind: &str, to: Value| -> u64 {
        steps
            .iter()
            .filter(|s| s["kind"] == kind && (to.is_null() || s["to"] == to))
            .map(|s| s["seeds"].as_u64().unwrap_or(1))
            .sum()
    };
    assert_eq!(seeds("capture", json!("south")), 8);
    for steps in [&relayed["steps"], &captured["steps"]] {
        let steps = steps.as_array().unwrap();
        let count = |pick: &dyn Fn(&Value) -> bool| -> u64 {
            steps
                .iter()
                .filter(|s| pick(s))
                .map(|s| s["seeds"].as_u64().unwrap_or(1))
                .sum()
        };
        let into_hand =
            count(&|s| s["kind"] == "lift" || (s["kind"] == "capture" && s["to"].is_null()));
        let dropped = count(&|s| s["kind"] == "drop");
        assert_eq!(into_hand, dropped, "every seed in hand falls somewhere");
    }
    for (body, why) in [
        (json!({"game": {"ref": "kalah"}}), "no decision"),
        (
            json!({"game": {"ref": "kalah"}, "decisions": ["b1"]}),
            "not North's turn",
        ),
        (
            json!({"game": {"ref": "kalah"}, "decisions": ["a3", "zz"]}),
            "not a hole",
        ),
    ] {
        let (status, _) = server.post_json("/api/steps", body);
        assert_eq!(status, 400, "{why}");
    }
}

/// Bodies of any shape, to every endpoint that takes one: the answer is never a
/// server error, and the server goes on serving.
#[test]
fn no_body_makes_a_server_error() {
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};
    let server = Server::start(&games_folder("serve-any-body"));
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-5i64..30).prop_map(Value::from),
        prop::sample::select(vec![
            "kalah",
            "oware",
            "dir:three-seeds",
            "dir:broken",
            "nsolo",
            "a1",
            "b3",
            "a3:cw",
            "random",
            "alphabeta:2",
            "mcts:50",
            "south",
            "",
            "extends = \"kalah\"",
        ])
        .prop_map(Value::from),
    ];
    let value = leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            prop::collection::btree_map(
                prop::sample::select(vec![
                    "game",
                    "ref",
                    "text",
                    "options",
                    "decisions",
                    "match",
                    "position",
                    "agent",
                    "seed",
                    "variants",
                    "agents",
                    "games",
                    "files",
                    "label",
                    "board",
                    "to_move",
                    "seeds_per_hole",
                ])
                .prop_map(String::from),
                inner,
                0..5,
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    });
    // Bodies of the right shape, with any values in them.
    let name = prop::sample::select(vec![
        "a1",
        "a3",
        "b2",
        "b6",
        "c4",
        "a2:cw",
        "a1:decline",
        "zz",
        "",
    ]);
    let reference = prop::sample::select(vec![
        "kalah",
        "oware",
        "nsolo",
        "dakon",
        "ali-guli-mane",
        "adji-boto",
        "lamlameta",
        "tchuka-ruma",
        "dir:three-seeds",
        "dir:broken",
        "dir:reaches-out",
        "../x",
        "",
    ]);
    let shaped = (
        reference,
        prop::collection::vec(name, 0..8),
        any::<bool>(),
        prop::sample::select(vec![
            "random",
            "greedy",
            "alphabeta:2",
            "mcts:30",
            "alphabeta:99",
            "x",
        ]),
        prop::option::of((0u64..40, -3i64..20)),
    )
        .prop_map(|(reference, decisions, as_match, agent, option)| {
            let mut body = json!({
                "game": {"ref": reference}, "decisions": decisions, "match": as_match,
                "agent": agent, "seed": 3, "shaped": true,
            });
            if let Some((which, value)) = option {
                let key = ["seeds_per_hole", "holes_per_row", "capture_fours"][which as usize % 3];
                body["options"] = json!({ key: value });
            }
            body
        });
    let value = prop_oneof![1 => value, 3 => shaped];
    let paths = [
        "/api/game",
        "/api/play",
        "/api/steps",
        "/api/agent",
        "/api/validate",
        "/api/compare",
        "/api/scenarios",
    ];
    let mut runner = TestRunner::new(Config {
        cases: 400,
        ..Config::default()
    });
    runner
        .run(
            &(prop::sample::select(paths.to_vec()), value),
            |(path, mut body)| {
                // A shaped body keeps the fields its endpoint takes.
                if let Some(fields) = body.as_object_mut().filter(|f| f.contains_key("shaped")) {
                    let keep: &[&str] = match path {
                        "/api/agent" => &["game", "options", "decisions", "match", "agent", "seed"],
                        "/api/game" => &["game", "options"],
                        "/api/compare" => &[],
                        _ => &["game", "options", "decisions", "match"],
                    };
                    let variant =
                        json!({"game": fields["game"].clone(), "options": fields.get("options")});
                    fields.retain(|k, _| keep.contains(&k.as_str()));
                    if path == "/api/compare" {
                        fields.insert("variants".into(), json!([variant]));
                        fields.insert("agents".into(), json!(["random", "greedy"]));
                        fields.insert("games".into(), json!(2));
                    }
                }
                let (status, text) = server.post(path, &body.to_string());
                prop_assert!(status > 0 && status < 500, "{path} {body}: {status} {text}");
                Ok(())
            },
        )
        .unwrap();
    assert_eq!(server.get("/api/games").0, 200);
}

/// A setup that scatters seeds at random is dealt as the request says, exactly
/// as `replay --deal` deals it, and the library says the game is dealt.
#[test]
fn a_random_start_is_dealt_as_the_request_says() {
    let games = games_folder("serve-deal");
    std::fs::write(
        games.join("scattered.toml"),
        "extends = \"kalah\"\n[game]\nname = \"Kalah, scattered\"\nsummary = \"Kalah from a random start.\"\n[setup]\nseeds = 2\nscatter = 24\n",
    )
    .unwrap();
    let server = Server::start(&games);
    let game = json!({"ref": "dir:scattered"});
    let (status, info) = server.post_json("/api/game", json!({"game": game}));
    assert_eq!(status, 200);
    assert_eq!(info["dealt"], true);
    let (_, kalah) = server.post_json("/api/game", json!({"game": {"ref": "kalah"}}));
    assert_eq!(kalah["dealt"], false);
    let played = |deal: u64| {
        let body = json!({"game": game, "decisions": ["a1"], "deal": deal});
        server.post_json("/api/play", body).1
    };
    let path = games.join("scattered.toml").display().to_string();
    for deal in [0, 9] {
        let cli: Value = serde_json::from_str(&stdout(&mancala(&[
            "replay",
            &path,
            "a1",
            "--deal",
            &deal.to_string(),
            "--json",
        ])))
        .unwrap();
        assert_eq!(played(deal)["position"], cli["position"], "deal {deal}");
    }
    assert_ne!(played(0)["position"], played(9)["position"]);
    // Without a deal, the game's own start: deal 0.
    let (_, start) = server.post_json("/api/play", json!({"game": game}));
    assert_eq!(start["position"], info["start"]["position"]);
}

/// Issue 32, item 10: a request naming another host (a page elsewhere whose
/// name points at this machine) is refused; addresses, localhost and the
/// names `--allow-host` gives are served.
#[test]
fn only_addresses_localhost_and_allowed_hosts_are_served() {
    let games = games_folder("serve-hosts");
    let server = Server::start_with(&[
        Path::new("--games"),
        &games,
        Path::new("--allow-host"),
        Path::new("mancala.lan"),
    ]);
    let get = |host: &str| {
        server.raw(
            format!("GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    };
    for host in ["localhost", &server.address, "[::1]:80", "mancala.lan:8080"] {
        assert_eq!(get(host).0, 200, "{host}");
    }
    for host in [
        "evil.example",
        "evil.example:8080",
        "localhost.evil.example",
    ] {
        let (status, body) = get(host);
        assert_eq!(status, 403, "{host}");
        assert!(body.contains("--allow-host"), "{body}");
    }
}

/// Issue 32, item 7: a request whose headers never end is closed after the
/// header time, a body trickling in is cut at the request time, and
/// connections past the limit are closed as they arrive, so that the server
/// answers at once when they are gone. (The waits are bounds on a hang, not
/// speed targets.)
#[test]
fn unfinished_requests_and_floods_of_connections_are_bounded() {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};
    let server = Server::start(&games_folder("serve-slow"));
    let mut unfinished = std::net::TcpStream::connect(&server.address).unwrap();
    unfinished
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: loc")
        .unwrap();
    unfinished
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = unfinished.read_to_end(&mut rest);
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(9) && waited < Duration::from_secs(30),
        "closed after {waited:?}"
    );
    // Far more connections than the server keeps, each left unfinished.
    let flood: Vec<_> = (0..2_000)
        .filter_map(|_| std::net::TcpStream::connect(&server.address).ok())
        .collect();
    for mut stream in flood.iter().take(300) {
        let _ = stream.write_all(b"POST /api/play HTTP/1.1\r\n");
    }
    drop(flood);
    let started = Instant::now();
    let (status, _) = server.get("/api/games");
    assert_eq!(status, 200);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
}

/// Issue 32, item 5: a position with more legal decisions than the
/// playground lists (each way of declining optional captures is one) is
/// refused with the count, rather than sent as megabytes of JSON.
#[test]
fn a_position_with_too_many_decisions_to_list_is_refused() {
    let server = Server::start(&games_folder("serve-many"));
    let text = std::fs::read_to_string("tests/hostile/many-decisions.toml").unwrap();
    let (status, refused) = server.post_json("/api/play", json!({"game": {"text": text}}));
    assert_eq!(status, 400, "{refused}");
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("this position has 49152 legal decisions"),
        "{refused}"
    );
}

/// Issue 32, item 6: a comparison reports its pace and what is left, and a
/// cancel stops it at its games' next decisions, freeing its slot.
#[test]
fn a_comparison_can_be_cancelled_and_says_how_long_it_has_left() {
    use std::time::{Duration, Instant};
    let server = Server::start(&games_folder("serve-cancel"));
    let slow = json!({
        "variants": [{"game": {"ref": "oware"}}],
        "agents": ["mcts:100000", "alphabeta:8"], "games": 2000, "seed": 1
    });
    let quick = json!({
        "variants": [{"game": {"ref": "kalah"}}],
        "agents": ["random", "random"], "games": 200, "seed": 1
    });
    let (status, first) = server.post_json("/api/compare", slow.clone());
    assert_eq!(status, 200, "{first}");
    let (_, second) = server.post_json("/api/compare", slow);
    // Both slots taken: a third waits for one to end.
    assert_eq!(server.post_json("/api/compare", quick.clone()).0, 429);
    let (_, progress) = server.get_json(&format!("/api/compare/{}", first["job"]));
    assert_eq!(progress["done"], false);
    assert!(progress["elapsed"].as_f64().unwrap() >= 0.0, "{progress}");
    for job in [&first["job"], &second["job"]] {
        let (status, _) = server.raw(
            format!(
                "DELETE /api/compare/{job} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
            )
            .as_bytes(),
        );
        assert_eq!(status, 200);
    }
    let asked = Instant::now();
    let stopped = loop {
        let (_, progress) = server.get_json(&format!("/api/compare/{}", first["job"]));
        if progress["done"] == true {
            break progress;
        }
        assert!(
            asked.elapsed() < Duration::from_secs(60),
            "not stopped: {progress}"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    assert!(
        stopped["error"]
            .as_str()
            .unwrap()
            .starts_with("stopped after"),
        "{stopped}"
    );
    // Its slot is free again once both have stopped.
    let started = loop {
        let (status, started) = server.post_json("/api/compare", quick.clone());
        if status == 200 {
            break started;
        }
        assert!(asked.elapsed() < Duration::from_secs(60), "no slot freed");
        std::thread::sleep(Duration::from_millis(200));
    };
    let (_, progress) = server.get_json(&format!("/api/compare/{}", started["job"]));
    assert!(progress["total"] == 200, "{progress}");
}

/// Issue 32, item 16: the server's refusals never show where its folder lies;
/// a game extends only files directly in the games folder, never one with
/// other hard links (one may lie anywhere); an unknown agent is told the
/// playground's own limits.
#[test]
fn files_are_read_only_directly_from_the_folder_and_never_shown_by_path() {
    let games = games_folder("serve-confined");
    let root = games.parent().unwrap();
    std::fs::create_dir_all(games.join("deeper")).unwrap();
    std::fs::write(games.join("deeper/hidden.toml"), "extends = \"kalah\"\n").unwrap();
    std::fs::write(root.join("secret.toml"), "extends = \"kalah\"\n").unwrap();
    std::fs::hard_link(root.join("secret.toml"), games.join("linked.toml")).unwrap();
    let server = Server::start(&games);
    let folder = games.canonicalize().unwrap().display().to_string();
    let refusals = [
        server.post_json(
            "/api/validate",
            json!({"text": "extends = \"deeper/hidden.toml\"\n"}),
        ),
        server.post_json(
            "/api/validate",
            json!({"text": "extends = \"../secret.toml\"\n"}),
        ),
        server.post_json(
            "/api/validate",
            json!({"text": "extends = \"linked.toml\"\n"}),
        ),
        server.post_json("/api/play", json!({"game": {"ref": "dir:linked"}})),
        server.post_json("/api/play", json!({"game": {"ref": "dir:reaches-out"}})),
    ];
    for (status, refused) in &refusals {
        let text = refused.to_string();
        assert!(!text.contains(&folder), "the folder's place shown: {text}");
        assert!(!text.contains("/tmp"), "a path shown: {text}");
        assert!(
            *status == 400 || refused["valid"] == false,
            "{status}: {text}"
        );
    }
    assert!(
        refusals[0]
            .1
            .to_string()
            .contains("lies outside the folder"),
        "{}",
        refusals[0].1
    );
    assert!(
        refusals[2].1.to_string().contains("has other hard links"),
        "{}",
        refusals[2].1
    );
    let (status, refused) = server.post_json(
        "/api/agent",
        json!({"game": {"ref": "kalah"}, "agent": "wizard", "seed": 1}),
    );
    assert_eq!(status, 400);
    let message = refused["error"].as_str().unwrap();
    assert!(
        message.contains("the playground's agents") && message.contains("(1 to 8)"),
        "{message}"
    );
}

/// Issue 33, item 4: the scenarios page, started as the README says, runs the
/// project's scenarios exactly as `mancala check` does, file by file.
#[test]
fn the_scenarios_page_agrees_with_check_over_the_whole_folder() {
    let server = Server::start_with(&[
        Path::new("--games"),
        Path::new("tests/games"),
        Path::new("--scenarios"),
        Path::new("tests/scenarios"),
    ]);
    let (status, page) = server.post_json("/api/scenarios", json!({}));
    assert_eq!(status, 200);
    let page: std::collections::BTreeMap<String, String> = page
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let file = format!("tests/scenarios/{}", c["file"].as_str().unwrap());
            (file, c["status"].as_str().unwrap().to_string())
        })
        .collect();
    let checked = mancala(&["check", "tests/scenarios"]);
    let check: std::collections::BTreeMap<String, String> = stdout(&checked)
        .lines()
        .filter_map(|line| {
            let (word, rest) = line.split_once(' ')?;
            let status = match word {
                "ok" => "passed",
                "FAIL" => "failed",
                "ERROR" => "broken",
                _ => return None,
            };
            let file = rest.trim_start().split(' ').next()?;
            Some((file.to_string(), status.to_string()))
        })
        .collect();
    assert!(check.len() > 400, "{} scenarios checked", check.len());
    assert_eq!(page, check);
}

#[test]
fn the_editor_saves_only_into_a_writable_folder_and_within_bounds() {
    let text = "extends = \"kalah\"\n[setup]\nseeds = 5\n";
    let save = |server: &Server, name: &str| {
        server.post_json("/api/save", json!({"name": name, "text": text}))
    };
    // Without --writable nothing is saved, and the pages are told so.
    let games = games_folder("serve-save-readonly");
    let server = Server::start(&games);
    assert_eq!(server.get_json("/api/about").1["writable"], json!(false));
    let (status, body) = save(&server, "five");
    assert_eq!(status, 403, "{body}");
    assert!(!games.join("five.toml").exists());
    drop(server);

    let games = games_folder("serve-save");
    let server = Server::start_with(&[Path::new("--games"), &games, Path::new("--writable")]);
    assert_eq!(server.get_json("/api/about").1["writable"], json!(true));
    let (status, body) = save(&server, "five");
    assert_eq!((status, &body["ref"]), (200, &json!("dir:five")), "{body}");
    assert_eq!(
        std::fs::read_to_string(games.join("five.toml")).unwrap(),
        text
    );
    // Work in progress is kept even when it does not load yet.
    let (status, _) = server.post_json("/api/save", json!({"name": "five", "text": "[game\n"}));
    assert_eq!(status, 200);
    assert_eq!(
        std::fs::read_to_string(games.join("five.toml")).unwrap(),
        "[game\n"
    );
    // Only a plain name in the folder: never a path, a hidden file, or a link.
    let outside = games.with_file_name("outside.toml");
    let beside = std::fs::read_to_string(&outside).ok();
    for name in [
        "../outside",
        "a/b",
        ".hidden",
        "",
        "x.toml",
        &"n".repeat(65),
    ] {
        let (status, body) = save(&server, name);
        assert_eq!(status, 400, "{name}: {body}");
    }
    assert_eq!(std::fs::read_to_string(&outside).ok(), beside);
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/etc/hostname", games.join("linked.toml")).unwrap();
        let (status, body) = save(&server, "linked");
        assert_eq!(status, 400, "{body}");
    }
    // A bounded number of files: past it a new one is refused, an old one saved over.
    let listed = |server: &Server| server.get_json("/api/games").1.as_array().unwrap().len();
    let before = listed(&server);
    for i in 0..1_000 {
        std::fs::write(games.join(format!("filler-{i}.toml")), text).unwrap();
    }
    let (status, body) = save(&server, "one-too-many");
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("1000"), "{body}");
    assert_eq!(save(&server, "five").0, 200);
    assert!(listed(&server) > before);
}
