"""What an API call cost and how big the context is, as Hermes accounts them.

``post_api_request`` hands plugins the call's model, provider, base URL and
token buckets (``CanonicalUsage``). Hermes prices the same call with
``agent.usage_pricing.estimate_usage_cost`` for its own session totals; the
turn's ``runtime.cost`` is the sum of those estimates, and absent when Hermes
has no price for a call (a local model, an unknown route). The context window
is the one the running agent's compressor uses (what Hermes' runtime footer
reads), else ``model.context_length`` from config.yaml.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Any, Dict, Optional

logger = logging.getLogger(__name__)


def call_cost(model: str, provider: str, base_url: str, usage: Dict[str, Any]) -> Optional[float]:
    """USD for one API call, or None when Hermes cannot price it."""
    try:
        from agent.usage_pricing import CanonicalUsage, estimate_usage_cost

        buckets = {f.name for f in dataclasses.fields(CanonicalUsage)} - {"raw_usage"}
        canonical = CanonicalUsage(**{k: int(v or 0) for k, v in usage.items() if k in buckets})
        result = estimate_usage_cost(model, canonical, provider=provider or None, base_url=base_url or None)
    except Exception:
        logger.debug("iris: pricing %s failed", model, exc_info=True)
        return None
    return float(result.amount_usd) if result.amount_usd is not None else None


def running_context_length(runner: Any, session_key: str) -> Optional[int]:
    """The context window of the agent running ``session_key`` (its compressor's)."""
    agent = (getattr(runner, "_running_agents", None) or {}).get(session_key) if session_key else None
    length = getattr(getattr(agent, "context_compressor", None), "context_length", None)
    return int(length) if isinstance(length, (int, float)) and length > 0 else None


def configured_context_length() -> Optional[int]:
    """``model.context_length`` from config.yaml (no probing of the endpoint)."""
    try:
        from hermes_cli.config import load_config

        value = (load_config().get("model") or {}).get("context_length")
        return int(value) if value else None
    except Exception:
        return None
