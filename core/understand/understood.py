"""What a question was understood to say, word by word, and where that understanding is in doubt.

The slots say where and when; this module checks that the words they came from explain them:

- a place name that an intent word covers is no place (「明天太陽幾點下山」: 下山 is the sun setting,
  not a town called 下山);
- a place name followed by a character that makes names longer (白沙 + 屯, 烏石 + 鼻) may be a
  piece of a name the gazetteer does not know: a doubt, and the bot asks back;
- a question with no place may name one with a typo: a homophone of a Taiwan place (高熊 → 高雄,
  澎胡 → 澎湖) or a near spelling of a place's English name, taken and said back (`assumed`);
- a day word seen but not understood is a doubt (`Slots.date.unrecognised`).

The word tables are in ``core/data/understanding.yaml``.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from datetime import datetime
from typing import cast

from core.data import DATA_DIR, read_yaml, word_list
from core.understand.places import Place, find_place, zh_tw_names
from core.understand.places_beside import confirmed_beside, place_besides
from core.understand.places_country import area_not_fitting, find_area
from core.understand.places_index import index
from core.understand.places_text import en_key, fold, trip_after
from core.understand.script import to_traditional
from core.understand.corners import names_a_box
from core.understand.dates_there import kept_there
from core.understand.dates_tonight import next_morning
from core.understand.day_slips import day_slips, mended
from core.understand.dates_words import KeptBy
from core.understand.joined_names import island_of, joined_name
from core.understand.names_beside import han_after, own_bay, romanised_name, spelt_beside
from core.understand.leftover import (Run, asker_before, english_tokens, filler_words_en, leftover, name_before,
                                      other_place, taken_spans)
from core.understand.place_within import spot_in_town, within
from core.understand.leftover_unread import day_word, unread_name
from core.understand.places_apart import SMALL_ISLAND_POP, area_before, misspelt as is_slip, near
from core.understand.signals import cjk_words
from core.understand.streets import street_of
from core.understand.slots import Slots, extract_slots, home_country
from core.understand.typos import typo_place, typo_words
from core.understand.typos_beside import area_misspelt, slip_after, slip_before, spelt_whole
from core.understand.zone_words import HERE, zone_mentions

BIG_CITY = 1_000_000   # people: a city this big is known by all its Chinese names


@dataclass(frozen=True)
class Doubt:
    """One thing understood with doubt: its kind, the words as written, and what was made of them."""

    # place_piece | place_alias | place_far | place_other | place_unknown | box_unclear | day_unknown | intent_unclear |
    # where_unclear | day_beyond | clock_whose | zone_shared (doubts);
    # typo | typo_word | named_day | place_within | observed_latest | zone_shared_own (assumed)
    kind: str
    word: str          # the words as the user wrote them (白沙屯, 月底, 高熊)
    found: str = ""    # what was understood of them (the shorter name, the corrected name)
    kept: KeptBy | None = None   # a named day places keep on different dates: whose calendar placed it


@dataclass(frozen=True)
class Understood:
    """The slots as vetted against their words, the doubts left, and what was assumed."""

    slots: Slots
    doubts: tuple[Doubt, ...] = ()
    assumed: tuple[Doubt, ...] = ()

    def doubt(self, kind: str) -> Doubt | None:
        """Return the first doubt of `kind`, or None."""
        return next((d for d in self.doubts if d.kind == kind), None)


@functools.cache
def _table() -> dict[str, object]:
    return read_yaml(DATA_DIR / "understanding.yaml")  # type: ignore[no-any-return]


_FOLLOWERS = word_list("understanding.yaml", "name_followers")   # words after a name that keep it (墾丁沙灘, 基隆外海)


@functools.cache
def _suffixes() -> frozenset[str]:
    return frozenset(str(_table()["name_suffixes"]))


def _covered_by_intent(text: str, span: tuple[int, int]) -> bool:
    """True when an intent word of keywords.yaml covers the place's span, or crosses its edge where
    no intent word meets the name at that edge: in 「太陽幾點下山」 幾點下山 covers 下山, but in
    「安平潮汐」 平潮 crossing 安平 loses to 安平 | 潮汐, a reading where both stand whole."""
    start, end = span
    words, lengths = cjk_words()
    lo, hi = max(0, start - max(lengths, default=0) + 1), end
    for i in range(lo, hi):
        for n in lengths:
            j = i + n
            inside = i >= start and j <= end and (i, j) != (start, end)
            if j <= start or j > len(text) or inside or text[i:j] not in words:
                continue
            if i > start and _word_at(text, end, words, lengths, after=True):
                continue
            if j < end and _word_at(text, start, words, lengths, after=False):
                continue
            return True
    return False


def _is_zone_word(text: str, place: Place) -> bool:
    """True when the place's words are a zone word ("EST" is US Eastern time, not the Est region of
    Burkina Faso), or lie inside one naming another clock than the place's (格林威治 in 格林威治標準時間 is
    UTC, not Greenwich's own time); 日本 inside 日本時間 stays Japan."""
    (start, end) = place.span
    return any(m.tz != HERE and (m.span == place.span or m.span[0] <= start and end <= m.span[1] and m.tz != place.tz)
               for m in zone_mentions(text))


