// The scenarios page: the server's scenario folder, run as `check` runs it.
import { el, api, newPage } from "./common.js";
import { drawBoard, changedCells } from "./board.js";

export async function showScenarios() {
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
    c.error ? el("pre", { class: "explain error", tabindex: 0 }, c.error) : null,
    c.failures.length ? el("pre", { class: "explain", tabindex: 0 }, c.failures.join("\n")) : null,
    boards);
}
