// The room page (and the season page): the find box filters as you type, and the page follows
// the results live (the room's stream, stream.js; on each change the main part is fetched
// again from the address in the main part's data-live, /live by default). A change that
// arrives while the page cannot fetch (no connection) is fetched once it can again; after a
// gap the room tells the page what it missed.
// Written for old phone browsers too: no modules, no arrow functions, no build step.
(function () {
  "use strict";
  var find = document.getElementById("find");
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  var said = live ? live.textContent : "";  // what the page says of its liveness
  var asking = false;  // a fetch of the main part is under way
  var stale = false;  // a change came that the page has not fetched yet
  var told = -1;  // the version of the latest change the stream told of (its event's "v")

  function filter() {
    var wanted = (find ? find.value || "" : "").toLowerCase();
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

  // The main part's address; with the version of the change it is fetched for, the room
  // answers at once with the reading it made for that change.
  function address() {
    var base = main.getAttribute("data-live") || "/live";
    if (told < 0) { return base; }
    return base + (base.indexOf("?") < 0 ? "?" : "&") + "v=" + told;
  }

  function changed(data) {
    // The latest said, not the largest: a room started again counts from 0.
    if (data && typeof data.v === "number") { told = data.v; }
    refresh();
  }

  function refresh() {
    stale = true;
    if (asking) { return; }  // the fetch under way may have read before this change
    asking = true;
    stale = false;
    var request = new XMLHttpRequest();
    request.open("GET", address(), true);
    request.timeout = 20000;
    request.onload = function () {
      asking = false;
      if (request.status !== 200) { stale = true; return; }
      main.innerHTML = request.responseText;
      filter();
      var updated = live.getAttribute("data-updated") || "Live: updated {time}";
      live.textContent = updated.replace("{time}", new Date().toLocaleTimeString());
      if (stale) { refresh(); }
    };
    request.onerror = request.ontimeout = function () {
      asking = false;
      stale = true;  // asked again when the stream is back
    };
    request.send();
  }

  if (find) {
    find.addEventListener("input", filter);
    filter();
  }
  if (main && live) {
    followRoom({
      change: changed,
      live: function () {
        live.textContent = said;
        if (stale) { refresh(); }
      },
      lost: function () {
        live.textContent = live.getAttribute("data-reconnecting") || "Reconnecting…";
      }
    });
  }
  // A page read at most every few seconds (a season's table) may miss the last change: it
  // also asks again now and then.
  var every = main && parseInt(main.getAttribute("data-every") || "0", 10);
  if (every > 0) { setInterval(refresh, every * 1000); }
})();
