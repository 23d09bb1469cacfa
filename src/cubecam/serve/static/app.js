"use strict";
// The phone page: take a photo, see the tally, tap a cube to correct it, record the turn.

const $ = (id) => document.getElementById(id);
let capture = null;   // the capture being scored (CaptureOut)
let games = [];
let fixing = null;    // the cube being corrected

async function api(method, url, body) {
  const options = { method, headers: {} };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || `the server answered ${response.status}: try again`);
  return data;
}

// A message for the player, shown just below what they tapped (`near`) and scrolled into view.
function say(text, near) {
  const message = $("message");
  if (near) near.after(message);
  message.textContent = text ? sentence(text) : "";
  message.hidden = !text;
  if (text) message.scrollIntoView({ block: "center" });
}

function sentence(text) {
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

// Run `work` with a busy note below `near`; an error is said there.
async function busy(near, work, note = "One moment…") {
  say("");
  near.after($("busy"));
  $("busy").textContent = note;
  $("busy").hidden = false;
  try { await work(); } catch (error) { say(error.message, near); } finally { $("busy").hidden = true; }
}

function game() { return games.find((g) => g.name === $("game").value); }

async function start() {
  $("game").addEventListener("change", () => {
    localStorage.setItem("cubecam.game", $("game").value);
    $("lang").value = game().lang;
    const g = loggedGame();
    if (g && g.kind !== $("game").value) $("log-game").value = "";
    choosePlayers();
  });
  $("photo").addEventListener("change", sendPhoto);
  $("grid-button").addEventListener("click", sendGrid);
  $("fix").addEventListener("close", sendCorrection);
  $("accept").addEventListener("click", accept);
  $("undo").addEventListener("click", undo);
  $("sheet-undo").addEventListener("click", undo);
  $("sheet-button").addEventListener("click", showSheet);
  $("sheet-close").addEventListener("click", () => { $("sheet").hidden = true; });
  $("add-player").addEventListener("click", () => addHuntPlayer(""));
  $("hunt-button").addEventListener("click", scoreHunt);
  $("log-game").addEventListener("change", choosePlayers);
  $("new-button").addEventListener("click", newGame);
  $("accept-round").addEventListener("click", acceptRound);
  addHuntPlayer("");
  addHuntPlayer("");
  games = await api("GET", "/api/games");
  for (const g of games) $("game").add(new Option(g.title, g.name));
  const saved = localStorage.getItem("cubecam.game");
  if (saved && games.some((g) => g.name === saved)) $("game").value = saved;
  $("lang").value = game().lang;
  await Promise.all([loadLog(), loadKinds()]);
  document.body.dataset.ready = "yes";
}

async function sendPhoto() {
  const file = $("photo").files[0];
  if (!file) return;
  const form = new FormData();
  form.append("photo", file);
  form.append("game", $("game").value);
  form.append("lang", $("lang").value);
  forget();
  await busy($("capture"), async () => {
    show(await api("POST", "/api/captures/photo", form));
    $("result").scrollIntoView();
  }, "Reading the cubes…");
  $("photo").value = "";
}

async function sendGrid() {
  forget();
  await busy($("grid-button"), async () => {
    show(await api("POST", "/api/captures/grid",
      { game: $("game").value, grid: $("grid-text").value, lang: $("lang").value }));
    $("result").scrollIntoView();
  });
}

// A new photo or grid is on its way: the last one's result is no longer shown.
function forget() {
  capture = null;
  $("result").hidden = true;
}

function show(next) {
  capture = next;
  $("result").hidden = false;
  $("accept-note").textContent = "";
  $("grid-text").value = capture.grid;
  $("warnings").replaceChildren(...capture.warnings.map((text) => item(text, "warning")));
  showPhoto();
  showBoard();
  showTally();
  $("hunt").hidden = capture.kind !== "tray";
  $("hunt-result").textContent = "";
  updateAccept();
}

function showPhoto() {
  $("figure").hidden = !capture.image_url;
  if (!capture.image_url) return;
  $("annotated").src = `${capture.image_url}?t=${Date.now()}`;
  const [w, h] = capture.image_size;
  const svg = $("targets");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.replaceChildren();
  for (const cube of capture.cubes) {
    if (!cube.corners) continue;
    const polygon = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
    polygon.setAttribute("points", cube.corners.map(([x, y]) => `${x},${y}`).join(" "));
    polygon.dataset.cube = cube.index;
    if (cube.unsure) polygon.classList.add("unsure");
    polygon.addEventListener("click", () => openFix(cube));
    svg.append(polygon);
  }
  const unsure = capture.cubes.filter((c) => c.unsure).length;
  $("unsure-note").textContent = unsure ? `${unsure} cube(s) read with low confidence are marked.` : "";
}

function cubeButton(cube) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label(cube.symbol);
  button.dataset.cube = cube.index;
  if (cube.row !== null) Object.assign(button.dataset, { row: cube.row, col: cube.col });
  button.title = `${cube.symbol} (${Math.round(cube.confidence * 100)}%)`;
  if (cube.unsure) button.classList.add("unsure");
  if (cube.read_as) button.classList.add("fixed");
  button.addEventListener("click", () => openFix(cube));
  return button;
}

