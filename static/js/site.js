// Small behaviours without inline scripts (the Content-Security-Policy allows scripts from this site only).
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el.matches && el.matches("[data-submit-on-change]")) el.form.submit();
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.target;
  if (event.detail.successful && form.matches && form.matches("form[data-reset-on-success]")) form.reset();
});
// A table's live news: skip the refetch when the table on the page is already at that seq (the mover's own
// answer arrived first), so its notice ("Move taken back.") stays on the page.
document.addEventListener("htmx:confirm", (event) => {
  const trigger = event.detail.triggeringEvent;
  if (!trigger || trigger.type !== "sse:move" || !trigger.detail) return;
  const live = document.getElementById("table-live");
  const seq = Number(trigger.detail.data);
  if (live && Number.isInteger(seq) && seq <= Number(live.dataset.seq)) event.preventDefault();
});
