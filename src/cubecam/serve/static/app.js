"use strict";
// The phone page: take a photo, see the tally, tap a cube to correct it, record the turn.

const $ = (id) => document.getElementById(id);
let capture = null;   // the capture being scored (CaptureOut)
let games = [];
let fixing = null;    // the cube being corrected
let moving = null;    // the cube being moved: the next empty square tapped is where it goes

async function api(method, url, body, headers = {}) {
  const options = { method, headers: { ...headers } };
  if (body instanceof FormData) options.body = body;
  else if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    throw Object.assign(new Error(data.detail || `the server answered ${response.status}: try again`),
      { status: response.status, data });
  }
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

// A message as a sentence: a capital first, a full stop last; one that begins with a file's name
// keeps the name as it is written ("notes.txt is not a photo").
function sentence(text) {
  const start = /^[^\s/]+\.[A-Za-z0-9]{1,5}\b/.test(text) ? text.charAt(0) : text.charAt(0).toUpperCase();
  return start + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
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

function playedOnTray(name) { return games.some((g) => g.name === name && g.kind === "tray"); }

function showTimer() { $("timer").hidden = game().kind !== "tray"; }

async function start() {
  $("game").addEventListener("change", () => {
    localStorage.setItem("cubecam.game", $("game").value);
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
  $("move-cancel").addEventListener("click", () => { moving = null; $("move-note").hidden = true; });
  window.addEventListener("resize", () => { if (capture && capture.photo_url) zoomPhoto(); });
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
  $("block-wild").addEventListener("change", () => { if (capture && capture.kind === "tray") busy($("block-wild"), boardWords); });
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
  games = await api("GET", "/api/games");
  for (const g of games) $("game").add(new Option(g.title, g.name));
  const saved = localStorage.getItem("cubecam.game");
  if (saved && games.some((g) => g.name === saved)) $("game").value = saved;
  $("lang").value = game().lang;
  showTimer();
  await Promise.all([loadLog(), loadKinds()]);
  await startTable();
  document.body.dataset.ready = "yes";
}

async function sendPhoto() {
  const file = $("photo").files[0];
  if (!file) return;
  await readPhoto(file);
  $("photo").value = "";
}

let photoFile = null;  // the last photo sent, to read again for another game

async function readPhoto(file) {
  photoFile = file;
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
  const other = capture.other_game;
  $("other-game").hidden = !other;
  if (!other) return;
  const chosen = games.find((g) => g.name === capture.game).title;
  $("other-game-why").textContent = `This photo fits ${other.game.title} better than ${chosen}: ${other.why}.`;
  $("other-game-button").textContent = `Score it as ${other.game.title}`;
  $("other-game-button").dataset.game = other.game.name;
}

async function switchGame() {
  $("game").value = $("other-game-button").dataset.game;
  $("game").dispatchEvent(new Event("change"));
  await readPhoto(photoFile);
}

async function sendGrid() {
  forget();
  await busy($("grid-button"), async () => {
    show(await api("POST", "/api/captures/grid",
      { game: $("game").value, grid: $("grid-text").value, ...dictionary(), logged: loggedId() }));
    $("result").scrollIntoView();
  });
}

// A new photo or grid is on its way: the last one's result is no longer shown.
function forget() {
  stopLive();
  capture = null;
  $("result").hidden = true;
}

function show(next) {
  if (!capture || capture.id !== next.id) followPlayer().catch(() => {});  // a new turn's photo
  capture = next;
  moving = null;
  $("move-note").hidden = true;
  $("board-score").hidden = true;
  $("result").hidden = false;
  $("grid-text").value = capture.grid;
  $("warnings").replaceChildren(
    ...[...capture.notes, ...capture.warnings].map((text) => item(sentence(text), "warning")),
  );
  showOtherGame();
  showTally();
  showPhoto();
  showBoard();
  $("hunt").hidden = capture.kind !== "tray";
  // A new board, or a die corrected: what was said about the last one no longer holds.
  $("hunt-result").textContent = "";
  $("all-words").replaceChildren();
  $("all-words-note").textContent = "";
  onBoard = new Map();
  $("path-note").hidden = $("hunt-meaning").hidden = true;
  updateAccept();
}

// --- The photo: each cube outlined, its letter at its corner, a tap target of 44 px or more ---

const SVG = "http://www.w3.org/2000/svg";
const TAP = 46;       // CSS px: the smallest cube on the photo is shown at least this big
const BIG = 110;      // CSS px: and a typical cube no bigger than this

function svg(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

function edge(cube) {
  const [[x0, y0], [x1, y1], [x2, y2]] = cube.corners;
  return Math.min(Math.hypot(x1 - x0, y1 - y0), Math.hypot(x2 - x1, y2 - y1));
}

function showPhoto() {
  $("figure").hidden = !capture.photo_url;
  if (!capture.photo_url) return;
  if ($("annotated").getAttribute("src") !== capture.photo_url) $("annotated").src = capture.photo_url;
  const [w, h] = capture.image_size;
  const targets = $("targets");
  targets.setAttribute("viewBox", `0 0 ${w} ${h}`);
  targets.replaceChildren();
  const validity = squareValidity();
  const labels = svg("g", { class: "labels" });
  for (const cube of capture.cubes) {
    if (!cube.corners) continue;
    const polygon = svg("polygon", { points: cube.corners.map(([x, y]) => `${x},${y}`).join(" ") }, targets);
    polygon.dataset.cube = cube.index;
    const valid = validity.get(`${cube.row},${cube.col}`);
    const look = cube.unsure && !cube.read_as ? "unsure" : valid === undefined ? "sure" : valid ? "valid" : "invalid";
    polygon.classList.add(look);
    polygon.addEventListener("click", () => openFix(cube));
    // The letter sits on the cube's top-left corner, clear of the middle of every cube: the
    // middle halves of the cubes round a corner start a quarter side from it, so the label
    // spans at most 0.4 of a side, a longer text in a smaller font.
    const [x, y] = cube.corners.reduce((a, b) => (b[0] + b[1] < a[0] + a[1] ? b : a));
    const text = label(cube.symbol) + (look === "unsure" ? "?" : "");
    const length = Math.max(1, 0.62 * text.length);
    const size = Math.min(0.36, 0.4 / length) * edge(cube);
    const width = size * length;
    const group = svg("g", { class: `label ${look}` }, labels);
    svg("rect", { x: x - width / 2, y: y - size / 2, width, height: size, rx: size / 5 }, group);
    svg("text", { x, y: y + size * 0.32, "font-size": size * 0.8 }, group).textContent = text;
  }
  targets.append(labels);
  zoomPhoto();
  const unsure = capture.cubes.filter((c) => c.unsure && !c.read_as).length;
  $("unsure-note").textContent = unsure
    ? `${unsure === 1 ? "One cube" : `${unsure} cubes`} to check (read with low confidence, where no face was seen, or where there may be no cube) ${unsure === 1 ? "is" : "are"} marked ? in orange.`
    : "";
}

// Show the part of the photo with the cubes, big enough that every cube is a comfortable tap.
function zoomPhoto() {
  const wrap = $("photo-wrap");
  const [w, h] = capture.image_size;
  const cubes = capture.cubes.filter((c) => c.corners);
  let scale = wrap.clientWidth / w;
  let box = [0, 0, w, h];
  if (cubes.length) {
    const edges = cubes.map(edge).sort((a, b) => a - b);
    const typical = edges[Math.floor(edges.length / 2)];
    const xs = cubes.flatMap((c) => c.corners.map((p) => p[0]));
    const ys = cubes.flatMap((c) => c.corners.map((p) => p[1]));
    box = [Math.max(0, Math.min(...xs) - typical), Math.max(0, Math.min(...ys) - typical),
      Math.min(w, Math.max(...xs) + typical), Math.min(h, Math.max(...ys) + typical)];
    const fit = wrap.clientWidth / (box[2] - box[0]);
    scale = Math.max(TAP / edges[0], Math.min(fit, BIG / typical));
  }
  $("photo-zoom").style.width = `${w * scale}px`;
  $("photo-zoom").style.height = `${h * scale}px`;
  wrap.style.height = `${Math.min((box[3] - box[1]) * scale, window.innerHeight * 0.6)}px`;
  // The cubes centred where they fit; else their left column and top row in view, to swipe on from.
  const [width, height] = [(box[2] - box[0]) * scale, (box[3] - box[1]) * scale];
  wrap.scrollLeft = box[0] * scale + Math.min(0, (width - wrap.clientWidth) / 2);
  wrap.scrollTop = box[1] * scale + Math.min(0, (height - wrap.clientHeight) / 2);
}

// --- The board: the layout as a grid of cubes, with a ring of empty squares around a crossword ---

function cubeButton(cube) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label(cube.symbol);
  button.dataset.cube = cube.index;
  if (cube.row !== null) Object.assign(button.dataset, { row: cube.row, col: cube.col });
  const there = cube.presence < 0.995 ? `; a cube there: ${Math.round(cube.presence * 100)}%` : "";
  button.title = `${cube.symbol} (${Math.round(cube.confidence * 100)}%${there})`;
  if (cube.unsure && !cube.read_as) button.classList.add("unsure");
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
  const ring = capture.kind === "tray" ? 0 : 1;
  const [top, left] = capture.origin;
  const height = capture.rows.length;
  const width = Math.max(0, ...capture.rows.map((row) => row.length));
  const validity = squareValidity();
  for (let r = top - ring; r < top + height + ring; r++) {
    const tr = table.insertRow();
    for (let c = left - ring; c < left + width + ring; c++) {
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
  if (capture.kind === "tray") return;
  $("unused-line").append("Left over: ");
  for (const cube of spare) $("unused-line").append(cubeButton(cube));
  const add = emptyButton(null, null);
  add.id = "add-spare";
  add.title = "add a cube left over that the camera missed";
  $("unused-line").append(add);
}

function emptyButton(row, col) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "empty";
  button.textContent = "+";
  button.title = `row ${row + 1}, column ${col + 1}: add a cube the camera missed`;
  button.dataset.row = row;
  button.dataset.col = col;
  button.addEventListener("click", () => (moving ? moveTo(row, col) : openFix({ row, col, empty: true })));
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

// --- The tally: the score first, then the words and the deductions that make it ---

function showTally() {
  const tally = capture.tally;
  $("tally").hidden = !tally;
  if (!tally) return;
  $("final").textContent = signed(tally.final);
  const rows = tally.words.map((word) => tallyRow(
    word.valid ? word.word : `${word.word}: ${word.reason || "not a word"}`,
    word.direction, word.valid ? word.score : 0, `word ${word.valid ? "valid" : "invalid"}`, word.word));
  rows.push(tallyRow("Words", "", tally.total, "sum"));
  for (const d of tally.deductions) {
    rows.push(tallyRow(`${d.line}: ${d.symbols.map(label).join(" ")}`, "", -d.total, "deduction"));
  }
  rows.push(tallyRow("Score", "", tally.final, "final"));
  $("words").replaceChildren(...rows);
  $("wildcards").replaceChildren(...tally.details.wildcards.map((w) => item(
    `The wildcard at row ${w.row + 1}, column ${w.col + 1} stands for ${w.letter}.`, "")));
  $("tally-text").textContent = tally.text;
  $("meaning").hidden = true;
}

// What a tapped word means, from the offline dictionary (the word list alone decides if it counts).
async function showMeaning(word, target) {
  target.hidden = false;
  target.textContent = `${word}: …`;
  try {
    const found = await api("GET", `/api/meanings/${encodeURIComponent(word)}?lang=${capture.lang}`);
    target.textContent = found.meaning ? `${word}: ${found.meaning}`
      : `${word}: the offline dictionary has no meaning for it (the word list still decides whether it counts).`;
  } catch (error) {
    target.textContent = sentence(error.message);
  }
}

function tallyRow(what, direction, points, cls, word) {
  const tr = document.createElement("tr");
  tr.className = cls;
  const name = document.createElement(cls.startsWith("word") ? "td" : "th");
  if (word) {
    const button = cell("button", what);
    button.type = "button";
    button.className = "meaning-button";
    button.dataset.word = word;
    button.addEventListener("click", () => showMeaning(word, $("meaning")));
    name.append(button);
  } else {
    name.textContent = what;
  }
  if (direction) {
    const small = document.createElement("small");
    small.textContent = ` ${direction}`;
    name.append(small);
  }
  const value = document.createElement("td");
  value.className = "points";
  value.textContent = signed(points);
  tr.append(name, value);
  return tr;
}

function signed(number) {
  return number < 0 ? `−${-number}` : String(number);
}

// --- Tapping a cube: change its letter, move it, or remove it ---

function openFix(cube) {
  fixing = cube;
  moving = null;
  $("move-note").hidden = true;
  const where = cube.row === null || cube.row === undefined ? "left over" : `at row ${cube.row + 1}, column ${cube.col + 1}`;
  $("fix-question").textContent = cube.empty ? `A cube the camera missed ${where}. It shows:`
    : `The cube ${where} is ${cube.read_as ? `${label(cube.symbol)} (read as ${label(cube.read_as)})` : label(cube.symbol)}. It really is:`;
  $("fix-ok").textContent = cube.empty ? "Add" : "Correct";
  // A die on a tray's square is changed, never moved, left over or removed: every square holds one.
  const onTray = capture.kind === "tray" && cube.row !== null && cube.row !== undefined;
  $("fix-more").hidden = Boolean(cube.empty) || onTray;
  $("fix-spare").hidden = cube.row === null || capture.kind === "tray";
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
function fixSubmitted(event) {
  if (event.submitter && event.submitter.value !== "ok") return;  // the rest are done on closing
  event.preventDefault();
  correctCube();
}

async function correctCube() {
  const cube = fixing;
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
      ? await api("POST", `/api/captures/${capture.id}/cubes`, { row: cube.row, col: cube.col, symbol })
      : await api("POST", `/api/captures/${capture.id}/corrections`, { cube: cube.index, symbol });
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
  const before = capture.tally;
  show(next);
  const note = $("board-score");
  const tally = capture.tally;
  if (tally) {
    const was = before && before.final !== tally.final ? ` (was ${signed(before.final)})` : "";
    note.textContent = `Score ${signed(tally.final)}${was}`;
  } else {
    const why = capture.warnings.find((w) => w.startsWith("cannot score"));
    note.textContent = why ? sentence(why) : "";
  }
  note.hidden = !note.textContent;
  if (!note.hidden) note.scrollIntoView({ block: "nearest" });
}

async function sendCorrection() {
  const cube = fixing;
  const choice = $("fix").returnValue;
  fixing = null;
  if (!cube || ["cancel", "", "done", "ok"].includes(choice)) return;
  if (choice === "move") {
    moving = cube;
    $("move-what").textContent = label(cube.symbol);
    $("move-note").hidden = false;
    $("move-spare").hidden = cube.row === null;
    $("move-note").scrollIntoView({ block: "center" });
    return;
  }
  const url = `/api/captures/${capture.id}/cubes`;
  await busy($("board"), async () => {
    if (choice === "remove") changed(await api("DELETE", `${url}/${cube.index}`));
    else if (choice === "spare") changed(await api("POST", `${url}/${cube.index}/move`, { row: null, col: null }));
  });
}

async function moveTo(row, col) {
  const cube = moving;
  await busy($("board"), async () => changed(await api("POST",
    `/api/captures/${capture.id}/cubes/${cube.index}/move`, { row, col })));
}

// --- The score log ---------------------------------------------------------

let logged = [];

// The logged games in the menu: those being played, then the finished ones (to see their sheets).
async function loadLog() {
  logged = await api("GET", "/api/log/games");
  const select = $("log-game");
  const keep = select.value;
  select.replaceChildren(new Option("not logged", ""));
  for (const [title, over] of [["Playing", false], ["Finished", true]]) {
    const group = document.createElement("optgroup");
    group.label = title;
    for (const g of logged.filter((g) => g.over === over)) group.append(new Option(`${g.title} (${g.status})`, g.id));
    if (group.children.length) select.append(group);
  }
  if (logged.some((g) => String(g.id) === keep)) select.value = keep;
  choosePlayers();
}

async function loadKinds() {
  for (const kind of await api("GET", "/api/log/kinds")) $("new-kind").add(new Option(kind.title, kind.name));
}

async function newGame() {
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

function loggedGame() { return logged.find((g) => String(g.id) === $("log-game").value); }

// The logged game a capture is for, so that the server scores it on that game's terms.
function loggedId() { return loggedGame() ? loggedGame().id : null; }

function choosePlayers() {
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
async function followPlayer() {
  const g = loggedGame();
  if (!g) return;
  const fresh = (await api("GET", "/api/log/games")).find((other) => other.id === g.id);
  if (!fresh) return;
  const moved = fresh.to_play.join() !== g.to_play.join();
  Object.assign(g, fresh);
  if (moved && fresh.to_play.length && !playedOnTray(g.kind)) $("player").value = fresh.to_play[0];
  showLogStatus();
}

function updateAccept() {
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
  capture.recorded = (await api("GET", `/api/captures/${capture.id}`)).recorded;
  await loadLog();
  showSheet(done.sheet);
}

async function accept() {
  const g = loggedGame();
  const player = $("player").value;
  await once($("accept"), async () => {
    await recorded(await logWrite(g, "turns", { capture: capture.id, player }));
  });
}

async function acceptRound() {
  const g = loggedGame();
  await once($("accept-round"), async () => {
    await recorded(await logWrite(g, "rounds",
      { capture: capture.id, players: huntPlayers(), fast: $("fast").checked, block_wild: $("block-wild").checked }));
  });
}

// Undo names what it removes, and removes it only if the sheet is still the one this page saw.
async function undo(event) {
  const g = loggedGame();
  if (!g || !g.last || !confirm(`Undo ${g.last}? It comes off the score sheet.`)) return;
  await once(event.target, async () => {
    const done = await logWrite(g, "undo");
    if (capture) capture.recorded = (await api("GET", `/api/captures/${capture.id}`)).recorded;
    await loadLog();
    showSheet(done.sheet);
    $("sheet-note").textContent = done.text;
  });
}

async function openSheet() {
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

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

// --- Several phones at one table: writes that know which sheet they saw, and a page that keeps up ---

const WATCH_MS = 3000;   // how often the sheet is asked for while the page is in view
let writing = 0;         // writes of this page in flight: a change seen meanwhile may be theirs

// A write to the logged game `g`, sent with the version of its sheet this page last saw: where
// another phone has changed the sheet since, the server writes nothing (412) and the page shows
// the sheet as it is now.
async function logWrite(g, path, body) {
  try {
    return await api("POST", `/api/log/games/${g.id}/${path}`, body, { "If-Match": g.etag });
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
  writing += 1;
  try {
    await busy(button, work);
  } finally {
    writing -= 1;
    button.disabled = false;
    updateAccept();
  }
}

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
  setInterval(checkSheet, WATCH_MS);
}

// Another phone's turns appear without a reload: while the page is in view, it asks for the
// sheet every few seconds, and the server answers 304 while the sheet is the one it has.
async function checkSheet() {
  const g = loggedGame();
  if (!g || writing || document.visibilityState !== "visible") return;
  const response = await fetch(`/api/log/games/${g.id}`, { headers: { "If-None-Match": g.etag }, cache: "no-store" })
    .catch(() => null);   // no connection now: asked again next time
  if (!response || response.status !== 200 || writing || loggedGame() !== g) return;
  const out = await response.json();
  await loadLog();
  if (!$("sheet").hidden) showSheet(out, false);
  $("log-note").textContent = `The score sheet changed on another phone (last: ${out.game.last || "no turns"}). ${sentence(out.game.status)}`;
  $("log-note").hidden = false;
}

// Game Two: a player may pass for the rest of the round after the second toss (rule 4c).
function showPass() {
  const g = loggedGame();
  $("pass").hidden = !(g && g.may_pass.includes($("player").value));
}

async function pass() {
  const g = loggedGame();
  await once($("pass"), async () => {
    const done = await logWrite(g, "passes", { player: $("player").value });
    await loadLog();
    showSheet(done.sheet);
    $("sheet-note").textContent = `${done.text}.`;
  });
}

// The page's place (the game, the logged game and player, the capture, the word lists being
// typed) is kept in this tab's storage, so that a reload comes back to it.
const PLACE = "cubecam.place";

function savePlace() {
  sessionStorage.setItem(PLACE, JSON.stringify({
    game: $("game").value,
    lang: $("lang").value,
    log: $("log-game").value,
    player: $("player").value,
    capture: capture ? capture.id : null,
    hunt: [...$("hunt-players").children].map((div) =>
      [div.querySelector(".hunt-name").value, div.querySelector(".hunt-words").value]),
  }));
}

async function restorePlace() {
  const place = JSON.parse(sessionStorage.getItem(PLACE) || "null");
  if (!place) return;
  if (games.some((g) => g.name === place.game)) $("game").value = place.game;
  if (logged.some((g) => String(g.id) === place.log)) $("log-game").value = place.log;
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

// --- Words at the table: a disputed word settled, the players' own word lists ---

// The dictionary chosen: a built-in one, or a word list of the players' own ("list:NAME"),
// which stands in for the dictionary of the game's language.
function dictionary() {
  const value = $("lang").value;
  return value.startsWith("list:") ? { lang: game().lang, wordlist: value.slice(5) } : { lang: value, wordlist: null };
}

// The dictionary a logged game agreed at its start, as the menu offers it.
function agreedDictionary(g) {
  const own = g.wordlist && `list:${g.wordlist.replace(/\.txt$/, "")}`;
  return own && [...$("lang").options].some((o) => o.value === own) ? own : g.lang;
}

async function loadWordLists() {
  const names = await api("GET", "/api/wordlists");
  const group = $("own-lists") || Object.assign(document.createElement("optgroup"), { id: "own-lists", label: "Your word lists" });
  group.replaceChildren(...names.map((name) => new Option(name, `list:${name}`)));
  if (names.length) $("lang").append(group);
}

async function uploadWordList() {
  const file = $("wordlist-file").files[0];
  if (!file) return;
  const form = new FormData();
  form.append("file", file);
  await busy($("wordlist-file"), async () => {
    const kept = await api("POST", "/api/wordlists", form);
    await loadWordLists();
    if (!$("lang").disabled) $("lang").value = `list:${kept.name}`;
    $("wordlist-note").textContent = `Kept as ${kept.name} (${kept.words} words): it is in the Dictionary menu.`;
  });
  $("wordlist-file").value = "";
}

// Any word, on the board or not: does it count (as the logged game checks words, else with
// the dictionary chosen), why not, and what it means.
async function settleWord() {
  const word = $("settle-word").value.trim();
  const result = $("settle-result");
  if (!word) {
    say("type the word to check", $("settle-button"));
    return;
  }
  const g = loggedGame();
  const { lang, wordlist } = dictionary();
  const query = new URLSearchParams(g ? { logged: g.id } : wordlist ? { lang, wordlist } : { lang });
  await busy($("settle-button"), async () => {
    const found = await api("GET", `/api/words/${encodeURIComponent(word)}?${query}`);
    const shown = found.word.toUpperCase();
    result.replaceChildren(
      cell("strong", found.counts ? `${shown} counts` : `${shown} does not count: ${found.reason}`),
      ` (${found.lexicon}).`,
      document.createElement("br"),
      found.meaning ? `Meaning: ${found.meaning}` : "The offline dictionary has no meaning for it.");
    result.className = found.counts ? "valid" : "invalid";
  });
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
  const g = loggedGame();
  const compounds = Boolean(g && playedOnTray(g.kind) && g.compounds);  // as the log scores it
  await busy($("hunt-button"), async () => {
    const [result] = await Promise.all([
      api("POST", `/api/captures/${capture.id}/hunt`,
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

let onBoard = new Map();   // word -> its path of [row, col] squares, for the capture shown

async function boardWords() {
  const result = await api("GET", `/api/captures/${capture.id}/words?block_wild=${$("block-wild").checked}`);
  onBoard = new Map(result.words.map((w) => [w.word, w.path]));
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
  li.append(onBoard.has(word) ? wordButton(word, word) : word, ` ${note}`);
  return li;
}

// Draw the word's path on the board (each die numbered in order) and over the photo.
function showPath(word) {
  const path = onBoard.get(word) || [];
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

// --- The live view: the camera's picture with the letters, the words and the running score ---

let live = null;     // { id, stream } while the camera is on
const FRAME_WIDTH = 960;   // frames are sent at most this wide
const FRAME_GAP = 150;     // ms between one frame's answer and the next frame
const LIVE_HUNT_WORDS = 8; // a word hunt's best words shown over the picture

async function startLive() {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
    throw new Error("this browser gives the page no camera here: open the page at the https "
      + "address (the one in the QR code) that the computer serving it prints");
  }
  forget();
  const stream = await navigator.mediaDevices.getUserMedia(
    { video: { facingMode: "environment", width: { ideal: 1280 } }, audio: false }).catch((error) => {
    const why = {
      NotAllowedError: "the camera was not allowed: allow it for this page in the browser's settings",
      NotFoundError: "this phone has no camera the page can use",
      NotReadableError: "another app is using the camera: close it and tap Live again",
    }[error.name];
    throw new Error(why || `the camera did not open (${error.message})`);
  });
  const session = await api("POST", "/api/live", { game: $("game").value, ...dictionary(), logged: loggedId() });
  live = { id: session.id, stream };
  $("live-video").srcObject = stream;
  $("live").hidden = false;
  $("live-final").textContent = "–";
  $("live-steady").textContent = "";
  $("live-words").replaceChildren();
  $("live-count").hidden = true;
  $("live-marks").replaceChildren();
  $("live").scrollIntoView({ block: "start" });
  // Once the picture has its size, the page scrolls again so that all of it is in view.
  $("live-video").addEventListener("loadedmetadata", () => $("live").scrollIntoView({ block: "start" }), { once: true });
  sendFrames(live);
}

async function sendFrames(session) {
  const video = $("live-video");
  const canvas = document.createElement("canvas");
  while (live === session) {
    if (video.videoWidth) {
      const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.85));
      const form = new FormData();
      form.append("frame", frame, "frame.jpg");
      try {
        const state = await api("POST", `/api/live/${session.id}/frames`, form);
        if (live === session) showLive(state);
      } catch (error) {
        if (live === session) $("live-status").textContent = sentence(error.message);
      }
    }
    await new Promise((done) => setTimeout(done, FRAME_GAP));
  }
}

function showLive(state) {
  const [w, h] = state.frame_size;
  const marks = $("live-marks");
  marks.setAttribute("viewBox", `0 0 ${w} ${h}`);
  marks.replaceChildren();
  for (const cube of state.cubes) {
    svg("polygon", { points: cube.corners.map(([x, y]) => `${x},${y}`).join(" ") }, marks);
    const cx = cube.corners.reduce((s, p) => s + p[0], 0) / cube.corners.length;
    const cy = cube.corners.reduce((s, p) => s + p[1], 0) / cube.corners.length;
    const side = edge(cube);
    svg("text", { x: cx, y: cy + side * 0.2, "font-size": side * 0.55 }, marks).textContent = label(cube.symbol);
  }
  const tally = state.tally;
  const hunt = state.hunt;
  const final = tally ? tally.final : hunt ? hunt.max_score : null;
  $("live-final").textContent = final === null ? "–" : signed(final);
  $("live-what").textContent = hunt ? "Board total" : "Score";  // a tray's words, not a score
  $("live-steady").textContent = state.steady ? "steady" : "";
  if (hunt) {
    const count = hunt.words.length;
    $("live-count").textContent = `(${count} ${count === 1 ? "word" : "words"})`;
    const shown = hunt.words.slice(0, LIVE_HUNT_WORDS).map((word) => item(`${word.word} ${word.points}`));
    if (count > LIVE_HUNT_WORDS) shown.push(item(`and ${count - LIVE_HUNT_WORDS} more`));
    $("live-words").replaceChildren(...shown);
  } else {
    $("live-words").replaceChildren(...(tally ? tally.words : []).map((word) =>
      item(`${word.word} ${word.valid ? word.score : 0}`, word.valid ? "" : "invalid")));
  }
  $("live-count").hidden = !hunt;
  $("live-status").textContent = `${state.frames} frames seen, ${state.reads} read.`
    + (state.steady ? " The letters have held still: Hold scores them." : " Hold the phone still over the cubes.");
  $("live").dataset.final = final === null ? "" : final;
  $("live").dataset.steady = state.steady ? "yes" : "no";
}

function stopLive() {
  if (!live) return;
  const session = live;
  live = null;
  for (const track of session.stream.getTracks()) track.stop();
  $("live-video").srcObject = null;
  $("live").hidden = true;
  fetch(`/api/live/${session.id}`, { method: "DELETE" }).catch(() => {});
}

async function hold() {
  const session = live;
  if (!session) return;
  await busy($("hold"), async () => {
    const held = await api("POST", `/api/live/${session.id}/hold`);
    live = null;   // the server ended this live view when it made the capture
    for (const track of session.stream.getTracks()) track.stop();
    $("live").hidden = true;
    show(held);
    $("result").scrollIntoView();
  });
}

// --- The round timer: three minutes by default, and an end nobody can miss ---

let timer = null;

function startTimer() {
  const minutes = Number($("minutes").value);
  if (!(minutes > 0 && minutes <= 60)) {
    say("the round lasts more than 0 and at most 60 minutes", $("minutes").parentElement);
    return;
  }
  stopTimer();
  const end = Date.now() + minutes * 60000;
  $("timer").classList.remove("ended");
  $("timer-start").hidden = true;
  $("timer-stop").hidden = false;
  const tick = () => {
    const left = Math.max(0, end - Date.now());
    showClock(left);
    if (!left) endRound();
  };
  tick();
  timer = setInterval(tick, 250);
}

function stopTimer() {
  clearInterval(timer);
  timer = null;
  $("timer-start").hidden = false;
  $("timer-stop").hidden = true;
}

function showClock(ms) {
  const seconds = Math.ceil(ms / 1000);
  $("clock").textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function endRound() {
  stopTimer();
  $("timer").classList.add("ended");
  $("clock").textContent = "Time's up! Pens down.";
  if (navigator.vibrate) navigator.vibrate([400, 150, 400, 150, 400]);
  try {
    const audio = new AudioContext();
    for (const at of [0, 0.35, 0.7]) {
      const tone = audio.createOscillator();
      tone.frequency.value = 880;
      tone.connect(audio.destination);
      tone.start(audio.currentTime + at);
      tone.stop(audio.currentTime + at + 0.25);
    }
  } catch { /* no sound on this phone: the screen still says so */ }
}

function resetClock() {
  if (timer) return;
  $("timer").classList.remove("ended");
  const minutes = Number($("minutes").value);
  if (minutes > 0) showClock(minutes * 60000);
}

function item(text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  return li;
}

start().catch((error) => say(error.message));
