"""The journal's list of entries, and the shorter ways it draws.

A new entry scrolls every line of the list, so each screen of a shared table draws the
whole list, and its scrollbar, again for each roll: what drawing costs here is paid
twenty times a roll at a table of twenty (``benchmarks/shared_table.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual import events
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class QuickScrollBar(ScrollBar):
    """The journal's scrollbar, drawn straight into its lines.

    Each new entry moves it, so each screen of a shared table draws it again for each
    roll; Textual's own goes through a Rich render and the style cache a line at a time,
    which cost each screen nearly as much as drawing the journal's thirty lines (with
    the bar hidden, a roll reached twenty screens in ~150 ms instead of ~235). Same
    glyphs, colours and mouse actions: only the way to them is shorter. A tint or an
    opacity, which this bar never has, takes Textual's way."""

    def render_lines(self, crop: Region) -> list[Strip]:
        bar = self.render()
        if not isinstance(bar, ScrollBarRender) or self.styles.tint.a or self.opacity < 1:
            return super().render_lines(crop)
        width, height = self.size
        style = bar.style if isinstance(bar.style, RichStyle) else RichStyle.parse(bar.style)
        drawn = bar.render_bar(
            size=height,
            window_size=bar.window_size,
            virtual_size=bar.virtual_size,
            position=bar.position,
            thickness=width,
            vertical=True,
            back_color=style.bgcolor or RichColor.parse("#555555"),
            bar_color=style.color or RichColor.parse("bright_magenta"),
        )
        _, background = self.background_colors
        filters = self.get_line_filters()
        under = self.visual_style.rich_style  # what Textual draws a widget's content on
        # A bar has few kinds of line (track, thumb, their ends): each is made once a
        # draw, and a line the last draw made is that strip again, which spares it the
        # caches further on (see JournalList.render_lines).
        state = (width, crop.x, crop.right, under, background, tuple(filters))
        made: dict[tuple[object, ...], Strip] = {}
        lines = []
        for text, own, _ in drawn.segments[crop.y : crop.bottom]:
            key = (state, text, own)
            if (strip := made.get(key) or self._made.get(key)) is None:
                strip = Strip([Segment(text, under + own)], width)
                for each in filters:
                    strip = strip.apply_filter(each, background)
                strip = strip.crop(crop.x, crop.right)
            made[key] = strip
            lines.append(strip)
        self._made = made
        return lines

    _made: dict[tuple[object, ...], Strip] = {}  # never changed: replaced
    """The lines of the last draw, by what each showed."""


