"""Slot filling: where and when a question is about."""
from __future__ import annotations

import functools
from dataclasses import dataclass
import datetime as dt
from datetime import datetime

from core.understand.coords import BBox, Point, fold_width, parse_location
from core.understand.corners import between_box, corners_box, listed_box, places_box
from core.understand.dates import DateHint, mentions_now_folded, parse_date_folded
from core.understand.dates_moon import TideWindows, tide_windows
from core.understand.tide_windows import zone_of
from core.understand.places import Place, find_place_and_region
from core.understand.places_beach import feature_in_script, set_aside, town_before_feature, water_after_town
from core.understand.places_beside import namesake_beside
from core.understand.places_by_day import place_of_the_day
from core.understand.places_index import index
from core.understand.signals import phrase_around

DEFAULT_HOME = "TW"   # the gazetteer's home when the asker's is unknown
Region = tuple[str, tuple[float, float, float, float]]   # a named sea's name and box


@dataclass(frozen=True)
class Slots:
    """Everything the heuristics found in a question; any field may be None."""

    point: Point | None
    bbox: BBox | None
    region: tuple[str, tuple[float, float, float, float]] | None
    place: Place | None
    date: DateHint | None
    now: bool
    windows: TideWindows | None = None   # the spring/neap days asked for (date: the first of them)

    @property
    def has_location(self) -> bool:
        return any((self.point, self.bbox, self.region, self.place))

    def day(self, query_time: datetime) -> dt.date:
        """Return the asked day, or the local date of query_time when no day is named."""
        return self.date.day if self.date else query_time.date()

    def masked_spans(self) -> tuple[tuple[int, int], ...]:
        """Return the text spans taken by places and coordinates (keywords there do not count), and a week
        word a weekday was read in ("next week … Thursday" asks for a day, not a week's table); a named day agreeing
        with today's word stays read ("is it still Christmas in LA today": the moment asked as reached)."""
        week = tuple(e for e in self.date.echoes if e not in self.date.names) \
            if self.date is not None and self.date.relative else ()
        return (*(s.span for s in (self.point, self.bbox, self.place) if s is not None), *week)


@functools.lru_cache(maxsize=256)
def home_country(home: str | None) -> str:
    """Return the ISO country code the gazetteer takes as the asker's home: a code as given, a
    zone's country (that of the zone's most populous place in the gazetteer), else "TW"."""
    if not home:
        return DEFAULT_HOME
    if len(home) == 2 and home.isalpha():
        return home.upper()
    if "/" not in home or home.startswith("Etc/"):
        return DEFAULT_HOME   # an offset ("+08:00") names no country
    return _zone_country(home) or DEFAULT_HOME


