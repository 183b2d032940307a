// The step panel of a tutorial table (a room of kind "tutorial", docs/web.md): the lesson's
// sentence for the moment, and a mark on the tile or button to press. The step is read from
// what the table shows (the model and the open decision), so a reload finds the same step.
//
// The riichi lesson follows the fixed hand of majiang.server.tutorial: discard the lone 9p,
// pon the white dragon, discard the lone North (ready: 3p or 6p), win by tsumo on 6p.

const RIICHI = [
  {
    text: "You are East, the dealer, and it is your turn: you drew a tile. A hand is four sets and a pair; the lone 9 of circles fits nothing. Discard it: click it.",
    target: '#hand [data-tile="9p"]',
  },
  {
    text: "The others draw and discard in turn. Watch their discards: you hold two white dragons.",
  },
  {
    text: "South discarded a white dragon. Take it to make three of a kind: click Pon.",
    target: '[data-action="pon"]',
  },
  {
    text: "Your pon is face up. Now discard the lone North wind: click it. Your hand becomes ready, one tile from a win.",
    target: '#hand [data-tile="4z"]',
  },
  {
    text: "Your hand is ready: 4-5 of circles waits on 3 or 6 of circles. The white dragons are its yaku, so it may win though it is open (riichi is for closed hands). The others play on.",
  },
  {
    text: "You drew the 6 of circles: your hand is complete. Click Tsumo to win.",
    target: '[data-action="tsumo"]',
  },
  {
    text: "You won! Every win needs a complete hand and a yaku. Play a real game from the home page, or read the rules.",
  },
];

const LESSONS = { riichi: RIICHI };

/** The number (from 0) of the lesson's step the table is at now. */
function riichiStep(ui) {
  const m = ui.frozen || ui.model;
  const actions = ui.decision && !ui.pending ? ui.decision.actions.map((a) => a.type) : [];
  if (m.result || m.phase === "game_over" || ui.frozen) return 6;
  if (actions.includes("tsumo")) return 5;
  if (actions.includes("pon")) return 2;
  const mine = m.seats[m.seat] || { melds: [] };
  const tiles = [...m.hand, ...(m.drawn ? [m.drawn] : [])];
  if (mine.melds.length) return tiles.includes("4z") ? 3 : 4;
  return tiles.includes("9p") ? 0 : 1;
}

/** Show the lesson's step for the table now (``ui``: the table's state, static/table.js). */
export function showLesson(ui) {
  const panel = document.querySelector("#lesson");
  const steps = LESSONS[ui.model && ui.model.variant];
  if (!panel || !steps || !ui.room || ui.room.kind !== "tutorial") return;
  // the lesson only goes forward: between a click and the server's answer the table looks
  // for a moment as it did before the step (a pon clicked, its meld not there yet)
  const n = Math.max(riichiStep(ui), ui.lessonStep || 0);
  ui.lessonStep = n;
  const step = steps[n];
  panel.hidden = false;
  panel.dataset.step = String(n + 1);
  panel.querySelector(".lesson-count").textContent = `Step ${n + 1} of ${steps.length}`;
  panel.querySelector(".lesson-text").textContent = step.text;
  document.querySelectorAll(".lesson-target").forEach((el) => el.classList.remove("lesson-target"));
  if (step.target) {
    const el = document.querySelector(step.target);
    if (el) el.classList.add("lesson-target");
  }
}
