"""Subscriptions on the chat platforms: `records` (a stored subscription), `subscribing` (a request
checked, stored and answered), `talk` (the conversation's door to it), `scheduler` (due rows leased
and fired once), `firings` (what a firing says, as a `Reply` for the platform's port)."""
