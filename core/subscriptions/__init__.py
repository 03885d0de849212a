"""Subscriptions in the core: what a message asks to subscribe to (`requests`, the adapters' one
entry point; the deciding is `core.decide.subscription`) and when each kind fires next:
`daily_times` (a clock time in a zone), `alert_times` (before a high or low water, and the extremes
of a day), `smart_times` (the evening before a tide beyond a height, the first morning of 大潮)."""
