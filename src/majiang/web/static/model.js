// The table as this player knows it: built from the server's snapshot (the player view) and
// kept up to date by applying each numbered event (docs/protocol.md). Pure functions over plain
// objects, so a test can feed events and compare the result with the next snapshot.
//
// The model holds exactly what the server sent: the player's own tiles, public tiles, and the
// counts of everyone else's. Extra fields the view does not have (a called river tile's face,
// the result of the hand being shown) are kept beside it.

import { sortTiles, tilesOrEmpty, formatTiles } from "./notation.js";

const WINDS = "ESWN";

function blankSeat(seat) {
  return {
    seat,
    wind: "E",
    score: 0,
    concealed: 0,
    melds: [],
    river: [],
    bonus: [],
    riichi: false,
    out: false,
    void: null,
  };
}

/** A model from a snapshot frame's view (tiles as arrays of names). */
export function fromView(view, seq) {
  return {
    seq,
    seat: view.seat,
    variant: view.variant,
    phase: view.phase,
    hand_index: view.hand_index,
    round_wind: view.round_wind,
    dealer: view.dealer,
    honba: view.honba,
    streak: view.dealer_streak || 0,
    sticks: view.sticks,
    wall_left: view.wall_left,
    indicators: tilesOrEmpty(view.indicators),
    hand: sortTiles(tilesOrEmpty(view.hand)),
    drawn: view.drawn,
    turn: view.turn,
    claim_from: view.claim_from,
    placements: view.placements || [],
    seats: view.seats.map((s) => ({
      seat: s.seat,
      wind: s.wind,
      score: s.score,
      concealed: s.concealed,
      melds: [...s.melds],
      river: s.river.map((r) => ({ ...r })),
      bonus: tilesOrEmpty(s.bonus),
      riichi: s.riichi,
      out: s.out,
      void: s.void,
    })),
    // beside the view
    dealing: view.phase === "decision", // Sichuan's rounds after the deal: see endDeal
    lastIn: null,
    result: null,
    final: null,
  };
}

/** An empty model for a seat of a game not seen yet (the events from number 1 fill it). */
export function emptyModel(seat, players, variant) {
  return {
    seq: 0,
    seat,
    variant,
    phase: "turn",
    hand_index: 0,
    round_wind: "E",
    dealer: 0,
    honba: 0,
    streak: 0,
    sticks: 0,
    wall_left: null,
    indicators: [],
    hand: [],
    drawn: null,
    turn: 0,
    claim_from: null,
    placements: [],
    seats: Array.from({ length: players }, (_, i) => blankSeat(i)),
    dealing: false,
    lastIn: null,
    result: null,
    final: null,
  };
}

/** Keep what the view cannot hold (faces of called river tiles) when a snapshot replaces a model. */
export function carryOver(old, fresh) {
  if (!old) return fresh;
  if (old.hand_index === fresh.hand_index) {
    fresh.seats.forEach((s, i) => {
      const before = old.seats[i] ? old.seats[i].river : [];
      s.river.forEach((r, j) => {
        if (r.claimed && before[j] && before[j].was) r.was = before[j].was;
      });
    });
  }
  fresh.result = old.result;
  fresh.final = old.final;
  return fresh;
}

function removeOne(list, tile) {
  const i = list.indexOf(tile);
  if (i >= 0) list.splice(i, 1);
  return i >= 0;
}

/** Take tiles out of this player's hand (the drawn tile first when it is one of them), then
 *  put the drawn tile among the others. */
function takeFromHand(m, tiles) {
  for (const t of tiles) {
    if (m.drawn === t) m.drawn = null;
    else removeOne(m.hand, t);
  }
  if (m.drawn) m.hand.push(m.drawn);
  m.drawn = null;
  m.hand = sortTiles(m.hand);
}

/** The meld as the view writes it: "pon 055p from=1". */
export function meldText(kind, tiles, from) {
  const text = `${kind} ${formatTiles(sortTiles(tiles))}`;
  return from ? `${text} from=${from}` : text;
}

function newResult(m) {
  return {
    hand_index: m.hand_index,
    round_wind: m.round_wind,
    dealer: m.dealer,
    honba: m.honba,
    before: m.seats.map((s) => s.score),
    // riichi sticks each seat put on the table during the hand (negative), for the result
    sticks_paid: m.seats.map((s) => s.stick || 0),
    // Sichuan's exchange after the deal, as this player saw it (others' tiles hidden)
    exchange: [...(m.exchange || [])],
    wins: [],
    revealed: [],
    payments: [],
    ended: null,
  };
}

/** The events of a hand's deal (and of Sichuan's exchange and missing suit after it). */
const DEAL_EVENTS = new Set(["dealt", "bonus_declared", "dice_rolled", "indicator_revealed", "tiles_passed", "void_declared"]);

/** The dealer's tile "just drawn" at the start: the engine counts as drawn the last tile that
 *  came into the dealer's hand (the 14th dealt, or the last flower replacement, or the last
 *  tile received in Sichuan's exchange); every other tile of the deal is in the hand. */
