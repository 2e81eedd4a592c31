// The mancala playground: library, play, editor, compare. Plain DOM, no
// library; every rule is the server's (the JSON API), the page only draws.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const view = document.getElementById("view");
// The element the page of the current route draws into: a page whose route has
// been left while it waited for the server draws into its own, out of sight.
let page = null;
function newPage() {
  page = el("div", { class: "page" });
  view.replaceChildren(page);
  return page;
}

// ---- small helpers ----------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "on") for (const [event, f] of Object.entries(value)) node.addEventListener(event, f);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.error || response.statusText);
    error.data = data;
    throw error;
  }
  return data;
}

let listing = null;
async function library() {
  if (!listing) listing = await api("/api/games");
  return listing;
}

const REASONS = {
  no_stones: "a side had no seeds left in its holes",
  no_moves: "the side to move had no legal move",
  repetition: "a position repeated",
  majority: "a side took more than half of the seeds",
  condition: "an end rule of the game was met",
  turn_limit: "the turn limit was reached",
  cannot_refill: "a side could not refill its holes for another round",
  match_lost: "a side met the game's condition for losing the match",
  tally: "a side's tally of rounds reached what wins the match",
  round_repetition: "a round started as an earlier one had",
  round_limit: "the round limit was reached",
};

const STATUS = {
  south_won: "South won",
  north_won: "North won",
  draw: "a draw",
  unfinished: "unfinished",
  ongoing: "in progress",
};

const side = (s) => (s === "south" ? "South" : "North");
const holeOf = (decision) => decision.split(":")[0];