def _word_at(text: str, at: int, words: frozenset[str], lengths: tuple[int, ...], *, after: bool) -> bool:
    """True when an intent word starts (after) or ends (not after) at position `at` of `text`."""
    return any(text[at:at + n] in words if after else at - n >= 0 and text[at - n:at] in words for n in lengths)


def _piece_of(text: str, place: Place) -> str | None:
    """Return the longer name the place is a piece of (白沙屯 for 白沙), or None when it stands whole or is its own (東清灣)."""
    start, end = place.span
    if end >= len(text) or text[end] not in _suffixes() or text.startswith(_FOLLOWERS, end):
        return None
    tail = end + 1
    while tail < len(text) and tail - end < 3 and text[tail] in _suffixes() and not text.startswith(_FOLLOWERS, tail):
        tail += 1
    return None if place.name_zh and text[start:tail].endswith(place.name_zh) else text[start:tail]


def _glued_abroad(text: str, place: Place, runs: tuple[Run, ...]) -> str | None:
    """Return the longer Chinese word a place abroad was found inside, unread characters glued to it
    (湯斯維爾 for 維爾 in Switzerland, 斐濟南迪 for 濟南): a name the gazetteer does not know, not
    that place; None when the name stands whole."""
    start, end = place.span
    if place.country == "TW" or not text[start:end] or not all("\u3400" <= c <= "\u9fff" for c in text[start:end]):
        return None
    before = next((r for r in runs if r.end == start and "\u3400" <= r.word[-1:] <= "\u9fff"), None)
    after = next((r for r in runs if r.start == end and "\u3400" <= r.word[:1] <= "\u9fff"), None)
    # unread characters glued before it, not a place or area of their own (沖繩那霸 is Naha in Okinawa)
    # ... nor one character after a number: its unit (「28號那霸」 is Naha on the 28th)
    if before is None or len(before.word) > 3 or find_place(before.word) is not None \
            or find_area(fold(before.word), None, "") is not None \
            or len(before.word) == 1 and before.start and text[before.start - 1].isdigit():
        return None
    return text[before.start if before else start:after.end if after else end]


# A capitalised name written just before a country ("Split Croatia", "Nice, France").
_NAME_BEFORE = re.compile(r"([A-Z][a-z]+(?:[ -][A-Z][a-z]+)?)[\s,]*$")
_WORD_BEFORE = re.compile(r"(?<![A-Za-z'])([a-z]{3,})[\s,]+$")


def _town_before_country(text: str, place: Place) -> str | None:
    """Return "Split Croatia" when a country is found right after a capitalised name the question does
    not otherwise explain (a town the gazetteer keeps out as an English word): not the country's capital."""
    if place.kind != "country":
        return None
    # Capitalised, or one word in lower case ("tide in nice france"): a town the gazetteer reads as a word.
    m = _NAME_BEFORE.search(text, 0, place.span[0]) or _WORD_BEFORE.search(text, 0, place.span[0])
    if m is None or m[1].lower() in filler_words_en() or m[1].lower() in english_tokens():
        return None
    return text[m.start(1):place.span[1]]


def _foreign_alias(text: str, place: Place) -> bool:
    """True when a Chinese name found a place abroad whose own Chinese name shares less than half
    its characters (白沙 → 巴西立, Pasir Ris in Singapore): a name the asker likely meant for another place."""
    written = text[place.span[0]:place.span[1]]
    if place.country == "TW" or place.ambiguous or place.kind in ("country", "region") or not place.name_zh:
        return False
    if not place.key.startswith("geonames:"):
        return False   # a hand-kept place's names are its own (破邊洲 is the East Dam's), not GeoNames' guesses
    if not written or not all("\u3400" <= c <= "\u9fff" for c in written):
        return False
    if fold(written) in zh_tw_names():
        return False   # a name the rules give a place is its own (弗里曼特爾 and 費里曼圖 are both Fremantle's)
    value = index().cjk.get(fold(written))
    if value is not None and index().rec(value).pop >= BIG_CITY:
        return False   # a big city's other Chinese name (悉尼 for 雪梨, Sydney) is well known
    own = to_traditional(place.name_zh)   # the gazetteer writes some names in Simplified (奥克兰)
    shared = sum(1 for c in set(written) if c in own)
    return shared * 2 < len(set(written))


