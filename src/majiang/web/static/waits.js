// Waits and furiten of this player's own hand, computed in the browser from the tiles the server
// sent to this seat (nothing else: no other seat's hidden tile is needed or known).
//
// The same answers as majiang/readiness.py: a kind completes a 3n+1-tile hand into sets and a
// pair, or into one of the variant's special forms (the table page lists each variant's forms:
// seven_pairs, thirteen_orphans, seven_pairs_quads, seven_pairs_one_pung); a kind of which the
// hand holds all four is never a wait. Melds are not counted: they are sets already.

const SUIT_BASE = { m: 0, p: 9, s: 18, z: 27 };
const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/** The kind (0-33) of a tile name ("0m", a red five, is a 5m), or -1 (flowers, backs). */
export function kindOf(tile) {
  const base = SUIT_BASE[tile && tile[1]];
  if (base === undefined) return -1;
  const n = tile[0] === "0" ? 5 : Number(tile[0]);
  return base + n - 1;
}

/** The tile name of a kind: 4 -> "5m". */
export function kindName(k) {
  const suit = "mpsz"[Math.floor(k / 9)];
  return `${(k % 9) + 1}${suit}`;
}

/** Counts of each kind (34 numbers) of a list of tile names. */
export function countsOf(tiles) {
  const c = new Array(34).fill(0);
  for (const t of tiles) {
    const k = kindOf(t);
    if (k >= 0) c[k] += 1;
  }
  return c;
}

/** Whether the counts split into sets (pungs, chows in a suit) and, if `pair`, one pair. */
function sets(c, pair) {
  const k = c.findIndex((n) => n > 0);
  if (k < 0) return !pair;
  if (pair && c[k] >= 2) {
    c[k] -= 2;
    const ok = sets(c, false);
    c[k] += 2;
    if (ok) return true;
  }
  if (c[k] >= 3) {
    c[k] -= 3;
    const ok = sets(c, pair);
    c[k] += 3;
    if (ok) return true;
  }
  if (k < 27 && k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0) {
    c[k] -= 1;
    c[k + 1] -= 1;
    c[k + 2] -= 1;
    const ok = sets(c, pair);
    c[k] += 1;
    c[k + 1] += 1;
    c[k + 2] += 1;
    if (ok) return true;
  }
  return false;
}

/** Whether a 3n+2-tile hand (its counts) is complete in sets and a pair or a special form. */
export function isComplete(c, forms = []) {
  const total = c.reduce((a, b) => a + b, 0);
  if (total % 3 !== 2) return false;
  if (sets([...c], true)) return true;
  const held = c.filter((n) => n > 0);
  if (total === 14) {
    if (forms.includes("seven_pairs") && held.length === 7 && held.every((n) => n === 2)) return true;
    if (forms.includes("seven_pairs_quads") && c.every((n) => n % 2 === 0)) return true;
    if (forms.includes("thirteen_orphans") && ORPHANS.every((k) => c[k] > 0) && ORPHANS.reduce((a, k) => a + c[k], 0) === 14) {
      return true;
    }
  }
  if (total === 17 && forms.includes("seven_pairs_one_pung")) {
    const sorted = [...held].sort();
    return sorted.length === 8 && sorted.join() === "2,2,2,2,2,2,2,3";
  }
  return false;
}

/** The kinds (ascending) that complete a 3n+1-tile hand; [] when it is not ready. */
export function waits(tiles, forms = []) {
  const c = countsOf(tiles);
  if (c.reduce((a, b) => a + b, 0) % 3 !== 1) return [];
  const out = [];
  for (let k = 0; k < 34; k++) {
    if (c[k] >= 4) continue;
    c[k] += 1;
    if (isComplete(c, forms)) out.push(k);
    c[k] -= 1;
  }
  return out;
}

/** For a 3n+2-tile hand: each tile name whose discard leaves the hand ready -> its waits. */
export function readyDiscards(tiles, forms = []) {
  const out = {};
  for (const t of new Set(tiles)) {
    const rest = [...tiles];
    rest.splice(rest.indexOf(t), 1);
    const w = waits(rest, forms);
    if (w.length) out[t] = w;
  }
  return out;
}

/** The dora a riichi indicator points to: the next of its suit (9 -> 1), winds E S W N E,
 *  dragons white green red white. */
export function doraOf(indicator) {
  const k = kindOf(indicator);
  if (k < 0) return -1;
  if (k < 27) return k - (k % 9) + ((k % 9) + 1) % 9;
  if (k < 31) return 27 + ((k - 27 + 1) % 4);
  return 31 + ((k - 31 + 1) % 3);
}
