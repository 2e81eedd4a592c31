// The editor page: a game file checked as it is typed.
import { el, api, newPage, library } from "./common.js";
import { drawBoard } from "./board.js";

export async function showEditor(reference) {
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
  // The game this text started from (kept across reloads), to compare with.
  if (reference) sessionStorage.setItem("edited-from", reference);
  const original = reference || sessionStorage.getItem("edited-from");
  const [games, about] = await Promise.all([library().catch(() => []), api("/api/about").catch(() => ({}))]);
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
      el("button", { id: "play-edited", disabled: true, on: { click: () => { sessionStorage.setItem("edited", source.value); location.hash = "#/play-edited"; } } }, "Play this game"),
      el("button", {
        id: "compare-original", class: "secondary", disabled: true, hidden: !original, title: `random games of this file and of ${original}, side by side`,
        on: { click: () => { sessionStorage.setItem("edited", source.value); location.hash = `#/compare?edited=1&with=${encodeURIComponent(original)}`; } },
      }, `Compare with ${original}`)),
    fileTools(source, reference, about, () => check()),
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
    document.getElementById("compare-original").disabled = !result.valid;
    const preview = document.getElementById("preview");
    if (result.valid) {
      preview.replaceChildren(
        el("h2", {}, result.game.name), el("p", { class: "muted" }, result.game.summary),
        drawBoard(result.game.layout, result.game.start),
        el("pre", { class: "explain", id: "explain", tabindex: 0 }, result.game.explain));
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

// Opening a file from this computer, downloading the text, and saving it into
// the games folder when the server allows (`--writable`).
function fileTools(source, reference, about, check) {
  const stem = reference ? reference.replace(/^dir:/, "") : "my-variant";
  const name = el("input", { id: "save-name", value: reference && reference.startsWith("dir:") ? stem : `${stem}-variant`, "aria-label": "file name", size: 16, pattern: "[A-Za-z0-9_-]{1,64}" });
  const said = el("span", { id: "save-result", role: "status", class: "muted" });
  const open = el("input", {
    id: "open-file", type: "file", accept: ".toml,text/plain", "aria-label": "open a game file from this computer",
    on: {
      change: async (e) => {
        const file = e.target.files[0];
        if (!file) return;
        if (file.size > 1 << 20) {
          said.textContent = `${file.name} is larger than a game file may be (1 MiB).`;
          return;
        }
        source.value = await file.text();
        sessionStorage.setItem("edited", source.value);
        name.value = file.name.replace(/\.toml$/, "").replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 64);
        said.textContent = `Opened ${file.name}.`;
        check();
      },
    },
  });
  const download = () => {
    const link = el("a", { href: URL.createObjectURL(new Blob([source.value], { type: "application/toml" })), download: `${name.value || "game"}.toml` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  const save = async () => {
    try {
      const saved = await api("/api/save", { name: name.value, text: source.value });
      said.replaceChildren(`Saved as ${name.value}.toml in the games folder. `,
        el("a", { href: `#/play/${encodeURIComponent(saved.ref)}` }, "Play it from the library"));
    } catch (e) {
      said.textContent = e.message;
    }
  };
  return el("div", { class: "controls files" },
    el("label", { class: "file-button" }, "Open a file… ", open),
    el("label", {}, "name ", name, ".toml"),
    el("button", { id: "download-file", class: "secondary", on: { click: download } }, "Download"),
    about.writable ? el("button", { id: "save", class: "secondary", on: { click: save } }, "Save to the games folder") : null,
    said);
}
