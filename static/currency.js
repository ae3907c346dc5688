// The setup form's currency, guessed again from the browser's own locale: the server could
// only go by the language the request asked for. Which currency a country spends is the
// core's to say; the select carries its table (data-locales), so this file knows none.
// Only a form fresh from the server is guessed (data-guessed): a choice made is kept.
(function () {
  "use strict";

  function regionOf(tag, languages) {
    try {
      var region = new Intl.Locale(tag).maximize().region;
      if (region) { return region; }
    } catch (e) { /* no Intl.Locale here, or no tag: read the tag as the core does */ }
    var parts = tag.split(/[-_]/);
    var named = parts.slice(1).filter(function (part) { return /^[A-Za-z]{2}$/.test(part); });
    return named.length ? named[0].toUpperCase() : languages[parts[0].toLowerCase()];
  }

  function guess(root) {
    var select = root && root.querySelector && root.querySelector("select[data-guessed]");
    if (!select) { return; }
    select.removeAttribute("data-guessed");
    var locales = JSON.parse(select.getAttribute("data-locales"));
    var code = locales.regions[regionOf(navigator.language || "", locales.languages)];
    var offered = Array.prototype.some.call(select.options, function (option) {
      return option.value === code;
    });
    if (code && offered) { select.value = code; }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { guess(document); });
  } else {
    guess(document);
  }
  document.addEventListener("htmx:load", function (event) { guess(event.target); });
})();