function label(symbol) {
  return { BLANK: "□", JOKER: "◇" }[symbol] || symbol;
}

function showBoard() {
  const table = $("grid");
  table.replaceChildren();
  const [top, left] = capture.origin;
  const height = capture.rows.length;
  const width = Math.max(0, ...capture.rows.map((row) => row.length));
  const validity = squareValidity();
  for (let r = top; r < top + height; r++) {
    const tr = table.insertRow();
    for (let c = left; c < left + width; c++) {
      const td = tr.insertCell();
      const cube = capture.cubes.find((k) => k.row === r && k.col === c);
      if (!cube) {
        td.append(emptyButton(r, c));
        continue;
      }
      const button = cubeButton(cube);
      const valid = validity.get(`${r},${c}`);
      if (valid !== undefined) button.classList.add(valid ? "valid" : "invalid");
      td.append(button);
    }
  }
  const spare = capture.cubes.filter((c) => c.row === null);
  $("unused-line").replaceChildren();
  if (spare.length) {
    $("unused-line").append("Left over: ");
    for (const cube of spare) $("unused-line").append(cubeButton(cube));
  }
}

function emptyButton(row, col) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "empty";
  button.textContent = "+";
  button.title = "add a cube the camera missed";
  button.dataset.row = row;
  button.dataset.col = col;
  button.addEventListener("click", () => openFix({ row, col, empty: true }));
  return button;
}

function squareValidity() {
  const validity = new Map();
  for (const word of capture.tally ? capture.tally.words : []) {
    for (const [r, c] of word.squares) {
      const key = `${r},${c}`;
      validity.set(key, (validity.get(key) ?? true) && word.valid);
    }
  }
  return validity;
}

function showTally() {
  const tally = capture.tally;
  $("tally").hidden = !tally;
  if (!tally) return;
  $("final").textContent = tally.final;
  $("words").replaceChildren(...tally.words.map((word) => {
    const li = document.createElement("li");
    if (!word.valid) li.classList.add("invalid");
    const name = document.createElement("span");
    name.textContent = word.valid ? word.word : `${word.word} (${word.reason || "not a word"})`;
    const score = document.createElement("span");
    score.textContent = word.score;
    li.append(name, score);
    return li;
  }));
  $("tally-text").textContent = tally.text;
}

function openFix(cube) {
  fixing = cube;
  $("fix-question").textContent = cube.empty ? "A cube the camera missed is here. It shows:"
    : `This cube is ${cube.read_as ? `${cube.symbol} (read as ${cube.read_as})` : cube.symbol}. It really is:`;
  $("fix-symbol").value = "";
  $("fix-choices").replaceChildren(...(cube.alternatives || []).map((symbol) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label(symbol);
    button.addEventListener("click", () => { $("fix-symbol").value = symbol; $("fix").close("ok"); });
    return button;
  }));
  $("fix").returnValue = "";
  $("fix").showModal();
  $("fix-symbol").focus();
}

async function sendCorrection() {
  const symbol = $("fix-symbol").value.trim();
  if ($("fix").returnValue !== "ok" || !symbol || !fixing) return;
  const cube = fixing;
  fixing = null;
  await busy($("board"), async () => show(cube.empty
    ? await api("POST", `/api/captures/${capture.id}/cubes`, { row: cube.row, col: cube.col, symbol })
    : await api("POST", `/api/captures/${capture.id}/corrections`, { cube: cube.index, symbol })));
}

// --- The score log ---------------------------------------------------------

let logged = [];

async function loadLog() {
  logged = (await api("GET", "/api/log/games")).filter((g) => !g.over);
  const select = $("log-game");
  const keep = select.value;
  select.replaceChildren(new Option("not logged", ""));
  for (const g of logged) select.add(new Option(`${g.title} (${g.status})`, g.id));
  if (logged.some((g) => String(g.id) === keep)) select.value = keep;
  choosePlayers();
}

async function loadKinds() {
  for (const kind of await api("GET", "/api/log/kinds")) $("new-kind").add(new Option(kind.title, kind.name));
}

async function newGame() {
  const players = $("new-players").value.split(",").map((p) => p.trim()).filter(Boolean);
  const target = $("new-target").value ? Number($("new-target").value) : null;
  await busy($("new-button"), async () => {
    const game = await api("POST", "/api/log/games", { kind: $("new-kind").value, players, target });
    await loadLog();
    $("log-game").value = game.id;
    $("new-game").open = false;
    choosePlayers();
  });
}

