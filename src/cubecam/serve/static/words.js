// Words at the table: the dictionary chosen, the players' own word lists, a disputed word
// settled, and what a tapped word means.

import { api } from "./api.js";
import { game } from "./capture.js";
import { loggedGame } from "./sheet.js";
import { state } from "./state.js";
import { $, busy, cell, say, sentence } from "./ui.js";

// The dictionary chosen: a built-in one, or a word list of the players' own ("list:NAME"),
// which stands in for the dictionary of the game's language.
export function dictionary() {
  const value = $("lang").value;
  return value.startsWith("list:") ? { lang: game().lang, wordlist: value.slice(5) } : { lang: value, wordlist: null };
}

// The dictionary a logged game agreed at its start, as the menu offers it.
export function agreedDictionary(g) {
  const own = g.wordlist && `list:${g.wordlist.replace(/\.txt$/, "")}`;
  return own && [...$("lang").options].some((o) => o.value === own) ? own : g.lang;
}

export async function loadWordLists() {
  const names = await api("GET", "/api/wordlists");
  const group = $("own-lists") || Object.assign(document.createElement("optgroup"), { id: "own-lists", label: "Your word lists" });
  group.replaceChildren(...names.map((name) => new Option(name, `list:${name}`)));
  if (names.length) $("lang").append(group);
}

export async function uploadWordList() {
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
export async function settleWord() {
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

// What a tapped word means, from the offline dictionary (the word list alone decides if it counts).
export async function showMeaning(word, target) {
  target.hidden = false;
  target.textContent = `${word}: …`;
  try {
    const found = await api("GET", `/api/meanings/${encodeURIComponent(word)}?lang=${state.capture.lang}`);
    target.textContent = found.meaning ? `${word}: ${found.meaning}`
      : `${word}: the offline dictionary has no meaning for it (the word list still decides whether it counts).`;
  } catch (error) {
    target.textContent = sentence(error.message);
  }
}
