// The board drawn as SVG from South's seat, and what changed between two positions.
import { svg, side } from "./common.js";

const LETTERS = "abcd";
// Board units: a hole's cell, the margin, a side's name line, a store's width.
const CELL = 64, PAD = 12, LABEL = 20, STORE = 56;

// Draws a position from South's seat: rows from `a` at the bottom, columns from
// the left, stores at the ends. `opts.legal` maps hole names to the decisions
// that start there; `opts.onHole(name, event)` is called when one of them is
// clicked (or, focused, Enter or Space is pressed; with `opts.editing`, also
// + and -). Every hole and store has a name a screen reader says.
export function drawBoard(layout, replay, opts = {}) {
  const { rows, columns, stores } = layout;
  const store = stores ? STORE : 0;
  const width = PAD * 2 + store * 2 + columns * CELL;
  const height = PAD * 2 + LABEL * 2 + rows * CELL;
  const position = replay.position;
  const root = svg("svg", {
    class: "board", viewBox: `0 0 ${width} ${height}`, role: "group",
    "aria-label": opts.label || `the board, ${rows} rows of ${columns} holes`,
    // A hole's cell is never narrower than --cell-min (a finger's width on a
    // phone; a long board scrolls sideways instead) nor wider than --cell-max.
    style: `min-width: calc(${(width / CELL).toFixed(3)} * var(--cell-min)); max-width: calc(${(width / CELL).toFixed(3)} * var(--cell-max))`,
  });
  root.append(svg("rect", { class: "frame", x: 1, y: LABEL, width: width - 2, height: rows * CELL + PAD * 2, rx: 18 }));
  sideNames(root, position, { width, height, stores });
  for (let r = 0; r < rows; r++) {
    const y = LABEL + PAD + (rows - 1 - r) * CELL + CELL / 2;
    for (let c = 1; c <= columns; c++) {
      const x = PAD + store + (c - 1) * CELL + CELL / 2;
      root.append(hole(LETTERS[r] + c, x, y, position, rows, opts));
    }
  }
  if (stores) {
    // Each store at its owner's right ("right") or left end, from its own seat.
    const east = PAD + store + columns * CELL + 4, west = PAD;
    const southX = stores === "right" ? east : west;
    const northX = stores === "right" ? west : east;
    for (const [who, x] of [["south", southX], ["north", northX]]) {
      const classes = ["store"];
      if (opts.changed && opts.changed.has(`${who}_store`)) classes.push("changed");
      const seeds = position.captured[who];
      const group = svg("g", { class: classes.join(" "), "data-store": who, role: "img", "aria-label": `${side(who)}'s store: ${seeds} seed${seeds === 1 ? "" : "s"}` });
      const middle = x + (store - 8) / 2;
      group.append(svg("rect", { x, y: LABEL + PAD + 4, width: store - 8, height: rows * CELL - 8, rx: 24 }));
      group.append(svg("text", { class: "count", x: middle, y: LABEL + PAD + rows * CELL / 2 }, String(seeds)));
      group.append(svg("text", { class: "name", x: middle, y: LABEL + PAD + rows * CELL / 2 + 20 }, "store"));
      root.append(group);
    }
  }
  return root;
}

// Each side's name (and whether it is to move) at its own end, and what it
// holds off the board: its captures where no store shows them, and the seeds
// in its hand; seeds out of play beside South's. Where there is any, the name
// moves left to make room.
function sideNames(root, position, { width, height, stores }) {
  const tallyOf = (who) => {
    const parts = [];
    if (!stores) parts.push(`captured ${position.captured[who]}`);
    const hand = position.hand ? position.hand[who] : 0;
    if (hand) parts.push(`${hand} in hand`);
    if (who === "south" && position.out_of_play) parts.push(`${position.out_of_play} out of play`);
    return parts.join(" · ");
  };
  const tallied = tallyOf("south") || tallyOf("north");
  const title = (who, y) => {
    const x = tallied ? PAD : width / 2;
    root.append(svg("text", { class: tallied ? "side left" : "side", x, y, fill: who === "south" ? "var(--south)" : "var(--north)" },
      `${side(who)}${position.to_move === who ? " to move" : ""}`));
    const tally = tallyOf(who);
    if (tally) root.append(svg("text", { class: "tally", x: width - PAD, y, "data-tally": who }, tally));
  };
  title("north", LABEL / 2);
  title("south", height - LABEL / 2);
}

