// This device's theme (automatic, light or dark) and text size, remembered in localStorage.
// Loaded in <head> without defer, so the page's root element says them before the first paint
// (no flash of the other theme). static/app.css reads data-theme and data-text; with no choice
// made, or no JavaScript, the theme follows the device's own light or dark setting.
(function () {
  "use strict";
  var root = document.documentElement;
  var CHOICES = {theme: ["auto", "light", "dark"], text: ["normal", "large"]};
  var REMEMBERED = {theme: "theme", text: "textSize"};

  function chosen(setting) {
    var value = null;
    try { value = localStorage.getItem(REMEMBERED[setting]); } catch (e) { /* private mode */ }
    return CHOICES[setting].indexOf(value) > 0 ? value : CHOICES[setting][0];
  }

  function apply(setting) {
    var value = chosen(setting);
    if (value === CHOICES[setting][0]) { root.removeAttribute("data-" + setting); }
    else { root.setAttribute("data-" + setting, value); }
    var buttons = document.querySelectorAll("[data-" + setting + "-choice]");
    for (var i = 0; i < buttons.length; i++) {
      var on = buttons[i].getAttribute("data-" + setting + "-choice") === value;
      buttons[i].setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function choose(setting, value) {
    try { localStorage.setItem(REMEMBERED[setting], value); } catch (e) { /* private mode */ }
    apply(setting);
  }

  apply("theme");
  apply("text");

  document.addEventListener("DOMContentLoaded", function () {
    var menu = document.getElementById("display-settings");
    if (!menu) return;
    menu.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      if (button.hasAttribute("data-theme-choice")) choose("theme", button.getAttribute("data-theme-choice"));
      if (button.hasAttribute("data-text-choice")) choose("text", button.getAttribute("data-text-choice"));
    });
    // Closed by a tap anywhere else or by Escape, as a menu is.
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) { menu.open = false; menu.querySelector("summary").focus(); }
    });
    apply("theme");
    apply("text");
    menu.hidden = false;
  });
})();
