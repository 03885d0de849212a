"""One conversation for every chat platform: an incoming message in, replies out through a port.

A platform adapter translates its event into an `Incoming` (bots/common/incoming.py) and
implements a `ChatPort` (bots/common/port.py); `Conversation.handle` does the rest once for
all of them: the reply language, refusals, the rate limit, the settings commands
(bots/common/settings_talk.py), subscriptions (bots/common/subscriptions/talk.py), the follow-up
context, the one answer timeout and the failure texts. It never raises: a failure becomes a
polite text in the user's language and a log line.
"""
from __future__ import annotations

import asyncio
import contextlib
import difflib
import logging
from dataclasses import replace

from bots.common import chat_commands as cc
from bots.common.chat_words import command_alias, small_talk
from bots.common.chat_context import (ANSWER_CONTEXT_HOURS, answer_key, context_key, load_context,
                                      save_answer_context, save_context)
from bots.common.incoming import Command, Incoming, Location, Photo, Press, Text, Unreadable
from bots.common.port import ChatPort, Shown, sent_ids
from bots.common.services import ConversationServices
from bots.common.settings_talk import SETTINGS_COMMANDS, SettingsTalk
from bots.common.store import UserSettings
from bots.common.subscriptions.talk import SUBSCRIPTION_COMMANDS, subscription_command, subscription_in_words
from core.envelope import Answer, Context, Question
from core.reply import Reply

log = logging.getLogger("odbchat.conversation")

#: Seconds one question may take in the core before the user gets a polite timeout reply.
ANSWER_TIMEOUT = 90.0
#: An answer ready sooner than this needs no "typing…" (under a burst, every indicator costs a send).
TYPING_AFTER = 0.8
#: Platforms show "typing…" for about 5 s per call: repeat this often until the answer is sent.
TYPING_EVERY = 4.5
#: The place commands (`/tide 基隆`), each asking the core a typed question (declared with their tools).
PLACE_COMMANDS: tuple[str, ...] = cc.PLACE_COMMANDS
#: Every command the conversation understands; platforms offer these and pass others on as text.
COMMANDS: tuple[str, ...] = ("start", "help", *PLACE_COMMANDS, *SETTINGS_COMMANDS, *SUBSCRIPTION_COMMANDS)
#: The user part of the key under which a group keeps its last answer (any member may reply to it).
GROUP = "group"


