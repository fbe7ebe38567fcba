"""Tap-to-screen latency over whole games, through real clicks, at tables of 1 to 8.

Playwright clicks (real input events through Chromium's input pipeline) drive
whole solo games of 15 rounds (3 by default, seeds 1, 2, 3): Roll, hold the dice of the most common face, Roll,
hold, Roll, then fill the box worth most (confirming a 0 when asked). The
page's probe (see browser.py) times each click from the start of its dispatch
to the DOM change the game's handlers made ("dom") and to that change laid
out ("layout").

``tables`` plays the same way at tables of 1, 4 and 8 hot-seat players (one
game each, the first ``TABLE_ROUNDS`` rounds, so every table plays about as
many turns as 3 solo games), on the desktop profile, a laptop's 1280 x 800
(the score pad: every player's column drawn, issue 40), and on the phone
profile: Chromium's CPU slowed down ``PHONE_SLOWDOWN`` times (DevTools'
"mid-tier mobile"), at 390 x 844 (one column and the chips).  The solo games
are the desktop's.
"""

from load import GAME

READ = """() => ({
  dice: [...document.querySelectorAll('.die')].map(d => [Number(d.dataset.value), d.getAttribute('aria-pressed') === 'true']),
  canRoll: !document.getElementById('roll').disabled,
  boxes: [...document.querySelectorAll('button[data-box]')].map(b => [b.dataset.player + '|' + b.dataset.box, Number(b.textContent.trim())]),
  state: document.documentElement.dataset.state,
  confirm: document.getElementById('confirm-dialog').open,
})"""


def _keep(dice):
    counts = {}
    for face, _ in dice:
        counts[face] = counts.get(face, 0) + 1
    best = max(counts, key=lambda f: (counts[f], f))
    return [i for i, (face, _) in enumerate(dice) if face == best]


DOUBLE_TAP_MS = 360      # the page takes a repeat of a tap this soon as a double tap (ui/input.py)


PHONE_SLOWDOWN = 4
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True,
         "device_scale_factor": 2}
TABLE_SIZES = (1, 4, 8)
TABLE_ROUNDS = {1: 15, 4: 12, 8: 6}    # about 45 turns at each table (3 solo games)
NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana")


def run(chromium, base_url, games=3, players=1, rounds=None, slowdown=1):
    """Taps of ``games`` games (fresh context and seed each), pooled by kind."""
    pooled = {"rounds": 0, "taps": {}, "unchanged": 0, "games": games, "players": players}
    for g in range(games):
        one = run_game(chromium, base_url, seed=1 + g, players=players, rounds=rounds,
                       slowdown=slowdown)
        pooled["rounds"] += one["rounds"]
        pooled["unchanged"] += one["unchanged"]
        for kind, entry in one["taps"].items():
            into = pooled["taps"].setdefault(kind, {"dom": [], "layout": []})
            into["dom"] += entry["dom"]
            into["layout"] += entry["layout"]
    return pooled


def tables(chromium, base_url, log=lambda text: None):
    """{profile: {players: pooled taps}} for the desktop and phone profiles."""
    out = {}
    for profile, slowdown in (("desktop", 1), ("phone", PHONE_SLOWDOWN)):
        for players in TABLE_SIZES:
            log("  taps, %d player(s), %s profile ..." % (players, profile))
            games = 3 if players == 1 else 1
            out.setdefault(profile, {})[players] = run(
                chromium, base_url, games, players, TABLE_ROUNDS[players], slowdown)
    return out


def run_game(chromium, base_url, seed=1, players=1, rounds=None, slowdown=1):
    """One game of ``players`` people (``rounds`` of it, or all), CPU slowed ``slowdown`` times."""
    from browser import wait_ready
    ctx = chromium.context(reduced_motion="reduce", **(DESKTOP if slowdown == 1 else PHONE))
    page = ctx.new_page()
    if players == 1:
        url = GAME.replace("seed=1", "seed=%d" % seed)
    else:
        url = "index.html?players=%s&seed=%d" % (",".join(NAMES[:players]), seed)
    try:
        if slowdown != 1:
            cdp = ctx.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(base_url + url, wait_until="commit")
        wait_ready(page)
        page.evaluate("window.__bench.taps = []")
        turns = 0
        while True:
            seen = page.evaluate(READ)
            if seen["state"] == "over" or (rounds and turns >= rounds * players):
                break
            page.click("#roll")
            for _ in range(2):
                seen = page.evaluate(READ)
                if not seen["canRoll"]:
                    break
                keep = _keep(seen["dice"])
                if len(keep) == 5:
                    break
                tapped = False
                for i, (_, held) in enumerate(seen["dice"]):
                    if (i in keep) != held:
                        page.click('.die[data-index="%d"]' % i)
                        tapped = True
                if not tapped:              # Roll again at once would be a double tap
                    page.wait_for_timeout(DOUBLE_TAP_MS)
                page.click("#roll")
            seen = page.evaluate(READ)
            key, _ = max(seen["boxes"], key=lambda kv: kv[1])     # only the player on turn has buttons
            player, box = key.split("|")
            page.click('button[data-player="%s"][data-box="%s"]' % (player, box))
            if page.evaluate(READ)["confirm"]:
                page.click("#confirm")
            turns += 1
            if turns > 20 * players:
                raise RuntimeError("the game did not end after 20 rounds")
        taps = page.evaluate("window.__bench.taps")
    finally:
        ctx.close()
    out = {}
    for tap in taps:
        if tap["dom"] is None:
            continue                      # a click that changed nothing (none expected)
        entry = out.setdefault(tap["kind"], {"dom": [], "layout": []})
        entry["dom"].append(tap["dom"] - tap["start"])
        entry["layout"].append(tap["layout"] - tap["start"])
    return {"rounds": turns // players, "taps": out,
            "unchanged": sum(1 for t in taps if t["dom"] is None)}
