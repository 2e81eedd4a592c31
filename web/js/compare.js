// The compare page: many games of several variants, side by side.
import { el, api, newPage, library, AGENTS, duration } from "./common.js";

export async function showCompare(params = new URLSearchParams()) {
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
  // From the editor: the edited file beside the game it started from.
  const edited = params.get("edited") === "1" && sessionStorage.getItem("edited");
  const against = params.get("with");
  const chosen = (g) => (edited ? g.ref === against : g.ref === "kalah" || g.ref === "oware");
  const rows = games.map((g) => row(g, chosen(g)));
  if (edited) rows.unshift(row({ ref: "(edited)", name: "the edited file" }, true));
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
  if (edited) run();

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
      const game = box.value === "(edited)" ? { text: sessionStorage.getItem("edited") } : { ref: box.value };
      variants.push({ game, options, label: box.value === "(edited)" ? "edited" : undefined });
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
        result.replaceChildren(
          el("div", { class: "results", id: "compare-results" }, state.summaries.map(resultCard)),
          charts,
          el("details", {}, el("summary", {}, "As the command line prints it"), el("pre", { class: "table", id: "compare-table", tabindex: 0 }, state.table)));
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  }
}


const fixed = (digits) => (x) => (x == null ? "–" : x.toFixed(digits));
// What a comparison found of one variant, a line a figure, in the words of
// `compare`'s table.
const FIGURES = [
  ["games", (s) => s.games],
  ["rounds: mean", (s) => (s.matches ? fixed(2)(s.rounds_mean) : null)],
  ["South wins", (s) => s.south_wins],
  ["North wins", (s) => s.north_wins],
  ["draws", (s) => s.draws],
  ["unfinished", (s) => s.unfinished],
  ["South's score (95% interval)", (s) => `${fixed(3)(s.south_score)} (${fixed(3)(s.south_score_low)}–${fixed(3)(s.south_score_high)})`],
  ["turns: mean", (s) => fixed(1)(s.turns_mean)],
  ["turns: median (p10–p90)", (s) => `${s.turns_median} (${s.turns_p10}–${s.turns_p90})`],
  ["branching factor", (s) => fixed(2)(s.branching_mean)],
  ["repetition draws", (s) => s.repetition_draws],
  ["endless moves met", (s) => s.endless_moves_met],
  ["lead changes: mean", (s) => fixed(2)(s.lead_changes_mean)],
  ["drama", (s) => fixed(3)(s.drama)],
  ["decisiveness", (s) => fixed(3)(s.decisiveness)],
  ["captured per turn", (s) => fixed(2)(s.captured_per_turn)],
  ["ms per game", (s) => fixed(3)(s.milliseconds_per_game)],
];

function resultCard(summary) {
  const rows = FIGURES.map(([name, value]) => [name, value(summary)]).filter(([, value]) => value !== null);
  return el("section", { class: "result", "data-result": summary.variant },
    el("h3", {}, summary.variant),
    el("table", {}, el("tbody", {}, rows.map(([name, value]) => el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, String(value)))))));
}
