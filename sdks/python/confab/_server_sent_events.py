"""Reading a ``text/event-stream`` body as a browser's EventSource does (the HTML standard's
rules, as the Node SDK's parser): lines end in LF, CR or CRLF, even when a chunk splits a CRLF;
``event:`` names the event, each ``data:`` line adds a line to its data (joined by LF); one space
after the colon is dropped; ``:`` lines are comments (keep-alives); a blank line dispatches the
event, and one without data is not dispatched. A last event no blank line ended is dropped: the
stream was cut before it was complete."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List

_LINE_END = re.compile(r"[\r\n]")


@dataclass(frozen=True)
class ServerSentEvent:
    event: str
    data: str


class ServerSentEventParser:
    """Turns decoded text, chunk by chunk, into the events it completes."""

    def __init__(self) -> None:
        self._buffer = ""
        self._event = ""
        self._data: List[str] = []
        self._started = False
        # A chunk ended in CR: an LF opening the next one belongs to the same line end.
        self._pending_cr = False

    def push(self, text: str) -> List[ServerSentEvent]:
        if not self._started and text:
            self._started = True
            if text.startswith("\ufeff"):
                text = text[1:]
        if self._pending_cr and text.startswith("\n"):
            text = text[1:]
        self._pending_cr = False
        self._buffer += text
        out: List[ServerSentEvent] = []
        while True:
            found = _LINE_END.search(self._buffer)
            if not found:
                break
            end = found.start()
            if self._buffer[end] == "\r" and end == len(self._buffer) - 1:
                self._pending_cr = True
                self._line(self._buffer[:end], out)
                self._buffer = ""
                break
            width = 2 if self._buffer.startswith("\r\n", end) else 1
            self._line(self._buffer[:end], out)
            self._buffer = self._buffer[end + width:]
        return out

    def _line(self, text: str, out: List[ServerSentEvent]) -> None:
        if text == "":
            if self._data:
                out.append(ServerSentEvent(self._event or "message", "\n".join(self._data)))
            self._event = ""
            self._data = []
            return
        if text.startswith(":"):
            return
        field, colon, value = text.partition(":")
        if colon and value.startswith(" "):
            value = value[1:]
        if field == "event":
            self._event = value
        elif field == "data":
            self._data.append(value)
        # `id` and `retry` are for reconnecting EventSources; a POST answer is never resumed.