class Conversation:
    """Answers incoming messages of any platform through its port."""

    def __init__(self, services: ConversationServices) -> None:
        self.services = services
        self.talk = SettingsTalk(services)

    async def handle(self, incoming: Incoming, port: ChatPort) -> None:
        """Answer one incoming message through `port` (or stay silent where the bot is not addressed)."""
        if incoming.is_group and not incoming.addressed and isinstance(incoming.content, (Text, Photo, Unreadable)):
            if not isinstance(incoming.content, Text) or await self._quoted(incoming) is None:
                return  # in groups only commands, mentions and replies quoting the bot's answers are answered
            incoming = replace(incoming, addressed=True)
        lang = cc.pick_lang(None, locale=incoming.locale, default=self.services.settings.odbchat_lang)
        try:
            user = await self.services.store.get(incoming.platform, incoming.user_id)
            lang = self.lang(incoming, user)
            await self._dispatch(incoming, port, user)
        except Exception as exc:  # the last line of defence: a polite word, the details in the log only
            log.error("message handling failed", extra={"platform": incoming.platform,
                                                        "error": type(exc).__name__}, exc_info=exc)
            with contextlib.suppress(Exception):
                await port.say_privately(cc.message("error", lang))

    def lang(self, incoming: Incoming, user: UserSettings, text: str | None = None) -> cc.Lang:
        """Return the reply language by the one language rule (setting, text, platform locale, default)."""
        return cc.pick_lang(user.lang, text=text, locale=incoming.locale, default=self.services.settings.odbchat_lang)

    def zone(self, user: UserSettings) -> cc.Zone:
        """Return the user's zone, parsed once for the message: the saved one, else the configured default."""
        return cc.effective_zone(user, self.services.settings.odbchat_default_tz)

    def tz(self, user: UserSettings) -> str:
        """Return the name of the user's zone (`zone`)."""
        return self.zone(user).name

    async def _dispatch(self, incoming: Incoming, port: ChatPort, user: UserSettings) -> None:
        content = incoming.content
        if isinstance(content, (Text, Photo)):
            await self._text(incoming, port, user, content.text if isinstance(content, Text) else content.caption)
        elif isinstance(content, Command):
            await self._command(incoming, port, user, content)
        elif isinstance(content, Location):
            await self._location(incoming, port, user, content)
        elif isinstance(content, Press):
            await self._press(incoming, port, user, content)
        elif isinstance(content, Unreadable):  # never silence: say what the bot can read
            await port.say_privately(cc.message("media_no_question", self.lang(incoming, user)))

    # ------------------------------------------------------------------ what arrives

    async def _text(self, incoming: Incoming, port: ChatPort, user: UserSettings, text: str) -> None:
        if incoming.answers_home_prompt:  # answering the /home prompt = `/home PLACE`
            await self.talk.save_home(incoming, port, user, text)
            return
        word, _, rest = text.strip().partition(" ")
        alias = command_alias(word[1:]) if word.startswith("/") else None
        if alias:  # a command typed in Chinese (`/潮汐 基隆`), which platforms pass on as text
            await self._command(incoming, port, user, Command(alias, rest.strip()))
            return
        lang = self.lang(incoming, user, text)
        refusal = cc.check_question(text, lang)
        if refusal:
            await port.say_privately(refusal)
            return
        nod = small_talk(text, lang)
        if nod:  # 👍, 謝謝: a short word back, not a paragraph of what the bot can do
            await port.say(nod)
            return
        if not await self._rate_ok(incoming, port, lang):
            return
        zone = self.zone(user)
        said = await subscription_in_words(self.services, incoming, user, lang, zone.name, text)
        if said is not None:  # where nothing is ever delivered later (the terminal), say so plainly
            await port.say(said if delivers_later(port) else cc.message("chat_platforms_only", lang))
            return
        follow = await self._follow(incoming)
        # The reply language decided here (setting, script, locale) is the router's too: decided once.
        question = cc.build_question(text, tz=zone, moment=incoming.time, lang=lang, context=follow)
        await self._ask(incoming, port, question, lang, user)

    async def _command(self, incoming: Incoming, port: ChatPort, user: UserSettings, command: Command) -> None:
        lang = self.lang(incoming, user)
        name = command.name
        if name in ("start", "help"):
            await port.say(cc.help_text(lang) if delivers_later(port) else cc.message("terminal_help", lang))
        elif name in PLACE_COMMANDS:
            await self._place(incoming, port, user, command, lang)
        elif name in SETTINGS_COMMANDS:
            await self.talk.command(incoming, port, user, command)
        elif name in SUBSCRIPTION_COMMANDS and not delivers_later(port):
            await port.say(cc.message("chat_platforms_only", lang))
        elif name in SUBSCRIPTION_COMMANDS:
            await port.say(await subscription_command(self.services, incoming, user, lang, self.tz(user),
                                                      command))
        elif command_alias(name):  # a command named in Chinese
            await self._command(incoming, port, user, Command(command_alias(name) or "", command.arg))
        else:  # a mistyped command gets the nearest one it may have meant, never silence
            log.info("unknown command", extra={"platform": incoming.platform, "command": name[:32]})
            guess = difflib.get_close_matches(name.lower(), COMMANDS, n=1, cutoff=0.6)
            shown = name[:32] or "?"
            await port.say_privately(cc.message("unknown_command_guess", lang, cmd=shown, guess=guess[0])
                                     if guess else cc.message("unknown_command", lang, cmd=shown))

    async def _place(self, incoming: Incoming, port: ChatPort, user: UserSettings, command: Command,
                     lang: cc.Lang) -> None:
        """`/tide|/sun|/sst|/weather|/chart|/week [place | lon,lat]`: a typed question, or why not."""
        when, zone = command.options.date, self.zone(user)
        if when:  # a typed day option holds the same day words as free text ("明天", "Saturday")
            when = cc.resolve_day(when, zone.name, incoming.time)
            if when is None:
                await port.say_privately(cc.message("date_bad", lang, value=(command.options.date or "")[:40]))
                return
        outcome = cc.place_command(command.name, command.arg, lang, user, when, command.options.days)
        if outcome.request is None and not command.arg.strip():  # no place, no home: the chat's place
            follow = await self._follow(incoming)
            outcome = cc.place_from_context(command.name, follow, when, command.options.days) or outcome
        if outcome.reply:
            await port.say_privately(outcome.reply)
            return
        if not await self._rate_ok(incoming, port, lang):
            return
        query = f"/{command.name} {command.arg}".strip()
        question = cc.build_question(query, tz=zone, moment=incoming.time, lang=lang,
                                     request=outcome.request)
        await self._ask(incoming, port, question, lang, user)

    async def _location(self, incoming: Incoming, port: ChatPort, user: UserSettings, pin: Location) -> None:
        """A location pin: the tide there in the pin's own zone, or the home asked for by /home."""
        lang = self.lang(incoming, user)
        if incoming.answers_home_prompt or await self.talk.awaiting_home_pin(incoming):
            await self.talk.save_home_point(incoming, port, user, pin.lon, pin.lat, lang)
            return
        if incoming.is_group:
            return  # in groups only commands and mentions are answered
        if not await self._rate_ok(incoming, port, lang):
            return
        tz = await asyncio.to_thread(cc.tz_for_point, pin.lon, pin.lat, self.tz(user))
        request: dict[str, object] = {"tool": "tide.forecast", "point": (pin.lon, pin.lat)}
        if pin.title and cc.known_place(pin.title):
            request["place"] = pin.title
        question = cc.build_question(cc.format_point(pin.lon, pin.lat), tz=tz, moment=incoming.time, lang=lang,
                                     request=request)
        await self._ask(incoming, port, question, lang, user, name=pin.title)

    async def _press(self, incoming: Incoming, port: ChatPort, user: UserSettings, press: Press) -> None:
        """A button under an answer: tomorrow's tide, the chart, or saving the place as home."""
        lang = self.lang(incoming, user)
        button = press.button
        if button is None or button.point is None:
            await port.say(cc.message("button_expired", lang))
            return
        lon, lat = button.point
        # The place the button's answer was about: carried by the button, else the chat's last answer there.
        name = button.place or cc.context_place_at(await self._follow(incoming), button.point)
        if button.action == "save_home":
            await self.talk.save_home_fields(incoming, port, {"home_name": name, "home_lon": lon,
                                                              "home_lat": lat}, lang)
            return
        if not await self._rate_ok(incoming, port, lang):
            return
        tool = "tide.chart" if button.action == "chart" else "tide.forecast"
        # A named place is asked by its name (the same point and place line as the answer pressed under).
        request: dict[str, object] = {"tool": tool, "date": button.date, **(
            {"place": name} if name and cc.known_place(name) else {"point": (lon, lat)})}
        question = cc.build_question(cc.format_point(lon, lat), tz=self.zone(user), moment=None, lang=lang,
                                     request=request)
        log.info("button", extra={"platform": incoming.platform, "action": button.action})
        await self._ask(incoming, port, question, lang, user, name=name)

    # ------------------------------------------------------------------ asking the core

    async def _rate_ok(self, incoming: Incoming, port: ChatPort, lang: cc.Lang) -> bool:
        """Return True when the user may ask now; otherwise tell them how long to wait."""
        limiter = self.services.limiter
        key = f"{incoming.platform}:{incoming.user_id}"
        if await limiter.allow(key):
            return True
        wait = max(1, round(await limiter.retry_after(key)))
        await port.say_privately(cc.message("rate_limited", lang, seconds=wait, limit=limiter.limit))
        return False

    def _context_key(self, incoming: Incoming) -> str:
        # One follow-up context per user per chat: never shared between users.
        return context_key(incoming.chat_id, incoming.user_id)

    def _owner(self, incoming: Incoming) -> str:
        # Whose an answer's own context is: the group's (any member may reply to it), else the asker's.
        return GROUP if incoming.is_group else incoming.user_id

    async def _quoted(self, incoming: Incoming) -> Context | None:
        """Return the context of the bot's answer the message replies to or quotes, None when it
        quotes none of them (or that answer is too old to remember)."""
        if not incoming.replies_to:
            return None
        key = answer_key(incoming.chat_id, self._owner(incoming), incoming.replies_to)
        try:
            return await load_context(self.services.store, incoming.platform, key)
        except Exception as exc:  # a lost context costs the follow-up, never the answer
            log.warning("quoted answer's context unreadable", extra={"error": type(exc).__name__})
            return None

    async def _remember(self, incoming: Incoming, port: ChatPort, answer: Answer) -> None:
        """Keep the answer's context under the ids of the messages that showed it, for a reply quoting one."""
        for message_id in sent_ids(port):
            key = answer_key(incoming.chat_id, self._owner(incoming), message_id)
            await save_answer_context(self.services.store, incoming.platform, key, answer, ANSWER_CONTEXT_HOURS)

    async def _follow(self, incoming: Incoming) -> Context | None:
        """Return what the chat was about: the answer the message replies to (quotes); in a group, a
        reply to the bot whose answer is not remembered inherits the group's last answer; otherwise
        the asker's own last answer in this chat."""
        quoted = await self._quoted(incoming)
        if quoted is not None:   # a quoted answer about no place (no tool): a new question
            return quoted if quoted.tool else None
        store, platform = self.services.store, incoming.platform
        if incoming.is_group and incoming.replies_to_bot:
            shared = await load_context(store, platform, context_key(incoming.chat_id, GROUP))
            if shared is not None:
                return shared
        return await load_context(store, platform, self._context_key(incoming))

    async def _ask(self, incoming: Incoming, port: ChatPort, question: Question, lang: cc.Lang,
                   user: UserSettings, name: str | None = None) -> None:
        """Ask the router (bounded in time) and show its answer; a failure text only when nothing was
        computed. `name` names the point asked about (a pin's title) where the answer does not."""
        question = question.model_copy(update=user.height_fields())   # heights as the user reads them
        options = incoming.question_options
        if options is not None:
            question = question.model_copy(update={"debug": options.debug, "dry_run": options.dry_run,
                                                   "backend": options.backend})
        typing = asyncio.create_task(_keep_typing(port))
        answer: Answer | None = None
        failure = "error"
        try:
            answer = await asyncio.wait_for(self.services.router.answer(question), ANSWER_TIMEOUT)
        except asyncio.TimeoutError:
            failure = "timeout"
            log.warning("router timed out", extra={"seconds": ANSWER_TIMEOUT})
        except Exception as exc:
            log.error("router failed", extra={"error": type(exc).__name__}, exc_info=exc)
        finally:
            typing.cancel()
        if answer is None or not answer.text.strip():
            await port.say_privately(cc.message(failure, lang))
            return
        minutes = self.services.settings.chat_context_minutes
        with contextlib.suppress(Exception):  # losing a follow-up context must not lose the answer
            await save_context(self.services.store, incoming.platform, self._context_key(incoming), answer, minutes)
            if incoming.is_group:  # the group's last answer, for a reply to it by anyone
                await save_context(self.services.store, incoming.platform, context_key(incoming.chat_id, GROUP),
                                   answer, minutes)
        if name and answer.reply is not None:
            answer.reply = cc.name_buttons(answer.reply, name)
        outcome = await port.show(shown_answer(answer, lang))
        if outcome != "sent":
            log.error("answer not delivered", extra={"outcome": outcome, "tool": answer.tool})
        with contextlib.suppress(Exception):  # as above: the answer is out, its context is a nicety
            await self._remember(incoming, port, answer)


def delivers_later(port: ChatPort) -> bool:
    """Return True when the port's platform can send messages later (daily tides, alerts) and
    share locations; a port without (the terminal) sets `delivers_later = False`."""
    return bool(getattr(port, "delivers_later", True))


def shown_answer(answer: Answer, lang: cc.Lang) -> Shown:
    """Return the answer framed for a port: its parts, title, source and colour."""
    reply: Reply = answer.reply or Reply.plain(answer.text)  # an answer made outside the router: its text
    said: cc.Lang = answer.lang if answer.lang in ("zh", "en") else lang
    return Shown(reply=reply, lang=said, title=reply.title, source=reply.source, colour=reply.colour,
                 answer=answer)


async def _keep_typing(port: ChatPort) -> None:
    await asyncio.sleep(TYPING_AFTER)
    while True:
        with contextlib.suppress(Exception):
            await port.typing()
        await asyncio.sleep(TYPING_EVERY)
