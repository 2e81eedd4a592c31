// A move shown seed by seed, at the speed the player chose.
import { side, prefs } from "./common.js";
import { drawBoard } from "./board.js";

// How long each seed takes, against the "normal" pace.
export const SPEEDS = { slow: 2.5, normal: 1, fast: 0.35, off: 0 };

// Shows a move seed by seed: each lift empties a hole into the hand, each drop
// puts one seed down, each capture empties a hole into a score (or into the
// hand, to be sown on); a few seconds at most, and "Skip" (or a click on the
// board) goes straight to the end.
export async function sow(layout, before, steps, stillWanted) {
  const position = structuredClone(before.position);
  const letters = "abcd";
  const add = (cell, n) => {
    if (cell.endsWith("_store")) position.captured[cell.split("_")[0]] += n;
    else position.board[letters.indexOf(cell[0])][Number(cell.slice(1)) - 1] += n;
  };
  const pause = Math.max(25, Math.min(220, 3000 / steps.length)) * SPEEDS[prefs.speed];
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
    if (skipped || !stillWanted() || !document.getElementById("events")) break;
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
    if (s.kind === "out_of_play") {
      hand -= s.seeds;
      position.out_of_play = (position.out_of_play || 0) + s.seeds;
    }
    if (s.kind === "hand_over") {
      const from = s.to === "south" ? "north" : "south";
      position.hand = position.hand || { south: 0, north: 0 };
      position.hand[s.to] += s.seeds;
      position.hand[from] -= s.seeds;
    }
    if (s.kind === "turn_round") {
      // Seen from the other seat: rows and holes in reverse order.
      position.board = position.board.map((row) => [...row].reverse()).reverse();
      position.captured = { south: position.captured.north, north: position.captured.south };
      if (position.hand) position.hand = { south: position.hand.north, north: position.hand.south };
    }
    if (s.kind === "capture") said = s.to ? `${side(s.to)} takes ${s.seeds} from ${s.hole}.` : `${s.seeds} taken from ${s.hole}, to be sown on.`;
    else if (s.kind === "put") said = `${s.seeds} put into ${s.cell}.`;
    else if (s.kind === "score") said = `${side(s.side)} takes ${s.seeds} from the hand.`;
    else if (s.kind === "to_hand") said = `${s.seeds} go into ${side(s.side)}'s hand.`;
    else if (s.kind === "out_of_play") said = `${s.seeds} taken out of play.`;
    else if (s.kind === "hand_over") said = `${s.seeds} passed into ${side(s.to)}'s hand.`;
    else if (s.kind === "turn_round") said = "The sides swap seats: the board turns half round.";
    else said = `Sowing: ${hand} seed(s) in hand.`;
    board.replaceChildren(drawBoard(layout, { position }, { last: cell, changed: new Set(cell ? [cell] : []) }));
    document.getElementById("events").textContent = said;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
  skip.hidden = true;
  skip.removeEventListener("click", stop);
  board.removeEventListener("click", stop);
}
