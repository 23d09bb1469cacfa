// The live view: the camera's picture with the letters, the words and the running score.

import { api } from "./api.js";
import { forget, show } from "./capture.js";
import { loggedId } from "./sheet.js";
import { state } from "./state.js";
import { $, busy, edge, item, label, sentence, signed, svg } from "./ui.js";
import { dictionary } from "./words.js";

const FRAME_WIDTH = 960;   // frames are sent at most this wide
const FRAME_GAP = 150;     // ms between one frame's answer and the next frame
const LIVE_HUNT_WORDS = 8; // a word hunt's best words shown over the picture

export async function startLive() {
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
  state.live = { id: session.id, stream };
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
  sendFrames(state.live);
}

async function sendFrames(session) {
  const video = $("live-video");
  const canvas = document.createElement("canvas");
  while (state.live === session) {
    if (video.videoWidth) {
      const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = await new Promise((done) => canvas.toBlob(done, "image/jpeg", 0.85));
      const form = new FormData();
      form.append("frame", frame, "frame.jpg");
      try {
        const seen = await api("POST", `/api/live/${session.id}/frames`, form);
        if (state.live === session) showLive(seen);
      } catch (error) {
        if (state.live === session) $("live-status").textContent = sentence(error.message);
      }
    }
    await new Promise((done) => setTimeout(done, FRAME_GAP));
  }
}

// What the live view has seen so far: the cubes of the last frame read, and the tally (or the
// board's words) of the letters voted on over the frames.
function showLive(seen) {
  const [w, h] = seen.frame_size;
  const marks = $("live-marks");
  marks.setAttribute("viewBox", `0 0 ${w} ${h}`);
  marks.replaceChildren();
  for (const cube of seen.cubes) {
    svg("polygon", { points: cube.corners.map(([x, y]) => `${x},${y}`).join(" ") }, marks);
    const cx = cube.corners.reduce((s, p) => s + p[0], 0) / cube.corners.length;
    const cy = cube.corners.reduce((s, p) => s + p[1], 0) / cube.corners.length;
    const side = edge(cube);
    svg("text", { x: cx, y: cy + side * 0.2, "font-size": side * 0.55 }, marks).textContent = label(cube.symbol);
  }
  const tally = seen.tally;
  const hunt = seen.hunt;
  const final = tally ? tally.final : hunt ? hunt.max_score : null;
  $("live-final").textContent = final === null ? "–" : signed(final);
  $("live-what").textContent = hunt ? "Board total" : "Score";  // a tray's words, not a score
  $("live-steady").textContent = seen.steady ? "steady" : "";
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
  $("live-status").textContent = `${seen.frames} frames seen, ${seen.reads} read.`
    + (seen.steady ? " The letters have held still: Hold scores them." : " Hold the phone still over the cubes.");
  $("live").dataset.final = final === null ? "" : final;
  $("live").dataset.steady = seen.steady ? "yes" : "no";
}

export function stopLive() {
  if (!state.live) return;
  const session = state.live;
  state.live = null;
  for (const track of session.stream.getTracks()) track.stop();
  $("live-video").srcObject = null;
  $("live").hidden = true;
  api("DELETE", `/api/live/${session.id}`).catch(() => {});
}

export async function hold() {
  const session = state.live;
  if (!session) return;
  await busy($("hold"), async () => {
    const held = await api("POST", `/api/live/${session.id}/hold`);
    state.live = null;   // the server ended this live view when it made the capture
    for (const track of session.stream.getTracks()) track.stop();
    $("live").hidden = true;
    show(held);
    $("result").scrollIntoView();
  });
}
