"""Subscriptions in the core: when a daily message or a tide alert fires next (`daily`, `tides`),
and the bridge for synchronous callers (`blocking`). What a request asks is `core.decide.subscription`;
the entry point for adapters is `core.subscribe`."""
