"""Every variant scores a fixed set of 3,000 generated requests exactly as before the pattern
core (``majiang.patterns``): the digest of each answer (items, totals, payments, the reading
shown, or the refusal's message) equals the one stored from the code before the change.

The stored digests are a regression net, not a rule page: they say "unchanged", never "right"
(the spec tables and the peer differential test say that). A deliberate change of a score
rewrites them with ``python tests/scoring_snapshot.py --write``, in its own commit that says why.
"""

from __future__ import annotations

import json

import pytest

from scoring_snapshot import VARIANTS, answer, digest, requests, stored


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_answer_is_unchanged(variant: str) -> None:
    reqs = requests(variant)
    expected = stored(variant)
    assert len(expected) == len(reqs)
    changed = [
        (i, req, line)
        for i, (req, line, old) in enumerate(zip(reqs, map(answer, reqs), expected, strict=True))
        if digest(line) != old
    ]
    shown = "\n".join(f"#{i}: {json.dumps(req)}\n  -> {line}" for i, req, line in changed[:3])
    assert not changed, f"{len(changed)} of {len(reqs)} {variant} answers changed:\n{shown}"


def test_the_set_holds_valid_wins_and_refusals() -> None:
    """The set is not all refusals: most requests of each variant are scored wins."""
    for variant in VARIANTS:
        answers = [json.loads(answer(r)) for r in requests(variant)[:300]]
        valid = sum(1 for a in answers if a.get("valid"))
        refused = sum(1 for a in answers if "error" in a)
        assert valid > 150, variant
        assert refused < 100, variant
