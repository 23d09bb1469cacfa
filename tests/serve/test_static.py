"""The page's files (``serve/static``): ES modules that the browser loads as they are, with the
page's state in one module."""

from __future__ import annotations

import re

from cubecam.serve.app import STATIC

MODULES = sorted(STATIC.glob("*.js"))
STATE = re.compile(r"^(?:export\s+)?(?:(?:let|var)\s+\S+|const\s+\w+\s*=\s*(?:\[|\{|new\s))", re.M)
"""A declaration at a module's top level of a variable, or of an array, object or instance that
its functions could change: the page's state."""


def test_the_state_module_alone_holds_the_pages_state() -> None:
    assert {"main.js", "state.js", "api.js"} <= {path.name for path in MODULES}
    declared = {path.name: STATE.findall(path.read_text()) for path in MODULES}
    assert {name: found for name, found in declared.items() if found} == {
        "state.js": ["export const state = {"]
    }


def test_the_page_loads_its_modules_in_the_browser_without_an_error(
    live_server: str, chromium
) -> None:
    page = chromium.new_page()
    errors: list[str] = []
    served: dict[str, tuple[int, str]] = {}
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))

    def answered(response) -> None:
        if response.url.endswith(".js"):
            name = response.url.rsplit("/", 1)[1]
            served[name] = (response.status, response.headers["content-type"])

    page.on("response", answered)
    page.goto(live_server)
    assert errors == []  # a module that did not load, or failed as it ran
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("#game option").count() > 0
    page.close()
    assert errors == []
    assert sorted(served) == [path.name for path in MODULES]
    for status, kind in served.values():
        assert status == 200 and kind.split(";")[0] == "text/javascript"
