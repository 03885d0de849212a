"""`odbchat`: the terminal adapter (ask, chat) and the launcher of the servers and bots.

Thin by design: `ask` stamps `tz` and `query_time` on every question (the acceptance tests' AC-T5),
calls the shared core and prints the reply verbatim; `chat` hands each line to the shared
conversation (bots/terminal_chat.py, imported only for `chat`) and prints its replies.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Iterator, TextIO

from metocean.timezones import parse_tz

if TYPE_CHECKING:
    from core.envelope import Answer, Question

# The core, pydantic and asyncio are imported inside the commands: each loads what it needs.


def default_tz() -> str:
    """Return the zone questions are asked in: ODBCHAT_DEFAULT_TZ if set, else the machine's, else Asia/Taipei."""
    if os.environ.get("ODBCHAT_DEFAULT_TZ"):
        return os.environ["ODBCHAT_DEFAULT_TZ"]
    try:
        from tzlocal import get_localzone_name

        name = get_localzone_name()
        if name:
            parse_tz(name)
            return name
    except Exception:  # no zone configured on this machine: the deployment default
        pass
    from core.config import get_settings

    return get_settings().odbchat_default_tz


def _question(text: str, args: argparse.Namespace) -> Question:
    from core.envelope import Question

    tz = args.tz or default_tz()
    try:
        now = datetime.now(parse_tz(tz)[0])
    except ValueError:
        now = datetime.now().astimezone()
    # The moment given on the command line is text the router reads; the clock's is passed as it is.
    stamp = {"query_time": args.query_time} if args.query_time else {"moment": now.replace(microsecond=0)}
    return Question(query=text, tz=tz, lang=args.lang, debug=args.debug, **stamp,  # type: ignore[arg-type]
                    dry_run=args.dry_run, backend=args.backend, datum=getattr(args, "datum", None),
                    units=getattr(args, "units", None))


def _print_answer(answer: Answer, args: argparse.Namespace, out: TextIO) -> None:
    from bots.terminal_port import debug_line

    if args.json:
        out.write(json.dumps(answer.to_json_dict(), ensure_ascii=False) + "\n")
    else:
        out.write(answer.text.rstrip() + "\n")
        if answer.code:
            out.write("\n" + answer.code.rstrip() + "\n")
        if args.debug:
            out.write(debug_line(answer) + "\n")
    out.flush()


async def _run_questions(texts: Iterator[str], args: argparse.Namespace, out: TextIO) -> int:
    """Answer each text in order, statelessly (`ask`); return the exit status."""
    from bots.common.bot_settings import get_bot_settings
    from bots.common.store import open_kept
    from core.router import Router

    kept = open_kept(get_bot_settings())   # with a CWA key: the forecast every process shares
    router = Router(kept=kept)
    try:
        for text in texts:
            if text.strip():
                _print_answer(await router.answer(_question(text, args)), args, out)
    finally:
        await router.aclose()
        if kept is not None:
            await kept.aclose()
            kept.close()
    return 0


def _moment(args: argparse.Namespace, tz: str) -> datetime | None:
    """Return --query-time as an aware moment (naive = in `tz`), None for now."""
    if not args.query_time:
        return None
    moment = datetime.fromisoformat(args.query_time)
    return moment if moment.tzinfo else moment.replace(tzinfo=parse_tz(tz)[0])


def cmd_ask(args: argparse.Namespace) -> int:
    if args.query == ["-"]:
        texts: Iterator[str] = (line.rstrip("\n") for line in sys.stdin)
    else:
        texts = iter([" ".join(args.query)])
    import asyncio

    return asyncio.run(_run_questions(texts, args, sys.stdout))


def cmd_chat(args: argparse.Namespace) -> int:
    from bots.terminal_chat import run_chat

    tz = args.tz or default_tz()
    return run_chat(args, tz, _moment(args, tz))


def cmd_metocean_server(args: argparse.Namespace) -> int:
    from metocean.server import main

    return main(host=args.host, port=args.port, stateless=args.stateless, tool_names=args.tool_names or "catalog",
                workers=args.workers)


def cmd_mcp_server(args: argparse.Namespace) -> int:
    from bots.mcp_server import main

    return main(host=args.host, port=args.port, stateless=args.stateless, tool_names=args.tool_names,
                stdio=args.stdio)


def cmd_telegram(args: argparse.Namespace) -> int:
    from bots.telegram_bot import main

    return main(args.bot_args)


def cmd_discord(args: argparse.Namespace) -> int:
    from bots.discord_bot import main

    return main(args.bot_args)


def cmd_line(args: argparse.Namespace) -> int:
    from bots.line_bot import main

    return main(args.bot_args)


def _chart_days(text: str) -> int:
    """Return --days as an int in 1..7 (argparse turns the ValueError into exit status 2)."""
    days = int(text)
    if not 1 <= days <= 7:
        raise ValueError(text)
    return days


