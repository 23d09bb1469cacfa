// The layout twice: on the photo, each cube outlined with its letter at its corner and a tap
// target of 44 px or more; and as a board of cubes, with a ring of empty squares round a crossword.

import { moveTo, openFix } from "./dialogs.js";
import { state } from "./state.js";
import { $, edge, label, svg } from "./ui.js";

const TAP = 46;       // CSS px: the smallest cube on the photo is shown at least this big
const BIG = 110;      // CSS px: and a typical cube no bigger than this

export function showPhoto() {
  const capture = state.capture;
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
export function zoomPhoto() {
  const capture = state.capture;
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

export function showBoard() {
  const capture = state.capture;
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
  button.addEventListener("click", () => (state.moving ? moveTo(row, col) : openFix({ row, col, empty: true })));
  return button;
}

// Each square in a word: true where all its words are valid, false where one is not.
function squareValidity() {
  const validity = new Map();
  for (const word of state.capture.tally ? state.capture.tally.words : []) {
    for (const [r, c] of word.squares) {
      const key = `${r},${c}`;
      validity.set(key, (validity.get(key) ?? true) && word.valid);
    }
  }
  return validity;
}
