"""The app shell: the home page, the rules pages, the app files (manifest, service worker,
theme), keeping the screen awake, signing in, who may edit a game, the error pages, and the
one-view-two-answers rendering (a fragment for htmx, the whole page otherwise) every screen
uses. It knows no kept game and no question screen.
"""

from . import app_shell, home, rules, sign_in

__all__ = ["app_shell", "home", "rules", "sign_in"]
