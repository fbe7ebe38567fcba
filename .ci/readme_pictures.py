"""Takes README's pictures from the real page: a phone and a desktop view of a game in progress.

    python3 .ci/readme_pictures.py            # writes docs/phone.png and docs/desktop.png

Why a script: a picture typed by hand goes stale the first time the screen changes; this one
is taken again with one command. It serves the repository on 127.0.0.1, plays a two-player
game with the engine (CPython, the same moves the page replays), stores it as the page's saved
game, reloads, rolls once more and keeps two dice, then takes each view in the light theme.
Needs what the browser tests need: Playwright and Chromium (``CHROMIUM_PATH`` or Debian's
``/usr/bin/chromium``).
"""

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO / "tests"), str(REPO / "py")]

from harness import CHROMIUM_ARGS, StaticServer, find_chromium  # noqa: E402

from dicepoker.game import Game  # noqa: E402

VIEWS = (   # file, viewport, device pixels per CSS pixel
    ("phone.png", {"width": 390, "height": 844}, 2),
    ("desktop.png", {"width": 1280, "height": 800}, 1),
)
PLAYERS = ["Ann", "Ben"]
SEED = 11
TURNS = 9   # whole turns played before the picture (both players, so the card has scores)


def position():
    """The game of the pictures: TURNS turns of the Optimal computer's play, then a roll."""
    from dicepoker.strategy.advisor import Advisor
    from dicepoker.strategy.players import choose_move
    from dicepoker.strategy.table import Table

    game = Game(PLAYERS, ruleset="dice-poker", seed=SEED)
    advisor = Advisor(Table.from_file(str(REPO / "static" / "strategy" / "dice-poker.dpst.gz")))
    turns = 0
    while turns < TURNS:
        move = choose_move(game, "optimal", advisor)
        game.apply(move)
        turns += "score" in move
    game.roll()
    return game


def take(browser, url, saved, path, viewport, scale):
    context = browser.new_context(viewport=viewport, device_scale_factor=scale,
                                  color_scheme="light", reduced_motion="reduce", locale="en-GB")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html:not([data-state=loading])", state="attached")
    page.evaluate("(text) => { localStorage.clear(); localStorage.setItem('dicepoker.game', text);"
                  " localStorage.setItem('dicepoker.tips', '[\"keep\",\"again\",\"card\",\"bonus\"]'); }", saved)
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", state="attached")
    faces = page.eval_on_selector_all(".die", "dice => dice.map(d => +d.dataset.value)")
    best = max(set(faces), key=lambda face: (faces.count(face), face))
    for index, face in enumerate(faces):
        if face == best:
            page.click('.die[data-index="%d"]' % index)
    page.wait_for_timeout(300)          # the hold's transition, even with reduced motion
    page.screenshot(path=str(path))
    context.close()
    print("wrote %s (%d x %d at %dx)" % (path.relative_to(REPO), viewport["width"],
                                        viewport["height"], scale))


def main():
    from playwright.sync_api import sync_playwright

    saved = position().to_json()
    server = StaticServer(REPO).start()
    try:
        with sync_playwright() as pw:
            kwargs = {"args": list(CHROMIUM_ARGS)}
            if find_chromium():
                kwargs["executable_path"] = find_chromium()
            browser = pw.chromium.launch(**kwargs)
            for name, viewport, scale in VIEWS:
                take(browser, server.url, saved, REPO / "docs" / name, viewport, scale)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
