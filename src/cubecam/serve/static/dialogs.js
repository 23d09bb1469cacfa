// Tapping a cube: change its letter, move it, or remove it, in the cube's dialog.

import { api } from "./api.js";
import { show } from "./capture.js";
import { state } from "./state.js";
import { $, busy, label, sentence, signed } from "./ui.js";

export function openFix(cube) {
  state.fixing = cube;
  state.moving = null;
  $("move-note").hidden = true;
  const where = cube.row === null || cube.row === undefined ? "left over" : `at row ${cube.row + 1}, column ${cube.col + 1}`;
  $("fix-question").textContent = cube.empty ? `A cube the camera missed ${where}. It shows:`
    : `The cube ${where} is ${cube.read_as ? `${label(cube.symbol)} (read as ${label(cube.read_as)})` : label(cube.symbol)}. It really is:`;
  $("fix-ok").textContent = cube.empty ? "Add" : "Correct";
  // A die on a tray's square is changed, never moved, left over or removed: every square holds one.
  const onTray = state.capture.kind === "tray" && cube.row !== null && cube.row !== undefined;
  $("fix-more").hidden = Boolean(cube.empty) || onTray;
  $("fix-spare").hidden = cube.row === null || state.capture.kind === "tray";
  $("fix-symbol").value = "";
  $("fix-error").hidden = true;
  $("fix-choices").replaceChildren(...(cube.alternatives || []).map((symbol) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label(symbol);
    button.addEventListener("click", () => { $("fix-symbol").value = symbol; correctCube(); });
    return button;
  }));
  $("fix").returnValue = "";
  $("fix").showModal();
  $("fix-symbol").focus();
}

// A letter typed or chosen in the dialog: the server takes it, or says why not there, in the
// dialog, and the board stays as it was.
export function fixSubmitted(event) {
  if (event.submitter && event.submitter.value !== "ok") return;  // the rest are done on closing
  event.preventDefault();
  correctCube();
}

async function correctCube() {
  const cube = state.fixing;
  const symbol = $("fix-symbol").value.trim();
  const error = $("fix-error");
  if (!symbol) {
    error.textContent = sentence("type the letter the cube shows");
    error.hidden = false;
    return;
  }
  $("fix-ok").disabled = true;
  try {
    const next = cube.empty
      ? await api("POST", `/api/captures/${state.capture.id}/cubes`, { row: cube.row, col: cube.col, symbol })
      : await api("POST", `/api/captures/${state.capture.id}/corrections`, { cube: cube.index, symbol });
    $("fix").close("done");
    changed(next);
  } catch (refused) {
    error.textContent = sentence(refused.message);
    error.hidden = false;
    $("fix-symbol").select();
  } finally {
    $("fix-ok").disabled = false;
  }
}

// A cube changed on the board: the new score is said beside the board, where the player looks.
function changed(next) {
  const before = state.capture.tally;
  show(next);
  const note = $("board-score");
  const tally = next.tally;
  if (tally) {
    const was = before && before.final !== tally.final ? ` (was ${signed(before.final)})` : "";
    note.textContent = `Score ${signed(tally.final)}${was}`;
  } else {
    const why = next.warnings.find((w) => w.startsWith("cannot score"));
    note.textContent = why ? sentence(why) : "";
  }
  note.hidden = !note.textContent;
  if (!note.hidden) note.scrollIntoView({ block: "nearest" });
}

// The dialog closed with Move it, Left over or Remove it.
export async function sendCorrection() {
  const cube = state.fixing;
  const choice = $("fix").returnValue;
  state.fixing = null;
  if (!cube || ["cancel", "", "done", "ok"].includes(choice)) return;
  if (choice === "move") {
    state.moving = cube;
    $("move-what").textContent = label(cube.symbol);
    $("move-note").hidden = false;
    $("move-spare").hidden = cube.row === null;
    $("move-note").scrollIntoView({ block: "center" });
    return;
  }
  const url = `/api/captures/${state.capture.id}/cubes`;
  await busy($("board"), async () => {
    if (choice === "remove") changed(await api("DELETE", `${url}/${cube.index}`));
    else if (choice === "spare") changed(await api("POST", `${url}/${cube.index}/move`, { row: null, col: null }));
  });
}

export async function moveTo(row, col) {
  const cube = state.moving;
  await busy($("board"), async () => changed(await api("POST",
    `/api/captures/${state.capture.id}/cubes/${cube.index}/move`, { row, col })));
}

// The move given up: the cube stays where it is.
export function cancelMove() {
  state.moving = null;
  $("move-note").hidden = true;
}
