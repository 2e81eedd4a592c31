// The mancala playground: library, play, editor, compare, scenarios. Plain DOM,
// no library; every rule is the server's (the JSON API), the pages only draw.
import { showLibrary } from "./library.js";
import { showPlay } from "./play.js";
import { showEditor } from "./editor.js";
import { showCompare } from "./compare.js";
import { showScenarios } from "./scenarios.js";

function route() {
  const [path, query] = (location.hash.slice(1) || "/").split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query || "");
  const page = { play: "library", "play-edited": "edit", edit: "edit", compare: "compare", scenarios: "scenarios" }[parts[0]] || "library";
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("active", link.dataset.nav === page);
  if (parts[0] === "play" && parts[1]) return showPlay(parts[1], params);
  if (parts[0] === "play-edited") return showPlay(null, params);
  if (parts[0] === "edit") return showEditor(parts[1] || null);
  if (parts[0] === "compare") return showCompare(params);
  if (parts[0] === "scenarios") return showScenarios();
  return showLibrary();
}

window.addEventListener("hashchange", route);
route();
