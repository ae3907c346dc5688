"""Draw the app's binary files once, with the Playwright chromium, to be committed:

- static/icons/icon-192.png and icon-512.png: static/favicon.svg drawn at the sizes a
  home screen asks a web manifest for (no image library is needed to draw an SVG);
  maskable-512.png and apple-touch-icon.png (180 px): the same drawn square to the edges,
  for launchers that cut their own shape (Android's circles) or fill corners black (iOS);
- static/awake.webm: a second of a black 16x16 picture, no sound, which a page that may
  not hold a wake lock (plain http) plays muted in a loop to keep the screen on.

Run from the checkout: .venv/bin/python tools/draw_app_files.py
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "static"
ICON_SIZES = (192, 512)
SQUARE_ICONS = {"maskable-512.png": 512, "apple-touch-icon.png": 180}

RECORD_A_SECOND = """async () => {
  const canvas = document.createElement("canvas");
  canvas.width = 16; canvas.height = 16;
  const drawing = canvas.getContext("2d");
  const stream = canvas.captureStream(10);
  const recorder = new MediaRecorder(stream, {mimeType: "video/webm;codecs=vp8",
                                              videoBitsPerSecond: 20000});
  const parts = [];
  recorder.ondataavailable = event => parts.push(event.data);
  const stopped = new Promise(resolve => { recorder.onstop = resolve; });
  recorder.start();
  for (let frame = 0; frame < 10; frame++) {
    drawing.fillStyle = "#000"; drawing.fillRect(0, 0, 16, 16);
    await new Promise(resolve => setTimeout(resolve, 100));
  }
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
  let text = "";
  bytes.forEach(b => { text += String.fromCharCode(b); });
  return btoa(text);
}"""


def draw(browser, svg: str, size: int, name: str) -> None:
    page = browser.new_page(viewport={"width": size, "height": size})
    page.set_content(
        "<html><body style='margin:0;background:transparent'>"
        f"<img src='data:image/svg+xml;base64,{base64.b64encode(svg.encode()).decode()}'"
        f" width='{size}' height='{size}' style='display:block'></body></html>")
    page.screenshot(path=str(STATIC / "icons" / name), omit_background=True)
    page.close()


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text()
    square = svg.replace(' rx="12"', "")
    assert square != svg, "favicon.svg's rounded corners are no longer where this expects"
    (STATIC / "icons").mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox", "--disable-gpu"])
        for size in ICON_SIZES:
            draw(browser, svg, size, f"icon-{size}.png")
        for name, size in SQUARE_ICONS.items():
            draw(browser, square, size, name)
        page = browser.new_page()
        page.set_content("<html><body></body></html>")
        (STATIC / "awake.webm").write_bytes(base64.b64decode(page.evaluate(RECORD_A_SECOND)))
        browser.close()


if __name__ == "__main__":
    main()
