// The play page: one game (or match) against people or agents.
import { el, api, newPage, page, REASONS, STATUS, AGENTS, side, holeOf, isCall, markdown, prefs, savePrefs } from "./common.js";
import { drawBoard, changedCells } from "./board.js";
import { sow, SPEEDS } from "./sowing.js";
import { count, tallyLine, conceder, wonBy, concededWords } from "./tally.js";
import { positionSetup } from "./setup.js";

let game = null; // the game being played: see showPlay

// The page's address holds the game in progress (options, players, decisions:
// `#/play/kalah?seeds_per_hole=3&north=greedy&d=a1,b3`), so a reload or a
// shared link comes back to the same position.
const RESERVED = ["match", "south", "north", "d", "position", "deal", "conceded"];

// JSON from the page's address; nothing if there is none or it does not parse.
function parsed(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export async function showPlay(reference, params) {
  const view = newPage();
  const edited = reference === null;
  const text = edited ? sessionStorage.getItem("edited") : null;
  const options = {};
  for (const [key, value] of params) if (!RESERVED.includes(key)) options[key] = value;
  game = {
    ref: edited ? { text } : { ref: reference },
    options, asMatch: params.get("match") === "1",
    decisions: (params.get("d") || "").split(",").filter(Boolean), movers: [],
    replay: null, previous: null, info: null, reference,
    position: parsed(params.get("position")),
    deal: Number(params.get("deal")) || 0,
    agents: { south: params.get("south") || "human", north: params.get("north") || "alphabeta:4" }, token: 0,
    // The decisions shown, when stepping through the record (null: all of them).
    at: null,
    conceded: ["south", "north"].includes(params.get("conceded")) ? params.get("conceded") : null,
    // Whether this game's end is in the session's tally (a game opened
    // finished, from a link, is not counted again).
    counted: false, opened: true,
  };
  view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
  const mine = game;
  try {
    mine.info = await api("/api/game", { game: mine.ref, options });
    // A fresh game whose start depends on its deal gets a deal of
    // its own; one given in the address is kept, so that a link replays.
    if (mine.info.dealt && !params.has("deal")) mine.deal = Math.floor(Math.random() * 2 ** 32);
    mine.movers = await movers(mine.decisions);
  } catch (e) {
    view.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  // Another route (or game) has been shown meanwhile.
  if (view !== page) return;
  const info = game.info;
  view.replaceChildren(
    el("h1", {}, info.name),
    el("p", { class: "muted" }, `${info.origin}. ${info.summary}`),
    el("div", { class: info.layout.columns > 12 ? "play wide" : "play" }, boardColumn(), panel(info)));
  await refresh();
}

// The board and what is played on it: the status, the record's steps, the
// game's buttons and the player's settings.
function boardColumn() {
  const through = (id, label, symbol, to) => el("button", { id, class: "secondary", title: label, "aria-label": label, on: { click: () => showAt(to()) } }, symbol);
  const setting = (id, words, values, name, save) => el("label", {}, words,
    el("select", { id, on: { change: (e) => { save(e.target.value); savePrefs(); } } },
      values.map((value) => el("option", { value, selected: value === prefs[id] }, name(value)))));
  return el("div", {},
    el("div", { id: "board", class: "board-holder" }),
    el("div", { id: "choices", class: "controls" }),
    el("div", { id: "status", role: "status" }),
    el("div", { id: "events" }),
    el("div", { id: "rounds" }),
    el("div", { class: "controls", role: "group", "aria-label": "the record" },
      through("history-first", "back to the start", "«", () => 0),
      through("history-back", "one decision back", "‹", () => shown().length - 1),
      el("span", { id: "history-at", class: "muted" }),
      through("history-forward", "one decision forward", "›", () => shown().length + 1),
      through("history-last", "to the latest position", "»", () => null)),
    el("div", { class: "controls" },
      el("button", { id: "undo", on: { click: undo } }, "Undo"),
      el("button", { id: "restart", class: "secondary", on: { click: restart } }, "New game"),
      el("button", { id: "swap", class: "secondary", title: "each player takes the other side", on: { click: swap } }, "Swap sides"),
      el("button", { id: "concede", class: "secondary", on: { click: concede } }, "Concede"),
      el("button", { id: "skip", class: "secondary", hidden: true }, "Skip")),
    el("div", { class: "controls" },
      setting("speed", "Sowing shown ", Object.keys(SPEEDS), (speed) => speed, (speed) => { prefs.speed = speed; }),
      setting("delay", "Agents wait ", [0, 250, 500, 1000, 2000], (ms) => `${ms} ms`, (ms) => { prefs.delay = Number(ms); })),
    el("div", { id: "tally", class: "muted" }));
}

// The side panel: the players, the options, the record, setting up a
// position, and the rules.
function panel(info) {
  // A list of the usual players, and any other the server allows typed in
  // (`alphabeta:7`, `mcts:2s`).
  const agentSelect = (who) => el("input", {
    id: `agent-${who}`, "aria-label": `${who} player`, list: "agents", value: game.agents[who], size: 14,
    on: { change: (e) => { game.agents[who] = e.target.value.trim() || "human"; remember(); render(); step(); } },
  });
  const optionInputs = info.options.map((o) => el("label", {},
    `${o.name} `, el("input", { "data-option": o.name, value: o.value, title: `${o.help} (${o.allowed})` }),
    el("span", { class: "muted" }, ` ${o.allowed}`)));
  return el("div", { class: "panel" },
    el("h2", {}, "Players"),
    el("datalist", { id: "agents" }, AGENTS.map(([value, label]) => el("option", { value }, label))),
    el("div", { class: "controls" }, el("label", {}, "South ", agentSelect("south"))),
    el("div", { class: "controls" }, el("label", {}, "North ", agentSelect("north"))),
    info.has_match ? el("label", {}, el("input", { type: "checkbox", id: "match", checked: game.asMatch, on: { change: (e) => { game.asMatch = e.target.checked; restart(); } } }), " a match of rounds") : null,
    el("h2", {}, "Best moves"),
    el("div", { class: "controls" },
      el("button", { id: "solve", class: "secondary", title: "the exact value of every decision under perfect play, for positions small enough", on: { click: solvePosition } }, "Solve this position")),
    el("div", { id: "solution", role: "status" }),
    optionInputs.length ? el("div", { class: "options" }, el("h2", {}, "Options"), optionInputs,
      el("button", { class: "secondary", on: { click: applyOptions } }, "Apply and restart")) : null,
    el("h2", {}, "Record"),
    el("div", { id: "record", class: "record" }),
    el("div", { class: "controls" },
      el("a", { id: "download", download: `${info.id}.json`, href: "#" }, "Download as JSON")),
    positionSetup(info.layout, {
      now: () => game.replay.position,
      check: (position) => api("/api/play", { ...played([]), position }),
      start: (position) => { game.position = position; restart(); },
      reset: () => { game.position = null; restart(); },
    }),
    info.rules_document ? el("details", { id: "rules-document" }, el("summary", {}, `The rules (${info.rules.split(" ")[0]})`),
      el("div", { class: "rules", tabindex: 0 }, markdown(info.rules_document))) : null,
    el("details", {}, el("summary", {}, "The rules, as the game file says"), el("pre", { class: "explain", tabindex: 0 }, info.explain)));
}

// "wins by 6", "loses by 2", "draws": a value for the side to move.
function valueWords({ verdict, margin }) {
  const seeds = margin === 0 ? "" : ` (${margin > 0 ? "+" : ""}${margin} in seeds)`;
  if (verdict === "win") return margin > 0 ? `wins by ${margin}` : `wins${seeds}`;
  if (verdict === "loss") return margin < 0 ? `loses by ${-margin}` : `loses${seeds}`;
  return `draws${seeds}`;
}

// The shown position solved (`POST /api/solve`): its value under perfect play
// and each decision's, best first. One solve at a time; a move made meanwhile
// drops the answer.
async function solvePosition() {
  const target = document.getElementById("solution");
  const button = document.getElementById("solve");
  const token = game.token;
  target.textContent = "Solving…";
  button.disabled = true;
  let solved;
  try {
    solved = await api("/api/solve", played(shown()));
  } catch (e) {
    if (token === game.token) target.textContent = e.message;
    return;
  } finally {
    button.disabled = false;
  }
  if (token !== game.token) return;
  const notes = [`${solved.positions.toLocaleString()} positions examined`];
  if (!solved.proven) notes.push("not proven: some lines come back round and count as drawn");
  if (solved.turn_limit_met) notes.push("some lines reach the turn limit and count as unfinished");
  if (solved.one_round) notes.push("this round only");
  target.replaceChildren(
    el("p", {}, `${side(solved.to_move)} to move ${valueWords(solved)} under perfect play.`),
    el("ol", {}, solved.decisions.map((d) => el("li", {}, el("code", {}, d.decision), ` ${valueWords(d)}`))),
    el("p", { class: "muted" }, `${notes.join("; ")}.`));
}

// What the API is told of the game in progress, up to `decisions`.
function played(decisions) {
  const body = { game: game.ref, options: game.options, decisions, match: game.asMatch, deal: game.deal };
  if (game.position) body.position = game.position;
  return body;
}

// Who made each of the decisions (for undo), asked of the server.
async function movers(decisions) {
  // One request, however long the record: the server says who made each.
  if (!decisions.length) return [];
  return (await api("/api/play", played(decisions))).movers;
}

// Writes the game in progress into the page's address (without a reload).
function remember() {
  const params = new URLSearchParams(game.options);
  if (game.asMatch) params.set("match", "1");
  for (const who of ["south", "north"]) params.set(who, game.agents[who]);
  if (game.position) params.set("position", JSON.stringify(game.position));
  if (game.decisions.length) params.set("d", game.decisions.join(","));
  if (game.deal) params.set("deal", String(game.deal));
  if (game.conceded) params.set("conceded", game.conceded);
  const path = game.reference === null ? "#/play-edited" : `#/play/${encodeURIComponent(game.reference)}`;
  history.replaceState(null, "", `${path}?${params}`);
}

async function applyOptions() {
  for (const input of document.querySelectorAll("[data-option]")) game.options[input.dataset.option] = input.value;
  // The board's layout (rows, columns, stores) may change with the options.
  try {
    game.info = await api("/api/game", { game: game.ref, options: game.options });
  } catch (e) {
    document.getElementById("status").textContent = e.message;
    return;
  }
  restart();
}

function restart() {
  // A start that depends on its deal is dealt afresh for every new game.
  if (game.info && game.info.dealt) game.deal = Math.floor(Math.random() * 2 ** 32);
  game.decisions = [];
  game.movers = [];
  game.previous = null;
  Object.assign(game, { at: null, conceded: null, counted: false, opened: false });
  refresh();
}

function undo() {
  // A concession is taken back first; else back to the last decision a person
  // made (agents' replies after it go too).
  game.at = null;
  if (game.conceded) {
    game.conceded = null;
  } else {
    while (game.decisions.length) {
      game.decisions.pop();
      const mover = game.movers.pop();
      if (game.agents[mover] === "human") break;
    }
  }
  game.previous = null;
  refresh();
}

// The decisions whose position is shown: all of them, or those up to the
// point the player has stepped back to.
function shown() {
  return game.at === null ? game.decisions : game.decisions.slice(0, game.at);
}

// Shows the position after the first `at` decisions (null or past the end:
// the latest); agents wait while an earlier one is shown.
function showAt(at) {
  game.at = at === null || at >= game.decisions.length ? null : Math.max(0, at);
  game.previous = null;
  refresh();
}

// Each player takes the other side, the game going on.
function swap() {
  game.agents = { south: game.agents.north, north: game.agents.south };
  for (const who of ["south", "north"]) document.getElementById(`agent-${who}`).value = game.agents[who];
  remember();
  render();
  step();
}

// The person to move (or the only person playing) gives the game up.
function concede() {
  const who = conceder(game.agents, game.replay.position.to_move);
  if (!who) return;
  game.conceded = who;
  game.token++; // an agent's reply on its way is not played
  remember();
  render();
}

// Asks for the position after the decisions shown and draws it — after
// showing the last move seed by seed from `before`, when given and the sowing
// is shown; says whether this is still the latest request (and the page
// still the board).
async function refresh(before) {
  const token = ++game.token;
  const body = played(shown());
  const animate = before && prefs.speed !== "off";
  let replay, steps;
  try {
    [replay, steps] = await Promise.all([
      api("/api/play", body),
      animate ? api("/api/steps", body).then((r) => r.steps, () => null) : null,
    ]);
  } catch (e) {
    const status = document.getElementById("status");
    if (status) status.textContent = e.message;
    return false;
  }
  const wanted = () => token === game.token && document.getElementById("board") !== null;
  if (!wanted()) return false;
  if (steps && steps.length) await sow(game.info.layout, before, steps, wanted);
  if (!wanted()) return false;
  game.replay = replay;
  document.getElementById("solution")?.replaceChildren();
  remember();
  render();
  step();
  return true;
}

// How the game in progress stands: over (and how), or whose turn.
function outcome() {
  const replay = game.replay;
  if (game.conceded && game.at === null) {
    return { over: true, status: wonBy(game.conceded), words: concededWords(game.conceded) };
  }
  if (replay.status !== "ongoing") {
    return { over: true, status: replay.status, words: REASONS[replay.reason] || replay.reason };
  }
  return { over: false };
}

// Counts a game that has just ended (once) in the session's tally.
function tallied(ended) {
  if (game.at !== null) return;
  if (ended.over && !game.counted && !game.opened && ended.status !== "unfinished") {
    count(game.info.id, game.agents, ended.status);
  }
  game.counted = game.counted || ended.over;
  game.opened = false;
}

function render() {
  const replay = game.replay;
  const ended = outcome();
  const toMove = replay.position.to_move;
  const human = !ended.over && toMove && game.agents[toMove] === "human";
  const legal = new Map();
  const calls = human ? replay.legal.filter(isCall) : [];
  if (human) for (const decision of replay.legal.filter((d) => !isCall(d))) {
    const hole = holeOf(decision);
    if (!legal.has(hole)) legal.set(hole, []);
    legal.get(hole).push(decision);
  }
  const decisions = shown();
  const lastDecision = decisions[decisions.length - 1];
  const last = lastDecision && !isCall(lastDecision) ? holeOf(lastDecision) : null;
  const holder = document.getElementById("board");
  // A player using the keyboard keeps the focus on the board across moves
  // (and the animations between them, which redraw it).
  if (holder.contains(document.activeElement)) game.focus = document.activeElement.dataset.hole || "board";
  const board = drawBoard(game.info.layout, replay, {
    legal, last, changed: changedCells(game.previous, replay.position),
    onHole: (hole) => choose(legal.get(hole)),
  });
  board.setAttribute("tabindex", "-1");
  holder.replaceChildren(board);
  if (game.focus) (board.querySelector(`[data-hole="${game.focus}"][tabindex]`) || board.querySelector("[tabindex='0']") || board).focus();
  // Decisions on no hole (a pass, a resignation, an offer and its answers) are buttons.
  document.getElementById("choices").replaceChildren(...(calls.length ? [
    el("span", {}, legal.size ? "Or: " : "Decide: "),
    ...calls.map((d) => el("button", { "data-decision": d, on: { click: () => play(d) } }, d)),
  ] : []));
  document.getElementById("status").textContent = statusLine(ended, human);
  document.getElementById("rounds").replaceChildren(...(replay.match ? [rounds(replay.match)] : []));
  renderRecord(replay);
  tallied(ended);
  document.getElementById("tally").replaceChildren(...tallyLine(game.info.id, render));
  const total = game.decisions.length, at = decisions.length;
  document.getElementById("history-at").textContent = game.at === null ? `${total} decision(s)` : `${at} of ${total}`;
  for (const [id, off] of [["history-first", at === 0], ["history-back", at === 0], ["history-forward", at === total], ["history-last", at === total]]) {
    document.getElementById(id).disabled = off;
  }
  document.getElementById("concede").disabled = ended.over || game.at !== null || !conceder(game.agents, toMove);
  document.getElementById("undo").disabled = !game.conceded && !game.decisions.some((_, i) => game.agents[game.movers[i]] === "human");
}

function statusLine(ended, human) {
  const replay = game.replay;
  const scores = `South ${replay.position.captured.south}, North ${replay.position.captured.north}.`;
  const tally = replay.match && replay.match.tally ? ` Tally: South ${replay.match.tally.south}, North ${replay.match.tally.north}.` : "";
  const past = game.at === null ? "" : `Decision ${game.at} of ${game.decisions.length} (a move here plays on from it): `;
  if (ended.over) return `${past}Game over: ${STATUS[ended.status]}, ${ended.words}. ${scores}${tally}`;
  const who = side(replay.position.to_move);
  const round = replay.match ? ` Round ${replay.match.round}.${tally}` : "";
  const owed = !replay.pending ? ""
    : replay.pending.kind === "answer" ? ` ${who} is offered an end to the game (${replay.pending.offer}): accept or refuse.`
    : ` ${who} owes ${replay.pending.remaining} more seed(s): pick them.`;
  const waiting = human ? "" : game.at === null ? " (thinking)" : " (waits while you look back)";
  return `${past}${who} to move${waiting}.${owed}${round} ${scores}`;
}

// The decisions so far, the command that replays them, and the JSON to download.
function renderRecord(replay) {
  const command = ["mancala replay", game.info.kind === "edited" ? "FILE.toml" : game.info.id, ...shown(),
    ...Object.entries(game.options).map(([k, v]) => `--option ${k}=${v}`), game.asMatch ? "--match" : "",
    game.position ? "--position POSITION.json" : ""].filter(Boolean).join(" ");
  document.getElementById("record").replaceChildren(
    el("div", {}, game.decisions.length ? game.decisions.join(" ") : "no decision yet"),
    el("div", { class: "muted", id: "command" }, command));
  const blob = new Blob([JSON.stringify(replay, null, 1)], { type: "application/json" });
  const link = document.getElementById("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
}

// A hole with several decisions (a direction to choose, a capture to decline)
// asks which. Counts taken from the hand (`a1:hand=5:cw`) are asked first, one
// button a count, where they would otherwise fill the row with buttons.
function choose(decisions) {
  if (decisions.length === 1) return play(decisions[0]);
  const count = (d) => d.match(/:hand=(\d+)/)?.[1];
  const counts = [...new Set(decisions.map(count).filter(Boolean))];
  const byCount = counts.length > 1 && decisions.length > 8;
  const buttons = byCount
    ? [...counts.map((n) => el("button", { "data-count": n, on: { click: () =>
        choose(decisions.filter((d) => count(d) === n)) } }, `${n} from the hand`)),
      ...decisions.filter((d) => !count(d)).map(decisionButton)]
    : decisions.map(decisionButton);
  document.getElementById("choices").replaceChildren(el("span", {}, "Which? "), ...buttons);
}

function decisionButton(decision) {
  return el("button", { "data-decision": decision, on: { click: () => play(decision) } }, decision);
}

async function play(decision) {
  // One decision at a time: a second click before the first is answered
  // (a double click) would send it twice.
  if (game.deciding) return;
  game.deciding = true;
  const board = document.getElementById("board");
  if (board.contains(document.activeElement)) game.focus = document.activeElement.dataset.hole || "board";
  else if (document.activeElement !== document.body) game.focus = null;
  try {
    await decide(decision);
  } finally {
    game.deciding = false;
  }
}

async function decide(decision) {
  // A move made while an earlier position is shown plays on from there.
  if (game.at !== null) {
    game.decisions.length = game.movers.length = game.at;
    game.at = null;
    game.conceded = null;
  }
  const before = game.replay;
  game.previous = before.position;
  game.movers.push(before.position.to_move);
  game.decisions.push(decision);
  document.getElementById("events").textContent = `${side(before.position.to_move)} plays ${decision}…`;
  if (await refresh(before)) describe(before, decision, game.replay);
}

// A match's rounds so far: who started each, how it ended, what each side
// held at its end, and the tally where rounds are tallied.
function rounds(match) {
  const tallied = match.rounds.some((r) => r.tally);
  const head = ["Round", "Started", "Result", "South held", "North held", "Turns"];
  if (tallied) head.push("Tally");
  const rows = match.rounds.map((r) => {
    const cells = [r.round, side(r.starter), `${STATUS[r.status]} (${REASONS[r.reason] || r.reason})`,
      r.holdings.south, r.holdings.north, r.turns];
    if (tallied) cells.push(r.tally ? `${r.tally.south}–${r.tally.north}` : "");
    return el("tr", {}, cells.map((c) => el("td", {}, String(c))));
  });
  return el("table", { class: "rounds", id: "rounds-table" },
    el("caption", {}, `Round ${match.round} of the match`),
    el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))),
    el("tbody", {}, rows));
}

