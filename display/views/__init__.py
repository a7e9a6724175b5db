"""View models: frozen plain values a screen draws, built from an engine's public view plus UI
state (which option is highlighted). The app builds them; screens only read them."""
