// Table sounds, made here with the Web Audio API (no sound file is downloaded or shipped): a
// short click for a discard, two notes for a call, a rising chord for a win. Played only when
// the player turned "Sounds" on in the table's settings.

let context = null;
let last = 0;

/** The notes of each event: [frequency Hz, start s, length s]. */
const NOTES = {
  discarded: [[880, 0, 0.05]],
  called: [
    [523, 0, 0.08],
    [784, 0.08, 0.1],
  ],
  won: [
    [523, 0, 0.12],
    [659, 0.1, 0.12],
    [784, 0.2, 0.25],
  ],
};

/** Play the sound of an event type (nothing for the others, nor twice within 60 ms: a burst of
 *  events after a reconnection makes one sound); return whether a sound was started. */
export function playSound(type) {
  const notes = NOTES[type];
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!notes || !Audio) return false;
  const now = performance.now();
  if (now - last < 60) return false;
  last = now;
  try {
    if (!context) context = new Audio();
    if (context.state === "suspended") context.resume();
    const t0 = context.currentTime;
    for (const [freq, start, length] of notes) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(t0 + start);
      osc.stop(t0 + start + length + 0.02);
    }
    return true;
  } catch {
    return false; // no sound device: the table plays on in silence
  }
}
