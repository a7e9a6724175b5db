"""Display benchmark: median ms to render one 800×480 frame of each sample screen (budget 8 ms).

Frames are rendered as the app redraws them: the same model again and again, so the text cache
is warm after the first frame (the budget is for steady redraws at 30 fps on a Pi).
"""

from __future__ import annotations

import os

from . import Figure, median_ms

BUDGET_MS = 8.0


def run(quick: bool) -> list[Figure]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display import screens
    from display.i18n import Lang
    from display.samples import all_samples

    pygame.display.init()
    surface = pygame.Surface((800, 480))
    figures = []
    for lang in ("en", "fa"):
        tongue = Lang.get(lang)
        for name, model in all_samples().items():
            ms = median_ms(
                lambda m=model, t=tongue: screens.render(surface, m, t),
                repeat=15 if quick else 100,
            )
            figures.append(Figure(f"frame {name} [{lang}]", ms, "ms", BUDGET_MS))
    return figures
