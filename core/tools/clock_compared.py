"""A place's clock asked and set beside another's ("Phoenix time now? same as LA?", "jam berapa di Bali? beda sama
Jakarta", 「東京現在幾點 跟首爾一樣嗎」): which place is asked, which only compared (s20).

The comparing word (keywords.yaml `clock_compared`) stands before the compared place ("same as LA", "beda sama
Jakarta", 「跟首爾一樣」) or, in Japanese and Korean, after it (「ソウルと同じ」, "서울이랑 같아"); the asked place is
the other one. The clock answered is the asked place's, with a line saying how the compared one stands.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from core.tools.convert_sides import MAX_PLACES
from core.understand.places import find_place
from core.understand.signals import group_span, is_cjk
from core.words.strings import t

if TYPE_CHECKING:
    from core.asked import Asked
    from core.tools.clock import TimeNow
    from core.understand.places import Place


def compared_places(asked: "Asked") -> tuple["Place", "Place"] | None:
    """Return (the place whose clock is asked, the place it is compared with) when the question compares two places'
    clocks; None when it compares none, or names fewer than two places with a zone."""
    if asked.signals is None or not asked.signals.clock_compared or asked.slots is None or asked.slots.place is None:
        return None
    at = group_span("clock_compared", asked.query)
    if at is None:
        return None
    places = _places(asked.query, asked.slots.place, at)
    if len(places) < 2:
        return None
    after = [p for p in places if p.span[0] >= at[0]]
    before = [p for p in places if p.span[1] <= at[0]]
    # "same as LA": the first place after the word; 「ソウルと同じ」 with nothing after it: the place just before it;
    # "beda sama Jakarta, jam berapa di Bali": the one right after the word, the asked one later
    other = after[0] if after and (before or len(after) > 1) else before[-1] if before else None
    if other is None:
        return None
    asked_place = next(p for p in places if p is not other)
    return asked_place, other


def _places(query: str, first: "Place", word: tuple[int, int]) -> list["Place"]:
    """Return the places with a zone the question names, in the order written, none inside the comparing word
    ("beda sama": no place Sama); a place written as a zone ("Perth time") counts as its place."""
    # a Chinese comparing word holds the place it compares (「跟首爾一樣」); a Latin one none ("beda sama")
    inside = is_cjk(query[word[0]:word[1]])
    blanked = query if inside else _blank(query, word)
    found: list["Place"] = [first] if first.tz and (inside or not word[0] <= first.span[0] < word[1]) else []
    blanked = _blank(blanked, first.span)
    for _ in range(MAX_PLACES):
        other = find_place(blanked, home="")
        if other is None:
            break
        if other.tz and all(p.key != other.key for p in found):
            found.append(other)
        blanked = _blank(blanked, other.span)
    return sorted(found, key=lambda p: p.span)


def _blank(text: str, span: tuple[int, int]) -> str:
    """Return `text` with the characters at `span` as spaces (the other places' spans keep their places)."""
    return text[:span[0]] + " " * (span[1] - span[0]) + text[span[1]:]


def place_name(place: "Place", lang: str) -> str:
    """Return the place's name in the reply language (its English one where it has no Chinese)."""
    return (place.name_zh or place.name_en) if lang == "zh" else (place.name_en or place.name_zh)


def compared_line(result: "TimeNow", other: "Place", asked: "Asked") -> str:
    """Return the line saying the compared place's clock at the same moment and how far it stands from the asked one
    ("Los Angeles: 03:30, the same time.", "Jakarta: 18:30, 1 h behind.")."""
    there = datetime.fromisoformat(result.iso)
    at_other = there.astimezone(ZoneInfo(other.tz))
    gap = int(((at_other.utcoffset() or timedelta()) - (there.utcoffset() or timedelta())).total_seconds() // 60)
    lang = asked.lang
    if gap == 0:
        how = t(lang, "local_time.compared_same")
    else:
        h, m = divmod(abs(gap), 60)
        hours = t(lang, "time_convert.span_h", h=h) if not m else t(lang, "time_convert.span_m", m=m) if not h \
            else t(lang, "time_convert.span_hm", h=h, m=m)
        how = t(lang, "local_time.compared_ahead" if gap > 0 else "local_time.compared_behind", hours=hours)
    return t(lang, "local_time.compared", place=place_name(other, lang), hhmm=at_other.strftime("%H:%M"), how=how)


def gap_asked_place(asked: "Asked") -> "Place | None":
    """Return the place whose clock now is asked when the gap between two places is asked with it and the place read
    first is not that one (「東京跟台北差幾個小時？東京現在幾點？」: Tokyo's), else None."""
    from core.data import word_list
    from core.tools.convert_sides import Side, asks_its_time

    s, slots = asked.signals, asked.slots
    if s is None or slots is None or slots.place is None or s.clock or not (s.clock_gap or s.time_convert):
        return None
    now_after = word_list("understanding.yaml", "time_now_after_zh")
    query = asked.query
    for place in _places(query, slots.place, (0, 0)):
        name = query[place.span[0]:place.span[1]]
        # wherever the name is written: 「東京跟台北差幾小時？東京現在幾點？」 asks it the second time
        for at in (i for i in range(len(query)) if name and query.startswith(name, i)):
            end = at + len(name)
            if query[end:].lstrip(" 的").startswith(now_after) or asks_its_time(query, Side((at, end), "", None, False)):
                return place if place.key != slots.place.key else None
    return None
