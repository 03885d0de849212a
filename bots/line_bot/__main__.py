"""`python -m bots.line_bot`: run the LINE bot."""
import sys

from bots.line_bot.app import main

sys.exit(main(sys.argv[1:]))
