"""Typos: a place written with one — a homophone of a Taiwan place (高熊 → 高雄, 澎胡 → 澎湖: the usual
slip of a phonetic input method, matched by toneless pinyin from ``pypinyin``) or a near spelling of a
Latin name, Taiwan's first, then a well-known place abroad (Kaohsuing → Kaohsiung, "Hungtington beach"
→ Huntington Beach: ``typos_latin``, by ``rapidfuzz``), for a question that asks for data and names
no place — and a data word written with one (潮夕 → 潮汐, wether → weather) in a question with no
data word. Both libraries are imported on those paths only, so most questions never load them.
"""
from __future__ import annotations

import functools
import re
import string
from dataclasses import replace
from typing import Iterator

from core.data import word_list
from core.understand.ordinary_words import splits_a_word
from core.understand.places import Place, find_place
from core.understand.places_index import context, index
from core.understand.places_text import HAN
from core.understand.signals import cjk_words, detect_signals
from core.understand.typos_near import HANGUL, hangul_slip, near_sound_slip

MIN_RATIO = 85      # rapidfuzz ratio for an English spelling to count as a data word
MIN_LATIN = 5       # shorter English words are too many others' near spellings
MIN_ABROAD = 8      # a traveller's word is taken for a misspelling only when this long (hochwaser → hochwasser;
                    # "region" is no misspelt "regen", "area" no "marea")


@functools.cache
def _taiwan_names() -> dict[tuple[str, ...], list[str]]:
    """Return toneless pinyin → the Taiwan places' own CJK names sounding so; an old name (雞籠)
    counts as its place's own name (基隆)."""
    from pypinyin import lazy_pinyin  # only when a question names no place it knows

    idx = index()
    by_sound: dict[tuple[str, ...], list[str]] = {}
    for name, value in idx.cjk.items():
        rec = idx.rec(value)
        if not rec.taiwan or len(name) < 2:
            continue
        names = by_sound.setdefault(tuple(lazy_pinyin(name)), [])
        if rec.zh not in names:
            names.append(rec.zh)
    return by_sound


def _unslotted(text: str, taken: tuple[tuple[int, int], ...]) -> list[bool]:
    """Which characters of `text` are in no taken span."""
    free = [True] * len(text)
    for start, end in taken:
        for i in range(max(0, start), min(len(text), end)):
            free[i] = False
    return free


def _free(text: str, taken: tuple[tuple[int, int], ...]) -> list[bool]:
    """Which characters of `text` are neither in a taken span, an intent word nor a part of the day (上午, 晚上:
    「美東時間上午9點」 holds no misspelt 尚武)."""
    free = [True] * len(text)
    for start, end in (*taken, *_day_part_spans(text)):
        for i in range(max(0, start), min(len(text), end)):
            free[i] = False
    words, lengths = cjk_words()
    for i in range(len(text)):
        for n in lengths:
            if i + n <= len(text) and text[i:i + n] in words:
                for j in range(i, i + n):
                    free[j] = False
                break
    return free


@functools.cache
def _day_parts() -> re.Pattern[str]:
    """Return the pattern of the Chinese, Japanese and Korean words for a part of the day (clock_words.yaml `day_parts`)."""
    from core.understand.clock_words import words as clock_words

    # two characters or more: a lone 朝 (Japanese "morning") is also the slip in 朝汐 (潮汐)
    parts = {str(w) for kind in clock_words()["day_parts"].values() for w in kind.get("zh", ()) if len(str(w)) > 1}
    return re.compile("|".join(map(re.escape, sorted(parts, key=len, reverse=True))))


def _day_part_spans(text: str) -> list[tuple[int, int]]:
    """Return where a part of the day is written (上午, 晚上, 午前): everyday words no place is misspelt as."""
    return [m.span() for m in _day_parts().finditer(text)] if HAN.search(text) else []


