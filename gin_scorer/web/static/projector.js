// The projector: one page at a time, turning every 12 seconds. When the results change it
// reloads at the end of the cycle (never in the middle, or a busy room would keep it on
// page one). Without scripts every page shows, one under the other.
(function () {
  "use strict";
  var pages = document.querySelectorAll(".page");
  var at = 0;
  var stale = false;
  if (pages.length > 1) {
    document.body.className += " paging";
    pages[0].className += " shown";
    setInterval(function () {
      if (at + 1 >= pages.length && stale) {
        window.location.reload();
        return;
      }
      pages[at].className = "page";
      at = (at + 1) % pages.length;
      pages[at].className = "page shown";
    }, 12000);
  }
  if (window.EventSource) {
    var source = new EventSource("/events");
    source.addEventListener("change", function () {
      if (pages.length > 1) { stale = true; } else { window.location.reload(); }
    });
  }
})();
