"""``history`` and ``search``: Hermes' transcripts merged with the plugin's log.

Hermes' session store is the record of the conversation: it has the turns
from before the plugin was installed, from other clients of the same lane and
from sessions whose plugin log is gone. The plugin's log has what only the
devices saw (command answers, busy acks, cron deliveries, media offers) and
the ids the devices already hold. A Hermes turn that the log also holds (same
role and text, close in time) is listed once, as the log has it; the other
Hermes turns get ids derived from their content (``h_…``), stable across
calls and restarts. A turn Hermes took back (``/undo``, ``/retry``) is left
out, with its copy in the log.
"""

from __future__ import annotations

import asyncio
from typing import Any, Dict, List, Optional, Tuple

from .store import Lane, Store, snippet
from .transcripts import HermesMessage, Transcripts

# How far apart the log's and Hermes' timestamps of one turn may be: Hermes
# stamps a row when it persists it, which can be the end of a long turn.
MATCH_WINDOW_MS = 2 * 3600 * 1000
SEARCH_LIMIT = 50


Listed = Tuple[Dict[str, Any], Optional[HermesMessage]]  # a message and the Hermes turn it is


def merge(hermes: List[HermesMessage], logged: List[Dict[str, Any]]) -> List[Listed]:
    """One lane's messages, oldest → newest, each once."""
    by_turn: Dict[Tuple[str, str], List[int]] = {}
    for i, body in enumerate(logged):
        text = (body.get("text") or "").strip()
        if text:
            by_turn.setdefault((str(body.get("role")), text), []).append(i)
    used: set = set()
    items: List[Tuple[int, int, Listed]] = []  # (ts, order, listed)
    for h in hermes:
        partners = _partner(h, logged, by_turn, used) or _joined(h, logged, used)
        used.update(partners)
        if h.withdrawn:
            continue
        for body in [logged[j] for j in partners] or [h.body()]:
            items.append((int(body.get("ts") or 0), len(items), (body, h)))
    for i, body in enumerate(logged):
        if i not in used:
            items.append((int(body.get("ts") or 0), len(items), (body, None)))
    items.sort(key=lambda t: (t[0], t[1]))
    return [listed for _, _, listed in items]


def _near(h: HermesMessage, body: Dict[str, Any]) -> bool:
    return abs(int(body.get("ts") or 0) - h.ts) <= MATCH_WINDOW_MS


def _partner(h: HermesMessage, logged: List[Dict[str, Any]], by_turn: Dict[Tuple[str, str], List[int]],
             used: set) -> List[int]:
    """The closest-in-time unused log entry showing the same turn."""
    candidates = [j for j in by_turn.get((h.role, h.text), []) + by_turn.get((h.role, h.raw), [])
                  if j not in used and _near(h, logged[j])]
    return [min(candidates, key=lambda j: abs(int(logged[j].get("ts") or 0) - h.ts))] if candidates else []


def _squashed(text: str) -> str:
    return "".join(text.split())


def _joined(h: HermesMessage, logged: List[Dict[str, Any]], used: set) -> List[int]:
    """Consecutive log entries that are this one Hermes turn in pieces: user text
    Hermes merged into one turn (sent while the lane was busy, joined line by
    line) or a reply the stream consumer split at the message length limit.
    Compared without whitespace, where the pieces were joined or cut."""
    whole = {_squashed(h.text), _squashed(h.raw)}
    pieces = [j for j, body in enumerate(logged)
              if j not in used and body.get("role") == h.role and (body.get("text") or "").strip()
              and _near(h, body)]
    for start in range(len(pieces)):
        joined = ""
        for k in range(start, len(pieces)):
            joined += _squashed(logged[pieces[k]]["text"])
            if k > start and joined in whole:
                return pieces[start:k + 1]
            if not any(w.startswith(joined) for w in whole):
                break
    return []


class Conversations:
    """Pages and searches of the merged conversation of each lane."""

    def __init__(self, store: Store, transcripts: Transcripts):
        self.store = store
        self.transcripts = transcripts

    async def _listed(self, lane: Lane) -> List[Listed]:
        # Hermes' DB is read off the loop; the plugin's own store stays on it.
        hermes = await asyncio.to_thread(self.transcripts.lane, lane)
        return merge(hermes, self.store.lane_log(lane))

    async def messages(self, lane: Lane) -> List[Dict[str, Any]]:
        return [body for body, _ in await self._listed(lane)]

    async def hermes_rows(self, lane: Lane, message_ids: List[str]) -> List[int]:
        """Hermes' rows behind these messages (for message.delete)."""
        wanted = set(message_ids)
        return [r for body, h in await self._listed(lane) if h is not None and body["message_id"] in wanted
                for r in h.row_ids]

    async def page(self, lane: Lane, before: Optional[str], limit: int) -> Tuple[List[Dict[str, Any]], bool]:
        """Up to ``limit`` messages older than ``before`` (the newest without), and whether more precede."""
        messages = await self.messages(lane)
        end: Optional[int] = len(messages)
        if before:
            end = next((i for i, m in enumerate(messages) if m["message_id"] == before), None)
            if end is None:
                return [], False  # gone (deleted meanwhile): nothing is known to be older
        start = max(0, end - limit)
        return messages[start:end], start > 0

    async def search(self, query: str, lane: Optional[Lane]) -> List[Dict[str, Any]]:
        """Messages containing ``query`` (case-insensitive), newest first."""
        if lane is not None:
            lanes = [lane]
        else:
            in_hermes = await asyncio.to_thread(self.transcripts.lanes_matching, query)
            lanes = sorted(set(self.store.lanes_matching(query)) | set(in_hermes))
        known = {(c.chat_id, c.thread_id) for c in self.store.channels()}
        needle = query.lower()
        hits = []
        for chat_id, thread_id in lanes:
            if (chat_id, thread_id) not in known:
                continue  # a deleted lane's Hermes session may outlive it
            for m in await self.messages((chat_id, thread_id)):
                text = m.get("text") or ""
                if needle in text.lower():
                    hits.append({"message_id": m["message_id"], "chat_id": chat_id, "thread_id": thread_id or None,
                                 "role": m.get("role"), "snippet": snippet(text, query), "ts": m.get("ts")})
        hits.sort(key=lambda h: h.get("ts") or 0, reverse=True)
        return hits[:SEARCH_LIMIT]