def _with_glued_water(text: str, taken: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """Return `taken` with each place's span stretched over a water word written right after it (新加坡 + 海峽):
    part of the name as written, where no misspelt data word starts."""
    glued = word_list("understanding.yaml", "glued_water_zh")
    return tuple((start, end + max((len(w) for w in glued if text.startswith(w, end)), default=0))
                 for start, end in taken)


def _windows(text: str, free: list[bool], loose: list[bool] | None = None,
             stops: bool = False) -> Iterator[tuple[int, int]]:
    """Yield the spans of 2–4 Han characters to try; a span of 3+ may hold an intent word's characters
    when `loose` (free of taken slots only) allows them: 小流球 holds the Hokkien tide word 小流.
    `stops`: spans holding a particle or pronoun (都, 我, 太 ...) are yielded too, for the caller to keep
    that character as written (「都籃」 is 都蘭, while 「講袂」 is no 講美). A span splitting an ordinary word
    is not tried (模式|裡: 式裡 is no 嵵裡; ordinary_words.py)."""
    fixed = tuple(free)
    for n in (4, 3, 2):
        within = loose if loose is not None and n >= 3 else free
        for i in range(len(text) - n + 1):
            written = text[i:i + n]
            if all(within[i:i + n]) and all(HAN.match(c) for c in written) and (
                    stops or not _stop_chars() & set(written)) and not splits_a_word(text, i, i + n, fixed):
                yield i, i + n


def _keeps_stops(written: str, name: str) -> bool:
    """Whether `name` has each particle or pronoun of `written` where it is written: a slip of the
    input method changes the place's own characters, not the everyday words around them."""
    return all(c == n for c, n in zip(written, name) if c in _stop_chars())


@functools.cache
def _stop_chars() -> frozenset[str]:
    """Return the characters no misspelt place holds (袂, 毋, 我 …: 「講袂清楚」 is no 講美)."""
    return frozenset(word_list("understanding.yaml", "typo_not_in_place"))


def _homophone(text: str, free: list[bool], near: tuple[float, float] | None = None,
               loose: list[bool] | None = None) -> tuple[str, str] | None:
    from pypinyin import lazy_pinyin

    by_sound = _taiwan_names()
    for start, end in _windows(text, free, loose, stops=True):
        written = text[start:end]
        names = [n for n in by_sound.get(tuple(lazy_pinyin(written)), ()) if n != written and _keeps_stops(written, n)]
        if near is not None:   # several places sound so: the one beside the place named with it
            names = [n for n in names if (p := find_place(n)) is not None and _km(p, near) <= NEAR_KM]
        if len(set(names)) == 1:
            return written, names[0]
    return None


NEAR_KM = 40.0
MIN_FAME_ABROAD = 15   # a place abroad known by this many names (or hand-written) is one whose slip is read
MIN_POP_TWO = 300_000  # two characters sound like too many everyday pairs (跟十 is no 根室): big cities only


@functools.cache
def _abroad_names() -> tuple[dict[tuple[str, ...], list[str]], dict[tuple[int, str], list[str]]]:
    """Return (toneless pinyin → well-known places abroad's zh-TW names sounding so, (position, the name
    without that character) → the names of 3+ characters that are it with one character there)."""
    from pypinyin import lazy_pinyin

    idx = index()
    # a one-character slip is read in a name saying what it is (石恒島): one of the feature words 島, 灣 …
    features = {w for w in context().features_zh if len(w) == 1}
    by_sound: dict[tuple[str, ...], list[str]] = {}
    by_rest: dict[tuple[int, str], list[str]] = {}
    for name, value in idx.cjk.items():
        rec = idx.rec(value)
        if rec.taiwan or name != rec.zh or len(name) < 2 or rec.fame < MIN_FAME_ABROAD \
                or not all(HAN.match(c) for c in name):
            continue
        if len(name) >= 3 or rec.pop >= MIN_POP_TWO:
            by_sound.setdefault(tuple(lazy_pinyin(name)), []).append(name)
        for i in range(len(name) - 1 if len(name) >= 3 and name[-1] in features else 0):
            by_rest.setdefault((i, name[:i] + name[i + 1:]), []).append(name)
    return by_sound, by_rest


def _abroad_slip(text: str, free: list[bool], beside: bool = False) -> tuple[str, str] | None:
    """Return (the words as written, the well-known place abroad they misspell: 那壩 → 那霸 by sound,
    石恒島 → 石垣島 by one character), or None when no single place fits; ``beside``: the words stand against a place
    found, which a two-character slip may follow (沖繩那壩)."""
    from pypinyin import lazy_pinyin

    by_sound, by_rest = _abroad_names()
    for start, end in _windows(text, free):
        written = text[start:end]
        if end - start == 2 and start > 0 and HAN.match(text[start - 1]) and (free[start - 1] or not beside):
            continue   # a two-character slip stands at the start of its words (那壩明天, 沖繩那壩), not inside a clause
        names = {n for n in by_sound.get(tuple(lazy_pinyin(written)), ()) if n != written}
        if len(written) >= 3:
            names |= {n for i in range(len(written) - 1) for n in by_rest.get((i, written[:i] + written[i + 1:]), ())
                      if n != written and n[-1] == written[-1]}
        if len(names) == 1:
            return written, names.pop()
    return None


def _glyph_slip(text: str, free: list[bool]) -> tuple[str, str] | None:
    """Return (the words as written, the Taiwan place, or well-known one abroad of 3+ characters, they name with one
    character mistaken for one that looks like it: 鳥石港 → 烏石港, 木更律 → 木更津), or None when no single place fits."""
    slips: dict[str, str] = _glyph_slips()
    idx = index()
    for start, end in _windows(text, free, stops=True):   # a particle's look-alike may be the slip (八斗了: 八斗子)
        written = text[start:end]
        names = {idx.rec(v).zh for i, c in enumerate(written) if c in slips
                 and (v := idx.cjk.get(written[:i] + slips[c] + written[i + 1:])) is not None
                 and (idx.rec(v).taiwan or len(written) >= 3 and idx.rec(v).fame >= MIN_FAME_ABROAD)}   # 木更律: 木更津
        if len(names) == 1:
            return written, names.pop()
    return None


@functools.cache
def _glyph_slips() -> dict[str, str]:
    """Return each character → the one it is mistaken for by its look (understanding.yaml's `glyph_slips`)."""
    from core.data import read_yaml, DATA_DIR

    return {str(k): str(v) for k, v in read_yaml(DATA_DIR / "understanding.yaml")["glyph_slips"].items()}


def _km(place: Place, point: tuple[float, float]) -> float:
    import math

    p1, p2, dlon = math.radians(place.lat), math.radians(point[1]), math.radians(point[0] - place.lon)
    h = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dlon / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(h)))