// A rules document's Markdown as elements: headings, bullets (with their
// continuation lines), paragraphs, **bold** and `code`. Built node by node, so
// nothing in the text is ever read as HTML.
function markdown(text) {
  const inline = (line) => line.split(/(\*\*[^*]+\*\*|`[^`]+`)/).filter(Boolean).map((part) => {
    if (part.startsWith("**") && part.endsWith("**")) return el("strong", {}, part.slice(2, -2));
    if (part.startsWith("`") && part.endsWith("`")) return el("code", {}, part.slice(1, -1));
    return part;
  });
  const blocks = [];
  let list = null, item = null, paragraph = null;
  for (const line of text.split("\n")) {
    const heading = line.match(/^(#+)\s+(.*)/);
    if (!line.trim()) { list = item = paragraph = null; continue; }
    if (heading) {
      blocks.push(el(heading[1].length === 1 ? "h3" : "h4", {}, inline(heading[2])));
      list = item = paragraph = null;
    } else if (line.startsWith("- ")) {
      if (!list) blocks.push(list = el("ul", {}));
      list.append(item = el("li", {}, inline(line.slice(2))));
      paragraph = null;
    } else if (item && line.startsWith("  ")) {
      item.append(" ", ...inline(line.trim()));
    } else if (paragraph) {
      paragraph.append(" ", ...inline(line.trim()));
    } else {
      blocks.push(paragraph = el("p", {}, inline(line)));
      list = item = null;
    }
  }
  return blocks;
}

// ---- the board --------------------------------------------------------------

// Draws a position from South's seat: rows from `a` at the bottom, columns from
// the left, stores at the ends. `opts.legal` maps hole names to the decisions
// that start there; `opts.onHole(name)` is called when one of them is clicked.
function drawBoard(layout, replay, opts = {}) {
  const { rows, columns, stores } = layout;
  const cell = 64, pad = 12, label = 20, store = stores ? 72 : 0;
  const width = pad * 2 + store * 2 + columns * cell;
  const height = pad * 2 + label * 2 + rows * cell;
  const position = replay.position;
  const root = svg("svg", {
    class: "board", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `${rows} rows of ${columns} holes`,
  });
  root.append(svg("rect", { class: "frame", x: 1, y: label, width: width - 2, height: rows * cell + pad * 2, rx: 18 }));
  const toMove = position.to_move;
  // What each side holds off the board, at its end of the board: its captures
  // where no store shows them, and the seeds in its hand. Where there is any,
  // the side's name moves to the left to make room.
  const tallyOf = (who) => {
    const parts = [];
    if (!stores) parts.push(`captured ${position.captured[who]}`);
    const hand = position.hand ? position.hand[who] : 0;
    if (hand) parts.push(`${hand} in hand`);
    return parts.join(" · ");
  };
  const tallied = tallyOf("south") || tallyOf("north");
  const title = (who, y) => {
    const x = tallied ? pad : width / 2;
    root.append(svg("text", { class: tallied ? "side left" : "side", x, y, fill: who === "south" ? "var(--south)" : "var(--north)" },
      `${side(who)}${toMove === who ? " to move" : ""}`));
    const tally = tallyOf(who);
    if (tally) root.append(svg("text", { class: "tally", x: width - pad, y, "data-tally": who }, tally));
  };
  title("north", label / 2);
  title("south", height - label / 2);
  const claims = position.claims || { south: [], north: [] };
  const letters = "abcd";
  for (let r = 0; r < rows; r++) {
    const y = label + pad + (rows - 1 - r) * cell + cell / 2;
    for (let c = 1; c <= columns; c++) {
      const x = pad + store + (c - 1) * cell + cell / 2;
      const name = letters[r] + c;
      const classes = ["hole"];
      const closed = position.closed.includes(name);
      if (closed) classes.push("closed");
      if (opts.legal && opts.legal.has(name)) classes.push("legal");
      if (opts.last === name) classes.push("last");
      if (opts.changed && opts.changed.has(name)) classes.push("changed");
      if (claims.south.includes(name)) classes.push("claimed-south");
      if (claims.north.includes(name)) classes.push("claimed-north");
      // A hole held across the middle (territory) is the other row's side's.
      if ((position.territory || []).includes(name)) classes.push(r < rows / 2 ? "held-north" : "held-south");
      const group = svg("g", { class: classes.join(" "), "data-hole": name });
      group.append(svg("circle", { cx: x, cy: y, r: cell * 0.4 }));
      // Claimed by both sides (its owner's claim and a block from across the
      // board): North's claim is a second ring outside South's.
      if (claims.south.includes(name) && claims.north.includes(name)) {
        group.append(svg("circle", { class: "second-claim", cx: x, cy: y, r: cell * 0.46 }));
      }
      group.append(svg("text", { class: "count", x, y: y - 3 }, closed ? "×" : String(position.board[r][c - 1])));
      group.append(svg("text", { class: "name", x, y: y + 17 }, name));
      if (classes.includes("legal") && opts.onHole) {
        group.addEventListener("click", () => opts.onHole(name));
        group.setAttribute("tabindex", "0");
        group.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") opts.onHole(name); });
      }
      root.append(group);
    }
  }
  if (stores) {
    // Each store at its owner's right ("right") or left end, from its own seat.
    const east = pad + store + columns * cell + 4, west = pad;
    const southX = stores === "right" ? east : west;
    const northX = stores === "right" ? west : east;
    for (const [who, x] of [["south", southX], ["north", northX]]) {
      const classes = ["store"];
      if (opts.changed && opts.changed.has(`${who}_store`)) classes.push("changed");
      const group = svg("g", { class: classes.join(" "), "data-store": who });
      group.append(svg("rect", { x, y: label + pad + 4, width: store - 8, height: rows * cell - 8, rx: 30 }));
      group.append(svg("text", { class: "count", x: x + (store - 8) / 2, y: label + pad + rows * cell / 2 }, String(position.captured[who])));
      group.append(svg("text", { class: "name", x: x + (store - 8) / 2, y: label + pad + rows * cell / 2 + 20 }, `${who} store`));
      root.append(group);
    }
  }
  return root;
}

// The holes and stores whose counts differ between two positions.
function changedCells(before, after) {
  const changed = new Set();
  if (!before) return changed;
  const letters = "abcd";
  after.board.forEach((row, r) => row.forEach((n, c) => {
    if (before.board[r] && before.board[r][c] !== n) changed.add(letters[r] + (c + 1));
  }));
  for (const who of ["south", "north"]) {
    if (before.captured[who] !== after.captured[who]) changed.add(`${who}_store`);
  }
  return changed;
}

// ---- library ------------------------------------------------------------------

async function showLibrary() {
  const view = newPage();
  view.replaceChildren(el("h1", {}, "Library"), el("p", { class: "muted" }, "Loading the games…"));
  let games;
  try {
    games = await library();
  } catch (e) {
    view.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  const filter = el("input", { class: "filter", type: "search", placeholder: "Filter by name, origin or rule…", "aria-label": "filter" });
  const cards = el("div", { class: "cards", id: "cards" });
  const render = () => {
    const words = filter.value.toLowerCase();
    cards.replaceChildren(...games
      .filter((g) => !words || JSON.stringify([g.name, g.origin, g.summary, g.aliases, g.ref]).toLowerCase().includes(words))
      .map(card));
  };
  filter.addEventListener("input", render);
  render();
  view.replaceChildren(
    el("h1", {}, "Library"),
    el("p", { class: "muted" }, `${games.length} games: the bundled ones and those of the games folder. Each is a game file; play one, or open it in the editor to make a variant.`),
    filter, cards);
}

function card(game) {
  if (game.error) {
    return el("div", { class: "card", "data-game": game.ref },
      el("h3", {}, game.ref, el("span", { class: "badge" }, game.kind)),
      el("p", { class: "error" }, game.error),
      el("div", { class: "actions" }, el("a", { href: `#/edit/${encodeURIComponent(game.ref)}` }, "Open in the editor")));
  }
  const options = game.options.map((o) => `${o.name}=${o.default}`).join(", ");
  return el("div", { class: "card", "data-game": game.ref },
    el("h3", {}, game.name, game.kind !== "bundled" ? el("span", { class: "badge" }, game.kind) : null,
      game.has_match ? el("span", { class: "badge" }, "rounds") : null),
    el("div", { class: "muted" }, game.origin),
    drawBoard(game.layout, game.start),
    el("div", { class: "summary" }, game.summary),
    options ? el("div", { class: "muted" }, `options: ${options}`) : null,
    el("div", { class: "actions" },
      el("a", { href: `#/play/${encodeURIComponent(game.ref)}`, "data-action": "play" }, "Play"),
      el("a", { href: `#/edit/${encodeURIComponent(game.ref)}` }, "Edit a variant")));
}

