"""Subscriptions in the core: what a message asks to subscribe to (`requests`, the adapters' one
entry point; the deciding is `core.decide.subscription`), when a daily message or a tide alert
fires next (`daily`, `tides`), and the bridge for synchronous callers (`blocking`)."""
