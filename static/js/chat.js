/* The table's chat: an unread badge on the "Chat" button when messages arrive while the chat is off screen. */
(function () {
  function count() { var log = document.getElementById("chat-log"); return log ? log.querySelectorAll("li strong").length : 0; }
  var seen = null;
  document.addEventListener("htmx:afterSettle", function () {
    var chat = document.getElementById("chat"), badge = document.getElementById("chat-unread"), now = count();
    if (seen === null) seen = now;
    if (!chat || !badge || now <= seen) return;
    var box = chat.getBoundingClientRect();
    if (box.top > window.innerHeight || box.bottom < 0) badge.hidden = false; else seen = now;
  });
  document.addEventListener("DOMContentLoaded", function () { seen = count(); });
  document.addEventListener("click", function (ev) {
    var badge = document.getElementById("chat-unread");
    if (badge && ev.target.closest && ev.target.closest(".chat-jump")) { badge.hidden = true; seen = count(); }
  });
})();
