"""How a bot process ends: one exit status and one clear log line for each way it can stop."""
from __future__ import annotations

import logging
from collections.abc import Callable

from bots.common.store import StoreUnavailable


def run_guarded(run: Callable[[], int | None], log: logging.Logger, name: str,
                token_errors: tuple[type[BaseException], ...], token_message: str) -> int:
    """Run a bot's main loop; return its exit status: 0 for a clean stop (or Ctrl-C), 1 when the
    platform refused the token, the store cannot be used (unreachable, refused, not ours), or anything else failed."""
    try:
        status = run()
    except KeyboardInterrupt:
        return 0
    except token_errors:
        # The platform's own message may quote the token; the log filter would redact it, but say it plainly.
        log.error(token_message)
        return 1
    except StoreUnavailable as exc:
        log.error("the store cannot be used", extra={"error": str(exc)})
        return 1
    except Exception:
        log.exception("%s bot stopped", name)
        return 1
    return status or 0
