// Play by web: a browser notification when it becomes your turn while this table's tab is in the background.
// Progressive: without JavaScript or without permission nothing happens (the e-mail/webhook notices remain).
(function () {
  "use strict";
  var button = document.getElementById("browser-notices");
  if (!("Notification" in window)) return;
  if (button && Notification.permission !== "granted") {
    button.hidden = false;
    button.addEventListener("click", function () {
      Notification.requestPermission().then(function (p) { if (p === "granted") button.hidden = true; });
    });
  }
  document.addEventListener("htmx:sseMessage", function (event) {
    if (!document.hidden || Notification.permission !== "granted" || event.detail.type !== "move") return;
    var source = event.target.closest("[sse-connect]");
    var match = source && source.getAttribute("sse-connect").match(/^\/tables\/(\d+)\/events/);
    if (!match) return;
    fetch("/notices/turn/" + match[1], {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && data.my_turn) {
          new Notification(window.sigloText ? window.sigloText("notices.your_turn", "Your turn") : "Your turn", {body: data.name, tag: "siglo-table-" + data.table});
        }
      });
  });
})();