// ---- play ---------------------------------------------------------------------

const AGENTS = [
  ["human", "a person"], ["random", "random"], ["greedy", "greedy"],
  ["alphabeta:2", "alpha-beta, depth 2"], ["alphabeta:4", "alpha-beta, depth 4"],
  ["alphabeta:6", "alpha-beta, depth 6"], ["alphabeta:1s", "alpha-beta, 1 s"],
  ["mcts:1000", "MCTS, 1,000 playouts"], ["mcts:10000", "MCTS, 10,000 playouts"],
];

let game = null; // the game being played: see showPlay

// The page's address holds the game in progress (options, players, decisions:
// `#/play/kalah?seeds_per_hole=3&north=greedy&d=a1,b3`), so a reload or a
// shared link comes back to the same position.
const RESERVED = ["match", "south", "north", "d", "position", "deal"];

// JSON from the page's address; nothing if there is none or it does not parse.
function parsed(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function showPlay(reference, params) {
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
  };
  view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
  const mine = game;
  try {
    mine.info = await api("/api/game", { game: mine.ref, options });
    // A fresh game of a setup that scatters seeds at random gets a deal of
    // its own; one given in the address is kept, so that a link replays.
    if (mine.info.scatters && !params.has("deal")) mine.deal = Math.floor(Math.random() * 2 ** 32);
    mine.movers = await movers(mine.decisions);
  } catch (e) {
    view.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  // Another route (or game) has been shown meanwhile.
  if (view !== page) return;
  const info = game.info;
  // A list of the usual players, and any other the server allows typed in
  // (`alphabeta:7`, `mcts:2s`).
  const agentSelect = (who) => el("input", {
    id: `agent-${who}`, "aria-label": `${who} player`, list: "agents", value: game.agents[who], size: 14,
    on: { change: (e) => { game.agents[who] = e.target.value.trim() || "human"; remember(); render(); step(); } },
  });
  const optionInputs = info.options.map((o) => el("label", {},
    `${o.name} `, el("input", { "data-option": o.name, value: o.value, title: `${o.help} (${o.allowed})` }),
    el("span", { class: "muted" }, ` ${o.allowed}`)));
  view.replaceChildren(
    el("h1", {}, info.name),
    el("p", { class: "muted" }, `${info.origin}. ${info.summary}`),
    el("div", { class: "play" },
      el("div", {},
        el("div", { id: "board" }),
        el("div", { id: "choices", class: "controls" }),
        el("div", { id: "status", role: "status" }),
        el("div", { id: "events" }),
        el("div", { id: "rounds" }),
        el("div", { class: "controls" },
          el("button", { id: "undo", on: { click: undo } }, "Undo"),
          el("button", { id: "restart", class: "secondary", on: { click: restart } }, "New game"),
          el("button", { id: "skip", class: "secondary", hidden: true }, "Skip"),
          el("label", {}, el("input", { type: "checkbox", id: "animate", checked: true }), " show the sowing"))),
      el("div", { class: "panel" },
        el("h2", {}, "Players"),
        el("datalist", { id: "agents" }, AGENTS.map(([value, label]) => el("option", { value }, label))),
        el("div", { class: "controls" }, el("label", {}, "South ", agentSelect("south"))),
        el("div", { class: "controls" }, el("label", {}, "North ", agentSelect("north"))),
        info.has_match ? el("label", {}, el("input", { type: "checkbox", id: "match", checked: game.asMatch, on: { change: (e) => { game.asMatch = e.target.checked; restart(); } } }), " a match of rounds") : null,
        optionInputs.length ? el("div", { class: "options" }, el("h2", {}, "Options"), optionInputs,
          el("button", { class: "secondary", on: { click: applyOptions } }, "Apply and restart")) : null,
        el("h2", {}, "Record"),
        el("div", { id: "record", class: "record" }),
        el("div", { class: "controls" },
          el("a", { id: "download", download: `${info.id}.json`, href: "#" }, "Download as JSON")),
        el("details", { id: "position-panel" }, el("summary", {}, "Start from a position"),
          el("p", { class: "muted" }, "A position as `replay --json` prints it (its `position` object), or as a `--position` file: edit the board, the scores, the side to move."),
          el("textarea", { id: "position", rows: 8, spellcheck: "false", "aria-label": "position" }),
          el("div", { class: "controls" },
            el("button", { class: "secondary", on: { click: () => { document.getElementById("position").value = JSON.stringify(game.replay.position, null, 1); } } }, "Copy the position now"),
            el("button", { id: "start-position", on: { click: startFrom } }, "Start here"),
            el("button", { class: "secondary", on: { click: () => { game.position = null; restart(); } } }, "Back to the setup"))),
        info.rules_document ? el("details", { id: "rules-document" }, el("summary", {}, `The rules (${info.rules.split(" ")[0]})`),
          el("div", { class: "rules" }, markdown(info.rules_document))) : null,
        el("details", {}, el("summary", {}, "The rules, as the game file says"), el("pre", { class: "explain" }, info.explain)))));
  await refresh();
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
  const path = game.reference === null ? "#/play-edited" : `#/play/${encodeURIComponent(game.reference)}`;
  history.replaceState(null, "", `${path}?${params}`);
}

// Plays on from the position in the box (the server checks it as it checks
// every position file).
function startFrom() {
  let position;
  try {
    position = JSON.parse(document.getElementById("position").value);
  } catch (e) {
    document.getElementById("status").textContent = `The position is not JSON: ${e.message}`;
    return;
  }
  game.position = position;
  restart();
}

async function applyOptions() {
  for (const input of view.querySelectorAll("[data-option]")) game.options[input.dataset.option] = input.value;
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
  // A setup that scatters seeds at random is dealt afresh for every new game.
  if (game.info && game.info.scatters) game.deal = Math.floor(Math.random() * 2 ** 32);
  game.decisions = [];
  game.movers = [];
  game.previous = null;
  refresh();
}

function undo() {
  // Back to the last decision a person made (agents' replies after it go too).
  while (game.decisions.length) {
    game.decisions.pop();
    const mover = game.movers.pop();
    if (game.agents[mover] === "human") break;
  }
  game.previous = null;
  refresh();
}

// Asks for the position after the decisions and draws it — after showing the
// last move seed by seed from `before`, when given and animation is on; says
// whether this is still the latest request (and the page still the board).
async function refresh(before) {
  const token = ++game.token;
  const body = played(game.decisions);
  const animate = before && document.getElementById("animate") && document.getElementById("animate").checked;
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
  if (token !== game.token || !document.getElementById("board")) return false;
  if (steps && steps.length) await sow(before, steps, token);
  if (token !== game.token || !document.getElementById("board")) return false;
  game.replay = replay;
  remember();
  render();
  step();
  return true;
}

// Shows a move seed by seed: each lift empties a hole into the hand, each drop
// puts one seed down, each capture empties a hole into a score (or into the
// hand, to be sown on); a few seconds at most, and "Skip" (or a click on the
// board) goes straight to the end.
async function sow(before, steps, token) {
  const position = structuredClone(before.position);
  const letters = "abcd";
  const add = (cell, n) => {
    if (cell.endsWith("_store")) position.captured[cell.split("_")[0]] += n;
    else position.board[letters.indexOf(cell[0])][Number(cell.slice(1)) - 1] += n;
  };
  const pause = Math.max(25, Math.min(220, 3000 / steps.length));
  let skipped = false;
  const skip = document.getElementById("skip");
  const board = document.getElementById("board");
  const stop = () => { skipped = true; };
  skip.hidden = false;
  skip.addEventListener("click", stop);
  board.addEventListener("click", stop);
  let hand = 0;
  for (const s of steps) {
    // Stopped when skipped, when a newer request has come, or when the page
    // has left the board.
    if (skipped || token !== game.token || !document.getElementById("events")) break;
    let cell = null;
    let said;
    if (s.kind === "lift") { add(s.hole, -s.seeds); hand += s.seeds; cell = s.hole; }
    if (s.kind === "from_hand") hand += s.seeds;
    if (s.kind === "drop") { add(s.cell, 1); hand -= 1; cell = s.cell; }
    if (s.kind === "capture") {
      add(s.hole, -s.seeds);
      cell = s.hole;
      if (s.to) position.captured[s.to] += s.seeds;
      else hand += s.seeds;
    }
    if (s.kind === "put") { add(s.cell, s.seeds); hand -= s.seeds; cell = s.cell; }
    if (s.kind === "score") { position.captured[s.side] += s.seeds; hand -= s.seeds; }
    if (s.kind === "to_hand") {
      hand -= s.seeds;
      position.hand = position.hand || { south: 0, north: 0 };
      position.hand[s.side] += s.seeds;
    }
    if (s.kind === "capture") said = s.to ? `${side(s.to)} takes ${s.seeds} from ${s.hole}.` : `${s.seeds} taken from ${s.hole}, to be sown on.`;
    else if (s.kind === "put") said = `${s.seeds} put into ${s.cell}.`;
    else if (s.kind === "score") said = `${side(s.side)} takes ${s.seeds} from the hand.`;
    else if (s.kind === "to_hand") said = `${s.seeds} go into ${side(s.side)}'s hand.`;
    else said = `Sowing: ${hand} seed(s) in hand.`;
    board.replaceChildren(drawBoard(game.info.layout, { position }, { last: cell, changed: new Set(cell ? [cell] : []) }));
    document.getElementById("events").textContent = said;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  skip.hidden = true;
  skip.removeEventListener("click", stop);
  board.removeEventListener("click", stop);
}

function render() {
  const replay = game.replay;
  const human = replay.position.to_move && game.agents[replay.position.to_move] === "human";
  const legal = new Map();
  if (human) for (const decision of replay.legal) {
    const hole = holeOf(decision);
    if (!legal.has(hole)) legal.set(hole, []);
    legal.get(hole).push(decision);
  }
  const last = game.decisions.length ? holeOf(game.decisions[game.decisions.length - 1]) : null;
  const board = drawBoard(game.info.layout, replay, {
    legal, last, changed: changedCells(game.previous, replay.position),
    onHole: (hole) => choose(legal.get(hole)),
  });
  document.getElementById("board").replaceChildren(board);
  document.getElementById("choices").replaceChildren();
  const status = document.getElementById("status");
  const tally = replay.match && replay.match.tally ? ` Tally: South ${replay.match.tally.south}, North ${replay.match.tally.north}.` : "";
  if (replay.status !== "ongoing") {
    status.textContent = `Game over: ${STATUS[replay.status]}, ${REASONS[replay.reason] || replay.reason}. South ${replay.position.captured.south}, North ${replay.position.captured.north}.${tally}`;
  } else {
    const who = side(replay.position.to_move);
    const round = replay.match ? ` Round ${replay.match.round}.${tally}` : "";
    const owed = replay.pending ? ` ${who} owes ${replay.pending.remaining} more seed(s): pick them.` : "";
    status.textContent = `${who} to move${human ? "" : " (thinking)"}.${owed}${round} South ${replay.position.captured.south}, North ${replay.position.captured.north}.`;
  }
  document.getElementById("rounds").replaceChildren(...(replay.match ? [rounds(replay.match)] : []));
  const command = ["mancala replay", game.info.kind === "edited" ? "FILE.toml" : game.info.id, ...game.decisions,
    ...Object.entries(game.options).map(([k, v]) => `--option ${k}=${v}`), game.asMatch ? "--match" : "",
    game.position ? "--position POSITION.json" : ""].filter(Boolean).join(" ");
  document.getElementById("record").replaceChildren(
    el("div", {}, game.decisions.length ? game.decisions.join(" ") : "no decision yet"),
    el("div", { class: "muted", id: "command" }, command));
  const blob = new Blob([JSON.stringify(replay, null, 1)], { type: "application/json" });
  const link = document.getElementById("download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  document.getElementById("undo").disabled = !game.decisions.some((_, i) => game.agents[game.movers[i]] === "human");
}

// A hole with several decisions (a direction to choose, a capture to decline)
// asks which.
function choose(decisions) {
  if (decisions.length === 1) return play(decisions[0]);
  document.getElementById("choices").replaceChildren(
    el("span", {}, "Which? "),
    ...decisions.map((d) => el("button", { "data-decision": d, on: { click: () => play(d) } }, d)));
}

async function play(decision) {
  // One decision at a time: a second click before the first is answered
  // (a double click) would send it twice.
  if (game.deciding) return;
  game.deciding = true;
  try {
    await decide(decision);
  } finally {
    game.deciding = false;
  }
}

async function decide(decision) {
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

// When an agent is to move, ask it (after a pause, so a person can follow).
function step() {
  const replay = game.replay;
  if (!replay || replay.status !== "ongoing") return;
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
  }, 500);
}

// ---- editor -------------------------------------------------------------------

async function showEditor(reference) {
  const view = newPage();
  view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
  let text = sessionStorage.getItem("edited") || "";
  if (reference) {
    try {
      // The file's own text, whether or not it loads: the checks below say
      // what is wrong with it.
      text = (await api("/api/source", { game: { ref: reference } })).text;
    } catch (e) {
      text = `# ${e.message}\n`;
    }
  }
  const games = await library().catch(() => []);
  const source = el("textarea", { id: "source", spellcheck: "false", "aria-label": "game file", wrap: "off" });
  source.value = text;
  const gutter = el("pre", { class: "gutter", id: "gutter", "aria-hidden": "true" });
  const start = el("select", { id: "start-from", "aria-label": "start from", on: { change: (e) => { location.hash = `#/edit/${encodeURIComponent(e.target.value)}`; } } },
    el("option", { value: "" }, "Start from a game…"),
    games.filter((g) => !g.error).map((g) => el("option", { value: g.ref, selected: g.ref === reference }, g.name)));
  view.replaceChildren(
    el("h1", {}, "Editor"),
    el("p", { class: "muted" }, "Write or change a game file: it is checked as you type, with the same messages as `mancala validate`. A file that loads can be played at once."),
    el("div", { class: "controls" }, start,
      el("button", { id: "play-edited", disabled: true, on: { click: () => { sessionStorage.setItem("edited", source.value); location.hash = "#/play-edited"; } } }, "Play this game")),
    el("div", { class: "editor" },
      el("div", {}, el("div", { class: "code" }, gutter, source), el("ul", { class: "diagnostics", id: "diagnostics" })),
      el("div", { id: "preview" })));
  source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; });
  let timer = null;
  source.addEventListener("input", () => {
    sessionStorage.setItem("edited", source.value);
    clearTimeout(timer);
    timer = setTimeout(check, 300);
  });
  await check();

  async function check() {
    const text = source.value;
    let result;
    try {
      result = await api("/api/validate", { text });
    } catch (e) {
      result = { valid: false, diagnostics: e.data && e.data.diagnostics && e.data.diagnostics.length ? e.data.diagnostics : [{ severity: "error", message: e.message }] };
    }
    if (text !== source.value) return; // a newer check follows
    const marks = new Map();
    for (const d of result.diagnostics) if (d.line) marks.set(d.line, marks.get(d.line) === "bad" || d.severity === "error" ? "bad" : "warned");
    const lines = text.split("\n").length;
    gutter.replaceChildren(...Array.from({ length: lines }, (_, i) => el("div", { class: marks.get(i + 1) || null }, String(i + 1))));
    gutter.scrollTop = source.scrollTop;
    document.getElementById("diagnostics").replaceChildren(...result.diagnostics.map((d) => el("li", {
      class: d.severity, "data-line": d.line || "",
      on: { click: () => select(d) },
    }, el("span", { class: "where" }, d.line ? `${d.file === "edited.toml" ? "" : d.file + ":"}${d.line}:${d.column}` : "file"),
    d.message, d.help ? el("div", { class: "muted" }, d.help) : null)));
    document.getElementById("play-edited").disabled = !result.valid;
    const preview = document.getElementById("preview");
    if (result.valid) {
      preview.replaceChildren(
        el("h2", {}, result.game.name), el("p", { class: "muted" }, result.game.summary),
        drawBoard(result.game.layout, result.game.start),
        el("pre", { class: "explain", id: "explain" }, result.game.explain));
    } else {
      preview.replaceChildren(el("p", { class: "error", id: "invalid" }, `${result.diagnostics.filter((d) => d.severity === "error").length} problem(s): the game does not load yet.`));
    }
  }

  // Selects a diagnostic's place in the text.
  function select(d) {
    if (!d.line) return;
    const lines = source.value.split("\n");
    const offset = (line, column) => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
    source.focus();
    source.setSelectionRange(offset(d.line, d.column), offset(d.end_line || d.line, d.end_column || d.column + 1));
  }
}

