// The round clock, when the desk runs one: the page counts it down by itself between two
// looks at the room (a start, pause or reset at the desk comes as a change and a new clock).
(function () {
  "use strict";
  var counted = null;
  var left = 0;
  var since = 0;

  // The words come with the clock, in the page's language: "{0} left", "Round {0} · {1}".
  function word(clock, name, fallback) {
    return clock.getAttribute("data-" + name + "-word") || fallback;
  }

  function shown(clock, seconds) {
    if (seconds <= 0) { return word(clock, "time", "time"); }
    var whole = Math.ceil(seconds - 0.001);
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var rest = whole % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    var figure = (hours ? hours + ":" + two(minutes) : String(minutes)) + ":" + two(rest);
    return word(clock, "left", "{0} left").replace("{0}", figure);
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
    var now = shown(clock, left - (Date.now() - since) / 1000);
    clock.textContent = round ? word(clock, "round", "Round {0} · {1}").replace("{0}", round).replace("{1}", now) : now;
  }

  window.setInterval(tick, 1000);
})();
