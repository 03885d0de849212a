"""`python -m bots.discord_bot`: run the Discord bot."""
import sys

from bots.discord_bot.client import main

sys.exit(main(sys.argv[1:]))
