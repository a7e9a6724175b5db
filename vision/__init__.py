"""OpenCV vision: frame -> readings (dice, tiles), teach profiles, the synthetic table renderer.

Knows no rules and imports nothing of the companion: numpy and cv2 only.
"""
