// Tiles drawn from the sprite the server makes with majiang.render (/tiles.svg).
// Each tile is <svg viewBox="0 0 60 80"><use href="/tiles.svg#mj-5p"/></svg>; a tile lying
// sideways is the same symbol turned a quarter counter-clockwise in an 80 x 60 box.

import { t } from "./i18n.js";
import { sortTiles } from "./notation.js";

export const SPRITE = "/tiles.svg";

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One tile as an SVG string. opts: {sideways, back, label, cls} */
export function tileSvg(name, opts = {}) {
  const id = opts.back ? "back" : name;
  const label = opts.back ? t("face-down tile") : opts.label || name;
  const cls = ["tile", opts.sideways ? "sideways" : "", opts.cls || ""].join(" ").trim();
  const use = `<use href="${SPRITE}#mj-${esc(id)}" width="60" height="80"${
    opts.sideways ? ' transform="translate(0 60) rotate(-90)"' : ""
  }/>`;
  const box = opts.sideways ? "0 0 80 60" : "0 0 60 80";
  return `<svg class="${cls}" viewBox="${box}" role="img" aria-label="${esc(label)}" data-tile="${esc(
    opts.back ? "back" : name,
  )}">${use}</svg>`;
}

/** A row of tiles in the order given. */
export function tilesRow(tiles, cls = "") {
  return `<span class="tiles ${cls}">${tiles.map((tile) => tileSvg(tile)).join("")}</span>`;
}

/** Which tile of a meld lies sideways: the one from the player it came from (docs/render.md). */
function sidewaysIndex(meld) {
  if (!meld.from || meld.kind === "ankan") return -1;
  if (meld.kind === "chi") return 0;
  const n = meld.tiles.length;
  return meld.from === 1 ? 0 : meld.from === 2 ? 1 : n - 1;
}

/** One meld: called tile sideways, a concealed kong with its outer tiles face down. */
export function meldHtml(meld) {
  const tiles = meld.kind === "chi" ? sortTiles(meld.tiles) : meld.tiles;
  let parts;
  if (meld.kind === "kakan") {
    const base = tiles.slice(0, 3);
    const at = meld.from ? sidewaysIndex({ ...meld, tiles: base }) : 2;
    parts = base.map((t, i) =>
      i === at
        ? `<span class="stack">${tileSvg(tiles[3] || t, { sideways: true })}${tileSvg(t, {
            sideways: true,
          })}</span>`
        : tileSvg(t),
    );
  } else {
    const side = sidewaysIndex(meld);
    parts = tiles.map((t, i) =>
      tileSvg(t, {
        sideways: i === side,
        back: meld.kind === "ankan" && (i === 0 || i === tiles.length - 1),
      }),
    );
  }
  return `<span class="meld" data-kind="${esc(meld.kind)}">${parts.join("")}</span>`;
}

/** A whole hand: concealed tiles sorted, the winning tile apart, melds, then bonus tiles. */
export function handHtml({ concealed, winTile, melds = [], bonus = [] }) {
  const rest = sortTiles(concealed);
  if (winTile) {
    const i = rest.indexOf(winTile);
    if (i >= 0) rest.splice(i, 1);
  }
  let html = `<span class="tiles concealed">${rest.map((tile) => tileSvg(tile)).join("")}</span>`;
  const winning = esc(t("winning tile"));
  if (winTile) html += `<span class="tiles win-tile" title="${winning}">${tileSvg(winTile)}</span>`;
  if (melds.length) html += `<span class="melds">${melds.map(meldHtml).join("")}</span>`;
  if (bonus.length) html += tilesRow(sortTiles(bonus), "bonus");
  return `<div class="hand-view">${html}</div>`;
}