def _slots(text: str, query_time: datetime, home: str | None) -> Slots:
    """Return the slots of `text`; a place written as where the asker is (「我人在紐約 台灣現在幾點」)
    gives way to another place the question names."""
    slots = extract_slots(text, query_time, home=home)
    place = slots.place
    if place is not None and asker_before(text, *place.span):
        start, end = place.span
        other = extract_slots(text[:start] + " " * (end - start) + text[end:], query_time, home=home)
        # the asker's own country written before the town (「人在挪威卑爾根」) is no other place asked: the town stays
        own_country = other.place is not None and other.place.kind == "country" and other.place.country == place.country
        slots = replace(slots, place=other.place) if other.place is not None and not own_country else slots
    return next_morning(text, kept_there(text, slots, query_time, home), query_time)


def _obscure_namesake(text: str, place: Place, home: str) -> bool:
    """True when, to an asker at home in Taiwan, a Chinese name found only a little-known town of a
    Chinese-speaking country (大安 → Da'an, Chongqing; 大埔 → Tai Po): likely a Taiwan place the
    gazetteer lacks, not that town."""
    written = text[place.span[0]:place.span[1]]
    fame = cast("dict[str, int]", _table()["namesake_fame"])
    if home != "TW" or place.country not in fame or place.kind == "country":
        return False
    if not written or not all("\u3400" <= c <= "\u9fff" for c in written):
        return False
    value = index().cjk.get(fold(written))
    if value is None:
        return False
    rec = index().rec(value)
    known = cast("dict[str, int]", _table()["namesake_known_pop"]).get(place.country, BIG_CITY)   # 鹿兒島, not 三重
    return rec.pop < known and rec.fame < fame[place.country]


def _home_spelling(text: str, place: Place, home: str) -> Place | None:
    """Return the Taiwan place an English name abroad is a near spelling of, to an asker at home in
    Taiwan, when the place found is a little-known town of China or Hong Kong ("Tamshui" → 淡水)."""
    written = text[place.span[0]:place.span[1]]
    fame = cast("dict[str, int]", _table()["namesake_fame"])
    if home != "TW" or place.country not in fame or not written.isascii():
        return None
    if (same := next((a for a in place.alternatives if a.country == "TW"), None)) is not None:
        return replace(same, span=place.span, by_home=True)   # "Jinshan" asked in Taiwan: 金山, not a slip of 金沙
    value = index().en.get(en_key(written))
    rec = index().rec(value) if value is not None else None
    if rec is None or rec.pop >= BIG_CITY or rec.fame >= fame[place.country]:
        return None
    found = typo_place(text, ())
    return None if found is None or found[0].lower() != written.lower() else replace(found[1], span=place.span)


def read_question(query: str, query_time: datetime, home: str | None) -> tuple[str, Understood]:
    """Return the question as read (Simplified characters in Traditional, a misspelt data word as
    the word: 潮夕 → 潮汐, wether → weather) and what was understood of it, the misspellings among
    what was assumed. `home`: the asker's zone or country (see extract_slots)."""
    text = to_traditional(query)
    slots = _slots(text, query_time, home)
    if slips := day_slips(text, leftover(text, slots)):   # "satuday", 星期曰: the day word meant, said back
        text, slots = mended(text, slips), _slots(mended(text, slips), query_time, home)
    slipped = tuple(Doubt("typo_word", written, word) for _, written, word in slips)
    # Only a question with a place or a day and no data word may have misspelt the data word; a
    # misspelt place is read first, so no data word is seen inside it (小流 in 「小流球 退朝幾點」).
    taken = taken_spans(slots)
    if not slots.has_location and (misspelt := typo_place(text, taken, asker=home_country(home))) is not None:
        taken = (*taken, misspelt[1].span)
    fixes = typo_words(text, taken) if slots.has_location or slots.date is not None or len(taken) > len(
        taken_spans(slots)) else ()
    if fixes:   # rare: only then are the question's other places looked for (no slip inside a name)
        fixes = typo_words(text, _with_other_places(text, taken))
    if fixes:
        text = mended(text, fixes)
        slots = _slots(text, query_time, home)
    understood = understand(text, slots, home_country(home))
    words = tuple(Doubt("typo_word", written, word) for _, written, word in fixes)
    return text, replace(understood, assumed=(*slipped, *words, *understood.assumed)) if slipped or words else understood