class JournalList(OptionList):
    """The list of entries: Home and End reach the journal's first and last entries
    (not only those listed), and the mouse wheel at either end asks for more (the keys
    do it by moving onto the "▲ older" or "▼ newer" line)."""

    # The list's own height is set by the screen (1fr), never by its content: a new
    # entry need not lay the whole screen out again (Textual does, for any widget whose
    # virtual size changes). That relayout was most of what a roll cost each screen of a
    # shared table: 20 screens in one process took ~560 ms to show a roll.
    virtual_size = Reactive(Size(0, 0), layout=False)

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """The list's scrollbar: a :class:`QuickScrollBar` (made as Textual makes its own)."""
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = bar = QuickScrollBar(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical
            )
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar

    _drawing: tuple[Spacing, Sequence[tuple[int, int]]] | None = None
    """While the list draws (:meth:`render_lines`): its options' padding and its lines,
    looked up once for all its lines rather than once a line."""

    _drawn: dict[tuple[object, ...], tuple[Strip | None, Strip]] = {}  # never changed: replaced
    """The lines of the last draw, by what each showed (see :meth:`render_lines`), each
    with the option's line it came from (kept, so that its id names it while here)."""

    # A new entry scrolls every line of the list, so each screen of a shared table
    # draws the whole list again for each roll. OptionList looks its options' padding,
    # width and lines up again for every line it draws (a style object made each time):
    # a third of what drawing the list cost. Here they are looked up once a draw.
    #
    # And Textual forgets every line it drew when the list scrolls, drawing each again
    # into new strips: new strips miss every cache further on (the colour filters, the
    # compositor's cuts, the terminal's escape codes), so a scroll by one line cost as
    # much as a first draw. Here a line that shows what a line of the last draw showed
    # (the same option's line, in the same state and the same styles) is that strip.
    def render_lines(self, crop: Region) -> list[Strip]:
        self._update_lines()
        padding = self.get_component_styles("option-list--option").padding
        lines = self._line_cache.lines
        self._drawing = (padding, lines)
        try:
            hover = self.hover_style
            # A link under the mouse (Textual restyles it as it draws), a tint or an
            # opacity, which the journal never has: Textual's way, every line drawn.
            linked = self.auto_links and hover._link_id and "@click" in hover.meta
            if self.styles.tint.a or self.opacity < 1 or linked:
                # OptionList's own would bring its lines up to date again: done above.
                return super(OptionList, self).render_lines(crop)
            return self._reusing(crop, padding, lines)
        finally:
            self._drawing = None

    def _reusing(
        self, crop: Region, padding: Spacing, lines: Sequence[tuple[int, int]]
    ) -> list[Strip]:
        """The lines of ``crop``: those the last draw had, again; the others drawn."""
        kinds = ("", "-disabled", "-highlighted", "-hover")
        looks = {
            kind: self.get_visual_style("option-list--option", f"option-list--option{kind}")
            if kind
            else self.get_visual_style("option-list--option")
            for kind in kinds
        }
        styles = self.styles
        # Everything a line's drawing depends on besides the option's own line.
        state = (
            self.size,
            self.scroll_offset.x,
            crop.x,
            crop.right,
            padding,
            styles.padding,
            styles.border,
            styles.outline,
            self.background_colors,
            self.visual_style,
            tuple(looks.values()),
            tuple(self.get_line_filters()),
            self._border_title,
            self._border_subtitle,
        )
        top = self.scroll_offset.y - styles.gutter.top
        # The rows of the content: ``size`` is the content's already (its border and
        # padding left out). Counting the bottom's gutter out of it again took the last
        # rows for the border's, kept by position alone: scrolled, they showed what
        # the last draw had there (a viewer's terminal drew two lines twice, the newest
        # under them, as soon as the journal had a border).
        inside = range(styles.gutter.top, styles.gutter.top + self.size.height)
        options = self.options
        highlighted, hovering = self.highlighted, self._mouse_hovering_over
        renders: dict[tuple[int, str], list[Strip]] = {}  # an option's lines, once a draw
        keys: list[tuple[object, ...]] = []
        sources: list[Strip | None] = []
        for y in crop.line_range:
            source: Strip | None = None
            if y in inside and 0 <= top + y < len(lines):
                index, offset = lines[top + y]
                option = options[index]
                if option.disabled:
                    kind = "-disabled"
                elif highlighted == index:
                    kind = "-highlighted"
                elif hovering == index:
                    kind = "-hover"
                else:
                    kind = ""
                if (rendered := renders.get((index, kind))) is None:
                    rendered = renders[index, kind] = self._get_option_render(option, looks[kind])
                source = rendered[offset] if offset < len(rendered) else None
            keys.append((state, y if source is None else id(source)))
            sources.append(source)
        last = self._drawn
        strips: list[Strip | None] = [kept[1] if (kept := last.get(key)) else None for key in keys]
        # The lines not kept, drawn as Textual draws them, a run of rows at a time.
        row = 0
        while row < len(strips):
            if strips[row] is not None:
                row += 1
                continue
            end = row
            while end < len(strips) and strips[end] is None:
                end += 1
            y = crop.y + row
            strips[row:end] = super(OptionList, self).render_lines(
                Region(crop.x, y, crop.width, end - row)
            )
            row = end
        drawn = [line for line in strips if line is not None]
        self._drawn = {
            key: (source, line) for key, source, line in zip(keys, sources, drawn, strict=True)
        }
        return drawn

    @property
    def _lines(self) -> Sequence[tuple[int, int]]:
        if self._drawing is not None:
            return self._drawing[1]
        self._update_lines()
        return self._line_cache.lines

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        if self._drawing is None:
            return super()._get_option_render(option, style)
        padding = self._drawing[0]
        if (strips := self._option_render_cache.get((option, style, padding))) is None:
            strips = super()._get_option_render(option, style)
        return strips

    class Edge(Message):
        """The list was scrolled or moved to its top (``top``) or bottom edge."""

        def __init__(self, top: bool) -> None:
            self.top = top
            super().__init__()

    class Jump(Message):
        """Home (``first``) or End was pressed."""

        def __init__(self, first: bool) -> None:
            self.first = first
            super().__init__()

    def action_first(self) -> None:
        self.post_message(self.Jump(first=True))

    def action_last(self) -> None:
        self.post_message(self.Jump(first=False))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        # After the list's own scrolling: at the top, scrolling on asks for more.
        if self.scroll_y <= 0:
            self.post_message(self.Edge(top=True))

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.scroll_y >= self.max_scroll_y:
            self.post_message(self.Edge(top=False))
