// Keeps the screen on while a game or a question screen is open, unless this device's
// "Keep screen on" switch says not to (remembered in localStorage). A watching screen has
// no switch (nothing there is to be tapped): it follows what the device last chose.
// Where the page is a secure context the browser's Screen Wake Lock does it, taken again
// whenever the page comes back into view (the browser lets it go when the page is hidden).
// On plain http over the home network browsers refuse a wake lock; there a tiny muted video
// played in a loop keeps the screen on (the technique NoSleep.js made known). Browsers play
// it only after a tap, so the first tap anywhere on the page starts it.
(function () {
  "use strict";
  var videoAddress = document.currentScript.getAttribute("data-video");
  var toggle = document.getElementById("keep-awake");
  var REMEMBERED = "keepScreenOn";
  var TAPS = ["click", "touchend", "keydown"];
  var lock = null;
  var video = null;
  var waitingForTap = false;

  function wanted() {
    try { return localStorage.getItem(REMEMBERED) !== "off"; } catch (e) { return true; }
  }

  function remember(on) {
    try { localStorage.setItem(REMEMBERED, on ? "on" : "off"); } catch (e) { /* private mode */ }
  }

  // keeping: "wake-lock" or "video" (the screen is kept on), "waiting" (for the page to be
  // seen, or for a tap to start the video) or "off"; said on the page's root element too.
  function show(keeping) {
    document.documentElement.setAttribute("data-keeping-screen", keeping);
    if (!toggle) return;
    var on = wanted();
    toggle.setAttribute("aria-checked", on ? "true" : "false");
    toggle.querySelector(".awake-state").textContent = on ? "On" : "Off";
    toggle.setAttribute("data-keeping", keeping);
  }

  function canLock() {
    return window.isSecureContext && "wakeLock" in navigator;
  }

  function takeLock() {
    navigator.wakeLock.request("screen").then(function (sentinel) {
      if (!wanted() || lock) { sentinel.release(); return; }
      lock = sentinel;
      show("wake-lock");
      sentinel.addEventListener("release", function () {
        if (lock === sentinel) { lock = null; show(wanted() ? "waiting" : "off"); }
      });
    }, function () {
      // Refused (the page hidden meanwhile, a power saver): the video may still do.
      playVideo();
    });
  }

  function playVideo() {
    if (!video) {
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.playsInline = true;
      video.setAttribute("playsinline", "");
      video.setAttribute("aria-hidden", "true");
      video.className = "awake-video";
      video.src = videoAddress;
      document.body.appendChild(video);
    }
    video.play().then(function () {
      if (wanted()) { show("video"); } else { video.pause(); }
    }, function () {
      if (wanted()) { show("waiting"); startOnFirstTap(); }
    });
  }

  function startOnFirstTap() {
    if (waitingForTap) return;
    waitingForTap = true;
    function tapped() {
      waitingForTap = false;
      TAPS.forEach(function (kind) { document.removeEventListener(kind, tapped, true); });
      keep();
    }
    TAPS.forEach(function (kind) { document.addEventListener(kind, tapped, true); });
  }

  function letGo() {
    if (lock) { var held = lock; lock = null; held.release(); }
    if (video) video.pause();
  }

  function keep() {
    if (!wanted()) { letGo(); show("off"); return; }
    if (document.visibilityState !== "visible") { show("waiting"); return; }
    if (lock || (video && !video.paused)) return;
    if (canLock()) { takeLock(); } else { playVideo(); }
  }

  if (toggle) {
    toggle.addEventListener("click", function () {
      remember(!wanted());
      keep();
    });
    toggle.hidden = false;
  }
  document.addEventListener("visibilitychange", keep);
  show("waiting");
  keep();
})();
