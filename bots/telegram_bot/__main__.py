"""`python -m bots.telegram_bot`: run the Telegram bot."""
import sys

from bots.telegram_bot.app import main

sys.exit(main(sys.argv[1:]))
