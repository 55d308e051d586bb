// The round clock, when the desk runs one: the page counts it down by itself between two
// looks at the room (a start, pause or reset at the desk comes as a change and a new clock).
(function () {
  "use strict";
  var counted = null;
  var left = 0;
  var since = 0;

  function shown(seconds) {
    if (seconds <= 0) { return "time"; }
    var whole = Math.ceil(seconds - 0.001);
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var rest = whole % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return (hours ? hours + ":" + two(minutes) : String(minutes)) + ":" + two(rest) + " left";
  }

  function tick() {
    var clock = document.getElementById("clock");
    if (!clock || clock.getAttribute("data-paused") === "1") { return; }
    if (clock !== counted) {  // a new page part: count from what it says
      counted = clock;
      left = Number(clock.getAttribute("data-left"));
      since = Date.now();
    }
    var round = clock.getAttribute("data-round");
    clock.textContent = (round ? "Round " + round + " · " : "") + shown(left - (Date.now() - since) / 1000);
  }

  window.setInterval(tick, 1000);
})();
