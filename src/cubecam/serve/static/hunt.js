// The word hunt: each player's words scored for the round, every word on the board, and where a
// word lies on it.

import { api } from "./api.js";
import { playedOnTray } from "./capture.js";
import { loggedGame } from "./sheet.js";
import { state } from "./state.js";
import { $, busy, cell, edge, item, svg } from "./ui.js";
import { showMeaning } from "./words.js";

export function addHuntPlayer(name) {
  const div = document.createElement("div");
  div.className = "player";
  const n = $("hunt-players").children.length + 1;
  div.innerHTML = `<label>Name <input type="text" class="hunt-name"></label>
    <label>Words (one a line) <textarea class="hunt-words" rows="4" autocapitalize="none"></textarea></label>`;
  div.querySelector(".hunt-name").value = name || `Player ${n}`;
  $("hunt-players").append(div);
}

export function huntPlayers() {
  return [...$("hunt-players").children].map((div) => ({
    name: div.querySelector(".hunt-name").value.trim(),
    words: div.querySelector(".hunt-words").value,
  })).filter((p) => p.name);
}

export async function scoreHunt() {
  const g = loggedGame();
  const compounds = Boolean(g && playedOnTray(g.kind) && g.compounds);  // as the log scores it
  await busy($("hunt-button"), async () => {
    const [result] = await Promise.all([
      api("POST", `/api/captures/${state.capture.id}/hunt`,
        { players: huntPlayers(), fast: $("fast").checked, compounds, block_wild: $("block-wild").checked }),
      boardWords(),
    ]);
    showHunt(result);
  });
}

// The round's sheet: each player's points, then each player's words, scored or not and why.
function showHunt(result) {
  const out = $("hunt-result");
  out.replaceChildren();
  const table = document.createElement("table");
  table.className = "round-sheet";
  const head = table.createTHead().insertRow();
  for (const title of ["Player", "Words that score", "Points"]) head.append(cell("th", title));
  const body = table.createTBody();
  for (const player of result.players) {
    const tr = body.insertRow();
    const written = player.accepted.length + player.rejected.length;
    tr.append(cell("th", player.name), cell("td", `${player.accepted.length} of ${written}`),
      cell("td", String(player.total)));
    if (result.winners.includes(player.name)) tr.classList.add("winner");
  }
  out.append(table);
  for (const player of result.players) {
    const div = document.createElement("div");
    div.className = "hunt-player";
    const words = document.createElement("ul");
    for (const w of player.accepted) words.append(wordItem(w.word, String(w.points), ""));
    for (const w of player.rejected) words.append(wordItem(w.word, w.reason, "rejected"));
    div.append(cell("h3", `${player.name}: ${player.total}`), words);
    out.append(div);
  }
  const winner = cell("p", result.winner ? `Winner: ${result.winner}` : "No winner");
  winner.className = "score";
  out.append(winner);
  if (result.missed.length) {
    const p = cell("p", "Nobody found: ");
    p.className = "missed";
    result.missed.forEach((w, n) => p.append(n ? ", " : "", wordButton(w.word, `${w.word} (${w.points})`)));
    out.append(p);
  }
}

// --- Every word on the board, and where a word lies on it ---

export async function boardWords() {
  const result = await api("GET", `/api/captures/${state.capture.id}/words?block_wild=${$("block-wild").checked}`);
  state.onBoard = new Map(result.words.map((w) => [w.word, w.path]));
  const count = result.words.length;
  $("all-words-note").textContent =
    `${count} ${count === 1 ? "word" : "words"} on the board, ${result.max_score} points in all. Tap a word to see where it lies.`;
  $("all-words").replaceChildren(...result.words.map((w) => wordButton(w.word, `${w.word} ${w.points}`)));
}

function wordButton(word, text) {
  const button = cell("button", text);
  button.type = "button";
  button.className = "word";
  button.dataset.word = word;
  button.addEventListener("click", () => showPath(word));
  return button;
}

function wordItem(word, note, cls) {
  const li = item("", cls);
  li.append(state.onBoard.has(word) ? wordButton(word, word) : word, ` ${note}`);
  return li;
}

// Draw the word's path on the board (each die numbered in order) and over the photo.
function showPath(word) {
  const capture = state.capture;
  const path = state.onBoard.get(word) || [];
  for (const button of document.querySelectorAll("#grid button.path")) {
    button.classList.remove("path");
    delete button.dataset.step;
  }
  path.forEach(([r, c], n) => {
    const button = document.querySelector(`#grid button[data-row="${r}"][data-col="${c}"]`);
    button.classList.add("path");
    button.dataset.step = n + 1;
  });
  for (const old of document.querySelectorAll("#targets .path")) old.remove();
  const centers = path.map(([r, c]) => capture.cubes.find((k) => k.row === r && k.col === c))
    .filter((cube) => cube && cube.center).map((cube) => cube.center);
  if (centers.length) {
    const line = svg("g", { class: "path" }, $("targets"));
    const width = Math.min(...capture.cubes.filter((c) => c.corners).map(edge)) / 8;
    svg("polyline", { points: centers.map(([x, y]) => `${x},${y}`).join(" "), "stroke-width": width }, line);
    svg("circle", { cx: centers[0][0], cy: centers[0][1], r: width * 1.6 }, line);
  }
  $("path-note").textContent = path.length ? `${word}: ${path.map(([r, c]) => `row ${r + 1}, column ${c + 1}`).join(" → ")}` : "";
  $("path-note").hidden = !path.length;
  showMeaning(word, $("hunt-meaning"));
  (capture.photo_url ? $("figure") : $("board")).scrollIntoView({ block: "start" });
}
