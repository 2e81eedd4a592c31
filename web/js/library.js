// The library page: every game, filtered by words.
import { el, newPage, library } from "./common.js";
import { drawBoard } from "./board.js";

export async function showLibrary() {
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