@functools.lru_cache(maxsize=4096)   # a pure function of its arguments; Place is frozen
def typo_place(text: str, taken: tuple[tuple[int, int], ...],
               near: tuple[float, float] | None = None, asker: str = "") -> tuple[str, Place] | None:
    """Return (the words as written, the Taiwan place they misspell) for a data question naming no
    place, or None. `taken`: spans other slots hold (a day word is no place); `near`: (lon, lat) of a
    place named beside, which settles a sound several places share (淡水魚人碼頭); `asker`: the asker's
    country, whose coast's towns a slip may name too (see typos_latin.near_spelling)."""
    if not detect_signals(text).data:
        return None
    found = _homophone(text, _free(text, taken), near, _unslotted(text, taken)) if HAN.search(text) else None
    if found is None and near is not None and HAN.search(text):   # 「香港长州岛」: a homophone of a place beside
        found = near_sound_slip(text, _free(text, taken), near)
    if found is None and HAN.search(text):
        found = _glyph_slip(text, _free(text, taken)) or _abroad_slip(text, _free(text, taken), near is not None)
    if found is None and HANGUL.search(text):   # 재부도: 제부도 with ㅐ for ㅔ
        found = hangul_slip(text, _unslotted(text, taken))
    if found is None and any(c.isascii() and c.isalpha() for c in text):
        from core.understand.typos_latin import near_spelling

        latin = near_spelling(text, taken, asker)
        if latin is None:   # "Ulleong-do" asked in Korea: a home place in another romanisation
            from core.understand.romanised import romanised_spelling

            latin = romanised_spelling(text, taken, asker)
        if latin is None:
            return None
        written, key, home = latin
        start = text.find(written)
        name = string.capwords(key)
        # the name read in the question as written around it (a sea word picks among places sharing it, and the
        # asker's country's one wins as for a name spelt right: "puerto escondito" from Mexico is Oaxaca's)
        place = find_place(text[:start] + name + text[start + len(written):], home=asker or "TW")
        if place is None or place.span != (start, start + len(name)):
            return None
        signals = detect_signals(text)
        if not home and not place.coastal and (signals.tide or signals.sst):
            return None   # a sea question's slip is no town inland ("Salthill" is not Saltillo, Mexico)
        # a name abroad several places share stays in doubt: the bot asks which one
        place = replace(place, span=(start, start + len(written)))
        return written, place if not home else replace(place, ambiguous=False, alternatives=())
    if found is None:
        return None
    written, name = found
    place = find_place(name)
    if place is None:
        return None
    start = text.find(written)
    return written, replace(place, span=(start, start + len(written)), ambiguous=False, alternatives=())


