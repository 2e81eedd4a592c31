// The tally of consecutive games of one game in this browser tab: each
// player's wins and the draws. Players are named by who plays (a person, an
// agent), so swapping sides keeps a player's wins with the player.
import { el, side, stored } from "./common.js";

const KEY = "tally";

// Each side's player, as the tally names them.
export function players(agents) {
  const name = (who) => (agents[who] === "human" ? "a person" : agents[who]);
  const [south, north] = [name("south"), name("north")];
  if (south !== north) return { south, north };
  return { south: `${south} (South)`, north: `${north} (North)` };
}

// Adds one finished game: `status` is south_won, north_won or draw.
export function count(gameId, agents, status) {
  const all = stored(KEY, sessionStorage);
  const tally = all[gameId] || { wins: {}, draws: 0, games: 0 };
  const names = players(agents);
  for (const who of ["south", "north"]) tally.wins[names[who]] = tally.wins[names[who]] || 0;
  if (status === "draw") tally.draws += 1;
  else tally.wins[names[status === "south_won" ? "south" : "north"]] += 1;
  tally.games += 1;
  all[gameId] = tally;
  sessionStorage.setItem(KEY, JSON.stringify(all));
}

export function forget(gameId) {
  const all = stored(KEY, sessionStorage);
  delete all[gameId];
  sessionStorage.setItem(KEY, JSON.stringify(all));
}

// The tally in words, with a button that clears it; nothing before a game ends.
export function tallyLine(gameId, onForget) {
  const tally = stored(KEY, sessionStorage)[gameId];
  if (!tally) return [];
  const wins = Object.entries(tally.wins).map(([name, n]) => `${name} ${n}`);
  return [
    el("span", { id: "tally-text" }, `Games this session: ${tally.games} (${wins.join(", ")}, draws ${tally.draws}).`),
    " ",
    el("button", { class: "link", on: { click: () => { forget(gameId); onForget(); } } }, "Clear"),
  ];
}

// Who concedes: the side to move if a person plays it, else the person's side.
export function conceder(agents, toMove) {
  if (agents[toMove] === "human") return toMove;
  const other = toMove === "south" ? "north" : "south";
  return agents[other] === "human" ? other : null;
}

export const wonBy = (who) => (who === "south" ? "north_won" : "south_won");
export const concededWords = (who) => `${side(who)} conceded`;