@functools.lru_cache(maxsize=4096)   # a pure function of the text and its (frozen) slots
def understand(text: str, slots: Slots, home: str = "TW") -> Understood:
    """Return the slots of `text` vetted against its words, with the doubts and assumptions left.
    `home`: the asker's country (ISO code)."""
    doubts: list[Doubt] = []
    assumed: list[Doubt] = []
    place = slots.place
    if place is not None and place.span[1] > place.span[0] and (
            _covered_by_intent(text, place.span) or _is_zone_word(text, place)):
        other = place_besides(text, place, home)   # 「鹿兒島今天太陽幾點下山」: 下山 is the sun setting, 鹿兒島 the place
        place = other if other is not None and not _covered_by_intent(text, other.span) else None
        slots = replace(slots, place=place)
    if place is not None and slots.bbox is None:   # a box written in numbers decides; names beside it only label it
        runs = leftover(text, slots)
        if (slip := slip_before(text, place) or slip_after(text, place, runs)) is not None:   # "Nah Trang", "kota kinabalo"
            assumed.append(Doubt("typo", text[slip.span[0]:slip.span[1]], slip.key))
            slots = replace(slots, place=slip)
            place = slip
        piece = _piece_of(text, place) or street_of(text, place, runs) or island_of(text, place) or \
            joined_name(text, place) or _town_before_country(text, place) or name_before(text, runs, place) or \
            _glued_abroad(text, place, runs)
        if piece is not None and own_bay(place, piece):   # 「函館灣」: the town's own bay, answered there and said so
            assumed.append(Doubt("place_within", piece, place.key))
        elif piece is not None and (whole := spelt_whole(text, piece)) is not None:   # "Lu Dao" is Ludao, not Dao
            slots = replace(slots, place=whole)
            assumed.append(Doubt("typo", piece, whole.key))
        elif piece is not None and (area := area_misspelt(text, piece, place)) is not None:
            assumed.append(Doubt("typo_word", area[0], area[1].name_en if area[0].isascii() else area[1].name_zh))   # "Phucket Patong", 「奧門黑沙」
        elif piece is not None:
            doubts.append(Doubt("place_piece", piece, place.key))
        elif (fixed := _home_spelling(text, place, home)) is not None:   # "Tamshui": Tamsui, not a town in China
            slots = replace(slots, place=fixed)
            if fixed.by_home is False:
                assumed.append(Doubt("typo", text[place.span[0]:place.span[1]], fixed.key))
        elif (_foreign_alias(text, place) or _obscure_namesake(text, place, home)) and not confirmed_beside(text, place):
            doubts.append(Doubt("place_alias", text[place.span[0]:place.span[1]], place.key))
        elif (beside := area_not_fitting(text, place.span, place.country, home)) is not None \
                and not asker_before(text, beside[0]):   # 「我在LA, 成功漁港」: where the asker is
            doubts.append(Doubt("place_other", text[beside[0]:beside[1]], place.key))   # 「聖克魯斯 加州」: only Brazil's
        elif slots.bbox is None and names_a_box(text):   # "the sea between Taiwan and Japan": one end found
            doubts.append(Doubt("box_unclear", text[place.span[0]:place.span[1]], place.key))
        elif (other := other_place(text, slots)) is not None and not _covered_by_intent(text, other.span) \
                and not trip_after(text, other.span, place.span[1]):   # the trip's next leg: "…, ferry to Picton"
            if (spot := spot_in_town(text, place, other)) is not None:   # "praia de Itaúna em Saquarema": the town
                slots = replace(slots, place=spot[1])   # named answers for the spot the gazetteer lacks, said so
                assumed.append(Doubt("place_within", spot[0], spot[1].key))
            else:
                doubts.append(Doubt("place_other", text[other.span[0]:other.span[1]], other.key))
        elif (name := unread_name(text, _not_onward(text, leftover(text, slots), place), place)) is not None:
            fixed = _typo_beside(text, name, place)
            if fixed is not None and area_before(text, name, fixed, place):   # 「宜籣烏石港」: the harbour, in 宜蘭
                assumed.extend([Doubt("typo_word", name, fixed.name_zh)] if is_slip(name, fixed) else [])
            elif fixed is not None:   # 淡水魚人碼頭: 漁人碼頭 written with a homophone
                slots = replace(slots, place=fixed)
                assumed.append(Doubt("typo", name, fixed.key))
            elif within(text, name, place) or place.kind == "island" and place.pop < SMALL_ISLAND_POP:   # "Palau Koror": said
                assumed.append(Doubt("place_within", name, place.key))
            else:
                doubts.append(Doubt("place_unknown", name, place.key))
        elif (misspelt := _misspelt_beside(text, slots, place)) is not None:   # 「高雄茄定」: 茄萣 in Kaohsiung
            if area_before(text, misspelt[0], misspelt[1], place):   # 「高熊旗津」: still 旗津, in 高雄 (said so)
                assumed.extend([Doubt("typo_word", misspelt[0], misspelt[1].name_zh)] if is_slip(*misspelt) else [])
            else:
                slots = replace(slots, place=misspelt[1])
                assumed.append(Doubt("typo", misspelt[0], misspelt[1].key))
    elif not (slots.point or slots.bbox):   # a misspelt name may begin with a sea's (「北海银摊」: Beihai's beach, no North Sea)
        found = typo_place(text, taken_spans(slots), asker=home)
        if found is not None and (slots.region is None or len(found[0]) > 3 and not found[0].isascii()):
            written, corrected = found
            slots = replace(slots, place=corrected, region=None)
            assumed.append(Doubt("typo", written, corrected.key))
    hint = slots.date
    if hint is not None and hint.unrecognised:
        doubts.append(Doubt("day_unknown", hint.unrecognised))
    elif (days := day_word(text, leftover(text, slots), slots)) is not None:
        doubts.append(Doubt("day_unknown", days))
    elif hint is not None and hint.kept is not None and (hint.kept.divided or hint.kept.none):   # which state? no such day
        doubts.append(Doubt("day_unknown", text[hint.span[0]:hint.span[1]], kept=hint.kept))
    elif hint is not None and hint.explicit and (
            hint.festival or not any(c.isdigit() for c in text[hint.span[0]:hint.span[1]])):
        # A named day (冬至, Easter): said back with its date, so a wrong reading shows.
        assumed.append(Doubt("named_day", text[hint.span[0]:hint.span[1]], hint.day.isoformat(), hint.kept))
    return Understood(slots, tuple(doubts), tuple(assumed))