// ---- compare ------------------------------------------------------------------

async function showCompare() {
  const view = newPage();
  view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
  const games = (await library().catch(() => [])).filter((g) => !g.error);
  // A game's row; "+" adds another below it, so that one game can be compared
  // under several option sets.
  const row = (g, checked) => {
    const line = el("div", { class: "variant", "data-variant": g.ref },
      el("label", { title: g.name }, el("input", { type: "checkbox", value: g.ref, checked }), ` ${g.name} `),
      el("input", { type: "text", placeholder: "k=v,k=v", "aria-label": `${g.ref} options` }),
      el("button", {
        class: "secondary again", title: "this game again, under other options", "aria-label": `${g.ref} again`,
        on: { click: () => line.after(row(g, true)) },
      }, "+"));
    return line;
  };
  const rows = games.map((g) => row(g, g.ref === "kalah" || g.ref === "oware"));
  const agent = (id, value) => el("select", { id }, AGENTS.slice(1).map(([v, label]) => el("option", { value: v, selected: v === value }, label)));
  view.replaceChildren(
    el("h1", {}, "Compare variants"),
    el("p", { class: "muted" }, "Plays many games of each variant (seeds from the one given, so the same run gives the same games) and sets them side by side."),
    el("div", { class: "variants" }, rows),
    el("div", { class: "controls" },
      el("label", {}, "South ", agent("compare-south", "random")),
      el("label", {}, "North ", agent("compare-north", "random")),
      el("label", {}, "games ", el("input", { id: "compare-games", type: "number", min: 1, max: 2000, value: 200, style: "width:6rem" })),
      el("label", {}, "seed ", el("input", { id: "compare-seed", type: "number", min: 0, value: 1, style: "width:5rem" })),
      el("label", {}, el("input", { id: "compare-match", type: "checkbox" }), " matches"),
      el("label", { title: "how a match cut short after 100 rounds ends" }, "at the round limit ",
        el("select", { id: "compare-at-limit" },
          el("option", { value: "unfinished" }, "unfinished"),
          el("option", { value: "ahead" }, "the side ahead wins"))),
      el("button", { id: "compare-run", on: { click: run } }, "Compare")),
    el("div", { id: "compare-progress" }),
    el("div", { id: "compare-result" }));

  async function run() {
    const variants = [];
    for (const line of view.querySelectorAll("[data-variant]")) {
      const [box, text] = line.querySelectorAll("input");
      if (!box.checked) continue;
      const options = {};
      for (const pair of text.value.split(",").map((s) => s.trim()).filter(Boolean)) {
        const [k, v] = pair.split("=");
        options[k.trim()] = (v || "").trim();
      }
      variants.push({ game: { ref: box.value }, options });
    }
    const progress = document.getElementById("compare-progress");
    const result = document.getElementById("compare-result");
    result.replaceChildren();
    let started;
    try {
      started = await api("/api/compare", {
        variants, agents: [document.getElementById("compare-south").value, document.getElementById("compare-north").value],
        games: Number(document.getElementById("compare-games").value), seed: Number(document.getElementById("compare-seed").value),
        match: document.getElementById("compare-match").checked,
        at_round_limit: document.getElementById("compare-at-limit").value,
      });
    } catch (e) {
      progress.replaceChildren(el("p", { class: "error" }, e.message));
      return;
    }
    const bar = el("progress", { id: "compare-bar", max: 1, value: 0 });
    const told = el("span", { id: "compare-eta", class: "muted" });
    const cancel = el("button", {
      id: "compare-cancel",
      on: { click: () => fetch(`/api/compare/${started.job}`, { method: "DELETE" }) },
    }, "Cancel");
    progress.replaceChildren(bar, " ", told, " ", cancel);
    for (;;) {
      const state = await api(`/api/compare/${started.job}`);
      bar.max = state.total;
      bar.value = state.played;
      told.textContent = `${state.played} of ${state.total} games` +
        (state.remaining == null ? "" : `, about ${duration(state.remaining)} left`);
      if (state.done) {
        if (state.error) {
          progress.replaceChildren(el("p", { class: "error" }, state.error));
          return;
        }
        progress.replaceChildren(el("p", { class: "muted" }, `${state.total} games played.`));
        const charts = el("div", { class: "charts" });
        for (const chart of state.charts) {
          const holder = el("div", { "data-chart": chart.name });
          holder.innerHTML = chart.svg; // drawn by the server from numbers only
          charts.append(holder);
        }
        result.replaceChildren(el("pre", { class: "table", id: "compare-table" }, state.table), charts);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  }
}

/** Seconds as a person reads them: "40 s", "3 min", "1 h 5 min". */
function duration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

// ---- scenarios ----------------------------------------------------------------

async function showScenarios() {
  const view = newPage();
  view.replaceChildren(el("p", { class: "muted" }, "Loading…"));
  let listing;
  try {
    listing = await api("/api/scenarios");
  } catch (e) {
    view.replaceChildren(el("p", { class: "error" }, e.message));
    return;
  }
  const intro = el("p", { class: "muted" }, "Scenario files pin a rule down: a start, decisions, and what must hold after. Each is played here against its game; a failure shows the board it expects beside the board found.");
  if (!listing.folder) {
    view.replaceChildren(el("h1", {}, "Scenarios"), intro,
      el("p", { id: "no-scenarios" }, "This server has no scenarios folder: start it with `mancala serve --scenarios DIR`."));
    return;
  }
  const results = el("div", { id: "scenario-results" });
  view.replaceChildren(el("h1", {}, "Scenarios"), intro,
    el("div", { class: "controls" },
      el("span", {}, `${listing.files.length} scenario file(s).`),
      el("button", { id: "scenarios-run", on: { click: run } }, "Run them all")),
    results);

  async function run() {
    results.replaceChildren(el("p", { class: "muted" }, "Running…"));
    let checked;
    try {
      checked = await api("/api/scenarios", {});
    } catch (e) {
      results.replaceChildren(el("p", { class: "error" }, e.message));
      return;
    }
    const count = (status) => checked.filter((c) => c.status === status).length;
    results.replaceChildren(
      el("p", { id: "scenario-summary" }, `${count("passed")} passed, ${count("failed")} failed, ${count("broken")} broken.`),
      ...checked.filter((c) => c.status !== "passed").map(scenarioCard),
      el("details", {}, el("summary", {}, "Passed"),
        el("ul", {}, checked.filter((c) => c.status === "passed").map((c) => el("li", {}, `${c.file} (${c.clauses.join(" ")})`)))));
  }
}

function scenarioCard(c) {
  const boards = el("div", { class: "side-by-side" });
  // The holes that differ are marked on both boards.
  const changed = c.expected && c.actual ? changedCells(c.expected, c.actual) : new Set();
  if (c.expected) boards.append(el("figure", {}, el("figcaption", {}, "expected"), drawBoard(c.layout, { position: c.expected }, { changed })));
  if (c.actual) boards.append(el("figure", {}, el("figcaption", {}, "found"), drawBoard(c.layout, { position: c.actual }, { changed })));
  return el("div", { class: "panel scenario", "data-scenario": c.file, "data-status": c.status },
    el("h2", {}, `${c.file} `, el("span", { class: "badge" }, c.status)),
    el("div", { class: "muted" }, c.clauses.join(" ")),
    el("p", {}, c.about),
    c.error ? el("pre", { class: "explain error" }, c.error) : null,
    c.failures.length ? el("pre", { class: "explain" }, c.failures.join("\n")) : null,
    boards);
}

// ---- routes -------------------------------------------------------------------

function route() {
  const [path, query] = (location.hash.slice(1) || "/").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query || "");
  const page = { play: "library", "play-edited": "edit", edit: "edit", compare: "compare", scenarios: "scenarios" }[parts[0]] || "library";
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("active", link.dataset.nav === page);
  if (parts[0] === "play" && parts[1]) return showPlay(parts[1], params);
  if (parts[0] === "play-edited") return showPlay(null, params);
  if (parts[0] === "edit") return showEditor(parts[1] || null);
  if (parts[0] === "compare") return showCompare();
  if (parts[0] === "scenarios") return showScenarios();
  return showLibrary();
}

window.addEventListener("hashchange", route);
route();
