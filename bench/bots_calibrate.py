"""Calibrate the bots' defense and push-or-fold figures from self-play: ``bots/tables.py``.

    .venv/bin/python bench/bots_calibrate.py [--variants riichi,hk,...] [--games 2000]
                                             [--level normal] [--workers 2] [--seed 100000]
                                             [--write src/majiang/bots/tables.py]

Plays ``--games`` one-hand games per variant with ``--level`` bots at every seat. At every
discard decision it looks at the true state (the bots never do) and counts, from the view of
the seat to act:

- per other seat, its signs (``defense.threat_key``: riichi, open sets, discards) and whether it
  is ready with a legal win on some discard of ours (furiten and the variant's minimum
  included): ``THREAT`` is the ready share per key;
- per ready seat and per kind in our hand, the kind's category against that seat
  (``Reader.category``) and whether discarding it would win for them: ``DANGER`` is the
  winning share per category (tiles without modifiers), ``MODIFIERS`` the ratio of observed to
  expected wins for tiles with each modifier (an own discard without furiten, a flush suit);
- the value of those wins (``defense.value_key``), in ``Valuation.points`` units: ``VALUE``;
- our own shanten, unseen improving tiles and draws left after the discard made, and whether
  we went on to win the hand: ``WIN`` holds, per shanten (0-3), the coefficients of
  ``logit P(win) = a + b ln(1 + tiles) + c ln(1 + draws)`` (``policy.win_chance``).

The normal level pushes every hand, so ``WIN`` is the chance of a hand played out; the threats
and dangers are those of hands played by the level. ``--write`` replaces the tables module.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections import Counter, defaultdict
from typing import Any

from majiang.actions import Discard
from majiang.bots.analysis import HandCalc, own_counts, unseen_counts
from majiang.bots.defense import Reader, threat_key, value_key
from majiang.bots.levels import make_bot
from majiang.bots.policy import PolicyBot
from majiang.bots.valuation import valuation_for
from majiang.engine import legal_actions, new_game, step, win_result
from majiang.engine.legal import furiten
from majiang.errors import MajiangError
from majiang.events import Won
from majiang.rules import VARIANTS, get_ruleset
from majiang.tiles import kind, tile_set
from majiang.view import player_view

_KIND = tuple(kind(t) for t in range(45))


def _legal_rons(rules: Any, st: Any, p: int, me: int) -> dict[int, float]:
    """Return the kinds on which seat ``p`` would win from ``me`` now, with the points paid."""
    out: dict[int, float] = {}
    if furiten(rules, st, p):
        return out
    tiles = {_KIND[t]: t for t in tile_set(rules.id).tiles() if _KIND[t] < 34}
    for k in st.waits[p]:
        try:
            if not rules.may_win(st.options, st, p, (*st.concealed[p], tiles[k])):
                continue
            res = win_result(rules, st, p, tiles[k], me)
        except MajiangError:
            continue
        if res.valid:
            out[k] = float(res.points.total)
    return out


def play(args: tuple[str, int, str]) -> dict[str, Any]:
    """Return the counts of one game (see the module docstring)."""
    variant, seed, level = args
    rules = get_ruleset(variant)
    valuation = valuation_for(variant)
    bots = [make_bot(level, variant, seed * 8 + s) for s in range(rules.players)]
    state, _ = new_game(rules, {}, seed, "one_hand")
    threat: Counter[tuple[str, int]] = Counter()
    danger: Counter[tuple[str, str, int]] = Counter()
    value: defaultdict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    wins: list[tuple[int, int, int, int, int]] = []  # seat, shanten, tiles, draws, (won later)
    calcs: dict[Any, HandCalc] = {}
    while not state.game_over:
        seat = state.waiting_seats()[0]
        legal = legal_actions(rules, state, seat)
        view = player_view(rules, state, seat)
        action = bots[seat].choose(view, legal)
        if isinstance(action, Discard) and len(legal) > 1:
            reader = _reader(bots[seat], view)
            hand_kinds = {_KIND[t] for t in view.hand if _KIND[t] < 34}
            for s in view.seats:
                p = s.seat
                if p == seat or s.out:
                    continue
                opened = sum(1 for m in s.melds if m.is_open)
                rons = _legal_rons(rules, state, p, seat)
                threat[(threat_key(s.riichi, opened, len(s.river)), 1 if rons else 0)] += 1
                if not rons:
                    continue
                vkey = value_key(s.riichi, opened, reader.flush[p] is not None)
                for k in hand_kinds:
                    cat = reader.category(p, k)
                    mods = reader.modifiers(p, k)
                    hit = k in rons
                    danger[(cat, "+".join(mods), int(hit))] += 1
                    if hit:
                        value[vkey][0] += 1
                        value[vkey][1] += rons[k] / valuation.unit
            me = view.seats[seat]
            key = (me.melds, variant)
            calc = calcs.get(key) or calcs.setdefault(key, HandCalc(variant, me.melds))
            counts = own_counts(view)
            k = _KIND[action.tile]
            counts[k] -= 1
            sh, _, tiles = calc.improving(counts, unseen_counts(view))
            players_in = sum(1 for s in view.seats if not s.out)
            wins.append((seat, sh, tiles, view.wall_left // max(1, players_in), 0))
        state, events = step(rules, state, seat, action)
        for e in events:
            if isinstance(e, Won):
                wins = [w if w[0] != e.seat else (*w[:4], 1) for w in wins]
    return {"threat": threat, "danger": danger, "value": dict(value), "wins": wins}


def _reader(bot: Any, view: Any) -> Reader:
    """Return the table as the expert reads it: ``PolicyBot.reader``, with what the variant's
    valuation adds (Taiwan's passed tiles, safe against their seat), so that the dangers are
    counted over the tiles the expert does not already know to be safe."""
    if isinstance(bot, PolicyBot):
        return bot.reader(bot.context(view))
    return Reader(view)


def fit_logistic(rows: list[tuple[float, float, int]], steps: int = 60) -> tuple[float, ...]:
    """Return (a, b, c) of ``logit P = a + b x + c y`` fitted to (x, y, outcome) rows by
    Newton's method (a small ridge keeps it stable on thin data).

    >>> a, b, c = fit_logistic([(0, 0, 0), (1, 0, 1), (0, 1, 0), (1, 1, 1)] * 20)
    >>> b > 2 > abs(c)
    True
    """
    w = [0.0, 0.0, 0.0]
    for _ in range(steps):
        g = [0.0, 0.0, 0.0]
        h = [[1e-3 if i == j else 0.0 for j in range(3)] for i in range(3)]
        for x, y, t in rows:
            f = (1.0, x, y)
            z = max(-30.0, min(30.0, w[0] + w[1] * x + w[2] * y))
            p = 1 / (1 + math.exp(-z))
            for i in range(3):
                g[i] += (t - p) * f[i]
                for j in range(3):
                    h[i][j] += p * (1 - p) * f[i] * f[j]
        step_ = _solve(h, g)
        w = [w[i] + step_[i] for i in range(3)]
        if max(abs(s) for s in step_) < 1e-7:
            break
    return (round(w[0], 4), round(w[1], 4), round(w[2], 4))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def summarize(parts: list[dict[str, Any]], min_samples: int = 40) -> dict[str, Any]:
    """Return the variant's tables from the games' counts."""
    threat: Counter[tuple[str, int]] = Counter()
    danger: Counter[tuple[str, str, int]] = Counter()
    value: defaultdict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    wins: list[tuple[int, int, int, int, int]] = []
    for part in parts:
        threat.update(part["threat"])
        danger.update(part["danger"])
        for key, (n, total) in part["value"].items():
            value[key][0] += n
            value[key][1] += total
        wins.extend(part["wins"])
    threats = {}
    for key in sorted({k for k, _ in threat}):
        n = threat[(key, 0)] + threat[(key, 1)]
        if n >= min_samples:
            threats[key] = round((threat[(key, 1)] + 0.5) / (n + 1), 4)
    base: dict[str, float] = {}
    for cat in sorted({c for c, m, _ in danger if not m}):
        n = danger[(cat, "", 0)] + danger[(cat, "", 1)]
        if n >= min_samples and cat not in ("safe", "void"):
            base[cat] = round((danger[(cat, "", 1)] + 0.5) / (n + 1), 4)
    mods: dict[str, float] = {}
    for mod in ("own", "flush", "offsuit"):
        seen = expected = 0.0
        for (cat, m, hit), count in danger.items():
            if mod in m.split("+") and cat in base:
                seen += hit * count
                expected += base[cat] * count
        if expected >= 5:
            mods[mod] = round((seen + 0.5) / (expected + 0.5), 4)
    values = {k: round(t / n, 3) for k, (n, t) in sorted(value.items()) if n >= 20}
    win: dict[int, tuple[float, ...]] = {}
    for s in range(4):
        rows = [
            (math.log1p(tiles), math.log1p(draws), won)
            for _, sh, tiles, draws, won in wins
            if min(sh, 3) == s
        ]
        if len(rows) >= 100:
            win[s] = fit_logistic(rows)
    return {"threat": threats, "danger": base, "modifiers": mods, "value": values, "win": win}


def _current_tables() -> dict[str, dict[str, Any]]:
    """Return the tables module's figures per variant, so that ``--write`` for some variants
    keeps the others' (each variant's tables are made from its own games)."""
    from majiang.bots import tables as current

    out: dict[str, dict[str, Any]] = {}
    for name, table in (
        ("threat", current.THREAT),
        ("danger", current.DANGER),
        ("modifiers", current.MODIFIERS),
        ("value", current.VALUE),
        ("win", current.WIN),
    ):
        for variant, figures in table.items():
            out.setdefault(variant, {})[name] = figures
    return out


def write_tables(path: str, tables: dict[str, dict[str, Any]], note: str) -> None:
    """Write the tables module."""
    lines = [
        '"""Calibrated figures for the bots, per variant: generated by ``bench/bots_calibrate.py``',
        f"({note}); see that script for what each table counts.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
    ]
    for name, field, typ in (
        ("THREAT", "threat", "dict[str, dict[str, float]]"),
        ("DANGER", "danger", "dict[str, dict[str, float]]"),
        ("MODIFIERS", "modifiers", "dict[str, dict[str, float]]"),
        ("VALUE", "value", "dict[str, dict[str, float]]"),
        ("WIN", "win", "dict[str, dict[int, tuple[float, float, float]]]"),
    ):
        lines.append(f"{name}: {typ} = {{")
        for variant, t in tables.items():
            lines.append(f"    {variant!r}: {t[field]!r},")
        lines.append("}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    """Play, count and print (or write) the tables."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--variants", default=",".join(VARIANTS))
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--level", default="normal")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=100000)
    p.add_argument("--write", metavar="PATH")
    args = p.parse_args(argv)
    tables: dict[str, dict[str, Any]] = {}
    for variant in args.variants.split(","):
        started = time.perf_counter()
        jobs = [(variant, args.seed + i, args.level) for i in range(args.games)]
        ctx = multiprocessing.get_context("fork")
        with ctx.Pool(args.workers) as pool:
            parts = pool.map(play, jobs, chunksize=8)
        tables[variant] = summarize(parts)
        print(f"{variant}: {args.games} games, {time.perf_counter() - started:.0f} s")
        for key, t in tables[variant].items():
            print(f"  {key}: {t}")
        sys.stdout.flush()
    if args.write:
        note = f"{args.games} one-hand games of {args.level} bots per variant, seed {args.seed}"
        write_tables(args.write, {**_current_tables(), **tables}, note)
    return 0


if __name__ == "__main__":
    sys.exit(main())
