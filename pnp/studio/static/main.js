// The studio page: draws the state the server sends, sends each change, and
// shows the server's verdict. The server holds the only copy of the tileset;
// the page never edits its own idea of it.

import * as api from "./api.js";
import { drawLinks } from "./board.js";
import { drawPlaytest, playing } from "./playtest.js";
import { tileCard } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const FOCUSABLE = "button, input, select";
let current = null;
let previewTimer = null;
let playtestTimer = null;
let playtestAsked = 0; // the latest play-test asked for: an older answer is not drawn

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

// Re-rendering replaces every control; put the keyboard focus back where it was.
function focusPlace() {
  const active = document.activeElement;
  const card = active && active.closest ? active.closest("[data-test=tile]") : null;
  if (!card) {
    return null;
  }
  return { tile: card.dataset.tile, index: [...card.querySelectorAll(FOCUSABLE)].indexOf(active) };
}

function restoreFocus(place) {
  if (!place) {
    return;
  }
  const card = document.querySelector(`[data-test=tile][data-tile="${CSS.escape(place.tile)}"]`);
  const controls = card ? [...card.querySelectorAll(FOCUSABLE)] : [];
  const target = controls[Math.min(place.index, controls.length - 1)];
  if (target) {
    target.focus();
  }
}

function renderVerdict(verdict) {
  const line = $("verdict");
  line.textContent = verdict.text;
  line.className = verdict.ok ? "good" : "bad";
  drawLinks($("link-board"), verdict.links);
  const list = $("findings");
  list.replaceChildren(...verdict.findings.map((finding) => {
    const item = document.createElement("li");
    item.className = finding.severity;
    item.textContent = `${finding.severity}: ${finding.message}${finding.fix ? ` Fix: ${finding.fix}` : ""}`;
    return item;
  }));
}

function renderPlayers(state) {
  const chooser = $("players");
  chooser.replaceChildren(...state.player_counts.map((count) => {
    const option = document.createElement("option");
    option.value = String(count);
    option.textContent = String(count);
    option.selected = count === state.players;
    return option;
  }));
}

function refreshPreview() {
  clearTimeout(previewTimer);
  // Drawing a sheet takes a moment: wait until a burst of edits is over.
  previewTimer = setTimeout(() => {
    const paper = $("paper").value;
    $("preview").src = `/api/preview.png?paper=${paper}&v=${Date.now()}`;
    $("preview-link").href = `/api/preview.pdf?paper=${paper}`;
  }, 400);
}

// Random games of the mix as it now stands, once a burst of edits is over; the
// server gives up a run whose mix has changed since, and only the latest is drawn.
function refreshPlaytest() {
  clearTimeout(playtestTimer);
  const panel = $("playtest");
  playing(panel);
  const asked = ++playtestAsked; // from now on an answer to an earlier ask is stale
  playtestTimer = setTimeout(async () => {
    if (asked !== playtestAsked) {
      return;
    }
    try {
      const answer = await api.playtest();
      if (asked === playtestAsked && !answer.superseded) {
        drawPlaytest(panel, answer);
      }
    } catch (error) {
      if (asked === playtestAsked) {
        $("playtest-text").textContent = `No play-test: ${error.message}`;
        $("playtest-chart").replaceChildren();
      }
    }
  }, 600);
}

function render(state) {
  const place = focusPlace();
  current = state;
  document.title = `${state.file} - pnp studio`;
  $("title").textContent = state.title;
  $("file").textContent = state.mix ? `${state.file} (a mix of ${state.game})` : state.file;
  $("status").textContent = state.dirty ? "unsaved changes" : "saved";
  $("undo").disabled = !state.history.undo;
  $("redo").disabled = !state.history.redo;
  $("tiles").replaceChildren(...state.tiles.map((tile) => tileCard(tile, state, change)));
  renderPlayers(state);
  renderVerdict(state.verdict);
  restoreFocus(place);
  refreshPreview();
  refreshPlaytest();
}

// Runs one call to the server and redraws from its answer; true if it was accepted.
async function run(action) {
  document.body.classList.add("busy");
  try {
    render(await action());
    showError("");
    return true;
  } catch (error) {
    showError(error.message);
    if (current) {
      render(current); // put back the values the server did not accept
    }
    return false;
  } finally {
    document.body.classList.remove("busy");
  }
}

function change(edit) {
  return run(() => api.edit(edit));
}

function showConflict(changes) {
  $("conflict-changes").textContent = changes.join("\n");
  $("conflict").hidden = false;
  $("keep-mine").focus(); // a dialog takes the keyboard: Enter keeps the edits
}

async function saveWith(action) {
  let answer = null;
  let conflict = null;
  const saved = await run(async () => {
    try {
      answer = await action();
    } catch (error) {
      conflict = error.answer && error.answer.conflict;
      throw error;
    }
    return answer.state;
  });
  if (saved) {
    $("conflict").hidden = true;
    $("status").textContent = `saved ${answer.saved} (previous version in ${answer.backup})`;
  } else if (conflict) {
    showConflict(conflict);
  }
}

async function loadDisk() {
  if (await run(api.loadDisk)) {
    $("conflict").hidden = true;
    $("status").textContent = "loaded the file's text (Undo brings your edits back)";
  }
}

// Ctrl-Z undoes and Ctrl-Shift-Z (or Ctrl-Y) redoes, Cmd on a Mac; inside a text
// field the field's own undo is left alone.
function historyKeys(event) {
  const mod = event.ctrlKey || event.metaKey;
  const typing = event.target.matches && event.target.matches("input, textarea, select");
  if (!mod || typing || event.altKey) {
    return;
  }
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) {
    event.preventDefault();
    run(api.undo);
  } else if ((key === "z" && event.shiftKey) || key === "y") {
    event.preventDefault();
    run(api.redo);
  }
}

$("save").addEventListener("click", () => saveWith(api.save));
$("undo").addEventListener("click", () => run(api.undo));
$("redo").addEventListener("click", () => run(api.redo));
$("keep-mine").addEventListener("click", () => saveWith(api.keepMine));
$("load-disk").addEventListener("click", loadDisk);
document.addEventListener("keydown", historyKeys);
$("add-kind").addEventListener("click", () => change({ op: "add" }));
$("players").addEventListener("change", () => run(() => api.choosePlayers(Number($("players").value))));
$("paper").addEventListener("change", refreshPreview);
window.addEventListener("beforeunload", (event) => {
  if (current && current.dirty) {
    event.preventDefault();
  }
});
// Leaving for good (the tab closed, the page reloaded): unsaved edits go to a
// recovery copy beside the file, and the studio's terminal says where.
window.addEventListener("pagehide", () => {
  if (current && current.dirty) {
    api.leave();
  }
});
run(api.getState);