// Whose a hole is: its row's side, or the other side's where it is held across
// the middle (territory).
function ownerOf(name, rows, position) {
  const row = LETTERS.indexOf(name[0]);
  const own = row < rows / 2 ? "south" : "north";
  if (!(position.territory || []).includes(name)) return own;
  return own === "south" ? "north" : "south";
}

function hole(name, x, y, position, rows, opts) {
  const claims = position.claims || { south: [], north: [] };
  const seeds = position.board[LETTERS.indexOf(name[0])][Number(name.slice(1)) - 1];
  const closed = (position.closed || []).includes(name);
  const owner = ownerOf(name, rows, position);
  const cues = {
    legal: Boolean(opts.legal && opts.legal.has(name)),
    last: opts.last === name,
    changed: Boolean(opts.changed && opts.changed.has(name)),
  };
  const classes = ["hole", ...Object.keys(cues).filter((cue) => cues[cue])];
  if (closed) classes.push("closed");
  if (claims.south.includes(name)) classes.push("claimed-south");
  if (claims.north.includes(name)) classes.push("claimed-north");
  if ((position.territory || []).includes(name)) classes.push(owner === "north" ? "held-north" : "held-south");
  const words = [`${name}: ${closed ? "closed" : `${seeds} seed${seeds === 1 ? "" : "s"}`}`, `${side(owner)}'s`];
  if (cues.last) words.push("last move");
  if (cues.changed) words.push("changed");
  const playable = cues.legal && opts.onHole;
  const group = svg("g", { class: classes.join(" "), "data-hole": name, role: playable ? "button" : "img", "aria-label": words.join(", ") });
  // The whole cell takes the click: a finger's target, not only the circle.
  group.append(svg("rect", { class: "hit", x: x - CELL / 2, y: y - CELL / 2, width: CELL, height: CELL }));
  if (cues.last) group.append(svg("circle", { class: "cue-last", cx: x, cy: y, r: CELL * 0.47 }));
  group.append(svg("circle", { class: "pit", cx: x, cy: y, r: CELL * 0.4 }));
  // Claimed by both sides (its owner's claim and a block from across the
  // board): North's claim is a second ring outside South's.
  if (claims.south.includes(name) && claims.north.includes(name)) {
    group.append(svg("circle", { class: "second-claim", cx: x, cy: y, r: CELL * 0.46 }));
  }
  if (cues.changed) group.append(svg("circle", { class: "cue-changed", cx: x + CELL * 0.27, cy: y - CELL * 0.27, r: 5 }));
  group.append(svg("text", { class: "count", x, y: y - 3 }, closed ? "×" : String(seeds)));
  group.append(svg("text", { class: "name", x, y: y + 17 }, name));
  if (playable) {
    group.setAttribute("tabindex", "0");
    group.addEventListener("click", (e) => opts.onHole(name, e));
    group.addEventListener("keydown", (e) => {
      const edit = opts.editing && (e.key === "+" || e.key === "-");
      if (e.key === "Enter" || e.key === " " || edit) {
        e.preventDefault();
        opts.onHole(name, e);
      }
    });
  }
  return group;
}

// The holes and stores whose counts differ between two positions.
export function changedCells(before, after) {
  const changed = new Set();
  if (!before) return changed;
  after.board.forEach((row, r) => row.forEach((n, c) => {
    if (before.board[r] && before.board[r][c] !== n) changed.add(LETTERS[r] + (c + 1));
  }));
  for (const who of ["south", "north"]) {
    if (before.captured[who] !== after.captured[who]) changed.add(`${who}_store`);
  }
  return changed;
}