def _zone_country(zone: str) -> str | None:
    """Return the country of the gazetteer's most populous place in ``zone`` (rows are by population)."""
    return index().zone_country(zone)


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _inside(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when span `a` lies within span `b` and is shorter ("Christmas" in "Christmas Island": the place's)."""
    return b[0] <= a[0] and a[1] <= b[1] and a != b


def _blank(text: str, span: tuple[int, int]) -> str:
    """Return `text` with the characters of `span` as blanks (the other spans stay where they were)."""
    return text[:span[0]] + " " * (span[1] - span[0]) + text[span[1]:]


def _words_around(folded: str, span: tuple[int, int], hint: DateHint | None) -> tuple[int, int] | None:
    """Return the span of the longer words a name written in Latin letters is a piece of: a day word the
    date parser read ("esta Tarde", "sexta feira") or a data phrase ("Luna llena", "Temperatura del Mar");
    None when the name stands outside them."""
    start, end = span
    if not any("a" <= c <= "z" for c in folded[start:end].lower()):
        return None
    if hint is not None and hint.unrecognised is None and hint.span[0] <= start and end <= hint.span[1] \
            and hint.span != span:
        return hint.span
    return phrase_around(folded, span)


def extract_slots(text: str, query_time: datetime, home: str | None = None) -> Slots:
    """Return the point/box/region/place/date slots of `text`, dates relative to `query_time`.

    ``home``: the asker's country (ISO code, "US") or zone ("America/New_York"); its places win
    a name several places share. None: Taiwan, as before.
    """
    folded = fold_width(text)  # every detector works on the full-width-folded text: fold once
    country = home_country(home)
    found, bbox, point, place, region = _where(text, folded, country, None)
    hint = parse_date_folded(folded, query_time)
    if found is not None and (words := _words_around(folded, found, hint)) is not None:
        # a name inside a day or data phrase is no place ("esta Tarde", "sexta feira", "Luna llena", "Pôr do Sol")
        _, bbox, point, place, region = _where(text, folded, country, words)
    if hint is not None and place is not None and place.span[0] <= hint.span[0] and hint.span[1] <= place.span[1] \
            and place.span != hint.span:
        # a day word inside the place's name is no day ("Santo Domingo", "Christmas Island")
        hint = parse_date_folded(_blank(folded, place.span), query_time)
    elif place is not None and (named := _named_day(folded, query_time, hint)) is not None and \
            any(_overlaps(place.span, span) and not _inside(span, place.span) for span in (named.span, *named.echoes)):
        # a named day's words are no place ("Corpus Christi Day", "start of Ramadan"), also beside another day
        # word ("St David's Day tomorrow": not the town of St Davids): the place is elsewhere
        bare, bare_folded = text, folded
        for start, end in (named.span, *named.echoes):
            blank = " " * (end - start)
            bare, bare_folded = bare[:start] + blank + bare[end:], bare_folded[:start] + blank + bare_folded[end:]
        place, region = find_place_and_region(bare, bare_folded, home=home_country(home))
    elif hint is not None and place is not None and _overlaps(place.span, hint.span):
        # a name across a day word's edge (四日 in 「澎湖 週四日落」): another place the question names, if any
        other, other_region = find_place_and_region(_blank(text, hint.span), _blank(folded, hint.span),
                                                    home=home_country(home))
        place, region = (other, other_region) if other is not None else (place, region)
    place = place_of_the_day(place, hint)   # "Victoria Day sunset in Vancouver": the day's country's Vancouver
    windows = tide_windows(folded, query_time, hint, place.tz if place is not None and place.tz else zone_of(query_time))
    if windows is not None and (days := windows.first_days()) is not None:   # the first window's (all are said)
        hint = DateHint(days[0], True, False, windows.ask.span, days[1])
    return Slots(point=point, bbox=bbox, region=region, place=place, date=hint, now=mentions_now_folded(folded),
                 windows=windows)


def _named_day(folded: str, query_time: datetime, hint: DateHint | None) -> DateHint | None:
    """Return the named day (festival) the question writes: `hint` itself, else one written beside the day word
    `hint` read ("St David's Day tomorrow"); None when there is none."""
    if hint is None or hint.festival:
        return hint
    other = parse_date_folded(_blank(folded, hint.span), query_time)
    return other if other is not None and other.festival else None


# A pure function of the text, the asker's country and the words left out (never of the moment
# asked): the same question asked again skips the gazetteer and the box readers.
@functools.lru_cache(maxsize=4096)
def _where(text: str, folded: str, country: str, words: tuple[int, int] | None) -> tuple[
        tuple[int, int] | None, BBox | None, Point | None, Place | None, Region | None]:
    """Return where `text` (`folded`: as `fold_width` folds it) asks about, `words` (the span of a day
    or data phrase a name was found in) left out: the span of the place name first found, the box,
    the point, the place and the named region."""
    text, folded = set_aside(text), set_aside(folded)   # 「宮古島じゃなくて岩手の宮古」: not 宮古島
    bbox, point = parse_location(text, folded)  # a box, else a point: one pass for both
    if point is not None and (box := corners_box(folded, point)) is not None:
        bbox, point = box, None
    if bbox is None and (box := listed_box(folded) or between_box(folded)) is not None:
        bbox, point = box, None   # "bbox 120,21,122,23", "between 120 and 122E, 21 and 23N"
    if words is None:
        place, region = find_place_and_region(text, folded, home=country)
    else:
        place, region = find_place_and_region(_blank(text, words), _blank(folded, words), home=country)
    found = place.span if place is not None and words is None else None
    place = town_before_feature(text, place, country)   # "Brighton beach": Brighton's, or Brooklyn's?
    place = water_after_town(text, place)   # "Pearl River estuary" is no Pearl River, New York
    place = feature_in_script(text, place, country)   # "송정 beach": 송정해수욕장
    place = namesake_beside(text, place)   # "Da Nang My Khe": Da Nang's My Khe beach, not Quảng Ngãi's Mỹ Khê
    if bbox is None and point is None and place is not None and (box := places_box(text, place)) is not None:
        bbox, place = box, None
    taken = [s.span for s in (bbox, point) if s is not None]
    if place is not None and any(_overlaps(place.span, span) for span in taken):
        place = None
    return found, bbox, point, place, region
