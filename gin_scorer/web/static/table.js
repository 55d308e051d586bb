// A table's page: the line is read back as it is typed (the same reading as the desk's);
// once it is a whole hand, the button records it at once. The page follows the desk's and
// the other phone's changes, but never reloads under a hand being typed.
(function () {
  "use strict";
  var main = document.getElementById("main");
  var text = document.getElementById("text");
  var reading = document.getElementById("reading");
  var step = document.getElementById("step");
  var send = document.getElementById("send");
  var form = document.getElementById("entry");
  var token = main ? main.getAttribute("data-token") : "";
  var state = main ? main.getAttribute("data-state") : "";
  var asked = 0;

  function read() {
    var mine = ++asked;
    var request = new XMLHttpRequest();
    request.open("GET", "/t/" + token + "/reading?text=" + encodeURIComponent(text.value), true);
    request.onload = function () {
      if (mine !== asked || request.status !== 200) { return; }
      var said = JSON.parse(request.responseText);
      reading.textContent = said.state === "empty" ? "" : said.message;
      reading.className = "reading state-" + said.state;
      var whole = said.state === "complete";
      step.value = whole ? "record" : "check";
      send.textContent = send.getAttribute(whole ? "data-record-word" : "data-check-word");
    };
    request.send();
  }

  if (text && form) {
    text.addEventListener("input", read);
    form.addEventListener("submit", function () { send.disabled = true; });
    if (text.value) { read(); }
  }
  if (window.EventSource && token) {
    var source = new EventSource("/events");
    var match = Number(token.split(".")[0]);
    source.addEventListener("change", function (event) {
      // Only this table's changes (or ones the room cannot narrow down) reload the page.
      var said = {};
      try { said = JSON.parse(event.data); } catch (error) { said = {}; }
      var ours = !said.m || said.m.indexOf(match) >= 0;
      if (!ours || (text && text.value)) { return; }
      // The page's own hand comes back as a change too: reload only for a newer sheet.
      var request = new XMLHttpRequest();
      request.open("GET", "/t/" + token + "/state", true);
      request.onload = function () {
        var now = request.status === 200 ? JSON.parse(request.responseText).state : "";
        if (now !== state && (!text || !text.value)) { window.location.reload(); }
      };
      request.send();
    });
  }
})();