def _calendar_days(text: str) -> int:
    """Return --days as an int in 1..31 (argparse turns the ValueError into exit status 2)."""
    days = int(text)
    if not 1 <= days <= 31:
        raise ValueError(text)
    return days


async def _typed_answer(args: argparse.Namespace, tool: str, **fields: object) -> Answer:
    """Return the answer to QUERY asked as a typed question for `tool` (a file-making command)."""
    from core.config import get_settings
    from core.router import Router

    from bots.common.bot_settings import get_bot_settings
    from bots.common.store import open_kept

    kept = open_kept(get_bot_settings())
    router = Router(get_settings(), llm=None, kept=kept)   # the place comes from QUERY itself: no LLM needed
    try:
        question = _question(" ".join(args.query), args).model_copy(update={"tool": tool, **fields})
        return await router.answer(question)
    finally:
        await router.aclose()
        if kept is not None:
            await kept.aclose()
            kept.close()


def cmd_chart(args: argparse.Namespace) -> int:
    """`odbchat chart`: draw the tide chart into -o FILE.png; 0 drawn, 3 not drawn (the reason printed)."""
    import asyncio

    from core.tools.base import Pictured
    from core.words.strings import t

    args.debug = args.dry_run = False
    if not " ".join(args.query).strip():
        print(t(args.lang if args.lang != "auto" else "en", "need_location"), file=sys.stderr)
        return 2
    answer = asyncio.run(_typed_answer(args, "tide.chart", days=args.days))
    if answer.image:
        return 0 if _write(args.output, answer.image) else 2
    no_tide = isinstance(answer.value, Pictured) and not answer.error   # answered, but nothing to draw
    reason = t(answer.lang, "no_tide") if no_tide else (answer.text.strip().splitlines() or [t(answer.lang, "error")])[0]
    print(reason)
    return 3


def _write(path: str, data: bytes) -> bool:
    """Write `data` to `path` and print its absolute path; False (the reason on stderr) when it cannot."""
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        print(f"{path}: {exc.strerror}", file=sys.stderr)
        return False
    print(os.path.abspath(path))
    return True


def cmd_calendar(args: argparse.Namespace) -> int:
    """`odbchat calendar`: write the place's tides as an iCalendar file; 0 written, 3 no tide there."""
    import asyncio

    from core.words.strings import t

    args.debug = args.dry_run = False
    if not " ".join(args.query).strip():
        print(t(args.lang if args.lang != "auto" else "en", "need_location"), file=sys.stderr)
        return 2
    answer = asyncio.run(_typed_answer(args, "tide.calendar", days=args.days, with_sun=args.sun))
    attachment = answer.reply.attachment if answer.reply else None
    if attachment is not None and attachment.data:
        return 0 if _write(args.output, attachment.data) else 2
    no_tide = answer.value is not None and not answer.error   # the calendar ran, and wrote no event
    print(t(answer.lang, "no_tide") if no_tide else (answer.text.strip().splitlines() or [t(answer.lang, "error")])[0])
    return 3


def _add_question_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print the answer envelope as one JSON line")
    p.add_argument("--dry-run", action="store_true", help="decide and normalize only; call no tool")
    p.add_argument("--debug", action="store_true", help="add timings, LLM calls and heuristics")
    p.add_argument("--tz", help="IANA name or offset (+08:00); default the machine's zone, else Asia/Taipei")
    p.add_argument("--query-time", help="ISO-8601 moment that 'now' means; default the current time")
    p.add_argument("--backend", choices=["auto", "upstream", "local"], help="metocean backend (default auto)")
    p.add_argument("--lang", choices=["auto", "zh", "en"], default="auto", help="reply language")
    _add_height_options(p)


def _add_height_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--datum", choices=["msl", "chart"], help="tide heights above mean sea level (default) or chart datum")
    p.add_argument("--units", choices=["cm", "m", "ft"], help="unit of tide heights (default cm)")


def _file_command(sub: "argparse._SubParsersAction[argparse.ArgumentParser]", name: str, summary: str,
                  lang_help: str, output_help: str) -> argparse.ArgumentParser:
    """Return a subcommand that writes a file for a place (chart, calendar) with their shared options."""
    p = sub.add_parser(name, help=summary)
    p.add_argument("--tz", help="IANA name or offset (+08:00); default the machine's zone, else Asia/Taipei")
    p.add_argument("--query-time", help="ISO-8601 moment that 'now' means; default the current time")
    p.add_argument("--lang", choices=["auto", "zh", "en"], default="auto", help=lang_help)
    p.add_argument("--backend", choices=["auto", "upstream", "local"], help="metocean backend (default auto)")
    p.add_argument("-o", "--output", required=True, help=output_help)
    _add_height_options(p)
    p.add_argument("query", nargs="+", help="a place name, lon,lat or a sentence naming one")
    return p


