"""What a table page holds of its live table, as its script keeps it (static/js/site.js, app/live_parts.py): each
section's fingerprint, the frame, the newest log entry; the ``X-Live-Have`` header it sends with a move, and
how an answer (the whole table, or the head and the changed sections) updates it. The benchmarks' client."""

from __future__ import annotations

import re

HAVE = "X-Live-Have"
SECTION = re.compile(r'data-live="([\w-]+)" data-fp="(\w*)"')
FRAME = re.compile(r'data-frame="(\w*)"')
ENTRY = re.compile(r'<li id="log-(\d+)"[^>]*><a class="anchor"[^>]*>#(\d+)<')
APPENDED = re.compile(r'id="live-log-list" hx-swap-oob="afterbegin">(.*?)</ol>', re.S)
LOG_SECTION = re.compile(r'data-live="log".*?</section>', re.S)


class LivePage:
    """One seat's page: empty until its first answer (then it sends nothing, and gets the whole table)."""

    def __init__(self) -> None:
        self.sections: dict[str, str] = {}
        self.top = ""

    def headers(self) -> dict[str, str]:
        if "frame" not in self.sections:
            return {}
        # a part's own parts ("<outer>__<inner>": the map's places) packed, in their names' order, as the script
        have: list[str] = []
        packed: dict[str, str] = {}
        for name, value in sorted(self.sections.items()):
            outer, sep, _ = name.partition("__")
            if sep:
                packed[outer + sep] = packed.get(outer + sep, "") + value
            else:
                have.append(f"{name}={value}")
        return {HAVE: ";".join(have + [f"{k}={v}" for k, v in packed.items()] + [f"top={self.top}"])}

    def update(self, html: str) -> str:
        """Take in an answer; says which it was: "whole" or "parts"."""
        whole = html.lstrip().startswith('<div id="table-live"')
        if whole:
            self.sections = {}
            frame = FRAME.search(html)
            if frame:
                self.sections["frame"] = frame.group(1)
        self.sections.update(SECTION.findall(html))
        log = LOG_SECTION.search(html)
        added = APPENDED.search(html)
        if log:
            entries = ENTRY.findall(log.group(0))
            self.top = ".".join(entries[0]) if entries else ""
        elif added:
            entries = ENTRY.findall(added.group(1))
            if entries:
                self.top = ".".join(entries[0])
        return "whole" if whole else "parts"
