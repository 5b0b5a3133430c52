// Clocks in days counting down in the browser (issue "Play-by-web life" §2: "2 d 4 h left" on the table and in
// the lobby). A running clock's span carries the seconds it had when the server rendered it (data-clock-left)
// and, when a pause (a weekend, a vacation) begins before it runs out, the seconds until then and how long it
// lasts (data-clock-pause-in, data-clock-pause-for); the server's text stays the figure without JavaScript. A
// paused clock carries neither and stands still. At zero it says "time is up": the clock checker times the seat out and the page's live news
// brings the table as it is then.
(() => {
  const DAY = 86400, HOUR = 3600;
  const t = (key, english, fields) => (window.sigloText ? window.sigloText(key, english, fields) : english);

  // "2 d 4 h", "3 h 12 min", "14 min 05 s" (rounded down, as the server does: never more than there is)
  const duration = (seconds) => {
    const s = Math.max(0, Math.floor(seconds));
    const d = Math.floor(s / DAY), h = Math.floor((s % DAY) / HOUR), m = Math.floor((s % HOUR) / 60);
    if (d) return t("clock.days", "{d} d {h} h", { d, h });
    if (h) return t("clock.hours", "{h} h {m} min", { h, m });
    return t("clock.minutes", "{m} min {s} s", { m, s: String(s % 60).padStart(2, "0") });
  };

  const seen = new WeakMap(); // each span: when this page first saw it (a live refresh brings new spans)

  const tick = () => {
    const now = Date.now();
    document.querySelectorAll("[data-clock-left]").forEach((el) => {
      if (!seen.has(el)) seen.set(el, now);
      const elapsed = (now - seen.get(el)) / 1000;
      const left = Number(el.dataset.clockLeft);
      const pauseIn = el.dataset.clockPauseIn === undefined ? Infinity : Number(el.dataset.clockPauseIn);
      const pauseEnds = pauseIn + Number(el.dataset.clockPauseFor || 0);
      const counted = elapsed < pauseIn ? elapsed : elapsed < pauseEnds ? pauseIn : elapsed - (pauseEnds - pauseIn);
      let text;
      if (elapsed >= pauseIn && elapsed < pauseEnds) text = t("clock.paused", "{time} left (paused)", { time: duration(left - pauseIn) });
      else if (left - counted <= 0) text = t("clock.up", "time is up");
      else text = t("clock.left", "{time} left", { time: duration(left - counted) });
      text = `· ${text}`;
      if (el.textContent !== text) el.textContent = text;
    });
  };

  tick();
  setInterval(tick, 1000);
  document.addEventListener("htmx:afterSettle", tick);
})();