@functools.cache
def _not_words() -> frozenset[str]:
    """Return the everyday English words no data word is misspelt as (warning, morning …)."""
    return frozenset(word_list("understanding.yaml", "typo_not_words_en"))


# The keyword groups a misspelt word is looked for in: the words that say what data is asked.
_DATA_GROUPS = ("tide", "astro", "moon_phase", "sst", "weather", "sea_state", "time")


@functools.cache
def _data_words() -> tuple[dict[tuple[str, ...], list[str]], tuple[str, ...]]:
    """Return (toneless pinyin → the data groups' CJK words of 2+ characters, their English words of 5+ letters)."""
    from pypinyin import lazy_pinyin

    from core.understand.signals import abroad_words, group_words

    by_sound: dict[tuple[str, ...], list[str]] = {}
    english: list[str] = []
    for group in _DATA_GROUPS:
        abroad = abroad_words(group)
        for word in group_words(group):
            if HAN.match(word) and len(word) >= 2 and all(HAN.match(c) for c in word):
                by_sound.setdefault(tuple(lazy_pinyin(word)), []).append(word)
            elif word.isascii() and word.isalpha() and len(word) >= (MIN_ABROAD if word.lower() in abroad else MIN_LATIN):
                english.append(word.lower())
    return by_sound, tuple(sorted(set(english)))


@functools.lru_cache(maxsize=4096)
def typo_words(text: str, taken: tuple[tuple[int, int], ...]) -> tuple[tuple[int, str, str], ...]:
    """Return (position, the word as written, the data word it misspells) for a question with no
    data word but a bare 幾點 / "what time": a homophone (潮夕 → 潮汐, 退朝幾點 → 退潮) or a near
    spelling (wether → weather); () when none."""
    signals = detect_signals(text, masked_spans=taken)
    if signals.data and not (signals.time and not (signals.tide or signals.astro or signals.moon_phase or signals.sst
                                                   or signals.weather or signals.sea_state or signals.time_convert)):
        return ()
    if signals.currents or signals.no_such_data or signals.off_topic:   # it says what it asks (a current: 「海流點流」
        return ()                                   # has no 滇流 in it; 「台積電股價」's 積電 is no 幾點)
    found: list[tuple[int, str, str]] = []
    if HAN.search(text):
        from pypinyin import lazy_pinyin

        by_sound, _ = _data_words()
        free = _free(text, _with_glued_water(text, taken))
        for start, end in _windows(text, free):
            written = text[start:end]
            words = {w for w in by_sound.get(tuple(lazy_pinyin(written)), ()) if len(w) == len(written)}
            if len(words) == 1 and not any(s < end and start < s + len(w) for s, w, _ in found):
                found.append((start, written, words.pop()))
    if not found and any(c.isascii() and c.isalpha() for c in text):
        from rapidfuzz import fuzz, process

        _, english = _data_words()
        for m in re.finditer(r"[A-Za-z]+", text):
            word = m[0].lower()
            if len(word) < MIN_LATIN or word in english or word in _not_words():
                continue
            near = process.extractOne(word, english, scorer=fuzz.ratio, score_cutoff=MIN_RATIO)
            if near is not None:
                found.append((m.start(), m[0], near[0]))
    return tuple(found)
