// Tile notation in the browser: "123m0p7z" <-> ["1m", "2m", "3m", "0p", "7z"].
// The server checks every rule; this only splits and joins text, and sorts for display.

const SUITS = "mpszf";

/** Split notation into tile names, in the order written. Throws Error naming a bad token. */
export function parseTiles(text) {
  const out = [];
  let digits = "";
  for (const ch of String(text || "")) {
    if (ch >= "0" && ch <= "9") {
      digits += ch;
    } else if (SUITS.includes(ch)) {
      if (!digits) throw new Error(`suit '${ch}' without digits`);
      for (const d of digits) out.push(d + ch);
      digits = "";
    } else if (!/[\s,]/.test(ch)) {
      throw new Error(`unknown character '${ch}'`);
    }
  }
  if (digits) throw new Error(`digits '${digits}' without a suit`);
  return out;
}

/** Like parseTiles, but [] for text that does not parse. */
export function tilesOrEmpty(text) {
  try {
    return parseTiles(text);
  } catch {
    return [];
  }
}

/** Join tile names into notation, keeping their order ("1m2m5p3m" -> "12m5p3m"). */
export function formatTiles(tiles) {
  let out = "";
  let run = "";
  let suit = "";
  for (const t of tiles) {
    if (t[1] !== suit && run) {
      out += run + suit;
      run = "";
    }
    suit = t[1];
    run += t[0];
  }
  return run ? out + run + suit : out;
}

/** A number to sort tiles by: suit order m p s z f, a red five just before the fives. */
export function sortKey(t) {
  const n = t[0] === "0" ? 4.5 : Number(t[0]);
  return SUITS.indexOf(t[1]) * 10 + n;
}

export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}

/** Parse "pon 777z from=2" into {kind, tiles, from}; null if it is not that shape. */
export function parseMeld(text) {
  const m = /^\s*(chi|pon|kan|ankan|kakan)\s+([0-9mpsz]+)(?:\s+from=([123]))?\s*$/.exec(text);
  if (!m) return null;
  return { kind: m[1], tiles: tilesOrEmpty(m[2]), from: m[3] ? Number(m[3]) : null };
}
