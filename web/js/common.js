// What every page uses: elements, the JSON API, the game library, the words
// for statuses and reasons, and the page being drawn.
export const SVG = "http://www.w3.org/2000/svg";
const view = document.getElementById("view");
// The element the page of the current route draws into: a page whose route has
// been left while it waited for the server draws into its own, out of sight.
export let page = null;
export function newPage() {
  page = el("div", { class: "page" });
  view.replaceChildren(page);
  return page;
}

export function el(tag, attrs = {}, ...children) {
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

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

export async function api(path, body) {
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
export async function library() {
  if (!listing) listing = await api("/api/games");
  return listing;
}

export const REASONS = {
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
  called: "the side to move ended it by a decision the rules allow",
  agreed: "the sides agreed to end it",
};

export const STATUS = {
  south_won: "South won",
  north_won: "North won",
  draw: "a draw",
  unfinished: "unfinished",
  ongoing: "in progress",
};

export const side = (s) => (s === "south" ? "South" : "North");
export const holeOf = (decision) => decision.split(":")[0];
// A decision that names no hole: an end check called or offered, an answer
// to an offer, or a swap of seats (their names have no digits; every hole's
// has).
export const isCall = (decision) => !/\d/.test(decision);

// A rules document's Markdown as elements: headings, bullets (with their
// continuation lines), paragraphs, **bold** and `code`. Built node by node, so
// nothing in the text is ever read as HTML.
export function markdown(text) {
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

export const AGENTS = [
  ["human", "a person"], ["random", "random"], ["greedy", "greedy"],
  ["alphabeta:2", "alpha-beta, depth 2"], ["alphabeta:4", "alpha-beta, depth 4"],
  ["alphabeta:6", "alpha-beta, depth 6"], ["alphabeta:1s", "alpha-beta, 1 s"],
  ["mcts:1000", "MCTS, 1,000 playouts"], ["mcts:10000", "MCTS, 10,000 playouts"],
];

/** Seconds as a person reads them: "40 s", "3 min", "1 h 5 min". */
export function duration(seconds) {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

// The player's settings, kept in this browser: how fast a move is shown, and
// how long an agent waits before it moves.
export const prefs = Object.assign({ speed: "normal", delay: 500 }, stored("prefs"));
export function savePrefs() {
  localStorage.setItem("prefs", JSON.stringify(prefs));
}

// JSON kept in the browser under `key`; nothing if there is none or it does not parse.
export function stored(key, storage = localStorage) {
  try {
    return JSON.parse(storage.getItem(key)) || {};
  } catch {
    return {};
  }
}
