// The score log: the logged game and its player, Accept and Undo, and the score sheet; with
// several phones at one table, writes that know which sheet they saw, and a page that keeps up.

import { api, changedSheet, writeSheet } from "./api.js";
import { game, playedOnTray } from "./capture.js";
import { addHuntPlayer, huntPlayers } from "./hunt.js";
import { state } from "./state.js";
import { showTimer } from "./timer.js";
import { $, busy, cell, item, sentence, signed } from "./ui.js";
import { agreedDictionary, dictionary } from "./words.js";

const WATCH_MS = 3000;   // how often the sheet is asked for while the page is in view

// The logged games in the menu: those being played, then the finished ones (to see their sheets).
export async function loadLog() {
  state.logged = await api("GET", "/api/log/games");
  const select = $("log-game");
  const keep = select.value;
  select.replaceChildren(new Option("not logged", ""));
  for (const [title, over] of [["Playing", false], ["Finished", true]]) {
    const group = document.createElement("optgroup");
    group.label = title;
    for (const g of state.logged.filter((g) => g.over === over)) group.append(new Option(`${g.title} (${g.status})`, g.id));
    if (group.children.length) select.append(group);
  }
  if (state.logged.some((g) => String(g.id) === keep)) select.value = keep;
  choosePlayers();
}

export async function loadKinds() {
  for (const kind of await api("GET", "/api/log/kinds")) $("new-kind").add(new Option(kind.title, kind.name));
}

export async function newGame() {
  const players = $("new-players").value.split(",").map((p) => p.trim()).filter(Boolean);
  const number = (id) => ($(id).value ? Number($(id).value) : null);
  await busy($("new-button"), async () => {
    const kind = $("new-kind").value;
    const game = await api("POST", "/api/log/games", {
      kind, players, target: number("new-target"), rounds: number("new-rounds"),
      ...(kind === $("game").value ? dictionary() : {}),  // else the game's own
      fast: playedOnTray(kind) && $("new-fast").checked,
      block_wild: playedOnTray(kind) && $("new-block-wild").checked,
    });
    await loadLog();
    $("log-game").value = game.id;
    $("new-game").open = false;
    choosePlayers();
  });
}

export function loggedGame() { return state.logged.find((g) => String(g.id) === $("log-game").value); }

// The logged game a capture is for, so that the server scores it on that game's terms.
export function loggedId() { return loggedGame() ? loggedGame().id : null; }

export function choosePlayers() {
  const g = loggedGame();
  $("player-label").hidden = !g || playedOnTray(g.kind) || g.over;
  $("sheet-button").hidden = !g;
  $("player").replaceChildren(...(g ? g.players : []).map((p) => new Option(p, p)));
  if (g && g.to_play.length) $("player").value = g.to_play[0];
  if (g && $("game").value !== g.kind) {
    $("game").value = g.kind;
    showTimer();
  }
  $("lang").value = g ? agreedDictionary(g) : game().lang;  // a logged game's was agreed at its start
  $("lang").disabled = Boolean(g);
  if (g && playedOnTray(g.kind) && huntPlayers().map((p) => p.name).join("\n") !== g.players.join("\n")) {
    $("hunt-players").replaceChildren();
    for (const name of g.players) addHuntPlayer(name);
    $("fast").checked = g.fast;  // agreed when the game started: every round is scored so
    $("block-wild").checked = g.block_wild;
  }
  $("fast").disabled = $("block-wild").disabled = Boolean(g && playedOnTray(g.kind));
  showLogStatus();
  updateAccept();
}

// The logged game's title and status in full, wrapped (a menu's line is cut off on a phone).
function showLogStatus() {
  const g = loggedGame();
  $("log-status").hidden = !g;
  if (!g) return;
  $("log-status").textContent = `${g.title}. ${sentence(g.status)}`;
  const option = [...$("log-game").options].find((o) => o.value === String(g.id));
  option.text = `${g.title} (${g.status})`;
}

// A tab left open while another phone records turns: the player menu follows whose turn it is.
export async function followPlayer() {
  const g = loggedGame();
  if (!g) return;
  const fresh = (await api("GET", "/api/log/games")).find((other) => other.id === g.id);
  if (!fresh) return;
  const moved = fresh.to_play.join() !== g.to_play.join();
  Object.assign(g, fresh);
  if (moved && fresh.to_play.length && !playedOnTray(g.kind)) $("player").value = fresh.to_play[0];
  showLogStatus();
}

export function updateAccept() {
  const capture = state.capture;
  const g = loggedGame();
  const recorded = capture && capture.recorded;
  const open = g && (!g.over || recorded);
  $("accept").hidden = !(capture && capture.tally && open && g.kind === capture.game);
  $("accept-round").hidden = !(capture && capture.kind === "tray" && open && playedOnTray(g.kind));
  $("accept").disabled = $("accept-round").disabled = Boolean(recorded);
  for (const id of ["accept-note", "round-note"]) $(id).textContent = recorded ? `Recorded as ${recorded}.` : "";
  $("undo").hidden = !(recorded && !$("accept").hidden);
  $("round-undo").hidden = !(recorded && !$("accept-round").hidden);
  showPass();
}

// The capture is now a turn: the page learns what it was recorded as, so Accept cannot repeat it.
async function recorded(done) {
  state.capture.recorded = (await api("GET", `/api/captures/${state.capture.id}`)).recorded;
  await loadLog();
  showSheet(done.sheet);
}

export async function accept() {
  const g = loggedGame();
  const player = $("player").value;
  await once($("accept"), async () => {
    await recorded(await logWrite(g, "turns", { capture: state.capture.id, player }));
  });
}

