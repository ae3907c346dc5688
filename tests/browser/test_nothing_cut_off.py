"""No text cut off or running out of its box (issue 37): every screen of a kept game of each
ruleset the app keeps, with long names at the table, on a phone (390x844), the tablet
(1024x768) and a TV (1920x1080): the board, the next hand's entry, the history, the standings,
the score sheet, the players, the TV view, the rules, "End the game now", the game over (its
board and its TV view) and the game's setup.

One page loads each screen, is set to each size in turn and asks the page once, by
OVERFLOW_JS, for what does not fit: an element whose content is wider than its box
(scrollWidth past clientWidth), one reaching past the screen's sides, or the page itself
scrolling sideways. A table too wide for a phone scrolls inside its own deliberate wrapper
(SCROLLERS) and is the one thing allowed to; a name longer than a phone's whole row scrolls
inside its text field, as any typed text does.
Screenshots: cut-off-*.png (a few screens at each size)."""

from __future__ import annotations

from playwright.sync_api import expect

from referee.core.games.registry import RULESETS

from ..test_web_visible_words import KEPT_GAMES
from .conftest import PHONE, TABLET
from .test_accessibility import made

TV = {"width": 1920, "height": 1080}
SIZES = {"phone": PHONE, "tablet": TABLET, "tv": TV}
# Seated in place of the walk's Ann, Bo, Cy and Di: one name as long as a name may be, with a
# 17-letter word in it, and three of 12 letters.
LONG_NAMES = {"Ann": "Maximiliana Featherstonehaugh", "Bo": "Christabelle",
              "Cy": "Bartholomeus", "Di": "Konstantinos"}
# The wrappers that let a table wider than a phone scroll sideways inside them, on purpose:
# the standings and the score sheet (a column per player), the players' table and a rules
# page's tables.
SCROLLERS = (".standings-scroll", ".players-scroll", ".rules-table-wrap", ".sheet-scroll")
SHOT = {("board", "eversol"), ("standings", "hand-and-foot"), ("entry", "bourre"),
        ("over", "piquet"), ("watch", "tonk"), ("sheet", "piquet")}

# What does not fit on the page, each as "tag.class 'text...': why". An element counts if it
# shows text (its own, or a control's value); what a screen reader alone reads (.sr-only,
# clipped to a pixel) is not on the screen.
OVERFLOW_JS = """async scrollers => {
  // A frame after a resize: its resize listeners (standings.js marks a table that fits) have run.
  await new Promise(requestAnimationFrame);
  const width = document.documentElement.clientWidth;
  const found = [];
  const say = (e, why) => {
    const text = (e.value || e.innerText || e.textContent || "").trim().replace(/\\s+/g, " ");
    const classes = typeof e.className === "string" && e.className.trim()
      ? "." + e.className.trim().split(/\\s+/).join(".") : "";
    found.push(`${e.tagName.toLowerCase()}${classes} '${text.slice(0, 40)}': ${why}`);
  };
  const unseen = e => {
    const style = getComputedStyle(e);
    return !e.checkVisibility({visibilityProperty: true})
      || (style.clip !== "auto" && style.position === "absolute");
  };
  const showsText = e => [...e.childNodes].some(
      n => n.nodeType === Node.TEXT_NODE && n.textContent.trim())
    || (e.matches("input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea")
        && e.value);
  // A name longer than a phone's whole row scrolls inside its field, as typing in any field does;
  // a field squeezed by its neighbours, with room for the name on the row, counts.
  const longerThanItsRow = e => {
    const row = e.parentElement, style = getComputedStyle(row);
    return e.matches("input, textarea") && e.scrollWidth
      > row.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  };
  const walk = (e, scrolled) => {
    if (unseen(e)) return;
    const style = getComputedStyle(e);
    const deliberate = scrollers.some(s => e.matches(s));
    if (e.textContent.trim() || showsText(e)) {
      const rect = e.getBoundingClientRect();
      const inline = style.display === "inline" || e instanceof SVGElement;
      if (!inline && e.scrollWidth > e.clientWidth + 1 && !deliberate && !longerThanItsRow(e)) {
        say(e, `content ${e.scrollWidth}px wide in a box of ${e.clientWidth}px`
               + (style.overflowX === "visible" ? "" : ` (overflow-x: ${style.overflowX})`));
      }
      if (!scrolled && showsText(e) && rect.width > 0
          && (rect.left < -1 || rect.right > width + 1)) {
        say(e, `from ${Math.round(rect.left)}px to ${Math.round(rect.right)}px `
               + `on a screen ${width}px wide`);
      }
    }
    for (const child of e.children) walk(child, scrolled || deliberate);
  };
  walk(document.body, false);
  if (document.documentElement.scrollWidth > width) {
    found.push(`the page: ${document.documentElement.scrollWidth}px wide on a screen ${width}px wide`);
  }
  return found;
}"""


