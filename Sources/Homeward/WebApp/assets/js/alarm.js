// The alarm sound, made in the browser (no sound file to fetch). Browsers let a page play only after
// a tap on it, or without one on a site the person already allowed; the first tap or key anywhere
// unlocks it.
let audio = null;

/** Makes (or wakes) the page's sound; browsers allow it in a tap, or without one for a site already played. */
export function unlockAudio() {
  try {
    if (!audio) audio = new AudioContext();
    if (audio.state === "suspended") audio.resume();
  } catch { /* no Web Audio: the banner still shows */ }
}

/** How long a blocked page waits for the browser to let the sound start. */
const audioStartMilliseconds = 400;

/** Three short tones, made in the browser; false when the browser does not let the page play. */
export async function playAlarm() {
  unlockAudio();
  if (!audio) return false;
  if (audio.state !== "running") {
    await Promise.race([audio.resume().catch(() => {}), new Promise((resolve) => setTimeout(resolve, audioStartMilliseconds))]);
    if (audio.state !== "running") return false;
  }
  for (let i = 0; i < 3; i++) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 880;
    gain.gain.value = 0.25;
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + i * 0.4);
    tone.stop(audio.currentTime + i * 0.4 + 0.25);
  }
  document.body.dataset.alarmPlayedAt = String(Date.now());
  return true;
}

// Any tap or key on the page lets the alarm sound later without asking.
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, unlockAudio, { once: true, capture: true });
}
