/* The table's chat: an unread badge on the "Chat" button when a message arrives while the chat is off screen. */
document.addEventListener("htmx:afterSwap", function (ev) {
  var chat = document.getElementById("chat"), badge = document.getElementById("chat-unread");
  if (!chat || !badge || !ev.detail.elt || !ev.detail.elt.closest || !ev.detail.elt.closest("#chat")) return;
  var box = chat.getBoundingClientRect();
  if (box.top > window.innerHeight || box.bottom < 0) badge.hidden = false;
});
document.addEventListener("click", function (ev) {
  var badge = document.getElementById("chat-unread");
  if (badge && ev.target.closest && ev.target.closest(".chat-jump")) badge.hidden = true;
});