function settleDeal(m) {
  if (m.seat !== m.dealer || m.seat === null || m.seat === undefined) return;
  if (m.drawn) m.hand.push(m.drawn);
  m.drawn = null;
  if (m.hand.length % 3 === 2 && m.lastIn && m.hand.includes(m.lastIn)) {
    removeOne(m.hand, m.lastIn);
    m.drawn = m.lastIn;
  }
  m.hand = sortTiles(m.hand);
}

/** The deal is over (play starts): fix the dealer's drawn tile. Called by the first event of
 *  play, and by the page when the first decision with discards arrives (Sichuan's dealer, whose
 *  first turn follows the exchange and the missing suit without an event). */
export function endDeal(m) {
  if (!m.dealing) return;
  m.dealing = false;
  settleDeal(m);
}

/** Apply one event (its JSON as the server sends it) to the model, in place. */
export function applyEvent(m, e) {
  const n = m.seats.length;
  const me = m.seat;
  const seatOf = (i) => m.seats[i];
  const dealStage = m.dealing && (DEAL_EVENTS.has(e.type) || (e.type === "drew" && e.replacement));
  if (m.dealing && !dealStage && e.type !== "hand_started") endDeal(m);
  if (dealStage && e.type === "drew") {
    seatOf(e.seat).concealed += 1;
    if (m.wall_left !== null) m.wall_left = Math.max(0, m.wall_left - 1);
    if (e.seat === me && e.tile) {
      if (m.drawn) m.hand.push(m.drawn);
      m.drawn = null;
      m.hand = sortTiles([...m.hand, e.tile]);
      m.lastIn = e.tile;
    }
    if (m.variant !== "sichuan") settleDeal(m);
    return m;
  }
  applyPlain(m, e, n, me, seatOf);
  if (dealStage && m.variant !== "sichuan") settleDeal(m);
  return m;
}

