"""The house rules of the calculator, the home page's Play form and the score sheet's new-sheet
form, in real Chromium: the three read their fields through one reader (static/options.js), so
the same input gets the same treatment and the same sentence, beside the same field, on each.

The expected sentences are the server's refusals (majiang/rules/base.py ``Option.check``,
rules/hongkong/payments.py ``FanTableOption.check``) with each key in the words its field shows
(web/words.py: 'min_fan' is "Minimum fan", 'table' "Point table", 'half_spicy' "Half spicy"),
worked by hand.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_table_support import ARTIFACTS, CHROMIUM

pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

#: a bad input of Hong Kong's house rules -> (the option whose field shows the refusal, what it says)
BAD_INPUTS = {
    "an empty number field": (
        {"min_fan": ""},
        "min_fan",
        "rule “Minimum fan” must be a whole number from 0 to 64, got ''",
    ),
    "a point table that is not JSON": (
        {"table-own": '{"3": 8'},
        "table",
        "rule “Point table” must be “Half spicy”, “Full spicy” or points by fan like"
        ' {"3": 8, "4": 16}, got \'{"3": 8\'',
    ),
}

#: the visible refusals under a form: [their text, the option of the field that holds them]
SHOWN_JS = """(form) => {
  const shown = [...document.querySelectorAll(`${form} .error`)].filter(p => !p.hidden && p.textContent.trim());
  return shown.map(p => {
    const control = p.closest('.field')?.querySelector('[data-option]');
    return [p.textContent.trim(), control ? control.dataset.option : null];
  });
}"""


def open_calculator(page: Any, base_url: str) -> str:
    """The Hong Kong calculator with a legal hand typed; returns its form's selector."""
    page.goto(f"{base_url}/calc/hk")
    page.wait_for_function("() => document.querySelector('form[data-ready=true]')")
    page.fill("#f-hand", "123m456p789s11122z")
    page.fill("#f-win_tile", "2z")
    page.evaluate("() => document.querySelector('details.options').open = true")
    return "#calc"


def open_home(page: Any, base_url: str) -> str:
    """The home page's Play form on Hong Kong's rules; returns its form's selector."""
    page.goto(base_url + "/")
    page.wait_for_function("() => document.querySelector('#play-form[data-ready=true]')")
    page.select_option("#p-variant", "hk")
    page.evaluate("() => document.getElementById('p-options').open = true")
    return "#play-form"


def open_sheet(page: Any, base_url: str) -> str:
    """The score sheet's new-sheet form on Hong Kong's rules; returns its form's selector."""
    page.goto(base_url + "/keep")
    page.wait_for_function("() => !document.getElementById('keep-new').hidden")
    page.select_option("#keep-new select[name=variant]", "hk")
    for i, name in enumerate(("Ann", "Bo", "Cy", "Di")):
        page.locator("#keep-new .keep-name input").nth(i).fill(name)
    page.evaluate("() => document.querySelector('details.keep-rules').open = true")
    return "#keep-new"


#: each form: (how to open it, its fields' id prefix, its submit button)
FORMS = {
    "calculator": (open_calculator, "o", "#score"),
    "home": (open_home, "po", "#play-bots"),
    "sheet": (open_sheet, "ko", "#keep-new button[type=submit]"),
}


@pytest.mark.parametrize("bad", sorted(BAD_INPUTS))
def test_the_same_bad_house_rule_is_refused_alike_on_every_form(
    browser: Any, base_url: str, bad: str
) -> None:
    """An empty number field or a point table that does not parse is sent as typed and refused
    beside its field with the same sentence on the calculator, the home page and the score
    sheet: the home page read an empty number field as 0 and started a table with a minimum of
    0 fan, and put any refusal above its buttons with the rules' keys."""
    typed, option, expected = BAD_INPUTS[bad]
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    shown = {}
    for name, (open_form, prefix, submit) in FORMS.items():
        form = open_form(page, base_url)
        for field, value in typed.items():
            page.fill(f"#{prefix}-{field}", value)
        start = page.evaluate("() => location.pathname")
        page.click(submit)
        page.wait_for_function(
            "([form, start]) => location.pathname !== start || [...document.querySelectorAll("
            "`${form} .error`)].some(p => !p.hidden && p.textContent.trim())",
            arg=[form, start],
        )
        gone = page.evaluate("() => location.pathname")  # a table or sheet started after all
        shown[name] = page.evaluate(SHOWN_JS, form) if gone == start else gone
        if bad == "a point table that is not JSON":
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"house_rules_{name}_390.png"), full_page=True)
    context.close()
    assert shown == {name: [[expected, option]] for name in FORMS}
    assert errors == []


