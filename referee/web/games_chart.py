"""The score chart: everyone's running total after each hand, drawn as SVG by the server.

Only numbers are computed here; templates/games/_chart.html draws them. The
x axis always spans the whole game, so lines grow to the right hand by hand,
and each line ends in its player's name and total.

>>> chart = score_chart(["Abe", "Ben"], [{"Abe": 15, "Ben": 0}], 6, leaders=["Ben"])
>>> [(line.name, line.total, line.points) for line in chart.lines]
[('Abe', 15, '36,216 71,156'), ('Ben', 0, '36,216 71,216')]
>>> chart.y_ticks[-1]
(16, 50)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

# Colours that stay apart from each other (and for most colour-blind eyes) and read
# as text on white; past ten players the colours come round again, dashed.
PALETTE = ("#0068a8", "#c44e00", "#00805c", "#a0306e", "#6a3d9a",
           "#8a6d00", "#1b1b1b", "#c0182b", "#2f7f9c", "#6b6b6b")
DASHES = ("", "7 4", "2 3")

# About a phone's width in px, so a phone shows the labels near their true size.
LEFT, RIGHT, TOP, BOTTOM = 36, 160, 16, 34
PLOT_WIDTH = 210
MIN_PLOT_HEIGHT = 200
# Where the text goes, for the sizes static/app.css gives it: name labels 18 px, ticks 16 px.
LABEL_GAP = 23  # px between name labels' middles: a line of 18 px text, with room for ★ and g
LABEL_DX = 9  # from a line's end to its label
LABEL_TO_BASELINE = 5  # from a label's middle down to its baseline
LETTER_WIDTH = 13  # px: the most a letter of an 18 px bold label takes, for the chart's width
TICK_BASELINE = 22  # below the plot: the baseline of the hand numbers
ABOVE_TICKS = 4  # px a label's middle stays above the plot's bottom, clear of the hand numbers
NICE_STEPS = (10, 25, 50, 100, 200, 250, 500, 1000, 2000)
LABEL_LETTERS = 9
SMALLEST_TOP = 50  # so the first hands do not fill the chart


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


def score_chart(players: Sequence[str], running: Sequence[Mapping[str, int]], hands: int,
                leaders: Sequence[str] = ()) -> Chart | None:
    """The chart after the hands scored so far; ``None`` before the first."""
    if not running:
        return None
    plot_height = max(MIN_PLOT_HEIGHT, LABEL_GAP * len(players))
    step, top_value = _nice_scale(max(SMALLEST_TOP, *(max(t.values()) for t in running)))
    bottom = TOP + plot_height

    def x(hand: int) -> int:
        return round(LEFT + hand * PLOT_WIDTH / hands)

    def y(value: int) -> int:
        return round(bottom - value * plot_height / top_value)

    ends = [y(running[-1][name]) for name in players]
    # Labels stay above the row of hand numbers, wherever their lines end.
    label_ys = _spread(ends, TOP + 6, bottom - ABOVE_TICKS)
    lines = []
    for seat, name in enumerate(players):
        dots = ((x(0), y(0)),) + tuple((x(h), y(t[name])) for h, t in enumerate(running, 1))
        total = running[-1][name]
        label = name if len(name) <= LABEL_LETTERS else name[:LABEL_LETTERS - 1] + "…"
        lines.append(ChartLine(
            name=name, label=f"{label} {total}", total=total,
            colour=PALETTE[seat % len(PALETTE)], dash=DASHES[seat // len(PALETTE) % len(DASHES)],
            points=" ".join(f"{px},{py}" for px, py in dots), dots=dots, end=dots[-1],
            label_y=label_ys[seat], label_x=dots[-1][0] + LABEL_DX,
            label_baseline=label_ys[seat] + LABEL_TO_BASELINE, leading=name in leaders))
    y_ticks = tuple((y(v), v) for v in range(0, top_value + 1, step))
    x_ticks = tuple((x(h), "Start" if h == 0 else str(h)) for h in range(hands + 1))
    # Wide enough for the longest label, so none is cut off at the right.
    width = max([LEFT + PLOT_WIDTH + RIGHT,
                 *(line.label_x + LETTER_WIDTH * len(line.label_text) for line in lines)])
    return Chart(width, bottom + BOTTOM, LEFT, LEFT + PLOT_WIDTH, TOP, bottom, tuple(lines),
                 x_ticks, y_ticks, bottom + TICK_BASELINE)


def _nice_scale(value: int) -> tuple[int, int]:
    """A round step for the y axis's lines, and a top at or above ``value``: five steps at most.

    >>> _nice_scale(50), _nice_scale(60), _nice_scale(215), _nice_scale(300)
    ((10, 50), (25, 75), (50, 250), (100, 300))
    """
    step = next((s for s in NICE_STEPS if value <= s * 5), None)
    if step is None:  # beyond any Eversol total: steps of a fifth, rounded up to a thousand
        step = -(-value // 5000) * 1000
    return step, -(-value // step) * step


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
