"""A griffe extension for the API reference (mkdocs.yml): fence the docstrings' doctests.

Our docstrings are prose with ``>>>`` examples (run by ``pytest --doctest-modules``), not
Google or NumPy sections. Markdown would read an example's ``[...]`` output as a link; this
extension wraps each example, from its first ``>>>`` line to the blank line that ends it (as
doctest reads it), in a ```` ```pycon ```` fence, and leaves every other line as it is.
"""

from __future__ import annotations

from typing import Any

from griffe import Extension, Object


def fence_doctests(text: str) -> str:
    """Return ``text`` with each doctest example inside a ``pycon`` fence.

    >>> print(fence_doctests("Add.\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Add.
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not inside:
            out.append("```pycon")
            inside = True
        elif inside and not line.strip():
            out.append("```")
            inside = False
        out.append(line)
    if inside:
        out.append("```")
    return "\n".join(out)


class DoctestFences(Extension):
    """Fence the doctests of every object's docstring as it is loaded."""

    def on_object(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
