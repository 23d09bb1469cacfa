// The round timer: three minutes by default, and an end nobody can miss.

import { game } from "./capture.js";
import { state } from "./state.js";
import { $, say } from "./ui.js";

// The timer is shown for the games played on a tray.
export function showTimer() { $("timer").hidden = game().kind !== "tray"; }

export function startTimer() {
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
  state.timer = setInterval(tick, 250);
}

export function stopTimer() {
  clearInterval(state.timer);
  state.timer = null;
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

export function resetClock() {
  if (state.timer) return;
  $("timer").classList.remove("ended");
  const minutes = Number($("minutes").value);
  if (minutes > 0) showClock(minutes * 60000);
}
