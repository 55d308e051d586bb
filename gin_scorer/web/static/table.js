// A table's page. The line is read back as it is typed (the same reading as the desk's); once
// it is a whole hand, the button records it at once. What the page sends — a hand, a player's
// word on the result — is kept on the phone first (localStorage: a reload or a locked phone
// keeps it) and sent from there, with its own key, so that a send repeated after a lost reply
// is recorded once. With no connection it waits, says so, and goes when the connection is
// back; until then the player sees it and may withdraw it. The page follows the desk's and
// the other phone's changes, but never under a line being typed or a send waiting.
// Written for old phone browsers too: no modules, no arrow functions, no build step.
(function () {
  "use strict";
  var main = document.getElementById("main");
  if (!main) { return; }
  var token = main.getAttribute("data-token");
  var match = Number(token.split(".")[0]);
  var WAITING = "gin-scorer.waiting." + token;  // what waits to be sent, oldest first
  var LINE = "gin-scorer.line." + token;  // the line being typed, and its key once withdrawn
  var memory = {};  // stands in for localStorage where the browser refuses it
  var sending = false;  // a send is under way (one at a time, in order)
  var pause = 2000;  // before trying again; doubles up to half a minute
  var again = 0;
  var asked = 0;  // the newest reading asked for
  var page = {};  // the page's own elements, found again after each new page

  function kept(name) {
    try { return window.localStorage.getItem(name); } catch (error) { return memory[name] || null; }
  }

  function keep(name, value) {
    try {
      if (value === null) { window.localStorage.removeItem(name); } else { window.localStorage.setItem(name, value); }
    } catch (error) {
      if (value === null) { delete memory[name]; } else { memory[name] = value; }
    }
  }

  function waiting() {
    try { return JSON.parse(kept(WAITING) || "[]") || []; } catch (error) { return []; }
  }

  function setWaiting(items) { keep(WAITING, items.length ? JSON.stringify(items) : null); }

  function freshKey() {  // 24 URL-safe characters, as the room's own keys
    var letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    var bytes = [];
    var i;
    if (window.crypto && window.crypto.getRandomValues) {
      bytes = window.crypto.getRandomValues(new Uint8Array(24));
    } else {
      for (i = 0; i < 24; i++) { bytes.push(Math.floor(Math.random() * 256)); }
    }
    var key = "";
    for (i = 0; i < 24; i++) { key += letters.charAt(bytes[i] % 64); }
    return key;
  }

  function word(name, fallback) {
    var box = document.getElementById("waiting");
    return (box && box.getAttribute("data-" + name)) || fallback;
  }

  function encoded(fields) {
    var parts = [];
    for (var name in fields) {
      if (Object.prototype.hasOwnProperty.call(fields, name)) {
        parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(fields[name]));
      }
    }
    return parts.join("&");
  }

  // --- what waits, on the page ------------------------------------------------------------
  function show() {
    var box = document.getElementById("waiting");
    var list = document.getElementById("waiting-list");
    if (!box || !list) { return; }
    var items = waiting();
    while (list.firstChild) { list.removeChild(list.firstChild); }
    for (var i = 0; i < items.length; i++) { list.appendChild(shownItem(items[i], i === 0)); }
    box.hidden = !items.length;
  }

  function shownItem(item, first) {
    var line = document.createElement("li");
    var what = document.createElement("span");
    what.className = "what";
    what.textContent = item.shown;
    line.appendChild(what);
    var state = document.createElement("span");
    state.className = "state";
    var going = first && sending;
    state.textContent = going ? word("sending", "sending…") : word(item.why || "offline", "not sent yet: no connection");
    line.appendChild(state);
    if (!going) {
      var withdraw = document.createElement("button");
      withdraw.type = "button";
      withdraw.textContent = word("withdraw", "Withdraw");
      withdraw.addEventListener("click", function () { withdrawn(item.key); });
      line.appendChild(withdraw);
    }
    return line;
  }

  function withdrawn(key) {
    var items = waiting();
    var left = [];
    var gone = null;
    for (var i = 0; i < items.length; i++) {
      if (items[i].key === key && !(i === 0 && sending)) { gone = items[i]; } else { left.push(items[i]); }
    }
    if (!gone) { return; }
    setWaiting(left);
    if (gone.kind === "hand" && page.text && !page.text.value) {
      // The line goes back in the box, with its key: sent again unchanged, a copy that did
      // reach the room before the connection dropped is still recorded once.
      page.text.value = gone.fields.text;
      keep(LINE, JSON.stringify({ text: gone.fields.text, key: gone.key }));
    }
    // Tried already, it may have reached the room before the connection dropped.
    say(gone.tried ? word("gone-tried", "withdrawn here") : word("gone", "withdrawn: nothing was sent"));
    show();
  }

  function say(text) {  // one line: under the entry line, or at the top of the page
    if (page.reading) {
      page.reading.textContent = text;
      page.reading.className = "reading";
      return;
    }
    var said = document.getElementById("said-here");
    if (!said) {
      said = document.createElement("p");
      said.id = "said-here";
      said.className = "problem";
      said.setAttribute("role", "alert");
      main.insertBefore(said, main.firstChild);
    }
    said.textContent = text;
  }

  // --- sending, in order, until the room answers ------------------------------------------
  function queue(item) {
    var items = waiting();
    var left = [];
    for (var i = 0; i < items.length; i++) {  // a player's newer word replaces their older one
      var same = item.kind === "word" && items[i].kind === "word" && items[i].fields.side === item.fields.side;
      if (!same || (i === 0 && sending)) { left.push(items[i]); }
    }
    left.push(item);
    setWaiting(left);
    show();
    pump();
  }

  function pump() {
    window.clearTimeout(again);
    var items = waiting();
    if (sending || !items.length) { return; }
    var item = items[0];
    sending = true;
    item.tried = true;
    setWaiting(items);
    show();
    var request = new XMLHttpRequest();
    request.open("POST", item.path, true);
    request.setRequestHeader("Content-Type", "application/x-www-form-urlencoded");
    request.timeout = 20000;
    request.onload = function () { answered(item, request); };
    request.onerror = request.ontimeout = function () { notSent(item, "offline"); };
    request.send(encoded(item.fields));
  }

  function notSent(item, why) {
    sending = false;
    var items = waiting();
    if (items.length && items[0].key === item.key) {
      items[0].why = why;
      setWaiting(items);
    }
    show();
    again = window.setTimeout(pump, pause);
    pause = Math.min(pause * 2, 30000);
  }

  // The answers of a room that took the send: the page as it now stands (200, after the
  // redirect of a recorded one), or the page saying why nothing was written.
  var TAKEN = { 200: true, 400: true, 403: true, 404: true, 409: true, 410: true };

  function answered(item, request) {
    var status = request.status;
    var page = /id="main"/.test(request.responseText || "");
    if (!TAKEN[status] || ((status === 200 || status === 409) && !page)) {
      // No answer, a busy room (429, 503), or a reply cut short: it goes again.
      notSent(item, status === 0 ? "offline" : "busy");
      return;
    }
    sending = false;
    pause = 2000;
    var items = waiting();
    if (items.length && items[0].key === item.key) { items.shift(); }
    setWaiting(items);
    if (item.kind === "hand") {
      var line = parsed(kept(LINE));
      if (line && line.key === item.key) { keep(LINE, null); }
    }
    // The room's answer is the page as it now stands: recorded (the sheet and "hand 4
    // recorded"), or why not, with the line kept in the box. A link the room no longer
    // takes answers with its words alone: what was not recorded is named under them.
    var lost = word("lost", "not recorded: {0}").replace("{0}", item.shown);
    newPage(request.responseText, lost);
    pump();
  }

  // --- the page, made again from the room's answer ----------------------------------------
  function newPage(html, lost) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var freshMain = fresh.getElementById("main");
    if (!freshMain) {  // the link no longer opens this table: the room's words, as they are
      document.body.innerHTML = fresh.body ? fresh.body.innerHTML : "";
      if (lost) {
        var said = document.createElement("p");
        said.className = "problem";
        said.textContent = lost;
        document.body.appendChild(said);
      }
      return;
    }
    var typed = page.text ? page.text.value : "";
    var header = document.querySelector("header");
    var freshHeader = fresh.querySelector("header");
    if (header && freshHeader) { header.parentNode.replaceChild(document.adoptNode(freshHeader), header); }
    main.parentNode.replaceChild(document.adoptNode(freshMain), main);
    main = freshMain;
    document.title = fresh.title;
    bind();
    if (page.text && typed && !page.text.value) {
      page.text.value = typed;  // the next line, typed while a send waited
      read();
    }
  }

  function reload() {
    var request = new XMLHttpRequest();
    request.open("GET", "/t/" + token, true);
    request.timeout = 20000;
    request.onload = function () {
      if (request.status === 200 && !busy()) { newPage(request.responseText); }
    };
    request.send();
  }

  function busy() {
    return sending || waiting().length > 0 || (page.text && page.text.value);
  }

  // --- the entry line ---------------------------------------------------------------------
  // What the typed line means, asked of the room; ``kept``: the room's own words under the
  // line (why it came back) stay as they are, said once — only the button follows.
  function read(kept) {
    var mine = ++asked;
    var text = page.text;
    var request = new XMLHttpRequest();
    request.open("GET", "/t/" + token + "/reading?text=" + encodeURIComponent(text.value), true);
    request.timeout = 10000;
    request.onload = function () {
      if (mine !== asked) { return; }
      if (request.status !== 200) { unread(); return; }
      var said = JSON.parse(request.responseText);
      var whole = said.state === "complete";
      if (kept !== true) {
        page.reading.textContent = said.state === "empty" ? "" : said.message;
        page.reading.className = "reading state-" + said.state;
      }
      page.reading.setAttribute("data-state", said.state);
      page.step.value = whole ? "record" : "check";
      page.send.textContent = page.send.getAttribute(whole ? "data-record-word" : "data-check-word");
    };
    request.onerror = request.ontimeout = function () { if (mine === asked) { unread(); } };
    request.send();
  }

  function unread() {  // no reading without the room: the line may still be kept and sent
    page.reading.textContent = page.send.getAttribute("data-unread-word") || "";
    page.reading.className = "reading";
    page.reading.setAttribute("data-state", "unread");
    page.send.textContent = page.send.getAttribute("data-record-word");
  }

  function typed() {
    var line = parsed(kept(LINE));
    var key = line && line.text === page.text.value ? line.key : "";
    keep(LINE, page.text.value ? JSON.stringify({ text: page.text.value, key: key }) : null);
    read();
  }

  function entered(event) {
    var text = page.text.value.replace(/^\s+|\s+$/g, "");
    var state = page.reading.getAttribute("data-state") || "";
    event.preventDefault();
    if (!text || state === "error" || state === "incomplete" || state === "empty") {
      page.text.focus();  // the reading under the line says what is missing
      return;
    }
    var items = waiting();
    for (var i = 0; i < items.length; i++) {
      if (items[i].kind === "hand") {
        say(word("first", "a hand is waiting to be sent: it goes first, and this line stays here"));
        return;
      }
    }
    var line = parsed(kept(LINE));
    var key = line && line.text === page.text.value && line.key ? line.key : freshKey();
    var meaning = state === "complete" ? " — " + page.reading.textContent : "";
    queue({
      kind: "hand",
      key: key,
      path: "/t/" + token + "/hand",
      fields: { text: page.text.value, key: key, version: page.version.value, step: "record" },
      shown: word("hand", "Hand: {0}").replace("{0}", page.text.value) + meaning
    });
    keep(LINE, null);
    page.text.value = "";
    page.reading.textContent = "";
    page.reading.removeAttribute("data-state");
    page.send.textContent = page.send.getAttribute("data-check-word");
  }

  function parsed(text) {
    try { return JSON.parse(text || "null"); } catch (error) { return null; }
  }

  // --- a player's word on the result ------------------------------------------------------
  function answeredByPlayer(event) {
    var form = event.target;
    var fields = {};
    for (var i = 0; i < form.elements.length; i++) {
      var field = form.elements[i];
      if (!field.name || ((field.type === "radio" || field.type === "checkbox") && !field.checked)) { continue; }
      fields[field.name] = field.value;
    }
    if (!fields.side) { return; }  // the form says who answers (required)
    event.preventDefault();
    var button = form.querySelector("button");
    var key = freshKey();
    queue({
      kind: "word",
      key: key,
      path: form.getAttribute("action"),
      fields: fields,
      shown: fields.answer === "agree" || !fields.reason ? button.textContent : button.textContent + ": " + fields.reason
    });
  }

  function offlineGuard(event) {  // a send that is not kept (take back, a slip): not offline
    if (navigator.onLine === false) {
      event.preventDefault();
      say(word("offline", "not sent yet: no connection"));
    }
  }

  function bind() {
    page = {
      text: document.getElementById("text"),
      reading: document.getElementById("reading"),
      step: document.getElementById("step"),
      send: document.getElementById("send"),
      form: document.getElementById("entry")
    };
    page.version = page.form ? page.form.querySelector("input[name=version]") : null;
    if (page.text && page.form) {
      page.text.addEventListener("input", typed);
      page.form.addEventListener("submit", entered);
      var line = parsed(kept(LINE));
      if (!page.text.value && line && line.text) { page.text.value = line.text; }
      if (page.text.value) { read(Boolean(page.reading.textContent)); }
    }
    var forms = main.querySelectorAll("form");
    for (var i = 0; i < forms.length; i++) {
      var action = forms[i].getAttribute("action") || "";
      if (forms[i] === page.form) { continue; }
      if (/\/confirm$/.test(action)) {
        forms[i].addEventListener("submit", answeredByPlayer);
      } else {
        forms[i].addEventListener("submit", offlineGuard);
      }
    }
    show();
  }

  bind();
  pump();
  window.addEventListener("online", function () { pause = 2000; pump(); });
  followRoom({
    change: function (said) {
      // Only this table's changes (or ones the room cannot narrow down) touch the page.
      if (said.m && said.m.indexOf(match) < 0) { return; }
      if (waiting().length) { pump(); return; }
      if (busy()) { return; }
      // The page's own hand comes back as a change too: made again only for a newer sheet.
      var request = new XMLHttpRequest();
      request.open("GET", "/t/" + token + "/state", true);
      request.onload = function () {
        var now = request.status === 200 ? JSON.parse(request.responseText).state : "";
        if (now && now !== main.getAttribute("data-state") && !busy()) { reload(); }
      };
      request.send();
    },
    live: function () { if (waiting().length) { pump(); } }
  });
})();