#: one's own table as a player types it, and as the calculator's link keeps it
OWN_TABLE = '{"3": 8, "4": 16}'

#: the point table as the player sees it: the select's value and words, the typed field
SEEN_JS = """(prefix) => {
  const select = document.getElementById(`${prefix}-table`);
  const own = document.getElementById(`${prefix}-table-own`);
  return [select.value, select.selectedOptions[0].textContent, own.value];
}"""


@pytest.mark.parametrize("form", sorted(FORMS))
def test_the_point_table_select_shows_the_table_played(
    browser: Any, base_url: str, form: str
) -> None:
    """Typing one's own table chooses *Custom table* in the select (it went on showing *Half
    spicy* while the typed table was played); emptying the field goes back to the named table
    chosen before; choosing a named table empties the field."""
    open_form, prefix, _submit = FORMS[form]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(10000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_form(page, base_url)
    seen = [page.evaluate(SEEN_JS, prefix)]
    page.select_option(f"#{prefix}-table", "full_spicy")
    page.fill(f"#{prefix}-table-own", OWN_TABLE)
    seen.append(page.evaluate(SEEN_JS, prefix))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"custom_table_{form}_1280.png"), full_page=True)
    page.fill(f"#{prefix}-table-own", "")
    seen.append(page.evaluate(SEEN_JS, prefix))
    page.fill(f"#{prefix}-table-own", OWN_TABLE)
    page.select_option(f"#{prefix}-table", "half_spicy")
    seen.append(page.evaluate(SEEN_JS, prefix))
    context.close()
    assert seen == [
        ["half_spicy", "Half spicy", ""],
        ["", "Custom table", OWN_TABLE],
        ["full_spicy", "Full spicy", ""],
        ["half_spicy", "Half spicy", ""],
    ]
    assert errors == []


def test_the_calculator_s_link_keeps_the_custom_table(browser: Any, base_url: str) -> None:
    """The calculator scores the table it shows: one's own when *Custom table* shows (the link
    keeps it, and opening the link shows *Custom table* with it), none when a named table was
    chosen after typing one (the link then keeps no table: half spicy is the default)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.set_default_timeout(10000)
    page = context.new_page()
    open_calculator(page, base_url)
    page.fill("#o-table-own", OWN_TABLE)
    page.click("#score")
    page.wait_for_function("() => document.getElementById('calc').dataset.scored === '1'")
    custom = page.url
    sent = page.evaluate(
        "() => JSON.parse(decodeURIComponent(location.hash.slice(3))).rules?.table ?? null"
    )
    open_calculator(page, base_url)  # the same hand
    page.fill("#o-table-own", OWN_TABLE)
    page.select_option("#o-table", "half_spicy")
    page.click("#score")
    page.wait_for_function("() => document.getElementById('calc').dataset.scored === '1'")
    named = page.evaluate(
        "() => JSON.parse(decodeURIComponent(location.hash.slice(3))).rules?.table ?? null"
    )
    page.goto("about:blank")
    page.goto(custom)
    page.wait_for_function("() => document.getElementById('calc').dataset.scored === '1'")
    restored = page.evaluate(SEEN_JS, "o")
    context.close()
    assert sent == {"3": 8, "4": 16}
    assert named is None
    assert restored == ["", "Custom table", '{"3":8,"4":16}']  # written back as compact JSON
