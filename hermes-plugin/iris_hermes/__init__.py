"""Iris device-protocol platform plugin for Hermes (``plugins.enabled: [iris]``)."""

from __future__ import annotations

import logging
from typing import Any

from . import hooks

logger = logging.getLogger(__name__)

__all__ = ["register"]

# Hermes renders tool progress and reasoning into chat text for text-only
# platforms. Iris gets them structured (tool.* frames, message.stop.reasoning),
# so by default the text forms are off and token streaming is on for this
# platform. ``display.platforms.iris.*`` in config.yaml still overrides each.
PLATFORM_DISPLAY_DEFAULTS = {
    "tool_progress": "off",
    "show_reasoning": False,
    "streaming": True,
    "interim_assistant_messages": True,
}


def _check() -> bool:
    return True


def _settings_problem(config: Any) -> str | None:
    """Why the listener settings cannot serve, or None."""
    from .settings import load

    try:
        load(getattr(config, "extra", None)).check()
    except ValueError as exc:  # InsecureListenerError, or a port that is no number
        return str(exc)
    return None


def _configured(config: Any) -> bool:
    return _settings_problem(config) is None


def _validate(config: Any) -> bool:
    # Hermes logs only "config validation failed"; the reason is ours to say.
    problem = _settings_problem(config)
    if problem is not None:
        logger.error("iris: %s", problem)
    return problem is None


def _env_enablement() -> dict | None:
    import os

    if not (os.getenv("IRIS_PORT") or os.getenv("IRIS_HOST")):
        return None
    return {"home_channel": {"chat_id": "iris:default", "name": "Default"}}


def register(ctx: Any) -> None:
    """Plugin entry point: the platform, its hooks and the ``hermes iris`` command."""
    from gateway import display_config

    from . import cli
    from .adapter import IrisAdapter

    display_config._PLATFORM_DEFAULTS.setdefault(hooks.PLATFORM, dict(PLATFORM_DISPLAY_DEFAULTS))
    ctx.register_platform(
        name=hooks.PLATFORM,
        label="Iris",
        adapter_factory=lambda cfg: IrisAdapter(cfg),
        check_fn=_check,
        validate_config=_validate,
        is_connected=_configured,
        required_env=[],
        install_hint="pip install iris-hermes",
        env_enablement_fn=_env_enablement,
        cron_deliver_env_var="IRIS_HOME_CHANNEL",
        emoji="🌈",
        platform_hint=(
            "You are talking to the user through Iris, a terminal and phone client. "
            "Markdown renders; tool calls and approvals are shown natively."
        ),
    )
    hooks.register(ctx)
    ctx.register_cli_command(
        name="iris", help="Iris device tokens (token create|revoke|list)",
        setup_fn=cli.setup_parser, handler_fn=cli.run,
        description="Manage the per-device tokens of the Iris device-protocol listener.",
    )