function applyPlain(m, e, n, me, seatOf) {
  switch (e.type) {
    case "hand_started": {
      m.hand_index = e.hand;
      m.round_wind = WINDS[e.round_wind % 4];
      m.dealer = e.dealer;
      m.honba = e.honba;
      m.streak = e.dealer_streak || 0;
      m.sticks = e.sticks;
      m.indicators = [];
      m.hand = [];
      m.drawn = null;
      m.wall_left = null; // the deal does not say: the next snapshot does
      m.phase = "turn";
      m.turn = e.dealer;
      m.claim_from = null;
      m.seats = m.seats.map((_, i) => ({
        ...blankSeat(i),
        score: e.scores[i],
        wind: WINDS[(i - e.dealer + n) % n],
      }));
      m.result = null;
      m.exchange = [];
      m.dealing = true;
      m.lastIn = null;
      break;
    }
    case "dealt": {
      seatOf(e.seat).concealed = e.count;
      if (e.seat === me) {
        const tiles = tilesOrEmpty(e.tiles);
        m.hand = sortTiles(tiles);
        m.drawn = null;
        m.lastIn = tiles.length ? tiles[tiles.length - 1] : null;
      }
      break;
    }
    case "drew": {
      seatOf(e.seat).concealed += 1;
      if (m.wall_left !== null) m.wall_left = Math.max(0, m.wall_left - 1);
      if (e.seat === me && e.tile) {
        if (m.drawn) m.hand = sortTiles([...m.hand, m.drawn]);
        m.drawn = e.tile;
      }
      m.phase = "turn";
      m.turn = e.seat;
      m.claim_from = null;
      break;
    }
    case "bonus_declared": {
      const s = seatOf(e.seat);
      s.bonus.push(e.tile);
      s.concealed -= 1;
      if (e.seat === me) {
        if (m.drawn === e.tile) m.drawn = null;
        else removeOne(m.hand, e.tile);
        if (m.lastIn === e.tile) m.lastIn = null;
      }
      break;
    }
    case "discarded": {
      const s = seatOf(e.seat);
      s.river.push({ tile: e.tile, tsumogiri: e.tsumogiri, riichi: e.riichi, claimed: false });
      s.concealed -= 1;
      if (e.seat === me) {
        if (e.tsumogiri && m.drawn === e.tile) m.drawn = null;
        else if (!removeOne(m.hand, e.tile) && m.drawn === e.tile) m.drawn = null;
        if (m.drawn) m.hand.push(m.drawn);
        m.drawn = null;
        m.hand = sortTiles(m.hand);
      }
      m.phase = "claim";
      m.turn = e.seat;
      m.claim_from = e.seat;
      break;
    }
    case "riichi_declared": {
      seatOf(e.seat).riichi = true;
      break;
    }
    case "called": {
      const s = seatOf(e.seat);
      const tiles = tilesOrEmpty(e.tiles);
      if (e.meld === "kakan") {
        const base = tiles.filter((t) => t !== e.claimed);
        const i = s.melds.findIndex((x) => {
          const [kind, text] = x.split(" ");
          return kind === "pon" && sortTiles(tilesOrEmpty(text)).join() === sortTiles(base.slice(0, 3)).join();
        });
        const from = i >= 0 ? (/from=(\d)/.exec(s.melds[i]) || [])[1] : null;
        const text = meldText("kakan", tiles, from);
        if (i >= 0) s.melds[i] = text;
        else s.melds.push(text);
        s.concealed -= 1;
        if (e.seat === me) takeFromHand(m, [e.claimed]);
      } else if (e.meld === "ankan") {
        s.melds.push(meldText("ankan", tiles, null));
        s.concealed -= 4;
        if (e.seat === me) takeFromHand(m, tiles);
      } else {
        const from = (e.seat - e.source + n) % n;
        s.melds.push(meldText(e.meld, tiles, from));
        const used = [...tiles];
        removeOne(used, e.claimed);
        s.concealed -= used.length;
        if (e.seat === me) takeFromHand(m, used);
        const river = seatOf(e.source).river;
        const last = river[river.length - 1];
        if (last && !last.claimed) {
          last.was = last.tile;
          last.tile = null;
          last.claimed = true;
        }
      }
      m.phase = "turn";
      m.turn = e.seat;
      m.claim_from = null;
      break;
    }
    case "indicator_revealed": {
      m.indicators.push(e.tile);
      break;
    }
    case "won": {
      if (!m.result) m.result = newResult(m);
      m.result.wins.push(e);
      if (m.variant === "sichuan") seatOf(e.seat).out = true;
      break;
    }
    case "points_moved": {
      m.seats.forEach((s, i) => (s.score += e.deltas[i] || 0));
      m.sticks += e.sticks || 0;
      if (e.reason === "riichi") m.seats.forEach((s, i) => (s.stick = (s.stick || 0) + (e.deltas[i] || 0)));
      else {
        if (!m.result) m.result = newResult(m);
        m.result.payments.push(e);
        // paid after the hand ended (the game's end gives the sticks left to the first,
        // final_sticks): the result's After is the score after it too
        if (m.result.after) m.result.after = m.result.after.map((x, i) => x + (e.deltas[i] || 0));
      }
      break;
    }
    case "hand_revealed": {
      if (!m.result) m.result = newResult(m);
      m.result.revealed.push(e);
      break;
    }
    case "hand_ended": {
      if (!m.result) m.result = newResult(m);
      m.result.ended = e;
      m.result.after = [...e.scores];
      m.seats.forEach((s, i) => (s.score = e.scores[i]));
      break;
    }
    case "game_ended": {
      m.phase = "game_over";
      m.placements = [...e.placements];
      m.seats.forEach((s, i) => (s.score = e.scores[i]));
      m.final = { scores: [...e.scores], placements: [...e.placements], reason: e.reason };
      break;
    }
    case "tiles_passed": {
      const tiles = tilesOrEmpty(e.tiles);
      m.exchange = [...(m.exchange || []), { seat: e.seat, to: e.to, tiles: e.tiles || "", count: e.count }];
      seatOf(e.seat).concealed -= e.count;
      seatOf(e.to).concealed += e.count;
      if (e.seat === me) for (const t of tiles) removeOne(m.hand, t);
      if (e.to === me) {
        if (m.drawn) m.hand.push(m.drawn);
        m.drawn = null;
        m.hand = sortTiles([...m.hand, ...tiles]);
        if (tiles.length) m.lastIn = tiles[tiles.length - 1];
      }
      break;
    }
    case "void_declared": {
      seatOf(e.seat).void = e.suit;
      break;
    }
    default:
      break; // dice and anything newer: nothing on the table changes
  }
}

/** The differences between a model and a fresh view of the same moment ([] when they agree). */
export function compareWithView(m, view) {
  const fresh = fromView(view, m.seq);
  const out = [];
  const same = (path, a, b) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  };
  for (const key of ["hand_index", "round_wind", "dealer", "honba", "sticks", "drawn"]) {
    same(key, m[key], fresh[key]);
  }
  if (m.wall_left !== null) same("wall_left", m.wall_left, fresh.wall_left);
  same("indicators", m.indicators, fresh.indicators);
  same("hand", sortTiles(m.hand), fresh.hand);
  fresh.seats.forEach((s, i) => {
    const mine = m.seats[i];
    for (const key of ["wind", "score", "concealed", "riichi", "out", "void"]) {
      same(`seats[${i}].${key}`, mine[key], s[key]);
    }
    same(`seats[${i}].melds`, mine.melds, s.melds);
    same(`seats[${i}].bonus`, sortTiles(mine.bonus), sortTiles(s.bonus));
    same(
      `seats[${i}].river`,
      mine.river.map((r) => [r.tile, r.riichi, r.claimed, r.tsumogiri]),
      s.river.map((r) => [r.tile, r.riichi, r.claimed, r.tsumogiri]),
    );
  });
  return out;
}