// What a decision did, in words.
function describe(before, decision, after) {
  const mover = before.position.to_move;
  const other = mover === "south" ? "north" : "south";
  const gained = after.position.captured[mover] - before.position.captured[mover];
  const lost = after.position.captured[other] - before.position.captured[other];
  const parts = [`${side(mover)} played ${decision}`];
  if (gained > 0) parts.push(`gaining ${gained}`);
  if (lost > 0) parts.push(`${side(other)} gaining ${lost}`);
  if (after.status === "ongoing" && after.position.to_move === mover && !after.pending) parts.push(`and ${side(mover)} plays again`);
  document.getElementById("events").textContent = `${parts.join(", ")}.`;
}

// When an agent is to move, ask it (after the pause the player chose, so a
// person can follow).
function step() {
  const replay = game.replay;
  if (!replay || outcome().over || game.at !== null) return;
  const mover = replay.position.to_move;
  const agent = game.agents[mover];
  if (agent === "human") return;
  const token = game.token;
  setTimeout(async () => {
    if (token !== game.token || !document.getElementById("board")) return;
    try {
      const reply = await api("/api/agent", { ...played(game.decisions), agent, seed: game.decisions.length });
      if (token === game.token) play(reply.decision);
    } catch (e) {
      document.getElementById("status").textContent = e.message;
    }
  }, prefs.delay);
}
