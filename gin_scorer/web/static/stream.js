// The room's stream of changes (server-sent events from /events), for every page. Each event
// carries an id that the browser sends back when it reconnects by itself, so the room first
// tells a page what happened while it was away (a dropped Wi-Fi, a locked phone). When the
// browser gives up (the room answered with an error), the page opens a new stream saying
// where it stopped (?since=), at once when the phone is back online.
// Written for old phone browsers too: no modules, no arrow functions, no build step.
var followRoom = (function () {
  "use strict";
  return function (said) {  // said.change(data), said.live(), said.lost()
    if (!window.EventSource) { return; }
    var last = "";
    var source = null;
    var again = 0;

    function open() {
      again = 0;
      source = new EventSource("/events" + (last ? "?since=" + encodeURIComponent(last) : ""));
      source.addEventListener("since", function (event) {
        last = event.lastEventId || last;
        if (said.live) { said.live(); }
      });
      source.addEventListener("change", function (event) {
        last = event.lastEventId || last;
        var data = {};
        try { data = JSON.parse(event.data) || {}; } catch (error) { data = {}; }
        said.change(data);
      });
      source.onerror = function () {
        if (said.lost) { said.lost(); }
        if (source.readyState === 2 && !again) {  // closed: the browser will not try again
          again = window.setTimeout(open, 5000);
        }
      };
    }

    window.addEventListener("online", function () {
      if (source && source.readyState === 2) {
        window.clearTimeout(again);
        open();
      }
    });
    open();
  };
})();
