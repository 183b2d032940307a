// The tutorial's start page /learn/<lesson>: a name, then POST /api/tutorials/<lesson> makes a
// practice table on the lesson's fixed hand and the table page plays it (static/lesson.js).

import { api, ensurePlayer, loadPlayer } from "./session.js";

const $ = (sel) => document.querySelector(sel);
const form = $("#learn-form");
const stored = loadPlayer();
if (stored && stored.name) $("#learn-name").value = stored.name;

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const error = $("#learn-error");
  error.hidden = true;
  $("#learn-start").disabled = true;
  try {
    const player = await ensurePlayer($("#learn-name").value);
    const room = await api(`/api/tutorials/${encodeURIComponent(form.dataset.lesson)}`, { method: "POST", player });
    location.href = `/play/${encodeURIComponent(room.code)}`;
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    $("#learn-start").disabled = false;
  }
});
