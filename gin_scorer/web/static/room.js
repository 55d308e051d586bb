// The room page (and the season page): the find box filters as you type, and the page follows
// the results live (server-sent events from /events; on each change the main part is fetched
// again from the address in the main part's data-live, /live by default).
// Written for old phone browsers too: no modules, no arrow functions, no build step.
(function () {
  "use strict";
  var find = document.getElementById("find");
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  var said = live ? live.textContent : "";  // what the page says of its liveness

  function filter() {
    var wanted = (find.value || "").toLowerCase();
    var rows = main.querySelectorAll("tr[data-name]");
    var any = false;
    for (var i = 0; i < rows.length; i++) {
      var shown = !wanted || rows[i].getAttribute("data-name").indexOf(wanted) >= 0;
      rows[i].className = shown ? "" : "hidden";
      any = any || shown;
    }
    var nobody = document.getElementById("nobody");
    if (nobody) { nobody.className = "note" + (any || !rows.length ? " hidden" : ""); }
  }

  function refresh() {
    var request = new XMLHttpRequest();
    request.open("GET", main.getAttribute("data-live") || "/live", true);
    request.onload = function () {
      if (request.status === 200) {
        main.innerHTML = request.responseText;
        filter();
        var updated = live.getAttribute("data-updated") || "Live: updated {time}";
        live.textContent = updated.replace("{time}", new Date().toLocaleTimeString());
      }
    };
    request.send();
  }

  if (find) {
    find.addEventListener("input", filter);
    filter();
  }
  if (window.EventSource && main) {
    var source = new EventSource("/events");
    source.addEventListener("change", refresh);
    source.onerror = function () {
      live.textContent = live.getAttribute("data-reconnecting") || "Reconnecting…";
    };
    source.onopen = function () { live.textContent = said; };
  }
  // A page read at most every few seconds (a season's table) may miss the last change: it
  // also asks again now and then.
  var every = main && parseInt(main.getAttribute("data-every") || "0", 10);
  if (every > 0) { setInterval(refresh, every * 1000); }
})();
