// The step panel of a tutorial table (a room of kind "tutorial", docs/web.md): the lesson's
// sentence for the moment, and a mark on the tile or button to press. The step is read from
// what the table shows (the model and the open decision), so a reload finds the same step.
// The sentences are in the page's language (t(), the catalogs: docs/i18n.md).
//
// Each lesson follows its fixed hand in majiang.server.tutorial:
// - riichi: discard the lone 9p, pon the white dragon, discard the lone North (ready: 3p or
//   6p), win by tsumo on 6p;
// - hk: discard the lone 9p, pung the red dragon, discard the lone 1s, chow North's 3m, discard
//   the lone South (ready: 6m or 9m), win on West's 6m (half flush 3 + red dragon 1 = 4 fan).

import { t } from "./i18n.js";

const RIICHI = [
  {
    text: t("You are East, the dealer, and it is your turn: you drew a tile. A hand is four sets and a pair; the lone 9 of circles fits nothing. Discard it: click it."),
    target: '#hand [data-tile="9p"]',
  },
  {
    text: t("The others draw and discard in turn. Watch their discards: you hold two white dragons."),
  },
  {
    text: t("South discarded a white dragon. Take it to make three of a kind: click Pon."),
    target: '[data-action="pon"]',
  },
  {
    text: t("Your pon is face up. Now discard the lone North wind: click it. Your hand becomes ready, one tile from a win."),
    target: '#hand [data-tile="4z"]',
  },
  {
    text: t("Your hand is ready: 4-5 of circles waits on 3 or 6 of circles. The white dragons are its yaku, so it may win though it is open (riichi is for closed hands). The others play on."),
  },
  {
    text: t("You drew the 6 of circles: your hand is complete. Click Tsumo to win."),
    target: '[data-action="tsumo"]',
  },
  // the last step: what happened (lessonEnd), this sentence if the player won
  {
    text: t("You won! Every win needs a complete hand and a yaku. Play a real game from the home page, or read the rules."),
  },
];

const HONG_KONG = [
  {
    text: t("You are East, the dealer, and it is your turn: you drew a tile. A hand is four sets and a pair, and at this table it must be worth at least 3 fan. Yours is characters and two red dragons: one suit with honours is a half flush (混一色), 3 fan. The lone 9 of circles does not fit: click it to discard it."),
    target: '#hand [data-tile="9p"]',
  },
  {
    text: t("The others draw and discard in turn. Watch their discards: you hold two red dragons."),
  },
  {
    text: t("South discarded a red dragon. Take it to make three of a kind, a pung (碰): click Pon. A pung of dragons is worth 1 fan (紅中)."),
    target: '[data-action="pon"]',
  },
  {
    text: t("Your pung lies face up for all to see. Now discard the lone 1 of bamboo: click it."),
    target: '#hand [data-tile="1s"]',
  },
  {
    text: t("A run of three, a chow (上), may be taken only from the player before you: North. You hold the 1 and 2 of characters: watch North's discards."),
  },
  {
    text: t("North discarded the 3 of characters: with your 1 and 2 it makes a chow. Click Chi."),
    target: '[data-action="chi"]',
  },
  {
    text: t("Now discard the lone South wind: click it. Then every tile you hold is a character or a red dragon."),
    target: '#hand [data-tile="2z"]',
  },
  {
    text: t("Your hand is ready: 7-8 of characters waits on the 6 or the 9. Its fan: half flush (混一色) 3 and red dragon (紅中) 1, so 4 fan, enough for the 3 this table needs. The others play on."),
  },
  {
    text: t("West discarded the 6 of characters, your winning tile. Click Ron to win on the discard (食糊)."),
    target: '[data-action="ron"]',
  },
  // the last step: what happened (lessonEnd), this sentence if the player won as taught
  {
    text: t("You won with 4 fan: half flush (混一色) 3 fan and red dragon (紅中) 1 fan. On this table 4 fan is worth 16 points, and West, who discarded your winning tile, pays for everyone: twice that, 32. Had you drawn it yourself, self-drawn (自摸) would add 1 fan: 5 fan, 24 from each of the three others."),
  },
];

// the last step's sentence when the hand did not end as the lesson taught
const ENDS = {
  draw: t("The hand ended in a draw: nobody won before it was over. Start the lesson again to play it through to the win, or play a real game from the home page."),
  lost: t("Another player won this hand, not you. Start the lesson again to play it through to your win, or play a real game from the home page."),
  otherWin: t("You won, though not as the lesson showed: the result below gives your hand's fan and who pays. Start the lesson again to see the planned win, or play a real game from the home page."),
};

// the sentence once the player let go the call or win a step asked for (Pass, or the "No calls"
// setting): the hand goes on without the lesson's plan
const MISSED = t("You passed on the call this step asked for, so the lesson cannot go on as planned. Play the hand out as you like, or start the lesson again.");

