// meneur's broadcast page: draws the stream's picture (/feed, Server-Sent Events) with
// the DOM's text only (never HTML from the campaign), and follows it live.
"use strict";

(function () {
  const query = new URLSearchParams(window.location.search);
  const token = query.get("token") || "";
  const part = query.get("part") || "";
  const theme = query.get("theme") || "dark";
  const motion = query.get("motion") !== "0";
  const body = document.body;
  body.className = "";
  body.classList.add("theme-" + (["dark", "light", "transparent"].includes(theme) ? theme : "dark"));
  if (["roll", "party", "story", "scene", "luck"].includes(part)) body.classList.add("part-" + part);
  if (motion) body.classList.add("motion");

  const PIPS = {
    1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
  };
  const byId = (id) => document.getElementById(id);
  function text(id, value) {
    const node = byId(id);
    node.textContent = value || "";
    node.hidden = !value;
  }
  function el(tag, className, value) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (value !== undefined) node.textContent = value;
    return node;
  }
  function die(shown, tone) {
    const box = el("div", "die tone-" + tone + (shown.kept ? "" : " dropped"));
    const face = Number(shown.face);
    if (shown.sides === "d6" && PIPS[face]) {
      const pips = el("div", "pips");
      for (let i = 0; i < 9; i++) pips.appendChild(el("span", PIPS[face].includes(i) ? "pip on" : "pip"));
      pips.setAttribute("aria-label", shown.face);
      box.appendChild(pips);
    } else {
      box.appendChild(el("span", "face", shown.face));
      if (shown.sides) box.appendChild(el("span", "size", shown.sides));
    }
    if (shown.role) box.appendChild(el("span", "role", shown.role));
    return box;
  }

  let lastRoll = "";
  function draw(view) {
    text("problem", view.problem);
    const scene = view.scene || {};
    text("scene-title", scene.title || view.campaign);
    text("tension", scene.tension_said);
    text("fair", (view.fairness || {}).said);
    const luck = view.luck || {};
    text("luck", part === "luck" ? [luck.said, luck.luck].filter(Boolean).join(" · ") : luck.short);
    const roll = view.roll;
    const card = byId("roll");
    const key = JSON.stringify(roll);
    if (!roll) {
      text("who", "");
      text("what", view.waiting);
      byId("dice").replaceChildren();
      ["result", "chance", "roll-fair"].forEach((id) => text(id, ""));
    } else {
      text("who", roll.who);
      text("what", roll.text);
      byId("dice").replaceChildren(...roll.dice.map((d) => die(d, roll.tone)));
      text("result", roll.result);
      byId("result").className = "tone-" + roll.tone;
      text("chance", roll.chance);
      text("roll-fair", roll.fairness);
    }
    if (key !== lastRoll && lastRoll !== "") {
      card.classList.remove("fresh");
      void card.offsetWidth; // restart the animation
      card.classList.add("fresh");
      window.setTimeout(() => card.classList.remove("fresh"), 4000);
    }
    lastRoll = key;
    const party = byId("party");
    const members = (view.party || []).map((m) => {
      const row = el("div", "member");
      row.appendChild(el("div", "name", m.name));
      if (m.summary) row.appendChild(el("div", "summary", m.summary));
      return row;
    });
    const trackers = (view.trackers || []).map((t) => el("div", "tracker", t.name + " " + t.shown));
    party.replaceChildren(...members, ...trackers);
    party.hidden = !members.length && !trackers.length;
    const story = byId("story");
    const lines = (view.story || []).map((line, i, all) => {
      const kind = "line" + (i === all.length - 1 ? " newest" : "") + (line.secret ? " secret" : "");
      const row = el("div", kind, line.text);
      if (line.result) row.appendChild(el("span", "result tone-" + line.tone, line.result));
      return row;
    });
    story.replaceChildren(...lines);
    story.hidden = !lines.length;
    // Without a party, its column goes to the story (or to the card): the whole page
    // (not one part of it) is laid out again.
    body.classList.toggle("no-party", !part && party.hidden);
    body.classList.toggle("no-story", !part && story.hidden);
    // Nothing is cut: the oldest lines go first, then the last party rows, until the
    // page holds what is left whole (the newest line always stays). The story is laid
    // out from its bottom: a line pushed off its top is no overflow a scroll would
    // show, so it is looked for where it is drawn.
    const overflows = (node) => node.scrollHeight > node.clientHeight + 1;
    const cutAtTop = () =>
      story.firstElementChild.getBoundingClientRect().top < story.getBoundingClientRect().top - 1;
    while (story.childElementCount > 1 && (overflows(story) || cutAtTop())) {
      story.firstElementChild.remove();
    }
    while (party.childElementCount > 1 && overflows(party)) {
      party.lastElementChild.remove();
    }
    // A long test or outcome: the card's sizes shrink (never below the page's text)
    // until it holds whole; when even that is not enough (a phone held upright), the
    // story's oldest lines and then the party's last rows give it their room.
    function fitCard() {
      let scale = 1;
      card.style.setProperty("--card", "1");
      while (scale > 0.55 && overflows(card)) {
        scale -= 0.05;
        card.style.setProperty("--card", String(scale));
      }
    }
    fitCard();
    while (overflows(card) && (story.childElementCount > 1 || party.childElementCount > 1)) {
      if (story.childElementCount > 1) story.firstElementChild.remove();
      else party.lastElementChild.remove();
      fitCard();
    }
    document.title = view.campaign || "meneur";
    body.dataset.ready = "1";
  }

  // Fed by the server's feed when the page has a token; otherwise (a published folder
  // on a static host), or when the feed is refused or closed for good, the picture is
  // asked for every POLL_MS with the last ETag: nothing but a 304 while nothing changed.
  const POLL_MS = 300;
  let polling = false;
  async function poll(address) {
    if (polling) return;
    polling = true;
    let etag = "";
    for (;;) {
      try {
        const headers = etag ? { "If-None-Match": etag } : {};
        const answer = await fetch(address, { cache: "no-store", headers });
        if (answer.status === 200) {
          const view = await answer.json();
          etag = answer.headers.get("ETag") || "";
          draw(view);
        }
      } catch (error) {
        // The host is out of reach a moment: asked again at the next turn.
      }
      await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
    }
  }
  if (token) {
    const feed = new EventSource("feed?token=" + encodeURIComponent(token));
    feed.addEventListener("view", (event) => draw(JSON.parse(event.data)));
    feed.addEventListener("error", () => {
      if (feed.readyState === EventSource.CLOSED) poll("view.json?token=" + encodeURIComponent(token));
    });
  } else {
    poll("view.json");
  }
})();
