// The page's one state: what it shows and what it is doing, kept here and in no other module;
// and its place, kept in the browser's storage so that a reload comes back to it.

import { $ } from "./ui.js";

export const state = {
  games: [],           // the games the server scores
  logged: [],          // the score log's games, those being played and the finished ones
  capture: null,       // the capture being scored (CaptureOut)
  photoFile: null,     // the last photo sent, to read again for another game
  fixing: null,        // the cube being corrected
  moving: null,        // the cube being moved: the next empty square tapped is where it goes
  onBoard: new Map(),  // word -> its path of [row, col] squares, for the capture shown
  writing: 0,          // writes of this page in flight: a change seen meanwhile may be theirs
  live: null,          // { id, stream } while the camera is on
  timer: null,         // the round timer's interval while it runs
};

// The capture shown is `capture` in the browser's console (and to the page's tests).
Object.defineProperty(globalThis, "capture", { get: () => state.capture });

const GAME = "cubecam.game";

// The game chosen last in this browser, offered first the next time.
export function rememberGame(name) {
  localStorage.setItem(GAME, name);
}

export function rememberedGame() {
  return localStorage.getItem(GAME);
}

// The page's place (the game, the logged game and player, the capture, the word lists being
// typed) is kept in this tab's storage, so that a reload comes back to it.
const PLACE = "cubecam.place";

export function savePlace() {
  sessionStorage.setItem(PLACE, JSON.stringify({
    game: $("game").value,
    lang: $("lang").value,
    log: $("log-game").value,
    player: $("player").value,
    capture: state.capture ? state.capture.id : null,
    hunt: [...$("hunt-players").children].map((div) =>
      [div.querySelector(".hunt-name").value, div.querySelector(".hunt-words").value]),
  }));
}

// The place saved in this tab, or null.
export function savedPlace() {
  return JSON.parse(sessionStorage.getItem(PLACE) || "null");
}