def _misspelt_beside(text: str, slots: Slots, place: Place) -> tuple[str, Place] | None:
    """Return (the words as written, the place) for left-over Han words, written against `place`, misspelling
    a place beside it, or Latin syllables after it spelling one ("Busan hae un dae")."""
    for run in (*leftover(text, slots), *han_after(text, taken_spans(slots), place)):
        # only words written right after or before the place (高雄茄定), never a word elsewhere in the sentence
        touching = run.start == place.span[1] or run.end == place.span[0]
        if touching and 2 <= len(run.word) <= 4 and all("\u3400" <= c <= "\u9fff" for c in run.word):
            fixed = _typo_beside(text, run.word, place)
            # a slip of the input method changes a character or two, and keeps one (茄定 → 茄萣)
            if fixed is not None and set(run.word) & set(fixed.name_zh):
                return run.word, fixed
    return spelt_beside(text, leftover(text, slots), place)   # "Busan hae un dae", "busan kwangalli": in Busan


def _typo_beside(text: str, name: str, place: Place) -> Place | None:
    """Return the place `name` misspells beside `place` (淡水魚人碼頭) or spells in another romanisation, or None."""
    start = text.find(name)
    if start < 0 or name.isascii():   # "Busan Kwangali": Gwangalli as another romanisation spells it
        return romanised_name(text, (start, start + len(name)), place) if start >= 0 else None
    found = typo_place(text, ((0, start), (start + len(name), len(text))), (place.lon, place.lat))
    if found is None or not near(found[1], place):
        return None
    return found[1]


def _not_onward(text: str, runs: tuple[Run, ...], place: Place) -> tuple[Run, ...]:
    """Return the runs but those naming where the trip goes on to after the place asked (「…？要搭渡輪去南島」)."""
    return tuple(r for r in runs if not trip_after(text, (r.start, r.end), place.span[1]))


def unexplained(text: str, slots: Slots) -> str:
    """Return the words of `text` no slot, intent or filler word explains (跨年了 in 「東京跨年了嗎」), joined by spaces."""
    return " ".join(run.word for run in leftover(text, slots))


def _with_other_places(text: str, taken: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Return `taken` with the spans of the other places the question names (小琉球 in 「東港到小琉球的
    船班」): no data word is misspelt inside a place's name (小琉 is no 小流)."""
    spans = list(taken)
    for _ in range(3):
        work = text
        for a, b in spans:
            work = work[:a] + " " * (b - a) + work[b:]
        other = find_place(work)
        if other is None or other.span[1] <= other.span[0]:
            break
        spans.append(other.span)
    return tuple(spans)
