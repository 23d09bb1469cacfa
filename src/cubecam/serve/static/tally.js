// The tally: the score first, then the words and the deductions that make it.

import { state } from "./state.js";
import { $, cell, item, label, signed } from "./ui.js";
import { showMeaning } from "./words.js";

export function showTally() {
  const tally = state.capture.tally;
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
