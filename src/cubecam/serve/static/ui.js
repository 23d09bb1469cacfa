// What every part of the page uses: its elements, a message for the player, a busy note, and the
// small builders of list items, cells and SVG marks.

export const $ = (id) => document.getElementById(id);

// A message for the player, shown just below what they tapped (`near`) and scrolled into view.
export function say(text, near) {
  const message = $("message");
  if (near) near.after(message);
  message.textContent = text ? sentence(text) : "";
  message.hidden = !text;
  if (text) message.scrollIntoView({ block: "center" });
}

// A message as a sentence: a capital first, a full stop last; one that begins with a file's name
// keeps the name as it is written ("notes.txt is not a photo").
export function sentence(text) {
  const start = /^[^\s/]+\.[A-Za-z0-9]{1,5}\b/.test(text) ? text.charAt(0) : text.charAt(0).toUpperCase();
  return start + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
}

// Run `work` with a busy note below `near`; an error is said there.
export async function busy(near, work, note = "One moment…") {
  say("");
  near.after($("busy"));
  $("busy").textContent = note;
  $("busy").hidden = false;
  try { await work(); } catch (error) { say(error.message, near); } finally { $("busy").hidden = true; }
}

export function item(text, cls) {
  const li = document.createElement("li");
  li.textContent = text;
  if (cls) li.className = cls;
  return li;
}

export function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text;
  return element;
}

const SVG = "http://www.w3.org/2000/svg";

export function svg(name, attributes, parent) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (parent) parent.append(element);
  return element;
}

// A cube's shorter side, in the photo's pixels.
export function edge(cube) {
  const [[x0, y0], [x1, y1], [x2, y2]] = cube.corners;
  return Math.min(Math.hypot(x1 - x0, y1 - y0), Math.hypot(x2 - x1, y2 - y1));
}

export function label(symbol) {
  return { BLANK: "□", JOKER: "◇" }[symbol] || symbol;
}

export function signed(number) {
  return number < 0 ? `−${-number}` : String(number);
}