/** Whether the step asked for a call or a win the table no longer offers: a decision is open
 * (nothing on its way to the server) and the step's action is not among it. */
function missed(step, ui) {
  const action = step.target && /^\[data-action="(\w+)"\]$/.exec(step.target);
  if (!action || !ui.decision || ui.pending || ui.frozen) return false;
  return !ui.decision.actions.some((a) => a.type === action[1]);
}

/** The sentence of the lesson's last step: the lesson's own if the hand ended as it teaches
 * (``taught(win)``: the player's win is the planned one), else what happened, a win another way,
 * another player's win or a draw (``result``: the hand's result in the model, static/model.js). */
function lessonEnd(lesson, result, seat) {
  const wins = (result && result.wins) || [];
  const mine = wins.find((w) => w.seat === seat);
  if (mine) return lesson.taught(mine) ? lesson.steps[lesson.steps.length - 1].text : ENDS.otherWin;
  return wins.length ? ENDS.lost : ENDS.draw;
}

/** The tiles in the player's hand now, and the open decision's action types. */
function seen(ui) {
  const m = ui.frozen || ui.model;
  const actions = ui.decision && !ui.pending ? ui.decision.actions.map((a) => a.type) : [];
  const mine = m.seats[m.seat] || { melds: [] };
  const tiles = [...m.hand, ...(m.drawn ? [m.drawn] : [])];
  const over = Boolean(m.result || m.phase === "game_over" || ui.frozen);
  return { actions, melds: mine.melds.length, tiles, over };
}

/** The number (from 0) of the riichi lesson's step the table is at now. */
function riichiStep(ui) {
  const { actions, melds, tiles, over } = seen(ui);
  if (over) return 6;
  if (actions.includes("tsumo")) return 5;
  if (actions.includes("pon")) return 2;
  if (melds) return tiles.includes("4z") ? 3 : 4;
  return tiles.includes("9p") ? 0 : 1;
}

/** The number (from 0) of the Hong Kong lesson's step the table is at now. */
function hongKongStep(ui) {
  const { actions, melds, tiles, over } = seen(ui);
  if (over) return 9;
  if (actions.includes("ron")) return 8;
  if (actions.includes("chi")) return 5;
  if (actions.includes("pon")) return 2;
  if (melds >= 2) return tiles.includes("2z") ? 6 : 7;
  if (melds === 1) return tiles.includes("1s") ? 3 : 4;
  return tiles.includes("9p") ? 0 : 1;
}

// by the table's variant: the lesson's sentences and how to tell its step
// (``taught``: whether the player's win is the one the last step explains: the riichi lesson's
// words fit any win of the player, the Hong Kong lesson's only the ron on West's discard)
const LESSONS = {
  riichi: { steps: RIICHI, step: riichiStep, taught: () => true },
  hk: { steps: HONG_KONG, step: hongKongStep, taught: (win) => win.source === 2 && win.tile === "6m" },
};

/** Show the lesson's step for the table now (``ui``: the table's state, static/table.js). */
export function showLesson(ui) {
  const panel = document.querySelector("#lesson");
  const lesson = LESSONS[ui.model && ui.model.variant];
  if (!panel || !lesson || !ui.room || ui.room.kind !== "tutorial") return;
  const steps = lesson.steps;
  // the lesson only goes forward: between a click and the server's answer the table looks
  // for a moment as it did before the step (a pon clicked, its meld not there yet)
  const now = lesson.step(ui);
  const n = Math.max(now, ui.lessonStep || 0);
  ui.lessonStep = n;
  const step = steps[n];
  const last = n === steps.length - 1;
  const m = ui.frozen || ui.model;
  // a step left behind (the table is back at an earlier one) whose call was passed stays missed
  if (!last && (ui.lessonMissed || (now < n && missed(step, ui)))) {
    ui.lessonMissed = true;
    panel.hidden = false;
    panel.dataset.step = "missed";
    panel.querySelector(".lesson-count").textContent = "";
    panel.querySelector(".lesson-text").textContent = MISSED;
    document.querySelectorAll(".lesson-target").forEach((el) => el.classList.remove("lesson-target"));
    return;
  }
  panel.hidden = false;
  panel.dataset.step = String(n + 1);
  panel.querySelector(".lesson-count").textContent = t("Step {n} of {count}", { n: n + 1, count: steps.length });
  panel.querySelector(".lesson-text").textContent = last ? lessonEnd(lesson, m.result, m.seat) : step.text;
  document.querySelectorAll(".lesson-target").forEach((el) => el.classList.remove("lesson-target"));
  if (step.target) {
    const el = document.querySelector(step.target);
    if (el) el.classList.add("lesson-target");
  }
}
