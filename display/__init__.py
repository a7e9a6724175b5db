"""pygame screens, widgets, fonts and translations; reads game views, decides nothing."""
