// Setting up a position by clicking: seeds added to or taken from holes, the
// scores, the side to move. The server checks it as it checks a position file,
// as it is changed; the JSON stays there to copy or paste.
import { el } from "./common.js";
import { drawBoard } from "./board.js";

const SIDES = ["south", "north"];

// The "Set up a position" panel. `io.now()` is the position on the board,
// `io.check(position)` asks the server, `io.start(position)` plays from it and
// `io.reset()` goes back to the game's own setup.
export function positionSetup(layout, io) {
  let draft = null;
  let checking = 0;
  const holder = el("div", { id: "setup-board", class: "board-holder" });
  const said = el("p", { id: "setup-check", role: "status", class: "muted" });
  const mode = el("select", { id: "setup-mode", "aria-label": "a click" },
    el("option", { value: "add" }, "a click adds a seed"),
    el("option", { value: "remove" }, "a click takes a seed away"));
  const toMove = el("select", { id: "setup-to-move", "aria-label": "side to move", on: { change: (e) => changed(() => { draft.to_move = e.target.value; }) } },
    SIDES.map((who) => el("option", { value: who }, who === "south" ? "South" : "North")));
  const score = (who) => el("input", {
    id: `setup-captured-${who}`, type: "number", min: 0, max: 100000, "aria-label": `${who}'s captures`, style: "width:5rem",
    on: { change: (e) => changed(() => { draft.captured[who] = Math.max(0, Math.floor(Number(e.target.value) || 0)); }) },
  });
  const scores = { south: score("south"), north: score("north") };
  const json = el("textarea", { id: "position", rows: 6, spellcheck: "false", "aria-label": "position as JSON" });
  const start = el("button", { id: "start-position", on: { click: () => draft && io.start(structuredClone(draft)) } }, "Start here");

  // Applies a change to the draft, then redraws and rechecks it.
  function changed(change) {
    change();
    draw();
  }

  function adjust(hole, event) {
    const remove = mode.value === "remove" || (event && (event.shiftKey || event.key === "-"));
    const [row, column] = ["abcd".indexOf(hole[0]), Number(hole.slice(1)) - 1];
    changed(() => { draft.board[row][column] = Math.max(0, draft.board[row][column] + (remove ? -1 : 1)); });
    const again = holder.querySelector(`[data-hole="${hole}"]`);
    if (again) again.focus();
  }

  function draw() {
    const every = new Map();
    draft.board.forEach((row, r) => row.forEach((_, c) => every.set("abcd"[r] + (c + 1), [])));
    for (const closed of draft.closed || []) every.delete(closed);
    holder.replaceChildren(drawBoard(layout, { position: draft }, { legal: every, onHole: adjust, editing: true, label: "the position being set up" }));
    toMove.value = draft.to_move;
    for (const who of SIDES) scores[who].value = draft.captured[who];
    json.value = JSON.stringify(draft, null, 1);
    check();
  }

  // Asks the server whether the draft is a position to play from.
  async function check() {
    const mine = ++checking;
    const onBoard = draft.board.flat().reduce((a, b) => a + b, 0);
    let verdict, good = false;
    try {
      const replay = await io.check(draft);
      const moves = replay.legal.length;
      good = true;
      verdict = replay.status === "ongoing"
        ? `A position to play: ${onBoard} seeds on the board, ${moves} legal decision(s) for the side to move.`
        : `This position is already over (${replay.status}); play would not start.`;
    } catch (e) {
      verdict = `Not a position to play from: ${e.message}`;
    }
    if (mine !== checking) return;
    said.textContent = verdict;
    said.className = good ? "muted" : "error";
    start.disabled = !good;
  }

  // A position to edit; what a position file may leave out is filled in.
  function take(position) {
    const rows = position && position.board;
    if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every(Number.isInteger))) {
      said.textContent = "A position's `board` is its rows of seed counts, `a` first: [[4, 4, …], [4, 4, …]].";
      said.className = "error";
      return;
    }
    draft = Object.assign({ captured: { south: 0, north: 0 }, to_move: "south", closed: [] }, structuredClone(position));
    // Stores show the captures again: the draft's scores are its `captured`.
    delete draft.stores;
    draw();
  }

  return el("details", {
    id: "position-panel",
    on: { toggle: (e) => { if (e.target.open && !draft) take(io.now()); } },
  },
  el("summary", {}, "Set up a position"),
  el("p", { class: "muted" }, "Click holes to add seeds (shift-click, or the minus key, takes one away), set the scores and the side to move, then start from it. The position is checked as a position file is."),
  el("div", { class: "controls" }, mode,
    el("button", { class: "secondary", id: "setup-empty", on: { click: () => changed(() => { draft.board = draft.board.map((row) => row.map(() => 0)); }) } }, "Empty the holes"),
    el("button", { class: "secondary", id: "setup-now", on: { click: () => take(io.now()) } }, "The position now")),
  holder,
  el("div", { class: "controls" },
    el("label", {}, "to move ", toMove),
    el("label", {}, "South holds ", scores.south),
    el("label", {}, "North holds ", scores.north)),
  said,
  el("div", { class: "controls" }, start,
    el("button", { class: "secondary", on: { click: io.reset } }, "Back to the game's setup")),
  el("details", {}, el("summary", {}, "As JSON (a `--position` file)"), json,
    el("div", { class: "controls" },
      el("button", {
        class: "secondary", id: "setup-from-json",
        on: {
          click: () => {
            try {
              take(JSON.parse(json.value));
            } catch (e) {
              said.textContent = `The position is not JSON: ${e.message}`;
              said.className = "error";
            }
          },
        },
      }, "Use this JSON"))));
}
