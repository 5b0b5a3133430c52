/* Ultima Ratio Regis: a past battle opened from the log beside the map (issue 28 › a past battle replays from the
 * log). A log entry the game draws (a battle's record) carries a link to its drawing (/tables/<id>/log/<entry id>,
 * app/fragments.py: a.entry-view); on a table whose map is on the page, a click fetches that drawing (as HTMX asks
 * it: the fragment alone) and shows it in place of the battle beside the map (#urr-battle), open and in view; the
 * next move's redraw of the board shows the battle of the moment again. Without JavaScript, or without the map, the
 * link opens the drawing's own page. A battle over that its reader closed stays closed across the board's redraws
 * (this tab remembers it), so that the map beneath is read; the next battle opens.
 */
(function () {
  "use strict";

  function show(html, link) {
    const found = new DOMParser().parseFromString(html, "text/html").querySelector("details.urr-battle");
    const stage = document.querySelector("#table-live section.urr-map .urr-map-stage");
    if (!found || !stage) { window.location.href = link.href; return; }
    const drawn = document.importNode(found, true);
    drawn.classList.add("urr-battle-past");
    // the battle's part of the board (app/live_parts.py): its fingerprint blanked, the next move's answer draws the
    // battle of the moment again
    const part = stage.querySelector("#part-map__battle");
    const was = stage.querySelector("#urr-battle");
    if (was) was.replaceWith(drawn); else (part || stage).appendChild(drawn);
    if (part) part.dataset.fp = "";
    drawn.open = true;
    const summary = drawn.querySelector("summary");
    summary.setAttribute("tabindex", "-1");
    summary.focus({ preventScroll: true });
    drawn.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }

  const CLOSED = "urr-battle-closed";
  function remembered() { try { return sessionStorage.getItem(CLOSED); } catch (e) { return null; } }
  function remember(key) { try { if (key) sessionStorage.setItem(CLOSED, key); else sessionStorage.removeItem(CLOSED); } catch (e) { /* none */ } }
  function keepClosed() {
    const drawn = document.querySelector("#table-live #urr-battle:not(.urr-battle-live):not(.urr-battle-past)");
    if (drawn && drawn.open && drawn.getAttribute("data-key") === remembered()) drawn.open = false;
  }

  if (!window.SigloUrrBattle) {
    window.SigloUrrBattle = true;
    document.addEventListener("toggle", function (event) {
      const drawn = event.target;
      if (!drawn.matches || !drawn.matches("#urr-battle:not(.urr-battle-live):not(.urr-battle-past)")) return;
      remember(drawn.open ? null : drawn.getAttribute("data-key"));
    }, true);
    document.addEventListener("htmx:afterSwap", keepClosed);
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", keepClosed); else keepClosed();
    document.addEventListener("click", function (event) {
      const link = event.target.closest && event.target.closest("a[data-entry-view]");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (!document.querySelector("#table-live section.urr-map .urr-map-stage")) return;  // the log's own page: follow the link
      event.preventDefault();
      event.stopPropagation();
      fetch(link.href, { credentials: "same-origin", headers: { "HX-Request": "true" } })
        .then(function (r) { if (!r.ok) throw new Error("HTTP " + r.status); return r.text(); })
        .then(function (html) { show(html, link); })
        .catch(function () { window.location.href = link.href; });
    }, true);
  }
})();
