// Small behaviours without inline scripts (the Content-Security-Policy allows scripts from this site only).
// The scripts' words in the page's language: the JSON of #siglo-text (app/i18n.py › SCRIPT_TEXT), by key, its
// {name} fields filled from `fields`; the English given is the fallback.
window.sigloText = (key, english, fields) => {
  const el = document.getElementById("siglo-text");
  if (el && !window.sigloText.words) window.sigloText.words = JSON.parse(el.textContent || "{}");
  const text = (window.sigloText.words || {})[key] || english;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (fields && name in fields ? String(fields[name]) : whole));
};
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el.matches && el.matches("[data-submit-on-change]")) el.form.submit();
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.target;
  if (event.detail.successful && form.matches && form.matches("form[data-reset-on-success]")) form.reset();
});
// A table's live news: skip the refetch when the table on the page is already at that seq (the mover's own
// answer arrived first), so its notice ("Move taken back.") stays on the page. While the page's own move or undo
// is under way, the news waits: a refetch answered first would replace the element that answer is for, and the
// answer (and its notice) would be dropped; once the answer is in, a refetch follows if the news was newer.
let ownLiveRequests = 0;
let newsWaiting = 0;
const ownLive = (detail) =>
  detail.requestConfig && detail.requestConfig.verb !== "get" && detail.target && detail.target.id === "table-live";
