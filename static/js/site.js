// Small behaviours without inline scripts (the Content-Security-Policy allows scripts from this site only).
document.addEventListener("change", (event) => {
  const el = event.target;
  if (el.matches && el.matches("[data-submit-on-change]")) el.form.submit();
});
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.target;
  if (event.detail.successful && form.matches && form.matches("form[data-reset-on-success]")) form.reset();
});
