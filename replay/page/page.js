"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const main = data.frames;
  const lines = data.variations || [];  // the game's variations (forks), each with its own frames
  let frames = main;
  let line = null;  // the variation being followed, or null on the game's own line
  const views = data.views;
  const parts = data.parts || [];
  const el = (id) => document.getElementById(id);
  const slider = el("slider");
  const seatSelect = el("seat");
  let at = frames.length - 1;
  const items = [];  // the move list's entries by event number
  let marked = null;

  const { make, pretty, drawTable } = tableview;  // table.js: the drawing both pages share

  // whether to name the event's actor after its notation (not when the notation starts with it)
  function byline(event) {
    return event.actor && !event.notation.startsWith(event.actor + " ");
  }

  // a stored view (frames.py's _Store): its seats and centre by index, rebuilt as a table
  function tableOf(stored) {
    const centre = parts[stored.c];
    const table = Object.assign({}, centre, { seats: stored.s });
    delete table.refs;
    Object.entries(centre.refs || {}).forEach(([key, i]) => { table[key] = parts[i]; });
    return table;
  }

  function draw() {
    const frame = frames[at];
    const chosen = seatSelect.value === "" ? null : Number(seatSelect.value);
    const seat = data.all_seats ? chosen : data.seat;
    const stored = views[data.all_seats ? (chosen === null ? frame.public : frame.seats[chosen]) : frame.view];
    const target = el("table");
    target.replaceChildren();
    const table = drawTable(tableOf(stored), target, (i) => parts[i]);
    target.dataset.seq = String(frame.seq);
    target.dataset.as = data.all_seats ? (seat === null ? "everyone" : data.players[seat]) : data.viewer;
    slider.value = String(at);
    el("position").textContent = "event " + frame.seq + " of " + (frames.length - 1);

    const event = el("event");
    event.replaceChildren();
    event.className = "panel";
    if (frame.event) {
      event.classList.add(frame.event.mark);
      event.appendChild(make("strong", "", "event " + frame.seq + ": "));
      event.appendChild(make("span", "notation", pretty(frame.event.notation)));
      if (byline(frame.event)) event.appendChild(make("span", "actor", " · " + frame.event.actor));
      if (frame.event.mark !== "move" && frame.event.mark !== "chance") event.appendChild(make("span", "tag", frame.event.mark));
      if (!frame.event.effective) event.appendChild(make("span", "tag", "taken back"));
    } else {
      event.appendChild(make("span", "", "before the first event"));
    }
    el("taken").textContent = frame.taken_by ? "taken by " + frame.taken_by : "";
    el("toact").textContent = frame.to_act.length ? "to act: " + frame.to_act.join(", ") : "";
    const score = el("score");
    score.replaceChildren();
    if (frame.outcome) {
      score.appendChild(make("strong", "", "Game over — won by " + frame.outcome.winners.join(" & ")));
      const dl = make("dl");
      Object.entries(frame.outcome.scores).forEach(([k, v]) => { dl.appendChild(make("dt", "", k)); dl.appendChild(make("dd", "", String(v))); });
      score.appendChild(dl);
    } else if (table && (table.scores || []).length) {
      const dl = make("dl");
      table.scores.forEach(([k, v]) => { dl.appendChild(make("dt", "", k)); dl.appendChild(make("dd", "", v)); });
      score.appendChild(dl);
    }
    if (marked) marked.classList.remove("current");
    marked = items[frame.seq] || null;
    if (marked) {
      marked.classList.add("current");
      const log = el("log");
      log.scrollTop = marked.offsetTop - log.clientHeight / 2;  // the log alone scrolls
    }
  }

  function hashOf(n) { return "#" + (line ? "v" + line.game + ":" : "") + n; }

  function go(to) {
    at = Math.max(0, Math.min(frames.length - 1, to));
    draw();
    if (location.hash !== hashOf(at)) history.replaceState(null, "", hashOf(at));
  }

  // follow a variation from the event it branches at (null: back to the game's own line)
  function follow(variation, to) {
    line = variation;
    frames = variation ? main.slice(0, variation.at + 1).concat(variation.frames) : main;
    buildLog();
    const banner = el("line");
    banner.replaceChildren();
    banner.hidden = !variation;
    if (variation) {
      banner.appendChild(make("span", "", "Variation: game " + variation.game + ", from event " + variation.at + " of game " + data.game + " "));
      const back = make("button", "", "back to game " + data.game);
      back.addEventListener("click", () => follow(null, variation.at));
      banner.appendChild(back);
    }
    go(to);
  }

  function offer(log, variation) {  // the move list's link into a variation
    const first = variation.frames[0];
    const li = make("li", "branch");
    li.appendChild(make("span", "seq", "↳"));
    li.appendChild(make("span", "notation", " variation, game " + variation.game + ": " + pretty(first.event.notation)));
    if (byline(first.event)) li.appendChild(make("span", "actor", " · " + first.event.actor));
    const end = variation.frames[variation.frames.length - 1];
    if (end.outcome) li.appendChild(make("span", "tag", "won by " + end.outcome.winners.join(" & ")));
    li.dataset.variation = String(variation.game);
    li.addEventListener("click", () => follow(variation, variation.at + 1));
    log.appendChild(li);
  }

  el("title").textContent = "Game " + data.game + " · " + data.title;
  el("subtitle").textContent = data.players.join(", ") + (data.seeded ? " · dealt by the seeded dealer" : " · a physical game") + " · head " + data.head;
  if (data.all_seats) {
    data.players.forEach((name, i) => {
      const option = make("option", "", name);
      option.value = String(i);
      seatSelect.appendChild(option);
    });
  } else {
    seatSelect.closest("label").replaceWith(make("span", "as", "as " + data.viewer + " sees it"));
  }
  function buildLog() {
    const log = el("log");
    log.replaceChildren();
    items.length = 0;
    marked = null;
    const offered = line ? [] : lines;
    offered.filter((v) => v.at === 0).forEach((v) => offer(log, v));
    frames.forEach((frame) => {
      if (!frame.event) return;
      const li = make("li", frame.event.mark);
      li.appendChild(make("span", "seq", frame.seq + "."));
      li.appendChild(make("span", "notation", " " + pretty(frame.event.notation)));
      if (byline(frame.event)) li.appendChild(make("span", "actor", " · " + frame.event.actor));
      li.dataset.seq = String(frame.seq);
      if (!frame.event.effective) li.classList.add("retracted");
      if (line && frame.seq > line.at) li.classList.add("inline");
      li.addEventListener("click", () => go(frame.seq));
      items[frame.seq] = li;
      log.appendChild(li);
      offered.filter((v) => v.at === frame.seq).forEach((v) => offer(log, v));
    });
    slider.max = String(frames.length - 1);
  }
  buildLog();
  slider.addEventListener("input", () => go(Number(slider.value)));
  seatSelect.addEventListener("change", draw);
  el("first").addEventListener("click", () => go(0));
  el("prev").addEventListener("click", () => go(at - 1));
  el("next").addEventListener("click", () => go(at + 1));
  el("last").addEventListener("click", () => go(frames.length - 1));
  document.addEventListener("keydown", (e) => {
    if (e.target === seatSelect) return;
    if (e.key === "ArrowLeft") { go(at - 1); e.preventDefault(); }
    else if (e.key === "ArrowRight") { go(at + 1); e.preventDefault(); }
    else if (e.key === "Home") { go(0); e.preventDefault(); }
    else if (e.key === "End") { go(frames.length - 1); e.preventDefault(); }
  });
  let touch = null;  // a swipe across the table steps, like the arrows
  el("table").addEventListener("touchstart", (e) => { touch = e.changedTouches[0].clientX; }, { passive: true });
  el("table").addEventListener("touchend", (e) => {
    if (touch === null) return;
    const dx = e.changedTouches[0].clientX - touch;
    touch = null;
    if (Math.abs(dx) > 40) go(at + (dx < 0 ? 1 : -1));
  });
  // #12: event 12 of the game; #v9:14: event 14 of its variation game 9
  function fromHash() {
    const m = /^#(?:v(\d+):)?(\d+)$/.exec(location.hash);
    if (!m) return null;
    const variation = m[1] === undefined ? null : lines.find((v) => v.game === Number(m[1]));
    return variation === undefined ? null : { variation, n: Number(m[2]) };
  }
  function fromLink() {
    const to = fromHash();
    if (to === null) return false;
    if (to.variation !== line) follow(to.variation, to.n);
    else go(to.n);  // drawn even when it is where the page opened (#N of the last event)
    return true;
  }
  window.addEventListener("hashchange", fromLink);
  if (!fromLink()) draw();
})();