def long_named(value):
    """The walk's events with the long names seated: names as values and keys, and the team
    names made of them ("Ann & Cy")."""
    if isinstance(value, dict):
        return {long_named(k): long_named(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(long_named(v) for v in value)
    if isinstance(value, str) and all(part in LONG_NAMES for part in value.split(" & ")):
        return " & ".join(LONG_NAMES[part] for part in value.split(" & "))
    return value


def scored(page, live_server, players, ruleset: str, events, setup) -> str:
    """A game made through the API, its scorer this device: joined by a request, as the page
    would by its link, without laying the page out for it."""
    game_id, key = made(page.request, live_server, players, ruleset=ruleset, events=events,
                        **setup)
    joined = page.request.get(f"{live_server}/games/{game_id}/join/{key}")
    assert joined.ok and joined.url.endswith(f"/games/{game_id}"), joined.url
    return game_id


def kept_game_screens(page, live_server) -> list[tuple[str, str, str]]:
    """(screen, ruleset, address) of every screen of a game of each kept ruleset: one game with
    its hands scored and the next to enter, one over."""
    kept = [key for key, ruleset in RULESETS.items() if ruleset.keeping is not None]
    assert sorted(kept) == sorted(KEPT_GAMES), "a kept game with no hands to walk"
    screens = []
    for key in kept:
        players, extra, hands = long_named(KEPT_GAMES[key])
        playing = f"/games/{scored(page, live_server, players, key, hands, extra)}"
        over = scored(page, live_server, players, key, [*hands, {"type": "game_ended"}], extra)
        screens += [("board", key, playing), ("entry", key, f"{playing}/hands/{len(hands) + 1}"),
                    ("history", key, f"{playing}/history"),
                    ("standings", key, f"{playing}/standings"),
                    ("sheet", key, f"{playing}/sheet"), ("players", key, f"{playing}/players"),
                    ("watch", key, f"{playing}/watch"), ("rules", key, f"{playing}/rules"),
                    ("end", key, f"{playing}/end"), ("over", key, f"/games/{over}"),
                    ("over-watch", key, f"/games/{over}/watch"),
                    ("setup", key, f"/games/new/{key}")]
    return screens


def test_no_screen_of_any_kept_game_cuts_text_off_at_any_size(live_server, open_screen):
    screen = open_screen(TABLET)
    page = screen.page
    cut_off = []
    # Each screen loaded once and looked at in each size in turn: the page is laid out again
    # for each, as a tablet turned or a window resized would be.
    sizes = list(SIZES.items())
    for name, key, address in kept_game_screens(page, live_server):
        page.goto(f"{live_server}{address}")
        expect(page.locator("main")).to_be_visible()
        for size, viewport in sizes:
            if page.viewport_size != viewport:
                page.set_viewport_size(viewport)
            cut_off += [f"{name} of {key} ({address}) at {size}: {what}"
                        for what in page.evaluate(OVERFLOW_JS, list(SCROLLERS))]
            if (name, key) in SHOT:
                screen.shot(f"cut-off-{name}-{key}-{size}")
        sizes.reverse()  # the next screen loaded at the size this one ended at
    assert not cut_off, "\n".join(cut_off)
