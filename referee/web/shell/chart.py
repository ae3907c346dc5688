"""The app's line chart, drawn as SVG by the server: a game's running totals after each hand
(the kept game's board and standings), and the players' ratings as the games went by (the
history's leaderboard).

Only numbers are computed here; templates/_chart.html draws them. The
x axis spans the whole game when it has a set number of hands (so lines grow to
the right hand by hand), else the hands played and the next. The y axis runs
from zero, or from below it when a total goes negative (500, Base Rules), to a
round number at or above the best total: scaled to the totals themselves, so a
night of games won (Authors: 0 or 1 after the first) runs to 1, a game of
thousands to thousands. Each line ends in its player's name and total.

>>> chart = score_chart(["Abe", "Ben"], [{"Abe": 15, "Ben": 0}], 6, leaders=["Ben"])
>>> [(line.name, line.total, line.points) for line in chart.lines]
[('Abe', 15, '36,216 71,16'), ('Ben', 0, '36,216 71,216')]
>>> [value for _, value in chart.y_ticks], chart.zero_y
([0, 5, 10, 15], None)
>>> won = score_chart(["Ann", "Bo", "Cy"], [{"Ann": 1, "Bo": 0, "Cy": 0}], 3)
>>> [value for _, value in won.y_ticks]
[0, 1]
>>> below = score_chart(["Ann", "Bo"], [{"Ann": 45, "Bo": -12}], None)
>>> below.y_ticks[0], below.zero_y, below.lines[1].label
((216, -25), 149, 'Bo −12')
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# Colours that stay apart from each other (and for most colour-blind eyes) and read
# as text on white; past ten players the colours come round again, dashed. These are the
# light theme's; static/app.css gives each theme its own (--chart-0 to --chart-9).
PALETTE = ("#0068a8", "#c44e00", "#00805c", "#a0306e", "#6a3d9a",
           "#8a6d00", "#1b1b1b", "#c0182b", "#2f7f9c", "#6b6b6b")
DASHES = ("", "7 4", "2 3")

# About a phone's width in px, so a phone shows the labels near their true size.
LEFT, RIGHT, TOP, BOTTOM = 36, 160, 16, 34  # LEFT grows with the y axis's widest number
PLOT_WIDTH = 210
MIN_PLOT_HEIGHT = 200
# Where the text goes, for the sizes static/app.css gives it: name labels 18 px, ticks 16 px.
LABEL_GAP = 23  # px between name labels' middles: a line of 18 px text, with room for ★ and g
LABEL_DX = 9  # from a line's end to its label
LABEL_TO_BASELINE = 5  # from a label's middle down to its baseline
LETTER_WIDTH = 13  # px: the most a letter of an 18 px bold label takes, for the chart's width
TICK_BASELINE = 22  # below the plot: the baseline of the hand numbers
ABOVE_TICKS = 4  # px a label's middle stays above the plot's bottom, clear of the hand numbers
TICK_LETTER = 10  # px: the most a character of a 16 px tick number takes
TICK_GAP = 12  # px between a tick number and the plot
NICE_STEPS = (1, 2, 5, 10, 25, 50, 100, 200, 250, 500, 1000, 2000)
MOST_STEPS = 5  # grid lines across the plot, at most (one more when it crosses zero)
LABEL_LETTERS = 9
MINUS = "\N{MINUS SIGN}"


@dataclass(frozen=True)
class ChartLine:
    name: str
    label: str
    total: int
    colour: str
    dash: str
    points: str  # the polyline's "x,y x,y ..."
    dots: tuple[tuple[int, int], ...]
    end: tuple[int, int]
    label_y: int  # the label's middle, moved apart from its neighbours' labels
    label_x: int
    label_baseline: int
    leading: bool

    @property
    def palette_index(self) -> int:
        """Which of the PALETTE's colours: the page's theme says how it looks."""
        return PALETTE.index(self.colour)

    @property
    def label_text(self) -> str:
        return f"{'★ ' if self.leading else ''}{self.label}"


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    plot_left: int
    plot_right: int
    plot_top: int
    plot_bottom: int
    lines: tuple[ChartLine, ...]
    x_ticks: tuple[tuple[int, str], ...]
    y_ticks: tuple[tuple[int, int], ...]
    x_tick_baseline: int
    zero_y: int | None = None  # where the zero line runs, when totals go below it
    better: str = "lower"  # which way a total is better, for the caption

    def tick_label(self, value: int) -> str:
        return _number(value)


def score_chart(players: Sequence[str], running: Sequence[Mapping[str, int]],
                hands: int | None, leaders: Sequence[str] = (),
                better: str = "lower", x_labels: Sequence[str] = ()) -> Chart | None:
    """The chart after the hands scored so far; ``None`` before the first. ``hands``: how
    many the game has, or ``None`` for a game to a target (the axis ends a hand ahead).
    ``x_labels``: what the bottom axis says at each step from the start, where the steps are
    not hands (an empty label: no number there); else "Start" and the hands' numbers.

    >>> over_time = score_chart(["Ann"], [{"Ann": 3}, {"Ann": 5}], 2, better="higher",
    ...                         x_labels=("", "", "2 games"))
    >>> [label for _, label in over_time.x_ticks]
    ['', '', '2 games']
    """
    if not running:
        return None
    span = hands or len(running) + 1
    plot_height = max(MIN_PLOT_HEIGHT, LABEL_GAP * len(players))
    lowest = min(0, *(min(t.values()) for t in running))
    highest = max(0, *(max(t.values()) for t in running))  # every line starts at zero
    if highest == lowest:  # every total still zero: an axis to 1, not a flat line
        highest = 1
    step, low_value, top_value = _nice_range(lowest, highest)
    values = range(low_value, top_value + 1, step)
    left = max(LEFT, TICK_GAP + TICK_LETTER * max(len(_number(v)) for v in values))
    bottom = TOP + plot_height

    def x(hand: int) -> int:
        return round(left + hand * PLOT_WIDTH / span)

    def y(value: int) -> int:
        return round(bottom - (value - low_value) * plot_height / (top_value - low_value))

    ends = [y(running[-1][name]) for name in players]
    # Labels stay above the row of hand numbers, wherever their lines end.
    label_ys = _spread(ends, TOP + 6, bottom - ABOVE_TICKS)
    lines = []
    for seat, name in enumerate(players):
        dots = ((x(0), y(0)),) + tuple((x(h), y(t[name])) for h, t in enumerate(running, 1))
        total = running[-1][name]
        label = name if len(name) <= LABEL_LETTERS else name[:LABEL_LETTERS - 1] + "…"
        lines.append(ChartLine(
            name=name, label=f"{label} {_number(total)}", total=total,
            colour=PALETTE[seat % len(PALETTE)], dash=DASHES[seat // len(PALETTE) % len(DASHES)],
            points=" ".join(f"{px},{py}" for px, py in dots), dots=dots, end=dots[-1],
            label_y=label_ys[seat], label_x=dots[-1][0] + LABEL_DX,
            label_baseline=label_ys[seat] + LABEL_TO_BASELINE, leading=name in leaders))
    y_ticks = tuple((y(v), v) for v in values)
    x_ticks = tuple((x(h), x_labels[h] if x_labels else "Start" if h == 0 else str(h))
                    for h in range(span + 1))
    # Wide enough for the longest label, so none is cut off at the right.
    width = max([left + PLOT_WIDTH + RIGHT,
                 *(line.label_x + LETTER_WIDTH * len(line.label_text) for line in lines)])
    return Chart(width, bottom + BOTTOM, left, left + PLOT_WIDTH, TOP, bottom, tuple(lines),
                 x_ticks, y_ticks, bottom + TICK_BASELINE,
                 zero_y=y(0) if low_value < 0 else None, better=better)


def _number(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


def _nice_range(lowest: int, highest: int) -> tuple[int, int, int]:
    """A round step for the y axis's lines, and the axis's ends: at or below ``lowest`` (never
    above zero) and at or above ``highest``, a few steps apart.

    >>> _nice_range(0, 50), _nice_range(0, 60), _nice_range(0, 215), _nice_range(0, 300)
    ((10, 0, 50), (25, 0, 75), (50, 0, 250), (100, 0, 300))
    >>> _nice_range(-40, 50), _nice_range(-130, 620), _nice_range(0, 4480)
    ((25, -50, 50), (200, -200, 800), (1000, 0, 5000))
    >>> _nice_range(0, 23_000), _nice_range(0, 1), _nice_range(0, 7)
    ((5000, 0, 25000), (1, 0, 1), (2, 0, 8))
    """
    allowed = MOST_STEPS + (1 if lowest < 0 else 0)

    def ends(step: int) -> tuple[int, int]:  # lowest is never above zero
        return lowest // step * step, -(-highest // step) * step

    step = next((s for s in NICE_STEPS if ends(s)[1] - ends(s)[0] <= s * allowed), None)
    if step is None:  # beyond any game's totals: steps of a fifth, rounded up to a thousand
        step = -(-(highest - lowest) // (MOST_STEPS * 1000)) * 1000
    return (step, *ends(step))


def _spread(wanted: Sequence[int], lowest: int, highest: int) -> list[int]:
    """Label heights near ``wanted`` but at least LABEL_GAP apart, inside the chart.

    >>> _spread([100, 100, 101], 0, 300)
    [100, 123, 146]
    >>> _spread([290, 300, 300], 0, 300)
    [254, 277, 300]
    """
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    placed: dict[int, int] = {}
    previous = lowest - LABEL_GAP
    for i in order:  # downwards, pushing each label below the one above it
        placed[i] = previous = max(wanted[i], previous + LABEL_GAP)
    following = highest + LABEL_GAP
    for i in reversed(order):  # then back up, if the last ones ran off the bottom
        placed[i] = following = min(placed[i], following - LABEL_GAP)
    return [placed[i] for i in range(len(wanted))]