def build_parser() -> argparse.ArgumentParser:
    """Return the `odbchat` argument parser with all subcommands."""
    parser = argparse.ArgumentParser(prog="odbchat", description="ODBchat: ocean and weather answers in chat")
    sub = parser.add_subparsers(dest="command", required=True)
    ask = sub.add_parser("ask", help="answer one question (or '-' for one per line from stdin)")
    _add_question_options(ask)
    ask.add_argument("query", nargs="+", help="the question, or - to read questions from stdin")
    ask.set_defaults(func=cmd_ask)
    chat = sub.add_parser("chat", help="interactive chat")
    _add_question_options(chat)
    chat.set_defaults(func=cmd_chat)
    chart = _file_command(sub, "chart", "draw the tide chart of a place or lon,lat into a PNG", "label language",
                          "the PNG file to write")
    chart.add_argument("--days", type=_chart_days, default=1, help="how many local days, 1-7 (default 1)")
    chart.set_defaults(func=cmd_chart)
    calendar = _file_command(sub, "calendar", "write the tides of a place or lon,lat as an iCalendar (.ics) file",
                             "language of the events", "the .ics file to write")
    calendar.add_argument("--days", type=_calendar_days, default=7, help="how many local days, 1-31 (default 7)")
    calendar.add_argument("--sun", action="store_true", help="add sunrise and sunset events")
    calendar.set_defaults(func=cmd_calendar)
    for name, port, func in (("metocean-server", 8765, cmd_metocean_server), ("mcp-server", 8766, cmd_mcp_server)):
        p = sub.add_parser(name, help=f"serve over MCP (streamable HTTP), default port {port}")
        p.add_argument("--host", default="127.0.0.1")
        p.add_argument("--port", type=int, default=port)
        # mcp-server keeps no session by default (load-balancer friendly); metocean-server keeps
        # sessions like the upstream it stands in for.
        stateless = name == "mcp-server"
        p.add_argument("--stateless", dest="stateless", action="store_true", default=stateless,
                       help="keep no MCP session between requests (several instances behind a load balancer)"
                       + (" [default]" if stateless else ""))
        p.add_argument("--stateful", dest="stateless", action="store_false", help="keep MCP sessions"
                       + ("" if stateless else " [default]"))
        # Clients such as Claude Desktop accept only [A-Za-z0-9_-]{1,64}: `safe` publishes tide_forecast.
        p.add_argument("--tool-names", choices=("catalog", "safe"), default=None,
                       help="catalog: dotted names (tide.forecast) [default]; safe: '.' as '_' (tide_forecast)"
                       + ("; default ODBCHAT_MCP_TOOL_NAMES" if stateless else ""))
        if name == "mcp-server":
            p.add_argument("--stdio", action="store_true",
                           help="serve one client over stdin/stdout instead of HTTP (Claude Desktop's config file)")
        if name == "metocean-server":
            p.add_argument("--workers", type=int, help="forecast processes (default one per core; 0: in-process)")
        p.set_defaults(func=func)
    for name, func in (("telegram", cmd_telegram), ("discord", cmd_discord), ("line", cmd_line)):
        # No help of its own: `odbchat telegram --help` is the bot's help, listing its options.
        p = sub.add_parser(name, help=f"run the {name.upper() if name == 'line' else name.title()} bot (options after the name go to the bot)",
                           add_help=False)
        p.set_defaults(func=func, takes_bot_args=True)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the `odbchat` command line; return the process exit status."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra and not getattr(args, "takes_bot_args", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.bot_args = extra
    # Terminal commands answer on stdout and keep their log in a file (an upstream outage is told in
    # the reply already); servers and bots log JSON lines on stderr for their operator.
    on_terminal = args.command in ("ask", "chat", "chart", "calendar") and not getattr(args, "debug", False)
    from bots.common.bot_settings import get_bot_settings
    from bots.common.logs import setup_logging, terminal_log_stream

    settings = get_bot_settings()
    setup_logging(settings.odbchat_log_level, settings.secrets(),
                  stream=terminal_log_stream(settings.odbchat_log_file) if on_terminal else None)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 0


#: Commands that answer and end: after them the process leaves without tearing the interpreter down.
ONE_SHOT = ("ask", "chart", "calendar", "chat")


def run() -> None:
    """The `odbchat` console script: run `main`; after a one-shot terminal command, exit at once.

    Tearing the interpreter down (freeing every module's objects one by one) took ~50 ms after
    the answer was printed; the OS frees a process's memory in one go. Output and logs are
    flushed first."""
    code = main()
    if sys.argv[1:2] and sys.argv[1] in ONE_SHOT:
        import logging

        sys.stdout.flush()
        sys.stderr.flush()
        logging.shutdown()
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
