// The phone page: take a photo, see the tally, tap a cube to correct it, record the turn.
// This module wires the page's controls to the other modules and brings the page back to its
// place after a reload.

import { api } from "./api.js";
import { zoomPhoto } from "./board.js";
import { game, playedOnTray, sendGrid, sendPhoto, show, switchGame } from "./capture.js";
import { cancelMove, fixSubmitted, moveTo, sendCorrection } from "./dialogs.js";
import { addHuntPlayer, boardWords, scoreHunt } from "./hunt.js";
import { hold, startLive, stopLive } from "./live.js";
import {
  accept, acceptRound, checkSheet, choosePlayers, followPlayer, loadKinds, loadLog, loggedGame,
  newGame, openSheet, pass, showPass, undo, watchSheet,
} from "./sheet.js";
import { rememberGame, rememberedGame, savePlace, savedPlace, state } from "./state.js";
import { resetClock, showTimer, startTimer, stopTimer } from "./timer.js";
import { $, busy, say } from "./ui.js";
import { loadWordLists, settleWord, uploadWordList } from "./words.js";

async function start() {
  $("game").addEventListener("change", () => {
    rememberGame($("game").value);
    showTimer();
    $("lang").value = game().lang;
    const g = loggedGame();
    if (g && g.kind !== $("game").value) $("log-game").value = "";
    choosePlayers();
  });
  $("photo").addEventListener("change", sendPhoto);
  $("grid-button").addEventListener("click", sendGrid);
  $("other-game-button").addEventListener("click", switchGame);
  $("fix").addEventListener("close", sendCorrection);
  $("fix").querySelector("form").addEventListener("submit", fixSubmitted);
  $("move-spare").addEventListener("click", () => moveTo(null, null));
  $("move-cancel").addEventListener("click", cancelMove);
  window.addEventListener("resize", () => { if (state.capture && state.capture.photo_url) zoomPhoto(); });
  $("accept").addEventListener("click", accept);
  $("undo").addEventListener("click", undo);
  $("sheet-undo").addEventListener("click", undo);
  $("round-undo").addEventListener("click", undo);
  $("sheet-button").addEventListener("click", openSheet);
  $("sheet-close").addEventListener("click", () => { $("sheet").hidden = true; });
  $("add-player").addEventListener("click", () => addHuntPlayer(""));
  $("hunt-button").addEventListener("click", scoreHunt);
  $("log-game").addEventListener("change", choosePlayers);
  $("new-button").addEventListener("click", newGame);
  $("new-kind").addEventListener("change", () => { $("new-hunt-options").hidden = !playedOnTray($("new-kind").value); });
  $("block-wild").addEventListener("change", () => { if (state.capture && state.capture.kind === "tray") busy($("block-wild"), boardWords); });
  $("accept-round").addEventListener("click", acceptRound);
  $("live-button").addEventListener("click", () => busy($("live-button"), startLive, "Opening the camera…"));
  $("hold").addEventListener("click", hold);
  $("live-stop").addEventListener("click", stopLive);
  $("all-words-button").addEventListener("click", () => busy($("all-words-button"), boardWords));
  $("timer-start").addEventListener("click", startTimer);
  $("timer-stop").addEventListener("click", () => { stopTimer(); resetClock(); });
  $("minutes").addEventListener("input", resetClock);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) followPlayer().catch(() => {}); });
  addHuntPlayer("");
  addHuntPlayer("");
  state.games = await api("GET", "/api/games");
  for (const g of state.games) $("game").add(new Option(g.title, g.name));
  const saved = rememberedGame();
  if (saved && state.games.some((g) => g.name === saved)) $("game").value = saved;
  $("lang").value = game().lang;
  showTimer();
  await Promise.all([loadLog(), loadKinds()]);
  await startTable();
  document.body.dataset.ready = "yes";
}

// What the page does for the table: word lists, a disputed word, Game Two's pass, the place
// kept across reloads, and the sheet kept up with the other phones.
async function startTable() {
  $("wordlist-file").addEventListener("change", uploadWordList);
  $("settle-button").addEventListener("click", settleWord);
  $("settle-word").addEventListener("keydown", (event) => { if (event.key === "Enter") settleWord(); });
  $("pass").addEventListener("click", pass);
  $("player").addEventListener("change", showPass);
  for (const event of ["input", "change"]) document.addEventListener(event, savePlace);
  window.addEventListener("pagehide", savePlace);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") savePlace();
    else checkSheet();
  });
  await loadWordLists();
  choosePlayers();  // a logged game's own word list is now in the menu
  await restorePlace();
  watchSheet();
}

// A reload comes back to the place saved in this tab.
async function restorePlace() {
  const place = savedPlace();
  if (!place) return;
  if (state.games.some((g) => g.name === place.game)) $("game").value = place.game;
  if (state.logged.some((g) => String(g.id) === place.log)) $("log-game").value = place.log;
  showTimer();
  choosePlayers();
  const g = loggedGame();
  if (!g && [...$("lang").options].some((o) => o.value === place.lang)) $("lang").value = place.lang;
  if (g && g.to_play.includes(place.player)) $("player").value = place.player;
  showPass();
  if (place.hunt.length) {
    $("hunt-players").replaceChildren();
    for (const [name, words] of place.hunt) {
      addHuntPlayer(name);
      $("hunt-players").lastChild.querySelector(".hunt-words").value = words;
    }
  }
  if (place.capture) {
    // The server forgets captures when it restarts: then there is none to show.
    const kept = await api("GET", `/api/captures/${place.capture}`).catch(() => null);
    if (kept) show(kept);
  }
}

start().catch((error) => say(error.message));