export async function acceptRound() {
  const g = loggedGame();
  await once($("accept-round"), async () => {
    await recorded(await logWrite(g, "rounds",
      { capture: state.capture.id, players: huntPlayers(), fast: $("fast").checked, block_wild: $("block-wild").checked }));
  });
}

// Undo names what it removes, and removes it only if the sheet is still the one this page saw.
export async function undo(event) {
  const g = loggedGame();
  if (!g || !g.last || !confirm(`Undo ${g.last}? It comes off the score sheet.`)) return;
  await once(event.target, async () => {
    const done = await logWrite(g, "undo");
    if (state.capture) state.capture.recorded = (await api("GET", `/api/captures/${state.capture.id}`)).recorded;
    await loadLog();
    showSheet(done.sheet);
    $("sheet-note").textContent = done.text;
  });
}

export async function openSheet() {
  const g = loggedGame();
  if (!g) return;
  await busy($("setup"), async () => showSheet(await api("GET", `/api/log/games/${g.id}`)));
}

// The score sheet as a table: a row a round, a column a player (or partnership), the totals,
// whose turn it is, and in a Game Two round the word lengths each player has left.
function showSheet(out, scroll = true) {
  const sheet = out.sheet;
  $("sheet-title").textContent = out.game.title;
  const table = $("sheet-table");
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  head.append(cell("th", "Round"));
  for (const player of sheet.players) {
    const th = cell("th", player.name);
    if (sheet.to_play.includes(player.name) && !sheet.over) {
      th.classList.add("to-play");
      th.append(cell("small", " to play"));
    }
    if (sheet.winners.includes(player.name)) th.classList.add("winner");
    head.append(th);
  }
  const body = table.createTBody();
  sheet.rounds.forEach((round, i) => {
    const tr = body.insertRow();
    tr.append(cell("th", String(round.number)));
    for (const player of sheet.players) {
      const score = player.rounds[i];
      tr.append(cell("td", score === null || score === undefined ? "–" : signed(score)));
    }
  });
  const lengths = sheet.lengths_left;
  if (!sheet.over && Object.keys(lengths).length) {
    const tr = body.insertRow();
    tr.className = "lengths";
    tr.append(cell("th", `Lengths left in round ${sheet.round}`));
    for (const player of sheet.players) {
      const left = lengths[player.name];
      tr.append(cell("td", left ? left.join(", ") || "none" : ""));
    }
  }
  const foot = table.createTFoot().insertRow();
  foot.append(cell("th", "Total"));
  for (const player of sheet.players) foot.append(cell("td", signed(player.total)));
  $("sheet-status").textContent = [...sheet.notes, sentence(sheet.status)].join(" ");
  $("sheet-rounds").replaceChildren(...sheet.rounds.filter((r) => Object.keys(r.lines).length).map((round) => {
    const details = document.createElement("details");
    details.append(cell("summary", `Round ${round.number}`));
    for (const [name, lines] of Object.entries(round.lines)) {
      details.append(cell("h3", name));
      const ul = document.createElement("ul");
      ul.append(...lines.map((line) => item(line, "")));
      details.append(ul);
    }
    return details;
  }));
  for (const fmt of ["csv", "json"]) $(`export-${fmt}`).href = `/api/log/games/${sheet.id}/export.${fmt}`;
  $("sheet-text").textContent = out.text;
  $("sheet-note").textContent = "";
  $("sheet-undo").hidden = !sheet.rounds.length;
  $("sheet").hidden = false;
  if (scroll) $("sheet").scrollIntoView();
}

// A write to the logged game `g`: where another phone has changed the sheet since this page saw
// it, nothing is written and the page shows the sheet as it is now.
async function logWrite(g, path, body) {
  try {
    return await writeSheet(g, path, body);
  } catch (error) {
    if (error.status === 412 && error.data.sheet) {
      await loadLog();
      showSheet(error.data.sheet, false);
      $("sheet-note").textContent = sentence(error.message);
    }
    throw error;
  }
}

// Run `work` for `button`, which stays disabled until it is done: a second tap is ignored.
async function once(button, work) {
  button.disabled = true;
  $("log-note").hidden = true;
  state.writing += 1;
  try {
    await busy(button, work);
  } finally {
    state.writing -= 1;
    button.disabled = false;
    updateAccept();
  }
}

// Another phone's turns appear without a reload: while the page is in view, it asks for the
// sheet every few seconds.
export function watchSheet() {
  setInterval(checkSheet, WATCH_MS);
}

export async function checkSheet() {
  const g = loggedGame();
  if (!g || state.writing || document.visibilityState !== "visible") return;
  const response = await changedSheet(g);
  if (!response || state.writing || loggedGame() !== g) return;
  const out = await response.json();
  await loadLog();
  if (!$("sheet").hidden) showSheet(out, false);
  $("log-note").textContent = `The score sheet changed on another phone (last: ${out.game.last || "no turns"}). ${sentence(out.game.status)}`;
  $("log-note").hidden = false;
}

// Game Two: a player may pass for the rest of the round after the second toss (rule 4c).
export function showPass() {
  const g = loggedGame();
  $("pass").hidden = !(g && g.may_pass.includes($("player").value));
}

export async function pass() {
  const g = loggedGame();
  await once($("pass"), async () => {
    const done = await logWrite(g, "passes", { player: $("player").value });
    await loadLog();
    showSheet(done.sheet);
    $("sheet-note").textContent = `${done.text}.`;
  });
}
