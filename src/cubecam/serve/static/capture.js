// The capture: a photo or a typed grid sent for the game chosen, and what the server read shown.

import { api } from "./api.js";
import { showBoard, showPhoto } from "./board.js";
import { stopLive } from "./live.js";
import { followPlayer, loggedId, updateAccept } from "./sheet.js";
import { state } from "./state.js";
import { showTally } from "./tally.js";
import { $, busy, item, sentence } from "./ui.js";
import { dictionary } from "./words.js";

// The game chosen in the menu.
export function game() { return state.games.find((g) => g.name === $("game").value); }

export function playedOnTray(name) { return state.games.some((g) => g.name === name && g.kind === "tray"); }

export async function sendPhoto() {
  const file = $("photo").files[0];
  if (!file) return;
  await readPhoto(file);
  $("photo").value = "";
}

async function readPhoto(file) {
  state.photoFile = file;
  const form = new FormData();
  form.append("photo", file);
  form.append("game", $("game").value);
  const { lang, wordlist } = dictionary();
  form.append("lang", lang);
  if (wordlist) form.append("wordlist", wordlist);
  if (loggedId()) form.append("logged", loggedId());
  forget();
  await busy($("capture"), async () => {
    show(await api("POST", "/api/captures/photo", form));
    $("result").scrollIntoView();
  }, "Reading the cubes…");
}

// --- The wrong game chosen: the photo's layout or faces fit another game, offered in one tap ---

function showOtherGame() {
  const capture = state.capture;
  const other = capture.other_game;
  $("other-game").hidden = !other;
  if (!other) return;
  const chosen = state.games.find((g) => g.name === capture.game).title;
  $("other-game-why").textContent = `This photo fits ${other.game.title} better than ${chosen}: ${other.why}.`;
  $("other-game-button").textContent = `Score it as ${other.game.title}`;
  $("other-game-button").dataset.game = other.game.name;
}

export async function switchGame() {
  $("game").value = $("other-game-button").dataset.game;
  $("game").dispatchEvent(new Event("change"));
  await readPhoto(state.photoFile);
}

export async function sendGrid() {
  forget();
  await busy($("grid-button"), async () => {
    show(await api("POST", "/api/captures/grid",
      { game: $("game").value, grid: $("grid-text").value, ...dictionary(), logged: loggedId() }));
    $("result").scrollIntoView();
  });
}

// A new photo or grid is on its way: the last one's result is no longer shown.
export function forget() {
  stopLive();
  state.capture = null;
  $("result").hidden = true;
}

export function show(next) {
  if (!state.capture || state.capture.id !== next.id) followPlayer().catch(() => {});  // a new turn's photo
  state.capture = next;
  state.moving = null;
  $("move-note").hidden = true;
  $("board-score").hidden = true;
  $("result").hidden = false;
  $("grid-text").value = next.grid;
  $("warnings").replaceChildren(
    ...[...next.notes, ...next.warnings].map((text) => item(sentence(text), "warning")),
  );
  showOtherGame();
  showTally();
  showPhoto();
  showBoard();
  $("hunt").hidden = next.kind !== "tray";
  // A new board, or a die corrected: what was said about the last one no longer holds.
  $("hunt-result").textContent = "";
  $("all-words").replaceChildren();
  $("all-words-note").textContent = "";
  state.onBoard = new Map();
  $("path-note").hidden = $("hunt-meaning").hidden = true;
  updateAccept();
}