function loggedGame() { return logged.find((g) => String(g.id) === $("log-game").value); }

function choosePlayers() {
  const g = loggedGame();
  $("player-label").hidden = !g || g.kind === "hunt";
  $("sheet-button").hidden = !g;
  $("player").replaceChildren(...(g ? g.players : []).map((p) => new Option(p, p)));
  if (g && g.to_play.length) $("player").value = g.to_play[0];
  if (g && $("game").value !== g.kind) {
    $("game").value = g.kind;
    $("lang").value = game().lang;
  }
  if (g && g.kind === "hunt") {
    $("hunt-players").replaceChildren();
    for (const name of g.players) addHuntPlayer(name);
  }
  updateAccept();
}

function updateAccept() {
  const g = loggedGame();
  const recorded = capture && capture.recorded;
  $("accept").hidden = !(capture && capture.tally && g && g.kind === capture.game);
  $("accept-round").hidden = !(capture && capture.kind === "tray" && g && g.kind === "hunt");
  $("accept").disabled = $("accept-round").disabled = Boolean(recorded);
  for (const id of ["accept-note", "round-note"]) $(id).textContent = recorded ? `Recorded as ${recorded}.` : "";
  $("undo").hidden = !(recorded && !$("accept").hidden);
  $("round-undo").hidden = !(recorded && !$("accept-round").hidden);
}

// The capture is now a turn: the page learns what it was recorded as, so Accept cannot repeat it.
async function recorded(done) {
  capture.recorded = (await api("GET", `/api/captures/${capture.id}`)).recorded;
  await loadLog();
  showSheetText(done.sheet);
}

async function accept() {
  const g = loggedGame();
  const player = $("player").value;
  await busy($("accept"), async () => {
    await recorded(await api("POST", `/api/log/games/${g.id}/turns`, { capture: capture.id, player }));
  });
}

async function acceptRound() {
  const g = loggedGame();
  await busy($("accept-round"), async () => {
    await recorded(await api("POST", `/api/log/games/${g.id}/rounds`,
      { capture: capture.id, players: huntPlayers() }));
  });
}

async function undo(event) {
  const g = loggedGame();
  await busy(event.target, async () => {
    const done = await api("POST", `/api/log/games/${g.id}/undo`);
    if (capture) capture.recorded = (await api("GET", `/api/captures/${capture.id}`)).recorded;
    await loadLog();
    showSheetText(done.sheet);
    $("sheet-note").textContent = done.text;
  });
}

async function showSheet() {
  const g = loggedGame();
  if (!g) return;
  await busy($("sheet-button"), async () => showSheetText(await api("GET", `/api/log/games/${g.id}`)));
}

function showSheetText(sheet) {
  $("sheet-text").textContent = sheet.text;
  $("sheet-note").textContent = "";
  $("sheet").hidden = false;
  $("sheet").scrollIntoView();
}

// --- Word hunt ---------------------------------------------------------------

function addHuntPlayer(name) {
  const div = document.createElement("div");
  div.className = "player";
  const n = $("hunt-players").children.length + 1;
  div.innerHTML = `<label>Name <input type="text" class="hunt-name"></label>
    <label>Words (one a line) <textarea class="hunt-words" rows="4" autocapitalize="none"></textarea></label>`;
  div.querySelector(".hunt-name").value = name || `Player ${n}`;
  $("hunt-players").append(div);
}

function huntPlayers() {
  return [...$("hunt-players").children].map((div) => ({
    name: div.querySelector(".hunt-name").value.trim(),
    words: div.querySelector(".hunt-words").value,
  })).filter((p) => p.name);
}

async function scoreHunt() {
  await busy($("hunt-button"), async () => showHunt(await api("POST", `/api/captures/${capture.id}/hunt`,
    { players: huntPlayers(), fast: $("fast").checked })));
}

function showHunt(result) {
  const out = $("hunt-result");
  out.replaceChildren();
  for (const player of result.players) {
    const div = document.createElement("div");
    div.className = "hunt-player";
    const h = document.createElement("h3");
    h.textContent = `${player.name}: ${player.total}`;
    const ul = document.createElement("ul");
    for (const w of player.accepted) ul.append(item(`${w.word} ${w.points}`, ""));
    for (const w of player.rejected) ul.append(item(`${w.word}: ${w.reason}`, "rejected"));
    div.append(h, ul);
    out.append(div);
  }
  const winner = document.createElement("p");
  winner.className = "score";
  winner.textContent = result.winner ? `Winner: ${result.winner}` : "No winner";
  out.append(winner);
  if (result.missed.length) {
    const p = document.createElement("p");
    p.className = "missed";
    p.textContent = "Nobody found: " + result.missed.map((w) => `${w.word} (${w.points})`).join(", ");
    out.append(p);
  }
}

function item(text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  return li;
}

start().catch((error) => say(error.message));
