// The projector: one page at a time, turning every 12 seconds. When the results change it
// reloads at the end of the cycle (never in the middle, or a busy room would keep it on
// page one). Without scripts every page shows, one under the other.
// Loaded in the page's head, before its body: the pages after the first are hidden before
// anything is drawn, so the wall never lays itself out twice (no shift after the first paint).
(function () {
  "use strict";
  var root = document.documentElement;
  root.className += " paging";
  document.addEventListener("DOMContentLoaded", function () {
    var pages = document.querySelectorAll(".page");
    var at = 0;
    var stale = false;
    if (pages.length > 1) {
      pages[0].className += " shown";
      root.className += " turning";
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
    followRoom({
      change: function () {
        if (pages.length > 1) { stale = true; } else { window.location.reload(); }
      }
    });
  });
})();