const liveSeq = () => {
  const live = document.getElementById("table-live");
  return live ? Number(live.dataset.seq) : Infinity;
};
function refetchIfNewer() {
  if (ownLiveRequests > 0 || newsWaiting <= liveSeq()) return;
  const seq = newsWaiting;
  newsWaiting = 0;
  const refetch = document.querySelector('[hx-trigger*="sse:move"]');
  if (refetch) htmx.trigger(refetch, "sse:move", { data: String(seq) });
}
document.addEventListener("htmx:confirm", (event) => {
  const trigger = event.detail.triggeringEvent;
  if (!trigger || trigger.type !== "sse:move" || !trigger.detail) return;
  const seq = Number(trigger.detail.data);
  if (!Number.isInteger(seq)) return;
  if (ownLiveRequests > 0) {
    newsWaiting = Math.max(newsWaiting, seq);
    event.preventDefault();
  } else if (seq <= liveSeq()) event.preventDefault();
});
// (the request is marked when it leaves: a partial answer retargets it to #live-head, app/live_parts.py)
const ownRequests = new WeakSet();
document.addEventListener("htmx:beforeRequest", (event) => {
  if (!ownLive(event.detail) || !event.detail.xhr) return;
  ownLiveRequests += 1;
  ownRequests.add(event.detail.xhr);
});
document.addEventListener("htmx:afterRequest", (event) => {
  if (!event.detail.xhr || !ownRequests.has(event.detail.xhr)) return;
  ownRequests.delete(event.detail.xhr);
  ownLiveRequests = Math.max(0, ownLiveRequests - 1);
  setTimeout(refetchIfNewer, 0); // after the answer's swap
});
document.addEventListener("htmx:afterSettle", refetchIfNewer);
// A replay's keys (issue 30): ← → step back and forward, Home and End go to the setup and the last move, unless the
// focus is in a field (where the keys edit it) or a modifier is held.
document.addEventListener("keydown", (event) => {
  const nav = document.querySelector("[data-replay-keys]");
  if (!nav || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const el = event.target;
  if (el && el.closest && el.closest("input, select, textarea, [contenteditable]")) return;
  const rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  const link = rel && nav.querySelector(`a[rel="${rel}"]`);
  if (!link || link.getAttribute("aria-disabled") === "true") return;
  event.preventDefault();
  window.location.assign(link.href);
});
// After the live table is swapped (my move, an undo, another player's move) the focused button went with the old
// table: focus goes to the prompt ("Your move"), so the next decision is a Tab away, not ~20 from the page's top;
// when the side panel is folded to its strip, to the strip's button (its badge says whether the move is mine).
document.addEventListener("htmx:afterSettle", () => {
  const active = document.activeElement;
  if (active && active !== document.body && document.contains(active)) return;
  const decision = document.getElementById("decision");
  const strip = document.querySelector("[data-side-toggle]");
  if (decision && decision.getClientRects().length) decision.focus({ preventScroll: true });
  else if (strip) strip.focus({ preventScroll: true });
});
// The sticky side column keeps its own scroll across partial answers (app/live_parts.py swaps its sections, not the
// column): after one, the decision's top is brought back into the column's view if it went above it.
document.addEventListener("htmx:afterSettle", () => {
  const decision = document.getElementById("decision");
  const side = decision && decision.closest(".table-side");
  if (!side || side.scrollTop === 0) return;
  const above = side.getBoundingClientRect().top - decision.getBoundingClientRect().top;
  if (above > 0) side.scrollTop = Math.max(0, side.scrollTop - above);
});
// A table's side panel (issue 28): its button folds the column to a strip and opens it again. The state is the
// reader's display preference on <html data-side-panel> (the stylesheet folds the column), kept on the server (a
// visitor's in a cookie) as it is used, and given to every button of a live table swapped in after.
const sidePanelOpen = () => document.documentElement.dataset.sidePanel !== "collapsed";
function showSidePanelState() {
  document.querySelectorAll("[data-side-toggle]").forEach((b) => b.setAttribute("aria-expanded", String(sidePanelOpen())));
}
document.addEventListener("click", (event) => {
  const toggle = event.target.closest && event.target.closest("[data-side-toggle]");
  if (!toggle) return;
  const state = sidePanelOpen() ? "collapsed" : "open";
  document.documentElement.dataset.sidePanel = state;
  showSidePanelState();
  const token = document.querySelector('meta[name="csrf-token"]');
  const body = new URLSearchParams({ csrf_token: token ? token.content : "", side_panel: state, next: "/account" });
  fetch(toggle.dataset.displayUrl, { method: "POST", body: body, credentials: "same-origin", redirect: "manual" }).catch(() => {});
});
document.addEventListener("htmx:afterSettle", showSidePanelState);
// A live table in sections (app/live_parts.py): a request answered into #table-live says what the page has — its
// frame, each section's fingerprint, the newest log entry — and the answer is then the head (title, notice, seq)
// and only the sections that changed, swapped out of band, the log's new entries put on top of its list.
document.addEventListener("htmx:configRequest", (event) => {
  const target = event.detail.target;
  const live = document.getElementById("table-live");
  if (!live || !target || target.id !== "table-live" || !live.dataset.frame) return;
  const have = [`frame=${live.dataset.frame}`];
  // a part's own parts ("<outer>__<inner>": a map's places) packed, their short fingerprints in their names' order
  const inner = [];
  live.querySelectorAll("[data-live][data-fp]").forEach((el) => {
    const name = el.dataset.live;
    if (name.includes("__")) inner.push([name, el.dataset.fp]);
    else have.push(`${name}=${el.dataset.fp}`);
  });
  const packed = {};
  inner.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  inner.forEach(([name, fp]) => {
    const outer = name.slice(0, name.indexOf("__") + 2);
    packed[outer] = (packed[outer] || "") + fp;
  });
  Object.entries(packed).forEach(([outer, fps]) => have.push(`${outer}=${fps}`));
  // the newest entry: its id and its move's seq (its anchor "#<seq>", app/fragments.py)
  const top = live.querySelector("#live-log-list > li[id^='log-']");
  const anchor = top && top.querySelector(".anchor");
  have.push(`top=${anchor ? `${top.id.slice(4)}.${anchor.textContent.slice(1)}` : ""}`);
  event.detail.headers["X-Live-Have"] = have.join(";");
});
// the head of a partial answer carries the seq the page now shows: the live table's own data-seq follows it
document.addEventListener("htmx:afterSwap", () => {
  const live = document.getElementById("table-live");
  const head = document.getElementById("live-head");
  if (live && head && head.dataset.seq && live.dataset.seq !== head.dataset.seq) live.dataset.seq = head.dataset.seq;
});
